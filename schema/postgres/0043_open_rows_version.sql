-- What a campaign's open lines show of their videos, beside which videos
-- they are (docs/architecture.md, "A campaign's open videos").
--
-- A campaign's page reads its open videos with their accounts and payees.
-- Which videos those are moves with workspaces.videos_version (schema
-- 0036, 0041) and the campaign's ledger version; what the lines show of
-- them, and name their clips and payees by, moves with open_rows_version:
-- a video's link, caption, author handle or payee, an account's handle,
-- name or creator, a creator's name. The server keeps a campaign's open
-- rows under both versions, so a scrape that changes only counts (nearly
-- every scrape) does not make it read them again. A scrape writes the same
-- caption and handle again, which changes nothing here: rows are compared
-- before and after (as set differences: schema 0042).
ALTER TABLE workspaces ADD COLUMN open_rows_version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION open_rows_videos_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces SET open_rows_version = open_rows_version + 1
    WHERE id IN (
        SELECT workspace_id FROM (
            SELECT id, workspace_id, url, caption, account_handle, creator_id, creator_set_at, creator_set_by FROM after
            EXCEPT
            SELECT id, workspace_id, url, caption, account_handle, creator_id, creator_set_at, creator_set_by FROM before) c);
    RETURN NULL;
END
$$;

CREATE TRIGGER videos_open_rows_update AFTER UPDATE ON videos
    REFERENCING OLD TABLE AS before NEW TABLE AS after
    FOR EACH STATEMENT EXECUTE FUNCTION open_rows_videos_updated();

CREATE FUNCTION open_rows_accounts_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces SET open_rows_version = open_rows_version + 1
    WHERE id IN (
        SELECT workspace_id FROM (
            SELECT id, workspace_id, handle, display_name, creator_id, creator_set_at, creator_set_by FROM after
            EXCEPT
            SELECT id, workspace_id, handle, display_name, creator_id, creator_set_at, creator_set_by FROM before) c);
    RETURN NULL;
END
$$;

CREATE TRIGGER accounts_open_rows_update AFTER UPDATE ON accounts
    REFERENCING OLD TABLE AS before NEW TABLE AS after
    FOR EACH STATEMENT EXECUTE FUNCTION open_rows_accounts_updated();

CREATE FUNCTION open_rows_creators_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces SET open_rows_version = open_rows_version + 1
    WHERE id IN (
        SELECT workspace_id FROM (
            SELECT id, workspace_id, name FROM after
            EXCEPT
            SELECT id, workspace_id, name FROM before) c);
    RETURN NULL;
END
$$;

CREATE TRIGGER creators_open_rows_update AFTER UPDATE ON creators
    REFERENCING OLD TABLE AS before NEW TABLE AS after
    FOR EACH STATEMENT EXECUTE FUNCTION open_rows_creators_updated();
