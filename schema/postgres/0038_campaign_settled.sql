-- What the last settle run left of a campaign: when it ran (the next run
-- checks for falls only the locked lines' videos scraped since) and the
-- ledger version it left. A run reads the whole ledger only when a window
-- has closed or the ledger changed since (another version, or none after
-- the campaign's settings changed); otherwise it skips the campaign.
ALTER TABLE campaigns ADD COLUMN settled_at timestamptz, ADD COLUMN settled_version bigint;
