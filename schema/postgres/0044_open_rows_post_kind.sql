-- A video's kind of post (own, collab, repost, ...) joins what
-- open_rows_version follows (schema 0043). A campaign's locked lines show
-- it (own or collab) beside the link, caption and author handle, and the
-- server now keeps them under the ledger version and open_rows_version
-- instead of for five minutes (docs/architecture.md, "A campaign's open
-- videos"), so a change of any of them must move the version.
CREATE OR REPLACE FUNCTION open_rows_videos_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE workspaces SET open_rows_version = open_rows_version + 1
    WHERE id IN (
        SELECT workspace_id FROM (
            SELECT id, workspace_id, url, caption, account_handle, creator_id, creator_set_at, creator_set_by, post_kind FROM after
            EXCEPT
            SELECT id, workspace_id, url, caption, account_handle, creator_id, creator_set_at, creator_set_by, post_kind FROM before) c);
    RETURN NULL;
END
$$;
