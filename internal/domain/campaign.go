package domain

import "time"

// CampaignSettings are the settings of a campaign a manager may change later.
type CampaignSettings struct {
	StartsAt  time.Time
	EndsAt    *time.Time
	Budget    int64
	Platforms []string // whose posts the campaign pays; none is every one
	Collabs   Collabs  // empty is hold
	// ShowRules: the creator portal shows the rules and the budget.
	ShowRules bool
	// VerifiedOnly: the lines of accounts not verified as their creator's
	// are held at the lock.
	VerifiedOnly bool
	// TaxFormRequired: the lines of payees without a tax form on file are
	// held at the lock.
	TaxFormRequired bool
}
