package health

import (
	"context"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// Window is how far back the failure rates and the given-up e-mails and
// deliveries are counted.
const Window = 24 * time.Hour

// WorkspaceHealth is the health page: the banner's state and what it is made of.
type WorkspaceHealth struct {
	CheckedAt time.Time `json:"checkedAt"`
	// WindowHours is the span of the failure rates and the given-up counts.
	WindowHours int `json:"windowHours"`
	// StoppedAfterMinutes is how long an item may be overdue, and the
	// workspace go without a scrape, before collection counts as stopped.
	StoppedAfterMinutes int               `json:"stoppedAfterMinutes"`
	Summary             HealthBanner      `json:"summary"`
	Platforms           []PlatformScrapes `json:"platforms"`
	Queue               ScrapeQueue       `json:"queue"`
	OldestOverdue       *OverdueItem      `json:"oldestOverdue"`
	Steps               []CronStepRun     `json:"steps"`
	Mail                MailBacklog       `json:"mail"`
	Channels            ChannelBacklog    `json:"channels"`
	Provider            ProviderHealth    `json:"provider"`
}

// Ask asks for a workspace's health.
type Ask struct {
	WorkspaceID uuid.UUID
	Role        domain.Role
	// ScrapedUntil is the workspace's latest scrape recorded
	// (workspaces.scraped_until), which the caller's membership carries.
	ScrapedUntil *time.Time
	// ProviderAccount names the scraping provider's account whose pauses
	// count (ingest.Client.Account); "" when no provider is configured.
	ProviderAccount string
}

// HealthHandler reads the health page.
type HealthHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// Handle answers the page; 403 unless an owner or admin asks.
func (h HealthHandler) Handle(ctx context.Context, a Ask) (WorkspaceHealth, error) {
	if !a.Role.Manages() {
		return WorkspaceHealth{}, authz.Refused("see the workspace's health")
	}
	now := h.Now()
	out := WorkspaceHealth{
		CheckedAt: now.UTC(), WindowHours: int(Window / time.Hour), StoppedAfterMinutes: int(StoppedAfter / time.Minute),
	}
	var (
		pauses      []ProviderRefusal
		fails       []platform.Platform
		lastFailure *time.Time
	)
	err := fanout.All(
		func() (err error) {
			out.Platforms, err = readPlatforms(ctx, h.DB, a.WorkspaceID, now)
			return err
		},
		func() (err error) { out.Queue, err = readQueue(ctx, h.DB, a.WorkspaceID); return err },
		func() (err error) {
			out.OldestOverdue, err = oldestOverdue(ctx, h.DB, a.WorkspaceID, now, now)
			return err
		},
		func() (err error) { out.Steps, err = readSteps(ctx, h.DB, now); return err },
		func() (err error) { out.Mail, err = readMail(ctx, h.DB, a.WorkspaceID, now); return err },
		func() (err error) {
			out.Channels, err = readChannels(ctx, h.DB, a.WorkspaceID, now)
			return err
		},
		func() (err error) { pauses, err = readPauses(ctx, h.DB, a.ProviderAccount); return err },
		func() (err error) { fails, lastFailure, err = failing(ctx, h.DB, a.WorkspaceID, now); return err },
	)
	if err != nil {
		return WorkspaceHealth{}, err
	}
	out.Provider = providerHealth(a.ProviderAccount, pauses)
	var due *time.Time
	if out.OldestOverdue != nil {
		due = &out.OldestOverdue.DueAt
	}
	out.Summary = banner(a.ScrapedUntil, due, fails, lastFailure, out.Provider, now)
	return out, nil
}
