-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video
-- @from time.Time 2026-10-15T00:00:00Z
-- @to time.Time 2026-11-21T00:00:00Z

SELECT entity_id, toUInt32(bucket) AS day, groupBitOr(recorded) AS rec,
    argMaxIf(assumeNotNull(views), last_at, isNotNull(views)) AS views,
    argMaxIf(assumeNotNull(likes), last_at, isNotNull(likes)) AS likes,
    argMaxIf(assumeNotNull(comments), last_at, isNotNull(comments)) AS comments,
    argMaxIf(assumeNotNull(shares), last_at, isNotNull(shares)) AS shares,
    argMaxIf(assumeNotNull(saves), last_at, isNotNull(saves)) AS saves,
    argMaxIf(assumeNotNull(followers), last_at, isNotNull(followers)) AS followers
FROM entity_daily_by_entity
WHERE workspace_id = @ws AND entity_kind = @kind AND bucket >= @from AND bucket < @to
  AND entity_id IN (SELECT id FROM scope)
GROUP BY entity_id, bucket
ORDER BY entity_id, bucket