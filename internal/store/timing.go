package store

import (
	"context"
	"sync"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/metrics"
)

// queryTimer is a pgx tracer timing each statement by its kind.
type queryTimer struct{ m *metrics.Metrics }

type queryStartKey struct{}

type queryStart struct {
	at   time.Time
	kind string
}

func (t queryTimer) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	return context.WithValue(ctx, queryStartKey{}, queryStart{at: time.Now(), kind: metrics.StatementKind(data.SQL)})
}

func (t queryTimer) TraceQueryEnd(ctx context.Context, _ *pgx.Conn, _ pgx.TraceQueryEndData) {
	if s, ok := ctx.Value(queryStartKey{}).(queryStart); ok {
		t.m.Query(metrics.StorePostgres, s.kind, time.Since(s.at))
	}
}

// timedConn times each ClickHouse read and statement by its kind, a Query
// until its rows are closed.
type timedConn struct {
	driver.Conn
	m *metrics.Metrics
}

func (c timedConn) Select(ctx context.Context, dest any, query string, args ...any) error {
	defer c.since(query, time.Now())
	return c.Conn.Select(ctx, dest, query, args...)
}

func (c timedConn) Exec(ctx context.Context, query string, args ...any) error {
	defer c.since(query, time.Now())
	return c.Conn.Exec(ctx, query, args...)
}

func (c timedConn) Query(ctx context.Context, query string, args ...any) (driver.Rows, error) {
	start := time.Now()
	rows, err := c.Conn.Query(ctx, query, args...)
	if err != nil {
		c.since(query, start)
		return nil, err
	}
	return doneRows{Rows: rows, done: sync.OnceFunc(func() { c.since(query, start) })}, nil
}

func (c timedConn) QueryRow(ctx context.Context, query string, args ...any) driver.Row {
	start := time.Now()
	return doneRow{Row: c.Conn.QueryRow(ctx, query, args...), done: sync.OnceFunc(func() { c.since(query, start) })}
}

// since records a statement that ran from start until now.
func (c timedConn) since(query string, start time.Time) {
	c.m.Query(metrics.StoreClickHouse, metrics.StatementKind(query), time.Since(start))
}

// PrepareBatch times the batch's Send, the insert itself, as an insert.
func (c timedConn) PrepareBatch(ctx context.Context, query string, opts ...driver.PrepareBatchOption) (driver.Batch, error) {
	b, err := c.Conn.PrepareBatch(ctx, query, opts...)
	if err != nil {
		return nil, err
	}
	return timedBatch{Batch: b, m: c.m}, nil
}

type timedBatch struct {
	driver.Batch
	m *metrics.Metrics
}

func (b timedBatch) Send() error {
	start := time.Now()
	err := b.Batch.Send()
	b.m.Query(metrics.StoreClickHouse, "insert", time.Since(start))
	return err
}
