package numbers

import "github.com/reeltrack/reeltrack/query/chread"

// EngagementRate is interactions per view in percent: nil without views.
func EngagementRate(interactions, views uint64) *float64 {
	if views == 0 {
		return nil
	}
	r := float64(interactions) * 100 / float64(views)
	return &r
}

// rated: views above 0 and likes recorded (hidden likes would rate near 0).
func rated(m chread.Counts) bool {
	return m.Views != nil && *m.Views > 0 && m.Likes != nil
}

func videoEngagement(m chread.Counts) *float64 {
	if !rated(m) {
		return nil
	}
	return EngagementRate(m.Interactions(), *m.Views)
}
