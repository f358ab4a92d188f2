-- The watches, the posts they found and the trackers' runs
-- (docs/watches.md) in the analytics database, copied from PostgreSQL by
-- the dimension sync (package analytics) like the other dimensions: a row
-- per change, versioned by the sync run that copied it, deleted = 1 once
-- the row is gone. The views read the latest version (FINAL) and leave
-- deleted rows out.
CREATE TABLE IF NOT EXISTS {{analytics}}.watches_rows {{onCluster}} (
    workspace_id         UUID,
    watch_id             UUID,
    platform             String,
    kind                 String,
    term                 String,
    results              UInt32,
    interval_hours       UInt32,
    status               String,
    auto_tracked         UInt8,
    auto_creators        UInt8,
    last_run_at          Nullable(DateTime('UTC')),
    found                UInt32,
    created_at           DateTime('UTC'),
    version              UInt64,
    deleted              UInt8,
    synced_at            DateTime('UTC')
) ENGINE = {{engine "ReplacingMergeTree" "version"}}
ORDER BY (workspace_id, watch_id);

CREATE VIEW IF NOT EXISTS {{analytics}}.watches {{onCluster}} AS
SELECT workspace_id, watch_id, platform, kind, term, results, interval_hours, status, auto_tracked, auto_creators, last_run_at, found, created_at
FROM (SELECT * FROM {{analytics}}.watches_rows FINAL)
WHERE deleted = 0;

CREATE TABLE IF NOT EXISTS {{analytics}}.captures_rows {{onCluster}} (
    workspace_id         UUID,
    capture_id           UUID,
    platform             String,
    platform_post_id     String,
    url                  String,
    author_handle        String,
    caption              String,
    published_at         Nullable(DateTime('UTC')),
    views                Nullable(Int64),
    likes                Nullable(Int64),
    comments             Nullable(Int64),
    sound_id             String,
    sound_name           String,
    status               String,
    video_id             Nullable(UUID),
    auto                 UInt8,
    first_seen_at        DateTime('UTC'),
    last_seen_at         DateTime('UTC'),
    watch_ids            Array(UUID),
    reasons              Array(String),
    version              UInt64,
    deleted              UInt8,
    synced_at            DateTime('UTC')
) ENGINE = {{engine "ReplacingMergeTree" "version"}}
ORDER BY (workspace_id, capture_id);

CREATE VIEW IF NOT EXISTS {{analytics}}.captures {{onCluster}} AS
SELECT workspace_id, capture_id, platform, platform_post_id, url, author_handle, caption, published_at, views, likes, comments,
    sound_id, sound_name, status, video_id, auto, first_seen_at, last_seen_at, watch_ids, reasons
FROM (SELECT * FROM {{analytics}}.captures_rows FINAL)
WHERE deleted = 0;

CREATE TABLE IF NOT EXISTS {{analytics}}.watch_runs_rows {{onCluster}} (
    workspace_id         UUID,
    run_id               UUID,
    watch_id             UUID,
    ran_at               DateTime('UTC'),
    listed               UInt32,
    new_posts            UInt32,
    posts                UInt32,
    views                Int64,
    platform_views       Nullable(Int64),
    version              UInt64,
    deleted              UInt8,
    synced_at            DateTime('UTC')
) ENGINE = {{engine "ReplacingMergeTree" "version"}}
ORDER BY (workspace_id, run_id);

CREATE VIEW IF NOT EXISTS {{analytics}}.watch_runs {{onCluster}} AS
SELECT workspace_id, run_id, watch_id, ran_at, listed, new_posts, posts, views, platform_views
FROM (SELECT * FROM {{analytics}}.watch_runs_rows FINAL)
WHERE deleted = 0;

-- A workspace's competitors are tracked in a workspace of their own
-- (docs/competitors.md): competitors_of names the workspace it serves,
-- NULL for every other. Safe to repeat as 0011 is.
ALTER TABLE {{analytics}}.workspaces_rows {{onCluster}} ADD COLUMN competitors_of Nullable(UUID);

DROP TABLE IF EXISTS {{analytics}}.workspaces {{onCluster}};

CREATE VIEW IF NOT EXISTS {{analytics}}.workspaces {{onCluster}} AS
SELECT workspace_id, name, plan, video_limit, seat_limit, has_access, trial_ends_at, subscription_status, founding, created_at, competitors_of
FROM (SELECT * FROM {{analytics}}.workspaces_rows FINAL)
WHERE deleted = 0;
