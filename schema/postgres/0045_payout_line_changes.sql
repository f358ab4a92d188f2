-- Which of a campaign's locked lines changed since a kept copy was read.
-- The server keeps a campaign's locked lines between requests; after a
-- settle run or a review it read them all again (83,000 lines of a large
-- campaign took about a second), although such a write adds or changes a
-- few. Each line now carries the transaction that last wrote it, so a kept
-- copy read under a snapshot reads again only the lines written by the
-- transactions that snapshot could not see (docs/architecture.md, "A
-- campaign's ledger"). A line removed cannot be found that way: the
-- campaign counts its removals, and a copy read before one is read anew.

-- Lines written before this migration carry 0: every kept copy was read
-- after them.
ALTER TABLE payout_lines ADD COLUMN changed xid8 NOT NULL DEFAULT '0';
ALTER TABLE payout_lines ALTER COLUMN changed SET DEFAULT pg_current_xact_id();

CREATE INDEX payout_lines_changed_idx ON payout_lines (collection_id, changed);

CREATE FUNCTION payout_line_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.changed := pg_current_xact_id();
    RETURN NEW;
END
$$;

CREATE TRIGGER payout_line_changed BEFORE UPDATE ON payout_lines
    FOR EACH ROW EXECUTE FUNCTION payout_line_changed();

ALTER TABLE campaigns ADD COLUMN lines_removed bigint NOT NULL DEFAULT 0;

-- A line removed (with its video, or by hand) opens its video again
-- (schema 0041) and is counted.
CREATE OR REPLACE FUNCTION payout_lines_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE campaigns SET lines_removed = lines_removed + 1, open_floor = NULL
    WHERE collection_id IN (SELECT collection_id FROM removed);
    RETURN NULL;
END
$$;
