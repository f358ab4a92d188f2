-- The daily buckets again, ordered by entity first: a read of some videos'
-- days (a page's sparklines, the daily export, the start values and chart
-- of a scope: the overview slots' part of a scrape's videos, the uncounted
-- videos of an overview, an account's or a campaign's videos) then reads
-- their rows, where entity_daily (ordered by day first, for the reads of a
-- whole workspace over a range) holds one granule per video and day: about
-- 1 s for 50 videos over 30 days at 1,000,000 videos (docs/decisions.md,
-- "The overview kept as sums"). The hourly buckets have no such copy: they
-- are most of the storage, and the reads of some entities' hours cover a
-- day or two.
--
-- Same columns, view and merge as entity_daily (0006), so both hold the
-- same rows. Granules of 1,024 rows: a video's days of a month are a few
-- dozen rows, so a page's 50 videos read a granule each per month, and
-- 8,192-row granules made that 8 times the rows (43 against 19 ms for a
-- page's sparklines at 1,000,000 videos). Refilled from entity_daily, not from metric_snapshots, so the
-- history the retention job dropped from the raw snapshots is kept;
-- snapshots written meanwhile reach the table through the view, the refill
-- or both, and the merge keeps one row of each.
CREATE TABLE IF NOT EXISTS entity_daily_by_entity {{onCluster}} (
    workspace_id UUID,
    entity_kind  Enum8('video' = 1, 'account' = 2),
    bucket       DateTime('UTC'),
    entity_id    UUID,
    platform     Enum8('tiktok' = 1, 'instagram' = 2, 'youtube' = 3, 'x' = 4),
    account_id   UUID,
    last_at      DateTime('UTC'),
    views        Nullable(UInt64),
    likes        Nullable(UInt64),
    comments     Nullable(UInt64),
    shares       Nullable(UInt64),
    saves        Nullable(UInt64),
    followers    Nullable(UInt64),
    recorded     UInt8
) ENGINE = {{engine "ReplacingMergeTree" "last_at"}}
PARTITION BY toYYYYMM(bucket)
ORDER BY (workspace_id, entity_kind, entity_id, bucket, recorded)
SETTINGS index_granularity = 1024;

CREATE MATERIALIZED VIEW IF NOT EXISTS entity_daily_by_entity_mv {{onCluster}} TO entity_daily_by_entity AS
SELECT
    workspace_id,
    entity_kind,
    toStartOfDay(scraped_at) AS bucket,
    entity_id,
    platform,
    account_id,
    scraped_at AS last_at,
    views,
    likes,
    comments,
    shares,
    saves,
    followers,
    toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves) + 32 * isNotNull(followers)) AS recorded
FROM metric_snapshots;

INSERT INTO entity_daily_by_entity
SELECT workspace_id, entity_kind, bucket, entity_id, platform, account_id, last_at, views, likes, comments, shares, saves, followers, recorded
FROM entity_daily;
