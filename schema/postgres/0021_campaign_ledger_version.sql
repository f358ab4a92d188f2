-- A campaign's ledger version: moved by every write of its locked lines (a
-- settle run that locks or holds lines, a review), so that a server may
-- keep the locked lines it read while the version stays.
ALTER TABLE campaigns ADD COLUMN ledger_version bigint NOT NULL DEFAULT 0;
