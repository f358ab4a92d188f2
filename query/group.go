package query

import (
	"context"

	"golang.org/x/sync/errgroup"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// group runs functions in goroutines of their own and waits for them, as
// errgroup.Group does, but a panic in one becomes its error
// (apperr.Recover): a goroutine a request starts must not end the process.
type group struct{ g *errgroup.Group }

// newGroup returns a group and a context cancelled when a function fails
// or Wait returns (errgroup.WithContext).
func newGroup(ctx context.Context) (*group, context.Context) {
	g, ctx := errgroup.WithContext(ctx)
	return &group{g}, ctx
}

// Go runs f in a goroutine of its own.
func (g *group) Go(f func() error) {
	g.g.Go(func() (err error) {
		defer apperr.Recover(&err)
		return f()
	})
}

// Wait waits for every function and returns the first error.
func (g *group) Wait() error { return g.g.Wait() }
