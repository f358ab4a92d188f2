// Package testenv gives each test package its own PostgreSQL database
// (cloned from a migrated template), ClickHouse database and Redis key
// prefix on the real servers, so packages run in parallel. Servers come from
// DATABASE_URL, CLICKHOUSE_ADDR and REDIS_URL (defaults of `make services`),
// or Docker containers when none answers (docker.go); a configured server
// that does not answer fails the package. ClickHouse is reached as its
// administrator (store.AdminCredentials); CLICKHOUSE_ENGINE=current runs a
// current engine instead (chdb.go), and Cluster gives the local cluster.
//
// Tests seed rows with the fixture builders of fixtures.go, whose zero
// options are the common row. ScraperSim, StripeMock, SMTP, Prometheus,
// CutProxy, Serve and Build start the servers a test needs (StripeMock one
// per process, as it keeps no state; Build takes the commands `make test`
// built once from TEST_BINARIES). Waits for a condition a loaded machine
// reaches late are bounded by Patience. MainAudited runs a package's tests
// under the tenancy audit (internal/tenantaudit). A test whose
// data is its own calls t.Parallel; one that sweeps the whole package
// database, takes a server down or checks rate limits stays serial.
package testenv
