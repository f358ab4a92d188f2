-- A workspace's videos in id order: the CSV export reads them page by page
-- (WHERE workspace_id = $1 AND id > last ORDER BY id LIMIT n), each page a
-- range of this index.
CREATE INDEX videos_workspace_id_idx ON videos (workspace_id, id);
