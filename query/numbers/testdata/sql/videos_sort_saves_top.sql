-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video

SELECT entity_id, groupBitOrMerge(recorded) AS recorded, argMaxMerge(saves_last) AS l_saves
FROM entity_latest
WHERE workspace_id = @ws AND entity_kind = @kind
GROUP BY entity_id
ORDER BY bitAnd(recorded, 16) = 0, l_saves DESC, toString(entity_id)
LIMIT 66