-- The analytics database in ClickHouse keeps a copy of the dimension rows
-- (workspaces, collections, accounts, videos); the dimension sync
-- (package analytics) copies the rows that changed since its last run.
--
-- Every insert or update of such a row stamps it with the id of the
-- writing transaction (analytics_txid), set by a trigger so that no write
-- path can forget it; a delete leaves a row in analytics_deletions. The
-- sync reads, in one snapshot, the rows stamped at or after its watermark
-- and then moves the watermark to that snapshot's xmin: every transaction
-- below it had ended when the snapshot was taken, so a write that commits
-- late (an older transaction id committing after a newer one) is still
-- read by the next run. Rows are sometimes copied twice; the copy in
-- ClickHouse is versioned, so that changes nothing.
ALTER TABLE workspaces  ADD COLUMN analytics_txid bigint NOT NULL DEFAULT 0;
ALTER TABLE collections ADD COLUMN analytics_txid bigint NOT NULL DEFAULT 0;
ALTER TABLE accounts    ADD COLUMN analytics_txid bigint NOT NULL DEFAULT 0;
ALTER TABLE videos      ADD COLUMN analytics_txid bigint NOT NULL DEFAULT 0;

CREATE INDEX workspaces_analytics_txid_idx  ON workspaces (analytics_txid);
CREATE INDEX collections_analytics_txid_idx ON collections (analytics_txid);
CREATE INDEX accounts_analytics_txid_idx    ON accounts (analytics_txid);
CREATE INDEX videos_analytics_txid_idx      ON videos (analytics_txid);

CREATE FUNCTION analytics_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.analytics_txid := txid_current();
    RETURN NEW;
END
$$;

CREATE TRIGGER workspaces_analytics_stamp  BEFORE INSERT OR UPDATE ON workspaces  FOR EACH ROW EXECUTE FUNCTION analytics_stamp();
CREATE TRIGGER collections_analytics_stamp BEFORE INSERT OR UPDATE ON collections FOR EACH ROW EXECUTE FUNCTION analytics_stamp();
CREATE TRIGGER accounts_analytics_stamp    BEFORE INSERT OR UPDATE ON accounts    FOR EACH ROW EXECUTE FUNCTION analytics_stamp();
CREATE TRIGGER videos_analytics_stamp      BEFORE INSERT OR UPDATE ON videos      FOR EACH ROW EXECUTE FUNCTION analytics_stamp();

-- kind is the table's name; pruned by the sync a week after the delete.
CREATE TABLE analytics_deletions (
    kind           text NOT NULL,
    id             uuid NOT NULL,
    workspace_id   uuid NOT NULL,
    analytics_txid bigint NOT NULL DEFAULT txid_current(),
    deleted_at     timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (kind, id)
);

CREATE INDEX analytics_deletions_txid_idx ON analytics_deletions (analytics_txid);

CREATE FUNCTION analytics_record_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO analytics_deletions (kind, id, workspace_id)
    VALUES (TG_TABLE_NAME, OLD.id, COALESCE((to_jsonb(OLD) ->> 'workspace_id')::uuid, OLD.id))
    ON CONFLICT (kind, id) DO UPDATE SET analytics_txid = txid_current(), deleted_at = now();
    RETURN OLD;
END
$$;

CREATE TRIGGER workspaces_analytics_deletion  AFTER DELETE ON workspaces  FOR EACH ROW EXECUTE FUNCTION analytics_record_deletion();
CREATE TRIGGER collections_analytics_deletion AFTER DELETE ON collections FOR EACH ROW EXECUTE FUNCTION analytics_record_deletion();
CREATE TRIGGER accounts_analytics_deletion    AFTER DELETE ON accounts    FOR EACH ROW EXECUTE FUNCTION analytics_record_deletion();
CREATE TRIGGER videos_analytics_deletion      AFTER DELETE ON videos      FOR EACH ROW EXECUTE FUNCTION analytics_record_deletion();

-- One row per analytics database: the sync's watermark (a transaction id:
-- rows stamped at or after it are copied on the next run) and the version
-- its last copy carried (the ClickHouse tables keep the highest version).
CREATE TABLE analytics_sync (
    database  text PRIMARY KEY,
    watermark bigint NOT NULL DEFAULT 0,
    version   bigint NOT NULL DEFAULT 0,
    synced_at timestamptz
);
