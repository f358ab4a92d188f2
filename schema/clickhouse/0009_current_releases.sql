-- Objects that current ClickHouse releases refuse, remade on an
-- installation that made them on 18.16 (from the first texts of 0002 and
-- 0007, since rewritten to apply on every release; schema.rewritten):
--
-- entity_latest had platform and account_id outside its sorting key,
-- which a current release will not create again (Code 36). It is remade
-- with the two columns ending the key, as 0002 now makes it. Its rows are
-- carried over through entity_latest_keep, so first values whose raw
-- snapshots the retention job has dropped are kept, and the table is also
-- refilled from metric_snapshots, which brings in snapshots written while
-- this runs; every state is an argMin/argMax/min/max/groupBitOr, the same
-- however often a row is counted. Each statement can be repeated: a run cut
-- short keeps its copy in entity_latest_keep until the refill is done.
--
-- Key order: as before (workspace and kind, then the entity: one entity's
-- rows are contiguous), then the two per-entity constants.
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
ORDER BY (workspace_id, entity_kind, entity_id, platform, account_id);

CREATE TABLE IF NOT EXISTS entity_latest_keep {{onCluster}} (
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
ORDER BY (workspace_id, entity_kind, entity_id, platform, account_id);

INSERT INTO entity_latest_keep (workspace_id, entity_kind, entity_id, platform, account_id, first_at, last_at, recorded, views_first, views_last, likes_first, likes_last, comments_first, comments_last, shares_first, shares_last, saves_first, saves_last, followers_first, followers_last)
SELECT workspace_id, entity_kind, entity_id, platform, account_id, first_at, last_at, recorded, views_first, views_last, likes_first, likes_last, comments_first, comments_last, shares_first, shares_last, saves_first, saves_last, followers_first, followers_last
FROM entity_latest;

DROP TABLE IF EXISTS entity_latest_mv {{onCluster}};

DROP TABLE IF EXISTS entity_latest {{onCluster}};

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
ORDER BY (workspace_id, entity_kind, entity_id, platform, account_id);

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

INSERT INTO entity_latest (workspace_id, entity_kind, entity_id, platform, account_id, first_at, last_at, recorded, views_first, views_last, likes_first, likes_last, comments_first, comments_last, shares_first, shares_last, saves_first, saves_last, followers_first, followers_last)
SELECT workspace_id, entity_kind, entity_id, platform, account_id, first_at, last_at, recorded, views_first, views_last, likes_first, likes_last, comments_first, comments_last, shares_first, shares_last, saves_first, saves_last, followers_first, followers_last
FROM entity_latest_keep;

INSERT INTO entity_latest (workspace_id, entity_kind, entity_id, platform, account_id, first_at, last_at, recorded, views_first, views_last, likes_first, likes_last, comments_first, comments_last, shares_first, shares_last, saves_first, saves_last, followers_first, followers_last)
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

DROP TABLE IF EXISTS entity_latest_keep {{onCluster}};

-- The growth views of the analytics database joined a subquery without an
-- alias, which current releases refuse to read (Code 206): remade as 0007
-- now makes them. A view holds no rows.
DROP TABLE IF EXISTS {{analytics}}.video_growth_daily {{onCluster}};

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
) AS prev USING (workspace_id, video_id, day);

DROP TABLE IF EXISTS {{analytics}}.account_growth_daily {{onCluster}};

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
) AS prev USING (workspace_id, account_id, day);
