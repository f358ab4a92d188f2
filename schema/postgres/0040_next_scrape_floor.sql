-- The soonest next scrape of a workspace (the overview's nextScrapeAt),
-- found through an index instead of every refreshed item's schedule
-- (docs/architecture.md, "The next scrape").
--
-- refresh_due_floor is a lower bound of an item's next scrape as the
-- dashboard computes it (query/numbers/next_scrape.go, refresh.Next), in
-- microseconds since the epoch, from its own columns only. refresh.Next is
-- the earlier of the last scrape plus the interval and the first of the
-- first-day scrapes (1, 6 and 24 hours after tracking,
-- refresh.FirstDayScrapes) not before the last scrape; so the bound is:
--   - queued: the queueing time when earlier;
--   - never scraped: due when tracked;
--   - scraped: the earlier of that first-day scrape and the last scrape
--     plus the stored plan's interval, or, without one, the shortest
--     interval of any plan (an hour: the workspace's plan is not known
--     here); a budget's later planned time only moves it later.
-- The reader walks the items in the order of this bound and stops at the
-- first whose bound is past the soonest next scrape found.
CREATE FUNCTION refresh_due_floor(created_at timestamptz, last_scraped_at timestamptz, queued_at timestamptz,
        interval_secs integer, reason text)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT least(
    (extract(epoch FROM queued_at) * 1000000)::bigint,
    CASE WHEN last_scraped_at IS NULL THEN (extract(epoch FROM created_at) * 1000000)::bigint
    ELSE least(
        (extract(epoch FROM last_scraped_at) * 1000000)::bigint
            + coalesce(CASE WHEN reason IS NOT NULL THEN interval_secs END, 3600)::bigint * 1000000,
        CASE
            WHEN created_at + interval '1 hour' >= last_scraped_at THEN (extract(epoch FROM created_at) * 1000000)::bigint + 3600000000
            WHEN created_at + interval '6 hours' >= last_scraped_at THEN (extract(epoch FROM created_at) * 1000000)::bigint + 6 * 3600000000::bigint
            WHEN created_at + interval '24 hours' >= last_scraped_at THEN (extract(epoch FROM created_at) * 1000000)::bigint + 24 * 3600000000::bigint
        END)
    END)
$$;

-- The statuses written out (domain.RefreshedItems): the predicate a
-- parameter could not prove.
CREATE INDEX accounts_due_floor_idx ON accounts (workspace_id,
    refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason), id)
    WHERE status IN ('pending', 'active', 'error');

CREATE INDEX videos_due_floor_idx ON videos (workspace_id,
    refresh_due_floor(created_at, last_scraped_at, refresh_queued_at, refresh_interval_secs, refresh_reason), id)
    WHERE status IN ('pending', 'active', 'error') AND (tracked_individually OR kept_until IS NOT NULL);
