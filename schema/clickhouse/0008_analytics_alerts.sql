-- Alert rules and the alert events they raised, copied from PostgreSQL
-- into the analytics database by the dimension sync (package analytics)
-- like the other dimensions: a row per change, versioned by the sync run
-- that copied it (version), deleted = 1 once the row is gone. An event is
-- never updated in PostgreSQL, but it is deleted with its rule, its video
-- or its workspace (ON DELETE CASCADE), and it carries its rule's name, so
-- it is copied again when the rule changes. The views read the latest
-- version (FINAL) and leave deleted rows out.

CREATE TABLE IF NOT EXISTS {{analytics}}.alert_rules_rows {{onCluster}} (
    workspace_id         UUID,
    rule_id              UUID,
    name                 String,
    metric               String,
    condition            String,
    threshold            Float64,
    window_hours         UInt32,
    min_start_value      Int64,
    cooldown_hours       UInt32,
    enabled              UInt8,
    collection_id        Nullable(UUID),
    platform             Nullable(String),
    created_at           DateTime('UTC'),
    updated_at           DateTime('UTC'),
    version              UInt64,
    deleted              UInt8,
    synced_at            DateTime('UTC')
) ENGINE = {{engine "ReplacingMergeTree" "version"}}
ORDER BY (workspace_id, rule_id);

CREATE VIEW IF NOT EXISTS {{analytics}}.alert_rules {{onCluster}} AS
SELECT workspace_id, rule_id, name, metric, condition, threshold, window_hours, min_start_value, cooldown_hours, enabled, collection_id, platform, created_at, updated_at
FROM (SELECT * FROM {{analytics}}.alert_rules_rows FINAL)
WHERE deleted = 0;

CREATE TABLE IF NOT EXISTS {{analytics}}.alert_events_rows {{onCluster}} (
    workspace_id         UUID,
    event_id             UUID,
    rule_id              UUID,
    rule_name            String,
    video_id             UUID,
    metric               String,
    triggered_at         DateTime('UTC'),
    window_start         DateTime('UTC'),
    window_end           DateTime('UTC'),
    start_value          Int64,
    end_value            Int64,
    gain                 Int64,
    growth_pct           Nullable(Float64),
    baseline             Nullable(Float64),
    version              UInt64,
    deleted              UInt8,
    synced_at            DateTime('UTC')
) ENGINE = {{engine "ReplacingMergeTree" "version"}}
ORDER BY (workspace_id, event_id);

CREATE VIEW IF NOT EXISTS {{analytics}}.alert_events {{onCluster}} AS
SELECT workspace_id, event_id, rule_id, rule_name, video_id, metric, triggered_at, window_start, window_end, start_value, end_value, gain, growth_pct, baseline
FROM (SELECT * FROM {{analytics}}.alert_events_rows FINAL)
WHERE deleted = 0;
