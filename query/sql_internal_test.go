package query

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query/chread"
)

var update = flag.Bool("update", false, "rewrite testdata/sql from the rendered SQL")

// renderedQuery is a ClickHouse query value.
type renderedQuery interface {
	SQL() (string, []any)
}

// TestRenderedSQL pins the text and the parameters of each dashboard
// query for representative inputs, built as the handlers build them, in
// testdata/sql/<name>.sql (rewrite with go test ./query/ -run
// TestRenderedSQL -update, and review the diff). The answers these texts
// give are checked by the tests that recompute them from raw snapshots.
// The inputs of the golden cases: one workspace, two ids (videos, and
// the first an account too), and a time mid-hour, so that the 24h cutoffs
// are not midnight.
var (
	goldenWorkspace = uuid.MustParse("0b9c2f3e-1111-4a2b-8c3d-000000000001")
	goldenIDs       = []uuid.UUID{uuid.MustParse("0b9c2f3e-2222-4a2b-8c3d-000000000002"), uuid.MustParse("0b9c2f3e-3333-4a2b-8c3d-000000000003")}
	goldenNow       = time.Date(2026, 11, 20, 12, 34, 56, 789, time.UTC)
)

// renderedCase is one golden case: a dashboard query built as its handler
// builds it.
type renderedCase struct {
	name string
	q    renderedQuery
}

// renderedCases are the dashboard's ClickHouse queries for representative
// inputs, each shape the handlers send.
func renderedCases() []renderedCase {
	ws, ids, now := goldenWorkspace, goldenIDs, goldenNow
	w := func(p Preset) Window { return WindowOf(p, now) }
	return []renderedCase{
		// GET /videos, the export and the videos of the accounts list
		{"videos_list", videoListMetrics(ws, now)},
		{"videos_sort_views", mustSort(videoSortMetrics(ws, now, SortViews))},
		{"videos_sort_engagement", mustSort(videoSortMetrics(ws, now, SortEngagement))},
		{"videos_sort_gained24h", mustSort(videoSortMetrics(ws, now, SortGained24h))},
		{"videos_sort_gained7d", mustSort(videoSortMetrics(ws, now, SortGained7d))},
		{"videos_sort_saves_top", func() chread.EntitiesQuery { q := mustSort(videoSortMetrics(ws, now, SortSaves)); q.Top = 66; return q }()},
		// the sparklines of GET /videos (a page) and GET /accounts (every video)
		{"videos_page_daily_views", chread.DailyViewsQuery{Workspace: ws, Only: ids, Now: now}},
		{"accounts_daily_views", chread.DailyViewsQuery{Workspace: ws, Now: now}},
		{"videos_sort_likes_top", func() chread.EntitiesQuery { q := mustSort(videoSortMetrics(ws, now, SortLikes)); q.Top = 66; return q }()},
		{"videos_page", func() chread.EntitiesQuery { q := videoListMetrics(ws, now); q.Only = ids; return q }()},
		{"collections", chread.EntitiesQuery{Workspace: ws, Kind: "video", Metric: domain.Views}},
		// GET /export: a chunk's numbers, its ids sent (the first of its
		// two steps)
		{"export_chunk_near", func() chread.EntitiesQuery {
			q := videoListMetrics(ws, now)
			q.Near, q.Only, q.Serial = true, ids, true
			return q
		}()},
		// GET /export?type=daily: a page's days, its ids sent
		{"export_daily", dailySeriesQuery{Workspace: ws, Kind: "video", Only: ids, From: chread.Daily.Floor(now).AddDate(0, 0, -36), To: chread.Daily.Floor(now).AddDate(0, 0, 1)}},
		// GET /overview: totals and movers, then the chart
		{"overview_totals_24h", overviewMetrics(ws, w(Preset24h))},
		{"overview_totals_7d", overviewMetrics(ws, w(Preset7d))},
		{"overview_totals_30d", overviewMetrics(ws, w(Preset30d))},
		// the first of its two steps (chread.Reader.Entities): start values from shortly
		// before each cutoff only
		{"overview_totals_30d_near", func() chread.EntitiesQuery { q := overviewMetrics(ws, w(Preset30d)); q.Near = true; return q }()},
		{"videos_list_near", func() chread.EntitiesQuery { q := videoListMetrics(ws, now); q.Near = true; return q }()},
		{"overview_totals_90d", overviewMetrics(ws, w(Preset90d))},
		{"overview_totals_all", overviewMetrics(ws, w(PresetAll))},
		{"overview_series_24h", viewsSeries(ws, chread.EntityScope{IDs: ids[:1], Except: true}, chread.Hourly, w(Preset24h).Start)},
		{"overview_series_30d", viewsSeries(ws, chread.OnlyIDs(ids), chread.Daily, w(Preset30d).Start)},
		{"overview_series_all", viewsSeries(ws, chread.EntityScope{Except: true}, chread.Daily, chread.Daily.Floor(now.AddDate(0, -3, 0)))},
		// GET /accounts
		{"accounts", accountListMetrics(ws, now)},
		// GET /accounts/{id}/analytics
		{"account_analytics_followers_hour", analyticsFollowers(ws, ids[0], chread.Hourly, chread.Hourly.Floor(now).Add(-(AnalyticsHours-1)*time.Hour))},
		{"account_analytics_views_day", viewsSeries(ws, chread.OnlyIDs(ids), chread.Daily, chread.Daily.Floor(now).AddDate(0, 0, -40))},
		{"account_analytics_first_followers", firstFollowersQuery(ws, ids[0])},
		// GET /videos/{id}
		{"video_metrics", videoMetrics(ws, ids[0], now)},
		{"video_series_hour", videoHourly(ws, ids[0], now.AddDate(0, -2, 0), now)},
		{"video_series_day", videoDaily(ws, ids[0], now.AddDate(0, -2, 0))},
		// GET /cron/alerts
		{"spikes_gain", spikeScanQuery{Gain: []domain.Metric{domain.Views, domain.Likes}, From: now.Add(-2*24*time.Hour - SpikeLookback).Truncate(time.Hour), Now: now}},
		{"spikes_velocity", spikeScanQuery{Velocity: []domain.Metric{domain.Views}, From: now.Add(-SpikeLookback).Truncate(time.Hour), Now: now}},
		{"spikes_both", spikeScanQuery{Gain: []domain.Metric{domain.Comments, domain.Views}, Velocity: []domain.Metric{domain.Shares, domain.Views}, From: now.Add(-2*6*time.Hour - SpikeLookback).Truncate(time.Hour), Now: now}},
	}
}

func TestRenderedSQL(t *testing.T) {
	t.Parallel()
	for _, c := range renderedCases() {
		t.Run(c.name, func(t *testing.T) {
			sql, args := c.q.SQL()
			got := describeArgs(args)
			if s, ok := c.q.(chread.SeriesQuery); ok {
				tbl, err := s.ScopeTable()
				if err != nil {
					t.Fatal(err)
				}
				if tbl != nil {
					got += fmt.Sprintf("-- table %s (%s): %d rows\n", tbl.Name(), tbl.Structure(), tbl.Block().Rows())
				}
			}
			got += sql
			checkBound(t, sql, args)
			// Entities reads the start values in a second query beside it
			if e, ok := c.q.(chread.EntitiesQuery); ok && len(e.Cutoffs) > 0 {
				sql, args := e.StartsSQL()
				got += "\n\n-- the start values, read at once beside it\n" + describeArgs(args) + sql
				checkBound(t, sql, args)
			}
			path := filepath.Join("testdata", "sql", c.name+".sql")
			if *update {
				if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (create it with -update)", err)
			}
			if got != string(want) {
				t.Errorf("rendered SQL differs from %s (rewrite with -update if intended):\n%s", path, firstDiff(string(want), got))
			}
		})
	}
}

// describeArgs lists named parameters one a line, as SQL comments.
func describeArgs(args []any) string {
	var b strings.Builder
	for _, a := range args {
		n, ok := a.(driver.NamedValue)
		if !ok {
			fmt.Fprintf(&b, "-- positional %T %v\n", a, a)
			continue
		}
		v := n.Value
		if t, ok := v.(time.Time); ok {
			v = t.UTC().Format(time.RFC3339Nano)
		}
		fmt.Fprintf(&b, "-- @%s %T %v\n", n.Name, n.Value, v)
	}
	return b.String()
}

var paramRE = regexp.MustCompile(`@([a-z_][a-z0-9_]*)`)

// checkBound fails when the text names a parameter that is not bound, or
// holds a value where a parameter should be.
func checkBound(t *testing.T, sql string, args []any) {
	t.Helper()
	bound := map[string]bool{}
	for _, a := range args {
		if n, ok := a.(driver.NamedValue); ok {
			bound[n.Name] = true
		}
	}
	for _, m := range paramRE.FindAllStringSubmatch(sql, -1) {
		if !bound[m[1]] {
			t.Errorf("@%s is not bound", m[1])
		}
	}
	if strings.Contains(sql, "0b9c2f3e") || strings.Contains(sql, "2026-") {
		t.Errorf("a value is written into the text")
	}
}

// firstDiff shows the first line where two texts differ.
func firstDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			return fmt.Sprintf("line %d\nwant: %s\ngot:  %s", i+1, a, b)
		}
	}
	return ""
}

// TestSQLTakesOnlyKnownMetrics: a metric reaches the text only through the
// allow-list.
func TestSQLTakesOnlyKnownMetrics(t *testing.T) {
	t.Parallel()
	bad := domain.Metric("views) OR (1")
	for name, q := range map[string]renderedQuery{
		"entities": chread.EntitiesQuery{Kind: "video", Metric: bad},
		"series":   chread.SeriesQuery{Kind: "video", Metric: bad, Granularity: chread.Daily},
		"first":    firstRecordedQuery{Kind: "video", Metric: bad},
		"spikes":   spikeScanQuery{Gain: []domain.Metric{domain.Saves}},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: rendered with metric outside the allow-list", name)
				}
			}()
			q.SQL()
		}()
	}
}

func mustSort(q chread.EntitiesQuery, ok bool) chread.EntitiesQuery {
	if !ok {
		panic("the sort reads no numbers")
	}
	return q
}
