package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"io"
	"net"
	"syscall"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/puddle/v2"
)

// Unavailable reports whether err says a store was unreachable or too slow.
func Unavailable(err error) bool {
	if err == nil {
		return false
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return unavailableSQLState(pgErr.Code)
	}
	var chErr *clickhouse.Exception
	if errors.As(err, &chErr) {
		return unavailableClickHouseCode(chErr.Code)
	}
	var connectErr *pgconn.ConnectError
	var netErr net.Error
	switch {
	case errors.As(err, &connectErr),
		errors.As(err, &netErr),
		pgconn.Timeout(err),
		errors.Is(err, context.DeadlineExceeded),
		errors.Is(err, context.Canceled),
		errors.Is(err, io.EOF),
		errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNREFUSED),
		errors.Is(err, syscall.ECONNRESET),
		errors.Is(err, syscall.EPIPE),
		errors.Is(err, net.ErrClosed),
		errors.Is(err, driver.ErrBadConn),
		errors.Is(err, pgconn.ErrConnClosed),
		errors.Is(err, puddle.ErrClosedPool),
		errors.Is(err, clickhouse.ErrAcquireConnTimeout):
		return true
	}
	// pgconn reports a connection that broke under a statement, or was
	// closed before it, with an error that says it is safe to retry.
	return pgconn.SafeToRetry(err)
}

// unavailableSQLState: class 08 (connection), 53300 (too many connections),
// 57P01-57P05 (shutting down, crashed, starting up), 57014 (timeout).
func unavailableSQLState(code string) bool {
	switch code {
	case "53300", "57014", "57P01", "57P02", "57P03", "57P04", "57P05":
		return true
	}
	return len(code) == 5 && code[:2] == "08"
}

func unavailableClickHouseCode(code int32) bool {
	switch code {
	case 159, // TIMEOUT_EXCEEDED
		160, // TOO_SLOW
		164, // READONLY (a replica that lost ZooKeeper)
		202, // TOO_MANY_SIMULTANEOUS_QUERIES
		209, // SOCKET_TIMEOUT
		210, // NETWORK_ERROR
		241, // MEMORY_LIMIT_EXCEEDED
		242, // TABLE_IS_READ_ONLY
		252, // TOO_MANY_PARTS
		279, // ALL_CONNECTION_TRIES_FAILED
		394: // QUERY_WAS_CANCELLED
		return true
	}
	return false
}
