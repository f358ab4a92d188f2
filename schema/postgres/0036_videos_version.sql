-- The videos list's totals, kept while the set of videos a filter selects
-- cannot have changed. videos_version counts the changes of what a filter
-- reads (docs/architecture.md, "Video ranks"): a video added or deleted,
-- or its status, kind, account, platform, publish time, collection, shop
-- flag or way of tracking changed; an account's status or collection
-- changed. A scrape that changes none of them (its counts only) leaves it.
-- Statement triggers compare the rows before and after, so a statement
-- bumps each workspace once however many rows it changes.
ALTER TABLE workspaces ADD COLUMN videos_version bigint NOT NULL DEFAULT 0;

CREATE TABLE video_totals (
    workspace_id   uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
    -- the filter in its canonical form, with the published window's start
    filter_key     text NOT NULL,
    videos_version bigint NOT NULL,
    total          integer NOT NULL,
    PRIMARY KEY (workspace_id, filter_key)
);

CREATE FUNCTION videos_version_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces SET videos_version = videos_version + 1
    WHERE id IN (SELECT workspace_id FROM changed);
    RETURN NULL;
END
$$;

CREATE FUNCTION videos_version_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces SET videos_version = videos_version + 1
    WHERE id IN (
        SELECT n.workspace_id FROM after n JOIN before o ON o.id = n.id
        WHERE (o.status, o.post_kind, o.tracked_individually, o.account_id, o.platform, o.published_at, o.collection_id, o.is_shop)
            IS DISTINCT FROM (n.status, n.post_kind, n.tracked_individually, n.account_id, n.platform, n.published_at, n.collection_id, n.is_shop));
    RETURN NULL;
END
$$;

CREATE FUNCTION videos_version_accounts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces SET videos_version = videos_version + 1
    WHERE id IN (
        SELECT n.workspace_id FROM after n JOIN before o ON o.id = n.id
        WHERE (o.status, o.collection_id) IS DISTINCT FROM (n.status, n.collection_id));
    RETURN NULL;
END
$$;

CREATE TRIGGER videos_version_insert AFTER INSERT ON videos
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION videos_version_added();
CREATE TRIGGER videos_version_delete AFTER DELETE ON videos
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION videos_version_added();
CREATE TRIGGER videos_version_update AFTER UPDATE ON videos
    REFERENCING OLD TABLE AS before NEW TABLE AS after FOR EACH STATEMENT EXECUTE FUNCTION videos_version_updated();
CREATE TRIGGER accounts_videos_version_update AFTER UPDATE ON accounts
    REFERENCING OLD TABLE AS before NEW TABLE AS after FOR EACH STATEMENT EXECUTE FUNCTION videos_version_accounts();
