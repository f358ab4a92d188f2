-- The hourly and daily projections are sorted by time before entity:
-- (workspace_id, entity_kind, bucket, entity_id). Every dashboard query
-- reads a workspace's buckets of a time range (the hours or days before a
-- window's start, the buckets of a chart), which this order reads as one
-- contiguous range; sorted by entity first, a time range touched every row
-- of the workspace's monthly partitions.
--
-- The tables are recreated and refilled from metric_snapshots. Snapshots
-- written while this runs reach the new tables through the new views or the
-- refill, or both; the argMin/argMax states come out the same.
DROP TABLE IF EXISTS entity_hourly_mv {{onCluster}};
DROP TABLE IF EXISTS entity_hourly {{onCluster}};
DROP TABLE IF EXISTS entity_daily_mv {{onCluster}};
DROP TABLE IF EXISTS entity_daily {{onCluster}};

CREATE TABLE IF NOT EXISTS entity_hourly {{onCluster}} (
    workspace_id UUID,
    entity_kind  Enum8('video' = 1, 'account' = 2),
    entity_id    UUID,
    bucket       DateTime('UTC'),
    platform     Enum8('tiktok' = 1, 'instagram' = 2, 'youtube' = 3, 'x' = 4),
    account_id   UUID,
    first_at     AggregateFunction(min, DateTime('UTC')),
    last_at      AggregateFunction(max, DateTime('UTC')),
    recorded     AggregateFunction(groupBitOr, UInt8),
    views_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    likes_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    comments_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    shares_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    saves_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    followers_last  AggregateFunction(argMax, UInt64, DateTime('UTC'))
) ENGINE = {{engine "AggregatingMergeTree"}}
PARTITION BY toYYYYMM(bucket)
ORDER BY (workspace_id, entity_kind, bucket, entity_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS entity_hourly_mv {{onCluster}} TO entity_hourly AS
SELECT
    workspace_id,
    entity_kind,
    entity_id,
    toStartOfHour(scraped_at) AS bucket,
    platform,
    account_id,
    minState(scraped_at) AS first_at,
    maxState(scraped_at) AS last_at,
    groupBitOrState(toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves) + 32 * isNotNull(followers))) AS recorded,
    argMaxStateIf(assumeNotNull(views), scraped_at, isNotNull(views)) AS views_last,
    argMaxStateIf(assumeNotNull(likes), scraped_at, isNotNull(likes)) AS likes_last,
    argMaxStateIf(assumeNotNull(comments), scraped_at, isNotNull(comments)) AS comments_last,
    argMaxStateIf(assumeNotNull(shares), scraped_at, isNotNull(shares)) AS shares_last,
    argMaxStateIf(assumeNotNull(saves), scraped_at, isNotNull(saves)) AS saves_last,
    argMaxStateIf(assumeNotNull(followers), scraped_at, isNotNull(followers)) AS followers_last
FROM metric_snapshots
GROUP BY workspace_id, entity_kind, entity_id, bucket, platform, account_id;

CREATE TABLE IF NOT EXISTS entity_daily {{onCluster}} (
    workspace_id UUID,
    entity_kind  Enum8('video' = 1, 'account' = 2),
    entity_id    UUID,
    bucket       DateTime('UTC'),
    platform     Enum8('tiktok' = 1, 'instagram' = 2, 'youtube' = 3, 'x' = 4),
    account_id   UUID,
    first_at     AggregateFunction(min, DateTime('UTC')),
    last_at      AggregateFunction(max, DateTime('UTC')),
    recorded     AggregateFunction(groupBitOr, UInt8),
    views_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    likes_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    comments_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    shares_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    saves_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    followers_last  AggregateFunction(argMax, UInt64, DateTime('UTC'))
) ENGINE = {{engine "AggregatingMergeTree"}}
PARTITION BY toYYYYMM(bucket)
ORDER BY (workspace_id, entity_kind, bucket, entity_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS entity_daily_mv {{onCluster}} TO entity_daily AS
SELECT
    workspace_id,
    entity_kind,
    entity_id,
    toStartOfDay(scraped_at) AS bucket,
    platform,
    account_id,
    minState(scraped_at) AS first_at,
    maxState(scraped_at) AS last_at,
    groupBitOrState(toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves) + 32 * isNotNull(followers))) AS recorded,
    argMaxStateIf(assumeNotNull(views), scraped_at, isNotNull(views)) AS views_last,
    argMaxStateIf(assumeNotNull(likes), scraped_at, isNotNull(likes)) AS likes_last,
    argMaxStateIf(assumeNotNull(comments), scraped_at, isNotNull(comments)) AS comments_last,
    argMaxStateIf(assumeNotNull(shares), scraped_at, isNotNull(shares)) AS shares_last,
    argMaxStateIf(assumeNotNull(saves), scraped_at, isNotNull(saves)) AS saves_last,
    argMaxStateIf(assumeNotNull(followers), scraped_at, isNotNull(followers)) AS followers_last
FROM metric_snapshots
GROUP BY workspace_id, entity_kind, entity_id, bucket, platform, account_id;

INSERT INTO entity_hourly
SELECT
    workspace_id,
    entity_kind,
    entity_id,
    toStartOfHour(scraped_at) AS bucket,
    platform,
    account_id,
    minState(scraped_at) AS first_at,
    maxState(scraped_at) AS last_at,
    groupBitOrState(toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves) + 32 * isNotNull(followers))) AS recorded,
    argMaxStateIf(assumeNotNull(views), scraped_at, isNotNull(views)) AS views_last,
    argMaxStateIf(assumeNotNull(likes), scraped_at, isNotNull(likes)) AS likes_last,
    argMaxStateIf(assumeNotNull(comments), scraped_at, isNotNull(comments)) AS comments_last,
    argMaxStateIf(assumeNotNull(shares), scraped_at, isNotNull(shares)) AS shares_last,
    argMaxStateIf(assumeNotNull(saves), scraped_at, isNotNull(saves)) AS saves_last,
    argMaxStateIf(assumeNotNull(followers), scraped_at, isNotNull(followers)) AS followers_last
FROM metric_snapshots
GROUP BY workspace_id, entity_kind, entity_id, bucket, platform, account_id;

INSERT INTO entity_daily
SELECT
    workspace_id,
    entity_kind,
    entity_id,
    toStartOfDay(scraped_at) AS bucket,
    platform,
    account_id,
    minState(scraped_at) AS first_at,
    maxState(scraped_at) AS last_at,
    groupBitOrState(toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves) + 32 * isNotNull(followers))) AS recorded,
    argMaxStateIf(assumeNotNull(views), scraped_at, isNotNull(views)) AS views_last,
    argMaxStateIf(assumeNotNull(likes), scraped_at, isNotNull(likes)) AS likes_last,
    argMaxStateIf(assumeNotNull(comments), scraped_at, isNotNull(comments)) AS comments_last,
    argMaxStateIf(assumeNotNull(shares), scraped_at, isNotNull(shares)) AS shares_last,
    argMaxStateIf(assumeNotNull(saves), scraped_at, isNotNull(saves)) AS saves_last,
    argMaxStateIf(assumeNotNull(followers), scraped_at, isNotNull(followers)) AS followers_last
FROM metric_snapshots
GROUP BY workspace_id, entity_kind, entity_id, bucket, platform, account_id;
