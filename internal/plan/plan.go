// Package plan is the plan catalogue: the one place that says what each plan
// allows. Billing changes which plan a workspace is on, never what a plan means.
package plan

import "time"

// Name identifies a plan.
type Name string

// The plans a workspace can be on.
const (
	Trial   Name = "trial"
	Starter Name = "starter"
	Growth  Name = "growth"
	Agency  Name = "agency"
)

// Plan is what one plan allows.
type Plan struct {
	Name Name `json:"name"`
	// VideoLimit caps tracked videos; an account counts its tracking limit.
	VideoLimit int `json:"videoLimit"`
	// SeatLimit caps members plus pending invites.
	SeatLimit int `json:"seatLimit"`
	// RefreshInterval is how often tracked items are scraped again.
	RefreshInterval time.Duration `json:"-"`
	// MaxPerAccount caps the tracking limit of a single account.
	MaxPerAccount int `json:"maxVideosPerAccount"`
	// Paid is false for the trial.
	Paid bool `json:"paid"`
}

// TrialLength is how long a new workspace's trial runs.
const TrialLength = 7 * 24 * time.Hour

// DefaultAccountTrackingLimit is the tracking limit a new account gets.
const DefaultAccountTrackingLimit = 30

var catalogue = map[Name]Plan{
	Trial:   {Name: Trial, VideoLimit: 50, SeatLimit: 1, RefreshInterval: 24 * time.Hour, MaxPerAccount: 30},
	Starter: {Name: Starter, VideoLimit: 250, SeatLimit: 2, RefreshInterval: 24 * time.Hour, MaxPerAccount: 50, Paid: true},
	Growth:  {Name: Growth, VideoLimit: 1000, SeatLimit: 5, RefreshInterval: 6 * time.Hour, MaxPerAccount: 100, Paid: true},
	Agency:  {Name: Agency, VideoLimit: 5000, SeatLimit: 15, RefreshInterval: time.Hour, MaxPerAccount: 200, Paid: true},
}

// Lookup returns the plan called name.
func Lookup(name Name) (Plan, bool) {
	p, ok := catalogue[name]
	return p, ok
}

// MustLookup returns the plan called name and panics on an unknown name; use
// it only on names read back from the database, which a CHECK constrains.
func MustLookup(name Name) Plan {
	p, ok := catalogue[name]
	if !ok {
		panic("plan: unknown plan " + string(name))
	}
	return p
}

// All returns the plans from the smallest to the largest.
func All() []Plan {
	return []Plan{catalogue[Trial], catalogue[Starter], catalogue[Growth], catalogue[Agency]}
}

// HasAccess reports whether a workspace may use the dashboard's paid features:
// its stored access flag (cleared when a subscription ends), on the trial a
// trial that has not yet ended, and, while a subscription is past due, a
// grace period that has not yet ended (graceEndsAt nil: no grace period
// running).
func HasAccess(name Name, accessFlag bool, trialEndsAt, graceEndsAt *time.Time, now time.Time) bool {
	if !accessFlag {
		return false
	}
	if graceEndsAt != nil && !now.Before(*graceEndsAt) {
		return false
	}
	if name == Trial {
		return trialEndsAt != nil && now.Before(*trialEndsAt)
	}
	return true
}
