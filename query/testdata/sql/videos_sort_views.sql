-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video

SELECT entity_id, first_at, last_at, recorded, l_views, l_likes, l_comments, l_shares, l_saves, l_followers, m_first
FROM (
    SELECT entity_id, minMerge(first_at) AS first_at, maxMerge(last_at) AS last_at,
        groupBitOrMerge(recorded) AS recorded, argMaxMerge(views_last) AS l_views, toUInt64(0) AS l_likes, toUInt64(0) AS l_comments, toUInt64(0) AS l_shares, toUInt64(0) AS l_saves, toUInt64(0) AS l_followers, argMinMerge(views_first) AS m_first
    FROM entity_latest
    WHERE workspace_id = @ws AND entity_kind = @kind
    GROUP BY entity_id
)
ORDER BY toString(entity_id)