package store

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/jackc/pgx/v5/pgconn"
)

func TestUnavailable(t *testing.T) {
	wrap := func(err error) error { return fmt.Errorf("read workspace: %w", err) }
	for _, c := range []struct {
		name string
		err  error
		want bool
	}{
		{"postgres shutting down", wrap(&pgconn.PgError{Code: "57P01", Message: "terminating connection due to administrator command"}), true},
		{"postgres starting up", wrap(&pgconn.PgError{Code: "57P03", Message: "the database system is starting up"}), true},
		{"postgres connection failure", wrap(&pgconn.PgError{Code: "08006"}), true},
		{"postgres too many connections", wrap(&pgconn.PgError{Code: "53300"}), true},
		{"postgres statement timeout", wrap(&pgconn.PgError{Code: "57014"}), true},
		{"deadline", wrap(context.DeadlineExceeded), true},
		{"closed connection", wrap(pgconn.ErrConnClosed), true},
		{"clickhouse too many queries", wrap(&clickhouse.Exception{Code: 202}), true},
		{"clickhouse acquire timeout", wrap(clickhouse.ErrAcquireConnTimeout), true},
		{"unique violation", wrap(&pgconn.PgError{Code: "23505"}), false},
		{"bad SQL", wrap(&pgconn.PgError{Code: "42601"}), false},
		{"clickhouse unknown table", wrap(&clickhouse.Exception{Code: 60}), false},
		{"plain error", errors.New("encode overview: unsupported value"), false},
		{"nil", nil, false},
	} {
		if got := Unavailable(c.err); got != c.want {
			t.Errorf("%s: Unavailable(%v) = %v, want %v", c.name, c.err, got, c.want)
		}
	}
}
