package store

import (
	"context"
	"sync"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/metrics"
)

// queryTimer is a pgx tracer recording each statement's duration by its
// kind; the start time rides in the statement's context.
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

// timedConn records each ClickHouse read and statement's duration by its
// kind: Query until its rows are closed, QueryRow until it is scanned.
type timedConn struct {
	driver.Conn
	m *metrics.Metrics
}

func (c timedConn) Select(ctx context.Context, dest any, query string, args ...any) error {
	start := time.Now()
	err := c.Conn.Select(ctx, dest, query, args...)
	c.m.Query(metrics.StoreClickHouse, metrics.StatementKind(query), time.Since(start))
	return err
}

func (c timedConn) Exec(ctx context.Context, query string, args ...any) error {
	start := time.Now()
	err := c.Conn.Exec(ctx, query, args...)
	c.m.Query(metrics.StoreClickHouse, metrics.StatementKind(query), time.Since(start))
	return err
}

func (c timedConn) Query(ctx context.Context, query string, args ...any) (driver.Rows, error) {
	start := time.Now()
	rows, err := c.Conn.Query(ctx, query, args...)
	if err != nil {
		c.m.Query(metrics.StoreClickHouse, metrics.StatementKind(query), time.Since(start))
		return nil, err
	}
	return timedRows{Rows: rows, done: sync.OnceFunc(func() { c.m.Query(metrics.StoreClickHouse, metrics.StatementKind(query), time.Since(start)) })}, nil
}

func (c timedConn) QueryRow(ctx context.Context, query string, args ...any) driver.Row {
	start := time.Now()
	return timedRow{Row: c.Conn.QueryRow(ctx, query, args...), done: sync.OnceFunc(func() {
		c.m.Query(metrics.StoreClickHouse, metrics.StatementKind(query), time.Since(start))
	})}
}

type timedRows struct {
	driver.Rows
	done func()
}

func (r timedRows) Close() error {
	err := r.Rows.Close()
	r.done()
	return err
}

type timedRow struct {
	driver.Row
	done func()
}

func (r timedRow) Scan(dest ...any) error {
	defer r.done()
	return r.Row.Scan(dest...)
}

func (r timedRow) ScanStruct(dest any) error {
	defer r.done()
	return r.Row.ScanStruct(dest)
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
