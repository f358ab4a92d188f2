package store

import (
	"context"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
)

// boundConn gives every ClickHouse read and statement (Select, Query,
// QueryRow, Exec) its own deadline within the caller's, as statementBound
// does for PostgreSQL: a server that stops answering (frozen, a half-open
// connection) fails the statement at once with a deadline error, which
// answers 503, instead of holding the request for as long as the freeze
// lasts. The driver closes the connection the deadline interrupted, and
// opens new ones when the server answers again. Work that legitimately
// runs long opts out: migrations and the webhook's and cron's batch work
// with WithoutStatementBound (both stores), the export and the start values
// read in the background with WithoutClickHouseBound. Batches
// (PrepareBatch) are not bounded: the service writes them only in batch
// work.
type boundConn struct {
	driver.Conn
	d time.Duration
}

type clickHouseUnboundKey struct{}

// WithoutClickHouseBound returns a context whose ClickHouse reads are
// bounded only by the context itself (PostgreSQL's statements stay
// bounded), for long reads such as an export's.
func WithoutClickHouseBound(ctx context.Context) context.Context {
	return context.WithValue(ctx, clickHouseUnboundKey{}, true)
}

func (b boundConn) bound(ctx context.Context) (context.Context, context.CancelFunc) {
	if ctx.Value(unboundKey{}) != nil || ctx.Value(clickHouseUnboundKey{}) != nil {
		return ctx, func() {}
	}
	return context.WithTimeout(ctx, b.d)
}

func (b boundConn) Select(ctx context.Context, dest any, query string, args ...any) error {
	ctx, cancel := b.bound(ctx)
	defer cancel()
	return b.Conn.Select(ctx, dest, query, args...)
}

func (b boundConn) Exec(ctx context.Context, query string, args ...any) error {
	ctx, cancel := b.bound(ctx)
	defer cancel()
	return b.Conn.Exec(ctx, query, args...)
}

func (b boundConn) Query(ctx context.Context, query string, args ...any) (driver.Rows, error) {
	ctx, cancel := b.bound(ctx)
	rows, err := b.Conn.Query(ctx, query, args...)
	if err != nil {
		cancel()
		return nil, err
	}
	return boundRows{Rows: rows, cancel: cancel}, nil
}

func (b boundConn) QueryRow(ctx context.Context, query string, args ...any) driver.Row {
	ctx, cancel := b.bound(ctx)
	return boundRow{Row: b.Conn.QueryRow(ctx, query, args...), cancel: cancel}
}

// boundRows releases the deadline when the rows are closed.
type boundRows struct {
	driver.Rows
	cancel context.CancelFunc
}

func (r boundRows) Close() error {
	err := r.Rows.Close()
	r.cancel()
	return err
}

// boundRow releases the deadline once the row is read.
type boundRow struct {
	driver.Row
	cancel context.CancelFunc
}

func (r boundRow) Scan(dest ...any) error {
	defer r.cancel()
	return r.Row.Scan(dest...)
}

func (r boundRow) ScanStruct(dest any) error {
	defer r.cancel()
	return r.Row.ScanStruct(dest)
}
