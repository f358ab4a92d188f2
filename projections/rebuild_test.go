package projections_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/projections"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// state reads every projection of the workspace as text, row by row.
func state(t *testing.T, ws uuid.UUID) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	for _, table := range projections.Projections {
		sql := `SELECT concat(toString(entity_id), ' ', toString(minMerge(first_at)), ' ', toString(maxMerge(last_at)), ' ',
				toString(groupBitOrMerge(recorded)), ' ', toString(argMaxMerge(views_last)), ' ', toString(argMaxMerge(likes_last)), ' ',
				toString(argMaxMerge(followers_last)))
			FROM entity_latest WHERE workspace_id = ? GROUP BY entity_id ORDER BY entity_id`
		switch table {
		case "entity_hourly":
			sql = `SELECT concat(toString(entity_id), ' ', toString(bucket), ' ', toString(max(last_at)), ' ',
				ifNull(toString(argMax(views, last_at)), '-'), ' ', ifNull(toString(argMax(likes, last_at)), '-'), ' ',
				ifNull(toString(argMax(followers, last_at)), '-'), ' ', toString(argMax(published_at, last_at)))
			FROM ` + table + ` WHERE workspace_id = ? GROUP BY entity_id, bucket ORDER BY entity_id, bucket`
		case "entity_daily", "entity_daily_by_entity":
			sql = `SELECT concat(toString(entity_id), ' ', toString(bucket), ' ', toString(max(last_at)), ' ',
				ifNull(toString(argMax(views, last_at)), '-'), ' ', ifNull(toString(argMax(likes, last_at)), '-'), ' ',
				ifNull(toString(argMax(followers, last_at)), '-'))
			FROM ` + table + ` WHERE workspace_id = ? GROUP BY entity_id, bucket ORDER BY entity_id, bucket`
		case "video_age_hourly":
			sql = `SELECT concat(toString(entity_id), ' ', toString(account_id), ' ', toString(age_hour), ' ', toString(max(last_at)), ' ',
				ifNull(toString(argMax(views, last_at)), '-'), ' ', ifNull(toString(argMax(likes, last_at)), '-'), ' ',
				toString(any(platform)), ' ', toString(any(published_at)))
			FROM video_age_hourly WHERE workspace_id = ? GROUP BY entity_id, account_id, age_hour ORDER BY entity_id, age_hour`
		}
		rows, err := env.CH.Query(context.Background(), sql, ws)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			out[table] = append(out[table], s)
		}
		rows.Close()
	}
	return out
}

func TestRebuildRecomputesTheProjections(t *testing.T) {
	ctx := context.Background()
	ws, video, account := uuid.New(), uuid.New(), uuid.New()
	w := ingest.NewSnapshotWriter(env.CH, 100, time.Now())
	start := time.Date(2026, 3, 1, 22, 0, 0, 0, time.UTC)
	published := start.Add(-200 * time.Hour) // scraped 200 to 218 hours after: hours of age 200–215 are kept by age
	for h := range 30 {
		at := start.Add(time.Duration(h) * 37 * time.Minute)
		views := uint64(100 * (h + 1))
		m := ingest.Metrics{Views: &views}
		if h%4 != 0 {
			likes := uint64(h)
			m.Likes = &likes
		}
		followers := uint64(1000 + h)
		for _, s := range []ingest.Snapshot{
			{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: video, AccountID: account, ScrapedAt: at, Metrics: m, PublishedAt: published},
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
	before := state(t, ws)
	if len(before["entity_latest"]) != 2 || len(before["entity_hourly"]) < 10 || len(before["entity_daily"]) != 4 || len(before["video_age_hourly"]) != 16 {
		t.Fatalf("projections after ingest: %d latest, %d hourly, %d daily, %d by age rows", len(before["entity_latest"]),
			len(before["entity_hourly"]), len(before["entity_daily"]), len(before["video_age_hourly"]))
	}
	for _, h := range before["entity_hourly"] {
		if strings.HasPrefix(h, video.String()) && !strings.HasSuffix(h, " 2026-02-21 14:00:00") {
			t.Fatalf("hourly row %q does not carry the publish time", h)
		}
	}

	// lose the projections, then rebuild them
	for _, table := range projections.Projections {
		if err := env.CH.Exec(ctx, "TRUNCATE TABLE "+table); err != nil {
			t.Fatal(err)
		}
	}
	if got := state(t, ws); len(got["entity_latest"]) != 0 {
		t.Fatal("truncate left rows")
	}
	for range 2 { // a second rebuild changes nothing
		if err := projections.Rebuild(ctx, env.CH, env.CHOptions.Cluster); err != nil {
			t.Fatal(err)
		}
		after := state(t, ws)
		for _, table := range projections.Projections {
			if len(after[table]) != len(before[table]) {
				t.Fatalf("%s: %d rows after rebuild, %d before", table, len(after[table]), len(before[table]))
			}
			for i := range before[table] {
				if after[table][i] != before[table][i] {
					t.Errorf("%s row %d: %q after rebuild, %q before", table, i, after[table][i], before[table][i])
				}
			}
		}
	}
}
