// Package query is the shared base of the read side's rooms (numbers,
// collections, campaigns, alerts, team, sharing): the date windows, the one
// definition of the videos a scope counts, the CSV cell guard, the handlers'
// Readers (PostgreSQL, ClickHouse, clock) and the list helpers (OnlyOne,
// OneWhere, OrEmpty).
// It also holds the alerts cron's reads that join PostgreSQL to ClickHouse,
// as they need the counted videos: the spike scan (SpikeScanner) and the
// milestones' views (MilestoneScanner), the ports command/alerts declares.
// The rooms read ClickHouse through query/chread and never write
// PostgreSQL; a PostgreSQL read leaves the error of Query to its rows,
// which pgx returns in an error state.
package query
