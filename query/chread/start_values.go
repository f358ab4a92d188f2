package chread

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/store"
)

// KeptStartValues lets a request's reads keep start values in Cache.
type KeptStartValues struct {
	Cache          *StartValueCache
	HistoryVersion int64
	ScrapedUntil   time.Time
}

type keptKey struct{}

// WithKeptStartValues lets the reads run in ctx keep start values in k.Cache.
func WithKeptStartValues(ctx context.Context, k KeptStartValues) context.Context {
	return context.WithValue(ctx, keptKey{}, k)
}

// StartValueCache keeps start values in this process (package doc).
type StartValueCache struct {
	MaxBytes int
	TTL      time.Duration
	Log      *slog.Logger
	Now      func() time.Time

	computations background.Tasks
	mu           sync.Mutex
	entries      map[startKey]startEntry
	order        []startKey // oldest first
	bytes        int
	computing    bool // a computation runs (computeLater)
	newest       map[uuid.UUID]int64
}

// startKey is a workspace's history version and the read's kind, metrics and cutoffs.
type startKey struct {
	ws      uuid.UUID
	version int64
	shape   string
}

type startEntry struct {
	s       starts
	bytes   int
	expires time.Time
}

// NewStartValueCache keeps up to maxBytes of start values, each for ttl by now.
func NewStartValueCache(maxBytes int, ttl time.Duration, log *slog.Logger, now func() time.Time) *StartValueCache {
	c := &StartValueCache{MaxBytes: maxBytes, TTL: ttl, Log: log, Now: now}
	c.computations.Log = log
	return c
}

func startValueCacheOf(ctx context.Context, q EntitiesQuery) (*StartValueCache, startKey, bool) {
	k, ok := ctx.Value(keptKey{}).(KeptStartValues)
	if !ok || k.Cache == nil || k.Cache.MaxBytes <= 0 || k.ScrapedUntil.IsZero() {
		return nil, startKey{}, false
	}
	settled := k.ScrapedUntil.Add(-domain.LateScrape)
	var b strings.Builder
	b.WriteString(string(q.Kind))
	b.WriteByte('/')
	b.WriteString(string(q.Metric))
	for _, m := range q.More {
		b.WriteByte(',')
		b.WriteString(string(m))
	}
	for _, c := range q.Cutoffs {
		if c.After(settled) {
			return nil, startKey{}, false
		}
		b.WriteByte('/')
		b.WriteString(strconv.FormatInt(c.Unix(), 10))
	}
	return k.Cache, startKey{ws: q.Workspace, version: k.HistoryVersion, shape: b.String()}, true
}

// Wait waits for the start values being computed in the background.
func (c *StartValueCache) Wait() { _ = c.computations.Wait(context.Background()) }

// Close cancels the background computations and waits for them or ctx.
func (c *StartValueCache) Close(ctx context.Context) error {
	if c == nil {
		return nil
	}
	c.computations.Cancel()
	return c.computations.Wait(ctx)
}

// Len is the number of entries kept.
func (c *StartValueCache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}

func (c *StartValueCache) get(key startKey) (starts, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.entries[key]
	if !ok || c.Now().After(e.expires) {
		return starts{}, false
	}
	return e.s, true
}

// put keeps s under key, dropping older, expired, then the oldest entries.
func (c *StartValueCache) put(key startKey, s starts) {
	size := len(key.shape) + len(s.slot)*56 + len(s.base)*8 + len(s.has) + 128
	c.mu.Lock()
	defer c.mu.Unlock()
	if size > c.MaxBytes {
		return
	}
	if c.entries == nil {
		c.entries, c.newest = map[startKey]startEntry{}, map[uuid.UUID]int64{}
	}
	if v, ok := c.newest[key.ws]; ok && key.version < v {
		return
	}
	c.newest[key.ws] = key.version
	if old, ok := c.entries[key]; ok {
		c.bytes -= old.bytes
	} else {
		c.order = append(c.order, key)
	}
	now := c.Now()
	c.entries[key] = startEntry{s: s, bytes: size, expires: now.Add(c.TTL)}
	c.bytes += size
	keep := c.order[:0]
	for _, k := range c.order {
		e, ok := c.entries[k]
		switch {
		case !ok:
		case k != key && (now.After(e.expires) || c.bytes > c.MaxBytes || k.ws == key.ws && k.version < key.version):
			delete(c.entries, k)
			c.bytes -= e.bytes
		default:
			keep = append(keep, k)
		}
	}
	c.order = keep
	if len(c.newest) > 2*len(c.entries)+64 {
		clear(c.newest)
		for k := range c.entries {
			c.newest[k.ws] = max(c.newest[k.ws], k.version)
		}
	}
}

// computeLater computes key's start values in the background, one at a time.
func (c *StartValueCache) computeLater(key startKey, compute func(context.Context) (starts, error)) {
	c.mu.Lock()
	if c.computing {
		c.mu.Unlock()
		return
	}
	c.computing = true
	c.mu.Unlock()
	// bounded by the minute, not the requests' per-read bound
	c.computations.Go(store.WithoutClickHouseBound(context.Background()), func(ctx context.Context) {
		defer func() {
			c.mu.Lock()
			c.computing = false
			c.mu.Unlock()
		}()
		ctx, cancel := context.WithTimeout(ctx, time.Minute)
		defer cancel()
		s, err := compute(ctx)
		if err != nil {
			c.Log.Warn("start values not kept", "error", err)
			return
		}
		c.put(key, s)
	})
}

type startsBuilder struct {
	ids  []uuid.UUID
	base []uint64
	has  []uint8
}

// add adds an entity's start values; one without any reads the same left out.
func (b *startsBuilder) add(id uuid.UUID, has []uint8, base []uint64) {
	for _, h := range has {
		if h != 0 {
			b.ids = append(b.ids, id)
			b.base = append(b.base, base...)
			b.has = append(b.has, has...)
			return
		}
	}
}

func (b *startsBuilder) starts() starts {
	s := starts{slot: make(map[uuid.UUID]int, len(b.ids)), base: b.base, has: b.has}
	for j, id := range b.ids {
		s.slot[id] = j
	}
	return s
}
