// Package plan is the plan catalogue: the one place that says what each plan
// allows. Billing changes which plan a workspace is on, never what a plan means.
package plan

import (
	"fmt"
	"time"
)

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
	Name            Name          `json:"name"`
	VideoLimit      int           `json:"videoLimit"` // an account counts its tracking limit
	SeatLimit       int           `json:"seatLimit"`  // members plus pending invites
	RefreshInterval time.Duration `json:"-"`
	MaxPerAccount   int           `json:"maxVideosPerAccount"` // an account's tracking limit
	// ScrapeBudget caps the snapshots the scheduled refresh spends over any 24
	// hours; first scrapes and manual refreshes are outside it.
	ScrapeBudget          int  `json:"scrapeBudget"`
	ManualRefreshesPerDay int  `json:"manualRefreshesPerDay"` // over any 24 hours
	Paid                  bool `json:"paid"`
}

// LiveSubscriptionStatuses are the payment provider's subscription
// statuses that give access (past_due until its grace period ends).
var LiveSubscriptionStatuses = []string{"active", "trialing", "past_due"}

// TrialLength is how long a new workspace's trial runs.
const TrialLength = 7 * 24 * time.Hour

// DefaultAccountTrackingLimit is the tracking limit a new account gets.
const DefaultAccountTrackingLimit = 30

var catalogue = withBudgets(map[Name]Plan{
	Trial:   {Name: Trial, VideoLimit: 50, SeatLimit: 2, RefreshInterval: 24 * time.Hour, MaxPerAccount: 30, ManualRefreshesPerDay: 25},
	Starter: {Name: Starter, VideoLimit: 250, SeatLimit: 2, RefreshInterval: 24 * time.Hour, MaxPerAccount: 50, ManualRefreshesPerDay: 100, Paid: true},
	Growth:  {Name: Growth, VideoLimit: 1000, SeatLimit: 5, RefreshInterval: 6 * time.Hour, MaxPerAccount: 100, ManualRefreshesPerDay: 500, Paid: true},
	Agency:  {Name: Agency, VideoLimit: 5000, SeatLimit: 15, RefreshInterval: time.Hour, MaxPerAccount: 200, ManualRefreshesPerDay: 2500, Paid: true},
})

// withBudgets sets the budgets: 50, 250, 4,000 and 120,000 a day.
func withBudgets(plans map[Name]Plan) map[Name]Plan {
	for name, p := range plans {
		p.ScrapeBudget = p.BudgetFor(p.VideoLimit)
		plans[name] = p
	}
	return plans
}

// BudgetFor is the scrape budget of a workspace of videoLimit: videoLimit
// snapshots every RefreshInterval.
func (p Plan) BudgetFor(videoLimit int) int {
	return videoLimit * int(24*time.Hour/p.RefreshInterval)
}

// Lookup returns the plan called name.
func Lookup(name Name) (Plan, bool) {
	p, ok := catalogue[name]
	return p, ok
}

// Stored returns the plan a row names; an unknown one (a newer database) errs.
func Stored(name string) (Plan, error) {
	p, ok := catalogue[Name(name)]
	if !ok {
		return Plan{}, fmt.Errorf("plan: the database names an unknown plan %q", name)
	}
	return p, nil
}

// All returns the plans from the smallest to the largest.
func All() []Plan {
	return []Plan{catalogue[Trial], catalogue[Starter], catalogue[Growth], catalogue[Agency]}
}

// AccessSQL is HasAccess over a workspaces row w, $1 now; never NULL.
const AccessSQL = `(w.has_access AND (w.plan <> '` + string(Trial) + `' OR coalesce(w.trial_ends_at > $1, false))
	AND (w.grace_ends_at IS NULL OR w.grace_ends_at > $1))`

// HasAccess reports whether a workspace may use the paid features: its
// access flag, and a trial or past-due grace period not ended.
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
