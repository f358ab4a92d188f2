-- @from time.Time 2026-11-18T12:00:00Z
-- @now int64 1795178096
-- @max_age int 168
-- @min_siblings int 3

SELECT rule_id, video_id, toUInt32(published + (toInt64(age) - toInt64(window)) * 3600) AS window_start,
    toUInt32(published + toInt64(age) * 3600) AS window_end,
    end_value - x AS start_value, end_value, x AS gain, baseline,
    toUInt8(age <= window) AS from_publish, toUInt8(1) AS meets, toInt64(-1) AS first_start
FROM (
    SELECT tupleElement(c, 1) AS video_id, tupleElement(c, 2) AS workspace_id, tupleElement(c, 3) AS platform,
        tupleElement(c, 4) AS published, tupleElement(c, 5) AS x, tupleElement(c, 6) AS end_value,
        metric, window, age, n - 1 AS others,
        if(n % 2 = 0, toFloat64(if(sb < x, sb, sc)), (toFloat64(if(sa < x, sa, sb)) + toFloat64(if(sb < x, sb, sc))) / 2) AS baseline
    FROM (
        SELECT n, toUInt8(bitAnd(bitShiftRight(kk, 16), 15)) AS metric, toInt64(bitAnd(bitShiftRight(kk, 8), 255)) AS window,
            toInt64(bitAnd(kk, 255)) AS age, toUInt32(greatest(intDiv(n - 1, 2), 1)) AS q,
            sorted[q] AS sa, sorted[least(q + 1, n)] AS sb, sorted[least(q + 2, n)] AS sc, current
        FROM (
            SELECT kk, count() AS n, arraySort(groupArray(g)) AS sorted,
                groupArrayIf((video_id, workspace_id, platform, published, g, e), cur) AS current
            FROM (
                SELECT video_id, workspace_id, platform, published, kk, g, e, cur
                FROM (
                    SELECT video_id, workspace_id, platform, published, lo, hi, vals, window, fresh, age_now,
                        toUInt32(greatest(least(hi, window) - lo + 1, 0)) AS n1,
                        toUInt32(greatest(hi - lo + 1 - window, 0)) AS n2,
                        arrayConcat(arrayMap((i, l) -> toUInt64(i + l), range(n1), arrayResize([lo], n1, lo)),
                            arrayMap((i, l) -> toUInt64(i + l), range(n2), arrayResize([lo + window], n2, lo + window))) AS ages,
                        arrayConcat(arraySlice(vals, 1, n1),
                            arrayMap((a, b) -> a - b, arraySlice(vals, window + 1, n2), arraySlice(vals, 1, n2))) AS gains,
                        arrayConcat(arraySlice(vals, 1, n1), arraySlice(vals, window + 1, n2)) AS ends,
                        bitOr(bitShiftLeft(acc_no, 20), bitOr(bitShiftLeft(toUInt64(metric), 16), bitShiftLeft(toUInt64(window), 8))) AS kbase,
                        arrayMap((a, b) -> bitOr(a, b), ages, arrayResize([kbase], length(ages), kbase)) AS keys,
                        arrayMap((a, c) -> a = c, ages, arrayResize([toUInt64(if(fresh, age_now, 0))], length(ages), toUInt64(if(fresh, age_now, 0)))) AS curs
                    FROM (
                        SELECT video_id, workspace_id, platform, published, acc_no, metric, lo, hi, vals, age_now, window,
                            t_last + window * 3600 >= @now AND age_now BETWEEN 1 AND @max_age AS fresh
                        FROM (
                            SELECT *
                            FROM (
                                SELECT video_id, workspace_id, platform, published, acc_no, metric, t_last, lo, hi,
                                    toInt64(intDiv(t_last - published, 3600)) AS age_now,
                                    arrayReduce('groupArrayArray', arrayMap((h0, h1, t0, t1, v0, v1, p, top) ->
                                        arrayMap(j -> toInt64(floor(v0 + (toFloat64(v1) - v0) * (p + 3600 * (h0 + 1 + j) - t0) / (t1 - t0) + 0.5)),
                                            range(toUInt32(if(t1 > t0, greatest(least(toInt64(h1), top) - h0, 0), 0)))),
                                        arrayPopBack(hs), arrayPopFront(hs), arrayPopBack(ts), arrayPopFront(ts), arrayPopBack(vs), arrayPopFront(vs),
                                        arrayResize([published], length(ts) - 1, published), arrayResize([hi], length(ts) - 1, hi))) AS vals
                                FROM (
                                    SELECT video_id, workspace_id, platform, published, acc_no, metric, hs, ts, vs,
                                        ts[length(ts)] AS t_last, toInt64(hs[1]) + 1 AS lo, least(toInt64(hs[length(hs)]), @max_age) AS hi
                                    FROM (
                                        SELECT ws AS workspace_id, acc AS account_id, video_id, plat AS platform, published, toUInt8(mi) AS metric,
                                            arraySort(t_rec) AS ts, arraySort((v, t) -> t, v_rec, t_rec) AS vs,
                                            arrayMap((t, p) -> intDiv(toInt64(t) - p, 3600), ts, arrayResize([published], length(ts), published)) AS hs
                                        FROM (
                                            SELECT any(workspace_id) AS ws, any(account_id) AS acc, entity_id AS video_id, any(platform) AS plat,
                                                toInt64(min(toUInt32(published_at))) AS published,
                                                groupArrayIf(toUInt32(last_at), isNotNull(views)) AS t0, groupArrayIf(assumeNotNull(views), isNotNull(views)) AS m0
                                            FROM video_age_hourly
                                            WHERE workspace_id IN (SELECT workspace_id FROM rules WHERE cond = 2)
                                              AND account_id IN (SELECT DISTINCT account_id FROM video_age_hourly
                                            WHERE workspace_id IN (SELECT workspace_id FROM rules WHERE cond = 2)
                                              AND toInt64(toUInt32(last_at)) + 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond = 2) >= @now)
                                            GROUP BY entity_id
                                        )
                                        ARRAY JOIN [0] AS mi, [t0] AS t_rec, [m0] AS v_rec
                                    ) AS series
                                    ALL INNER JOIN (
                                        SELECT account_id, toUInt64(rowNumberInAllBlocks()) + 1 AS acc_no
                                        FROM (SELECT DISTINCT account_id FROM video_age_hourly
                                            WHERE workspace_id IN (SELECT workspace_id FROM rules WHERE cond = 2)
                                              AND toInt64(toUInt32(last_at)) + 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond = 2) >= @now)
                                    ) AS accounts USING account_id
                                    WHERE length(ts) > 1
                                )
                            ) AS interpolated
                            ALL INNER JOIN (
                                SELECT workspace_id, metric, groupArray(window) AS windows
                                FROM (SELECT DISTINCT workspace_id, metric, toInt64(window) AS window FROM rules WHERE cond = 2)
                                GROUP BY workspace_id, metric
                            ) AS rule_windows USING (workspace_id, metric)
                        )
                        ARRAY JOIN windows AS window
                    )
                )
                ARRAY JOIN keys AS kk, gains AS g, ends AS e, curs AS cur
            )
            GROUP BY kk
            HAVING length(current) > 0
        )
    )
    ARRAY JOIN current AS c
    WHERE others >= @min_siblings AND baseline >= 1 AND x >= (SELECT min(threshold) FROM rules WHERE cond = 2) * baseline
) AS matches
ALL INNER JOIN (SELECT rule_id, workspace_id, metric, toInt64(window) AS window, r_platform, threshold, min_start FROM rules WHERE cond = 2) AS velocity_rules
    USING (workspace_id, metric, window)
WHERE (r_platform = '' OR r_platform = toString(platform))
  AND if(age <= window, end_value, end_value - x) >= min_start
  AND toFloat64(x) >= threshold * baseline