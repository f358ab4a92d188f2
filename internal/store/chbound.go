package store

import (
	"context"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
)

// boundConn bounds each ClickHouse read and statement; only batch work
// writes batches, so they are not bounded.
type boundConn struct {
	driver.Conn
	d time.Duration
}

type clickHouseUnboundKey struct{}

// WithoutClickHouseBound lifts the ClickHouse bound only, for exports.
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
	return doneRows{Rows: rows, done: cancel}, nil
}

func (b boundConn) QueryRow(ctx context.Context, query string, args ...any) driver.Row {
	ctx, cancel := b.bound(ctx)
	return doneRow{Row: b.Conn.QueryRow(ctx, query, args...), done: cancel}
}

// doneRows calls done once its rows are closed; doneRow once it is scanned.
type doneRows struct {
	driver.Rows
	done func()
}

func (r doneRows) Close() error {
	err := r.Rows.Close()
	r.done()
	return err
}

type doneRow struct {
	driver.Row
	done func()
}

func (r doneRow) Scan(dest ...any) error {
	defer r.done()
	return r.Row.Scan(dest...)
}

func (r doneRow) ScanStruct(dest any) error {
	defer r.done()
	return r.Row.ScanStruct(dest)
}
