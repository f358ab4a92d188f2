// Package store opens the connections to PostgreSQL, ClickHouse and Redis
// with the timeouts the service relies on, bounds every statement, and tells
// a storage outage from a wrong request. Open takes Options built by
// config.Stores(); users.go names the ClickHouse users; timing.go times
// each statement for internal/metrics.
//
// A frozen server costs a request a bounded time: each PostgreSQL statement
// gets DATABASE_STATEMENT_TIMEOUT and each pool wait half of it (bound.go),
// each ClickHouse read CLICKHOUSE_STATEMENT_TIMEOUT and a new connection four
// fifths of it, since the driver bounds a handshake by its dial timeout
// rather than the context (chbound.go). A pool grown during a freeze shrinks
// back about 75 s after it, where pgx's defaults would keep it for half an
// hour. Long work (migrations, rebuilds, sync, retention, batch routes) opts
// out with WithoutStatementBound; exports with WithoutClickHouseBound.
//
// Unavailable says whether an error means a store could not be reached or
// did not answer in time; api/errors.go answers such errors 503 with
// Retry-After, never a bare 500.
//
// Redis is optional: each call is one 40 ms attempt, and the first that
// cannot reach Redis opens a breaker, failing calls at once with
// ErrRedisSkipped while a background ping retries every 500 ms. So a request
// pays for at most one such call. docs/operations.md, "When a server fails",
// says what each outage does.
package store
