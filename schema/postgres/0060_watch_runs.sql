-- The sound and hashtag trackers (docs/watches.md): each run of a watch
-- records what it listed and where the posts it found stood, so a
-- tracker shows them over time, beside the platform's own count where the
-- platform gives one (TikTok: the views of every post under a hashtag).
CREATE TABLE watch_runs (
    -- the run's scrape job
    id             uuid PRIMARY KEY,
    workspace_id   uuid NOT NULL,
    watch_id       uuid NOT NULL,
    ran_at         timestamptz NOT NULL,
    -- the posts the run listed (reposts, quotes and replies left out), and
    -- how many of them were new to the workspace
    listed         integer NOT NULL,
    new_posts      integer NOT NULL,
    -- every post the watch has found so far, and the sum of their latest
    -- views (a post without views counts none)
    posts          integer NOT NULL,
    views          bigint NOT NULL,
    -- the platform's own count, as it gave it; NULL where it gives none
    platform_views bigint,
    -- when it was written: orders two runs read at the same time
    recorded_at    timestamptz NOT NULL DEFAULT clock_timestamp(),
    FOREIGN KEY (workspace_id, watch_id) REFERENCES watches (workspace_id, id) ON DELETE CASCADE
);
CREATE INDEX watch_runs_watch_idx ON watch_runs (workspace_id, watch_id, ran_at DESC, recorded_at DESC);

-- The analytics database copies the watches, the posts they found and the
-- trackers' runs (docs/analytics.md), stamped and their deletes recorded
-- as the other dimensions are (0014).
ALTER TABLE watches  ADD COLUMN analytics_txid bigint NOT NULL DEFAULT 0;
ALTER TABLE captures ADD COLUMN analytics_txid bigint NOT NULL DEFAULT 0;
ALTER TABLE watch_runs ADD COLUMN analytics_txid bigint NOT NULL DEFAULT 0;
CREATE INDEX watches_analytics_txid_idx    ON watches (analytics_txid);
CREATE INDEX captures_analytics_txid_idx   ON captures (analytics_txid);
CREATE INDEX watch_runs_analytics_txid_idx ON watch_runs (analytics_txid);

CREATE TRIGGER watches_analytics_stamp    BEFORE INSERT OR UPDATE ON watches    FOR EACH ROW EXECUTE FUNCTION analytics_stamp();
CREATE TRIGGER captures_analytics_stamp   BEFORE INSERT OR UPDATE ON captures   FOR EACH ROW EXECUTE FUNCTION analytics_stamp();
CREATE TRIGGER watch_runs_analytics_stamp BEFORE INSERT OR UPDATE ON watch_runs FOR EACH ROW EXECUTE FUNCTION analytics_stamp();

CREATE TRIGGER watches_analytics_deletion    AFTER DELETE ON watches    FOR EACH ROW EXECUTE FUNCTION analytics_record_deletion();
CREATE TRIGGER captures_analytics_deletion   AFTER DELETE ON captures   FOR EACH ROW EXECUTE FUNCTION analytics_record_deletion();
CREATE TRIGGER watch_runs_analytics_deletion AFTER DELETE ON watch_runs FOR EACH ROW EXECUTE FUNCTION analytics_record_deletion();

-- The watches and captures written before this migration carry no stamp:
-- the next sync of every analytics database copies every row again.
UPDATE analytics_sync SET watermark = 0;
