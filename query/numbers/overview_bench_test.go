package numbers_test

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// The overview benchmark's workspace: overviewBenchVideos videos on
// TikTok and Instagram (Instagram hides saves, as it does), with hourly
// snapshots of every count over the last overviewBenchDays days.
const overviewBenchVideos, overviewBenchDays = 2000, 60

var overviewSeed struct {
	once sync.Once
	ws   uuid.UUID
	now  time.Time
	err  error
}

// seedOverviewBench writes the benchmark's workspace once per run.
func seedOverviewBench(ctx context.Context) (uuid.UUID, time.Time, error) {
	s := &overviewSeed
	s.once.Do(func() {
		s.now = time.Now().UTC().Truncate(time.Hour).Add(-time.Minute)
		s.ws = uuid.New()
		s.err = func() error {
			owner := uuid.New()
			if _, err := env.PG.Exec(ctx, `INSERT INTO users (id, email) VALUES ($1, $2)`, owner, owner.String()+"@example.com"); err != nil {
				return err
			}
			if _, err := env.PG.Exec(ctx, `INSERT INTO workspaces (id, name, owner_id, plan, video_limit, seat_limit) VALUES ($1, 'bench', $2, 'agency', 20000, 5)`, s.ws, owner); err != nil {
				return err
			}
			rows, err := env.PG.Query(ctx, `
				INSERT INTO videos (id, workspace_id, platform, platform_video_id, url, published_at, tracked_individually, status)
				SELECT gen_random_uuid(), $1, CASE WHEN g % 2 = 0 THEN 'tiktok' ELSE 'instagram' END, 'v' || g, 'u',
					$2::timestamptz - ((g % $3) || ' days')::interval, true, 'active'
				FROM generate_series(1, $4) g RETURNING id, platform, published_at`, s.ws, s.now, overviewBenchDays, overviewBenchVideos)
			if err != nil {
				return err
			}
			type video struct {
				id        uuid.UUID
				platform  string
				published time.Time
			}
			var videos []video
			for rows.Next() {
				var v video
				if err := rows.Scan(&v.id, &v.platform, &v.published); err != nil {
					return err
				}
				videos = append(videos, v)
			}
			if err := rows.Err(); err != nil {
				return err
			}
			batch, err := env.CH.PrepareBatch(ctx, `INSERT INTO metric_snapshots (workspace_id, platform, entity_kind, entity_id, account_id, scraped_at, published_at, views, likes, comments, shares, saves, job_id, version)`)
			if err != nil {
				return err
			}
			for i, v := range videos {
				for h := overviewBenchDays * 24; h >= 0; h-- {
					at := s.now.Add(-time.Duration(h) * time.Hour)
					if at.Before(v.published) {
						continue
					}
					age := uint64(at.Sub(v.published).Hours())
					views := 100 + uint64(i%50)*age*age
					likes, comments, shares := views/12, views/150, views/300
					var saves *uint64
					if v.platform == "tiktok" {
						x := views / 200
						saves = &x
					}
					if err := batch.Append(s.ws, v.platform, "video", v.id, uuid.Nil, at, v.published, &views, &likes, &comments, &shares, saves, uuid.Nil, uint64(1)); err != nil {
						return err
					}
				}
			}
			if err := batch.Send(); err != nil {
				return err
			}
			// merged, as a seed that has settled: figures then do not
			// depend on how far background merges got
			for _, t := range []string{"entity_latest", "entity_daily", "entity_hourly"} {
				if err := env.CH.Exec(ctx, "OPTIMIZE TABLE "+t+" FINAL"); err != nil {
					return err
				}
			}
			return nil
		}()
	})
	return s.ws, s.now, s.err
}

// BenchmarkOverview computes the overview of a workspace of 2,000 videos
// with hourly snapshots over 60 days (about 1.4 million rows) for every
// preset, uncached: the handler, as the API calls it on a miss; then only
// its read of every video's numbers (totals and gains) per preset.
func BenchmarkOverview(b *testing.B) {
	ctx := context.Background()
	ws, now, err := seedOverviewBench(ctx)
	if err != nil {
		b.Fatal(err)
	}
	h := numbers.OverviewHandler{DB: env.PG, CH: env.CH, Now: func() time.Time { return now }}
	for _, p := range query.Presets() {
		b.Run(string(p), func(b *testing.B) {
			for b.Loop() {
				o, err := h.Handle(ctx, ws, numbers.OverviewQuery{Window: p})
				if err != nil {
					b.Fatal(err)
				}
				if o.Totals.Videos != overviewBenchVideos {
					b.Fatalf("%d videos", o.Totals.Videos)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/overview")
		})
	}
	// the read of every video's numbers alone, which the series does not
	// wait for
	for _, p := range query.Presets() {
		b.Run("metrics-"+string(p), func(b *testing.B) {
			for b.Loop() {
				n, err := numbers.ReadOverviewMetrics(ctx, env.CH, ws, p, now)
				if err != nil {
					b.Fatal(err)
				}
				if n != overviewBenchVideos {
					b.Fatalf("%d videos", n)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/read")
		})
	}
}

// BenchmarkVideos reads the first page of the same workspace's videos list,
// uncached, per sort that reads a number from ClickHouse: the ids and sort
// numbers of all 2,000 videos, then the page's details and numbers.
func BenchmarkVideos(b *testing.B) {
	ctx := context.Background()
	ws, now, err := seedOverviewBench(ctx)
	if err != nil {
		b.Fatal(err)
	}
	h := numbers.VideosHandler{DB: env.PG, CH: env.CH, Now: func() time.Time { return now }}
	// kept/: with the start values kept between requests, as after a scrape
	kept := chread.NewStartValueCache(64<<20, time.Hour, slog.New(slog.DiscardHandler), time.Now)
	for _, c := range []struct {
		name string
		ctx  context.Context
	}{
		{"", ctx},
		{"kept/", chread.WithKeptStartValues(ctx, chread.KeptStartValues{Cache: kept, ScrapedUntil: now})},
	} {
		for _, by := range []numbers.VideoSort{numbers.SortViews, numbers.SortGained24h, numbers.SortGained7d} {
			b.Run(c.name+string(by), func(b *testing.B) {
				b.ReportAllocs()
				page := func() {
					p, err := h.Handle(c.ctx, ws, numbers.VideoQuery{Sort: by, Limit: 50})
					if err != nil {
						b.Fatal(err)
					}
					if p.Total != overviewBenchVideos || len(p.Videos) != 50 {
						b.Fatalf("%d videos, %d on the page", p.Total, len(p.Videos))
					}
				}
				// untimed: the start values are kept after the first
				page()
				kept.Wait()
				for b.Loop() {
					page()
				}
				b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/page")
			})
		}
	}
}
