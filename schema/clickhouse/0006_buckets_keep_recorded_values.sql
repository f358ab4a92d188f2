-- A bucket keeps the last recorded value of every metric, even when the
-- bucket's last snapshot hid some of them. entity_hourly, entity_daily and
-- video_age_hourly kept one row per bucket, the last snapshot's: when a
-- platform hid views in the last scrape of an hour (or day) but not in an
-- earlier one, the merge dropped the earlier value, and a video scraped only
-- in that bucket vanished from the views series. The key now ends with
-- `recorded`, the snapshot's bit mask of recorded metrics (views 1, likes 2,
-- comments 4, shares 8, saves 16, followers 32), so the replacing merge
-- keeps the last snapshot of each mask: for every metric, the last snapshot
-- that recorded it in the bucket survives. A bucket holds one row, or one
-- more per other set of hidden metrics; readers already treat rows as
-- points and skip a metric's NULLs, so they read the same without FINAL.
--
-- Recreated and refilled from metric_snapshots, as in 0004; snapshots
-- written meanwhile reach the tables through the views, the refill or both.
DROP TABLE IF EXISTS entity_hourly_mv {{onCluster}};
DROP TABLE IF EXISTS entity_hourly {{onCluster}};
DROP TABLE IF EXISTS entity_daily_mv {{onCluster}};
DROP TABLE IF EXISTS entity_daily {{onCluster}};
DROP TABLE IF EXISTS video_age_hourly_mv {{onCluster}};
DROP TABLE IF EXISTS video_age_hourly {{onCluster}};

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
    followers    Nullable(UInt64),
    published_at DateTime('UTC'),
    recorded     UInt8
) ENGINE = {{engine "ReplacingMergeTree" "last_at"}}
PARTITION BY toYYYYMM(bucket)
ORDER BY (workspace_id, entity_kind, bucket, entity_id, recorded);

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
    published_at,
    toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves) + 32 * isNotNull(followers)) AS recorded
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
    followers    Nullable(UInt64),
    recorded     UInt8
) ENGINE = {{engine "ReplacingMergeTree" "last_at"}}
PARTITION BY toYYYYMM(bucket)
ORDER BY (workspace_id, entity_kind, bucket, entity_id, recorded);

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
    followers,
    toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves) + 32 * isNotNull(followers)) AS recorded
FROM metric_snapshots;

-- Key order as in 0005, then the mask.
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
    shares       Nullable(UInt64),
    recorded     UInt8
) ENGINE = {{engine "ReplacingMergeTree" "last_at"}}
ORDER BY (workspace_id, account_id, entity_id, age_hour, recorded);

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
    shares,
    toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares)) AS recorded
FROM metric_snapshots
WHERE entity_kind = 'video'
  AND account_id != toUUID('00000000-0000-0000-0000-000000000000')
  AND toUInt32(published_at) > 0
  AND scraped_at >= published_at
  AND toUInt32(scraped_at) - toUInt32(published_at) < 216 * 3600;

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
    followers,
    published_at,
    toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves) + 32 * isNotNull(followers)) AS recorded
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
    followers,
    toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves) + 32 * isNotNull(followers)) AS recorded
FROM metric_snapshots;

INSERT INTO video_age_hourly
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
    shares,
    toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares)) AS recorded
FROM metric_snapshots
WHERE entity_kind = 'video'
  AND account_id != toUUID('00000000-0000-0000-0000-000000000000')
  AND toUInt32(published_at) > 0
  AND scraped_at >= published_at
  AND toUInt32(scraped_at) - toUInt32(published_at) < 216 * 3600;
