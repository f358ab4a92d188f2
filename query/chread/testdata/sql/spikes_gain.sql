-- @from time.Time 2026-11-16T12:00:00Z
-- @now int64 1795178096
-- @max_age int 168
-- @min_siblings int 3

SELECT rule_id, video_id, toUInt32(w_start) AS window_start, t_last AS window_end,
    toInt64(floor(v_start + 0.5)) AS start_value, toInt64(v_last) AS end_value, end_value - start_value AS gain, toFloat64(0) AS baseline,
    toUInt8(k = 0 AND published > 0 AND published >= w_start) AS from_publish,
    toUInt8(if(from_publish = 1, toFloat64(v_last), v_start) >= min_start AND multiIf(
        cond = 0, toFloat64(v_last) - floor(v_start + 0.5) >= threshold,
        cond = 1, floor(v_start + 0.5) > 0 AND (toFloat64(v_last) - floor(v_start + 0.5)) * 100 / floor(v_start + 0.5) >= threshold,
        0)) AS meets,
    if(from_publish = 1 AND toFloat64(v_first) >= min_start AND multiIf(
        cond = 0, toFloat64(v_last) - toFloat64(v_first) >= threshold,
        cond = 1, v_first > 0 AND (toFloat64(v_last) - toFloat64(v_first)) * 100 / toFloat64(v_first) >= threshold,
        0), toInt64(v_first), toInt64(-1)) AS first_start
FROM (
    SELECT workspace_id, video_id, platform, metric, window, published, t_last, v_last, v_first, w_start, k, v_start
    FROM (
        SELECT workspace_id, video_id, platform, metric, published, t_last, v_last, vs[1] AS v_first, windows,
            arrayMap((w, tl) -> toInt64(tl) - w * 3600, windows, arrayResize([t_last], length(windows), t_last)) AS starts,
            arrayMap((s, x) -> arrayCount((t, y) -> t <= y, x, arrayResize([s], length(x), s)),
                starts, arrayResize([ts], length(windows), ts)) AS ks,
            arrayMap((k, s, x, v, p) -> if(k > 0,
                    toFloat64(v[k]) + (toFloat64(v[k + 1]) - toFloat64(v[k])) * (s - x[k]) / (x[k + 1] - x[k]),
                    if(p > 0 AND p >= s, 0, toFloat64(v[1]))),
                ks, starts, arrayResize([ts], length(windows), ts), arrayResize([vs], length(windows), vs),
                arrayResize([published], length(windows), published)) AS v_starts
        FROM (
            SELECT *
            FROM (
                SELECT workspace_id, video_id, platform, published, metric, ts, vs, ts[length(ts)] AS t_last, vs[length(vs)] AS v_last
                FROM (
                    SELECT ws AS workspace_id, video_id, plat AS platform, published, toUInt8(mi) AS metric,
                        arraySort(t_rec) AS ts, arraySort((v, t) -> t, v_rec, t_rec) AS vs
                    FROM (
                        SELECT any(workspace_id) AS ws, entity_id AS video_id, any(platform) AS plat,
                            toInt64(max(toUInt32(published_at))) AS published, groupArrayIf(toUInt32(last_at), isNotNull(views)) AS t0, groupArrayIf(assumeNotNull(views), isNotNull(views)) AS m0, groupArrayIf(toUInt32(last_at), isNotNull(likes)) AS t1, groupArrayIf(assumeNotNull(likes), isNotNull(likes)) AS m1, toInt64(maxIf(toUInt32(last_at), isNotNull(views))) AS last0, ifNull(min(views), 0) AS lo0, ifNull(max(views), 0) AS hi0, toInt64(maxIf(toUInt32(last_at), isNotNull(likes))) AS last1, ifNull(min(likes), 0) AS lo1, ifNull(max(likes), 0) AS hi1
                        FROM entity_hourly
                        WHERE entity_kind = 'video' AND bucket >= @from
                          AND workspace_id IN (SELECT workspace_id FROM rules WHERE cond != 2)
                        GROUP BY entity_id
                        HAVING last0 > 0 AND last0 + 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond != 2 AND metric = 0) >= @now
                            AND toFloat64(hi0) >= (SELECT min(min_start) FROM rules WHERE cond != 2 AND metric = 0)
                            AND (toFloat64(hi0) - if(published > 0 AND published >= last0 - 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond != 2 AND metric = 0), 0, toFloat64(lo0))
                                    >= (SELECT if(countIf(cond = 0) > 0, minIf(threshold, cond = 0), 1e308) FROM rules WHERE cond != 2 AND metric = 0)
                                OR (SELECT countIf(cond = 1) FROM rules WHERE cond != 2 AND metric = 0) > 0 AND (lo0 = 0
                                    OR (toFloat64(hi0) - toFloat64(lo0)) * 100 / toFloat64(lo0)
                                    >= (SELECT minIf(threshold, cond = 1) FROM rules WHERE cond != 2 AND metric = 0)))
                            OR last1 > 0 AND last1 + 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond != 2 AND metric = 1) >= @now
                            AND toFloat64(hi1) >= (SELECT min(min_start) FROM rules WHERE cond != 2 AND metric = 1)
                            AND (toFloat64(hi1) - if(published > 0 AND published >= last1 - 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond != 2 AND metric = 1), 0, toFloat64(lo1))
                                    >= (SELECT if(countIf(cond = 0) > 0, minIf(threshold, cond = 0), 1e308) FROM rules WHERE cond != 2 AND metric = 1)
                                OR (SELECT countIf(cond = 1) FROM rules WHERE cond != 2 AND metric = 1) > 0 AND (lo1 = 0
                                    OR (toFloat64(hi1) - toFloat64(lo1)) * 100 / toFloat64(lo1)
                                    >= (SELECT minIf(threshold, cond = 1) FROM rules WHERE cond != 2 AND metric = 1)))
                    )
                    ARRAY JOIN [0, 1] AS mi, [t0, t1] AS t_rec, [m0, m1] AS v_rec
                )
                WHERE length(ts) > 0
            ) AS points
            ALL INNER JOIN (
                SELECT workspace_id, metric, groupArray(window) AS windows
                FROM (SELECT DISTINCT workspace_id, metric, toInt64(window) AS window FROM rules WHERE cond != 2)
                GROUP BY workspace_id, metric
            ) AS rule_windows USING (workspace_id, metric)
        )
    )
    ARRAY JOIN windows AS window, starts AS w_start, ks AS k, v_starts AS v_start
    WHERE t_last + window * 3600 >= @now
) AS matches
ALL INNER JOIN (SELECT rule_id, workspace_id, metric, toInt64(window) AS window, r_platform, cond, threshold, min_start FROM rules WHERE cond != 2) AS gain_rules
    USING (workspace_id, metric, window)
WHERE (r_platform = '' OR r_platform = toString(platform)) AND (meets = 1 OR first_start >= 0)