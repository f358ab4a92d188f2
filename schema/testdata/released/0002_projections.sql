-- Read models derived from metric_snapshots, kept up to date by
-- materialized views as snapshots arrive. Queries read these instead of the
-- raw snapshots wherever they can:
--
--   entity_latest  one row per entity: its first and latest recorded value
--                  of every metric, first and last scrape time
--   entity_hourly  one row per entity and UTC hour: the last value of every
--                  metric recorded in that hour
--   entity_daily   one row per entity and UTC day: the same per day
--
-- All three are AggregatingMergeTree tables of argMin/argMax states keyed by
-- scrape time, so a replayed or retried job (same scraped_at, same values)
-- changes nothing, and rows merge in any order. Read them with the -Merge
-- functions, grouped by the key (parts may not be merged yet):
--
--   SELECT entity_id, argMaxMerge(views_last) AS views
--   FROM entity_latest WHERE workspace_id = ? AND entity_kind = 'video'
--   GROUP BY entity_id
--
-- A NULL (hidden or missing) metric is skipped: *_last is the latest value
-- that was recorded. Because a state over no values reads back as 0,
-- `recorded` says which metrics have any value at all, one bit each:
-- views 1, likes 2, comments 4, shares 8, saves 16, followers 32.
-- States hold plain UInt64 (assumeNotNull under -If) so their types are the
-- same on every server version.
--
-- platform and account_id are constant per entity and are not part of the
-- key; after a merge they hold one of the merged rows' values.
--
-- To rebuild a projection (after a bug fix, or to backfill), truncate it and
-- insert the view's SELECT over metric_snapshots; `migrate -rebuild-projections`
-- does exactly that.

CREATE TABLE IF NOT EXISTS entity_latest {{onCluster}} (
    workspace_id UUID,
    entity_kind  Enum8('video' = 1, 'account' = 2),
    entity_id    UUID,
    platform     Enum8('tiktok' = 1, 'instagram' = 2, 'youtube' = 3, 'x' = 4),
    account_id   UUID,
    first_at     AggregateFunction(min, DateTime('UTC')),
    last_at      AggregateFunction(max, DateTime('UTC')),
    recorded     AggregateFunction(groupBitOr, UInt8),
    views_first AggregateFunction(argMin, UInt64, DateTime('UTC')),
    views_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    likes_first AggregateFunction(argMin, UInt64, DateTime('UTC')),
    likes_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    comments_first AggregateFunction(argMin, UInt64, DateTime('UTC')),
    comments_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    shares_first AggregateFunction(argMin, UInt64, DateTime('UTC')),
    shares_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    saves_first AggregateFunction(argMin, UInt64, DateTime('UTC')),
    saves_last  AggregateFunction(argMax, UInt64, DateTime('UTC')),
    followers_first AggregateFunction(argMin, UInt64, DateTime('UTC')),
    followers_last  AggregateFunction(argMax, UInt64, DateTime('UTC'))
) ENGINE = {{engine "AggregatingMergeTree"}}
ORDER BY (workspace_id, entity_kind, entity_id);

CREATE MATERIALIZED VIEW IF NOT EXISTS entity_latest_mv {{onCluster}} TO entity_latest AS
SELECT
    workspace_id,
    entity_kind,
    entity_id,
    platform,
    account_id,
    minState(scraped_at) AS first_at,
    maxState(scraped_at) AS last_at,
    groupBitOrState(toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves) + 32 * isNotNull(followers))) AS recorded,
    argMinStateIf(assumeNotNull(views), scraped_at, isNotNull(views)) AS views_first,
    argMaxStateIf(assumeNotNull(views), scraped_at, isNotNull(views)) AS views_last,
    argMinStateIf(assumeNotNull(likes), scraped_at, isNotNull(likes)) AS likes_first,
    argMaxStateIf(assumeNotNull(likes), scraped_at, isNotNull(likes)) AS likes_last,
    argMinStateIf(assumeNotNull(comments), scraped_at, isNotNull(comments)) AS comments_first,
    argMaxStateIf(assumeNotNull(comments), scraped_at, isNotNull(comments)) AS comments_last,
    argMinStateIf(assumeNotNull(shares), scraped_at, isNotNull(shares)) AS shares_first,
    argMaxStateIf(assumeNotNull(shares), scraped_at, isNotNull(shares)) AS shares_last,
    argMinStateIf(assumeNotNull(saves), scraped_at, isNotNull(saves)) AS saves_first,
    argMaxStateIf(assumeNotNull(saves), scraped_at, isNotNull(saves)) AS saves_last,
    argMinStateIf(assumeNotNull(followers), scraped_at, isNotNull(followers)) AS followers_first,
    argMaxStateIf(assumeNotNull(followers), scraped_at, isNotNull(followers)) AS followers_last
FROM metric_snapshots
GROUP BY workspace_id, entity_kind, entity_id, platform, account_id;

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
ORDER BY (workspace_id, entity_kind, entity_id, bucket);

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
ORDER BY (workspace_id, entity_kind, entity_id, bucket);

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
