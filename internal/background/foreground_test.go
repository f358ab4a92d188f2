package background_test

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/background"
)

// waitFor polls until cond holds, failing the test after a generous bound.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("still waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestYieldGoesOnAtOnceWithNoRequest(t *testing.T) {
	f := &background.Foreground{Pass: time.Hour}
	// nothing was ever in flight: the work goes on without a wait
	if err := f.Yield(context.Background()); err != nil {
		t.Fatal(err)
	}
	var nilF *background.Foreground
	if err := nilF.Yield(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := background.Yield(context.Background()); err != nil {
		t.Fatal("a context without a Foreground must not wait:", err)
	}
}

func TestYieldWaitsForTheRequestsAndAQuietMoment(t *testing.T) {
	// every request counts as long enough to wait a quiet moment after
	f := &background.Foreground{Quiet: 10 * time.Millisecond, Pass: time.Hour, Brief: time.Nanosecond}
	leaveA, leaveB := f.Enter(), f.Enter()
	var done atomic.Bool
	var left atomic.Int64 // unix nanos of the last leave
	go func() {
		if err := f.Yield(context.Background()); err != nil {
			t.Error(err)
		}
		done.Store(true)
	}()
	waitFor(t, "the work to wait", func() bool { _, w := f.Load(); return w == 1 })
	leaveA()
	leaveA() // a second leave of one request counts nothing
	if n, _ := f.Load(); n != 1 {
		t.Fatalf("in flight after one request left twice: %d, want 1", n)
	}
	if done.Load() {
		t.Fatal("the work went on while a request was in flight")
	}
	left.Store(time.Now().UnixNano())
	leaveB()
	waitFor(t, "the work to go on", done.Load)
	if quiet := time.Since(time.Unix(0, left.Load())); quiet < 10*time.Millisecond {
		t.Fatalf("the work went on %v after the last request, before the quiet moment (10ms)", quiet)
	}
	if n, w := f.Load(); n != 0 || w != 0 {
		t.Fatalf("after: %d in flight, %d waiting; want 0, 0", n, w)
	}
}

// Brief requests (answers from the cache, polls) hold the work while they
// are in flight, but leave no quiet moment to wait for after them.
func TestYieldAfterBriefRequestsGoesOnAtOnce(t *testing.T) {
	f := &background.Foreground{Quiet: time.Hour, Pass: time.Hour, Brief: time.Hour}
	for range 3 {
		f.Enter()()
	}
	goesOnAtOnce(t, f, "brief requests")
}

// goesOnAtOnce fails the test unless work yielding to f goes on without
// waiting for its hour of quiet after what.
func goesOnAtOnce(t *testing.T, f *background.Foreground, what string) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f.Yield(context.Background()) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(time.Minute):
		t.Fatalf("the work waited an hour's quiet after %s", what)
	}
}

// A request whose route turns out to be background work (an export, a
// cron run) counts out as if it had never come in: however long it was
// counted, it leaves no quiet moment for the work, its own included, to
// wait for; leave after drop counts nothing more.
func TestYieldAfterADroppedRequestGoesOnAtOnce(t *testing.T) {
	f := &background.Foreground{Quiet: time.Hour, Pass: time.Hour, Brief: time.Nanosecond}
	leave, drop := f.EnterRoute()
	time.Sleep(time.Millisecond) // in flight longer than Brief
	drop()
	leave()
	if n, _ := f.Load(); n != 0 {
		t.Fatalf("in flight after the request was dropped: %d, want 0", n)
	}
	goesOnAtOnce(t, f, "a dropped request")
}

// While requests never pause, the waiting work goes on one piece at a
// time, each after a Pass of its own and a Pass after the one before.
func TestYieldLetsOnePieceAPassGoOnBesideEndlessRequests(t *testing.T) {
	const pass = 40 * time.Millisecond
	f := &background.Foreground{Pass: pass}
	leave := f.Enter()
	defer leave()
	began := time.Now()
	var mu sync.Mutex
	var went []time.Duration
	var wg sync.WaitGroup
	for range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := f.Yield(context.Background()); err != nil {
				t.Error(err)
			}
			mu.Lock()
			went = append(went, time.Since(began))
			mu.Unlock()
		}()
	}
	wg.Wait()
	if len(went) != 3 {
		t.Fatalf("%d pieces went on, want 3", len(went))
	}
	// they went on in turn: the k-th no sooner than k Passes after the start
	slices.Sort(went)
	for k, at := range went {
		if earliest := time.Duration(k+1) * pass; at < earliest {
			t.Fatalf("piece %d went on after %v, before %v: two went on beside the requests at once (%v)", k+1, at, earliest, went)
		}
	}
}

func TestYieldEndsWithItsContext(t *testing.T) {
	f := &background.Foreground{Pass: time.Hour}
	leave := f.Enter()
	defer leave()
	ctx, cancel := context.WithCancel(background.WithForeground(context.Background(), f))
	errc := make(chan error, 1)
	go func() { errc <- background.Yield(ctx) }()
	waitFor(t, "the work to wait", func() bool { _, w := f.Load(); return w == 1 })
	cancel()
	if err := <-errc; !errors.Is(err, context.Canceled) {
		t.Fatalf("Yield after cancel: %v, want context.Canceled", err)
	}
	if _, w := f.Load(); w != 0 {
		t.Fatalf("%d still counted waiting after the context ended", w)
	}
}
