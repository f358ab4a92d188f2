-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video
-- @id uuid.UUID 0b9c2f3e-2222-4a2b-8c3d-000000000002
-- @start time.Time 2026-10-21T13:00:00Z
-- @max int 2000

SELECT scraped_at, views, likes, comments, shares, saves
FROM metric_snapshots
WHERE workspace_id = @ws AND entity_kind = @kind AND entity_id = @id AND scraped_at >= @start
ORDER BY scraped_at DESC, version DESC
LIMIT 1 BY scraped_at
LIMIT @max