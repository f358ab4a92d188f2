package query_test

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query"
)

// BenchmarkSpikeScan scans 10 workspaces of 100 accounts with 100 videos
// each (100,000 videos, published one an hour over the last 100 hours),
// hourly snapshots over the last 30 hours, 1 % of the videos taking off in
// the last 4 hours, with 5 rules per workspace over windows of 1 to 24
// hours (50 rules): once with gain and growth_pct rules on views only, and
// once with a mix of gain and growth_pct on views and likes and two
// velocity_vs_baseline rules per workspace. Every video is young enough
// for velocity_vs_baseline and has 99 siblings, the most work that
// condition can take per video. It reports the scan's duration, the hits
// and the Go heap allocated per scan.
func BenchmarkSpikeScan(b *testing.B) {
	b.Run("100k-videos-gain+growth", func(b *testing.B) {
		benchSpikeScan(b, []benchRule{
			{"gain", domain.Views, 50000}, {"growth_pct", domain.Views, 80}, {"gain", domain.Views, 50000},
			{"growth_pct", domain.Views, 80}, {"gain", domain.Views, 50000},
		})
	})
	b.Run("100k-videos-mix-with-velocity", func(b *testing.B) {
		benchSpikeScan(b, []benchRule{
			{"gain", domain.Views, 30000}, {"growth_pct", domain.Views, 80}, {"velocity_vs_baseline", domain.Views, 4},
			{"gain", domain.Likes, 10000}, {"velocity_vs_baseline", domain.Views, 4},
		})
	})
}

// benchRule is a rule of each benchmark workspace; the i-th one has the
// i-th of the windows 1, 3, 6, 12 and 24 hours.
type benchRule struct {
	condition domain.Condition
	metric    domain.Metric
	threshold float64
}

const benchWorkspaces, benchAccounts, benchPerAccount, benchHours = 10, 100, 100, 30

var benchSeed struct {
	once       sync.Once
	now        time.Time
	workspaces []uuid.UUID
	err        error
}

// seedSpikeBench writes the benchmark's videos and snapshots once per run.
func seedSpikeBench(ctx context.Context) ([]uuid.UUID, time.Time, error) {
	s := &benchSeed
	s.once.Do(func() {
		s.now = time.Now().UTC().Truncate(time.Hour).Add(-time.Minute)
		s.err = func() error {
			owner := uuid.New()
			if _, err := env.PG.Exec(ctx, `INSERT INTO users (id, email) VALUES ($1, $2)`, owner, owner.String()+"@example.com"); err != nil {
				return err
			}
			batch, err := env.CH.PrepareBatch(ctx, `INSERT INTO metric_snapshots (workspace_id, platform, entity_kind, entity_id, account_id, scraped_at, published_at, views, likes, job_id, version)`)
			if err != nil {
				return err
			}
			for range benchWorkspaces {
				ws := uuid.New()
				s.workspaces = append(s.workspaces, ws)
				if _, err := env.PG.Exec(ctx, `INSERT INTO workspaces (id, name, owner_id, plan, video_limit, seat_limit) VALUES ($1, 'bench', $2, 'agency', 20000, 5)`, ws, owner); err != nil {
					return err
				}
				for a := range benchAccounts {
					acc := uuid.New()
					if _, err := env.PG.Exec(ctx, `INSERT INTO accounts (id, workspace_id, platform, handle, url, status) VALUES ($1, $2, 'tiktok', $3, 'u', 'active')`,
						acc, ws, fmt.Sprintf("a%d", a)); err != nil {
						return err
					}
					rows, err := env.PG.Query(ctx, `
						INSERT INTO videos (id, workspace_id, platform, platform_video_id, url, account_id, published_at, tracked_individually, status)
						SELECT gen_random_uuid(), $1, 'tiktok', $2 || '-' || g, 'u', $3, $4::timestamptz - (g || ' hours')::interval, false, 'active'
						FROM generate_series(1, $5) g RETURNING id, published_at`, ws, acc.String(), acc, s.now, benchPerAccount)
					if err != nil {
						return err
					}
					v := 0
					for rows.Next() {
						var id uuid.UUID
						var published time.Time
						if err := rows.Scan(&id, &published); err != nil {
							return err
						}
						viral := v%100 == 7
						v++
						for h := benchHours; h >= 0; h-- {
							at := s.now.Add(-time.Duration(h) * time.Hour)
							if at.Before(published) {
								continue
							}
							age := at.Sub(published).Hours()
							views := uint64(1000 + 50*age)
							if viral && h < 4 {
								views += uint64(40000 * (4 - h))
							}
							likes := views / 10
							if err := batch.Append(ws, "tiktok", "video", id, acc, at, published, &views, &likes, uuid.Nil, uint64(1)); err != nil {
								return err
							}
						}
					}
					rows.Close()
					if err := rows.Err(); err != nil {
						return err
					}
				}
			}
			return batch.Send()
		}()
	})
	return s.workspaces, s.now, s.err
}

func benchSpikeScan(b *testing.B, mix []benchRule) {
	ctx := context.Background()
	workspaces, now, err := seedSpikeBench(ctx)
	if err != nil {
		b.Fatal(err)
	}
	var rules []domain.SpikeRule
	for _, ws := range workspaces {
		for i, r := range mix {
			rules = append(rules, domain.SpikeRule{
				ID:            uuid.New(),
				WorkspaceID:   ws,
				SpikeSettings: domain.SpikeSettings{Metric: r.metric, Condition: r.condition, Threshold: r.threshold, WindowHours: []int{1, 3, 6, 12, 24}[i], CooldownHours: 24},
			})
		}
	}
	h := query.SpikeScanner{DB: env.PG, CH: env.CH, Now: func() time.Time { return now }}
	var hits int
	var alloc uint64
	b.ResetTimer()
	for range b.N {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		scan, err := h.Scan(ctx, rules)
		runtime.ReadMemStats(&after)
		if err != nil {
			b.Fatal(err)
		}
		if scan.Videos != benchWorkspaces*benchAccounts*benchPerAccount {
			b.Fatalf("scanned %d videos", scan.Videos)
		}
		hits = len(scan.Spikes)
		alloc = after.TotalAlloc - before.TotalAlloc
	}
	b.ReportMetric(float64(hits), "hits")
	b.ReportMetric(float64(alloc)/(1<<10), "alloc-KB/scan")
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/scan")
}
