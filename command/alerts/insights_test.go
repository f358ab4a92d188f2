package alerts_test

import (
	"context"
	"encoding/json"
	"math"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/command/eventlog"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/insight"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/chread"
)

// TestInsightsScoreVideosAgainstTheirAccount drives the insights step over
// an account whose videos grow at known paces (views = pace × hours since
// publishing, snapshots on whole hours), so every score is worked out here
// from the paces alone: the newest video against the median of its
// account's earlier videos at the same age. It checks the states of the
// videos that cannot be scored, that a later step reads again only the
// video that reached a new age, and that a new score of twice the median
// or more is told as video.outlier once, a video's first score silently.
func TestInsightsScoreVideosAgainstTheirAccount(t *testing.T) {
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	acc := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	scalar[int](t, `INSERT INTO alert_rules (id, workspace_id, name, metric, condition, threshold, window_hours, event_type)
		VALUES ($1, $2, 'Outliers', 'views', 'velocity_vs_baseline', 3, 24, 'video.outlier') RETURNING 1`, uuid.New(), ws)
	now := time.Now().UTC().Truncate(time.Hour).Add(-10 * 24 * time.Hour)
	w := ingest.NewSnapshotWriter(env.CH, 5000, time.Now())
	// snapshots of a video on whole hours of its age, from..to
	grow := func(v, account uuid.UUID, published time.Time, pace float64, from, to int) {
		for h := from; h <= to; h++ {
			views := uint64(pace * float64(h))
			err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v, AccountID: account,
				ScrapedAt: published.Add(time.Duration(h) * time.Hour), PublishedAt: published, Metrics: ingest.Metrics{Views: &views}, JobID: uuid.New()})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	video := func(published time.Time, account uuid.UUID) uuid.UUID {
		return env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemActive, PublishedAt: published, CreatedAt: published})
	}
	// six earlier videos, a day apart, 15 to 10 days old, followed since
	// they were published
	paces := []float64{100, 200, 300, 400, 500, 600}
	var earlier []uuid.UUID
	for i, pace := range paces {
		p := now.Add(-time.Duration(15-i) * 24 * time.Hour)
		earlier = append(earlier, video(p, acc))
		grow(earlier[i], acc, p, pace, 1, int(now.Sub(p).Hours()))
	}
	// the newest, 23.5 hours old: scored at 6 h for now
	newest := now.Add(-23*time.Hour - 30*time.Minute)
	hit := video(newest, acc)
	grow(hit, acc, newest, 1500, 1, 23)
	// a video too young to score, one first seen at 20 days, one tracked alone
	young := video(now.Add(-30*time.Minute), acc)
	late := video(now.Add(-20*24*time.Hour), acc)
	grow(late, acc, now.Add(-20*24*time.Hour), 50, 480, 481)
	alone := video(now.Add(-5*24*time.Hour), uuid.Nil)
	grow(alone, uuid.Nil, now.Add(-5*24*time.Hour), 70, 1, 100)
	// and one of the account whose publish time is unknown: it has no age
	untimed := env.Video(t, ws, testenv.VideoOptions{AccountID: acc, Status: domain.ItemActive, CreatedAt: now.Add(-3 * 24 * time.Hour)})
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}

	reader := chread.InsightsReader{CH: env.CH}
	step := func(at time.Time) alerts.InsightRun {
		t.Helper()
		run, err := alerts.ComputeWorkspaceInsights(ctx, env.PG, reader, ws, at)
		if err != nil {
			t.Fatal(err)
		}
		return run
	}
	// the cron's step: whether it took the workspace
	cron := func(at time.Time) bool {
		t.Helper()
		if _, err := alerts.ComputeInsights(ctx, env.PG, reader, at); err != nil {
			t.Fatal(err)
		}
		return scalar[time.Time](t, `SELECT insights_at FROM workspaces WHERE id = $1`, ws).Equal(at)
	}
	type row struct {
		state      string
		age        *int
		multiplier *float64
		percentile *int
		baseline   *int
	}
	read := func(id uuid.UUID) row {
		t.Helper()
		var r row
		if err := env.PG.QueryRow(ctx, `SELECT outlier_state, outlier_age_hours, outlier_multiplier, outlier_percentile, outlier_baseline
			FROM video_insights WHERE video_id = $1`, id).Scan(&r.state, &r.age, &r.multiplier, &r.percentile, &r.baseline); err != nil {
			t.Fatal(err)
		}
		return r
	}
	// the median pace of the six earlier videos, times the hours
	median := (paces[2] + paces[3]) / 2
	checkScored := func(age int) {
		t.Helper()
		r := read(hit)
		want := 1500 / median
		if r.state != "scored" || r.age == nil || *r.age != age || r.multiplier == nil || math.Abs(*r.multiplier-want) > 0.01 ||
			*r.percentile != 100 || *r.baseline != 6 {
			t.Fatalf("newest video %+v, want scored at %d h, multiplier %.2f, p100 of 6", r, age, want)
		}
	}

	if !cron(now) {
		t.Fatal("the cron's first step left the workspace out")
	}
	if n := scalar[int](t, `SELECT count(*) FROM events WHERE workspace_id = $1`, ws); n != 0 {
		t.Fatalf("%d events after the first step, want none (first scores are silent)", n)
	}
	checkScored(6)
	if st := scalar[string](t, `SELECT outliers_start FROM workspaces WHERE id = $1`, ws); st != "scored" {
		t.Fatalf("outliers start %q with videos scored, want scored", st)
	}
	// the earlier videos are scored against those before them: the
	// sixth (10 days old) against five at 7 days, the first not at all
	if r := read(earlier[5]); r.state != "scored" || *r.age != 168 || *r.baseline != 5 || *r.percentile != 100 || *r.multiplier != 2 {
		t.Fatalf("sixth video %+v, want scored at 168 h, 2× the median, p100 of 5", r)
	}
	if r := read(earlier[0]); r.state != "too_few_videos" {
		t.Fatalf("first video %+v, want too_few_videos", r)
	}
	for id, want := range map[uuid.UUID]string{young: "too_young", late: "no_early_views", alone: "no_account", untimed: "no_publish_time"} {
		if r := read(id); r.state != want {
			t.Errorf("video %v: %+v, want %s", id, r, want)
		}
	}
	// the newest's forecast: every earlier video grew as pace × hours, so
	// 7 days on from its latest snapshot (23 h) it has grown as they did
	// from 23 h to its age then (23.5 h + 7 d), a band without spread; no
	// curve reaches 30 days on
	var f7, f7lo, f7hi, f30 *int64
	var fState string
	if err := env.PG.QueryRow(ctx, `SELECT forecast_state, forecast_7d, forecast_7d_low, forecast_7d_high, forecast_30d
		FROM video_insights WHERE video_id = $1`, hit).Scan(&fState, &f7, &f7lo, &f7hi, &f30); err != nil {
		t.Fatal(err)
	}
	if want := 1500 * (23.5 + 168); fState != "forecast" || f7 == nil || math.Abs(float64(*f7)-want)/want > 0.01 ||
		*f7lo > *f7 || *f7hi < *f7 || float64(*f7hi-*f7lo)/want > 0.01 || f30 != nil {
		t.Fatalf("forecast %s %v [%v, %v], 30 d %v; want about %.0f at 7 days, no 30-day one", fState, deref(f7), deref(f7lo), deref(f7hi), f30, want)
	}
	var curve []int64
	if err := env.PG.QueryRow(ctx, `SELECT curve FROM video_insights WHERE video_id = $1`, earlier[2]).Scan(&curve); err != nil {
		t.Fatal(err)
	}
	if got := curve[11]; got != int64(paces[2]*72) { // insight.Ages[11] is 72 h
		t.Fatalf("curve of the third video at 72 h: %d, want %d", got, int64(paces[2]*72))
	}

	// two hours on, the newest passes 24 h: only it is read again, and
	// its new score (4.3× the median) is told once
	w = ingest.NewSnapshotWriter(env.CH, 5000, time.Now())
	grow(hit, acc, newest, 1500, 24, 25)
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	later := now.Add(2 * time.Hour)
	if run := step(later); run.Curves != 1 || run.Outliers != 1 {
		t.Fatalf("second step %+v, want one curve read again and one outlier event", run)
	}
	checkScored(24)
	var payload []byte
	if err := env.PG.QueryRow(ctx, `SELECT payload FROM events WHERE workspace_id = $1 AND type = 'video.outlier' AND video_id = $2`,
		ws, hit).Scan(&payload); err != nil {
		t.Fatal(err)
	}
	var data eventlog.EventOutlierData
	if err := json.Unmarshal(payload, &data); err != nil {
		t.Fatal(err)
	}
	if data.AgeHours != 24 || data.Views != 36000 || data.Baseline != 6 || data.Percentile != 100 || math.Abs(data.Multiplier-4.29) > 0.005 {
		t.Fatalf("event %+v, want 36,000 views at 24 h, 4.29× the median of 6", data)
	}
	// nothing new: the cron leaves the workspace within the hour, and a
	// step after it reads no curve and tells nothing again
	if cron(later.Add(10 * time.Minute)) {
		t.Fatal("the cron took the workspace again within the hour, without new data")
	}
	if run := step(later.Add(2 * time.Hour)); run.Curves != 0 || run.Outliers != 0 {
		t.Fatalf("step without new snapshots %+v, want no curve read and no event", run)
	}
}

// TestInsightsSayWhenScoresStart: on the day an account is first scraped,
// its videos found then (a video a day, 12 hours to 9.5 days old) have
// views at no scored age yet. They are a baseline at the ages they reach
// while tracked: 7 of them reach 7 days, and the sixth oldest of those
// (1.5 days old then) is scored when it does, 5.5 days on. Forecasts need
// five videos tracked for 7 days. The step stores both times; a step two
// hours on keeps them.
func TestInsightsSayWhenScoresStart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	acc := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	first := time.Now().UTC().Truncate(time.Hour).Add(-2 * time.Hour)
	w := ingest.NewSnapshotWriter(env.CH, 5000, time.Now())
	for i := range 10 {
		published := first.Add(-12*time.Hour - time.Duration(i)*24*time.Hour)
		v := env.Video(t, ws, testenv.VideoOptions{AccountID: acc, Status: domain.ItemActive, PublishedAt: published, CreatedAt: first})
		views := uint64(1000 * (i + 1))
		if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v, AccountID: acc,
			ScrapedAt: first, PublishedAt: published, Metrics: ingest.Metrics{Views: &views}, JobID: uuid.New()}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	reader := chread.InsightsReader{CH: env.CH}
	type start struct {
		outliers, forecasts         string
		outliersFrom, forecastsFrom *time.Time
		age                         *int
	}
	read := func() start {
		t.Helper()
		var s start
		if err := env.PG.QueryRow(ctx, `SELECT outliers_start, outliers_from, outliers_from_age, forecasts_start, forecasts_from FROM workspaces WHERE id = $1`,
			ws).Scan(&s.outliers, &s.outliersFrom, &s.age, &s.forecasts, &s.forecastsFrom); err != nil {
			t.Fatal(err)
		}
		return s
	}
	for _, at := range []time.Time{first, first.Add(2 * time.Hour)} {
		if _, err := alerts.ComputeWorkspaceInsights(ctx, env.PG, reader, ws, at); err != nil {
			t.Fatal(err)
		}
		s := read()
		wantScores := first.Add(5*24*time.Hour + 12*time.Hour)
		if s.outliers != "expected" || s.outliersFrom == nil || !s.outliersFrom.Equal(wantScores) || s.age == nil || *s.age != 168 {
			t.Fatalf("at %v: outlier scores %s from %v at %v h, want expected from %v at 168 h", at, s.outliers, s.outliersFrom, deref(s.age), wantScores)
		}
		if wantForecasts := first.Add(7 * 24 * time.Hour); s.forecasts != "expected" || s.forecastsFrom == nil || !s.forecastsFrom.Equal(wantForecasts) {
			t.Fatalf("at %v: forecasts %s from %v, want expected from %v", at, s.forecasts, s.forecastsFrom, wantForecasts)
		}
	}
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// TestInsightsBesideABulkChange: the insights step writes while a bulk
// change of the same videos holds the workspace and then locks them (as
// pausing videos does). The step waits for the workspace before it writes
// a row referring to a video, so both finish: neither is ended as a
// deadlock.
func TestInsightsBesideABulkChange(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	acc := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	at := time.Now().UTC().Truncate(time.Hour)
	w := ingest.NewSnapshotWriter(env.CH, 5000, time.Now())
	var ids []uuid.UUID
	for i := range 5 {
		published := at.Add(-time.Duration(i+1) * 24 * time.Hour)
		v := env.Video(t, ws, testenv.VideoOptions{AccountID: acc, Status: domain.ItemActive, PublishedAt: published, CreatedAt: published})
		ids = append(ids, v)
		views := uint64(1000 * (i + 1))
		if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v, AccountID: acc,
			ScrapedAt: at.Add(-time.Hour), PublishedAt: published, Metrics: ingest.Metrics{Views: &views}, JobID: uuid.New()}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}

	env.BesideABulkChange(t, ws, ids, "the insights step", func() error {
		_, err := alerts.ComputeWorkspaceInsights(ctx, env.PG, chread.InsightsReader{CH: env.CH}, ws, at)
		return err
	})
	if n := scalar[int](t, `SELECT count(*) FROM video_insights WHERE workspace_id = $1`, ws); n == 0 {
		t.Fatal("the insights step wrote no rows")
	}
}

// countingReader counts the reads of each workspace's latest values.
type countingReader struct {
	chread.InsightsReader
	latest map[uuid.UUID]int
}

func (r *countingReader) Latest(ctx context.Context, ws uuid.UUID, now time.Time) (map[uuid.UUID]insight.Latest, error) {
	r.latest[ws]++
	return r.InsightsReader.Latest(ctx, ws, now)
}

// TestInsightsReadNothingForAWorkspaceWithoutVideos: the step over a
// workspace with no video that counts (none, or only removed ones and
// reposts) asks ClickHouse nothing and still marks the workspace seen, so
// the next run leaves it alone; one with a video reads its latest values.
func TestInsightsReadNothingForAWorkspaceWithoutVideos(t *testing.T) {
	ctx := context.Background()
	at := time.Now().UTC().Truncate(time.Second)
	empty := env.Workspace(t, testenv.WorkspaceOptions{})
	onlyOthers := env.Workspace(t, testenv.WorkspaceOptions{})
	env.Video(t, onlyOthers, testenv.VideoOptions{Status: domain.ItemRemoved, PublishedAt: at.Add(-48 * time.Hour)})
	exec(t, `UPDATE videos SET post_kind = 'repost' WHERE id = $1`,
		env.Video(t, onlyOthers, testenv.VideoOptions{Status: domain.ItemActive, PublishedAt: at.Add(-48 * time.Hour)}))
	tracked := env.Workspace(t, testenv.WorkspaceOptions{})
	env.Video(t, tracked, testenv.VideoOptions{Status: domain.ItemActive, PublishedAt: at.Add(-48 * time.Hour)})
	reader := &countingReader{InsightsReader: chread.InsightsReader{CH: env.CH}, latest: map[uuid.UUID]int{}}
	for _, ws := range []uuid.UUID{empty, onlyOthers, tracked} {
		if _, err := alerts.ComputeWorkspaceInsights(ctx, env.PG, reader, ws, at); err != nil {
			t.Fatal(err)
		}
		if seen := scalar[time.Time](t, `SELECT insights_at FROM workspaces WHERE id = $1`, ws); !seen.Equal(at) {
			t.Errorf("workspace %s: insights_at %v, want %v", ws, seen, at)
		}
	}
	if reader.latest[empty] != 0 || reader.latest[onlyOthers] != 0 {
		t.Errorf("ClickHouse read for a workspace without counted videos: %v", reader.latest)
	}
	if reader.latest[tracked] != 1 {
		t.Errorf("the workspace with a video: %d reads of its latest values, want 1", reader.latest[tracked])
	}
}

// TestInsightsWriteOnlyTheRowsThatChanged: a step over data that did not
// change sends no row (none is stamped again for the analytics copy and the
// workspace's data version stays), and a row that no longer holds what the
// step computes (each compared column in turn) is written again.
func TestInsightsWriteOnlyTheRowsThatChanged(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	acc := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	at := time.Now().UTC().Truncate(time.Hour)
	w := ingest.NewSnapshotWriter(env.CH, 5000, time.Now())
	// sixteen videos a day apart, followed hourly since published: the
	// young ones scored and forecast from the older ones' curves
	for i := range 16 {
		published := at.Add(-time.Duration(i+2) * 24 * time.Hour)
		v := env.Video(t, ws, testenv.VideoOptions{AccountID: acc, Status: domain.ItemActive, PublishedAt: published, CreatedAt: published})
		for h := 1; h <= int(at.Sub(published).Hours()); h++ {
			views := uint64(float64(100*(i+1)) * math.Sqrt(float64(h)))
			if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v, AccountID: acc,
				ScrapedAt: published.Add(time.Duration(h) * time.Hour), PublishedAt: published, Metrics: ingest.Metrics{Views: &views}, JobID: uuid.New()}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	reader := chread.InsightsReader{CH: env.CH}
	step := func() {
		t.Helper()
		if _, err := alerts.ComputeWorkspaceInsights(ctx, env.PG, reader, ws, at); err != nil {
			t.Fatal(err)
		}
	}
	// the rows as text, and their stamps
	rows := func() (string, string) {
		t.Helper()
		var text, stamps string
		err := env.PG.QueryRow(ctx, `SELECT string_agg(i::text, E'\n' ORDER BY video_id), (SELECT string_agg(analytics_txid::text, ',' ORDER BY video_id)
				FROM video_insights WHERE workspace_id = $1)
			FROM (SELECT video_id, curve, curve_through, views, views_per_hour, outlier_state, outlier_age_hours, outlier_views,
				outlier_median, outlier_multiplier, outlier_percentile, outlier_baseline, forecast_state, forecast_7d, forecast_7d_low,
				forecast_7d_high, forecast_30d, forecast_30d_low, forecast_30d_high
				FROM video_insights WHERE workspace_id = $1) i`, ws).Scan(&text, &stamps)
		if err != nil {
			t.Fatal(err)
		}
		return text, stamps
	}
	version := func() int64 { return scalar[int64](t, `SELECT data_version FROM workspaces WHERE id = $1`, ws) }
	step()
	want, stamps := rows()
	var changed uuid.UUID // a video scored and forecast
	if err := env.PG.QueryRow(ctx, `SELECT video_id FROM video_insights WHERE workspace_id = $1 AND outlier_state = 'scored'
		AND forecast_state = 'forecast' ORDER BY video_id LIMIT 1`, ws).Scan(&changed); err != nil {
		t.Fatalf("no video scored and forecast, the test shows nothing (%v):\n%s", err, want)
	}
	v := version()
	step()
	if got, again := rows(); got != want || again != stamps {
		t.Fatalf("a step over unchanged data wrote rows:\n got %s (stamps %s)\nwant %s (stamps %s)", got, again, want, stamps)
	}
	if version() != v {
		t.Fatal("a step over unchanged data moved the data version on")
	}
	// (a curve keeps the values it knows: one changed stays so)
	for _, set := range []string{"curve_through = NULL", "views = views + 1", "views_per_hour = -1",
		"outlier_state = 'too_young'", "outlier_age_hours = 1", "outlier_multiplier = 0.5", "outlier_percentile = 1", "outlier_baseline = 99",
		"forecast_state = 'no_history'", "forecast_7d = 1", "forecast_7d_low = 1", "forecast_7d_high = 1",
		"forecast_30d = 1", "forecast_30d_low = 1", "forecast_30d_high = 1"} {
		exec(t, `UPDATE video_insights SET `+set+` WHERE video_id = $1`, changed)
		v := version()
		step()
		if got, _ := rows(); got != want {
			t.Errorf("after %s the step did not write the row again:\n got %s\nwant %s", set, got, want)
		}
		if version() == v {
			t.Errorf("after %s the step wrote the row and left the data version", set)
		}
	}
}
