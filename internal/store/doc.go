// Package store opens the connections to PostgreSQL, ClickHouse and Redis
// (Open, with Options built by config.Stores()), bounds every statement,
// times it for internal/metrics (timing.go), and tells a storage outage from
// a wrong request; users.go names the ClickHouse users.
//
// A frozen server costs a request a bounded time: each PostgreSQL statement
// gets DATABASE_STATEMENT_TIMEOUT and each pool wait half of it (bound.go),
// each ClickHouse read CLICKHOUSE_STATEMENT_TIMEOUT and a new connection four
// fifths of it, as the driver bounds a handshake by its dial timeout, not the
// context (chbound.go). A pool grown during a freeze shrinks back about 75 s
// after it, not pgx's half hour. Long work (migrations, rebuilds, sync,
// retention, batch routes) opts out with WithoutStatementBound; exports with
// WithoutClickHouseBound. Unavailable errors are answered 503 with
// Retry-After by api/errors.go, never a bare 500.
//
// Redis is optional: each call is one 40 ms attempt, and the first that
// cannot reach Redis opens a breaker, failing calls at once with
// ErrRedisSkipped while a background ping retries every 500 ms, so a request
// pays for at most one such call. docs/operations.md, "When a server fails",
// says what each outage does.
package store
