package query

import (
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/ext"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// SpikeRule is an enabled alert rule as the scan needs it.
type SpikeRule struct {
	ID            uuid.UUID
	WorkspaceID   uuid.UUID
	CollectionID  *uuid.UUID
	Platform      *string
	Metric        Metric
	Condition     string
	Threshold     float64
	WindowHours   int
	MinStartValue int64
	CooldownHours int
}

// Spike is a video that meets a rule, with the values that made it.
type Spike struct {
	RuleID  uuid.UUID
	VideoID uuid.UUID
	// WindowStart and WindowEnd bound the window: it ends at the video's
	// latest snapshot and lasts the rule's window.
	WindowStart, WindowEnd time.Time
	StartValue, EndValue   int64
	Gain                   int64
	GrowthPct              *float64
	// Baseline is, for velocity_vs_baseline, the median gain of the
	// account's other videos at the same age.
	Baseline *float64
}

// SpikeScan is one scan's outcome.
type SpikeScan struct {
	// Videos is how many videos some enabled rule covers.
	Videos int
	Spikes []Spike
}

// SpikeLookback is how far before a window's start the scan looks for the
// snapshot the window's start value is interpolated from. A video with no
// snapshot that far back counts from its first snapshot inside the range,
// as a video first scraped inside the window does.
const SpikeLookback = 48 * time.Hour

// SpikesHandler finds the videos that meet enabled alert rules.
type SpikesHandler struct {
	DB  *pgxpool.Pool
	CH  driver.Conn
	Now func() time.Time
}

// Scan evaluates every enabled rule of every workspace with access over the
// hourly projection in one ClickHouse query.
//
// For a video and a rule with a window of W hours, the window ends at the
// video's latest snapshot (which must be less than W hours old) and starts
// W hours earlier. The value at the start is interpolated linearly between
// the snapshots around it, so a missing hour neither looks like a spike
// nor hides one. A video published inside the window starts from 0; a
// video first scraped inside the window, but published before it, starts
// from its first snapshot.
func (h SpikesHandler) Scan(ctx context.Context, rules []SpikeRule) (SpikeScan, error) {
	if len(rules) == 0 {
		return SpikeScan{}, nil
	}
	now := h.Now().UTC()
	var out SpikeScan
	rulesTable, err := ext.NewTable("rules",
		ext.Column("rule_id", "UUID"), ext.Column("workspace_id", "UUID"), ext.Column("r_collection", "UUID"),
		ext.Column("r_platform", "String"), ext.Column("metric", "UInt8"), ext.Column("cond", "UInt8"),
		ext.Column("threshold", "Float64"), ext.Column("window", "UInt32"), ext.Column("min_start", "UInt64"))
	if err != nil {
		return out, fmt.Errorf("rules table: %w", err)
	}
	maxWindow := 0
	workspaces := map[uuid.UUID]bool{}
	// workspaces with a velocity rule: their account videos' whole history
	// is read, to compare with siblings at the same age
	velocity := map[uuid.UUID]bool{}
	for _, r := range rules {
		coll, plat := uuid.Nil, ""
		if r.CollectionID != nil {
			coll = *r.CollectionID
		}
		if r.Platform != nil {
			plat = *r.Platform
		}
		cond := map[string]uint8{"gain": 0, "growth_pct": 1, "velocity_vs_baseline": 2}[r.Condition]
		if err := rulesTable.Append(r.ID, r.WorkspaceID, coll, plat, uint8(indexOf(r.Metric)), cond,
			r.Threshold, uint32(r.WindowHours*3600), uint64(r.MinStartValue)); err != nil {
			return out, fmt.Errorf("rules table: %w", err)
		}
		maxWindow = max(maxWindow, r.WindowHours)
		workspaces[r.WorkspaceID] = true
		if r.Condition == "velocity_vs_baseline" {
			velocity[r.WorkspaceID] = true
		}
	}

	videos, err := ext.NewTable("videos",
		ext.Column("video_id", "UUID"), ext.Column("workspace_id", "UUID"), ext.Column("v_collection", "UUID"),
		ext.Column("v_platform", "String"), ext.Column("account_id", "UUID"), ext.Column("published", "UInt32"), ext.Column("deep", "UInt8"))
	if err != nil {
		return out, fmt.Errorf("videos table: %w", err)
	}
	wsList := make([]uuid.UUID, 0, len(workspaces))
	for ws := range workspaces {
		wsList = append(wsList, ws)
	}
	// Videos that can alert: tracked, not of a paused or removed account.
	rows, err := h.DB.Query(ctx, `
SELECT v.id, v.workspace_id, coalesce(v.collection_id, a.collection_id), v.platform, v.account_id,
       coalesce(extract(epoch FROM v.published_at), 0)::bigint
FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
WHERE v.workspace_id = ANY($1) AND v.status <> 'error'
  AND (v.tracked_individually OR a.status IN ('pending', 'active', 'error'))`, wsList)
	if err != nil {
		return out, fmt.Errorf("read videos to scan: %w", err)
	}
	for rows.Next() {
		var id, ws uuid.UUID
		var coll, acc *uuid.UUID
		var plat string
		var published int64
		if err := rows.Scan(&id, &ws, &coll, &plat, &acc, &published); err != nil {
			rows.Close()
			return out, fmt.Errorf("read videos to scan: %w", err)
		}
		c, a := uuid.Nil, uuid.Nil
		if coll != nil {
			c = *coll
		}
		if acc != nil {
			a = *acc
		}
		var deep uint8
		if velocity[ws] && acc != nil {
			deep = 1
		}
		if err := videos.Append(id, ws, c, plat, a, uint32(max(0, min(published, math.MaxUint32))), deep); err != nil {
			rows.Close()
			return out, fmt.Errorf("videos table: %w", err)
		}
		out.Videos++
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("read videos to scan: %w", err)
	}
	if out.Videos == 0 {
		return out, nil
	}

	from := now.Add(-time.Duration(maxWindow)*time.Hour - SpikeLookback).Truncate(time.Hour)
	ctx = clickhouse.Context(ctx, clickhouse.WithExternalTable(rulesTable, videos))
	var metrics []int
	for _, r := range rules {
		if r.Condition != "velocity_vs_baseline" && !slices.Contains(metrics, indexOf(r.Metric)) {
			metrics = append(metrics, indexOf(r.Metric))
		}
	}
	res, err := h.CH.Query(ctx, spikeSQL(len(velocity) > 0, metrics), clickhouse.Named("from", from), clickhouse.Named("now", uint32(now.Unix())))
	if err != nil {
		return out, fmt.Errorf("scan for spikes: %w", err)
	}
	defer res.Close()
	for res.Next() {
		var s Spike
		var start, end uint32
		var endValue uint64
		var baseline float64
		if err := res.Scan(&s.RuleID, &s.VideoID, &start, &end, &s.StartValue, &endValue, &s.Gain, &baseline); err != nil {
			return out, fmt.Errorf("scan for spikes: %w", err)
		}
		s.WindowStart, s.WindowEnd, s.EndValue = time.Unix(int64(start), 0).UTC(), time.Unix(int64(end), 0).UTC(), int64(endValue)
		if s.StartValue > 0 {
			g := float64(s.Gain) * 100 / float64(s.StartValue)
			s.GrowthPct = &g
		}
		if baseline > 0 {
			s.Baseline = &baseline
		}
		out.Spikes = append(out.Spikes, s)
	}
	if err := res.Err(); err != nil {
		return out, fmt.Errorf("scan for spikes: %w", err)
	}
	return out, nil
}

// MinVelocitySiblings is how many of an account's other videos must have
// been observed over the same age window for velocity_vs_baseline to judge.
const MinVelocitySiblings = 3

// spikeSQL is the scan. Per video: its hourly points (since @from, or its
// whole history when a velocity rule may compare with it), one array pair
// per metric holding only the hours that recorded it. Per (rule, video)
// pair in scope: the window [tL - W, tL] ending at the latest point tL, the
// value at its start interpolated between the points around it. For
// velocity_vs_baseline, every other video of the account that was observed
// over the same age window (same hours after publishing) gives its gain in
// that window, interpolated the same way; the rule compares with their
// median. Lambdas take every value as an argument: older servers lose
// columns that a lambda only captures.
func spikeSQL(withVelocity bool, metrics []int) string {
	series := `
        SELECT video_id,
            arrayFilter((t, rec) -> bitAnd(rec, 1) != 0, ts_all, recs) AS ts0,
            arrayFilter((v, rec) -> bitAnd(rec, 1) != 0, views, recs) AS vs0,
            arrayFilter((t, rec) -> bitAnd(rec, 2) != 0, ts_all, recs) AS ts1,
            arrayFilter((v, rec) -> bitAnd(rec, 2) != 0, likes, recs) AS vs1,
            arrayFilter((t, rec) -> bitAnd(rec, 4) != 0, ts_all, recs) AS ts2,
            arrayFilter((v, rec) -> bitAnd(rec, 4) != 0, comments, recs) AS vs2,
            arrayFilter((t, rec) -> bitAnd(rec, 8) != 0, ts_all, recs) AS ts3,
            arrayFilter((v, rec) -> bitAnd(rec, 8) != 0, shares, recs) AS vs3
        FROM (
            SELECT video_id,
                arrayMap(x -> tupleElement(x, 1), p) AS ts_all,
                arrayMap(x -> tupleElement(x, 2), p) AS recs,
                arrayMap(x -> tupleElement(x, 3), p) AS views,
                arrayMap(x -> tupleElement(x, 4), p) AS likes,
                arrayMap(x -> tupleElement(x, 5), p) AS comments,
                arrayMap(x -> tupleElement(x, 6), p) AS shares
            FROM (
                SELECT entity_id AS video_id,
                    arraySort(x -> tupleElement(x, 1), groupArray((t, rec, lv, ll, lc, ls))) AS p
                FROM (
                    SELECT entity_id, toUInt32(last_at) AS t,
                        toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares)) AS rec,
                        ifNull(views, 0) AS lv, ifNull(likes, 0) AS ll, ifNull(comments, 0) AS lc, ifNull(shares, 0) AS ls
                    FROM entity_hourly
                    WHERE entity_kind = 'video'
                      AND workspace_id IN (SELECT workspace_id FROM rules)
                      AND entity_id IN (SELECT video_id FROM videos)
                      AND (bucket >= @from OR entity_id IN (SELECT video_id FROM videos WHERE deep = 1))
                )
                GROUP BY entity_id
            )
        )`
	pick := func(prefix string) string {
		return fmt.Sprintf(`multiIf(metric = 0, %[1]s0, metric = 1, %[1]s1, metric = 2, %[1]s2, %[1]s3)`, prefix)
	}
	// one row per (rule, video) in scope with the video's own window
	windows := `
        SELECT rule_id, video_id, account_id, cond, threshold, window, min_start, metric, published, ts, vs, n,
            ts[n] AS t_last, vs[n] AS v_last, toUInt32(ts[n] - window) AS w_start,
            arrayCount((x, s) -> x <= s, ts, arrayResize([toUInt32(ts[n] - window)], n, toUInt32(ts[n] - window))) AS k
        FROM (
            SELECT rule_id, video_id, account_id, cond, threshold, window, min_start, metric, published,
                ` + pick("ts") + ` AS ts, ` + pick("vs") + ` AS vs, length(ts) AS n
            FROM (
                SELECT rule_id, video_id, account_id, cond, threshold, window, min_start, metric, published
                FROM videos
                ALL INNER JOIN rules USING workspace_id
                WHERE (r_collection = toUUID('00000000-0000-0000-0000-000000000000') OR r_collection = v_collection)
                  AND (r_platform = '' OR r_platform = v_platform)
            )
            ALL INNER JOIN (` + series + `
            ) USING video_id
        )
        WHERE n > 0 AND ts[n] + window >= @now`
	startValue := `if(k > 0,
               toFloat64(vs[k]) + (toFloat64(vs[k + 1]) - toFloat64(vs[k])) * (w_start - ts[k]) / (ts[k + 1] - ts[k]),
               if(published >= w_start AND published > 0, 0, toFloat64(vs[1])))`
	// the start value a rule's minimum applies to: the latest value for a
	// video published inside the window
	minCheck := `if(published >= w_start AND published > 0 AND k = 0, toFloat64(v_last), v_start) >= min_start`
	siblings := `
        SELECT rule_id, video_id, quantileExact(0.5)(a2 - a1) AS baseline, count() AS siblings
        FROM (
            SELECT rule_id, video_id, t1, t2, sts, svs, sn,
                arrayCount((x, s) -> x <= s, sts, arrayResize([t1], sn, t1)) AS k1,
                arrayCount((x, s) -> x <= s, sts, arrayResize([t2], sn, t2)) AS k2,
                toFloat64(svs[k1]) + (toFloat64(svs[k1 + 1]) - toFloat64(svs[k1])) * (t1 - sts[k1]) / (sts[k1 + 1] - sts[k1]) AS a1,
                if(k2 >= sn, toFloat64(svs[sn]),
                   toFloat64(svs[k2]) + (toFloat64(svs[k2 + 1]) - toFloat64(svs[k2])) * (t2 - sts[k2]) / (sts[k2 + 1] - sts[k2])) AS a2
            FROM (
                SELECT rule_id, video_id, toUInt32(sib_pub + age_end) AS t2, toUInt32(sib_pub + age_end - window) AS t1,
                    ` + pick("sts") + ` AS sts, ` + pick("svs") + ` AS svs, length(sts) AS sn
                FROM (
                    SELECT rule_id, video_id, account_id, metric, window, toInt64(t_last) - toInt64(published) AS age_end
                    FROM (` + windows + `
                    )
                    WHERE cond = 2 AND published > 0 AND account_id != toUUID('00000000-0000-0000-0000-000000000000')
                )
                ALL INNER JOIN (
                    SELECT account_id, video_id AS sib_id, published AS sib_pub,
                        ts0 AS sts0, vs0 AS svs0, ts1 AS sts1, vs1 AS svs1, ts2 AS sts2, vs2 AS svs2, ts3 AS sts3, vs3 AS svs3
                    FROM videos
                    ALL INNER JOIN (` + series + `
                    ) USING video_id
                    WHERE deep = 1 AND published > 0
                ) USING account_id
                WHERE sib_id != video_id
            )
            WHERE sn > 0 AND sts[1] <= t1 AND sts[sn] >= t2
        )
        GROUP BY rule_id, video_id`
	// Gain and growth: the series one row per (video, metric) holding only
	// the hours that recorded the metric; per (video, metric, window) the
	// window's values, computed once whatever number of rules share them;
	// then every rule in scope picks its row.
	// Rows are read as they are: an hour still split across unmerged parts
	// gives two true points.
	latest := make([]string, 4)
	for i, m := range []Metric{Views, Likes, Comments, Shares} {
		latest[i] = "toUInt64(0)"
		if slices.Contains(metrics, indexOf(m)) {
			latest[i] = "ifNull(" + string(m) + ", 0)"
		}
	}
	metricSeries := `
        SELECT entity_id AS video_id, metric,
            arrayMap(x -> tupleElement(x, 1), p) AS ts, arrayMap(x -> tupleElement(x, 2), p) AS vs
        FROM (
            SELECT entity_id, metric, arraySort(x -> tupleElement(x, 1), groupArray((t, v))) AS p
            FROM (
                SELECT entity_id, t, metric,
                    multiIf(metric = 0, lv, metric = 1, ll, metric = 2, lc, ls) AS v,
                    bitAnd(rec, bitShiftLeft(toUInt8(1), metric)) != 0 AS has
                FROM (
                    SELECT entity_id, toUInt32(last_at) AS t,
                        toUInt8(isNotNull(views) + 2 * isNotNull(likes) + 4 * isNotNull(comments) + 8 * isNotNull(shares)) AS rec,
                        ` + latest[0] + ` AS lv, ` + latest[1] + ` AS ll, ` + latest[2] + ` AS lc, ` + latest[3] + ` AS ls
                    FROM entity_hourly
                    WHERE entity_kind = 'video' AND bucket >= @from
                      AND workspace_id IN (SELECT workspace_id FROM rules)
                      AND entity_id IN (SELECT video_id FROM videos)
                )
                ARRAY JOIN (SELECT groupUniqArray(metric) FROM rules WHERE cond != 2) AS metric
                WHERE has
            )
            GROUP BY entity_id, metric
        )`
	perWindow := `
        SELECT video_id, metric, window, w_start, t_last, v_last, k,
            toFloat64(vs[k]) + (toFloat64(vs[k + 1]) - toFloat64(vs[k])) * (w_start - ts[k]) / (ts[k + 1] - ts[k]) AS v_between,
            toFloat64(vs[1]) AS v_first
        FROM (
            SELECT video_id, metric, window, ts, vs, length(ts) AS n, ts[n] AS t_last, vs[n] AS v_last,
                toUInt32(ts[n] - window) AS w_start,
                arrayCount((x, s) -> x <= s, ts, arrayResize([toUInt32(ts[n] - window)], n, toUInt32(ts[n] - window))) AS k
            FROM (` + metricSeries + `
            )
            ALL INNER JOIN (SELECT DISTINCT metric, window FROM rules WHERE cond != 2) USING metric
        )
        WHERE n > 0 AND t_last + window >= @now`
	plain := `
SELECT rule_id, video_id, w_start, t_last, toInt64(round(v_start)), v_last, toInt64(v_last - round(v_start)), toFloat64(0)
FROM (
    SELECT rule_id, video_id, cond, threshold, min_start, published, w_start, t_last, v_last, k,
        if(k > 0, v_between, if(published >= w_start AND published > 0, 0, v_first)) AS v_start
    FROM (
        SELECT rule_id, video_id, metric, window, cond, threshold, min_start, published
        FROM videos
        ALL INNER JOIN rules USING workspace_id
        WHERE cond != 2
          AND (r_collection = toUUID('00000000-0000-0000-0000-000000000000') OR r_collection = v_collection)
          AND (r_platform = '' OR r_platform = v_platform)
    )
    ALL INNER JOIN (` + perWindow + `
    ) USING (video_id, metric, window)
)
WHERE ` + minCheck + `
  AND multiIf(
        cond = 0, toFloat64(v_last) - round(v_start) >= threshold,
        cond = 1, v_start > 0 AND (toFloat64(v_last) - round(v_start)) * 100 / round(v_start) >= threshold,
        0)`
	if !withVelocity {
		return plain
	}
	return plain + `
UNION ALL
SELECT rule_id, video_id, w_start, t_last, toInt64(round(v_start)), v_last, toInt64(v_last - round(v_start)), baseline
FROM (
    SELECT rule_id, video_id, threshold, min_start, published, w_start, t_last, v_last, k, v_start, baseline, siblings
    FROM (
        SELECT rule_id, video_id, threshold, min_start, published, w_start, t_last, v_last, k, ` + startValue + ` AS v_start
        FROM (` + windows + `
        )
        WHERE cond = 2
    )
    ALL INNER JOIN (` + siblings + `
    ) USING (rule_id, video_id)
)
WHERE ` + minCheck + `
  AND siblings >= ` + fmt.Sprint(MinVelocitySiblings) + ` AND baseline >= 1
  AND toFloat64(v_last) - round(v_start) >= threshold * baseline`
}
