// Package ingest is the adapter to the scraping provider: its client
// (apify.go), how targets become runs (actors.go) and batched writes of
// metric snapshots to ClickHouse (snapshots.go). The items the provider
// returns are read by the per-platform normalizers of ingest/normalize.
// What a run's completion records is the use case command.CompleteScrape.
package ingest
