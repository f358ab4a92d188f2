-- Views held for quality (docs/creators.md, "Views held for quality"): a
-- campaign can wait validation_hours after a line's window closes before
-- the line locks, so views the platform takes back show first, and hold
-- the lines whose view-quality score (0-100, from the snapshots against
-- the account's own history) is below min_quality (0: never). Each line
-- keeps the score it locked with.
ALTER TABLE campaigns
    ADD COLUMN validation_hours integer NOT NULL DEFAULT 0 CHECK (validation_hours BETWEEN 0 AND 720),
    ADD COLUMN min_quality      integer NOT NULL DEFAULT 0 CHECK (min_quality BETWEEN 0 AND 100);
ALTER TABLE payout_lines
    ADD COLUMN quality smallint CHECK (quality BETWEEN 0 AND 100);
