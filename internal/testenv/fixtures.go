package testenv

import (
	"cmp"
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// WorkspaceOptions shapes a workspace. The zero value is a workspace named
// "w" on the agency plan, with the plan's limits and access.
type WorkspaceOptions struct {
	Name string    // "w" when empty
	Plan plan.Name // plan.Agency when empty
	// VideoLimit and SeatLimit are the plan's when 0.
	VideoLimit, SeatLimit int
	// OwnerEmail is the owner's address; "<owner id>@example.com" when empty.
	OwnerEmail string
	// TrialEndsAt is the end of a trial; nil: none (then no access).
	TrialEndsAt *time.Time
	// NoAccess clears the stored access flag, as an ended subscription does.
	NoAccess bool
}

// Workspace records a user and a workspace it owns.
func (e *Env) Workspace(t testing.TB, o WorkspaceOptions) uuid.UUID {
	t.Helper()
	o.Name = cmp.Or(o.Name, "w")
	o.Plan = cmp.Or(o.Plan, plan.Agency)
	p, ok := plan.Lookup(o.Plan)
	if !ok {
		t.Fatalf("testenv: no plan %q", o.Plan)
	}
	o.VideoLimit = cmp.Or(o.VideoLimit, p.VideoLimit)
	o.SeatLimit = cmp.Or(o.SeatLimit, p.SeatLimit)
	owner, ws := uuid.New(), uuid.New()
	o.OwnerEmail = cmp.Or(o.OwnerEmail, owner.String()+"@example.com")
	e.Exec(t, `INSERT INTO users (id, email) VALUES ($1, $2)`, owner, o.OwnerEmail)
	e.Exec(t, `INSERT INTO workspaces (id, name, owner_id, plan, video_limit, seat_limit, trial_ends_at, has_access)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, ws, o.Name, owner, string(o.Plan), o.VideoLimit, o.SeatLimit, o.TrialEndsAt, !o.NoAccess)
	e.Exec(t, `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)`, ws, owner, string(domain.RoleOwner))
	return ws
}

// Owner is the id of the workspace's owner.
func (e *Env) Owner(t testing.TB, ws uuid.UUID) uuid.UUID {
	t.Helper()
	var owner uuid.UUID
	if err := e.PG.QueryRow(context.Background(), `SELECT owner_id FROM workspaces WHERE id = $1`, ws).Scan(&owner); err != nil {
		t.Fatalf("testenv: owner of workspace %s: %v", ws, err)
	}
	return owner
}

// UserOptions shapes a user; the zero value is unverified, without a
// password, in no workspace.
type UserOptions struct {
	Email string // "<id>@example.com" when empty
	// Verified marks the address verified (an invite needs it).
	Verified bool
	// PasswordHash is the stored hash; none when empty (an external sign-in).
	PasswordHash string
}

// User records a user and returns its id.
func (e *Env) User(t testing.TB, o UserOptions) uuid.UUID {
	t.Helper()
	id := uuid.New()
	o.Email = cmp.Or(o.Email, id.String()+"@example.com")
	var verified *time.Time
	if o.Verified {
		now := time.Now()
		verified = &now
	}
	e.Exec(t, `INSERT INTO users (id, email, email_verified_at, password_hash) VALUES ($1, $2, $3, $4)`,
		id, o.Email, verified, nullString(o.PasswordHash))
	return id
}

// Member records a user of the workspace with the role.
func (e *Env) Member(t testing.TB, ws, user uuid.UUID, role domain.Role) {
	t.Helper()
	e.Exec(t, `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)`, ws, user, string(role))
}

// Collection records a collection of the workspace and returns its id.
func (e *Env) Collection(t testing.TB, ws uuid.UUID, name string) uuid.UUID {
	t.Helper()
	id := uuid.New()
	e.Exec(t, `INSERT INTO collections (id, workspace_id, name) VALUES ($1, $2, $3)`, id, ws, name)
	return id
}

// AccountOptions shapes a tracked account; the zero value is a pending
// TikTok account with the default tracking limit, never scraped.
type AccountOptions struct {
	Platform platform.Platform // platform.TikTok when empty
	Handle   string            // "acc_" and 8 characters of its id when empty
	URL      string            // the profile's URL when empty
	Status   domain.Item       // domain.ItemPending when empty
	// TrackingLimit is plan.DefaultAccountTrackingLimit when 0.
	TrackingLimit int
	CollectionID  *uuid.UUID
	DisplayName   string
	// CreatedAt is when it was tracked; now when zero.
	CreatedAt time.Time
	// LastScrapedAt is NULL when zero: never scraped.
	LastScrapedAt time.Time
}

var profileURL = map[platform.Platform]string{
	platform.TikTok:    "https://www.tiktok.com/@%s",
	platform.Instagram: "https://www.instagram.com/%s/",
	platform.YouTube:   "https://www.youtube.com/@%s",
	platform.X:         "https://x.com/%s",
}

// Account records a tracked account of the workspace and returns its id.
func (e *Env) Account(t testing.TB, ws uuid.UUID, o AccountOptions) uuid.UUID {
	t.Helper()
	id := uuid.New()
	o.Platform = cmp.Or(o.Platform, platform.TikTok)
	o.Handle = cmp.Or(o.Handle, "acc_"+id.String()[:8])
	o.URL = cmp.Or(o.URL, fmt.Sprintf(profileURL[o.Platform], o.Handle))
	o.Status = cmp.Or(o.Status, domain.ItemPending)
	o.TrackingLimit = cmp.Or(o.TrackingLimit, plan.DefaultAccountTrackingLimit)
	if o.CreatedAt.IsZero() {
		o.CreatedAt = time.Now()
	}
	e.Exec(t, `INSERT INTO accounts (id, workspace_id, platform, handle, url, status, tracking_limit, collection_id, display_name,
			created_at, last_scraped_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, id, ws, string(o.Platform), o.Handle, o.URL, string(o.Status),
		o.TrackingLimit, o.CollectionID, o.DisplayName, o.CreatedAt, nullTime(o.LastScrapedAt))
	return id
}

// VideoOptions shapes a tracked video; the zero value is a pending TikTok
// video tracked by link, never scraped, with no publication time.
type VideoOptions struct {
	Platform   platform.Platform // platform.TikTok when empty
	PlatformID string            // the video's id when empty
	URL        string            // a link to the video when empty
	// AccountID is the account the video was found through; uuid.Nil: none.
	AccountID     uuid.UUID
	AccountHandle string
	// ByLink marks a video of an account as tracked by its own link too.
	ByLink       bool
	CollectionID *uuid.UUID
	Status       domain.Item // domain.ItemPending when empty
	// PostKind is the kind of post, as the provider's item said;
	// domain.KindOwn when empty.
	PostKind domain.PostKind
	Caption  string
	// IsShop is NULL when nil: not known.
	IsShop *bool
	// CreatedAt is when it was tracked; now when zero.
	CreatedAt time.Time
	// PublishedAt and LastScrapedAt are NULL when zero.
	PublishedAt, LastScrapedAt time.Time
}

var videoURL = map[platform.Platform]string{
	platform.TikTok:    "https://www.tiktok.com/@user/video/%s",
	platform.Instagram: "https://www.instagram.com/reel/%s/",
	platform.YouTube:   "https://www.youtube.com/shorts/%s",
	platform.X:         "https://x.com/user/status/%s",
}

// Video records a tracked video of the workspace and returns its id.
func (e *Env) Video(t testing.TB, ws uuid.UUID, o VideoOptions) uuid.UUID {
	t.Helper()
	id := uuid.New()
	o.Platform = cmp.Or(o.Platform, platform.TikTok)
	o.PlatformID = cmp.Or(o.PlatformID, id.String())
	o.URL = cmp.Or(o.URL, fmt.Sprintf(videoURL[o.Platform], o.PlatformID))
	o.Status = cmp.Or(o.Status, domain.ItemPending)
	o.PostKind = cmp.Or(o.PostKind, domain.KindOwn)
	var account *uuid.UUID
	if o.AccountID != uuid.Nil {
		account = &o.AccountID
	}
	if o.CreatedAt.IsZero() {
		o.CreatedAt = time.Now()
	}
	e.Exec(t, `INSERT INTO videos (id, workspace_id, platform, platform_video_id, url, account_id, account_handle, collection_id,
			caption, is_shop, published_at, tracked_individually, status, created_at, last_scraped_at, post_kind)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)`, id, ws, string(o.Platform), o.PlatformID, o.URL, account,
		o.AccountHandle, o.CollectionID, o.Caption, o.IsShop, nullTime(o.PublishedAt), account == nil || o.ByLink, string(o.Status),
		o.CreatedAt, nullTime(o.LastScrapedAt), string(o.PostKind))
	return id
}

// JobOptions shapes a scrape job; the zero value is a queued TikTok refresh
// job without run or targets, created now.
type JobOptions struct {
	ID       uuid.UUID         // a new id when uuid.Nil
	Platform platform.Platform // platform.TikTok when empty
	Actor    string            // "actor" when empty
	Input    []byte            // {} when empty
	Reason   string            // track, refresh or manual; refresh when empty
	Status   domain.Job        // domain.JobQueued when empty
	// RunID and DatasetID are the provider's run; NULL when empty.
	RunID, DatasetID string
	Error            string
	Attempts         int
	// CreatedAt and UpdatedAt are now when zero.
	CreatedAt, UpdatedAt time.Time
	// GivenUpAt and ScrapedAt are NULL when zero.
	GivenUpAt, ScrapedAt time.Time
	Targets              []JobTarget
}

// JobTarget is an item a scrape job refreshes.
type JobTarget struct {
	Kind platform.Kind
	ID   uuid.UUID
}

// Job records a scrape job with its targets and returns its id.
func (e *Env) Job(t testing.TB, ws uuid.UUID, o JobOptions) uuid.UUID {
	t.Helper()
	if o.ID == uuid.Nil {
		o.ID = uuid.New()
	}
	o.Platform = cmp.Or(o.Platform, platform.TikTok)
	o.Actor = cmp.Or(o.Actor, "actor")
	if len(o.Input) == 0 {
		o.Input = []byte("{}")
	}
	o.Reason = cmp.Or(o.Reason, "refresh")
	o.Status = cmp.Or(o.Status, domain.JobQueued)
	if o.CreatedAt.IsZero() {
		o.CreatedAt = time.Now()
	}
	if o.UpdatedAt.IsZero() {
		o.UpdatedAt = time.Now()
	}
	e.Exec(t, `INSERT INTO scrape_jobs (id, workspace_id, platform, actor, input, reason, status, provider_run_id, dataset_id,
			error, attempts, created_at, updated_at, given_up_at, scraped_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`, o.ID, ws, string(o.Platform), o.Actor, string(o.Input), o.Reason,
		string(o.Status), nullString(o.RunID), nullString(o.DatasetID), o.Error, o.Attempts, o.CreatedAt, o.UpdatedAt,
		nullTime(o.GivenUpAt), nullTime(o.ScrapedAt))
	for _, tg := range o.Targets {
		e.Exec(t, `INSERT INTO scrape_job_targets (job_id, entity_kind, entity_id) VALUES ($1, $2, $3)`, o.ID, string(tg.Kind), tg.ID)
	}
	return o.ID
}

func nullTime(at time.Time) *time.Time {
	if at.IsZero() {
		return nil
	}
	return &at
}

func nullString(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
