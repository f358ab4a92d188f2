-- The charts by publish date (GET /api/overview/by-publish-day) read the
-- videos of a window by their publish time: their cost follows the
-- window, not the workspace's size.
CREATE INDEX videos_published_idx ON videos (workspace_id, published_at);
