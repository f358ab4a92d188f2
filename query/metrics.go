package query

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/ext"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
)

// Metric is one counted quantity of a snapshot.
type Metric string

// The metrics; their order is the order of the `recorded` bits in the
// projections (views 1, likes 2, ... followers 32).
const (
	Views     Metric = "views"
	Likes     Metric = "likes"
	Comments  Metric = "comments"
	Shares    Metric = "shares"
	Saves     Metric = "saves"
	Followers Metric = "followers"
)

var allMetrics = []Metric{Views, Likes, Comments, Shares, Saves, Followers}

func (m Metric) bit() uint8 {
	for i, x := range allMetrics {
		if x == m {
			return 1 << i
		}
	}
	panic("query: unknown metric " + string(m))
}

// Counts are the latest recorded values; nil means never recorded (hidden by
// the platform, or not scraped yet).
type Counts struct {
	Views     *uint64 `json:"views"`
	Likes     *uint64 `json:"likes"`
	Comments  *uint64 `json:"comments"`
	Shares    *uint64 `json:"shares"`
	Saves     *uint64 `json:"saves"`
	Followers *uint64 `json:"followers,omitempty"`
}

// Interactions is likes + comments + shares + saves, unrecorded ones as 0.
func (c Counts) Interactions() uint64 {
	var n uint64
	for _, p := range []*uint64{c.Likes, c.Comments, c.Shares, c.Saves} {
		if p != nil {
			n += *p
		}
	}
	return n
}

// EngagementRate is interactions per view in percent: nil without views.
func EngagementRate(interactions, views uint64) *float64 {
	if views == 0 {
		return nil
	}
	r := float64(interactions) * 100 / float64(views)
	return &r
}

// entityMetrics is what the projections hold about one entity.
type entityMetrics struct {
	FirstAt, LastAt time.Time
	Latest          Counts
	// Gains[i] is the tracked metric's gain since the i-th cutoff; nil when
	// the metric was never recorded.
	Gains []*int64
}

// metrics reads the projections of ClickHouse.
type metrics struct{ CH driver.Conn }

// entities reads every entity of one kind in the workspace: latest values
// and, for metric m, the gain since each cutoff (see Preset for what a gain
// is). Cutoffs must be whole hours. Entities come in id order, the byte
// order of the ids.
func (q metrics) entities(ctx context.Context, ws uuid.UUID, kind string, m Metric, cutoffs []time.Time, each func(uuid.UUID, entityMetrics) error) error {
	// Videos have no followers and accounts only followers: their states
	// are not read.
	var latest strings.Builder
	for _, x := range allMetrics {
		if (x == Followers) != (kind == "account") {
			fmt.Fprintf(&latest, ", toUInt64(0) AS l_%s", x)
			continue
		}
		fmt.Fprintf(&latest, ", argMaxMerge(%s_last) AS l_%s", x, x)
	}
	args := []any{clickhouse.Named("ws", ws), clickhouse.Named("kind", kind)}
	var before, pick strings.Builder
	for i, c := range cutoffs {
		// rows recorded before cutoff i: whole days before its day from
		// the daily projection, the hours of its day from the hourly one
		cond := fmt.Sprintf("((src = 0 AND bucket >= @l%[1]d AND bucket < @d%[1]d) OR (src = 1 AND bucket >= @d%[1]d AND bucket < @c%[1]d))", i)
		fmt.Fprintf(&before, ", argMaxIf(assumeNotNull(%[1]s), last_at, %[2]s AND isNotNull(%[1]s)) AS b%[3]d, toUInt8(if(countIf(%[2]s AND isNotNull(%[1]s)) > 0, %[4]d, 0)) AS p%[3]d",
			m, cond, i, m.bit())
		fmt.Fprintf(&pick, ", b%d, p%d", i, i)
		args = append(args, clickhouse.Named(fmt.Sprintf("c%d", i), c), clickhouse.Named(fmt.Sprintf("d%d", i), Daily.floor(c)),
			clickhouse.Named(fmt.Sprintf("l%d", i), Daily.floor(c).Add(-Lookback)))
	}
	sql := `
SELECT entity_id, first_at, last_at, recorded, l_views, l_likes, l_comments, l_shares, l_saves, l_followers, m_first` + pick.String() + `
FROM (
    SELECT entity_id, minMerge(first_at) AS first_at, maxMerge(last_at) AS last_at,
        groupBitOrMerge(recorded) AS recorded` + latest.String() + `, argMinMerge(` + string(m) + `_first) AS m_first
    FROM entity_latest
    WHERE workspace_id = @ws AND entity_kind = @kind
    GROUP BY entity_id
)`
	if len(cutoffs) > 0 {
		// the days needed: the lookback before each cutoff's day; the hours
		// needed: those of each cutoff's own day before it
		var days, hours []string
		for i, c := range cutoffs {
			days = append(days, fmt.Sprintf("(bucket >= @l%[1]d AND bucket < @d%[1]d)", i))
			if !c.Equal(Daily.floor(c)) {
				hours = append(hours, fmt.Sprintf("(bucket >= @d%[1]d AND bucket < @c%[1]d)", i))
			}
		}
		hourly := ""
		if len(hours) > 0 {
			hourly = `
        UNION ALL
        SELECT 1 AS src, entity_id, bucket, last_at, ` + string(m) + ` FROM entity_hourly
        WHERE workspace_id = @ws AND entity_kind = @kind AND (` + strings.Join(hours, " OR ") + `)`
		}
		sql += `
ANY LEFT JOIN (
    SELECT entity_id` + before.String() + `
    FROM (
        SELECT 0 AS src, entity_id, bucket, last_at, ` + string(m) + ` FROM entity_daily
        WHERE workspace_id = @ws AND entity_kind = @kind AND (` + strings.Join(days, " OR ") + `)` + hourly + `
    )
    GROUP BY entity_id
) USING entity_id`
	}
	// in byte order, as PostgreSQL sorts uuids (ClickHouse's own UUID
	// order differs)
	sql += `
ORDER BY toString(entity_id)`
	rows, err := q.CH.Query(ctx, sql, args...)
	if err != nil {
		return fmt.Errorf("read %s metrics: %w", kind, err)
	}
	defer rows.Close()
	var (
		id        uuid.UUID
		rec       uint8
		vals      [6]uint64
		first     uint64
		base      = make([]uint64, len(cutoffs))
		has       = make([]uint8, len(cutoffs))
		e         entityMetrics
		bit       = m.bit()
		dest      = []any{&id, &e.FirstAt, &e.LastAt, &rec, &vals[0], &vals[1], &vals[2], &vals[3], &vals[4], &vals[5], &first}
		latestPtr = []**uint64{&e.Latest.Views, &e.Latest.Likes, &e.Latest.Comments, &e.Latest.Shares, &e.Latest.Saves, &e.Latest.Followers}
	)
	for i := range cutoffs {
		dest = append(dest, &base[i], &has[i])
	}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("read %s metrics: %w", kind, err)
		}
		var counts [6]uint64
		for i := range allMetrics {
			*latestPtr[i] = nil
			if rec&(1<<i) != 0 {
				counts[i] = vals[i]
				*latestPtr[i] = &counts[i]
			}
		}
		e.Gains = make([]*int64, len(cutoffs))
		if rec&bit != 0 {
			last := vals[indexOf(m)]
			for i := range cutoffs {
				from := first
				if has[i]&bit != 0 {
					from = base[i]
				}
				g := int64(last) - int64(from)
				e.Gains[i] = &g
			}
		}
		e.FirstAt, e.LastAt = e.FirstAt.UTC(), e.LastAt.UTC()
		if err := each(id, e); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read %s metrics: %w", kind, err)
	}
	return nil
}

func indexOf(m Metric) int {
	for i, x := range allMetrics {
		if x == m {
			return i
		}
	}
	return -1
}

// seriesPoint is one bucket of a series summed over entities.
type seriesPoint struct {
	// Gained is the sum of the entities' gains within the bucket.
	Gained int64
	// Appeared is the sum of the first values of entities first recorded
	// in the bucket: with Gained, it moves the running total.
	Appeared int64
}

// entityScope selects entities of a workspace in ClickHouse: those listed
// or, with Except, all but those listed.
type entityScope struct {
	IDs    []uuid.UUID
	Except bool
}

// all reports whether the scope selects every entity.
func (s entityScope) all() bool { return s.Except && len(s.IDs) == 0 }

// onlyIDs is the scope of the listed entities.
func onlyIDs(ids []uuid.UUID) entityScope { return entityScope{IDs: ids} }

// series sums metric m over the entities of one kind in the workspace that
// the scope selects, per bucket from start, a whole bucket of g, to now. It
// also returns the total before start: the sum of the entities' last values
// recorded in the Lookback before start.
func (q metrics) series(ctx context.Context, ws uuid.UUID, kind string, m Metric, scope entityScope, g Granularity, start time.Time) (int64, map[time.Time]seriesPoint, error) {
	table := "entity_daily"
	if g == Hourly {
		table = "entity_hourly"
	}
	filter := "workspace_id = @ws AND entity_kind = @kind"
	if !scope.all() {
		op := "IN"
		if scope.Except {
			op = "NOT IN"
		}
		filter += " AND entity_id " + op + " (SELECT id FROM scope)"
		t, err := ext.NewTable("scope", ext.Column("id", "UUID"))
		if err != nil {
			return 0, nil, fmt.Errorf("scope table: %w", err)
		}
		for _, id := range scope.IDs {
			if err := t.Append(id); err != nil {
				return 0, nil, fmt.Errorf("scope table: %w", err)
			}
		}
		ctx = clickhouse.Context(ctx, clickhouse.WithExternalTable(t))
	}
	col := string(m)
	// Every row is a point (a snapshot's time and value): an hour or day
	// still split across unmerged parts gives two true points, so rows need
	// no merging first. Per entity, its points sorted by time: the k points
	// before the start (the Lookback before its day from the daily
	// projection, the hours of its day before it from the hourly one) only
	// give the start value, the last of them; without one, the first point
	// inside counts from the entity's first value ever, as the gains of
	// entities() do (for an entity first scraped inside, that is the point
	// itself: it appears with its value and gains nothing). Each point
	// inside gains its difference to the point before it, in the bucket of
	// its time; sumMap adds the entities' gains up per bucket in one pass.
	sql := `
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
            SELECT entity_id, groupArray(toUInt32(last_at)) AS ts0, groupArray(toInt64(assumeNotNull(` + col + `))) AS vs0
            FROM (
                SELECT entity_id, last_at, ` + col + ` FROM entity_daily
                WHERE ` + filter + ` AND bucket >= @lookback AND bucket < @startday
                UNION ALL
                SELECT entity_id, last_at, ` + col + ` FROM entity_hourly
                WHERE ` + filter + ` AND bucket >= @startday AND bucket < @start
                UNION ALL
                SELECT entity_id, last_at, ` + col + ` FROM ` + table + `
                WHERE ` + filter + ` AND bucket >= @start
            )
            WHERE isNotNull(` + col + `)
            GROUP BY entity_id
        )
    )
    ANY LEFT JOIN (
        SELECT entity_id, argMinMerge(` + string(m) + `_first) AS f_first
        FROM entity_latest WHERE ` + filter + `
        GROUP BY entity_id
    ) USING entity_id
  )
)`
	var (
		bs, appearedAt  []uint32
		gains, appeared []int64
		base            int64
	)
	err := q.CH.QueryRow(ctx, sql, clickhouse.Named("ws", ws), clickhouse.Named("kind", kind),
		clickhouse.Named("start", start.UTC()), clickhouse.Named("startday", Daily.floor(start)),
		clickhouse.Named("lookback", Daily.floor(start).Add(-Lookback)),
		clickhouse.Named("startsec", start.Unix()), clickhouse.Named("step", int64(g.step()/time.Second))).
		Scan(&bs, &gains, &appearedAt, &appeared, &base)
	if err != nil {
		return 0, nil, fmt.Errorf("read %s series: %w", m, err)
	}
	out := make(map[time.Time]seriesPoint, len(bs))
	for i, b := range bs {
		t := time.Unix(int64(b), 0).UTC()
		p := out[t]
		p.Gained += gains[i]
		out[t] = p
	}
	for i, b := range appearedAt {
		t := time.Unix(int64(b), 0).UTC()
		p := out[t]
		p.Appeared += appeared[i]
		out[t] = p
	}
	return base, out, nil
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
