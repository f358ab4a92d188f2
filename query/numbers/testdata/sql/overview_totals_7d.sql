-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video

SELECT entity_id, groupBitOrMerge(recorded) AS recorded, argMaxMerge(views_last) AS l_views, argMaxMerge(likes_last) AS l_likes, argMaxMerge(comments_last) AS l_comments, argMaxMerge(shares_last) AS l_shares, argMaxMerge(saves_last) AS l_saves, minMerge(first_at) AS first_at, argMinMerge(views_first) AS m_first, argMinMerge(likes_first) AS m_first_likes, argMinMerge(comments_first) AS m_first_comments, argMinMerge(shares_first) AS m_first_shares, argMinMerge(saves_first) AS m_first_saves
FROM entity_latest
WHERE workspace_id = @ws AND entity_kind = @kind
GROUP BY entity_id

-- the start values, read at once beside it
-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video
-- @c0 time.Time 2026-11-14T00:00:00Z
-- @d0 time.Time 2026-11-14T00:00:00Z
-- @l0 time.Time 2026-11-07T00:00:00Z
-- @h0 time.Time 2026-11-14T00:00:00Z
-- @c1 time.Time 2026-11-07T00:00:00Z
-- @d1 time.Time 2026-11-07T00:00:00Z
-- @l1 time.Time 2026-10-31T00:00:00Z
-- @h1 time.Time 2026-11-07T00:00:00Z

SELECT entity_id, argMaxIf(assumeNotNull(views), last_at, ((src = 0 AND bucket >= @l0 AND bucket < @d0) OR (src = 1 AND bucket >= @h0 AND bucket < @c0)) AND isNotNull(views)) AS b0, argMaxIf(assumeNotNull(likes), last_at, ((src = 0 AND bucket >= @l0 AND bucket < @d0) OR (src = 1 AND bucket >= @h0 AND bucket < @c0)) AND isNotNull(likes)) AS b0_likes, argMaxIf(assumeNotNull(comments), last_at, ((src = 0 AND bucket >= @l0 AND bucket < @d0) OR (src = 1 AND bucket >= @h0 AND bucket < @c0)) AND isNotNull(comments)) AS b0_comments, argMaxIf(assumeNotNull(shares), last_at, ((src = 0 AND bucket >= @l0 AND bucket < @d0) OR (src = 1 AND bucket >= @h0 AND bucket < @c0)) AND isNotNull(shares)) AS b0_shares, argMaxIf(assumeNotNull(saves), last_at, ((src = 0 AND bucket >= @l0 AND bucket < @d0) OR (src = 1 AND bucket >= @h0 AND bucket < @c0)) AND isNotNull(saves)) AS b0_saves, groupBitOrIf(recorded, ((src = 0 AND bucket >= @l0 AND bucket < @d0) OR (src = 1 AND bucket >= @h0 AND bucket < @c0))) AS p0, argMaxIf(assumeNotNull(views), last_at, ((src = 0 AND bucket >= @l1 AND bucket < @d1) OR (src = 1 AND bucket >= @h1 AND bucket < @c1)) AND isNotNull(views)) AS b1, argMaxIf(assumeNotNull(likes), last_at, ((src = 0 AND bucket >= @l1 AND bucket < @d1) OR (src = 1 AND bucket >= @h1 AND bucket < @c1)) AND isNotNull(likes)) AS b1_likes, argMaxIf(assumeNotNull(comments), last_at, ((src = 0 AND bucket >= @l1 AND bucket < @d1) OR (src = 1 AND bucket >= @h1 AND bucket < @c1)) AND isNotNull(comments)) AS b1_comments, argMaxIf(assumeNotNull(shares), last_at, ((src = 0 AND bucket >= @l1 AND bucket < @d1) OR (src = 1 AND bucket >= @h1 AND bucket < @c1)) AND isNotNull(shares)) AS b1_shares, argMaxIf(assumeNotNull(saves), last_at, ((src = 0 AND bucket >= @l1 AND bucket < @d1) OR (src = 1 AND bucket >= @h1 AND bucket < @c1)) AND isNotNull(saves)) AS b1_saves, groupBitOrIf(recorded, ((src = 0 AND bucket >= @l1 AND bucket < @d1) OR (src = 1 AND bucket >= @h1 AND bucket < @c1))) AS p1
FROM (
    SELECT 0 AS src, entity_id, bucket, last_at, views, likes, comments, shares, saves, recorded FROM entity_daily
    WHERE workspace_id = @ws AND entity_kind = @kind AND ((bucket >= @l0 AND bucket < @d0) OR (bucket >= @l1 AND bucket < @d1))
)
GROUP BY entity_id