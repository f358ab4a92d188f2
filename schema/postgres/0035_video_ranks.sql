-- The videos list's order, kept where an index can walk it: one narrow row
-- per video with its latest counts (as ClickHouse's entity_latest holds
-- them) and the views it had before the 24 h and 7 d windows' starts, so a
-- page sorted by a count or by a window's gain reads its rows from an index
-- instead of every video of the workspace (docs/architecture.md, "Video
-- ranks").
--
-- A scrape writes its videos' counts in the transaction that records it
-- (tracking.ApplyScrape), read back from entity_latest after its snapshots
-- were written; the ranks step of the cron fills a workspace's rows once
-- (video_rank_state.synced) and keeps each window's start values.
--
-- from_<window>_<slot> is the views a video's gain in that window counts
-- from: the last value recorded in the Lookback before the window's start,
-- or the first recorded. Each window has two slots, so the next hour's (or
-- day's) start values are written before the hour turns; slot = (start /
-- step) % 2. video_rank_slots says which start a slot holds; a scrape
-- recorded before a slot's start deletes the slot's row (it changed what
-- the slot holds), and the ranks step writes it again.
CREATE TABLE video_ranks (
    video_id     uuid PRIMARY KEY REFERENCES videos (id) ON DELETE CASCADE,
    workspace_id uuid NOT NULL,
    views        bigint,
    likes        bigint,
    comments     bigint,
    shares       bigint,
    saves        bigint,
    -- the latest scrape the counts were read at; NULL: none yet
    last_at      timestamptz,
    -- the first views recorded, and the first scrape of any count (the
    -- sparkline's first day counts from them)
    first_views  bigint,
    first_at     timestamptz,
    from_24h_0   bigint,
    from_24h_1   bigint,
    from_7d_0    bigint,
    from_7d_1    bigint
) WITH (fillfactor = 80);

CREATE INDEX video_ranks_views_idx ON video_ranks (workspace_id, views DESC NULLS LAST, video_id);
CREATE INDEX video_ranks_likes_idx ON video_ranks (workspace_id, likes DESC NULLS LAST, video_id);
CREATE INDEX video_ranks_comments_idx ON video_ranks (workspace_id, comments DESC NULLS LAST, video_id);
CREATE INDEX video_ranks_shares_idx ON video_ranks (workspace_id, shares DESC NULLS LAST, video_id);
CREATE INDEX video_ranks_saves_idx ON video_ranks (workspace_id, saves DESC NULLS LAST, video_id);
CREATE INDEX video_ranks_gained_24h_0_idx ON video_ranks (workspace_id, (views - from_24h_0) DESC NULLS LAST, video_id);
CREATE INDEX video_ranks_gained_24h_1_idx ON video_ranks (workspace_id, (views - from_24h_1) DESC NULLS LAST, video_id);
CREATE INDEX video_ranks_gained_7d_0_idx ON video_ranks (workspace_id, (views - from_7d_0) DESC NULLS LAST, video_id);
CREATE INDEX video_ranks_gained_7d_1_idx ON video_ranks (workspace_id, (views - from_7d_1) DESC NULLS LAST, video_id);

-- Every video has its row from the start (its counts NULL until scraped), so
-- a page is read from video_ranks' indexes joined to videos.
CREATE FUNCTION video_ranks_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO video_ranks (video_id, workspace_id)
    SELECT id, workspace_id FROM added ORDER BY id
    ON CONFLICT (video_id) DO NOTHING;
    RETURN NULL;
END
$$;

CREATE TRIGGER videos_rank_rows AFTER INSERT ON videos
    REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION video_ranks_add();

INSERT INTO video_ranks (video_id, workspace_id) SELECT id, workspace_id FROM videos;

-- A workspace's rows hold every video's latest counts once its row here is
-- synced; until then the list reads ClickHouse as before. token is the
-- ranks step's run that fills it: a scrape that cannot write its counts
-- deletes the row, and the run's end then marks nothing.
CREATE TABLE video_rank_state (
    workspace_id uuid PRIMARY KEY REFERENCES workspaces (id) ON DELETE CASCADE,
    token        uuid NOT NULL,
    synced       boolean NOT NULL DEFAULT false,
    synced_at    timestamptz
);

-- Which window start a slot of video_ranks holds; valid once written whole.
CREATE TABLE video_rank_slots (
    workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    slot         text NOT NULL CHECK (slot IN ('24h_0', '24h_1', '7d_0', '7d_1')),
    cutoff       timestamptz NOT NULL,
    token        uuid NOT NULL,
    valid        boolean NOT NULL DEFAULT false,
    written_at   timestamptz,
    PRIMARY KEY (workspace_id, slot)
);
CREATE INDEX video_rank_slots_cutoff_idx ON video_rank_slots (workspace_id, cutoff);
