// Package ingest talks to the scraping provider: its client, the completion
// webhook and batched writes of metric snapshots to ClickHouse. The items
// the provider returns are read by the per-platform normalizers of
// ingest/normalize.
package ingest
