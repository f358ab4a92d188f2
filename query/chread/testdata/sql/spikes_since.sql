-- @from time.Time 2026-11-14T12:00:00Z
-- @now int64 1795178096
-- @max_age int 168
-- @min_siblings int 3
-- @since_bucket time.Time 2026-11-19T06:00:00Z

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
                            toInt64(max(toUInt32(published_at))) AS published, groupArrayIf(toUInt32(last_at), isNotNull(comments)) AS t2, groupArrayIf(assumeNotNull(comments), isNotNull(comments)) AS m2, groupArrayIf(toUInt32(last_at), isNotNull(views)) AS t0, groupArrayIf(assumeNotNull(views), isNotNull(views)) AS m0, toInt64(maxIf(toUInt32(last_at), isNotNull(comments))) AS last2, ifNull(min(comments), 0) AS lo2, ifNull(max(comments), 0) AS hi2, toInt64(maxIf(toUInt32(last_at), isNotNull(views))) AS last0, ifNull(min(views), 0) AS lo0, ifNull(max(views), 0) AS hi0
                        FROM entity_hourly
                        WHERE entity_kind = 'video' AND bucket >= @from
                          AND workspace_id IN (SELECT workspace_id FROM rules WHERE cond != 2)
                          AND (workspace_id IN (SELECT workspace_id FROM rules WHERE since = 0)
                            OR entity_id IN (SELECT video_id FROM standing)
                            OR entity_id IN (
                                SELECT entity_id
                                FROM (
                                    SELECT workspace_id, entity_id, max(toUInt32(last_at)) AS t
                                    FROM entity_hourly
                                    WHERE entity_kind = 'video' AND bucket >= @since_bucket
                                      AND workspace_id IN (SELECT workspace_id FROM rules WHERE since > 0)
                                    GROUP BY workspace_id, entity_id
                                ) AS scraped
                                ALL INNER JOIN (SELECT workspace_id, min(since) AS scraped_from FROM rules WHERE since > 0 GROUP BY workspace_id) AS bases USING workspace_id
                                WHERE t >= scraped_from))
                        GROUP BY entity_id
                        HAVING last2 > 0 AND last2 + 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond != 2 AND metric = 2) >= @now
                            AND toFloat64(hi2) >= (SELECT min(min_start) FROM rules WHERE cond != 2 AND metric = 2)
                            AND (toFloat64(hi2) - if(published > 0 AND published >= last2 - 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond != 2 AND metric = 2), 0, toFloat64(lo2))
                                    >= (SELECT if(countIf(cond = 0) > 0, minIf(threshold, cond = 0), 1e308) FROM rules WHERE cond != 2 AND metric = 2)
                                OR (SELECT countIf(cond = 1) FROM rules WHERE cond != 2 AND metric = 2) > 0 AND (lo2 = 0
                                    OR (toFloat64(hi2) - toFloat64(lo2)) * 100 / toFloat64(lo2)
                                    >= (SELECT minIf(threshold, cond = 1) FROM rules WHERE cond != 2 AND metric = 2)))
                            OR last0 > 0 AND last0 + 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond != 2 AND metric = 0) >= @now
                            AND toFloat64(hi0) >= (SELECT min(min_start) FROM rules WHERE cond != 2 AND metric = 0)
                            AND (toFloat64(hi0) - if(published > 0 AND published >= last0 - 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond != 2 AND metric = 0), 0, toFloat64(lo0))
                                    >= (SELECT if(countIf(cond = 0) > 0, minIf(threshold, cond = 0), 1e308) FROM rules WHERE cond != 2 AND metric = 0)
                                OR (SELECT countIf(cond = 1) FROM rules WHERE cond != 2 AND metric = 0) > 0 AND (lo0 = 0
                                    OR (toFloat64(hi0) - toFloat64(lo0)) * 100 / toFloat64(lo0)
                                    >= (SELECT minIf(threshold, cond = 1) FROM rules WHERE cond != 2 AND metric = 0)))
                    )
                    ARRAY JOIN [2, 0] AS mi, [t2, t0] AS t_rec, [m2, m0] AS v_rec
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
UNION ALL

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
                                                groupArrayIf(toUInt32(last_at), isNotNull(shares)) AS t3, groupArrayIf(assumeNotNull(shares), isNotNull(shares)) AS m3, groupArrayIf(toUInt32(last_at), isNotNull(views)) AS t0, groupArrayIf(assumeNotNull(views), isNotNull(views)) AS m0
                                            FROM video_age_hourly
                                            WHERE workspace_id IN (SELECT workspace_id FROM rules WHERE cond = 2)
                                              AND account_id IN (SELECT DISTINCT account_id FROM video_age_hourly
                                            WHERE workspace_id IN (SELECT workspace_id FROM rules WHERE cond = 2)
                                              AND toInt64(toUInt32(last_at)) + 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond = 2) >= @now
                                              AND (workspace_id IN (SELECT workspace_id FROM rules WHERE since = 0)
                                                OR account_id IN (SELECT account_id FROM video_age_hourly WHERE entity_id IN (SELECT video_id FROM standing))
                                                OR account_id IN (
                                                    SELECT account_id
                                                    FROM (
                                                        SELECT workspace_id, account_id, max(toUInt32(last_at)) AS t
                                                        FROM video_age_hourly
                                                        WHERE workspace_id IN (SELECT workspace_id FROM rules WHERE since > 0)
                                                        GROUP BY workspace_id, account_id
                                                    ) AS scraped
                                                    ALL INNER JOIN (SELECT workspace_id, min(since) AS scraped_from FROM rules WHERE since > 0 GROUP BY workspace_id) AS bases USING workspace_id
                                                    WHERE t >= scraped_from)))
                                            GROUP BY entity_id
                                        )
                                        ARRAY JOIN [3, 0] AS mi, [t3, t0] AS t_rec, [m3, m0] AS v_rec
                                    ) AS series
                                    ALL INNER JOIN (
                                        SELECT account_id, toUInt64(rowNumberInAllBlocks()) + 1 AS acc_no
                                        FROM (SELECT DISTINCT account_id FROM video_age_hourly
                                            WHERE workspace_id IN (SELECT workspace_id FROM rules WHERE cond = 2)
                                              AND toInt64(toUInt32(last_at)) + 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond = 2) >= @now
                                              AND (workspace_id IN (SELECT workspace_id FROM rules WHERE since = 0)
                                                OR account_id IN (SELECT account_id FROM video_age_hourly WHERE entity_id IN (SELECT video_id FROM standing))
                                                OR account_id IN (
                                                    SELECT account_id
                                                    FROM (
                                                        SELECT workspace_id, account_id, max(toUInt32(last_at)) AS t
                                                        FROM video_age_hourly
                                                        WHERE workspace_id IN (SELECT workspace_id FROM rules WHERE since > 0)
                                                        GROUP BY workspace_id, account_id
                                                    ) AS scraped
                                                    ALL INNER JOIN (SELECT workspace_id, min(since) AS scraped_from FROM rules WHERE since > 0 GROUP BY workspace_id) AS bases USING workspace_id
                                                    WHERE t >= scraped_from)))
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