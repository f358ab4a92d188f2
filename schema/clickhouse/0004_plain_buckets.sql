-- The hourly and daily projections hold plain values: per entity and UTC
-- hour (day), the metrics of its last snapshot in that bucket, and that
-- snapshot's time (last_at). They are ReplacingMergeTree tables versioned by
-- last_at, so merges keep each bucket's last snapshot and a replayed job
-- changes nothing; until a merge, a bucket may still hold a row per insert,
-- each a true snapshot, so readers take argMax(value, last_at) or treat rows
-- as points and never need FINAL. Plain columns read many times faster than
-- the aggregate states they replace. A metric is NULL when the platform
-- hid it at that snapshot.
--
-- Sorted by time before entity (workspace_id, entity_kind, bucket,
-- entity_id): dashboard queries read a workspace's buckets of a time range.
-- Recreated and refilled from metric_snapshots; snapshots written meanwhile
-- reach the tables through the views, the refill or both, and the
-- replacing merge keeps one row per bucket.
DROP TABLE IF EXISTS entity_hourly_mv {{onCluster}};
DROP TABLE IF EXISTS entity_hourly {{onCluster}};
DROP TABLE IF EXISTS entity_daily_mv {{onCluster}};
DROP TABLE IF EXISTS entity_daily {{onCluster}};

CREATE TABLE IF NOT EXISTS entity_hourly {{onCluster}} (
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
    followers    Nullable(UInt64)
) ENGINE = {{engine "ReplacingMergeTree" "last_at"}}
PARTITION BY toYYYYMM(bucket)
ORDER BY (workspace_id, entity_kind, bucket, entity_id);

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
    followers
FROM metric_snapshots;

CREATE TABLE IF NOT EXISTS entity_daily {{onCluster}} (
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
    followers    Nullable(UInt64)
) ENGINE = {{engine "ReplacingMergeTree" "last_at"}}
PARTITION BY toYYYYMM(bucket)
ORDER BY (workspace_id, entity_kind, bucket, entity_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS entity_daily_mv {{onCluster}} TO entity_daily AS
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
    followers
FROM metric_snapshots;

INSERT INTO entity_hourly
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
    followers
FROM metric_snapshots;

INSERT INTO entity_daily
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
    followers
FROM metric_snapshots;
