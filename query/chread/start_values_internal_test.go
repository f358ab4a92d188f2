package chread

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestStartValuesKeptOnlyForSettledCutoffs: start values are kept only
// for cutoffs at least domain.LateScrape before the latest scrape, under
// the history version, and not without a recorded scrape.
func TestStartValuesKeptOnlyForSettledCutoffs(t *testing.T) {
	c := NewStartValueCache(1<<20, time.Hour, slog.New(slog.DiscardHandler), time.Now)
	until := time.Date(2026, 11, 20, 15, 5, 0, 0, time.UTC)
	q := EntitiesQuery{Workspace: uuid.New(), Kind: platform.Video, Metric: domain.Views,
		Cutoffs: []time.Time{until.Add(-domain.LateScrape).Truncate(time.Hour), until.AddDate(0, 0, -7)}}
	none := startKey{}
	key := func(h KeptStartValues, q EntitiesQuery) startKey {
		_, k, ok := startValueCacheOf(WithKeptStartValues(context.Background(), h), q)
		if !ok {
			return none
		}
		return k
	}
	h := KeptStartValues{Cache: c, HistoryVersion: 3, ScrapedUntil: until}
	k := key(h, q)
	if k == none {
		t.Fatal("settled cutoffs not kept")
	}
	if key(KeptStartValues{Cache: c, HistoryVersion: 4, ScrapedUntil: until}, q) == k {
		t.Error("another history version reads the same entry")
	}
	other := q
	other.More = []domain.Metric{domain.Likes}
	if key(h, other) == k {
		t.Error("other metrics read the same entry")
	}
	late := q
	late.Cutoffs = []time.Time{until.Add(-domain.LateScrape + time.Second)}
	if key(h, late) != none {
		t.Error("a cutoff less than LateScrape before the latest scrape is kept")
	}
	if key(KeptStartValues{Cache: c, HistoryVersion: 3}, q) != none {
		t.Error("kept without a recorded scrape")
	}
	if _, _, ok := startValueCacheOf(context.Background(), q); ok {
		t.Error("kept without a KeptStartValues")
	}
}

// TestStartValueCacheDropsTheOldestAndExpired: beyond MaxBytes the oldest
// entries go, an expired entry is not read, and a workspace's entries under
// an older history version go when a newer one is kept.
func TestStartValueCacheDropsTheOldestAndExpired(t *testing.T) {
	one := func(n int) starts {
		var b startsBuilder
		for range n {
			b.add(uuid.New(), []uint8{1}, []uint64{5})
		}
		return b.starts()
	}
	ws := uuid.New()
	key := func(name string) startKey { return startKey{ws: ws, shape: name} }
	c := NewStartValueCache(3000, time.Hour, slog.New(slog.DiscardHandler), time.Now)
	for i := range 5 {
		c.put(key(fmt.Sprint(i)), one(10))
	}
	if _, ok := c.get(key("0")); ok {
		t.Error("the oldest entry kept beyond MaxBytes")
	}
	if s, ok := c.get(key("4")); !ok || len(s.slot) != 10 {
		t.Errorf("the newest entry: %v, %d entities", ok, len(s.slot))
	}
	if c.bytes > c.MaxBytes {
		t.Errorf("%d bytes kept, MaxBytes %d", c.bytes, c.MaxBytes)
	}
	c.put(key("big"), one(1000))
	if _, ok := c.get(key("big")); ok {
		t.Error("an entry larger than MaxBytes kept")
	}

	other := startKey{ws: uuid.New(), shape: "4"}
	c.put(other, one(1))
	newer := key("new")
	newer.version = 1
	c.put(newer, one(1))
	if _, ok := c.get(key("4")); ok {
		t.Error("an entry under an older history version kept beside a newer one")
	}
	if _, ok := c.get(other); !ok {
		t.Error("another workspace's entry dropped")
	}
	c.put(key("late"), one(1))
	if _, ok := c.get(key("late")); ok {
		t.Error("values computed under an older history version kept")
	}

	c.TTL = -time.Second
	c.put(other, one(1))
	if _, ok := c.get(other); ok {
		t.Error("an expired entry read")
	}
}

// TestStartValuesComputationRecoversItsPanic: a computation that panics is
// logged and ends that computation only: the process goes on, and so do
// later ones.
func TestStartValuesComputationRecoversItsPanic(t *testing.T) {
	var logs testenv.LogBuffer
	c := NewStartValueCache(1<<20, time.Hour, slog.New(slog.NewJSONHandler(&logs, nil)), time.Now)
	key := startKey{ws: uuid.New(), shape: "video/views"}
	c.computeLater(key, func(context.Context) (starts, error) { panic("boom") })
	c.Wait()
	if s := logs.String(); !strings.Contains(s, "panic: boom") {
		t.Fatalf("the panic is not logged: %q", s)
	}
	c.computeLater(key, func(context.Context) (starts, error) { return oneStart(), nil })
	c.Wait()
	if _, ok := c.get(key); !ok {
		t.Fatal("no computation after the one that panicked")
	}
}

// TestCloseCancelsAndWaitsForTheComputation: Close cancels a computation
// under way and returns once it has, and none starts after it.
func TestCloseCancelsAndWaitsForTheComputation(t *testing.T) {
	c := NewStartValueCache(1<<20, time.Hour, slog.New(slog.DiscardHandler), time.Now)
	key := startKey{ws: uuid.New(), shape: "video/views"}
	started := make(chan struct{})
	var ended atomic.Bool
	c.computeLater(key, func(ctx context.Context) (starts, error) {
		close(started)
		<-ctx.Done()
		time.Sleep(20 * time.Millisecond) // the read returning
		ended.Store(true)
		return starts{}, ctx.Err()
	})
	<-started
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second) // generous: a loaded machine is slow
	defer cancel()
	if err := c.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if !ended.Load() {
		t.Fatal("Close returned before the computation")
	}
	var ran atomic.Bool
	c.computeLater(key, func(context.Context) (starts, error) { ran.Store(true); return oneStart(), nil })
	c.Wait()
	if ran.Load() {
		t.Fatal("a computation started after Close")
	}
}

// TestStartValuesExpireByTheHandlersClock: what a computation keeps
// expires by the cache's clock, not the wall clock.
func TestStartValuesExpireByTheHandlersClock(t *testing.T) {
	c := NewStartValueCache(1<<20, time.Hour, slog.New(slog.DiscardHandler), time.Now)
	var now atomic.Int64
	now.Store(time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC).UnixNano())
	c.Now = func() time.Time { return time.Unix(0, now.Load()).UTC() }
	key := startKey{ws: uuid.New(), shape: "video/views"}
	c.computeLater(key, func(context.Context) (starts, error) { return oneStart(), nil })
	c.Wait()
	if e := c.entries[key]; !e.expires.Equal(c.Now().Add(time.Hour)) {
		t.Fatalf("kept until %v, want an hour after %v", e.expires, c.Now())
	}
	if _, ok := c.get(key); !ok {
		t.Fatal("not read within its hour")
	}
	now.Add(int64(time.Hour + time.Second))
	if _, ok := c.get(key); ok {
		t.Fatal("read an hour after the clock's time it was kept at")
	}
}

// oneStart is the start values of one entity.
func oneStart() starts {
	var b startsBuilder
	b.add(uuid.New(), []uint8{1}, []uint64{5})
	return b.starts()
}
