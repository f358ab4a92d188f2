package api

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/auth"
)

func TestSessionCacheNeverOutlivesTheToken(t *testing.T) {
	t.Parallel()
	sc := newSessionCache()
	now := time.Now()
	sc.now = func() time.Time { return now }
	s := auth.Session{UserID: uuid.New(), ExpiresAt: now.Add(50 * time.Millisecond)}
	sc.put("tok", s)
	if got, ok := sc.get("tok"); !ok || got.UserID != s.UserID {
		t.Fatalf("get right after put = %+v, %v", got, ok)
	}
	if _, ok := sc.get("other"); ok {
		t.Fatal("an unknown token was found")
	}
	now = now.Add(60 * time.Millisecond)
	if _, ok := sc.get("tok"); ok {
		t.Fatal("a token past its expiry came from the cache")
	}
	sc.put("gone", auth.Session{UserID: uuid.New(), ExpiresAt: now.Add(-time.Second)})
	if _, ok := sc.get("gone"); ok {
		t.Fatal("an expired token was kept")
	}
}

func TestSessionCacheIsBounded(t *testing.T) {
	t.Parallel()
	sc := newSessionCache()
	s := auth.Session{UserID: uuid.New(), ExpiresAt: time.Now().Add(time.Hour)}
	for i := range sessionCacheSize + 10 {
		sc.put(uuid.NewString()+string(rune('a'+i%26)), s)
	}
	if n := len(sc.m); n > sessionCacheSize {
		t.Fatalf("%d sessions kept, want at most %d", n, sessionCacheSize)
	}
}
