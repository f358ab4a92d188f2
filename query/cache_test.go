package query_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/query"
)

func TestConcurrentMissesComputeOnce(t *testing.T) {
	var c query.Cache
	var computed atomic.Int32
	release := make(chan struct{})
	key := query.CacheKey{Workspace: uuid.New(), Version: 3, Name: "overview", Params: "w=30d"}
	var wg sync.WaitGroup
	answers := make([][]byte, 20)
	for i := range answers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			b, err := c.JSON(context.Background(), key, func(context.Context) (any, error) {
				computed.Add(1)
				<-release
				return map[string]int{"views": 42}, nil
			})
			if err != nil {
				t.Error(err)
			}
			answers[i] = b
		}()
	}
	time.Sleep(50 * time.Millisecond) // let every caller arrive while the first computes
	close(release)
	wg.Wait()
	if n := computed.Load(); n != 1 {
		t.Fatalf("computed %d times for 20 concurrent misses, want 1", n)
	}
	for _, b := range answers {
		if string(b) != `{"views":42}` {
			t.Fatalf("answer %s", b)
		}
	}

	// An error is not kept: the next call computes again.
	boom := errors.New("clickhouse is down")
	if _, err := c.JSON(context.Background(), key, func(context.Context) (any, error) { return nil, boom }); !errors.Is(err, boom) {
		t.Fatalf("error %v, want %v", err, boom)
	}
}

func TestCacheKeysSeparateWorkspacesAndVersions(t *testing.T) {
	ws := uuid.New()
	a := query.CacheKey{Workspace: ws, Version: 1, Name: "videos", Params: "sort=views"}
	for _, b := range []query.CacheKey{
		{Workspace: uuid.New(), Version: 1, Name: "videos", Params: "sort=views"},
		{Workspace: ws, Version: 2, Name: "videos", Params: "sort=views"},
		{Workspace: ws, Version: 1, Name: "overview", Params: "sort=views"},
		{Workspace: ws, Version: 1, Name: "videos", Params: "sort=likes"},
	} {
		if a.String() == b.String() {
			t.Errorf("%+v and %+v share the key %s", a, b, a)
		}
	}
}
