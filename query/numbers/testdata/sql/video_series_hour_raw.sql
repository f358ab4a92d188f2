-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video
-- @start time.Time 2026-10-21T13:00:00Z
-- @id uuid.UUID 0b9c2f3e-2222-4a2b-8c3d-000000000002

SELECT bucket, groupBitOr(recorded) AS rec, argMaxIf(assumeNotNull(views), last_at, isNotNull(views)) AS views, argMaxIf(assumeNotNull(likes), last_at, isNotNull(likes)) AS likes, argMaxIf(assumeNotNull(comments), last_at, isNotNull(comments)) AS comments, argMaxIf(assumeNotNull(shares), last_at, isNotNull(shares)) AS shares, argMaxIf(assumeNotNull(saves), last_at, isNotNull(saves)) AS saves
FROM (
    SELECT toStartOfHour(scraped_at) AS bucket, scraped_at AS last_at, views, likes, comments, shares, saves,
        toUInt8(1 * isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares) + 16 * isNotNull(saves)) AS recorded
    FROM metric_snapshots
    WHERE workspace_id = @ws AND entity_kind = @kind AND entity_id = @id AND scraped_at >= @start
    ORDER BY version DESC
    LIMIT 1 BY last_at
)
GROUP BY bucket
ORDER BY bucket