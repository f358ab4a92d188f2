-- Each video's last views of each of the sparkline's days, kept beside its
-- latest counts, so the accounts list's kept sums (schema 0039) compute an
-- account's 7-day sparkline from PostgreSQL instead of reading the daily
-- values of the account's videos from ClickHouse: in a large workspace an
-- account's videos lie scattered over the whole table, and a hundred
-- accounts' videos made a read after a scrape cost a second at 1,000,000
-- videos (docs/architecture.md, "Account sums").
--
-- day_views[i] is the last views recorded on day days_to - 8 + i (i = 1..8:
-- the day before the sparkline's first and its seven), NULL where none was.
-- A scrape writes them for its videos with their counts, read from the
-- projections after its snapshots were written (tracking.ApplyScrape); a
-- day after days_to had nothing recorded when they were read, and every
-- later snapshot of the video comes with a scrape that writes them again.
-- days_read_at is when the read that wrote them began: a read that began
-- later saw every snapshot the earlier one saw, so the later one wins
-- whatever order the writes commit in. days_to NULL: not known (never
-- scraped since this migration, or a scrape's snapshots not yet visible to
-- the read), and the sums read that video's days from ClickHouse.
ALTER TABLE video_ranks
    ADD COLUMN days_to      date,
    ADD COLUMN day_views    int8[],
    ADD COLUMN days_read_at timestamptz;
