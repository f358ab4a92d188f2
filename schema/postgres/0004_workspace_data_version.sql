-- data_version counts the writes that change what a workspace's dashboard
-- shows (tracking, scrape results, account changes, collections). Cached
-- answers are keyed by it, so a read after a write never sees a cached
-- answer from before the write. It is bumped in the same transaction as the
-- write, so it holds even when the cache (Redis) missed the write.
ALTER TABLE workspaces ADD COLUMN data_version bigint NOT NULL DEFAULT 0;
