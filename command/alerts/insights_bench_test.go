package alerts_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/chread"
)

// agencyDensity is a workspace's shape at the density an agency's refresh
// budget gives (cmd/bench, sizes.Budget): 100 videos an account, published
// one after another over 90 days, each scraped hourly for 48 hours (one in
// 20 for 7 days, a campaign's window), then once a day at the hour it was
// published.
type agencyDensity struct {
	videos, accounts, hours int
	end                     time.Time // the hour of the last snapshot
}

func (d agencyDensity) published(i int) time.Time {
	return d.end.Add(-time.Duration(d.hours-1-i*d.hours/d.videos) * time.Hour)
}

func (d agencyDensity) hourlyFor(i int) int {
	if i%20 == 0 {
		return 7 * 24
	}
	return 48
}

// due reports whether video i is scraped at t (a whole hour).
func (d agencyDensity) due(i int, t time.Time) bool {
	age := int(t.Sub(d.published(i)).Hours())
	return age >= 0 && (age < d.hourlyFor(i) || age%24 == 0)
}

// views is video i's views at t: a saturating curve of its own scale.
func (d agencyDensity) views(i int, t time.Time) uint64 {
	h := t.Sub(d.published(i)).Hours()
	scale := 1000 + float64((i*7919)%100_000)
	tau := 12 + float64((i*104729)%200)
	return uint64(scale * (1 - math.Exp(-h/tau)))
}

// BenchmarkInsightsAgency seeds a workspace of INSIGHTS_BENCH_VIDEOS videos
// (100,000 when unset) at an agency's density, then times the insights
// step's first run over it (sub-benchmark "first") and hourly runs, each
// after the snapshots of one more hour of the density's scrapes — about
// 1/24 of the videos, plus the young ones scraped hourly ("hourly"):
//
//	go test -run XXX -bench BenchmarkInsightsAgency -benchtime 1x -timeout 60m ./command/alerts
func BenchmarkInsightsAgency(b *testing.B) {
	ctx := context.Background()
	n := 100_000
	if s := os.Getenv("INSIGHTS_BENCH_VIDEOS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil {
			b.Fatal(err)
		}
	}
	d := agencyDensity{videos: n, accounts: max(1, n/100), hours: 90 * 24, end: time.Now().UTC().Truncate(time.Hour)}
	ws := env.Workspace(b, testenv.WorkspaceOptions{})
	seeded := time.Now()
	ids := seedAgency(b, ws, d)
	b.Logf("seeded %d videos in %s", n, time.Since(seeded).Round(time.Second))
	reader := chread.InsightsReader{CH: env.CH}
	now := d.end.Add(30 * time.Minute)
	run := func(b *testing.B, at time.Time) alerts.InsightRun {
		b.StartTimer()
		r, err := alerts.ComputeWorkspaceInsights(ctx, env.PG, reader, ws, at)
		b.StopTimer()
		if err != nil {
			b.Fatal(err)
		}
		return r
	}
	b.Run("first", func(b *testing.B) {
		b.StopTimer()
		for range b.N {
			for _, sql := range []string{`DELETE FROM video_insights WHERE workspace_id = $1`,
				`UPDATE workspaces SET insights_version = NULL, insights_at = NULL WHERE id = $1`} {
				if _, err := env.PG.Exec(ctx, sql, ws); err != nil {
					b.Fatal(err)
				}
			}
			r := run(b, now)
			b.ReportMetric(float64(r.Videos), "videos")
			b.ReportMetric(float64(r.Curves), "curves")
		}
	})
	b.Run("hourly", func(b *testing.B) {
		b.StopTimer()
		// the first runs' deleted rows, as autovacuum would clear them
		if _, err := env.PG.Exec(ctx, `VACUUM ANALYZE video_insights`); err != nil {
			b.Fatal(err)
		}
		for range b.N {
			now = now.Add(time.Hour)
			scraped := scrapeHour(b, ws, d, ids, now.Truncate(time.Hour))
			r := run(b, now)
			b.ReportMetric(float64(scraped), "scraped")
			b.ReportMetric(float64(r.Curves), "curves")
		}
	})
}

// seedAgency writes the workspace's accounts, videos and snapshots up to d.end.
func seedAgency(b *testing.B, ws uuid.UUID, d agencyDensity) []uuid.UUID {
	ctx := context.Background()
	accounts := make([][]any, d.accounts)
	accIDs := make([]uuid.UUID, d.accounts)
	created := d.end.Add(-time.Duration(d.hours) * time.Hour)
	plats := []platform.Platform{platform.TikTok, platform.Instagram}
	for a := range accounts {
		accIDs[a] = uuid.New()
		p := plats[a%len(plats)]
		accounts[a] = []any{accIDs[a], ws, string(p), fmt.Sprintf("acc%d", a), fmt.Sprintf("https://example.com/acc%d", a), "active", 100, created}
	}
	ids := make([]uuid.UUID, d.videos)
	videos := make([][]any, d.videos)
	for i := range videos {
		ids[i] = uuid.New()
		a := i % d.accounts
		p := plats[a%len(plats)]
		videos[i] = []any{ids[i], ws, string(p), ids[i].String(), "https://example.com/v/" + ids[i].String(), accIDs[a], fmt.Sprintf("acc%d", a),
			d.published(i), false, "active", d.published(i)}
	}
	for _, c := range []struct {
		table string
		cols  []string
		rows  [][]any
	}{
		{"accounts", []string{"id", "workspace_id", "platform", "handle", "url", "status", "tracking_limit", "created_at"}, accounts},
		{"videos", []string{"id", "workspace_id", "platform", "platform_video_id", "url", "account_id", "account_handle",
			"published_at", "tracked_individually", "status", "created_at"}, videos},
	} {
		if _, err := env.PG.CopyFrom(ctx, pgx.Identifier{c.table}, c.cols, pgx.CopyFromRows(c.rows)); err != nil {
			b.Fatal(err)
		}
	}
	w := ingest.NewSnapshotWriter(env.CH, 50_000, time.Now())
	for i, id := range ids {
		a := i % d.accounts
		p := plats[a%len(plats)]
		pub := d.published(i)
		for t := pub; !t.After(d.end); t = t.Add(time.Hour) {
			if !d.due(i, t) {
				continue
			}
			views := d.views(i, t)
			if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: p, Kind: platform.Video, EntityID: id, AccountID: accIDs[a],
				ScrapedAt: t, PublishedAt: pub, Metrics: ingest.Metrics{Views: &views}, JobID: uuid.Nil}); err != nil {
				b.Fatal(err)
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := env.PG.Exec(ctx, `ANALYZE videos, accounts`); err != nil {
		b.Fatal(err)
	}
	return ids
}

// scrapeHour writes the snapshots of the videos due at hour t and records
// their scrape in PostgreSQL, as a completed scrape does; it returns how
// many videos it scraped.
func scrapeHour(b *testing.B, ws uuid.UUID, d agencyDensity, ids []uuid.UUID, t time.Time) int {
	ctx := context.Background()
	w := ingest.NewSnapshotWriter(env.CH, 50_000, time.Now())
	var scraped []uuid.UUID
	rows, err := env.PG.Query(ctx, `SELECT id, account_id FROM videos WHERE id = ANY($1)`, ids)
	if err != nil {
		b.Fatal(err)
	}
	accountOf := map[uuid.UUID]uuid.UUID{}
	var id, acc uuid.UUID
	if _, err := pgx.ForEachRow(rows, []any{&id, &acc}, func() error { accountOf[id] = acc; return nil }); err != nil {
		b.Fatal(err)
	}
	for i, id := range ids {
		if !d.due(i, t) {
			continue
		}
		views := d.views(i, t)
		p := platform.TikTok
		if (i%d.accounts)%2 == 1 {
			p = platform.Instagram
		}
		if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: p, Kind: platform.Video, EntityID: id, AccountID: accountOf[id],
			ScrapedAt: t, PublishedAt: d.published(i), Metrics: ingest.Metrics{Views: &views}, JobID: uuid.Nil}); err != nil {
			b.Fatal(err)
		}
		scraped = append(scraped, id)
	}
	if err := w.Flush(ctx); err != nil {
		b.Fatal(err)
	}
	if _, err := env.PG.Exec(ctx, `UPDATE videos SET last_scraped_at = greatest(last_scraped_at, $2), updated_at = now() WHERE id = ANY($1)`,
		scraped, t); err != nil {
		b.Fatal(err)
	}
	if _, err := env.PG.Exec(ctx, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws); err != nil {
		b.Fatal(err)
	}
	return len(scraped)
}
