package alerts_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query"
)

// TestSpikeScanGoesOnFromItsBasis: a scan reads, of a workspace scanned
// before, the videos scraped since its previous scan (less the 6 hours a
// scrape may be late without being counted late) and the videos that met
// a rule then, and alerts as a scan of every video would: a standing
// spike alerts again past its cooldown with no new snapshot, a video
// scraped since alerts, a rule given a lower threshold finds the videos it
// now covers, and a late scrape (older than that) is read too. The scan
// sweeps the package's rules, so the test runs alone.
func TestSpikeScanGoesOnFromItsBasis(t *testing.T) {
	ctx := context.Background()
	exec(t, `UPDATE alert_rules SET enabled = false`)
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	now := time.Now().UTC().Truncate(time.Hour).Add(30 * time.Minute)
	published := now.Add(-100 * time.Hour)
	video := func() uuid.UUID {
		return env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive, PublishedAt: published})
	}
	// scraped writes the video's views at each time, as a completion
	// does: the snapshots, then the scrape time in the workspace
	scraped := func(id uuid.UUID, views map[time.Duration]uint64) {
		t.Helper()
		w := ingest.NewSnapshotWriter(env.CH, 100, time.Now())
		var times []time.Time
		for ago, n := range views {
			at := now.Add(-ago)
			times = append(times, at)
			err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id,
				ScrapedAt: at, Metrics: ingest.Metrics{Views: &n}, JobID: uuid.New(), PublishedAt: published})
			if err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
		for _, at := range times {
			if err := dataversion.RecordScrapeTime(ctx, env.PG, ws, at); err != nil {
				t.Fatal(err)
			}
		}
	}
	// over 24 hours: a gains 4,900 views, c 600 and g none yet; the
	// workspace was last scraped an hour ago
	a, c, d, g := video(), video(), video(), video()
	scraped(a, map[time.Duration]uint64{20 * time.Hour: 100, 10 * time.Hour: 5000})
	scraped(c, map[time.Duration]uint64{20 * time.Hour: 100, 10 * time.Hour: 700})
	scraped(g, map[time.Duration]uint64{20 * time.Hour: 100})
	scraped(d, map[time.Duration]uint64{time.Hour: 10})

	metric, condition, threshold, window, cooldown := domain.Views, domain.ConditionGain, 1000.0, 24, 1
	rule, err := saveRule(t, alerts.SaveAlertRule{WorkspaceID: ws, Name: ptr("Views +1,000"), Metric: &metric, Condition: &condition,
		Threshold: &threshold, WindowHours: &window, CooldownHours: &cooldown})
	if err != nil {
		t.Fatal(err)
	}
	scan := func(at time.Duration) []uuid.UUID {
		t.Helper()
		clock := func() time.Time { return now.Add(at) }
		run, err := alerts.ScanSpikesHandler{DB: env.PG, Now: clock, Spikes: query.SpikeScanner{DB: env.PG, CH: env.CH, Now: clock}}.Handle(ctx)
		if err != nil {
			t.Fatal(err)
		}
		rows, err := env.PG.Query(ctx, `SELECT video_id FROM alert_events WHERE rule_id = $1 AND triggered_at = $2`, rule.ID, clock())
		if err != nil {
			t.Fatal(err)
		}
		got, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
		if err != nil {
			t.Fatal(err)
		}
		if run.Alerted != len(got) {
			t.Fatalf("the scan at +%s alerted %d, recorded %d", at, run.Alerted, len(got))
		}
		return got
	}
	expect := func(got []uuid.UUID, what string, want ...uuid.UUID) {
		t.Helper()
		slices.SortFunc(got, func(x, y uuid.UUID) int { return compareIDs(x, y) })
		slices.SortFunc(want, func(x, y uuid.UUID) int { return compareIDs(x, y) })
		if !slices.Equal(got, want) {
			t.Fatalf("%s: alerted %v, want %v (a %s, c %s, g %s)", what, got, want, a, c, g)
		}
	}
	basis := func() (until time.Time, standing []uuid.UUID) {
		t.Helper()
		if err := env.PG.QueryRow(ctx, `SELECT scraped_until, standing FROM spike_scan_bases WHERE workspace_id = $1`, ws).Scan(&until, &standing); err != nil {
			t.Fatal(err)
		}
		return until, standing
	}

	expect(scan(0), "the first scan", a)
	if until, standing := basis(); !until.Equal(now.Add(-time.Hour)) || !slices.Equal(standing, []uuid.UUID{a}) {
		t.Fatalf("the basis kept: scraped until %s, standing %v; want %s and [%s]", until, standing, now.Add(-time.Hour), a)
	}

	// g is scraped 4 hours ago, before the last scrape but not late: a
	// completion that came in after the scan
	scraped(g, map[time.Duration]uint64{4 * time.Hour: 9000})
	// a, with no snapshot since, alerts again past its cooldown
	expect(scan(2*time.Hour), "two hours on", a, g)

	// with a lower threshold, c meets the rule
	lower := 500.0
	if _, err := saveRule(t, alerts.SaveAlertRule{WorkspaceID: ws, ID: &rule.ID, Threshold: &lower}); err != nil {
		t.Fatal(err)
	}
	expect(scan(4*time.Hour), "after lowering the threshold", a, c, g)

	// e's scrapes, 20 and 12 hours old, are recorded late
	e := video()
	scraped(e, map[time.Duration]uint64{20 * time.Hour: 100, 12 * time.Hour: 10000})
	expect(scan(6*time.Hour), "after a late scrape", a, c, e, g)
}

func compareIDs(x, y uuid.UUID) int {
	return slices.Compare(x[:], y[:])
}
