package health_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/health"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// TestOldestOverdueFollowsTheRefresh: the oldest overdue item is the one
// the refresh owes a scrape longest, by the rule the refresh plans with:
// never scraped, due since tracked; planned since its last scrape, due at
// the plan, queued or not; scraped and not planned since, due an hour
// after; failing items, paused ones, videos scraped with their account,
// items beyond the video limit and workspaces without access owe none.
// The banner says stopped only when the workspace has gone as long without
// a scrape.
func TestOldestOverdueFollowsTheRefresh(t *testing.T) {
	t.Parallel()
	now := time.Now().UTC().Truncate(time.Second)
	h := health.HealthHandler{DB: env.PG, Now: func() time.Time { return now }}
	oldest := func(ws uuid.UUID) *health.OverdueItem {
		t.Helper()
		got, err := h.Handle(t.Context(), health.Ask{WorkspaceID: ws, Role: domain.RoleOwner})
		if err != nil {
			t.Fatal(err)
		}
		return got.OldestOverdue
	}
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	// planned stores a refresh's plan as the refresh does: the next scrape
	// an interval after the last one
	planned := func(table string, id uuid.UUID, interval time.Duration) {
		t.Helper()
		env.Exec(t, `UPDATE `+table+` SET refresh_reason = 'settled', refresh_interval_secs = $2::integer,
			next_refresh_at = last_scraped_at + make_interval(secs => $2) WHERE id = $1`, id, int(interval.Seconds()))
	}

	// never scraped, beside older items that owe nothing
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemError, CreatedAt: ago(5 * time.Hour)})
	env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemPaused, CreatedAt: ago(10 * time.Hour)})
	parent := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, CreatedAt: ago(20 * time.Hour), LastScrapedAt: ago(time.Minute)})
	planned("accounts", parent, time.Hour)
	env.Video(t, ws, testenv.VideoOptions{AccountID: parent, CreatedAt: ago(8 * time.Hour)})
	due := env.Account(t, ws, testenv.AccountOptions{Platform: platform.Instagram, Handle: "due.one", CreatedAt: ago(3 * time.Hour)})
	if o := oldest(ws); o == nil || o.ID != due || o.Kind != platform.Account || o.Platform != platform.Instagram || o.Handle != "due.one" ||
		!o.DueAt.Equal(ago(3*time.Hour)) || o.LateSeconds != 3*3600 {
		t.Fatalf("oldest overdue %+v, want the account never scraped, due 3 h ago", o)
	}
	// the banner: stopped once the workspace has gone an hour without a scrape
	for _, c := range []struct {
		scraped *time.Time
		want    string
	}{{nil, health.CollectionStopped}, {ptr(ago(2 * time.Hour)), health.CollectionStopped}, {ptr(ago(10 * time.Minute)), health.CollectionOK}} {
		b, err := health.SummaryHandler{DB: env.PG, Now: func() time.Time { return now }}.Handle(t.Context(),
			health.Ask{WorkspaceID: ws, Role: domain.RoleMember, ScrapedUntil: c.scraped})
		if err != nil {
			t.Fatal(err)
		}
		if b.Collection != c.want || (c.want == health.CollectionStopped) != (b.OverdueSince != nil) || b.Provider != health.ProviderNotConfigured {
			t.Errorf("last scrape %v: banner %+v, want %s", c.scraped, b, c.want)
		}
	}

	// planned since the last scrape: due at the plan, queued or not; a plan
	// older than the last scrape is not read
	ws = env.Workspace(t, testenv.WorkspaceOptions{})
	video := env.Video(t, ws, testenv.VideoOptions{Platform: platform.YouTube, Status: domain.ItemActive, CreatedAt: ago(48 * time.Hour), LastScrapedAt: ago(2 * time.Hour)})
	planned("videos", video, 30*time.Minute)
	env.Exec(t, `UPDATE videos SET refresh_queued_at = $2 WHERE id = $1`, video, ago(80*time.Minute))
	// scraped since its plan (a plan 5 h old): due its plan's interval after
	stale := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, CreatedAt: ago(48 * time.Hour), LastScrapedAt: ago(30 * time.Minute)})
	env.Exec(t, `UPDATE accounts SET refresh_reason = 'settled', refresh_interval_secs = 3600, next_refresh_at = $2 WHERE id = $1`, stale, ago(5*time.Hour))
	if o := oldest(ws); o == nil || o.ID != video || o.Kind != platform.Video || !o.DueAt.Equal(ago(90*time.Minute)) {
		t.Fatalf("oldest overdue %+v, want the video due at its plan, 90 min ago", o)
	}
	// scraped, never planned since: due an hour after
	env.Exec(t, `UPDATE videos SET next_refresh_at = NULL, refresh_reason = NULL, refresh_interval_secs = NULL WHERE id = $1`, video)
	if o := oldest(ws); o == nil || o.ID != video || !o.DueAt.Equal(ago(time.Hour)) {
		t.Fatalf("oldest overdue %+v, want the video due an hour after its last scrape", o)
	}
	// the account's plan's interval passes
	env.Exec(t, `UPDATE accounts SET last_scraped_at = $2 WHERE id = $1`, stale, ago(3*time.Hour))
	if o := oldest(ws); o == nil || o.ID != stale || !o.DueAt.Equal(ago(2*time.Hour)) {
		t.Fatalf("oldest overdue %+v, want the account due an hour after its last scrape, by its plan's interval", o)
	}

	// queued long ago and scraped since, on pages ahead of the one overdue
	// item: the read goes past them
	ws = env.Workspace(t, testenv.WorkspaceOptions{})
	env.Exec(t, `INSERT INTO videos (id, workspace_id, platform, platform_video_id, url, tracked_individually, status, created_at,
			last_scraped_at, refresh_queued_at, refresh_reason, refresh_interval_secs, next_refresh_at)
		SELECT gen_random_uuid(), $1, 'tiktok', 'q' || g, 'https://www.tiktok.com/@q/video/' || g, true, 'active', $2, $3::timestamptz, $4, 'settled', 3600, $3::timestamptz + interval '1 hour'
		FROM generate_series(1, 3 * 64) g`, ws, ago(48*time.Hour), ago(10*time.Minute), ago(5*time.Hour))
	late := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive, CreatedAt: ago(48 * time.Hour), LastScrapedAt: ago(90 * time.Minute)})
	planned("videos", late, time.Hour)
	if o := oldest(ws); o == nil || o.ID != late || !o.DueAt.Equal(ago(30*time.Minute)) {
		t.Fatalf("oldest overdue %+v, want the video due 30 min ago, behind 192 queued ones", o)
	}

	// beyond the video limit: the newest items the limit leaves out owe nothing
	ws = env.Workspace(t, testenv.WorkspaceOptions{VideoLimit: 1})
	fits := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive, CreatedAt: ago(5 * time.Hour), LastScrapedAt: ago(10 * time.Minute)})
	planned("videos", fits, time.Hour)
	env.Video(t, ws, testenv.VideoOptions{CreatedAt: ago(3 * time.Hour)})
	if o := oldest(ws); o != nil {
		t.Fatalf("oldest overdue %+v, want none: the video due is beyond the limit", o)
	}

	// without access, nothing is refreshed, so nothing is overdue
	ws = env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Trial, TrialEndsAt: ptr(ago(time.Hour))})
	env.Account(t, ws, testenv.AccountOptions{CreatedAt: ago(3 * time.Hour)})
	if o := oldest(ws); o != nil {
		t.Fatalf("oldest overdue %+v of a workspace whose trial ended, want none", o)
	}
}

// TestHealthPageIsForManagers: a member is refused the page.
func TestHealthPageIsForManagers(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	_, err := health.HealthHandler{DB: env.PG, Now: time.Now}.Handle(t.Context(), health.Ask{WorkspaceID: ws, Role: domain.RoleMember})
	if err == nil {
		t.Fatal("a member read the health page")
	}
	for _, role := range []domain.Role{domain.RoleOwner, domain.RoleAdmin} {
		if _, err := (health.HealthHandler{DB: env.PG, Now: time.Now}).Handle(t.Context(), health.Ask{WorkspaceID: ws, Role: role}); err != nil {
			t.Fatalf("%s: %v", role, err)
		}
	}
}

func ptr[T any](v T) *T { return &v }
