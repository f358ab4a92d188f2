// Package ingest talks to the scraping provider: its client, the completion
// webhook, per-platform normalizers and batched writes of metric snapshots to
// ClickHouse.
package ingest
