package store

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// statementBound is a pgx tracer bounding each statement and pool wait.
type statementBound struct {
	statement time.Duration
	acquire   time.Duration
}

type unboundKey struct{}

type cancelKey struct{}

// WithoutStatementBound lifts both stores' bounds from ctx, for long work.
func WithoutStatementBound(ctx context.Context) context.Context {
	return context.WithValue(ctx, unboundKey{}, true)
}

func (b statementBound) start(ctx context.Context, d time.Duration) context.Context {
	if d <= 0 || ctx.Value(unboundKey{}) != nil {
		return ctx
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	return context.WithValue(ctx, cancelKey{}, cancel)
}

func (statementBound) end(ctx context.Context) {
	if cancel, ok := ctx.Value(cancelKey{}).(context.CancelFunc); ok {
		cancel()
	}
}

func (b statementBound) TraceQueryStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryStartData) context.Context {
	return b.start(ctx, b.statement)
}

func (b statementBound) TraceQueryEnd(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryEndData) {
	b.end(ctx)
}

func (b statementBound) TraceBatchStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchStartData) context.Context {
	return b.start(ctx, b.statement)
}

func (statementBound) TraceBatchQuery(context.Context, *pgx.Conn, pgx.TraceBatchQueryData) {}

func (b statementBound) TraceBatchEnd(ctx context.Context, _ *pgx.Conn, _ pgx.TraceBatchEndData) {
	b.end(ctx)
}

func (b statementBound) TraceCopyFromStart(ctx context.Context, _ *pgx.Conn, _ pgx.TraceCopyFromStartData) context.Context {
	return b.start(ctx, b.statement)
}

func (b statementBound) TraceCopyFromEnd(ctx context.Context, _ *pgx.Conn, _ pgx.TraceCopyFromEndData) {
	b.end(ctx)
}

func (b statementBound) TraceAcquireStart(ctx context.Context, _ *pgxpool.Pool, _ pgxpool.TraceAcquireStartData) context.Context {
	return b.start(ctx, b.acquire)
}

func (b statementBound) TraceAcquireEnd(ctx context.Context, _ *pgxpool.Pool, _ pgxpool.TraceAcquireEndData) {
	b.end(ctx)
}
