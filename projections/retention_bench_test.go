package projections_test

import (
	"context"
	"flag"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/projections"
	"github.com/reeltrack/reeltrack/schema"
)

// benchVideos lists the workspace sizes BenchmarkRetention seeds, e.g.
// go test -run '^$' -bench Retention -benchtime 1x ./projections -args -videos 100000,1000000
var benchVideos = flag.String("videos", "10000,100000", "comma-separated workspace sizes (videos) of BenchmarkRetention")

// BenchmarkRetention seeds a workspace of videos with a snapshot each in
// two months past the retention and one inside it, then times the drop
// of the expired months and reports the Go heap it needed above its level
// before (peak-heap-KiB), which stays flat from one size to the next: the
// job reads partition ids, never rows.
func BenchmarkRetention(b *testing.B) {
	ctx := context.Background()
	now := time.Date(2026, 5, 15, 12, 0, 0, 0, time.UTC)
	const retention = 60 * 24 * time.Hour // January and February expire
	placement := schema.Placement{DB: env.CHOptions.Database, Cluster: env.CHOptions.Cluster, Node: store.NodeDialer(env.CHOptions)}
	for _, s := range strings.Split(*benchVideos, ",") {
		videos, err := strconv.Atoi(strings.TrimSpace(s))
		if err != nil || videos <= 0 {
			b.Fatalf("-videos: %q is not a size", s)
		}
		b.Run(fmt.Sprintf("videos=%d", videos), func(b *testing.B) {
			var peak uint64
			for range b.N {
				b.StopTimer()
				began := time.Now()
				ws := uuid.New()
				w := ingest.NewSnapshotWriter(env.CH, 100_000, time.Now())
				for i := range videos {
					video := uuid.New()
					published := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i%720) * time.Hour)
					for n, at := range []time.Time{published.AddDate(0, 0, 1), published.AddDate(0, 1, 1), published.AddDate(0, 3, 1)} {
						views := uint64(1000*(n+1) + i%1000)
						if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: video,
							ScrapedAt: at, Metrics: ingest.Metrics{Views: &views}, JobID: uuid.New(), PublishedAt: published}); err != nil {
							b.Fatal(err)
						}
					}
				}
				if err := w.Flush(ctx); err != nil {
					b.Fatal(err)
				}
				b.Logf("seeded %d videos (%d snapshots) in %v", videos, 3*videos, time.Since(began).Round(time.Second))
				b.StartTimer()
				var dropped []string
				peak = max(peak, testenv.PeakHeap(func() { dropped, err = projections.DropExpiredSnapshots(ctx, env.CH, placement, now, retention) }))
				if err != nil {
					b.Fatal(err)
				}
				if len(dropped) < 2 {
					b.Fatalf("dropped %v, want January and February", dropped)
				}
			}
			b.ReportMetric(float64(peak)/(1<<10), "peak-heap-KiB")
		})
	}
}
