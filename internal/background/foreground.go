package background

import (
	"cmp"
	"context"
	"sync"
	"time"
)

// Foreground counts the requests someone is waiting on (the dashboard's,
// the API's), so that work nobody waits on (an export's next page, a cron
// step's next statement) can step aside while they are answered: the
// machine's cores go to the requests first, and the work goes on in the
// gaps between them (docs/operations.md, "Fair sharing"), once no request
// has been in flight for a Quiet moment (Brief ones, answers from the
// cache, are waited for only while in flight). While requests follow one
// another without a gap, one waiting piece of work a Pass goes
// on beside them, whichever has waited a Pass first, so that the work is
// slowed, never stopped, and however many pieces wait, the requests share
// the cores with at most one of them at a time. A nil *Foreground never
// makes anyone wait.
type Foreground struct {
	// Quiet is how long no request must have been in flight before work
	// goes on, so that it does not start in the short gap between one
	// person's requests; 0: DefaultQuiet.
	Quiet time.Duration
	// Pass is how often a piece of work goes on while requests never
	// pause; 0: DefaultPass.
	Pass time.Duration
	// Brief: requests in flight for less than this (answers from the
	// cache, a poll) are waited for while in flight, but leave no quiet
	// moment to wait for after them; 0: DefaultBrief.
	Brief time.Duration

	mu       sync.Mutex
	inFlight count
	left     time.Time // when inFlight last dropped to 0
	passed   time.Time // when a piece of work last went on beside requests
	waiting  int       // pieces of work waiting in Yield
	entered  time.Time // when inFlight last rose from 0
}

// DefaultQuiet and DefaultPass are Foreground's defaults.
const (
	DefaultQuiet = 20 * time.Millisecond
	DefaultPass  = time.Second
	DefaultBrief = 2 * time.Millisecond
)

// Enter counts a request in; leave (safe to call more than once) counts it out.
func (f *Foreground) Enter() (leave func()) {
	leave, _ = f.EnterRoute()
	return leave
}

// EnterRoute is Enter for a request whose route may turn out to be work
// nobody waits on (an export, a cron run): drop counts it out as if it
// had never come in, leaving no quiet moment after it for the work to
// wait for. Whichever of leave and drop comes first counts.
func (f *Foreground) EnterRoute() (leave, drop func()) {
	if f == nil {
		return func() {}, func() {}
	}
	f.mu.Lock()
	if f.inFlight.up() {
		f.entered = time.Now()
	}
	f.mu.Unlock()
	var once sync.Once
	return func() { once.Do(func() { f.leave(true) }) }, func() { once.Do(func() { f.leave(false) }) }
}

// leave counts a request out; with quiet, the end of a request in flight
// for Brief or longer starts the quiet moment work waits for.
func (f *Foreground) leave(quiet bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.inFlight.down() {
		if now := time.Now(); quiet && now.Sub(f.entered) >= cmp.Or(f.Brief, DefaultBrief) {
			f.left = now
		}
	}
}

// Yield waits until no request has been in flight for Quiet, or until it
// is this caller's turn to go on beside them (Pass); it returns ctx's
// error if ctx ends first.
func (f *Foreground) Yield(ctx context.Context) error {
	if f == nil {
		return ctx.Err()
	}
	quiet, pass := cmp.Or(f.Quiet, DefaultQuiet), cmp.Or(f.Pass, DefaultPass)
	var began time.Time // of the wait, once there is one
	defer func() {
		if !began.IsZero() {
			f.mu.Lock()
			f.waiting--
			f.mu.Unlock()
		}
	}()
	for {
		f.mu.Lock()
		now := time.Now()
		if began.IsZero() {
			began = now
			f.waiting++
		}
		idle := f.inFlight.idle
		var next time.Time // when to look again, besides the requests' end
		switch {
		case idle == nil && now.Sub(f.left) >= quiet:
			f.mu.Unlock()
			return ctx.Err()
		case now.Sub(began) >= pass && now.Sub(f.passed) >= pass:
			f.passed = now
			f.mu.Unlock()
			return ctx.Err()
		case idle == nil:
			next = f.left.Add(quiet)
		default:
			next = maxTime(began.Add(pass), f.passed.Add(pass))
		}
		f.mu.Unlock()
		t := time.NewTimer(next.Sub(now))
		select {
		case <-idle: // a nil channel, while no request is in flight, never fires
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctx.Err()
		}
		t.Stop()
	}
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// Load reports the requests in flight and the pieces of work waiting for them.
func (f *Foreground) Load() (inFlight, waiting int) {
	if f == nil {
		return 0, 0
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.inFlight.n, f.waiting
}

type foregroundKey struct{}

// WithForeground lets ctx's background work yield to f's requests (Yield).
func WithForeground(ctx context.Context, f *Foreground) context.Context {
	return context.WithValue(ctx, foregroundKey{}, f)
}

// ForegroundOf is the Foreground ctx's work yields to; nil if none.
func ForegroundOf(ctx context.Context) *Foreground {
	f, _ := ctx.Value(foregroundKey{}).(*Foreground)
	return f
}

// Yield lets the requests of ctx's Foreground go first (Foreground.Yield);
// without one it only reports ctx's error.
func Yield(ctx context.Context) error {
	return ForegroundOf(ctx).Yield(ctx)
}
