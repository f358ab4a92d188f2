-- Which videos changed since a campaign's open rows were read. The server
-- keeps a campaign's open videos between requests under the workspace's
-- videos_version (schema 0036), and a new post anywhere in the workspace
-- moved it, so the next request read every open video of a large
-- campaign again (16,000 of them took about 300 ms) for the sake of one.
-- Each video now carries the transaction that last changed what decides
-- whether it is an open line of a campaign (its status, kind, account,
-- platform, publish or first-seen time, collection), and kept rows read
-- under a snapshot read again only the videos of the transactions that
-- snapshot could not see (docs/architecture.md, "The open rows kept"). A
-- video deleted, or an account's status or collection changed, leaves no
-- such mark on a video: they move the workspace's videos_base, and rows
-- read before are read anew.

-- Videos written before this migration carry 0: every kept copy was read
-- after them.
ALTER TABLE videos ADD COLUMN changed xid8 NOT NULL DEFAULT '0';
ALTER TABLE videos ALTER COLUMN changed SET DEFAULT pg_current_xact_id();

CREATE INDEX videos_changed_idx ON videos (workspace_id, changed);

CREATE FUNCTION video_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.changed := pg_current_xact_id();
    RETURN NEW;
END
$$;

-- the condition is checked before the function is called: a scrape that
-- writes counts only calls nothing
CREATE TRIGGER video_changed BEFORE UPDATE ON videos FOR EACH ROW
    WHEN ((OLD.status, OLD.post_kind, OLD.account_id, OLD.platform, OLD.published_at, OLD.created_at, OLD.collection_id)
          IS DISTINCT FROM (NEW.status, NEW.post_kind, NEW.account_id, NEW.platform, NEW.published_at, NEW.created_at, NEW.collection_id))
    EXECUTE FUNCTION video_changed();

ALTER TABLE workspaces ADD COLUMN videos_base bigint NOT NULL DEFAULT 0;

CREATE FUNCTION videos_base_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces SET videos_base = videos_base + 1
    WHERE id IN (SELECT workspace_id FROM removed);
    RETURN NULL;
END
$$;

CREATE TRIGGER videos_base_delete AFTER DELETE ON videos
    REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION videos_base_removed();

-- schema 0042's, moving videos_base with videos_version
CREATE OR REPLACE FUNCTION videos_version_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces SET videos_version = videos_version + 1, videos_base = videos_base + 1
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
