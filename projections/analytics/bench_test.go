package analytics_test

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/projections/analytics"
	"github.com/reeltrack/reeltrack/schema"
)

// benchVideos lists the workspace sizes BenchmarkAnalyticsSync seeds, e.g.
// go test -run '^$' -bench AnalyticsSync -benchtime 1x ./projections/analytics -args -videos 100000,1000000
var benchVideos = flag.String("videos", "10000,100000", "comma-separated workspace sizes (videos) of BenchmarkAnalyticsSync")

func sizes(b *testing.B, list string) []int {
	b.Helper()
	var out []int
	for _, s := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || n <= 0 {
			b.Fatalf("-videos: %q is not a size", s)
		}
		out = append(out, n)
	}
	return out
}

// seedVideos empties the package database's accounts, videos and recorded
// deletes, then records one workspace with videos videos (one in three
// found through one of videos/100 accounts) and videos/10 deleted ones.
func seedVideos(b *testing.B, videos int) uuid.UUID {
	b.Helper()
	ctx := context.Background()
	if _, err := env.PG.Exec(ctx, `TRUNCATE videos, accounts, analytics_deletions CASCADE`); err != nil {
		b.Fatal(err)
	}
	ws := workspace(b)
	accounts := max(videos/100, 1)
	if _, err := env.PG.Exec(ctx, `INSERT INTO accounts (id, workspace_id, platform, handle, url, status, tracking_limit, display_name, created_at)
		SELECT gen_random_uuid(), $1, 'tiktok', 'acct' || i, 'https://www.tiktok.com/@acct' || i, 'active', 100, 'Account ' || i, now()
		FROM generate_series(1, $2) i`, ws, accounts); err != nil {
		b.Fatal(err)
	}
	const insert = `INSERT INTO videos (id, workspace_id, platform, platform_video_id, url, account_id, account_handle, caption,
			published_at, tracked_individually, status, created_at, last_scraped_at)
		SELECT gen_random_uuid(), $1, 'tiktok', $3 || i, 'https://www.tiktok.com/@user/video/' || $3 || i,
			CASE WHEN i % 3 = 0 THEN a.ids[1 + i % cardinality(a.ids)] END, CASE WHEN i % 3 = 0 THEN 'acct' ELSE '' END,
			'caption of video ' || i || ' #fyp #launch', now() - make_interval(hours => i % 2160), i % 3 <> 0, 'active',
			now() - make_interval(hours => i % 2160), now()
		FROM generate_series(1, $2) i, (SELECT array_agg(id) AS ids FROM accounts WHERE workspace_id = $1) a`
	if _, err := env.PG.Exec(ctx, insert, ws, videos, "7"); err != nil {
		b.Fatal(err)
	}
	if _, err := env.PG.Exec(ctx, insert, ws, videos/10, "8"); err != nil {
		b.Fatal(err)
	}
	if _, err := env.PG.Exec(ctx, `DELETE FROM videos WHERE workspace_id = $1 AND platform_video_id LIKE '8%'`, ws); err != nil {
		b.Fatal(err)
	}
	if _, err := env.PG.Exec(ctx, `VACUUM ANALYZE videos, accounts, analytics_deletions`); err != nil {
		b.Fatal(err)
	}
	return ws
}

// BenchmarkAnalyticsSync times a sync that copies a whole workspace (the
// first run, or one after the watermark is lost: every video and every
// recorded delete) and reports the Go heap it needed above its level
// before (peak-heap-MiB), which stays flat from one size to the next.
func BenchmarkAnalyticsSync(b *testing.B) {
	ctx := context.Background()
	for _, videos := range sizes(b, *benchVideos) {
		b.Run(fmt.Sprintf("videos=%d", videos), func(b *testing.B) {
			began := time.Now()
			seedVideos(b, videos)
			b.Logf("seeded %d videos in %v", videos, time.Since(began).Round(time.Second))
			var peak uint64
			var copied int
			b.ResetTimer()
			for range b.N {
				b.StopTimer()
				p := schema.Placement{DB: db(), Cluster: env.CHOptions.Cluster}
				for _, d := range analytics.Dimensions {
					if err := env.CH.Exec(ctx, p.Truncate(d+"_rows")); err != nil {
						b.Fatal(err)
					}
				}
				if _, err := env.PG.Exec(ctx, `DELETE FROM analytics_sync`); err != nil {
					b.Fatal(err)
				}
				b.StartTimer()
				var res analytics.Synced
				var err error
				peak = max(peak, testenv.PeakHeap(func() { res, err = analytics.Sync(ctx, env.PG, env.CH, db()) }))
				if err != nil {
					b.Fatal(err)
				}
				if res.Rows["videos"] < videos+videos/10 {
					b.Fatalf("copied %v, want %d videos and %d deletes", res.Rows, videos, videos/10)
				}
				copied = res.Rows["videos"] + res.Rows["accounts"]
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
			b.ReportMetric(float64(copied), "rows")
		})
	}
}
