-- Snapshots carry the publish time of their video, as the scrape reported
-- it (1970-01-01 when unknown: accounts, videos whose item had no date, and
-- every row written before this migration). The spike scan reads it from
-- the hourly projection, so it knows without PostgreSQL which videos were
-- published inside a window and how old a video is.
--
-- ClickHouse 18.16 has no ADD COLUMN IF NOT EXISTS: the migration runner
-- skips an ADD COLUMN whose column exists, so this file stays safe to repeat.
ALTER TABLE metric_snapshots ADD COLUMN published_at DateTime('UTC') DEFAULT toDateTime(0, 'UTC');

ALTER TABLE entity_hourly {{onCluster}} ADD COLUMN published_at DateTime('UTC') DEFAULT toDateTime(0, 'UTC');

-- The view is recreated to pass the new column on; its column order is the
-- table's, because -rebuild-projections inserts the view's SELECT by
-- position. Snapshots written between the DROP and the CREATE miss the
-- projection: run `migrate -rebuild-projections` if any were.
DROP TABLE IF EXISTS entity_hourly_mv {{onCluster}};

CREATE MATERIALIZED VIEW IF NOT EXISTS entity_hourly_mv {{onCluster}} TO entity_hourly AS
SELECT
    workspace_id,
    entity_kind,
    toStartOfHour(scraped_at) AS bucket,
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
    published_at
FROM metric_snapshots;

-- video_age_hourly: one row per video of an account and whole hour of its
-- age (hours since publishing), for its first 9 days (ages 0–215 h): the
-- last snapshot in that hour of age. velocity_vs_baseline compares a video
-- with its account's other videos at the same age, which for an older
-- sibling happened long ago; this table keeps just those early hours, so
-- the scan reads a bounded number of rows per video however long accounts
-- have been tracked, instead of their whole hourly history. The 9 days are
-- the 7 days (168 h, the longest window) a video is judged for, and 2 more
-- in which the point after a sibling's 168th hour can be found across a gap.
--
-- Key order: workspace_id first (every read is scoped to workspaces that
-- have velocity rules; the shard key on a cluster), then account_id
-- (siblings are compared per account), entity_id and age_hour, so one
-- video's early series is contiguous and in order. ReplacingMergeTree
-- versioned by the snapshot time keeps an hour's last snapshot; until a
-- merge, readers treat every row as a true point, as in entity_hourly.
-- A video tracked on its own (account_id zero) has no siblings and no rows.
CREATE TABLE IF NOT EXISTS video_age_hourly {{onCluster}} (
    workspace_id UUID,
    account_id   UUID,
    entity_id    UUID,
    age_hour     UInt16,
    platform     Enum8('tiktok' = 1, 'instagram' = 2, 'youtube' = 3, 'x' = 4),
    published_at DateTime('UTC'),
    last_at      DateTime('UTC'),
    views        Nullable(UInt64),
    likes        Nullable(UInt64),
    comments     Nullable(UInt64),
    shares       Nullable(UInt64)
) ENGINE = {{engine "ReplacingMergeTree" "last_at"}}
ORDER BY (workspace_id, account_id, entity_id, age_hour);

CREATE MATERIALIZED VIEW IF NOT EXISTS video_age_hourly_mv {{onCluster}} TO video_age_hourly AS
SELECT
    workspace_id,
    account_id,
    entity_id,
    toUInt16(intDiv(toUInt32(scraped_at) - toUInt32(published_at), 3600)) AS age_hour,
    platform,
    published_at,
    scraped_at AS last_at,
    views,
    likes,
    comments,
    shares
FROM metric_snapshots
WHERE entity_kind = 'video'
  AND account_id != toUUID('00000000-0000-0000-0000-000000000000')
  AND toUInt32(published_at) > 0
  AND scraped_at >= published_at
  AND toUInt32(scraped_at) - toUInt32(published_at) < 216 * 3600;
