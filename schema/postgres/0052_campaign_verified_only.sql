-- A campaign can pay only accounts their creators proved they own
-- (docs/creators.md): the settle run holds the lines of any other account
-- for review (hold_reason unverified_account). Off by default, as before.
ALTER TABLE campaigns ADD COLUMN verified_accounts_only boolean NOT NULL DEFAULT false;
