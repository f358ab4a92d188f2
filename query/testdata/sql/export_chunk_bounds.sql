-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video

SELECT arrayFilter((id, i) -> i % 2 = 0, ids, arrayEnumerate(ids)) AS bounds
FROM (
    SELECT arraySort(groupUniqArray(toString(entity_id))) AS ids
    FROM entity_latest
    WHERE workspace_id = @ws AND entity_kind = @kind
)