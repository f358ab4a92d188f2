-- The soonest next scrape of a workspace (the overview's nextScrapeAt),
-- found through an index instead of every refreshed item's schedule
-- (docs/architecture.md, "The next scrape").
--
-- refresh_due_floor is a lower bound of an item's next scrape as the
-- dashboard computes it (query/numbers/next_scrape.go, refresh.Next), in
-- microseconds since the epoch, from its own columns only:
--   - queued: the queueing time bounds it;
--   - never scraped: due when tracked;
--   - scraped, past its first day (created + 24 h, the last of
--     refresh.FirstDayScrapes, before the last scrape) and with a stored
--     plan: the last scrape plus the planned interval (a budget's later
--     planned time only moves it later);
--   - otherwise the last scrape (a first-day scrape or the plan's
--     interval, unknown here, follow it).
-- The reader walks the items in the order of this bound and stops at the
-- first whose bound is past the soonest next scrape found.
CREATE FUNCTION refresh_due_floor(created_at timestamptz, last_scraped_at timestamptz, queued_at timestamptz,
        interval_secs integer, reason text)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT least(
    (extract(epoch FROM queued_at) * 1000000)::bigint,
    CASE
        WHEN last_scraped_at IS NULL THEN (extract(epoch FROM created_at) * 1000000)::bigint
        WHEN interval_secs IS NOT NULL AND reason IS NOT NULL
            AND extract(epoch FROM created_at) + 86400 < extract(epoch FROM last_scraped_at)
            THEN (extract(epoch FROM last_scraped_at) * 1000000)::bigint + interval_secs::bigint * 1000000
        ELSE (extract(epoch FROM last_scraped_at) * 1000000)::bigint
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
