package chread_test

import (
	"context"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query/chread"
)

// TestRawHoursEqualTheHourlyBuckets: a few entities' hourly series read
// from the raw snapshots (ordered by entity) equal those read from
// entity_hourly (ordered by hour): the summed series of some videos and of
// an account's followers over 168 hours, and one video's points per hour,
// for entities scraped every 20 minutes, hourly, every 5 hours and daily,
// first scraped inside the window or before it, with metrics missing from
// some snapshots, a late snapshot and retried scrapes whose newer write
// changed the counts. The raw table is not merged: its newest write of a
// scrape must win by itself; the buckets are merged first, where a
// retried scrape's two rows would otherwise both be points.
func TestRawHoursEqualTheHourlyBuckets(t *testing.T) {
	t.Parallel()
	if env.CHOptions.Cluster != "" {
		t.Skip("merges the buckets with OPTIMIZE; on the cluster the API's agreement tests read the raw hours against the raw snapshots")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ws := uuid.New()
	now := time.Date(2026, 12, 3, 9, 30, 0, 0, time.UTC)
	r := rand.New(rand.NewPCG(3, 5))
	u64 := func(v uint64) *uint64 { return &v }
	first := ingest.NewSnapshotWriter(env.CH, 100_000, now)
	retry := ingest.NewSnapshotWriter(env.CH, 100_000, now.Add(time.Hour))
	account := uuid.NewSHA1(ws, []byte("account"))
	var videos []uuid.UUID
	retried := 0
	for i := range 24 {
		id := uuid.NewSHA1(ws, []byte(strconv.Itoa(i)))
		videos = append(videos, id)
		step := []time.Duration{20 * time.Minute, time.Hour, 5 * time.Hour, 24 * time.Hour}[i%4]
		from := now.Add(-time.Duration(24*(2+r.IntN(12))+r.IntN(24)) * time.Hour)
		views := uint64(r.IntN(100))
		for at := from; at.Before(now); at = at.Add(step) {
			views += uint64(r.IntN(500))
			m := ingest.Metrics{Views: u64(views), Likes: u64(views / 10)}
			if r.IntN(7) == 0 {
				m.Views = nil
			}
			s := ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id, AccountID: account,
				ScrapedAt: at.Add(time.Duration(r.IntN(600)) * time.Second), Metrics: m, JobID: uuid.New()}
			if err := first.Add(ctx, s); err != nil {
				t.Fatal(err)
			}
			if m.Views != nil && r.IntN(9) == 0 {
				// the scrape written again, its counts since corrected
				s.Metrics = ingest.Metrics{Views: u64(views + 40), Likes: u64(views / 9)}
				if err := retry.Add(ctx, s); err != nil {
					t.Fatal(err)
				}
				views += 40
				retried++
			}
		}
	}
	followers := uint64(5000)
	for at := now.AddDate(0, 0, -12); at.Before(now); at = at.Add(3 * time.Hour) {
		followers += uint64(r.IntN(80))
		s := ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Account, EntityID: account, AccountID: account,
			ScrapedAt: at, Followers: u64(followers), JobID: uuid.New()}
		if err := first.Add(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := first.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	// a late snapshot of an hour already written, inserted after the others
	late := ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: videos[1], AccountID: account,
		ScrapedAt: now.Add(-30 * time.Hour).Add(17 * time.Minute), Metrics: ingest.Metrics{Views: u64(1)}, JobID: uuid.New()}
	if err := retry.Add(ctx, late); err != nil {
		t.Fatal(err)
	}
	if err := retry.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if retried < 5 {
		t.Fatalf("only %d retried scrapes: the seed proves little", retried)
	}
	// OPTIMIZE … FINAL may leave a partition as it is while a merge of it
	// runs (the package's other tests write beside this one): the replacing
	// buckets are merged again until this workspace has one row a key
	for table, key := range map[string]string{
		"entity_hourly":          "entity_kind, bucket, entity_id, recorded",
		"entity_daily_by_entity": "entity_kind, entity_id, bucket, recorded",
		"entity_latest":          "",
	} {
		for tries := 1; ; tries++ {
			if err := env.CH.Exec(ctx, "OPTIMIZE TABLE "+table+" FINAL"); err != nil {
				t.Fatal(err)
			}
			if key == "" {
				break
			}
			var twice uint64
			if err := env.CH.QueryRow(ctx, `SELECT count() FROM (SELECT 1 FROM `+table+` WHERE workspace_id = ? GROUP BY `+key+` HAVING count() > 1)`, ws).Scan(&twice); err != nil {
				t.Fatal(err)
			}
			if twice == 0 {
				break
			}
			if tries == 100 {
				t.Fatalf("%s keeps %d keys of the workspace twice after %d merges", table, twice, tries)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}

	start := chread.Hourly.Floor(now).Add(-167 * time.Hour)
	reader := chread.Reader{CH: env.CH}
	series := func(q chread.SeriesQuery, raw bool) (int64, map[time.Time]chread.SeriesPoint) {
		t.Helper()
		q.Raw = raw
		if sql, _ := q.SQL(); strings.Contains(sql, "metric_snapshots") != raw {
			t.Fatalf("raw %v, but the SQL reads metric_snapshots: %v", raw, !raw)
		}
		base, points, err := reader.Series(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		return base, points
	}
	for name, q := range map[string]chread.SeriesQuery{
		"videos' views": {Workspace: ws, Kind: platform.Video, Metric: domain.Views, Scope: chread.OnlyIDs(videos), Granularity: chread.Hourly, Start: start},
		"videos' likes": {Workspace: ws, Kind: platform.Video, Metric: domain.Likes, Scope: chread.OnlyIDs(videos[3:11]), Granularity: chread.Hourly, Start: start},
		"followers":     {Workspace: ws, Kind: platform.Account, Metric: domain.Followers, Scope: chread.OnlyIDs([]uuid.UUID{account}), Granularity: chread.Hourly, Start: start},
	} {
		rawBase, rawPoints := series(q, true)
		base, points := series(q, false)
		if rawBase != base || !reflect.DeepEqual(rawPoints, points) {
			t.Errorf("%s: from the raw snapshots %d then %v, from the buckets %d then %v", name, rawBase, rawPoints, base, points)
		}
		if len(points) < 24 {
			t.Errorf("%s: %d hours with a change: the seed proves little", name, len(points))
		}
	}
	// a scope wider than RawScopeMax reads the buckets whatever Raw says
	wide := chread.SeriesQuery{Workspace: ws, Kind: platform.Video, Metric: domain.Views, Scope: chread.OnlyIDs(make([]uuid.UUID, chread.RawScopeMax+1)), Granularity: chread.Hourly, Start: start, Raw: true}
	if sql, _ := wide.SQL(); strings.Contains(sql, "metric_snapshots") {
		t.Error("a scope wider than RawScopeMax reads the raw snapshots")
	}

	for _, id := range videos[:8] {
		q := chread.VideoSeriesQuery{Workspace: ws, ID: id, Granularity: chread.Hourly, Start: start}
		buckets, err := reader.VideoSeries(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		q.Raw = true
		raw, err := reader.VideoSeries(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(raw, buckets) || len(buckets) == 0 {
			t.Errorf("video %s: %d points from the raw snapshots, %d from the buckets, or they differ:\n%v\n%v", id, len(raw), len(buckets), showPoints(raw), showPoints(buckets))
		}
	}
}

func showPoints(ps []chread.VideoPoint) string {
	var b strings.Builder
	for _, p := range ps {
		b.WriteString(p.T.Format("02T15:04"))
		for _, v := range []*uint64{p.Views, p.Likes, p.Comments, p.Shares, p.Saves} {
			b.WriteString(" ")
			if v == nil {
				b.WriteString("-")
			} else {
				b.WriteString(strconv.FormatUint(*v, 10))
			}
		}
		b.WriteString("; ")
	}
	return b.String()
}
