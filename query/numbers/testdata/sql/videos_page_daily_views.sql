-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video
-- @from time.Time 2026-11-13T00:00:00Z

SELECT entity_id, toUInt32(bucket) AS day,
    argMax(assumeNotNull(views), last_at) AS v, toUInt32(max(last_at)) AS at, toUInt8(1) AS has
FROM entity_daily_by_entity
PREWHERE entity_id IN (SELECT id FROM scope)
WHERE workspace_id = @ws AND entity_kind = @kind AND bucket >= @from AND isNotNull(views)
GROUP BY entity_id, bucket