-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video
-- @from time.Time 2026-11-13T00:00:00Z

SELECT entity_id, days, vals, f_first, f_at
FROM (
    SELECT entity_id, arraySort(groupArray(toUInt32(bucket))) AS days, arraySort((x, t) -> t, groupArray(v), groupArray(toUInt32(bucket))) AS vals
    FROM (
        SELECT entity_id, bucket, argMax(assumeNotNull(views), last_at) AS v
        FROM entity_daily
        WHERE workspace_id = @ws AND entity_kind = @kind AND bucket >= @from AND isNotNull(views)
          AND entity_id IN (SELECT id FROM scope)
        GROUP BY entity_id, bucket
    ) AS per_day
    GROUP BY entity_id
) AS daily
ANY LEFT JOIN (
    SELECT entity_id, argMinMerge(views_first) AS f_first, minMerge(first_at) AS f_at
    FROM entity_latest
    WHERE workspace_id = @ws AND entity_kind = @kind
      AND entity_id IN (SELECT id FROM scope)
    GROUP BY entity_id
) AS firsts USING entity_id