// Package answercache keeps the dashboard's encoded answers in Redis and in
// this process, under keys that hold the workspace's data version.
//
// The dashboard's answers (videos, overview, accounts, account analytics,
// collections) are cached under Key: the workspace, its data_version, the
// answer's name and its normalized parameters, stored as
// cache:<workspace>:<data_version>:<name>:<params> under REDIS_PREFIX.
// Every write that changes the dashboard (tracking, a scrape result, an
// account change) bumps workspaces.data_version in its own PostgreSQL
// transaction (command/dataversion), and every request reads the version
// with its membership, so an answer computed before a write is never found
// after it, even when Redis missed the write. The TTL (CACHE_TTL, default
// 10m) only bounds what Redis holds.
//
// Concurrent misses of one key compute once per process (computeAndStore),
// under the first caller's context values (request id, statement bounds)
// but not its cancellation, within ComputeTimeout (REQUEST_TIMEOUT in the
// server): a caller that goes away stops waiting, and the others still get
// the answer. Without Redis, or while its breaker is open (internal/store),
// every answer is computed.
//
// With LocalBytes set (64 MiB in the server), answers read or computed are
// also kept in this process under the same keys, each until its Redis entry
// expires (its remaining TTL comes in the same round trip as the answer),
// so a repeated answer is not transferred from Redis again. A warm request
// thus costs one prepared PostgreSQL statement of primary-key lookups (the
// membership, the data version and whether the session is live) and the
// answer from this process or from Redis.
//
// An answer that says it is Partial (given without ClickHouse,
// metricsAvailable: false) is not kept, so the next request tries again.
// Hits by layer and misses are counted in reeltrack_answer_cache_hits_total
// and reeltrack_answer_cache_misses_total. The package imports only
// internal/: it keeps encoded answers and knows none of them.
package answercache
