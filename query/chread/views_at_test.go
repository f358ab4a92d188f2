package chread_test

import (
	"context"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query/chread"
)

// TestViewsAtIsTheSnapshotAtEachEnd: ViewsAt gives each video the latest of
// its raw snapshots with views at or before its own end, as recomputed here
// from what was written: ends between scrapes, on a scrape's second (with
// a fraction after it, and a nanosecond before it), before the first scrape
// and after the last; snapshots without views skipped; a scrape written
// twice (not merged) counting with its larger views; other videos and
// another workspace's snapshots of the same video left out.
func TestViewsAtIsTheSnapshotAtEachEnd(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ws, other := uuid.New(), uuid.New()
	now := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	r := rand.New(rand.NewPCG(7, 11))
	u64 := func(v uint64) *uint64 { return &v }
	w := ingest.NewSnapshotWriter(env.CH, 100_000, now)
	retry := ingest.NewSnapshotWriter(env.CH, 100_000, now.Add(time.Hour))
	type written struct {
		at                     time.Time
		views, likes, comments uint64
	}
	got := map[uuid.UUID][]written{}
	ends := map[uuid.UUID]time.Time{}
	add := func(ws, id uuid.UUID, at time.Time, m ingest.Metrics) {
		t.Helper()
		s := ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id, AccountID: id, ScrapedAt: at, Metrics: m, JobID: uuid.New()}
		if err := w.Add(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	again := func(id uuid.UUID, at time.Time, m ingest.Metrics) {
		t.Helper()
		s := ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id, AccountID: id, ScrapedAt: at, Metrics: m, JobID: uuid.New()}
		if err := retry.Add(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 60 {
		id := uuid.NewSHA1(ws, []byte(strconv.Itoa(i)))
		from := now.Add(-time.Duration(24*(1+r.IntN(40))) * time.Hour)
		var times []time.Time
		views := uint64(r.IntN(1000))
		for at := from; at.Before(now); at = at.Add(time.Duration(1+r.IntN(7)) * time.Hour) {
			at := at.Add(time.Duration(r.IntN(3600)) * time.Second)
			views += uint64(r.IntN(900))
			m := ingest.Metrics{Views: u64(views), Likes: u64(views / 10)}
			if r.IntN(3) > 0 {
				m.Comments = u64(views / 50)
			}
			// the same video in another workspace, counted far higher
			add(other, id, at, ingest.Metrics{Views: u64(views * 100)})
			kind := r.IntN(48)
			if kind < 8 {
				// a scrape without views
				m.Views = nil
				add(ws, id, at, m)
				continue
			}
			add(ws, id, at, m)
			if kind < 14 {
				// the scrape written again later with corrected, higher
				// counts: merged or not, those count
				views += 40
				m = ingest.Metrics{Views: u64(views), Likes: u64(3)}
				again(id, at, m)
			}
			c := uint64(0)
			if m.Comments != nil {
				c = *m.Comments
			}
			got[id] = append(got[id], written{at, *m.Views, *m.Likes, c})
			times = append(times, at)
		}
		kind := i % 5
		if len(times) == 0 {
			kind = 4
		}
		switch kind {
		case 0: // between scrapes
			ends[id] = from.Add(time.Duration(r.Int64N(int64(now.Sub(from)))))
		case 1: // on a scrape's second, a fraction after it
			ends[id] = times[r.IntN(len(times))].Add(400 * time.Millisecond)
		case 2: // a nanosecond before a scrape
			ends[id] = times[r.IntN(len(times))].Add(-time.Nanosecond)
		case 3: // before the first
			ends[id] = from.Add(-time.Hour)
		case 4: // after the last
			ends[id] = now.Add(time.Hour)
		}
	}
	// a video not asked for
	add(ws, uuid.New(), now.Add(-time.Hour), ingest.Metrics{Views: u64(5)})
	for _, w := range []*ingest.SnapshotWriter{w, retry} {
		if err := w.Flush(ctx); err != nil {
			t.Fatal(err)
		}
	}
	at, err := chread.Reader{CH: env.CH}.ViewsAt(ctx, ws, ends)
	if err != nil {
		t.Fatal(err)
	}
	want := map[uuid.UUID]chread.SnapshotViews{}
	for id, end := range ends {
		for _, s := range got[id] {
			if s.at.After(end) {
				continue
			}
			if p, ok := want[id]; !ok || s.at.After(p.At) {
				want[id] = chread.SnapshotViews{At: s.at, Views: s.views, Likes: s.likes, Comments: s.comments}
			}
		}
	}
	if len(at) != len(want) {
		t.Errorf("%d videos with a snapshot at their end, want %d", len(at), len(want))
	}
	for id, w := range want {
		g, ok := at[id]
		if !ok {
			t.Errorf("video %s: no snapshot, want %+v (end %s)", id, w, ends[id])
			continue
		}
		if !g.At.Equal(w.At) || g.Views != w.Views || g.Likes != w.Likes || g.Comments != w.Comments {
			t.Errorf("video %s: %+v, want %+v (end %s)", id, g, w, ends[id])
		}
	}
}
