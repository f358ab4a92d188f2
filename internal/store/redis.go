package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// Redis is the cache and rate-limit store, behind a breaker.
type Redis struct {
	Client *redis.Client
	Prefix string

	log  *slog.Logger
	down atomic.Bool

	mu      sync.Mutex
	probing bool
	closed  bool
	stop    chan struct{}
	wg      sync.WaitGroup
	budget  time.Duration // of one call
}

const (
	// a near Redis answers well under a millisecond: a slower one is sick
	callBudget  = 40 * time.Millisecond
	probeEvery  = 500 * time.Millisecond
	probeBudget = 250 * time.Millisecond
)

// ErrRedisSkipped is a call's error while the breaker is open: it never reached Redis.
var ErrRedisSkipped = errors.New("redis: skipped until it answers again")

// quietLogger drops go-redis's log lines: callers log the errors.
type quietLogger struct{}

func (quietLogger) Printf(context.Context, string, ...any) {}

func init() { redis.SetLogger(quietLogger{}) }

// OpenRedis makes a client behind the breaker; log (nil: none) tells its state.
func OpenRedis(rawURL, prefix string, log *slog.Logger) (*Redis, error) {
	return OpenRedisWithin(rawURL, prefix, callBudget, log)
}

// OpenRedisWithin is OpenRedis with another call budget (REDIS_CALL_TIMEOUT).
func OpenRedisWithin(rawURL, prefix string, budget time.Duration, log *slog.Logger) (*Redis, error) {
	opt, err := redis.ParseURL(rawURL)
	if err != nil {
		return nil, fmt.Errorf("parse REDIS_URL: %w", err)
	}
	opt.DialTimeout = budget
	opt.ReadTimeout = budget
	opt.WriteTimeout = budget
	opt.PoolTimeout = budget
	opt.ContextTimeoutEnabled = true
	// One attempt per call: a retry or a dial retry with back-off would
	// multiply what a sick Redis costs the request.
	opt.MaxRetries = -1
	opt.DialerRetries = 1
	if log == nil {
		log = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	r := &Redis{Client: redis.NewClient(opt), Prefix: prefix, log: log, stop: make(chan struct{}), budget: budget}
	r.Client.AddHook(breaker{r})
	return r, nil
}

// Up reports whether Redis should be tried now: not while the breaker is open.
func (r *Redis) Up() bool { return !r.down.Load() }

// Key prefixes a key with the configured namespace.
func (r *Redis) Key(k string) string { return r.Prefix + k }

// Ping checks Redis, or answers ErrRedisSkipped at once while the breaker is open.
func (r *Redis) Ping(ctx context.Context) error { return r.Client.Ping(ctx).Err() }

// Close stops the background ping and closes the client.
func (r *Redis) Close() error {
	r.mu.Lock()
	if !r.closed {
		r.closed = true
		close(r.stop)
	}
	r.mu.Unlock()
	r.wg.Wait()
	return r.Client.Close()
}

func (r *Redis) trip(err error) {
	if r.down.CompareAndSwap(false, true) {
		r.log.Warn("redis unreachable: skipping it until it answers", "error", err)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.probing || r.closed {
		return
	}
	r.probing = true
	r.wg.Add(1)
	go r.probe()
}

// probe pings Redis until it answers, then closes the breaker.
func (r *Redis) probe() {
	defer r.wg.Done()
	t := time.NewTicker(probeEvery)
	defer t.Stop()
	for {
		select {
		case <-r.stop:
			return
		case <-t.C:
		}
		ctx, cancel := context.WithTimeout(context.WithValue(context.Background(), probeKey{}, true), probeBudget)
		err := r.Client.Ping(ctx).Err()
		cancel()
		if err != nil {
			continue
		}
		// cleared before the breaker closes, so a failure right after probes again
		r.mu.Lock()
		r.probing = false
		r.mu.Unlock()
		r.down.Store(false)
		r.log.Info("redis answers again: using it")
		return
	}
}

type probeKey struct{}

// breaker is the client hook that skips calls while open and bounds each.
type breaker struct{ r *Redis }

func (breaker) DialHook(next redis.DialHook) redis.DialHook { return next }

func (b breaker) ProcessHook(next redis.ProcessHook) redis.ProcessHook {
	return func(ctx context.Context, cmd redis.Cmder) error {
		return b.call(ctx, func(ctx context.Context) error { return next(ctx, cmd) }, cmd)
	}
}

func (b breaker) ProcessPipelineHook(next redis.ProcessPipelineHook) redis.ProcessPipelineHook {
	return func(ctx context.Context, cmds []redis.Cmder) error {
		return b.call(ctx, func(ctx context.Context) error { return next(ctx, cmds) }, cmds...)
	}
}

func (b breaker) call(ctx context.Context, next func(context.Context) error, cmds ...redis.Cmder) error {
	call, cancel, err := b.enter(ctx)
	if err != nil {
		for _, cmd := range cmds {
			cmd.SetErr(err)
		}
		return err
	}
	defer cancel()
	err = next(call)
	b.observe(ctx, err)
	return err
}

// enter bounds a call by the budget, or skips it while the breaker is open.
func (b breaker) enter(ctx context.Context) (context.Context, context.CancelFunc, error) {
	if ctx.Value(probeKey{}) != nil {
		return ctx, func() {}, nil
	}
	if b.r.down.Load() {
		return nil, nil, ErrRedisSkipped
	}
	if d, ok := ctx.Deadline(); ok && time.Until(d) <= b.r.budget {
		return ctx, func() {}, nil
	}
	call, cancel := context.WithTimeout(ctx, b.r.budget)
	return call, cancel, nil
}

// observe opens the breaker when err says Redis was not reached; an error
// reply, a miss or the caller giving up says nothing about Redis.
func (b breaker) observe(ctx context.Context, err error) {
	var reply redis.Error
	switch {
	case err == nil, errors.Is(err, redis.Nil), errors.As(err, &reply),
		errors.Is(err, ErrRedisSkipped), errors.Is(err, redis.ErrClosed),
		ctx.Value(probeKey{}) != nil, ctx.Err() != nil:
		return
	}
	b.r.trip(err)
}
