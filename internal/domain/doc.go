// Package domain is the vocabulary the write side (command, ingest), the
// read side (query) and their wiring share, so that each word is written
// once: the metrics a snapshot counts, the alert conditions, the shapes
// more than one layer carries (a rule's spike settings, a spike's measure,
// a video's card, a campaign's settings), and the statuses stored in
// PostgreSQL (scrape jobs, tracked items, member roles, queued e-mails),
// whose CHECK constraints a test holds to these.
package domain
