-- What a workspace's history before a time holds changes only when a
-- scrape older than the workspace's latest ones is recorded. scraped_until
-- is the latest snapshot time recorded (the latest scrape's); a scrape
-- recorded more than 6 hours before it bumps history_version, in the same
-- transaction as the scrape. Values computed from the snapshots before a
-- time at least 6 hours before scraped_until (start values of windows) are
-- kept under history_version, and stay right until it changes
-- (query.StartCache). Both are set by the next scrape of a workspace that
-- has none yet.
ALTER TABLE workspaces ADD COLUMN history_version bigint NOT NULL DEFAULT 0;
ALTER TABLE workspaces ADD COLUMN scraped_until timestamptz;
