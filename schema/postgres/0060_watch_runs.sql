-- The sound and hashtag trackers (docs/watches.md): each run of a watch
-- records what it listed and where the posts it found stood, so a
-- tracker shows them over time, beside the platform's own count where the
-- platform gives one (TikTok: the views of every post under a hashtag).
CREATE TABLE watch_runs (
    workspace_id   uuid NOT NULL,
    watch_id       uuid NOT NULL,
    job_id         uuid NOT NULL,
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
    PRIMARY KEY (workspace_id, watch_id, ran_at, job_id),
    FOREIGN KEY (workspace_id, watch_id) REFERENCES watches (workspace_id, id) ON DELETE CASCADE
);
