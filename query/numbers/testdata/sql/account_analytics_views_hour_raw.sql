-- @ws uuid.UUID 0b9c2f3e-1111-4a2b-8c3d-000000000001
-- @kind string video
-- @start time.Time 2026-11-13T13:00:00Z
-- @startday time.Time 2026-11-13T00:00:00Z
-- @lookback time.Time 2026-11-06T00:00:00Z
-- @startsec int64 1794574800
-- @step int64 3600
-- table scope (id UUID, first UInt64): 2 rows

SELECT tupleElement(g, 1), tupleElement(g, 2), tupleElement(a, 1), tupleElement(a, 2), before_total
FROM (
  SELECT sumMap(bs, gains) AS g, sumMap(appeared_at, appeared) AS a, sum(base) AS before_total
  FROM (
    SELECT
        arrayMap(t -> intDiv(t, @step) * @step, arraySlice(ts, k + 1)) AS bs,
        arrayPopFront(arrayDifference(arrayPushFront(arraySlice(vs, k + 1), if(k > 0, vs[k], toInt64(f_first))))) AS gains,
        if(k = 0, [bs[1]], emptyArrayUInt32()) AS appeared_at,
        if(k = 0, [toInt64(f_first)], emptyArrayInt64()) AS appeared,
        if(k > 0, vs[k], toInt64(0)) AS base
    FROM (
        SELECT entity_id, arraySort((v, t) -> t, vs0, ts0) AS vs, arraySort(ts0) AS ts,
            arrayCount(t -> t < @startsec, ts0) AS k
        FROM (
            SELECT entity_id, groupArray(toUInt32(last_at)) AS ts0, groupArray(toInt64(assumeNotNull(views))) AS vs0
            FROM (
                SELECT entity_id, last_at, views FROM entity_daily_by_entity
                WHERE workspace_id = @ws AND entity_kind = @kind AND entity_id IN (SELECT id FROM scope) AND bucket >= @lookback AND bucket < @startday
                UNION ALL
                SELECT entity_id, last_at, views FROM (
                    SELECT entity_id, scraped_at AS last_at, views FROM metric_snapshots
                    WHERE workspace_id = @ws AND entity_kind = @kind AND entity_id IN (SELECT id FROM scope) AND scraped_at >= @startday
                    ORDER BY version DESC
                    LIMIT 1 BY entity_id, last_at
                )
            )
            WHERE isNotNull(views)
            GROUP BY entity_id
        )
    ) AS series
    ANY LEFT JOIN (
        SELECT id AS entity_id, first AS f_first FROM scope
    ) AS firsts USING entity_id
  )
)