// Package fanout runs the parts of one piece of work in goroutines, a panic
// in a part becoming its error, so it never ends the process.
package fanout

import (
	"context"
	"errors"
	"sync"

	"golang.org/x/sync/errgroup"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// Group is an errgroup.Group whose functions recover their panics.
type Group struct{ g *errgroup.Group }

// WithContext returns a group and its context, as errgroup's does.
func WithContext(ctx context.Context) (*Group, context.Context) {
	g, ctx := errgroup.WithContext(ctx)
	return &Group{g}, ctx
}

// SetLimit bounds the functions running at once (errgroup's SetLimit).
func (g *Group) SetLimit(n int) { g.g.SetLimit(n) }

// Go runs f in a goroutine of its own, its panic recovered as an error.
func (g *Group) Go(f func() error) {
	g.g.Go(func() (err error) {
		defer apperr.Recover(&err)
		return f()
	})
}

// Wait waits for every function and returns the first error.
func (g *Group) Wait() error { return g.g.Wait() }

// All runs every function at once and returns their errors joined.
func All(fs ...func() error) error {
	errs := make([]error, len(fs))
	var wg sync.WaitGroup
	for i, f := range fs {
		wg.Go(func() {
			defer apperr.Recover(&errs[i])
			errs[i] = f()
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// Each runs f for every index below n, at most limit at once, as All.
func Each(n, limit int, f func(i int) error) error {
	errs := make([]error, n)
	sem := make(chan struct{}, max(limit, 1))
	var wg sync.WaitGroup
	for i := range n {
		sem <- struct{}{}
		wg.Go(func() {
			defer func() { <-sem }()
			defer apperr.Recover(&errs[i])
			errs[i] = f(i)
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}
