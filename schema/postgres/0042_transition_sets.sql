-- The statement triggers that compare a statement's rows before and after
-- find the changed rows as set differences instead of joining the two
-- transition tables.
--
-- PostgreSQL keeps no statistics on a transition table and estimates one
-- row for each, so `after n JOIN before o ON o.id = n.id` ran as a nested
-- loop: every row of one compared with every row of the other. An account
-- refresh that wrote 400 videos spent about 150 ms in these joins, and a
-- statement over 10,000 rows would compare 100 million pairs. EXCEPT and
-- INTERSECT are hashed set operations, so the work is linear in the rows
-- written. Rows are compared on the same columns as before, with EXCEPT's
-- NULL-safe equality (IS NOT DISTINCT FROM); a row's id is among the
-- columns, so `after EXCEPT before` is the new version of every row whose
-- compared columns changed, and `before EXCEPT after` its old version.

CREATE OR REPLACE FUNCTION account_sums_ranks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO account_sums_changed (workspace_id, account_id)
    SELECT DISTINCT v.workspace_id, v.account_id
    FROM videos v
    WHERE v.id IN (
            -- counts, first views or 7 d start values changed
            SELECT video_id FROM (
                SELECT video_id, views, likes, comments, shares, saves, last_at, first_views, first_at, from_7d_0, from_7d_1 FROM after
                EXCEPT
                SELECT video_id, views, likes, comments, shares, saves, last_at, first_views, first_at, from_7d_0, from_7d_1 FROM before) c
            UNION
            -- written again with the same 24 h start values: a scrape
            SELECT video_id FROM (
                SELECT video_id, from_24h_0, from_24h_1 FROM after
                INTERSECT
                SELECT video_id, from_24h_0, from_24h_1 FROM before) s)
      AND v.account_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM video_rank_state s WHERE s.workspace_id = v.workspace_id);
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION account_sums_videos_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO account_sums_changed (workspace_id, account_id)
    SELECT DISTINCT c.workspace_id, c.account_id
    FROM ((SELECT id, workspace_id, account_id, status, post_kind FROM after
           EXCEPT
           SELECT id, workspace_id, account_id, status, post_kind FROM before)
          UNION ALL
          (SELECT id, workspace_id, account_id, status, post_kind FROM before
           EXCEPT
           SELECT id, workspace_id, account_id, status, post_kind FROM after)) c
    WHERE c.account_id IS NOT NULL
      AND EXISTS (SELECT 1 FROM video_rank_state s WHERE s.workspace_id = c.workspace_id);
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION videos_version_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    bumped integer;
BEGIN
    UPDATE workspaces SET videos_version = videos_version + 1
    WHERE id IN (
        SELECT workspace_id FROM (
            SELECT id, workspace_id, status, post_kind, tracked_individually, account_id, platform, published_at, collection_id, is_shop FROM after
            EXCEPT
            SELECT id, workspace_id, status, post_kind, tracked_individually, account_id, platform, published_at, collection_id, is_shop FROM before) c);
    GET DIAGNOSTICS bumped = ROW_COUNT;
    -- a scrape that changes counts only stops here
    IF bumped > 0 THEN
        UPDATE campaigns c SET open_floor = NULL
        FROM (SELECT coalesce(m.collection_id, a.collection_id) AS collection_id,
                     min(coalesce(m.published_at, m.created_at)) AS at
              FROM ((SELECT id, status, post_kind, tracked_individually, account_id, platform, published_at, collection_id, created_at FROM after
                     EXCEPT
                     SELECT id, status, post_kind, tracked_individually, account_id, platform, published_at, collection_id, created_at FROM before)
                    UNION ALL
                    (SELECT id, status, post_kind, tracked_individually, account_id, platform, published_at, collection_id, created_at FROM before
                     EXCEPT
                     SELECT id, status, post_kind, tracked_individually, account_id, platform, published_at, collection_id, created_at FROM after)) m
              LEFT JOIN accounts a ON a.id = m.account_id
              GROUP BY 1) x
        WHERE c.collection_id = x.collection_id AND x.at < c.open_floor;
    END IF;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION videos_version_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces SET videos_version = videos_version + 1
    WHERE id IN (
        SELECT workspace_id FROM (
            SELECT id, workspace_id, status, collection_id FROM after
            EXCEPT
            SELECT id, workspace_id, status, collection_id FROM before) c);
    UPDATE campaigns SET open_floor = NULL
    WHERE collection_id IN (
            SELECT collection_id FROM (
                (SELECT id, status = 'removed' AS removed, collection_id FROM after
                 EXCEPT
                 SELECT id, status = 'removed', collection_id FROM before)
                UNION ALL
                (SELECT id, status = 'removed', collection_id FROM before
                 EXCEPT
                 SELECT id, status = 'removed', collection_id FROM after)) c)
      AND open_floor IS NOT NULL;
    RETURN NULL;
END
$$;
