package numbers

import (
	"flag"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/querytest"
)

var update = flag.Bool("update", false, "rewrite testdata/sql from the rendered SQL")

// renderedCase is one golden case: a dashboard query built as its handler
// builds it.
type renderedCase struct {
	name string
	q    querytest.Query
}

// renderedCases are the dashboard's ClickHouse queries for representative
// inputs, each shape the handlers send.
func renderedCases() []renderedCase {
	ws, ids, now := querytest.Workspace, querytest.IDs, querytest.Now
	w := func(p query.Preset) query.Window { return query.WindowOf(p, now) }
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
		{"ranks_daily_scrapes", chread.DailyViewsQuery{Workspace: ws, Only: ids, Now: now, Scrapes: true}},
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
		// a chunk of thousands: the start values from the days ordered by time
		{"export_chunk_near_wide", func() chread.EntitiesQuery {
			q := videoListMetrics(ws, now)
			q.Near, q.Only, q.Serial = true, wideScope(ids), true
			return q
		}()},
		// GET /export?type=daily: a page's days, its ids sent
		{"export_daily", chread.DailySeriesQuery{Workspace: ws, Kind: "video", Only: ids, From: chread.Daily.Floor(now).AddDate(0, 0, -36), To: chread.Daily.Floor(now).AddDate(0, 0, 1)}},
		// and their first values, from which a day without one before it gains
		{"export_daily_firsts", chread.DailyFirstsQuery{Workspace: ws, Kind: "video", Only: ids}},
		// GET /overview: totals and movers, then the chart
		{"overview_totals_24h", overviewMetrics(ws, w(query.Preset24h))},
		{"overview_totals_7d", overviewMetrics(ws, w(query.Preset7d))},
		{"overview_totals_30d", overviewMetrics(ws, w(query.Preset30d))},
		// the first of its two steps (chread.Reader.Entities): start values from shortly
		// before each cutoff only
		{"overview_totals_30d_near", func() chread.EntitiesQuery { q := overviewMetrics(ws, w(query.Preset30d)); q.Near = true; return q }()},
		{"videos_list_near", func() chread.EntitiesQuery { q := videoListMetrics(ws, now); q.Near = true; return q }()},
		{"overview_totals_90d", overviewMetrics(ws, w(query.Preset90d))},
		{"overview_totals_all", overviewMetrics(ws, w(query.PresetAll))},
		{"overview_series_24h", viewsSeries(ws, chread.EntityScope{IDs: ids[:1], Except: true}, chread.Hourly, w(query.Preset24h).Start)},
		{"overview_series_30d", viewsSeries(ws, chread.OnlyIDs(ids), chread.Daily, w(query.Preset30d).Start)},
		{"overview_series_all", viewsSeries(ws, chread.EntityScope{Except: true}, chread.Daily, chread.Daily.Floor(now.AddDate(0, -3, 0)))},
		// GET /accounts
		{"accounts", accountListMetrics(ws, now)},
		// GET /accounts/{id}/analytics
		{"account_analytics_followers_hour", analyticsFollowers(ws, ids[0], chread.Hourly, chread.Hourly.Floor(now).Add(-(AnalyticsHours-1)*time.Hour))},
		// its videos' chart, their first views sent with their ids
		{"account_analytics_views_day", func() chread.SeriesQuery {
			q := viewsSeries(ws, chread.OnlyIDs(ids), chread.Daily, chread.Daily.Floor(now).AddDate(0, 0, -40))
			q.Firsts = make([]uint64, len(ids))
			return q
		}()},
		// the hourly chart's reads from the raw snapshots, where the
		// account's and its videos' rows are together
		{"account_analytics_followers_hour_raw", func() chread.SeriesQuery {
			q := analyticsFollowers(ws, ids[0], chread.Hourly, chread.Hourly.Floor(now).Add(-(AnalyticsHours-1)*time.Hour))
			q.Raw = true
			return q
		}()},
		{"account_analytics_views_hour_raw", func() chread.SeriesQuery {
			q := viewsSeries(ws, chread.OnlyIDs(ids), chread.Hourly, chread.Hourly.Floor(now).Add(-(AnalyticsHours-1)*time.Hour))
			q.Firsts, q.Raw = make([]uint64, len(ids)), true
			return q
		}()},
		{"account_analytics_first_followers", firstFollowersQuery(ws, ids[0])},
		// the insights step's read of every video (command/alerts): latest
		// views, last scrape and 24 h gain
		{"insights_latest", chread.EntitiesQuery{Workspace: ws, Kind: "video", Metric: domain.Views, Read: []domain.Metric{domain.Views},
			Cutoffs: []time.Time{chread.Last24h(now)}, LastAt: true}},
		// GET /videos/{id}
		{"video_metrics", videoMetrics(ws, ids[0], now)},
		{"video_series_hour", videoHourly(ws, ids[0], now.AddDate(0, -2, 0), now)},
		{"video_series_hour_raw", func() chread.VideoSeriesQuery {
			q := videoHourly(ws, ids[0], now.AddDate(0, -2, 0), now)
			q.Raw = true
			return q
		}()},
		{"video_series_day", videoDaily(ws, ids[0], now.AddDate(0, -2, 0))},
		{"video_scrapes", videoScrapesOf(ws, ids[0], now.AddDate(0, -2, 0), now)},
	}
}

// TestRenderedSQL pins the text and the parameters of each dashboard
// query for representative inputs, built as the handlers build them, in
// testdata/sql/<name>.sql (rewrite with go test ./query/numbers/ -run
// TestRenderedSQL -update, and review the diff). The answers these texts
// give are checked by the tests that recompute them from raw snapshots.
func TestRenderedSQL(t *testing.T) {
	t.Parallel()
	querytest.CheckRendered(t, goldenCases(), *update)
}

// goldenCases are the rendered cases as querytest checks them.
func goldenCases() []querytest.Case {
	var out []querytest.Case
	for _, c := range renderedCases() {
		out = append(out, querytest.Case{Name: c.name, Q: c.q})
	}
	return out
}

// TestSQLTakesOnlyKnownMetrics: a metric reaches the text only through the
// allow-list.
func TestSQLTakesOnlyKnownMetrics(t *testing.T) {
	t.Parallel()
	bad := domain.Metric("views) OR (1")
	for name, q := range map[string]querytest.Query{
		"entities": chread.EntitiesQuery{Kind: "video", Metric: bad},
		"series":   chread.SeriesQuery{Kind: "video", Metric: bad, Granularity: chread.Daily},
		"first":    chread.FirstRecordedQuery{Kind: "video", Metric: bad},
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

// wideScope is ids and others up to chread.WideScope.
func wideScope(ids []uuid.UUID) []uuid.UUID {
	out := slices.Clone(ids)
	for i := 0; len(out) < chread.WideScope; i++ {
		out = append(out, uuid.NewSHA1(ids[0], []byte(strconv.Itoa(i))))
	}
	return out
}

func mustSort(q chread.EntitiesQuery, ok bool) chread.EntitiesQuery {
	if !ok {
		panic("the sort reads no numbers")
	}
	return q
}
