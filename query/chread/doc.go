// Package chread is the one reader of ClickHouse: every read of the
// projections and of the raw snapshots, the dashboard's and the alerts
// cron's, so that the SQL that must mean the same on 18.16 and on current
// engines is in one place. The reads: the entities' latest values and
// gains (Entities), the series summed over entities (Series), the videos'
// daily views (DailyViewsQuery), and the start values of windows kept
// between requests (StartValueCache); and those of one purpose each,
// below. Each read is a query value whose SQL method renders its text from
// a template (sql.go) and its named parameters, run by a Reader over a
// connection, its rows scanned by forEachRow. It imports only internal/: it
// reads ClickHouse and knows none of the answers (but the JSON names of
// Counts and VideoPoint, which they embed), nor PostgreSQL.
//
// # Latest values and gains
//
// Reader.Entities (entities.go) runs two reads at once and joins them in
// Go: the latest values from entity_latest, and the start values (each
// entity's value when a window starts) from the hourly and daily
// projections, looked for up to Lookback (7 days) before the cutoff. The
// start values are read in two steps with the answer of one: first only
// shortly before each cutoff (the two hours before it, or the day before a
// cutoff at midnight), where entities scraped hourly or daily have theirs;
// then over the whole Lookback for the entities only that have none there.
// Some entities' ids (a page of videos) are sent as the external table
// scope, which entity_latest tests in PREWHERE; a scope of fewer than
// WideScope ids reads its days before the cutoffs from the copy ordered by
// entity, a wider one (an export's chunk) from entity_daily. EntitiesQuery.Top asks for
// the first entities by a count only, already in order (videos without it
// last, ties by toString(entity_id)), for the videos list's first pages.
//
// Reader.Series (series.go) sums views gained per hour (entity_hourly) or
// per UTC day (entity_daily) over a scope; the buckets are in
// granularity.go. A read of some entities' days (a scope of ids, a page,
// one video) reads entity_daily's copy ordered by entity first,
// entity_daily_by_entity (ClickHouse 0012), where their rows are together;
// a read of a whole workspace over a range reads the tables ordered by
// time, and every read of hours reads entity_hourly. DailyViewsQuery (daily_views.go) reads the last views of
// each of the last SparkDays+1 UTC days from entity_daily for a page of
// videos in one query: the lists' sparklines (views7d).
//
// # Reads of one purpose
//
//   - One video (video_points.go): its hourly or daily buckets
//     (VideoSeries) and its raw snapshots (VideoScrapes), as VideoPoint,
//     which numbers answers as it is; an account's first hour with
//     followers (FirstRecorded, first_recorded.go).
//   - The videos' latest counts (Latest, latest.go), which the campaigns'
//     ledger and settle run and the milestones read; each video's raw
//     snapshot at its own window's end (ViewsAt, views_at.go).
//   - The daily export's days and first values (daily_series.go), read on
//     one thread (store.Background) like the videos export's.
//   - The alerts cron's: the spike scan (spikes.go: NewSpikeScan, whose
//     candidates query.SpikeScanner scopes in PostgreSQL) and the insights'
//     inputs (insights.go: InsightsReader, command/alerts' InsightReader).
//
// The golden texts of the spike scan are in testdata/sql, compared on both
// engines by engines_test.go; those of the other reads are in the tests of
// the room that builds them (query/numbers).
//
// # Start values kept between requests
//
// Most dashboard numbers are gains: a latest value less a start value. A
// scrape bumps data_version, so every request after one recomputes its
// answer (query/answercache); but the start values of its windows come from
// snapshots recorded before the cutoffs, which a new scrape does not
// change. StartValueCache (start_values.go) keeps them in each API process
// (START_VALUES_CACHE_BYTES, 256 MiB by default; 0 keeps none; each entry
// for an hour), so a request after a scrape reads only the latest values.
//
//   - What invalidates them: workspaces.scraped_until is the latest scrape
//     time recorded, and workspaces.history_version counts the scrapes
//     recorded more than domain.LateScrape (6 hours) before it; both are
//     written in the scrape's own transaction, after its snapshots are in
//     ClickHouse (command/dataversion). cmd/migrate bumps every workspace's
//     history version after a rebuild of the projections or a ClickHouse
//     migration (dataversion.ForgetHistory).
//   - What is kept: the start values of every entity of a kind in a
//     workspace, for one set of metrics and cutoffs, under the history
//     version the request read with its membership (KeptStartValues, which
//     the request's context carries), and only for cutoffs at least
//     LateScrape before scraped_until. A later scrape that leaves the
//     version alone is later than every kept cutoff; an entity new since
//     has nothing before the cutoffs, which is what the kept values say.
//   - When they are computed: a read of a whole workspace's entities (the
//     overview, the accounts, the sort by gain) keeps what it read. A read
//     of some (a page of the videos list, a video) answers as before and
//     then reads the whole workspace's in the background (one such read at
//     a time per process, not bounded by CLICKHOUSE_STATEMENT_TIMEOUT; a
//     shutdown cancels it and waits for it; its panic is logged). The
//     windows' cutoffs move every hour, so a workspace's start values are
//     read again about hourly per process. Entries expire by the handlers'
//     clock.
//
// Each process keeps its own: API servers behind a load balancer read the
// same history version from PostgreSQL and never serve another's entries.
// cmd/bench reports each route both ways ("cold" after a scrape, "cold,
// nothing kept" after a late scrape).
package chread
