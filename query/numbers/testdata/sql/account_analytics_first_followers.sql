-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string account
-- @id uuid.UUID 0b9c2f3e-2222-4a2b-8c3d-000000000002

SELECT min(bucket), count()
FROM entity_hourly
WHERE workspace_id = @ws AND entity_kind = @kind AND entity_id = @id AND isNotNull(followers)
    AND bucket >= (SELECT min(bucket) FROM entity_daily_by_entity
        WHERE workspace_id = @ws AND entity_kind = @kind AND entity_id = @id AND isNotNull(followers))
    AND bucket < (SELECT min(bucket) FROM entity_daily_by_entity
        WHERE workspace_id = @ws AND entity_kind = @kind AND entity_id = @id AND isNotNull(followers)) + 86400