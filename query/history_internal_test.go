package query

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/state"
)

// TestStartValuesKeptOnlyForSettledCutoffs: start values are kept only
// for cutoffs at least state.LateScrape before the latest scrape, under
// the history version, and not without a recorded scrape.
func TestStartValuesKeptOnlyForSettledCutoffs(t *testing.T) {
	c := NewStartCache(1<<20, time.Hour, nil)
	until := time.Date(2026, 11, 20, 15, 5, 0, 0, time.UTC)
	q := entitiesQuery{Workspace: uuid.New(), Kind: platform.Video, Metric: Views,
		Cutoffs: []time.Time{until.Add(-state.LateScrape).Truncate(time.Hour), until.AddDate(0, 0, -7)}}
	key := func(h History, q entitiesQuery) string {
		_, k, ok := startCacheOf(WithHistory(context.Background(), h), q)
		if !ok {
			return ""
		}
		return k
	}
	h := History{Version: 3, Until: until, Starts: c}
	k := key(h, q)
	if k == "" {
		t.Fatal("settled cutoffs not kept")
	}
	if key(History{Version: 4, Until: until, Starts: c}, q) == k {
		t.Error("another history version reads the same entry")
	}
	other := q
	other.More = []Metric{Likes}
	if key(h, other) == k {
		t.Error("other metrics read the same entry")
	}
	late := q
	late.Cutoffs = []time.Time{until.Add(-state.LateScrape + time.Second)}
	if key(h, late) != "" {
		t.Error("a cutoff less than LateScrape before the latest scrape is kept")
	}
	if key(History{Version: 3, Starts: c}, q) != "" {
		t.Error("kept without a recorded scrape")
	}
	if _, _, ok := startCacheOf(context.Background(), q); ok {
		t.Error("kept without a history")
	}
}

// TestStartCacheDropsTheOldestAndExpired: beyond MaxBytes the oldest
// entries go, and an expired entry is not read.
func TestStartCacheDropsTheOldestAndExpired(t *testing.T) {
	one := func(n int) starts {
		var b startsBuilder
		for range n {
			b.add(uuid.New(), []uint8{1}, []uint64{5})
		}
		return b.starts()
	}
	c := NewStartCache(3000, time.Hour, nil)
	for i := range 5 {
		c.put(fmt.Sprint(i), one(10))
	}
	if _, ok := c.get("0"); ok {
		t.Error("the oldest entry kept beyond MaxBytes")
	}
	if s, ok := c.get("4"); !ok || len(s.slot) != 10 {
		t.Errorf("the newest entry: %v, %d entities", ok, len(s.slot))
	}
	if c.bytes > c.MaxBytes {
		t.Errorf("%d bytes kept, MaxBytes %d", c.bytes, c.MaxBytes)
	}
	c.put("big", one(1000))
	if _, ok := c.get("big"); ok {
		t.Error("an entry larger than MaxBytes kept")
	}
	c.TTL = -time.Second
	c.put("gone", one(1))
	if _, ok := c.get("gone"); ok {
		t.Error("an expired entry read")
	}
}
