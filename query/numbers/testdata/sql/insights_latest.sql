-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video

SELECT entity_id, groupBitOrMerge(recorded) AS recorded, maxMerge(last_at) AS last_at, argMaxMerge(views_last) AS l_views, minMerge(first_at) AS first_at, argMinMerge(views_first) AS m_first
FROM entity_latest
WHERE workspace_id = @ws AND entity_kind = @kind
GROUP BY entity_id

-- the start values, read at once beside it
-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video
-- @c0 time.Time 2026-11-19T13:00:00Z
-- @d0 time.Time 2026-11-19T00:00:00Z
-- @l0 time.Time 2026-11-12T00:00:00Z
-- @h0 time.Time 2026-11-19T00:00:00Z

SELECT entity_id, argMaxIf(assumeNotNull(views), last_at, ((src = 0 AND bucket >= @l0 AND bucket < @d0) OR (src = 1 AND bucket >= @h0 AND bucket < @c0)) AND isNotNull(views)) AS b0, groupBitOrIf(recorded, ((src = 0 AND bucket >= @l0 AND bucket < @d0) OR (src = 1 AND bucket >= @h0 AND bucket < @c0))) AS p0
FROM (
    SELECT 0 AS src, entity_id, bucket, last_at, views, recorded FROM entity_daily
    WHERE workspace_id = @ws AND entity_kind = @kind AND ((bucket >= @l0 AND bucket < @d0))
    UNION ALL
    SELECT 1 AS src, entity_id, bucket, last_at, views, recorded FROM entity_hourly
    WHERE workspace_id = @ws AND entity_kind = @kind AND ((bucket >= @h0 AND bucket < @c0))
)
GROUP BY entity_id