// Package ingest is the adapter to the scraping provider: its client
// (apify.go), how targets become runs (actors.go) and batched snapshot writes
// to ClickHouse (snapshots.go). Items are read by ingest/normalize; what a
// completion records is command/tracking's CompleteScrape.
package ingest
