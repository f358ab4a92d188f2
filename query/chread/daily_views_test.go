package chread_test

import (
	"context"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query/chread"
)

// TestSparklinesOfAPageEqualTheWorkspaceRead: a page's sparklines, read
// from entity_daily_by_entity for its videos only, are the ones a read of
// every video from entity_daily gives, over snapshots as a provider sends
// them: several a
// day, days without any, views missing from some, a scrape delivered twice
// with the same values, a video first scraped inside the span, one whose
// last snapshot is before it, the span across a month's end, and unmerged
// parts.
func TestSparklinesOfAPageEqualTheWorkspaceRead(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ws := uuid.New()
	now := time.Date(2026, 12, 3, 9, 30, 0, 0, time.UTC)
	r := rand.New(rand.NewPCG(3, 5))
	u64 := func(v uint64) *uint64 { return &v }
	var ids []uuid.UUID
	for i := range 24 {
		id := uuid.NewSHA1(ws, []byte(strconv.Itoa(i)))
		ids = append(ids, id)
		// each video in an insert of its own: parts left unmerged
		w := ingest.NewSnapshotWriter(env.CH, 1000, now)
		first := now.Add(-time.Duration(24*(2+r.IntN(14))+r.IntN(24)) * time.Hour)
		last := now
		if i%8 == 7 {
			last = now.AddDate(0, 0, -9) // dormant: nothing in the span
		}
		views := uint64(r.IntN(100))
		for at := first; at.Before(last); at = at.Add(time.Duration(1+r.IntN(40)) * time.Hour) {
			views += uint64(r.IntN(500))
			m := ingest.Metrics{Views: u64(views), Likes: u64(views / 10)}
			if r.IntN(6) == 0 {
				m.Views = nil // the provider left views out
			}
			s := ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id,
				ScrapedAt: at.Add(time.Duration(r.IntN(3000)) * time.Second), Metrics: m, JobID: uuid.New()}
			if err := w.Add(ctx, s); err != nil {
				t.Fatal(err)
			}
			if r.IntN(7) == 0 {
				// the same scrape delivered again
				if err := w.Add(ctx, s); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
	}
	page := append(slices.Clone(ids[3:20]), uuid.New()) // and one never scraped
	metrics := map[uuid.UUID]chread.EntityMetrics{}
	err := chread.Reader{CH: env.CH}.Entities(ctx, chread.EntitiesQuery{Workspace: ws, Kind: platform.Video, Metric: "views",
		Cutoffs: []time.Time{now.Add(-24 * time.Hour)}, Only: page}, func(id uuid.UUID, e chread.EntityMetrics) error {
		metrics[id] = e
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	read := func(only []uuid.UUID) map[uuid.UUID][]*int64 {
		t.Helper()
		d, err := chread.DailyViewsQuery{Workspace: ws, Only: only, Now: now}.Read(ctx, chread.Reader{CH: env.CH})
		if err != nil {
			t.Fatal(err)
		}
		out := map[uuid.UUID][]*int64{}
		var g chread.Slab[int64]
		var p chread.Slab[*int64]
		for _, id := range page {
			if d.Has(id) {
				out[id] = d.Views(id, metrics[id], &g, &p)
			}
		}
		return out
	}
	projected, raw := read(nil), read(page)
	if len(projected) < len(page)-4 {
		t.Fatalf("%d of %d videos have a sparkline: the seed proves little", len(projected), len(page))
	}
	days := 0
	for _, id := range page {
		a, b := projected[id], raw[id]
		if len(a) != len(b) {
			t.Fatalf("video %s: %d days read with every video, %d with the page's", id, len(a), len(b))
		}
		for i := range a {
			if (a[i] == nil) != (b[i] == nil) || a[i] != nil && *a[i] != *b[i] {
				t.Errorf("video %s day %d: %v read with every video, %v with the page's", id, i, show(a[i]), show(b[i]))
			}
			if a[i] != nil {
				days++
			}
		}
	}
	if days < 40 {
		t.Fatalf("only %d days with views compared", days)
	}
}

func show(p *int64) string {
	if p == nil {
		return "none"
	}
	return strconv.FormatInt(*p, 10)
}
