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

// Redis is the cache and rate-limit store. It is optional by design: the
// first call that fails to reach it (refused, reset, no answer in time)
// opens a breaker, every later call is skipped at once without touching the
// network, and one background goroutine pings Redis until it answers. So a
// sick Redis costs a request at most one short call budget, and only the
// requests in flight when it fell sick pay even that.
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
	// callBudget bounds one call to Redis, waiting for a pooled connection,
	// dialing and the handshake included: loopback or same-zone Redis
	// answers in well under a millisecond, so a call that takes longer
	// finds Redis sick.
	callBudget = 40 * time.Millisecond
	// probeEvery spaces the background pings while the breaker is open.
	probeEvery = 500 * time.Millisecond
	// probeBudget bounds one background ping; no request waits on it.
	probeBudget = 250 * time.Millisecond
)

// ErrRedisSkipped is the error of a call made while the breaker is open: it
// never reached Redis.
var ErrRedisSkipped = errors.New("redis: skipped until it answers again")

// quietLogger drops go-redis's own log lines: every failure also comes back
// as an error, which the caller logs once, without the noise of pool retries.
type quietLogger struct{}

func (quietLogger) Printf(context.Context, string, ...any) {}

func init() { redis.SetLogger(quietLogger{}) }

// OpenRedis makes a client whose calls each take at most a few tens of
// milliseconds, never retried, behind the breaker. It does not require Redis
// to answer: the service runs without it. log receives the breaker's
// openings and closings; nil discards them.
func OpenRedis(rawURL, prefix string, log *slog.Logger) (*Redis, error) {
	return OpenRedisWithin(rawURL, prefix, callBudget, log)
}

// OpenRedisWithin is OpenRedis with budget instead of the few tens of
// milliseconds a call may take: for tests of a healthy Redis on a machine so
// loaded that a call can miss the service's budget.
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

// Up reports whether Redis should be tried now: false from the first failed
// call until a background ping gets an answer.
func (r *Redis) Up() bool { return !r.down.Load() }

// Key prefixes a key with the configured namespace.
func (r *Redis) Key(k string) string { return r.Prefix + k }

// Ping checks Redis, or answers ErrRedisSkipped at once while the breaker is
// open.
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

// trip opens the breaker after a call failed with err, and starts the
// background ping unless one runs.
func (r *Redis) trip(err error) {
	if r.down.CompareAndSwap(false, true) {
		r.log.Warn("redis unreachable: skipping it until it answers", "err", err)
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

// probe pings Redis every probeEvery until it answers, then closes the
// breaker. It is the only caller that reaches Redis while the breaker is
// open.
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
		// Clear probing before closing the breaker, so a failure right
		// after starts a new probe.
		r.mu.Lock()
		r.probing = false
		r.mu.Unlock()
		r.down.Store(false)
		r.log.Info("redis answers again: using it")
		return
	}
}

type probeKey struct{}

// breaker is the client hook that skips calls while the breaker is open,
// bounds each call by the client's budget and opens the breaker on a
// failure to reach Redis. Redis answering with an error reply (NOSCRIPT, WRONGTYPE) or a miss
// is an answer: Redis is up.
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

// call sends cmds (next) through the breaker: while it is open each of them
// fails with the error of enter, unsent.
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

// enter returns the context of one call: the probe's as it is, any other
// bounded by the client's budget; or ErrRedisSkipped while the breaker is
// open.
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

// observe opens the breaker when err says Redis was not reached. A call
// whose caller gave up (its own context ended) says nothing about Redis.
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
