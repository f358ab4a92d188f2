-- The videos' insights (docs/insights.md) in the analytics database:
-- each video's latest outlier score and views forecast, copied from
-- PostgreSQL's video_insights by the dimension sync (package analytics)
-- like the other dimensions: a row per change, versioned by the sync run
-- that copied it, deleted = 1 once the row is gone (with its video). The
-- view reads the latest version (FINAL) and leaves deleted rows out.
CREATE TABLE IF NOT EXISTS {{analytics}}.video_insights_rows {{onCluster}} (
    workspace_id         UUID,
    video_id             UUID,
    outlier_state        String,
    outlier_age_hours    Nullable(UInt32),
    outlier_views        Nullable(Int64),
    outlier_median       Nullable(Float64),
    outlier_multiplier   Nullable(Float64),
    outlier_percentile   Nullable(UInt32),
    outlier_baseline     Nullable(UInt32),
    forecast_state       String,
    forecast_views_7d       Nullable(Int64),
    forecast_views_7d_low   Nullable(Int64),
    forecast_views_7d_high  Nullable(Int64),
    forecast_views_30d      Nullable(Int64),
    forecast_views_30d_low  Nullable(Int64),
    forecast_views_30d_high Nullable(Int64),
    computed_at          DateTime('UTC'),
    version              UInt64,
    deleted              UInt8,
    synced_at            DateTime('UTC')
) ENGINE = {{engine "ReplacingMergeTree" "version"}}
ORDER BY (workspace_id, video_id);

CREATE VIEW IF NOT EXISTS {{analytics}}.video_insights {{onCluster}} AS
SELECT workspace_id, video_id, outlier_state, outlier_age_hours, outlier_views, outlier_median, outlier_multiplier,
       outlier_percentile, outlier_baseline, forecast_state, forecast_views_7d, forecast_views_7d_low, forecast_views_7d_high,
       forecast_views_30d, forecast_views_30d_low, forecast_views_30d_high, computed_at
FROM (SELECT * FROM {{analytics}}.video_insights_rows FINAL)
WHERE deleted = 0;
