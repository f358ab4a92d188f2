-- Numbers and charts (docs/decisions.md, "What moves the totals").
--
-- A video of an account whose publish time is unknown has no age to be
-- compared at: its outlier state says so (no_publish_time), where it was
-- taken for a video tracked on its own (no_account).
ALTER TABLE video_insights DROP CONSTRAINT video_insights_outlier_state_check;
ALTER TABLE video_insights ADD CONSTRAINT video_insights_outlier_state_check
    CHECK (outlier_state IN ('scored', 'too_young', 'no_early_views', 'too_few_videos', 'no_account', 'no_publish_time'));

-- When a video last joined or left the videos a scope counts
-- (query/counted.go) through a change of its own row: its status to or
-- from removed or beyond_limit, its kind to or from the account's own
-- posts and collabs, or whether it is tracked by its own link (which
-- decides whether its account's removal leaves it out). NULL while it
-- never changed. The overview says from it how many videos joined and
-- left the count in its window. The statuses and kinds are those of
-- countedStatusSQL and countedKindSQL, written out.
ALTER TABLE videos ADD COLUMN counted_changed_at timestamptz;

-- When an account was last removed, or brought back: its videos found
-- through it left, or joined, the count then.
ALTER TABLE accounts ADD COLUMN removed_changed_at timestamptz;

CREATE FUNCTION videos_counted_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (OLD.status NOT IN ('removed', 'beyond_limit') AND OLD.post_kind IN ('own', 'collab'))
           IS DISTINCT FROM (NEW.status NOT IN ('removed', 'beyond_limit') AND NEW.post_kind IN ('own', 'collab'))
       OR OLD.tracked_individually IS DISTINCT FROM NEW.tracked_individually THEN
        NEW.counted_changed_at := now();
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER videos_counted_change BEFORE UPDATE OF status, post_kind, tracked_individually ON videos
    FOR EACH ROW EXECUTE FUNCTION videos_counted_change();

CREATE FUNCTION accounts_removed_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (OLD.status = 'removed') IS DISTINCT FROM (NEW.status = 'removed') THEN
        NEW.removed_changed_at := now();
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER accounts_removed_change BEFORE UPDATE OF status ON accounts
    FOR EACH ROW EXECUTE FUNCTION accounts_removed_change();

-- The overview reads the few videos whose count changed in its window.
CREATE INDEX videos_counted_changed_idx ON videos (workspace_id, counted_changed_at) WHERE counted_changed_at IS NOT NULL;

-- When a workspace's first outlier scores and forecasts come, as the
-- insights step last worked it out (internal/insight: ScoresStart,
-- ForecastsStart): `scored` / `forecast` when some video has one,
-- `expected` at *_from (the outlier score at outliers_from_age hours
-- after publishing), `waiting` when none can be told from the videos
-- tracked then; NULL until the step has seen the workspace.
ALTER TABLE workspaces
    ADD COLUMN outliers_start    text CHECK (outliers_start IN ('scored', 'expected', 'waiting')),
    ADD COLUMN outliers_from     timestamptz,
    ADD COLUMN outliers_from_age integer,
    ADD COLUMN forecasts_start   text CHECK (forecasts_start IN ('forecast', 'expected', 'waiting')),
    ADD COLUMN forecasts_from    timestamptz;
