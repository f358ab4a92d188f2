package health

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// StoppedAfter is how long an item may be overdue, and a workspace go
// without a scrape recorded, before its collection counts as stopped. The
// refresh runs every minute by default and a run takes minutes, so a
// working service is never this late; a workspace scraped once a day
// often goes this long without a scrape, but then nothing is overdue.
const StoppedAfter = time.Hour

// The states of the banner.
const (
	CollectionOK      = "ok"
	CollectionStopped = "stopped"
	CollectionFailing = "failing"

	ProviderOK            = "ok"
	ProviderRefusing      = "refusing"
	ProviderNotConfigured = "not_configured"
)

// HealthBanner is what every page of the dashboard shows: whether
// collection has stopped and whether the scraping provider refuses runs.
// It says nothing of another workspace and nothing secret, so every member
// may read it.
type HealthBanner struct {
	// Collection is "stopped" when an item has been due for longer than
	// StoppedAfter and no scrape of the workspace has been recorded for as
	// long; else "failing" when the runs of a platform have failed again
	// and again within StoppedAfter and none of its scrapes was recorded
	// for as long (FailingPlatforms); "ok" otherwise.
	Collection string `json:"collection"`
	// FailingPlatforms are the platforms whose collection fails, whatever
	// Collection says; LastFailureAt is the latest of their failures.
	FailingPlatforms []platform.Platform `json:"failingPlatforms"`
	LastFailureAt    *time.Time          `json:"lastFailureAt"`
	// LastScrapeAt is the time of the workspace's latest scrape recorded.
	LastScrapeAt *time.Time `json:"lastScrapeAt"`
	// OverdueSince is when the oldest overdue item fell due, while stopped.
	OverdueSince *time.Time `json:"overdueSince"`
	// Provider is "refusing" while starting runs is paused because the
	// provider refused them (the pause lasts until a start succeeds).
	Provider string `json:"provider"`
	// ProviderKind is why, while refusing: credentials, credit or actor.
	ProviderKind *string `json:"providerKind"`
}

// SummaryHandler reads the banner: cheap enough for every page, as the
// items are read only when the workspace has gone StoppedAfter without a
// scrape, and then only those that may have been due for as long.
type SummaryHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// Handle answers the banner of a workspace; any member may ask.
func (h SummaryHandler) Handle(ctx context.Context, a Ask) (HealthBanner, error) {
	now := h.Now()
	pauses, err := readPauses(ctx, h.DB, a.ProviderAccount)
	if err != nil {
		return HealthBanner{}, err
	}
	fails, lastFailure, err := failing(ctx, h.DB, a.WorkspaceID, now)
	if err != nil {
		return HealthBanner{}, err
	}
	var due *time.Time
	if !scrapedSince(a.ScrapedUntil, now) {
		item, err := oldestOverdue(ctx, h.DB, a.WorkspaceID, now, now.Add(-StoppedAfter))
		if err != nil {
			return HealthBanner{}, err
		}
		if item != nil {
			due = &item.DueAt
		}
	}
	return banner(a.ScrapedUntil, due, fails, lastFailure, providerHealth(a.ProviderAccount, pauses), now), nil
}

// scrapedSince tells whether the workspace's latest scrape is within StoppedAfter of now.
func scrapedSince(last *time.Time, now time.Time) bool {
	return last != nil && last.After(now.Add(-StoppedAfter))
}

// banner is the banner's state from the latest scrape, the oldest overdue
// item's due time (nil: none), the failing platforms with their latest
// failure, and the provider's state.
func banner(last, overdue *time.Time, fails []platform.Platform, lastFailure *time.Time, p ProviderHealth, now time.Time) HealthBanner {
	b := HealthBanner{Collection: CollectionOK, LastScrapeAt: utc(last), FailingPlatforms: fails, LastFailureAt: utc(lastFailure), Provider: p.State}
	if b.FailingPlatforms == nil {
		b.FailingPlatforms = []platform.Platform{}
	}
	switch {
	case overdue != nil && overdue.Before(now.Add(-StoppedAfter)) && !scrapedSince(last, now):
		b.Collection, b.OverdueSince = CollectionStopped, utc(overdue)
	case len(fails) > 0:
		b.Collection = CollectionFailing
	}
	if p.State == ProviderRefusing {
		kind := p.Pauses[0].Kind
		b.ProviderKind = &kind
	}
	return b
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
