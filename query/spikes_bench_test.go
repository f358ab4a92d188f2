package query_test

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/query"
)

// BenchmarkSpikeScan scans workspaces of 100 accounts with 100 videos
// each, hourly snapshots over the last 30 hours, 1 % of the videos taking
// off, with 5 rules per workspace over windows of 1 to 24 hours: 100,000
// videos and 50 gain and growth_pct rules; and 10,000 videos with rules
// that include velocity_vs_baseline, whose comparison of every video with
// its account's other videos grows with the square of the videos per
// account. It reports the scan's duration, the hits and the Go heap
// allocated per scan.
func BenchmarkSpikeScan(b *testing.B) {
	b.Run("100k-videos-gain+growth", func(b *testing.B) { benchSpikeScan(b, 10, false) })
	b.Run("10k-videos-with-velocity", func(b *testing.B) { benchSpikeScan(b, 1, true) })
}

func benchSpikeScan(b *testing.B, workspaces int, velocity bool) {
	ctx := context.Background()
	now := time.Now().UTC().Truncate(time.Hour).Add(-time.Minute)
	const accounts, perAccount, hours = 100, 100, 30
	var rules []query.SpikeRule
	owner := uuid.New()
	if _, err := env.PG.Exec(ctx, `INSERT INTO users (id, email) VALUES ($1, $2)`, owner, owner.String()+"@example.com"); err != nil {
		b.Fatal(err)
	}
	batch, err := env.CH.PrepareBatch(ctx, `INSERT INTO metric_snapshots (workspace_id, platform, entity_kind, entity_id, account_id, scraped_at, views, likes, job_id, version)`)
	if err != nil {
		b.Fatal(err)
	}
	conditions := []string{"gain", "growth_pct"}
	if velocity {
		conditions = append(conditions, "velocity_vs_baseline")
	}
	for range workspaces {
		ws := uuid.New()
		if _, err := env.PG.Exec(ctx, `INSERT INTO workspaces (id, name, owner_id, plan, video_limit, seat_limit) VALUES ($1, 'bench', $2, 'agency', 20000, 5)`, ws, owner); err != nil {
			b.Fatal(err)
		}
		for r := range 5 {
			cond := conditions[r%len(conditions)]
			threshold := map[string]float64{"gain": 50000, "growth_pct": 80, "velocity_vs_baseline": 4}[cond]
			rules = append(rules, query.SpikeRule{ID: uuid.New(), WorkspaceID: ws, Metric: query.Views, Condition: cond,
				Threshold: threshold, WindowHours: []int{1, 3, 6, 12, 24}[r], CooldownHours: 24})
		}
		for a := range accounts {
			acc := uuid.New()
			if _, err := env.PG.Exec(ctx, `INSERT INTO accounts (id, workspace_id, platform, handle, url, status) VALUES ($1, $2, 'tiktok', $3, 'u', 'active')`,
				acc, ws, fmt.Sprintf("a%d", a)); err != nil {
				b.Fatal(err)
			}
			rows, err := env.PG.Query(ctx, `
				INSERT INTO videos (id, workspace_id, platform, platform_video_id, url, account_id, published_at, tracked_individually, status)
				SELECT gen_random_uuid(), $1, 'tiktok', $2 || '-' || g, 'u', $3, $4::timestamptz - (g || ' hours')::interval, false, 'active'
				FROM generate_series(1, $5) g RETURNING id, published_at`, ws, acc.String(), acc, now, perAccount)
			if err != nil {
				b.Fatal(err)
			}
			v := 0
			for rows.Next() {
				var id uuid.UUID
				var published time.Time
				if err := rows.Scan(&id, &published); err != nil {
					b.Fatal(err)
				}
				viral := v%100 == 7
				v++
				for h := hours; h >= 0; h-- {
					at := now.Add(-time.Duration(h) * time.Hour)
					if at.Before(published) {
						continue
					}
					age := at.Sub(published).Hours()
					views := uint64(1000 + 50*age)
					if viral && h < 4 {
						views += uint64(40000 * (4 - h))
					}
					likes := views / 10
					if err := batch.Append(ws, "tiktok", "video", id, acc, at, &views, &likes, uuid.Nil, uint64(1)); err != nil {
						b.Fatal(err)
					}
				}
			}
			rows.Close()
		}
	}
	if err := batch.Send(); err != nil {
		b.Fatal(err)
	}
	h := query.SpikesHandler{DB: env.PG, CH: env.CH, Now: func() time.Time { return now }}
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
		if scan.Videos != workspaces*accounts*perAccount {
			b.Fatalf("scanned %d videos", scan.Videos)
		}
		hits = len(scan.Spikes)
		alloc = after.TotalAlloc - before.TotalAlloc
	}
	b.ReportMetric(float64(hits), "hits")
	b.ReportMetric(float64(alloc)/(1<<20), "alloc-MB/scan")
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/scan")
}
