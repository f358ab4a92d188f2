-- The analytics database, <database>_analytics: the analysts' contract,
-- apart from the service's internal tables (docs/analytics.md describes
-- every object). ClickHouse 18.16 refuses a view that reads another
-- database to a user allowed only this one ("Access denied to database
-- ..."), so everything an analyst reads lives here: tables fed by
-- materialized views over the internal metric_snapshots (the views live
-- here and write here), dimension tables copied from PostgreSQL by the
-- dimension sync (package analytics), and plain views over both that read
-- them correctly (the latest row of a dimension, the last recorded value
-- of a metric).
--
-- Rebuilt by `migrate -rebuild-projections`: the metric tables from
-- metric_snapshots through their views' SELECT, the dimensions from
-- PostgreSQL.
CREATE DATABASE IF NOT EXISTS {{analytics}} {{onCluster}};


-- Metric rows: one row per entity (video or account) and set of recorded
-- metrics (recorded: views 1, likes 2, comments 4, shares 8, saves 16,
-- followers 32), keeping that set's latest snapshot; the hourly and daily
-- tables do the same per UTC hour and day. A replacing merge keeps the
-- latest snapshot of each key; until it runs a key may have more rows,
-- each a true snapshot. The views below take argMax(metric, scraped_at),
-- which skips NULLs: the last recorded value, NULL when never recorded.
CREATE TABLE IF NOT EXISTS {{analytics}}.metric_latest_rows {{onCluster}} (
    workspace_id UUID,
    entity_kind  Enum8('video' = 1, 'account' = 2),
    entity_id    UUID,
    platform     Enum8('tiktok' = 1, 'instagram' = 2, 'youtube' = 3, 'x' = 4),
    account_id   UUID,
    scraped_at   DateTime('UTC'),
    views        Nullable(UInt64),
    likes        Nullable(UInt64),
    comments     Nullable(UInt64),
    shares       Nullable(UInt64),
    saves        Nullable(UInt64),
    followers    Nullable(UInt64),
    recorded     UInt8
) ENGINE = {{engine "ReplacingMergeTree" "scraped_at"}}
ORDER BY (workspace_id, entity_kind, entity_id, recorded);

CREATE MATERIALIZED VIEW IF NOT EXISTS {{analytics}}.metric_latest_rows_mv {{onCluster}} TO {{analytics}}.metric_latest_rows AS
SELECT
    workspace_id,
    entity_kind,
    entity_id,
    platform,
    account_id,
    scraped_at,
    views,
    likes,
    comments,
    shares,
    saves,
    followers,
    toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves) + 32 * isNotNull(followers)) AS recorded
FROM {{database}}.metric_snapshots;

CREATE TABLE IF NOT EXISTS {{analytics}}.metric_hourly_rows {{onCluster}} (
    workspace_id UUID,
    entity_kind  Enum8('video' = 1, 'account' = 2),
    entity_id    UUID,
    hour         DateTime('UTC'),
    platform     Enum8('tiktok' = 1, 'instagram' = 2, 'youtube' = 3, 'x' = 4),
    account_id   UUID,
    scraped_at   DateTime('UTC'),
    views        Nullable(UInt64),
    likes        Nullable(UInt64),
    comments     Nullable(UInt64),
    shares       Nullable(UInt64),
    saves        Nullable(UInt64),
    followers    Nullable(UInt64),
    recorded     UInt8
) ENGINE = {{engine "ReplacingMergeTree" "scraped_at"}}
PARTITION BY toYYYYMM(hour)
ORDER BY (workspace_id, entity_kind, entity_id, hour, recorded);

CREATE MATERIALIZED VIEW IF NOT EXISTS {{analytics}}.metric_hourly_rows_mv {{onCluster}} TO {{analytics}}.metric_hourly_rows AS
SELECT
    workspace_id,
    entity_kind,
    entity_id,
    toStartOfHour(scraped_at) AS hour,
    platform,
    account_id,
    scraped_at,
    views,
    likes,
    comments,
    shares,
    saves,
    followers,
    toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves) + 32 * isNotNull(followers)) AS recorded
FROM {{database}}.metric_snapshots;

CREATE TABLE IF NOT EXISTS {{analytics}}.metric_daily_rows {{onCluster}} (
    workspace_id UUID,
    entity_kind  Enum8('video' = 1, 'account' = 2),
    entity_id    UUID,
    day          Date,
    platform     Enum8('tiktok' = 1, 'instagram' = 2, 'youtube' = 3, 'x' = 4),
    account_id   UUID,
    scraped_at   DateTime('UTC'),
    views        Nullable(UInt64),
    likes        Nullable(UInt64),
    comments     Nullable(UInt64),
    shares       Nullable(UInt64),
    saves        Nullable(UInt64),
    followers    Nullable(UInt64),
    recorded     UInt8
) ENGINE = {{engine "ReplacingMergeTree" "scraped_at"}}
PARTITION BY toYYYYMM(day)
ORDER BY (workspace_id, entity_kind, entity_id, day, recorded);

CREATE MATERIALIZED VIEW IF NOT EXISTS {{analytics}}.metric_daily_rows_mv {{onCluster}} TO {{analytics}}.metric_daily_rows AS
SELECT
    workspace_id,
    entity_kind,
    entity_id,
    toDate(scraped_at) AS day,
    platform,
    account_id,
    scraped_at,
    views,
    likes,
    comments,
    shares,
    saves,
    followers,
    toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves) + 32 * isNotNull(followers)) AS recorded
FROM {{database}}.metric_snapshots;

-- Metric views: the last recorded value of every metric, per entity (and
-- hour or day); NULL where the platform hides the metric.

CREATE VIEW IF NOT EXISTS {{analytics}}.video_metrics_latest {{onCluster}} AS
SELECT
    workspace_id,
    entity_id AS video_id,
    any(platform) AS platform,
    any(account_id) AS account_id,
    max(scraped_at) AS last_scraped_at,
    argMax(views, scraped_at) AS views,
    argMax(likes, scraped_at) AS likes,
    argMax(comments, scraped_at) AS comments,
    argMax(shares, scraped_at) AS shares,
    argMax(saves, scraped_at) AS saves
FROM {{analytics}}.metric_latest_rows
WHERE entity_kind = 'video'
GROUP BY workspace_id, entity_id;

CREATE VIEW IF NOT EXISTS {{analytics}}.account_metrics_latest {{onCluster}} AS
SELECT
    workspace_id,
    entity_id AS account_id,
    any(platform) AS platform,
    max(scraped_at) AS last_scraped_at,
    argMax(views, scraped_at) AS views,
    argMax(likes, scraped_at) AS likes,
    argMax(comments, scraped_at) AS comments,
    argMax(shares, scraped_at) AS shares,
    argMax(saves, scraped_at) AS saves,
    argMax(followers, scraped_at) AS followers
FROM {{analytics}}.metric_latest_rows
WHERE entity_kind = 'account'
GROUP BY workspace_id, entity_id;

CREATE VIEW IF NOT EXISTS {{analytics}}.video_metrics_hourly {{onCluster}} AS
SELECT
    workspace_id,
    entity_id AS video_id,
    hour AS hour,
    any(platform) AS platform,
    any(account_id) AS account_id,
    max(scraped_at) AS last_scraped_at,
    argMax(views, scraped_at) AS views,
    argMax(likes, scraped_at) AS likes,
    argMax(comments, scraped_at) AS comments,
    argMax(shares, scraped_at) AS shares,
    argMax(saves, scraped_at) AS saves
FROM {{analytics}}.metric_hourly_rows
WHERE entity_kind = 'video'
GROUP BY workspace_id, entity_id, hour;

CREATE VIEW IF NOT EXISTS {{analytics}}.account_metrics_hourly {{onCluster}} AS
SELECT
    workspace_id,
    entity_id AS account_id,
    hour AS hour,
    any(platform) AS platform,
    max(scraped_at) AS last_scraped_at,
    argMax(views, scraped_at) AS views,
    argMax(likes, scraped_at) AS likes,
    argMax(comments, scraped_at) AS comments,
    argMax(shares, scraped_at) AS shares,
    argMax(saves, scraped_at) AS saves,
    argMax(followers, scraped_at) AS followers
FROM {{analytics}}.metric_hourly_rows
WHERE entity_kind = 'account'
GROUP BY workspace_id, entity_id, hour;

CREATE VIEW IF NOT EXISTS {{analytics}}.video_metrics_daily {{onCluster}} AS
SELECT
    workspace_id,
    entity_id AS video_id,
    day AS day,
    any(platform) AS platform,
    any(account_id) AS account_id,
    max(scraped_at) AS last_scraped_at,
    argMax(views, scraped_at) AS views,
    argMax(likes, scraped_at) AS likes,
    argMax(comments, scraped_at) AS comments,
    argMax(shares, scraped_at) AS shares,
    argMax(saves, scraped_at) AS saves
FROM {{analytics}}.metric_daily_rows
WHERE entity_kind = 'video'
GROUP BY workspace_id, entity_id, day;

CREATE VIEW IF NOT EXISTS {{analytics}}.account_metrics_daily {{onCluster}} AS
SELECT
    workspace_id,
    entity_id AS account_id,
    day AS day,
    any(platform) AS platform,
    max(scraped_at) AS last_scraped_at,
    argMax(views, scraped_at) AS views,
    argMax(likes, scraped_at) AS likes,
    argMax(comments, scraped_at) AS comments,
    argMax(shares, scraped_at) AS shares,
    argMax(saves, scraped_at) AS saves,
    argMax(followers, scraped_at) AS followers
FROM {{analytics}}.metric_daily_rows
WHERE entity_kind = 'account'
GROUP BY workspace_id, entity_id, day;

-- Growth per day: the day's last value minus the previous calendar day's,
-- NULL when either is missing (hidden, or not scraped that day).

CREATE VIEW IF NOT EXISTS {{analytics}}.video_growth_daily {{onCluster}} AS
SELECT
    workspace_id,
    video_id,
    day,
    platform,
    account_id,
    views,
    likes,
    comments,
    shares,
    saves,
    toInt64(views) - toInt64(prev_views) AS views_gain,
    toInt64(likes) - toInt64(prev_likes) AS likes_gain,
    toInt64(comments) - toInt64(prev_comments) AS comments_gain,
    toInt64(shares) - toInt64(prev_shares) AS shares_gain,
    toInt64(saves) - toInt64(prev_saves) AS saves_gain
FROM {{analytics}}.video_metrics_daily
ANY LEFT JOIN (
    SELECT
        workspace_id,
        video_id,
        day + 1 AS day,
        views AS prev_views,
        likes AS prev_likes,
        comments AS prev_comments,
        shares AS prev_shares,
        saves AS prev_saves
    FROM {{analytics}}.video_metrics_daily
) USING (workspace_id, video_id, day);

CREATE VIEW IF NOT EXISTS {{analytics}}.account_growth_daily {{onCluster}} AS
SELECT
    workspace_id,
    account_id,
    day,
    platform,
    views,
    likes,
    comments,
    shares,
    saves,
    followers,
    toInt64(views) - toInt64(prev_views) AS views_gain,
    toInt64(likes) - toInt64(prev_likes) AS likes_gain,
    toInt64(comments) - toInt64(prev_comments) AS comments_gain,
    toInt64(shares) - toInt64(prev_shares) AS shares_gain,
    toInt64(saves) - toInt64(prev_saves) AS saves_gain,
    toInt64(followers) - toInt64(prev_followers) AS followers_gain
FROM {{analytics}}.account_metrics_daily
ANY LEFT JOIN (
    SELECT
        workspace_id,
        account_id,
        day + 1 AS day,
        views AS prev_views,
        likes AS prev_likes,
        comments AS prev_comments,
        shares AS prev_shares,
        saves AS prev_saves,
        followers AS prev_followers
    FROM {{analytics}}.account_metrics_daily
) USING (workspace_id, account_id, day);

-- Dimensions, copied from PostgreSQL: a row per change, versioned by the
-- sync run that copied it (version), deleted = 1 once the row is gone. The
-- views read the latest version (FINAL) and leave deleted rows out.
CREATE TABLE IF NOT EXISTS {{analytics}}.workspaces_rows {{onCluster}} (
    workspace_id         UUID,
    name                 String,
    plan                 String,
    video_limit          UInt32,
    seat_limit           UInt32,
    has_access           UInt8,
    trial_ends_at        Nullable(DateTime('UTC')),
    subscription_status  String,
    founding             UInt8,
    created_at           DateTime('UTC'),
    version              UInt64,
    deleted              UInt8,
    synced_at            DateTime('UTC')
) ENGINE = {{engine "ReplacingMergeTree" "version"}}
ORDER BY workspace_id;

CREATE VIEW IF NOT EXISTS {{analytics}}.workspaces {{onCluster}} AS
SELECT workspace_id, name, plan, video_limit, seat_limit, has_access, trial_ends_at, subscription_status, founding, created_at
FROM (SELECT * FROM {{analytics}}.workspaces_rows FINAL)
WHERE deleted = 0;

CREATE TABLE IF NOT EXISTS {{analytics}}.collections_rows {{onCluster}} (
    workspace_id         UUID,
    collection_id        UUID,
    name                 String,
    created_at           DateTime('UTC'),
    version              UInt64,
    deleted              UInt8,
    synced_at            DateTime('UTC')
) ENGINE = {{engine "ReplacingMergeTree" "version"}}
ORDER BY (workspace_id, collection_id);

CREATE VIEW IF NOT EXISTS {{analytics}}.collections {{onCluster}} AS
SELECT workspace_id, collection_id, name, created_at
FROM (SELECT * FROM {{analytics}}.collections_rows FINAL)
WHERE deleted = 0;

CREATE TABLE IF NOT EXISTS {{analytics}}.accounts_rows {{onCluster}} (
    workspace_id         UUID,
    account_id           UUID,
    platform             Enum8('tiktok' = 1, 'instagram' = 2, 'youtube' = 3, 'x' = 4),
    handle               String,
    display_name         String,
    url                  String,
    platform_account_id  String,
    collection_id        Nullable(UUID),
    status               String,
    status_reason        String,
    tracking_limit       UInt32,
    last_scraped_at      Nullable(DateTime('UTC')),
    created_at           DateTime('UTC'),
    version              UInt64,
    deleted              UInt8,
    synced_at            DateTime('UTC')
) ENGINE = {{engine "ReplacingMergeTree" "version"}}
ORDER BY (workspace_id, account_id);

CREATE VIEW IF NOT EXISTS {{analytics}}.accounts {{onCluster}} AS
SELECT workspace_id, account_id, platform, handle, display_name, url, platform_account_id, collection_id, status, status_reason, tracking_limit, last_scraped_at, created_at
FROM (SELECT * FROM {{analytics}}.accounts_rows FINAL)
WHERE deleted = 0;

CREATE TABLE IF NOT EXISTS {{analytics}}.videos_rows {{onCluster}} (
    workspace_id         UUID,
    video_id             UUID,
    platform             Enum8('tiktok' = 1, 'instagram' = 2, 'youtube' = 3, 'x' = 4),
    platform_video_id    String,
    url                  String,
    caption              String,
    account_id           Nullable(UUID),
    account_handle       String,
    collection_id        Nullable(UUID),
    published_at         Nullable(DateTime('UTC')),
    is_shop              Nullable(UInt8),
    tracked_individually UInt8,
    status               String,
    status_reason        String,
    last_scraped_at      Nullable(DateTime('UTC')),
    created_at           DateTime('UTC'),
    version              UInt64,
    deleted              UInt8,
    synced_at            DateTime('UTC')
) ENGINE = {{engine "ReplacingMergeTree" "version"}}
ORDER BY (workspace_id, video_id);

CREATE VIEW IF NOT EXISTS {{analytics}}.videos {{onCluster}} AS
SELECT workspace_id, video_id, platform, platform_video_id, url, caption, account_id, account_handle, collection_id, published_at, is_shop, tracked_individually, status, status_reason, last_scraped_at, created_at
FROM (SELECT * FROM {{analytics}}.videos_rows FINAL)
WHERE deleted = 0;
