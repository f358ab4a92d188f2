package main_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/projections/analytics"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/numbers"
	"github.com/reeltrack/reeltrack/schema"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

// TestClusterRebuildProjections runs `migrate -rebuild-projections` twice
// on the cluster over a workspace's snapshots (three videos and their
// account, hourly for 20 days across a month's end, written in one insert),
// with merges stopped on every node. After each run the dashboard's
// answers and the analysts' views read the same as before, and every
// projection and analytics table holds as many unmerged rows for the
// workspace as the views wrote: none doubled (the local tables were
// emptied ON CLUSTER before the refill) and none lost (the refill of the
// second run, equal to the first's, was not dropped as a duplicate block).
func TestClusterRebuildProjections(t *testing.T) {
	cl := env.Cluster(t)
	ctx := context.Background()
	now := time.Date(2026, 11, 10, 12, 30, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	account := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	start := now.Add(-20 * 24 * time.Hour).Truncate(time.Hour)
	videos := make([]uuid.UUID, 3)
	for i := range videos {
		videos[i] = env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemActive, PublishedAt: start.Add(-time.Duration(i+1) * time.Hour)})
	}
	w := ingest.NewSnapshotWriter(env.CH, 100_000, start)
	written := 0
	for at := start; at.Before(now); at = at.Add(time.Hour) {
		h := uint64(at.Sub(start) / time.Hour)
		followers := 1000 + h
		written += 1 + len(videos)
		if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Account, EntityID: account,
			ScrapedAt: at, Followers: &followers}); err != nil {
			t.Fatal(err)
		}
		for i, v := range videos {
			views, likes := 50*h*uint64(i+1)+h*h, 2*h
			if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v, AccountID: account,
				ScrapedAt: at, Metrics: ingest.Metrics{Views: &views, Likes: &likes},
				PublishedAt: start.Add(-time.Duration(i+1) * time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	adb := schema.AnalyticsDatabase(env.CHOptions.Database)
	if _, err := analytics.Sync(ctx, env.PG, env.CH, adb); err != nil {
		t.Fatal(err)
	}

	// Merges stopped on every replicated table of both local databases, so
	// a count shows every row written, duplicates included.
	var local []string
	rows, err := env.CH.Query(ctx, `SELECT database || '.' || name FROM system.tables
		WHERE database IN (?, ?) AND engine LIKE 'Replicated%'`, schema.LocalDatabase(env.CHOptions.Database), schema.LocalDatabase(adb))
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		local = append(local, name)
	}
	rows.Close()
	if len(local) < 10 {
		t.Fatalf("replicated local tables: %v", local)
	}
	cl.StopMerges(t, local...)

	counted := []string{"metric_snapshots", "entity_latest", "entity_hourly", "entity_daily", "video_age_hourly", "entity_daily_by_entity",
		adb + ".metric_latest_rows", adb + ".metric_hourly_rows", adb + ".metric_daily_rows",
		adb + ".workspaces_rows", adb + ".accounts_rows", adb + ".videos_rows"}
	answers := func() map[string]string {
		out := map[string]string{}
		put := func(key string, v any, err error) {
			if err != nil {
				t.Fatalf("%s: %v", key, err)
			}
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			out[key] = string(b)
		}
		for _, p := range []query.Preset{query.Preset24h, query.Preset7d, query.Preset30d, query.PresetAll} {
			o, err := numbers.OverviewHandler{DB: env.PG, CH: env.CH, Now: clock}.Handle(ctx, ws, numbers.OverviewQuery{Window: p})
			put("overview "+string(p), o, err)
		}
		page, err := numbers.VideosHandler{DB: env.PG, CH: env.CH, Now: clock}.Handle(ctx, ws, numbers.VideoQuery{Sort: numbers.SortViews, Limit: 50})
		put("videos", page, err)
		for _, g := range []chread.Granularity{chread.Hourly, chread.Daily} {
			a, err := numbers.AccountAnalyticsHandler{DB: env.PG, CH: env.CH, Now: clock}.Handle(ctx, ws, account, numbers.AccountAnalyticsQuery{Granularity: g})
			put("account "+string(g), a, err)
		}
		for _, view := range []string{"video_metrics_latest", "account_metrics_daily", "video_growth_daily", "videos", "workspaces"} {
			r, err := env.CH.Query(ctx, `SELECT toString(tuple(*)) FROM `+adb+`.`+view+` WHERE workspace_id = ? ORDER BY toString(tuple(*))`, ws)
			if err != nil {
				t.Fatalf("%s.%s: %v", adb, view, err)
			}
			var lines []string
			for r.Next() {
				var s string
				if err := r.Scan(&s); err != nil {
					t.Fatal(err)
				}
				lines = append(lines, s)
			}
			r.Close()
			if len(lines) == 0 {
				t.Fatalf("%s.%s is empty for the workspace", adb, view)
			}
			out["analytics "+view] = strings.Join(lines, "\n")
		}
		for _, table := range counted {
			var n uint64
			if err := env.CH.QueryRow(ctx, `SELECT count() FROM `+table+` WHERE workspace_id = ?`, ws).Scan(&n); err != nil {
				t.Fatal(err)
			}
			out["unmerged rows of "+table] = fmt.Sprint(n)
		}
		return out
	}
	before := answers()
	if got, want := before["unmerged rows of metric_snapshots"], fmt.Sprint(written); got != want {
		t.Fatalf("%s snapshots, want %s", got, want)
	}

	migrate := testenv.Build(t, "./cmd/migrate")
	o := env.CHOptions
	for run := 1; run <= 2; run++ {
		cmd := exec.Command(migrate, "-rebuild-projections")
		cmd.Env = append(os.Environ(), "DATABASE_URL="+env.PGURL, "CLICKHOUSE_ADDR="+o.Addr, "CLICKHOUSE_DATABASE="+o.Database,
			"CLICKHOUSE_USER="+o.User, "CLICKHOUSE_PASSWORD="+o.Password, "CLICKHOUSE_CLUSTER="+o.Cluster,
			// The requests' bound, at its least: a migration and a rebuild
			// run as long as they need, whatever it is.
			"CLICKHOUSE_STATEMENT_TIMEOUT=100ms")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("migrate -rebuild-projections (run %d): %v\n%s", run, err, out)
		}
		if !strings.Contains(string(out), "rebuilt:") {
			t.Fatalf("migrate -rebuild-projections (run %d) rebuilt nothing:\n%s", run, out)
		}
		after := answers()
		for key, b := range before {
			if after[key] != b {
				t.Errorf("run %d: %s changed by the rebuild:\nbefore %s\nafter  %s", run, key, b, after[key])
			}
		}
	}
}
