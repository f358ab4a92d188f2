// Package domain is the vocabulary the write side (command, ingest), the
// read side (query) and their wiring share, written once: the metrics, the
// alert conditions, the shapes more than one layer carries (spike settings
// and measures, video cards, campaign settings) and the statuses stored in
// PostgreSQL, whose CHECK constraints a test holds to these.
package domain
