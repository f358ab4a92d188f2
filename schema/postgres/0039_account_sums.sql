-- The accounts list of a large workspace, kept: per account, the sums its
-- row is made of (the videos counted, beyond the limit and not its own;
-- the latest views, saves, engaged views and interactions; the views gained
-- in each 7 d slot of video_ranks) and its 7-day sparkline, so a request
-- reads one row per account instead of every video (docs/architecture.md,
-- "Account sums").
--
-- A row is computed from video_ranks and videos, and the sparkline from
-- ClickHouse's daily values of the account's counted videos. Each
-- sparkline slot holds the 7 days ending on spark_day (slot = day number %
-- 2), so tomorrow's is written before the day turns.
CREATE TABLE account_sums (
    account_id    uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
    workspace_id  uuid NOT NULL,
    tracked       integer NOT NULL,
    beyond_limit  integer NOT NULL,
    not_own       integer NOT NULL,
    with_views    integer NOT NULL,
    total_views   bigint NOT NULL,
    -- NULL when no counted video recorded saves
    saves         bigint,
    rated_views   bigint NOT NULL,
    interactions  bigint NOT NULL,
    gained_7d_0   bigint NOT NULL,
    gained_7d_1   bigint NOT NULL,
    spark_day_0   date,
    spark_0       bigint[],
    spark_day_1   date,
    spark_1       bigint[]
);
CREATE INDEX account_sums_workspace_idx ON account_sums (workspace_id);

-- The accounts whose sums changed, appended by the statements that change
-- them (a log, not a set: an entry is removed only by the run that
-- computed its account again, so a change committed meanwhile is kept).
-- Only workspaces whose video ranks are kept (video_rank_state) log.
CREATE TABLE account_sums_changed (
    id           bigserial PRIMARY KEY,
    workspace_id uuid NOT NULL,
    account_id   uuid NOT NULL
);
CREATE INDEX account_sums_changed_workspace_idx ON account_sums_changed (workspace_id, id);

-- A video's counts, first views or 7 d start values changed, or a scrape
-- wrote its counts again (a late scrape changes a past day of the
-- sparkline, not the latest counts). A write of the 24 h start values
-- alone changes nothing kept here.
CREATE FUNCTION account_sums_ranks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO account_sums_changed (workspace_id, account_id)
    SELECT DISTINCT v.workspace_id, v.account_id
    FROM after n
    JOIN before o ON o.video_id = n.video_id
    JOIN videos v ON v.id = n.video_id
    WHERE v.account_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM video_rank_state s WHERE s.workspace_id = v.workspace_id)
      AND ((o.views, o.likes, o.comments, o.shares, o.saves, o.last_at, o.first_views, o.first_at, o.from_7d_0, o.from_7d_1)
              IS DISTINCT FROM (n.views, n.likes, n.comments, n.shares, n.saves, n.last_at, n.first_views, n.first_at, n.from_7d_0, n.from_7d_1)
           OR (o.from_24h_0, o.from_24h_1) IS NOT DISTINCT FROM (n.from_24h_0, n.from_24h_1));
    RETURN NULL;
END
$$;

CREATE TRIGGER video_ranks_account_sums AFTER UPDATE ON video_ranks
    REFERENCING OLD TABLE AS before NEW TABLE AS after
    FOR EACH STATEMENT EXECUTE FUNCTION account_sums_ranks_changed();

-- A video added, deleted, or its status, kind or account changed: what its
-- account (and the account it left) counts.
CREATE FUNCTION account_sums_videos_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO account_sums_changed (workspace_id, account_id)
    SELECT DISTINCT c.workspace_id, c.account_id FROM changed c
    WHERE c.account_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM video_rank_state s WHERE s.workspace_id = c.workspace_id);
    RETURN NULL;
END
$$;

CREATE FUNCTION account_sums_videos_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO account_sums_changed (workspace_id, account_id)
    SELECT DISTINCT x.workspace_id, x.account_id
    FROM after n
    JOIN before o ON o.id = n.id
    CROSS JOIN LATERAL (VALUES (o.workspace_id, o.account_id), (n.workspace_id, n.account_id)) AS x (workspace_id, account_id)
    WHERE x.account_id IS NOT NULL
      AND (o.status, o.post_kind, o.account_id) IS DISTINCT FROM (n.status, n.post_kind, n.account_id)
      AND EXISTS (SELECT 1 FROM video_rank_state s WHERE s.workspace_id = x.workspace_id);
    RETURN NULL;
END
$$;

CREATE TRIGGER videos_account_sums_insert AFTER INSERT ON videos
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION account_sums_videos_changed();
CREATE TRIGGER videos_account_sums_delete AFTER DELETE ON videos
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION account_sums_videos_changed();
CREATE TRIGGER videos_account_sums_update AFTER UPDATE ON videos
    REFERENCING OLD TABLE AS before NEW TABLE AS after
    FOR EACH STATEMENT EXECUTE FUNCTION account_sums_videos_updated();
