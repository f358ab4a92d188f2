-- A campaign's videos found through indexes, and only its open ones read
-- (docs/architecture.md, "A campaign's open videos").
--
-- A collection's videos are the videos placed in it and the videos of the
-- accounts placed in it (a video's own collection wins). Both parts are
-- found through an index on the collection, then on the account, each
-- ordered by the time a line's window counts from, so a campaign's read
-- costs its own videos, not its workspace's.
CREATE INDEX videos_collection_idx ON videos (collection_id, COALESCE(published_at, created_at))
    WHERE collection_id IS NOT NULL;
CREATE INDEX accounts_collection_idx ON accounts (collection_id) WHERE collection_id IS NOT NULL;
CREATE INDEX videos_account_published_idx ON videos (account_id, COALESCE(published_at, created_at))
    WHERE account_id IS NOT NULL;
DROP INDEX videos_account_idx;

-- open_floor: every counted video of the campaign published (first seen,
-- without a publish time) before it that the campaign pays has a stored
-- line; floor_not_paid counts those it does not pay (reposts, others'
-- posts) that have none. A settle run that stores lines sets both in its
-- transaction, after locking the workspace row; the ledger then reads the
-- videos from the floor on. A change that could add an open video before
-- the floor, or change what one before it is, clears the floor: a video
-- added, deleted, or its status, kind, account, platform, publish time or
-- collection changed (the triggers below, which lock the workspace row
-- first, as the settle run does, so neither misses the other); an account
-- moved to or from the campaign, removed or restored; the campaign's
-- platforms, dates or collab rule changed (command/campaigns); a line
-- removed.
ALTER TABLE campaigns ADD COLUMN open_floor timestamptz,
    ADD COLUMN floor_not_paid integer NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION videos_version_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces SET videos_version = videos_version + 1
    WHERE id IN (SELECT workspace_id FROM changed);
    UPDATE campaigns c SET open_floor = NULL
    FROM (SELECT coalesce(n.collection_id, a.collection_id) AS collection_id,
                 min(coalesce(n.published_at, n.created_at)) AS at
          FROM changed n LEFT JOIN accounts a ON a.id = n.account_id
          GROUP BY 1) x
    WHERE c.collection_id = x.collection_id AND x.at < c.open_floor;
    RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION videos_version_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    bumped integer;
BEGIN
    UPDATE workspaces SET videos_version = videos_version + 1
    WHERE id IN (
        SELECT n.workspace_id FROM after n JOIN before o ON o.id = n.id
        WHERE (o.status, o.post_kind, o.tracked_individually, o.account_id, o.platform, o.published_at, o.collection_id, o.is_shop)
            IS DISTINCT FROM (n.status, n.post_kind, n.tracked_individually, n.account_id, n.platform, n.published_at, n.collection_id, n.is_shop));
    GET DIAGNOSTICS bumped = ROW_COUNT;
    -- a scrape that changes counts only stops here
    IF bumped > 0 THEN
        UPDATE campaigns c SET open_floor = NULL
        FROM (SELECT m.collection_id, min(m.at) AS at
              FROM after n JOIN before o ON o.id = n.id
              LEFT JOIN accounts na ON na.id = n.account_id
              LEFT JOIN accounts oa ON oa.id = o.account_id
              CROSS JOIN LATERAL (VALUES
                  (coalesce(n.collection_id, na.collection_id), coalesce(n.published_at, n.created_at)),
                  (coalesce(o.collection_id, oa.collection_id), coalesce(o.published_at, o.created_at))) m (collection_id, at)
              WHERE (o.status, o.post_kind, o.tracked_individually, o.account_id, o.platform, o.published_at, o.collection_id)
                  IS DISTINCT FROM (n.status, n.post_kind, n.tracked_individually, n.account_id, n.platform, n.published_at, n.collection_id)
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
        SELECT n.workspace_id FROM after n JOIN before o ON o.id = n.id
        WHERE (o.status, o.collection_id) IS DISTINCT FROM (n.status, n.collection_id));
    UPDATE campaigns c SET open_floor = NULL
    FROM after n JOIN before o ON o.id = n.id
    WHERE ((o.status = 'removed') IS DISTINCT FROM (n.status = 'removed') OR o.collection_id IS DISTINCT FROM n.collection_id)
      AND c.collection_id IN (o.collection_id, n.collection_id) AND c.open_floor IS NOT NULL;
    RETURN NULL;
END
$$;

-- A line removed (with its video, or by hand) opens its video again.
CREATE FUNCTION payout_lines_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE campaigns SET open_floor = NULL
    WHERE collection_id IN (SELECT collection_id FROM removed) AND open_floor IS NOT NULL;
    RETURN NULL;
END
$$;

CREATE TRIGGER payout_lines_removed AFTER DELETE ON payout_lines
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION payout_lines_removed();
