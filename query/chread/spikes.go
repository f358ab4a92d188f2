package chread

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/ext"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// SpikeLookback is how far before a window's start its start snapshot is looked for.
const SpikeLookback = 48 * time.Hour

// MinVelocitySiblings is how many other videos of the account velocity_vs_baseline needs.
const MinVelocitySiblings = 3

// MaxVelocityAgeHours is the oldest age velocity_vs_baseline judges (video_age_hourly keeps 216).
const MaxVelocityAgeHours = 168

// SpikeScan is the spike scan's one query over every enabled rule (the external
// table rules), returning only the matching (rule, video) pairs: its memory
// grows with the matches, not the videos. The start of a gain window is
// interpolated between the snapshots around it, so a missing hour neither makes
// nor hides a spike; PostgreSQL settles scope, statuses and publishing.
type SpikeScan struct {
	Query    SpikeScanQuery
	rules    *ext.Table
	velocity map[uuid.UUID]bool
}

// NewSpikeScan builds the scan of rules at now; an unknown condition or metric is an error.
func NewSpikeScan(rules []domain.SpikeRule, now time.Time) (SpikeScan, error) {
	s := SpikeScan{Query: SpikeScanQuery{Now: now}, velocity: map[uuid.UUID]bool{}}
	var err error
	s.rules, err = ext.NewTable("rules",
		ext.Column("rule_id", "UUID"), ext.Column("workspace_id", "UUID"), ext.Column("r_platform", "String"),
		ext.Column("metric", "UInt8"), ext.Column("cond", "UInt8"), ext.Column("threshold", "Float64"),
		ext.Column("window", "UInt16"), ext.Column("min_start", "UInt64"))
	if err != nil {
		return s, fmt.Errorf("rules table: %w", err)
	}
	q := &s.Query
	maxWindow := 0
	for _, r := range rules {
		// the scan's SQL numbers conditions and metrics by their index
		cond, m := slices.Index(domain.Conditions, r.Condition), slices.Index(domain.AlertMetrics, r.Metric)
		if cond < 0 || m < 0 {
			return s, fmt.Errorf("spike scan: rule %s has condition %q on %q", r.ID, r.Condition, r.Metric)
		}
		plat := ""
		if r.Platform != nil {
			plat = string(*r.Platform)
		}
		if err := s.rules.Append(r.ID, r.WorkspaceID, plat, uint8(m), uint8(cond), r.Threshold, uint16(r.WindowHours), uint64(max(r.MinStartValue, 0))); err != nil {
			return s, fmt.Errorf("rules table: %w", err)
		}
		s.velocity[r.ID] = r.Condition == domain.ConditionVelocity
		if r.Condition == domain.ConditionVelocity {
			if !slices.Contains(q.Velocity, r.Metric) {
				q.Velocity = append(q.Velocity, r.Metric)
			}
		} else {
			if !slices.Contains(q.Gain, r.Metric) {
				q.Gain = append(q.Gain, r.Metric)
			}
			maxWindow = max(maxWindow, r.WindowHours)
		}
	}
	// a window ends up to W hours ago; its start value is up to SpikeLookback before it
	q.From = now.Add(-2*time.Duration(maxWindow)*time.Hour - SpikeLookback).Truncate(time.Hour)
	return s, nil
}

// SpikeCandidate is a (rule, video) pair the scan found.
type SpikeCandidate struct {
	domain.Spike
	// FromPublish: the window starts before publishing and the first snapshot.
	FromPublish bool
	// Meets: Spike meets the rule as counted.
	Meets bool
	// FirstStart is, with FromPublish, the first value if the rule is met from it; else -1.
	FirstStart int64
}

// Candidates runs the scan over r.
func (s SpikeScan) Candidates(ctx context.Context, r Reader) ([]SpikeCandidate, error) {
	var out []SpikeCandidate
	sql, args := s.Query.SQL()
	res, err := r.CH.Query(clickhouse.Context(ctx, clickhouse.WithExternalTable(s.rules)), sql, args...)
	var c SpikeCandidate
	sp := &c.Spike
	var start, end uint32
	var baseline float64
	var fromPublish, meets uint8
	err = forEachRow(res, err, "scan for spikes", []any{&sp.RuleID, &sp.VideoID, &start, &end, &sp.StartValue, &sp.EndValue, &sp.Gain, &baseline,
		&fromPublish, &meets, &c.FirstStart}, func() error {
		found := c
		found.FromPublish, found.Meets = fromPublish == 1, meets == 1
		found.WindowStart, found.WindowEnd = time.Unix(int64(start), 0).UTC(), time.Unix(int64(end), 0).UTC()
		if s.velocity[sp.RuleID] {
			b := baseline
			found.Baseline = &b
		}
		out = append(out, found)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SpikeScanQuery is the scan's query over the external table rules.
type SpikeScanQuery struct {
	// Gain and Velocity are the metrics each branch reads; no metrics, no branch.
	Gain, Velocity []domain.Metric
	From           time.Time
	Now            time.Time
}

// spikeSQL joins the branches. Written to mean the same on 18.16 and current
// releases: every joined subquery has an alias; joins are ALL INNER against one
// row per key (ANY INNER keeps one left row per key on current releases);
// values round as floor(x + 0.5), as round() does on 18.16 only.
var spikeSQL = SQLTemplate("spikes",
	`{{with .Gain}}{{template "gain" .}}{{end}}{{if and .Gain .Velocity}}
UNION ALL
{{end}}{{with .Velocity}}{{template "velocity" .}}{{end}}`,
	`{{define "gain"}}`+spikeGainSQL+`{{end}}`,
	`{{define "velocity"}}`+spikeVelocitySQL+`{{end}}`,
	`{{define "aggregates"}}{{range $n, $m := .}}{{if $n}}, {{end}}groupArrayIf(toUInt32(last_at), isNotNull({{.Column}})) AS t{{.Index}}, groupArrayIf(assumeNotNull({{.Column}}), isNotNull({{.Column}})) AS m{{.Index}}{{end}}{{end}}`,
	`{{define "metrics"}}[{{range $n, $m := .}}{{if $n}}, {{end}}{{.Index}}{{end}}] AS mi, [{{range $n, $m := .}}{{if $n}}, {{end}}t{{.Index}}{{end}}] AS t_rec, [{{range $n, $m := .}}{{if $n}}, {{end}}m{{.Index}}{{end}}] AS v_rec{{end}}`,
	`{{define "bounds"}}{{range $n, $m := .}}{{if $n}}, {{end}}toInt64(maxIf(toUInt32(last_at), isNotNull({{.Column}}))) AS last{{.Index}}, ifNull(min({{.Column}}), 0) AS lo{{.Index}}, ifNull(max({{.Column}}), 0) AS hi{{.Index}}{{end}}{{end}}`,
	`{{define "candidates"}}`+spikeCandidatesSQL+`{{end}}`,
	`{{define "fresh_accounts"}}`+spikeFreshAccountsSQL+`{{end}}`)

// SQL renders the query and its parameters.
func (q SpikeScanQuery) SQL() (string, []any) {
	type metric struct {
		Column string
		Index  int
	}
	columns := func(ms []domain.Metric) []metric {
		var out []metric
		for _, m := range ms {
			i := slices.Index(domain.AlertMetrics, m)
			if i < 0 {
				panic("chread: no spike scan on " + string(m))
			}
			out = append(out, metric{Column: m.Column(), Index: i})
		}
		return out
	}
	data := struct{ Gain, Velocity []metric }{columns(q.Gain), columns(q.Velocity)}
	return RenderSQL(spikeSQL, data), []any{
		clickhouse.Named("from", q.From), clickhouse.Named("now", q.Now.Unix()),
		clickhouse.Named("max_age", MaxVelocityAgeHours), clickhouse.Named("min_siblings", MinVelocitySiblings),
	}
}

// spikeGainSQL finds the gain and growth_pct matches per video, metric and
// window. Lambdas take every value as an argument (arrayResize): 18.16 drops a
// subquery column a lambda only captures.
const spikeGainSQL = `
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
                            toInt64(max(toUInt32(published_at))) AS published, {{template "aggregates" .}}, {{template "bounds" .}}
                        FROM entity_hourly
                        WHERE entity_kind = 'video' AND bucket >= @from
                          AND workspace_id IN (SELECT workspace_id FROM rules WHERE cond != 2)
                        GROUP BY entity_id
                        HAVING {{template "candidates" .}}
                    )
                    ARRAY JOIN {{template "metrics" .}}
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
WHERE (r_platform = '' OR r_platform = toString(platform)) AND (meets = 1 OR first_start >= 0)`

// spikeCandidatesSQL keeps the videos a rule could meet, from their last
// time and their lowest and highest values of each metric in the range,
// judged with the loosest window, threshold and start value of the rules on
// that metric (of any workspace). A window's start value lies between the
// lowest and the highest (interpolated between two points), or is 0 when
// the video was published inside the window; its end value is at most the
// highest. So a gain is at most highest − lowest (the highest when
// published inside the window) and a growth at most (highest − lowest) ×
// 100 / lowest, compared as the branch compares them. The videos left out
// are never sorted, interpolated or joined. Scalar subqueries rather than
// a join with the rules: 18.16 is slow at lambdas, ARRAY JOIN and joins
// over every video.
const spikeCandidatesSQL = `{{range $n, $m := .}}{{if $n}}
                            OR {{end}}last{{.Index}} > 0 AND last{{.Index}} + 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond != 2 AND metric = {{.Index}}) >= @now
                            AND toFloat64(hi{{.Index}}) >= (SELECT min(min_start) FROM rules WHERE cond != 2 AND metric = {{.Index}})
                            AND (toFloat64(hi{{.Index}}) - if(published > 0 AND published >= last{{.Index}} - 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond != 2 AND metric = {{.Index}}), 0, toFloat64(lo{{.Index}}))
                                    >= (SELECT if(countIf(cond = 0) > 0, minIf(threshold, cond = 0), 1e308) FROM rules WHERE cond != 2 AND metric = {{.Index}})
                                OR (SELECT countIf(cond = 1) FROM rules WHERE cond != 2 AND metric = {{.Index}}) > 0 AND (lo{{.Index}} = 0
                                    OR (toFloat64(hi{{.Index}}) - toFloat64(lo{{.Index}})) * 100 / toFloat64(lo{{.Index}})
                                    >= (SELECT minIf(threshold, cond = 1) FROM rules WHERE cond != 2 AND metric = {{.Index}}))){{end}}`

// spikeFreshAccountsSQL is the accounts the velocity branch reads: those
// with a point recent enough for the longest window, as a video's last
// point must be to be judged.
const spikeFreshAccountsSQL = `SELECT DISTINCT account_id FROM video_age_hourly
                                            WHERE workspace_id IN (SELECT workspace_id FROM rules WHERE cond = 2)
                                              AND toInt64(toUInt32(last_at)) + 3600 * (SELECT max(toInt64(window)) FROM rules WHERE cond = 2) >= @now`

// spikeVelocitySQL finds the velocity_vs_baseline matches from the videos'
// first 9 days (video_age_hourly):
//
//  1. Per video and metric: the value at every whole hour of age, interpolated.
//  2. Per window W and age a: the gain from a−W to a (from 0 when a ≤ W) under
//     the key kk = (acc_no, metric, W, a) in one UInt64 (faster to group by
//     than a UUID), and whether a is current.
//  3. Per key: the gains of all videos, sorted, and the current entries.
//  4. Per current entry: the median of the others' gains; with N entries and
//     q = ⌊(N−1)/2⌋ it needs only s[q], s[q+1] and s[q+2].
const spikeVelocitySQL = `
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
                                                {{template "aggregates" .}}
                                            FROM video_age_hourly
                                            WHERE workspace_id IN (SELECT workspace_id FROM rules WHERE cond = 2)
                                              AND account_id IN ({{template "fresh_accounts"}})
                                            GROUP BY entity_id
                                        )
                                        ARRAY JOIN {{template "metrics" .}}
                                    ) AS series
                                    ALL INNER JOIN (
                                        SELECT account_id, toUInt64(rowNumberInAllBlocks()) + 1 AS acc_no
                                        FROM ({{template "fresh_accounts"}})
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
  AND toFloat64(x) >= threshold * baseline`
