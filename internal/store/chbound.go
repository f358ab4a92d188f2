package store

import (
	"context"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
)

// boundConn gives every ClickHouse read and statement its own deadline
// within the caller's. Batches are not bounded: only batch work writes them.
type boundConn struct {
	driver.Conn
	d time.Duration
}

type clickHouseUnboundKey struct{}

// WithoutClickHouseBound lifts the ClickHouse bound only, for long reads
// such as an export's.
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

type boundRows struct {
	driver.Rows
	cancel context.CancelFunc
}

func (r boundRows) Close() error {
	err := r.Rows.Close()
	r.cancel()
	return err
}

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
