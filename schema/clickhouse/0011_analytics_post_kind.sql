-- Whose post a video is, in the analytics database (PostgreSQL 0028,
-- docs/analytics.md): post_kind is what the video is to the account it
-- belongs to (own, collab, repost, quote, reply, other_author; only own
-- posts and collabs count toward the account's totals and payouts),
-- related_handle the other account that kind names, and published_source
-- where published_at came from ('provider', 'id', or empty while unknown).
-- Rows copied before this migration read 'own', '' and '' until the
-- dimension sync copies their video again; `migrate -rebuild-projections`
-- copies every video at once.
--
-- ClickHouse 18.16 has no ADD COLUMN IF NOT EXISTS: the migration runner
-- skips an ADD COLUMN whose column exists, and it checks the first column
-- a statement adds, so each column has a statement of its own and this
-- file stays safe to repeat. On a cluster each ALTER reaches the
-- shard-local table and the Distributed table is made again over it
-- (schema/cluster.go).
ALTER TABLE {{analytics}}.videos_rows {{onCluster}} ADD COLUMN post_kind String DEFAULT 'own';

ALTER TABLE {{analytics}}.videos_rows {{onCluster}} ADD COLUMN related_handle String DEFAULT '';

ALTER TABLE {{analytics}}.videos_rows {{onCluster}} ADD COLUMN published_source String DEFAULT '';

-- The view is made again to show the new columns (18.16 has no DROP VIEW;
-- DROP TABLE drops a view on every release). A view holds no rows.
DROP TABLE IF EXISTS {{analytics}}.videos {{onCluster}};

CREATE VIEW IF NOT EXISTS {{analytics}}.videos {{onCluster}} AS
SELECT workspace_id, video_id, platform, platform_video_id, url, caption, account_id, account_handle, collection_id, published_at, is_shop, tracked_individually, status, status_reason, last_scraped_at, created_at, post_kind, related_handle, published_source
FROM (SELECT * FROM {{analytics}}.videos_rows FINAL)
WHERE deleted = 0;
