package main

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/schema"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

func quickOptions(out *bytes.Buffer) options {
	o := options{
		PGURL: env.PGURL, CH: env.CHOptions, RedisURL: env.RedisURL, RedisPrefix: env.Redis.Prefix + "bench:",
		Concurrency: 4, BatchRows: 1000, Out: out, Progress: &bytes.Buffer{},
		TenantExports: 4, SlowReaders: 2, SlowReadBytes: 1 << 10, RequestTimeout: 15 * time.Second,
	}
	o.quick()
	o.Duration = 200 * time.Millisecond
	return o
}

// TestQuickRun runs the whole driver at smoke-test sizes against the test
// servers: it seeds, serves, measures every route and the baseline, and
// prints the table with a line for each. A second run reuses the seed.
func TestQuickRun(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute) // generous: a loaded machine is slow, not wrong
	defer cancel()
	var out bytes.Buffer
	if _, err := bench(ctx, quickOptions(&out)); err != nil {
		t.Fatalf("bench: %v\n%s", err, out.String())
	}
	table := out.String()
	t.Log("\n" + table)
	want := []string{
		"| route | cache | p50 ms | p95 ms | p99 ms | req/s | target | met |",
		"| GET /api/overview (30d) | cold |",
		"| GET /api/overview (30d) | cold, nothing kept |",
		"| GET /api/overview (30d) | warm |",
		"| GET /api/videos?sort=views | cold |",
		"| GET /api/videos?sort=views | cold, nothing kept |",
		"| GET /api/videos?sort=views | warm |",
		"| GET /api/videos?sort=gained24h | cold |",
		"| GET /api/videos?sort=gained24h | cold, nothing kept |",
		"| GET /api/videos?sort=gained24h | warm |",
		"| GET /api/accounts | cold |",
		"| GET /api/accounts | cold, nothing kept |",
		"| GET /api/accounts | warm |",
		"| GET /api/overview/by-publish-day (30d) | cold |",
		"| GET /api/overview/by-publish-day (all) | warm |",
		"| GET /api/accounts/{id}/analytics | cold |",
		"| GET /api/accounts/{id}/analytics | cold, nothing kept |",
		"| GET /api/accounts/{id}/analytics | warm |",
		"| GET /api/organisation/rollup (30d, 6 workspaces) | cold, every workspace |",
		"| GET /api/organisation/rollup (30d, 6 workspaces) | cold, one workspace |",
		"| GET /api/organisation/rollup (30d, 6 workspaces) | warm |",
		"| GET /api/videos?sort=views&limit=50 (without insights) | cold |",
		"| GET /api/videos?sort=views&limit=50 (with insights) | cold |",
		"| GET /api/videos?sort=outlier&limit=50 (with insights) | cold |",
		"| GET /api/videos?sort=forecast7d&limit=50 (with insights) | cold |",
		"- the first insights step over the large workspace",
		"| items | p50 ms | p95 ms | held back for the budget | target | met |",
		"| GET /api/export?type=videos",
		"| GET /api/videos of another workspace, alone | warm |",
		"| GET /api/videos of another workspace, during 4 parallel exports of 60 rows | warm |",
		"| GET /api/export?type=videos, 4 parallel exports of 60 rows | cold |",
		"| GET /api/videos of another workspace, during 2 slow export readers (10 KiB/s each) | warm |",
		"- during 4 parallel exports of 60 rows: 1-minute load average",
		"| PostgreSQL baseline: overview (30d) |",
		"| PostgreSQL baseline: videos by views |",
		"| PostgreSQL baseline: videos by 24 h gain |",
		"- seed: seeded now; 3,384 snapshot rows",
		"ClickHouse metric_snapshots: 3,384 rows, 3,024 of them the large workspace's",
	}
	for _, w := range want {
		if !strings.Contains(table, w) {
			t.Errorf("the report lacks %q", w)
		}
	}
	// and the refresh planner's own table: its header and one row
	if got := strings.Count(table, "\n| "); got != 39 {
		t.Errorf("the tables have %d lines, want the header and 36 rows, and the planner's header and row", got)
	}

	out.Reset()
	if _, err := bench(ctx, quickOptions(&out)); err != nil {
		t.Fatalf("second bench: %v", err)
	}
	if !strings.Contains(out.String(), "- seed: reused") || !strings.Contains(out.String(), "3,384 rows, reused") {
		t.Errorf("the second run did not reuse the seed:\n%s", out.String())
	}
}

func TestGeneratorCountsEveryRow(t *testing.T) {
	budget := sizes{Videos: 500, Accounts: 7, Days: 12, Small: 2, SmallVideos: 3, SmallDays: 2, Budget: true}
	for _, sz := range []sizes{quickSizes, {Videos: 7, Accounts: 2, Days: 3, Small: 3, SmallVideos: 4, SmallDays: 5}, budget} {
		w := newWorld(sz, time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC))
		g := newGenerator(w)
		var r row
		last := map[[16]byte]uint64{}
		lastAt := map[[16]byte]time.Time{}
		published := map[[16]byte]time.Time{}
		for _, v := range w.Big.Videos {
			published[v.ID] = v.Published
		}
		for g.next(&r) {
			if r.At.After(w.End) {
				t.Fatalf("snapshot at %s after the last hour %s", r.At, w.End)
			}
			if p, ok := published[r.Entity]; ok && r.At.Before(p) {
				t.Fatalf("%s: a snapshot of video %s at %s, before it was published at %s", sz, r.Entity, r.At, p)
			}
			// views never go down
			if r.Kind == 1 {
				if r.Values[0] < last[r.Entity] {
					t.Fatalf("views of %s fell from %d to %d", r.Entity, last[r.Entity], r.Values[0])
				}
				last[r.Entity] = r.Values[0]
			}
			lastAt[r.Entity] = r.At
		}
		if g.count != sz.rows() {
			t.Errorf("%s: generated %d rows, sizes.rows() says %d", sz, g.count, sz.rows())
		}
		if !sz.Budget {
			continue
		}
		// hourly while young, daily after: far fewer rows than hourly, and the
		// last scrape of each video and account where the seed's rows say
		if hourly := int64(sz.hours()) * int64(sz.Videos+sz.Accounts); g.count*3 > hourly {
			t.Errorf("%s: %d rows, not much fewer than hourly's %d", sz, g.count, hourly)
		}
		first := w.End.Add(-time.Duration(sz.hours()-1) * time.Hour)
		for i, v := range w.Big.Videos {
			if want := first.Add(time.Duration(sz.videoLastHour(i)) * time.Hour); !lastAt[v.ID].Equal(want) {
				t.Fatalf("video %d last scraped %s, videoLastHour says %s", i, lastAt[v.ID], want)
			}
		}
		for k, a := range w.Big.Accounts {
			if want := first.Add(time.Duration(sz.accountLastHour(k)) * time.Hour); !lastAt[a.ID].Equal(want) {
				t.Fatalf("account %d last scraped %s, accountLastHour says %s", k, lastAt[a.ID], want)
			}
		}
	}
}

func TestSummarize(t *testing.T) {
	var ds []time.Duration
	for i := 100; i >= 1; i-- {
		ds = append(ds, time.Duration(i)*time.Millisecond)
	}
	s := summarize(ds, 2*time.Second)
	if s.P50 != 50*time.Millisecond || s.P95 != 95*time.Millisecond || s.P99 != 99*time.Millisecond || s.PerSec != 50 {
		t.Errorf("summarize = %+v", s)
	}
	if s := summarize([]time.Duration{time.Second}, 0); s.P99 != time.Second || s.PerSec != 0 {
		t.Errorf("one sample: %+v", s)
	}
}

// TestQuickGrowth runs the growth phase at smoke-test sizes: the default
// world and every scenario are seeded in databases of their own, measured,
// and reported with their ratios to the default world and their targets.
func TestQuickGrowth(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute) // generous: a loaded machine is slow, not wrong
	defer cancel()
	var out bytes.Buffer
	o := quickOptions(&out)
	o.Only = phases{"growth": true}
	for _, sc := range growthScenarios {
		so, err := scenarioOptions(o, sc)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { dropScenario(t, so) })
	}
	if _, err := bench(ctx, o); err != nil {
		t.Fatalf("bench: %v\n%s", err, out.String())
	}
	report := out.String()
	t.Log("\n" + report)
	agency, err := scenarioOptions(o, growthScenarios[2])
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []string{
		"| default (before) | 60 | 2 | 3,384 | GET /api/overview (30d) |",
		"| 365 days of history | 60 | 8 | 12,456 | GET /api/videos?sort=views |",
		"| 10× the videos | 600 | 2 | 30,600 | GET /api/overview (30d) |",
		fmt.Sprintf("| 100× the videos, budget density | 6,000 | 2 | %s | GET /api/videos?sort=gained7d |", thousands(float64(agency.Sizes.rows()))),
		"| default (after) | 60 | 2 | 3,384 | GET /api/videos?sort=views |",
		"GET /api/videos?sort=gained24h, nothing kept",
		"p95 ≤ 1.5× default",
		"p95 ≤ 1.5× default, p95 ≤ 250ms",
		"(p95 ≤ 1.5× default: ",
		"p95 ≤ 45ms",
		"- 100× the videos, budget density, GET /api/videos?sort=gained24h",
	} {
		if !strings.Contains(report, w) {
			t.Errorf("the report lacks %q", w)
		}
	}
}

// TestCampaignGenerator: the campaign's snapshots start at each video's
// publication, counted by rows(); views never go down; some captions are
// clips posted on two platforms by one creator.
func TestCampaignGenerator(t *testing.T) {
	for _, sz := range []campaignSizes{quickCampaign, {Videos: 400, Creators: 20, Weeks: 2}} {
		w := newCampaignWorld(sz, time.Date(2025, 3, 1, 12, 30, 0, 0, time.UTC))
		if len(w.Videos) != sz.Videos || len(w.Creators) != sz.Creators || len(w.WS.Accounts) < sz.Creators || len(w.WS.Accounts) > 2*sz.Creators {
			t.Fatalf("%s: %d videos, %d creators, %d accounts", sz, len(w.Videos), len(w.Creators), len(w.WS.Accounts))
		}
		first := map[[16]byte]time.Time{}
		for _, v := range w.Videos {
			if v.Published.Before(w.Start) || !v.Published.Before(w.End) {
				t.Fatalf("%s: video published at %s, outside [%s, %s)", sz, v.Published, w.Start, w.End)
			}
		}
		g := &campaignGenerator{w: w}
		var r row
		last := map[[16]byte]uint64{}
		for g.next(&r) {
			if r.At.Before(w.Start) || r.At.After(w.End) {
				t.Fatalf("snapshot at %s outside [%s, %s]", r.At, w.Start, w.End)
			}
			if r.Kind == 1 {
				if _, ok := first[r.Entity]; !ok {
					first[r.Entity] = r.At
				}
				if r.Values[0] < last[r.Entity] {
					t.Fatalf("views of %s fell from %d to %d", r.Entity, last[r.Entity], r.Values[0])
				}
				last[r.Entity] = r.Values[0]
			}
		}
		if g.count != w.rows() {
			t.Errorf("%s: generated %d rows, rows() says %d", sz, g.count, w.rows())
		}
		var posts []payout.Post
		creatorOf := map[[16]byte]string{}
		for _, c := range w.Creators {
			for _, a := range c.Accounts {
				creatorOf[w.WS.Accounts[a].ID] = c.ID.String()
			}
		}
		for _, v := range w.Videos {
			at, ok := first[v.ID]
			if !ok || at.Before(v.Published) || at.Sub(v.Published) >= time.Hour {
				t.Fatalf("video published at %s has its first snapshot at %s", v.Published, at)
			}
			posts = append(posts, payout.Post{ID: v.ID, Payee: creatorOf[v.Account], Platform: platform.Platform(platforms[v.Platform-1]), Caption: v.Caption, Published: v.Published})
		}
		clips := map[string]int{}
		for _, c := range payout.Clips(posts) {
			clips[c]++
		}
		crossPosted := 0
		for _, n := range clips {
			if n > 1 {
				crossPosted++
			}
		}
		if crossPosted == 0 || crossPosted > sz.Videos/4 {
			t.Errorf("%s: %d clips on two platforms", sz, crossPosted)
		}
	}
}

// TestQuickCampaign runs the campaign phase alone at smoke-test sizes: the
// campaign is seeded in databases of its own, settled, measured and
// reported; the default world is not seeded.
func TestQuickCampaign(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute) // generous: a loaded machine is slow, not wrong
	defer cancel()
	var out bytes.Buffer
	o := quickOptions(&out)
	o.Only = phases{"campaign": true}
	co, err := campaignOptions(o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dropScenario(t, co) })
	if _, err := bench(ctx, o); err != nil {
		t.Fatalf("bench: %v\n%s", err, out.String())
	}
	report := out.String()
	t.Log("\n" + report)
	for _, w := range []string{
		"### Campaign: 120 videos by 8 creators over 3 weeks",
		"| GET /api/campaigns (cold) | 3 |",
		"| GET /api/campaigns/{id} (cold) | 3 |",
		"| GET /api/campaigns/{id}/lines?limit=100 (cold) | 3 |",
		"`SettlePayoutsHandler.Settle` | 2 |",
		"the floor and the ledger as the run a week earlier left them) | 2 |",
		"- the seed's settle run (SettlePayoutsHandler.Settle) locked its",
		"seeded now",
	} {
		if !strings.Contains(report, w) {
			t.Errorf("the report lacks %q", w)
		}
	}
	if strings.Contains(report, "| GET /api/overview") {
		t.Error("the default world was measured")
	}
	var locked, v1, v2 int
	db, err := pgx.Connect(ctx, co.PGURL)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close(ctx)
	if err := db.QueryRow(ctx, `SELECT count(*), count(*) FILTER (WHERE rules_version = 1), count(*) FILTER (WHERE rules_version = 2) FROM payout_lines`).Scan(&locked, &v1, &v2); err != nil {
		t.Fatal(err)
	}
	if locked < quickCampaign.Videos/2 || v1 == 0 || v2 == 0 {
		t.Errorf("%d lines locked, %d under v1 and %d under v2", locked, v1, v2)
	}

	out.Reset()
	if _, err := bench(ctx, o); err != nil {
		t.Fatalf("second bench: %v", err)
	}
	if !strings.Contains(out.String(), "reused (seeded earlier)") {
		t.Errorf("the second run did not reuse the seed:\n%s", out.String())
	}
}

// dropScenario drops a scenario's databases.
func dropScenario(t *testing.T, o options) {
	ctx := context.Background()
	for _, db := range []string{o.CH.Database, schema.AnalyticsDatabase(o.CH.Database)} {
		if err := env.CH.Exec(ctx, "DROP DATABASE IF EXISTS "+db); err != nil {
			t.Errorf("drop %s: %v", db, err)
		}
	}
	u, err := url.Parse(o.PGURL)
	if err != nil {
		t.Fatal(err)
	}
	admin, err := pgx.Connect(ctx, withDatabase(o.PGURL, "postgres"))
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{strings.TrimPrefix(u.Path, "/")}.Sanitize()+" WITH (FORCE)"); err != nil {
		t.Errorf("drop %s: %v", u.Path, err)
	}
}

// TestMemoryGrowth: the meter sees memory the process takes while it runs.
func TestMemoryGrowth(t *testing.T) {
	m := startMem()
	b := make([]byte, 64<<20)
	for i := range b {
		b[i] = byte(i)
	}
	time.Sleep(50 * time.Millisecond) // a sample or more of the heap
	g := m.end()
	t.Log(g)
	// RSS is read as the kernel's high-water mark, which may already hold
	// memory freed before the start: the 64 MB show in full in the heap
	// only, and in RSS at least by half
	if g.Before == 0 || g.Growth() < 32<<20 || g.HeapPeak < g.HeapBefore+60<<20 {
		t.Errorf("64 MB written during the measurement, growth %d bytes: %s", g.Growth(), g)
	}
	if b[len(b)-1] != byte(len(b)-1) {
		t.Fatal("unreachable")
	}
}
