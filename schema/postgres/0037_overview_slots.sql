-- The overview of a large workspace, kept: per window preset and start, the
-- sums its answer is made of (totals, gains, the chart's buckets, the
-- videos that joined, the movers' candidates) over every video ClickHouse
-- holds for the workspace, so a request reads one row and subtracts the
-- few videos that are not counted instead of reading every video
-- (docs/architecture.md, "Overview slots").
--
-- The ranks step of the cron computes a slot whole (the current start of
-- each preset and the next one); a completed scrape reads its videos' part
-- of every slot before and after writing its snapshots and adds the
-- difference in the transaction that records it. Both hold the
-- workspace's advisory lock, so no two change a slot at once. pending is
-- set while a scrape's snapshots are being written: a holder of the lock
-- that finds it set knows the previous one stopped half way and deletes
-- the workspace's slots.
CREATE TABLE overview_slots (
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    preset       text NOT NULL CHECK (preset IN ('24h', '7d', '30d', '90d')),
    start        timestamptz NOT NULL,
    sums         jsonb NOT NULL,
    pending      boolean NOT NULL DEFAULT false,
    written_at   timestamptz NOT NULL,
    PRIMARY KEY (workspace_id, preset, start)
);

-- The videos no scope counts, found without reading the others: removed or
-- beyond the tracking limit, and posts that are not the account's own.
CREATE INDEX videos_uncounted_status_idx ON videos (workspace_id)
    WHERE status IN ('removed', 'beyond_limit');
CREATE INDEX videos_uncounted_kind_idx ON videos (workspace_id)
    WHERE post_kind NOT IN ('own', 'collab');
