package analytics_test

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/projections/analytics"
	"github.com/reeltrack/reeltrack/schema"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

func db() string { return schema.AnalyticsDatabase(env.CHOptions.Database) }

// workspace records a workspace on the growth plan.
func workspace(t testing.TB) uuid.UUID {
	t.Helper()
	return env.Workspace(t, testenv.WorkspaceOptions{Name: "Acme", Plan: plan.Growth, VideoLimit: 500})
}

func sync(t *testing.T) analytics.Synced {
	t.Helper()
	res, err := analytics.Sync(context.Background(), env.PG, env.CH, db())
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// rows reads a query's rows as text, each column joined by a space.
func rows(t *testing.T, sql string, args ...any) []string {
	t.Helper()
	return rowsOn(t, env.CH, sql, args...)
}

// rowsOn is rows on another connection.
func rowsOn(t *testing.T, conn driver.Conn, sql string, args ...any) []string {
	t.Helper()
	r, err := conn.Query(context.Background(), strings.ReplaceAll(sql, "A.", db()+"."), args...)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var out []string
	for r.Next() {
		var s string
		if err := r.Scan(&s); err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func TestDimensionsFollowWrites(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	sync(t)
	if got := rows(t, `SELECT concat(name, ' ', plan, ' ', toString(video_limit)) FROM A.workspaces WHERE workspace_id = ?`, ws); len(got) != 1 || got[0] != "Acme growth 500" {
		t.Fatalf("workspaces: %q", got)
	}

	// create and rename a collection
	created, err := collections.CreateCollectionHandler{DB: env.PG}.Handle(ctx, collections.CreateCollection{WorkspaceID: ws, Name: "Launch"})
	if err != nil {
		t.Fatal(err)
	}
	sync(t)
	if err := (collections.ManageCollectionHandler{DB: env.PG}).Rename(ctx, collections.RenameCollection{WorkspaceID: ws, ID: created.ID, Name: "Spring launch"}); err != nil {
		t.Fatal(err)
	}
	sync(t)
	if got := rows(t, `SELECT name FROM A.collections WHERE workspace_id = ?`, ws); len(got) != 1 || got[0] != "Spring launch" {
		t.Fatalf("collections after rename: %q", got)
	}

	// track a video
	tracked, err := tracking.TrackHandler{DB: env.PG, Now: time.Now, Start: tracking.StartScrapeHandler{Log: slog.New(slog.DiscardHandler)}, Actors: ingest.Actors{platform.TikTok: {ID: "tiktok-actor"}}}.Handle(ctx, tracking.Track{
		WorkspaceID: ws, URL: "https://www.tiktok.com/@acme/video/7301234567890123456", CollectionID: &created.ID,
	})
	if err != nil {
		t.Fatal(err)
	}
	sync(t)
	got := rows(t, `SELECT concat(toString(platform), ' ', platform_video_id, ' ', status, ' ', ifNull(toString(collection_id), '-'), ' ', toString(tracked_individually))
		FROM A.videos WHERE workspace_id = ? AND video_id = ?`, ws, *tracked.ID)
	if want := fmt.Sprintf("tiktok 7301234567890123456 pending %s 1", created.ID); len(got) != 1 || got[0] != want {
		t.Fatalf("videos after track: %q, want %q", got, want)
	}
	// ingestion marks it active
	if _, err := env.PG.Exec(ctx, `UPDATE videos SET status = 'active', caption = 'hello', last_scraped_at = now() WHERE id = $1`, *tracked.ID); err != nil {
		t.Fatal(err)
	}
	sync(t)
	if got := rows(t, `SELECT concat(status, ' ', caption) FROM A.videos WHERE video_id = ?`, *tracked.ID); len(got) != 1 || got[0] != "active hello" {
		t.Fatalf("videos after scrape: %q", got)
	}

	// the insights step scores it
	if _, err := env.PG.Exec(ctx, `INSERT INTO video_insights (video_id, workspace_id, curve, outlier_state, outlier_age_hours,
			outlier_multiplier, outlier_percentile, outlier_baseline, forecast_state, forecast_7d, forecast_7d_low, forecast_7d_high, computed_at)
		VALUES ($1, $2, '{}', 'scored', 24, 3.4, 97, 18, 'forecast', 5000, 4000, 7000, now())`, *tracked.ID, ws); err != nil {
		t.Fatal(err)
	}
	sync(t)
	got = rows(t, `SELECT concat(outlier_state, ' ', toString(outlier_age_hours), ' ', toString(outlier_multiplier), ' p', toString(outlier_percentile),
			' ', forecast_state, ' ', toString(forecast_views_7d_low), '-', toString(forecast_views_7d_high), ' ', ifNull(toString(forecast_views_30d), '-'))
		FROM A.video_insights WHERE workspace_id = ? AND video_id = ?`, ws, *tracked.ID)
	if want := "scored 24 3.4 p97 forecast 4000-7000 -"; len(got) != 1 || got[0] != want {
		t.Fatalf("video_insights: %q, want %q", got, want)
	}

	// an account, then removed
	account := env.Account(t, ws, testenv.AccountOptions{Platform: platform.Instagram, Handle: "acme", Status: domain.ItemActive})
	sync(t)
	if err := (tracking.RemoveAccountHandler{DB: env.PG}).Handle(ctx, tracking.RemoveAccount{WorkspaceID: ws, AccountID: account}); err != nil {
		t.Fatal(err)
	}
	sync(t)
	if got := rows(t, `SELECT concat(handle, ' ', status) FROM A.accounts WHERE account_id = ?`, account); len(got) != 1 || got[0] != "acme removed" {
		t.Fatalf("accounts after remove: %q", got)
	}

	// a deleted collection leaves the view; the video loses it
	if err := (collections.ManageCollectionHandler{DB: env.PG}).Delete(ctx, collections.DeleteCollection{WorkspaceID: ws, ID: created.ID}); err != nil {
		t.Fatal(err)
	}
	sync(t)
	if got := rows(t, `SELECT name FROM A.collections WHERE workspace_id = ?`, ws); len(got) != 0 {
		t.Fatalf("collections after delete: %q", got)
	}
	if got := rows(t, `SELECT toString(deleted) FROM A.collections_rows FINAL WHERE collection_id = ?`, created.ID); len(got) != 1 || got[0] != "1" {
		t.Fatalf("deleted collection row: %q", got)
	}
	if got := rows(t, `SELECT ifNull(toString(collection_id), '-') FROM A.videos WHERE video_id = ?`, *tracked.ID); len(got) != 1 || got[0] != "-" {
		t.Fatalf("video after its collection was deleted: %q", got)
	}

	// a plan change
	if _, err := env.PG.Exec(ctx, `UPDATE workspaces SET plan = 'agency', video_limit = 2000 WHERE id = $1`, ws); err != nil {
		t.Fatal(err)
	}
	sync(t)
	if got := rows(t, `SELECT concat(plan, ' ', toString(video_limit)) FROM A.workspaces WHERE workspace_id = ?`, ws); len(got) != 1 || got[0] != "agency 2000" {
		t.Fatalf("workspaces after plan change: %q", got)
	}

	// Nothing changed: nothing copied, once the watermark has passed the
	// writes above. The watermark is the oldest transaction still running
	// on the PostgreSQL server, and other databases' transactions (other
	// test packages) can hold it back for a moment, so an idle sync may copy
	// the last rows again until they end.
	for deadline := time.Now().Add(time.Minute); ; time.Sleep(200 * time.Millisecond) {
		res := sync(t)
		if res.Rows["videos"]+res.Rows["accounts"]+res.Rows["collections"] == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("an idle sync still copies %v after a minute", res.Rows)
		}
	}

	// a rebuild reproduces the same content
	dims := func() []string {
		var all []string
		for _, d := range analytics.Dimensions {
			all = append(all, rows(t, `SELECT toString(tuple(*)) FROM A.`+d+` WHERE workspace_id = ? ORDER BY tuple(*)`, ws)...)
		}
		return all
	}
	before := dims()
	if err := analytics.Rebuild(ctx, env.PG, env.CH, db(), env.CHOptions.Cluster); err != nil {
		t.Fatal(err)
	}
	if after := dims(); strings.Join(after, "\n") != strings.Join(before, "\n") {
		t.Fatalf("after rebuild:\n%s\nbefore:\n%s", strings.Join(after, "\n"), strings.Join(before, "\n"))
	}
}

// TestSyncCatchesUpAfterAFailure: the sync is outside the writes; a run
// against a missing analytics database fails, keeps its watermark, and the
// next good run copies what changed meanwhile.
func TestSyncCatchesUpAfterAFailure(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	sync(t)
	if _, err := analytics.Sync(ctx, env.PG, env.CH, "no_such_database_analytics"); err == nil {
		t.Fatal("a sync into a missing database succeeded")
	}
	if _, err := env.PG.Exec(ctx, `UPDATE workspaces SET name = 'Renamed' WHERE id = $1`, ws); err != nil {
		t.Fatal(err)
	}
	sync(t)
	if got := rows(t, `SELECT name FROM A.workspaces WHERE workspace_id = ?`, ws); len(got) != 1 || got[0] != "Renamed" {
		t.Fatalf("workspaces: %q", got)
	}
}

// TestWhosePostAndEndedCollections: a video carries whose post it is
// (post_kind, related_handle, published_source) into the analytics
// database, and a collection deleted by its mark (kept in PostgreSQL to
// name an ended campaign) leaves the collections view like a deleted one,
// after a sync and after a rebuild.
func TestWhosePostAndEndedCollections(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	created, err := collections.CreateCollectionHandler{DB: env.PG}.Handle(ctx, collections.CreateCollection{WorkspaceID: ws, Name: "Summer campaign"})
	if err != nil {
		t.Fatal(err)
	}
	account := env.Account(t, ws, testenv.AccountOptions{Handle: "acme", Status: domain.ItemActive, CollectionID: &created.ID})
	own := env.Video(t, ws, testenv.VideoOptions{AccountID: account, AccountHandle: "acme", Status: domain.ItemActive})
	repost := env.Video(t, ws, testenv.VideoOptions{AccountID: account, AccountHandle: "acme", Status: domain.ItemActive})
	if _, err := env.PG.Exec(ctx, `UPDATE videos SET post_kind = 'repost', related_handle = 'friend', published_source = 'id',
			published_at = '2026-03-02 10:00:00+00' WHERE id = $1`, repost); err != nil {
		t.Fatal(err)
	}
	sync(t)
	const kinds = `SELECT concat(toString(video_id), ' ', post_kind, ' [', related_handle, '] [', published_source, ']')
		FROM A.videos WHERE workspace_id = ? ORDER BY post_kind`
	want := []string{own.String() + " own [] []", repost.String() + " repost [friend] [id]"}
	if got := rows(t, kinds, ws); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("videos:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if got := rows(t, `SELECT name FROM A.collections WHERE workspace_id = ?`, ws); len(got) != 1 || got[0] != "Summer campaign" {
		t.Fatalf("collections: %q", got)
	}

	// the collection is deleted while it is a campaign: its row stays in
	// PostgreSQL, marked
	if _, err := env.PG.Exec(ctx, `UPDATE collections SET deleted_at = now() WHERE id = $1`, created.ID); err != nil {
		t.Fatal(err)
	}
	check := func(label string) {
		t.Helper()
		if got := rows(t, `SELECT name FROM A.collections WHERE workspace_id = ?`, ws); len(got) != 0 {
			t.Fatalf("%s: collections: %q, want none", label, got)
		}
		if got := rows(t, `SELECT concat(toString(deleted), ' ', name) FROM A.collections_rows FINAL WHERE collection_id = ?`, created.ID); len(got) != 1 || got[0] != "1 Summer campaign" {
			t.Fatalf("%s: the ended collection's row: %q", label, got)
		}
		if got := rows(t, kinds, ws); strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("%s: videos:\n%s\nwant\n%s", label, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
	sync(t)
	check("after sync")
	if err := analytics.Rebuild(ctx, env.PG, env.CH, db(), env.CHOptions.Cluster); err != nil {
		t.Fatal(err)
	}
	check("after rebuild")
}

func u(n uint64) *uint64 { return &n }

// TestMetricsAgreeWithSnapshots seeds snapshots (Instagram hides likes)
// and recomputes latest values and daily series from them.
func TestMetricsAgreeWithSnapshots(t *testing.T) {
	ctx := context.Background()
	ws, video, hidden, account := uuid.New(), uuid.New(), uuid.New(), uuid.New()
	w := ingest.NewSnapshotWriter(env.CH, 100, time.Now())
	start := time.Date(2026, 3, 1, 20, 0, 0, 0, time.UTC)
	type point struct {
		at    time.Time
		views *uint64
		likes *uint64
	}
	var raw []point
	for h := range 40 {
		at := start.Add(time.Duration(h) * 97 * time.Minute)
		views := uint64(100 * (h + 1))
		m := ingest.Metrics{Views: &views}
		if h%5 != 0 { // likes hidden now and then
			m.Likes = u(uint64(10 * h))
		}
		raw = append(raw, point{at, m.Views, m.Likes})
		followers := uint64(1000 + h)
		for _, s := range []ingest.Snapshot{
			{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: video, AccountID: account, ScrapedAt: at, Metrics: m},
			{WorkspaceID: ws, Platform: platform.Instagram, Kind: platform.Video, EntityID: hidden, ScrapedAt: at, Metrics: ingest.Metrics{Views: &views}},
			{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Account, EntityID: account, ScrapedAt: at, Followers: &followers},
		} {
			if err := w.Add(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}

	// expected daily rows from the raw points: last recorded value per day
	type day struct{ views, likes *uint64 }
	days := map[string]*day{}
	for _, p := range raw {
		k := p.at.Format("2006-01-02")
		if days[k] == nil {
			days[k] = &day{}
		}
		days[k].views = p.views
		if p.likes != nil {
			days[k].likes = p.likes
		}
	}
	var keys []string
	for k := range days {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	str := func(p *uint64) string {
		if p == nil {
			return "-"
		}
		return fmt.Sprint(*p)
	}
	var want, wantGrowth []string
	var prev *day
	for i, k := range keys {
		d := days[k]
		want = append(want, k+" "+str(d.views)+" "+str(d.likes))
		g := func(cur, before *uint64) string {
			if cur == nil || before == nil {
				return "-"
			}
			return fmt.Sprint(int64(*cur) - int64(*before))
		}
		if i == 0 {
			wantGrowth = append(wantGrowth, k+" - -")
		} else {
			wantGrowth = append(wantGrowth, k+" "+g(d.views, prev.views)+" "+g(d.likes, prev.likes))
		}
		prev = d
	}
	check := func(label string) {
		t.Helper()
		got := rows(t, `SELECT concat(toString(day), ' ', ifNull(toString(views), '-'), ' ', ifNull(toString(likes), '-'))
			FROM A.video_metrics_daily WHERE workspace_id = ? AND video_id = ? ORDER BY day`, ws, video)
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("%s: daily:\n%s\nwant\n%s", label, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		got = rows(t, `SELECT concat(toString(day), ' ', ifNull(toString(views_gain), '-'), ' ', ifNull(toString(likes_gain), '-'))
			FROM A.video_growth_daily WHERE workspace_id = ? AND video_id = ? ORDER BY day`, ws, video)
		if strings.Join(got, "\n") != strings.Join(wantGrowth, "\n") {
			t.Fatalf("%s: growth:\n%s\nwant\n%s", label, strings.Join(got, "\n"), strings.Join(wantGrowth, "\n"))
		}
		// latest: the last recorded value, as the internal projection the
		// API reads has it
		latest := rows(t, `SELECT concat(toString(views), ' ', ifNull(toString(likes), '-'), ' ', toString(last_scraped_at))
			FROM A.video_metrics_latest WHERE workspace_id = ? AND video_id = ?`, ws, video)
		api := rows(t, `SELECT concat(toString(argMaxMerge(views_last)), ' ', toString(argMaxMerge(likes_last)), ' ', toString(maxMerge(last_at)))
			FROM entity_latest WHERE workspace_id = ? AND entity_id = ? GROUP BY entity_id`, ws, video)
		if len(latest) != 1 || len(api) != 1 || latest[0] != api[0] {
			t.Fatalf("%s: latest %q, the API's projection %q", label, latest, api)
		}
		if lv := raw[len(raw)-1]; latest[0] != fmt.Sprintf("%d %d %s", *lv.views, 390, lv.at.Format("2006-01-02 15:04:05")) {
			t.Fatalf("%s: latest %q", label, latest[0])
		}
		// hidden likes stay NULL, in every view
		for _, sql := range []string{
			`SELECT ifNull(toString(likes), 'NULL') FROM A.video_metrics_latest WHERE workspace_id = ? AND video_id = ?`,
			`SELECT DISTINCT ifNull(toString(likes), 'NULL') FROM A.video_metrics_hourly WHERE workspace_id = ? AND video_id = ?`,
			`SELECT DISTINCT ifNull(toString(likes), 'NULL') FROM A.video_metrics_daily WHERE workspace_id = ? AND video_id = ?`,
			`SELECT DISTINCT ifNull(toString(likes_gain), 'NULL') FROM A.video_growth_daily WHERE workspace_id = ? AND video_id = ?`,
		} {
			if got := rows(t, sql, ws, hidden); len(got) != 1 || got[0] != "NULL" {
				t.Fatalf("%s: hidden likes read %q from %s", label, got, sql)
			}
		}
		if got := rows(t, `SELECT concat(toString(followers), ' ', toString(count())) FROM A.account_metrics_hourly WHERE account_id = ? GROUP BY followers ORDER BY followers DESC LIMIT 1`, account); len(got) != 1 || got[0] != "1039 1" {
			t.Fatalf("%s: account hourly: %q", label, got)
		}
	}
	check("after ingest")
	if err := analytics.Rebuild(ctx, env.PG, env.CH, db(), env.CHOptions.Cluster); err != nil {
		t.Fatal(err)
	}
	check("after rebuild")
}
