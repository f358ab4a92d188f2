package query_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

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
// condition can take per video.
//
// The 1m cases scan one agency workspace of 2,000 accounts with 500 videos
// each (1,000,000 videos) at the density it really has: every video
// scraped once a day at its own minute, so one or two snapshots over the
// last 30 hours, but hourly for the 2 % published in the last 48 hours;
// the others were published over the 180 days before. 1 % take off in the
// last 4 hours. Same rules, in that one workspace.
//
// It reports the scan's duration, the hits and the Go heap allocated per
// scan.
func BenchmarkSpikeScan(b *testing.B) {
	gainGrowth := []benchRule{
		{"gain", domain.Views, 50000}, {"growth_pct", domain.Views, 80}, {"gain", domain.Views, 50000},
		{"growth_pct", domain.Views, 80}, {"gain", domain.Views, 50000},
	}
	mix := []benchRule{
		{"gain", domain.Views, 30000}, {"growth_pct", domain.Views, 80}, {"velocity_vs_baseline", domain.Views, 4},
		{"gain", domain.Likes, 10000}, {"velocity_vs_baseline", domain.Views, 4},
	}
	b.Run("100k-videos-gain+growth", func(b *testing.B) { benchSpikeScan(b, &benchSeed, seedSpikeBench, gainGrowth) })
	b.Run("100k-videos-mix-with-velocity", func(b *testing.B) { benchSpikeScan(b, &benchSeed, seedSpikeBench, mix) })
	b.Run("1m-videos-gain+growth", func(b *testing.B) { benchSpikeScan(b, &largeSeed, seedLargeSpikeBench, gainGrowth) })
	b.Run("1m-videos-mix-with-velocity", func(b *testing.B) { benchSpikeScan(b, &largeSeed, seedLargeSpikeBench, mix) })
}

// benchRule is a rule of each benchmark workspace; the i-th one has the
// i-th of the windows 1, 3, 6, 12 and 24 hours.
type benchRule struct {
	condition domain.Condition
	metric    domain.Metric
	threshold float64
}

const benchWorkspaces, benchAccounts, benchPerAccount, benchHours = 10, 100, 100, 30

// spikeBenchSeed is a seed written once per run: its workspaces and videos.
type spikeBenchSeed struct {
	once       sync.Once
	now        time.Time
	workspaces []uuid.UUID
	videos     int
	err        error
}

var benchSeed, largeSeed spikeBenchSeed

// seedSpikeBench writes the 100k cases' videos and snapshots.
func seedSpikeBench(ctx context.Context, s *spikeBenchSeed) {
	s.videos = benchWorkspaces * benchAccounts * benchPerAccount
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
}

const (
	largeAccounts, largePerAccount = 2000, 500
	// largeYoung: every largeYoung-th video of an account was published in
	// the last 48 hours
	largeYoung = 50
	// largeBatch rows go to ClickHouse at a time
	largeBatch = 500_000
)

// seedLargeSpikeBench writes the 1m cases' workspace: the accounts, then
// their videos 50 accounts at a time with their snapshots.
func seedLargeSpikeBench(ctx context.Context, s *spikeBenchSeed) {
	s.videos = largeAccounts * largePerAccount
	s.once.Do(func() {
		s.now = time.Now().UTC().Truncate(time.Hour).Add(-time.Minute)
		s.err = func() error {
			owner, ws := uuid.New(), uuid.New()
			s.workspaces = []uuid.UUID{ws}
			if _, err := env.PG.Exec(ctx, `INSERT INTO users (id, email) VALUES ($1, $2)`, owner, owner.String()+"@example.com"); err != nil {
				return err
			}
			if _, err := env.PG.Exec(ctx, `INSERT INTO workspaces (id, name, owner_id, plan, video_limit, seat_limit) VALUES ($1, 'bench', $2, 'agency', $3, 5)`,
				ws, owner, 2*largeAccounts*largePerAccount); err != nil {
				return err
			}
			rows, err := env.PG.Query(ctx, `
				INSERT INTO accounts (id, workspace_id, platform, handle, url, status)
				SELECT gen_random_uuid(), $1, 'tiktok', 'a' || g, 'u', 'active' FROM generate_series(1, $2) g RETURNING id`, ws, largeAccounts)
			if err != nil {
				return err
			}
			accounts, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
			if err != nil {
				return err
			}
			const insert = `INSERT INTO metric_snapshots (workspace_id, platform, entity_kind, entity_id, account_id, scraped_at, published_at, views, likes, job_id, version)`
			batch, err := env.CH.PrepareBatch(ctx, insert)
			if err != nil {
				return err
			}
			rng := rand.New(rand.NewPCG(1, 2))
			add := func(id, acc uuid.UUID, published, at time.Time, viral bool) error {
				views := uint64(1000 + 50*at.Sub(published).Hours())
				if ago := s.now.Sub(at).Hours(); viral && ago < 4 {
					views += uint64(40000 * (4 - ago))
				}
				likes := views / 10
				if err := batch.Append(ws, "tiktok", "video", id, acc, at, published, &views, &likes, uuid.Nil, uint64(1)); err != nil {
					return err
				}
				if batch.Rows() < largeBatch {
					return nil
				}
				if err := batch.Send(); err != nil {
					return err
				}
				batch, err = env.CH.PrepareBatch(ctx, insert)
				return err
			}
			v := 0
			for first := 0; first < len(accounts); first += 50 {
				// publish times spread by the video's and the account's numbers:
				// the young ones over the last 48 hours, the others over 180 days before
				rows, err := env.PG.Query(ctx, `
					INSERT INTO videos (id, workspace_id, platform, platform_video_id, url, account_id, published_at, tracked_individually, status)
					SELECT gen_random_uuid(), $1, 'tiktok', a.id || '-' || g, 'u', a.id,
					       $3::timestamptz - interval '1 minute' * CASE WHEN g % $5 = 0 THEN (a.n * 31 + g * 17) % 2880
					                                                    ELSE 2880 + (a.n * 7919 + g * 104729) % 259200 END,
					       false, 'active'
					FROM (SELECT id, n + $6 AS n FROM unnest($2::uuid[]) WITH ORDINALITY u(id, n)) a, generate_series(1, $4) g
					RETURNING id, account_id, published_at`, ws, accounts[first:min(first+50, len(accounts))], s.now, largePerAccount, largeYoung, first)
				if err != nil {
					return err
				}
				for rows.Next() {
					var id, acc uuid.UUID
					var published time.Time
					if err := rows.Scan(&id, &acc, &published); err != nil {
						rows.Close()
						return err
					}
					viral := v%100 == 7
					v++
					if s.now.Sub(published) < 48*time.Hour {
						// hourly since publishing
						for h := 48; h >= 0; h-- {
							if at := s.now.Add(-time.Duration(h) * time.Hour); !at.Before(published) {
								if err := add(id, acc, published, at, viral); err != nil {
									rows.Close()
									return err
								}
							}
						}
						continue
					}
					// once a day at the video's own minute
					for at := s.now.Add(-time.Duration(rng.IntN(24*60)) * time.Minute); s.now.Sub(at) <= 30*time.Hour; at = at.Add(-24 * time.Hour) {
						if err := add(id, acc, published, at, viral); err != nil {
							rows.Close()
							return err
						}
					}
				}
				rows.Close()
				if err := rows.Err(); err != nil {
					return err
				}
			}
			return batch.Send()
		}()
	})
}

func benchSpikeScan(b *testing.B, seed *spikeBenchSeed, write func(context.Context, *spikeBenchSeed), mix []benchRule) {
	ctx := context.Background()
	write(ctx, seed)
	if seed.err != nil {
		b.Fatal(seed.err)
	}
	now := seed.now
	var rules []domain.SpikeRule
	for _, ws := range seed.workspaces {
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
		if scan.Videos != seed.videos {
			b.Fatalf("scanned %d videos", scan.Videos)
		}
		hits = len(scan.Spikes)
		alloc = after.TotalAlloc - before.TotalAlloc
	}
	b.ReportMetric(float64(hits), "hits")
	b.ReportMetric(float64(alloc)/(1<<10), "alloc-KB/scan")
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/scan")
}
