-- What the insights step of the alerts cron works out from each video's
-- growth curve (package insight, docs/insights.md): its views at fixed ages,
-- its outlier score against its account's earlier videos at the same age,
-- and its views forecast. The lists read it by video id and sort by it, so
-- neither needs ClickHouse for these numbers.
CREATE TABLE video_insights (
    video_id            uuid PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
    workspace_id        uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    -- the video's views at each of insight.Ages (same position); -1 where
    -- not known
    curve               bigint[] NOT NULL,
    -- the latest snapshot the curve has seen: a later one may bracket more
    -- of its ages
    curve_through       timestamptz,
    -- the latest views and the views gained per hour over the last 24
    -- hours (NULL: unknown), as of computed_at
    views               bigint,
    views_per_hour      double precision,
    outlier_state       text NOT NULL
                        CHECK (outlier_state IN ('scored', 'too_young', 'no_early_views', 'too_few_videos', 'no_account')),
    outlier_age_hours   integer,
    outlier_views       bigint,
    outlier_median      double precision,
    outlier_multiplier  double precision,
    outlier_percentile  integer,
    outlier_baseline    integer,
    forecast_state      text NOT NULL
                        CHECK (forecast_state IN ('forecast', 'too_old', 'too_young', 'no_history')),
    forecast_7d         bigint,
    forecast_7d_low     bigint,
    forecast_7d_high    bigint,
    forecast_30d        bigint,
    forecast_30d_low    bigint,
    forecast_30d_high   bigint,
    computed_at         timestamptz NOT NULL,
    -- the dimension sync's stamp (0014_analytics_sync.sql)
    analytics_txid      bigint NOT NULL DEFAULT 0
);

CREATE INDEX video_insights_workspace_idx ON video_insights (workspace_id);
CREATE INDEX video_insights_analytics_txid_idx ON video_insights (analytics_txid);

-- The analytics database copies the insights (dimension video_insights);
-- a row is keyed by its video, so its delete is recorded by video_id.
CREATE TRIGGER video_insights_analytics_stamp BEFORE INSERT OR UPDATE ON video_insights
    FOR EACH ROW EXECUTE FUNCTION analytics_stamp();

CREATE FUNCTION analytics_record_insights_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO analytics_deletions (kind, id, workspace_id)
    VALUES (TG_TABLE_NAME, OLD.video_id, OLD.workspace_id)
    ON CONFLICT (kind, id) DO UPDATE SET analytics_txid = txid_current(), deleted_at = now();
    RETURN OLD;
END
$$;

CREATE TRIGGER video_insights_analytics_deletion AFTER DELETE ON video_insights
    FOR EACH ROW EXECUTE FUNCTION analytics_record_insights_deletion();

-- The workspace's data version the insights were last worked out at, and
-- when: the step skips a workspace whose data has not changed within the
-- hour.
ALTER TABLE workspaces
    ADD COLUMN insights_version bigint,
    ADD COLUMN insights_at      timestamptz;

-- video.outlier: a video's new score at a fixed age is at least twice its
-- account's median. Its rules' threshold is the least multiplier they tell.
ALTER TABLE alert_rules DROP CONSTRAINT alert_rules_event_type_check;
ALTER TABLE alert_rules ADD CONSTRAINT alert_rules_event_type_check
    CHECK (event_type IN ('video.spike', 'video.milestone', 'account.milestone', 'tracking.failed',
                          'account.new_post', 'campaign.budget', 'payout.line_locked', 'payout.line_held',
                          'video.outlier'));
