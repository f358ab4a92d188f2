-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video

SELECT entity_id, groupBitOrMerge(recorded) AS recorded, argMaxMerge(likes_last) AS l_likes
FROM entity_latest
WHERE workspace_id = @ws AND entity_kind = @kind
GROUP BY entity_id
ORDER BY bitAnd(recorded, 2) = 0, l_likes DESC, toString(entity_id)
LIMIT 66