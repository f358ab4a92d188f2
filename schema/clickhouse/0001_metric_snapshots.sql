-- One row per scraped entity per scrape. Metrics the platform hides or does
-- not have (Instagram's hidden likes, YouTube's shares) are NULL, not 0.
--
-- Key order: workspace_id first because every query is scoped to one
-- workspace (and on a cluster it is the shard key); entity_kind next so
-- "all videos of a workspace" is one contiguous range; entity_id then
-- scraped_at so one entity's series is contiguous and time-ordered. The key
-- is deterministic from the data (a scrape's time comes from its run), so a
-- replayed or retried job replaces its rows on merge instead of adding to
-- them; version (ingestion time) makes the newest write win. Partitions are
-- monthly to keep the part count low.
CREATE TABLE IF NOT EXISTS metric_snapshots (
    workspace_id UUID,
    platform     Enum8('tiktok' = 1, 'instagram' = 2, 'youtube' = 3, 'x' = 4),
    entity_kind  Enum8('video' = 1, 'account' = 2),
    entity_id    UUID,
    -- the account a video belongs to; the account itself on account rows;
    -- the zero UUID for a video tracked on its own
    account_id   UUID,
    scraped_at   DateTime('UTC'),
    views        Nullable(UInt64),
    likes        Nullable(UInt64),
    comments     Nullable(UInt64),
    shares       Nullable(UInt64),
    saves        Nullable(UInt64),
    followers    Nullable(UInt64),
    job_id       UUID,
    version      UInt64
) ENGINE = {{engine "ReplacingMergeTree" "version"}}
PARTITION BY toYYYYMM(scraped_at)
ORDER BY (workspace_id, entity_kind, entity_id, scraped_at);
