package query

// EngagementRate is interactions per view in percent: nil without views.
func EngagementRate(interactions, views uint64) *float64 {
	if views == 0 {
		return nil
	}
	r := float64(interactions) * 100 / float64(views)
	return &r
}
