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

	// never scraped, beside older items that owe nothing
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemError, CreatedAt: ago(5 * time.Hour)})
	env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemPaused, CreatedAt: ago(10 * time.Hour)})
	parent := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, CreatedAt: ago(20 * time.Hour), LastScrapedAt: ago(time.Minute)})
	env.Exec(t, `UPDATE accounts SET next_refresh_at = $2 WHERE id = $1`, parent, now.Add(time.Hour))
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
	planned := env.Video(t, ws, testenv.VideoOptions{Platform: platform.YouTube, Status: domain.ItemActive, CreatedAt: ago(48 * time.Hour), LastScrapedAt: ago(2 * time.Hour)})
	env.Exec(t, `UPDATE videos SET next_refresh_at = $2, refresh_queued_at = $3 WHERE id = $1`, planned, ago(90*time.Minute), ago(80*time.Minute))
	stale := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, CreatedAt: ago(48 * time.Hour), LastScrapedAt: ago(30 * time.Minute)})
	env.Exec(t, `UPDATE accounts SET next_refresh_at = $2 WHERE id = $1`, stale, ago(5*time.Hour))
	if o := oldest(ws); o == nil || o.ID != planned || o.Kind != platform.Video || !o.DueAt.Equal(ago(90*time.Minute)) {
		t.Fatalf("oldest overdue %+v, want the video due at its plan, 90 min ago", o)
	}
	// scraped and not planned since: due an hour after
	env.Exec(t, `UPDATE videos SET next_refresh_at = NULL WHERE id = $1`, planned)
	if o := oldest(ws); o == nil || o.ID != planned || !o.DueAt.Equal(ago(time.Hour)) {
		t.Fatalf("oldest overdue %+v, want the video due an hour after its last scrape", o)
	}

	// beyond the video limit: the newest items the limit leaves out owe nothing
	ws = env.Workspace(t, testenv.WorkspaceOptions{VideoLimit: 1})
	fits := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive, CreatedAt: ago(5 * time.Hour), LastScrapedAt: ago(10 * time.Minute)})
	env.Exec(t, `UPDATE videos SET next_refresh_at = $2 WHERE id = $1`, fits, now.Add(50*time.Minute))
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
