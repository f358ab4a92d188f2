package store

import (
	"context"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/internal/background"
)

// backgroundSettings are the ClickHouse settings of work nobody waits on
// (docs/operations.md, "Fair sharing"): one thread per query, so that on a
// small machine the others stay for the dashboard's reads; a priority
// below the service's 1, so that the query pauses while one of the
// dashboard's runs; and small blocks, so that it looks for them often (the
// pause is checked between blocks).
var backgroundSettings = clickhouse.Settings{"max_threads": 1, "priority": 2, "max_block_size": 4096}

type backgroundKey struct{}

// Background marks ctx's ClickHouse queries as background work (the cron's
// steps, exports): each runs on one thread at a lower priority, and waits
// for a quiet moment of the dashboard before it starts (background.Yield).
func Background(ctx context.Context) context.Context {
	ctx = context.WithValue(ctx, backgroundKey{}, true)
	return clickhouse.Context(ctx, clickhouse.WithSettings(backgroundSettings))
}

// yieldingConn lets background work's statements wait for a quiet moment
// of the requests being answered before they start.
type yieldingConn struct{ driver.Conn }

func yieldFirst(ctx context.Context) error {
	if ctx.Value(backgroundKey{}) == nil {
		return nil
	}
	return background.Yield(ctx)
}

func (c yieldingConn) Select(ctx context.Context, dest any, query string, args ...any) error {
	if err := yieldFirst(ctx); err != nil {
		return err
	}
	return c.Conn.Select(ctx, dest, query, args...)
}

func (c yieldingConn) Exec(ctx context.Context, query string, args ...any) error {
	if err := yieldFirst(ctx); err != nil {
		return err
	}
	return c.Conn.Exec(ctx, query, args...)
}

func (c yieldingConn) Query(ctx context.Context, query string, args ...any) (driver.Rows, error) {
	if err := yieldFirst(ctx); err != nil {
		return nil, err
	}
	return c.Conn.Query(ctx, query, args...)
}

func (c yieldingConn) QueryRow(ctx context.Context, query string, args ...any) driver.Row {
	// a QueryRow's error is its Scan's: a cancelled wait goes on to the
	// driver, which reports the cancellation there
	_ = yieldFirst(ctx)
	return c.Conn.QueryRow(ctx, query, args...)
}
