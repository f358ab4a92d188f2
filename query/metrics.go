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

// series sums metric m over the entities of one kind in the workspace (only
// those in scope, when scope is not nil) per bucket from start, a whole
// bucket of g, to now. It also returns the total before start: the sum of
// the entities' last values recorded in the Lookback before start.
func (q metrics) series(ctx context.Context, ws uuid.UUID, kind string, m Metric, scope []uuid.UUID, g Granularity, start time.Time) (int64, map[time.Time]seriesPoint, error) {
	table := "entity_daily"
	if g == Hourly {
		table = "entity_hourly"
	}
	filter := "workspace_id = @ws AND entity_kind = @kind"
	if scope != nil {
		filter += " AND entity_id IN (SELECT id FROM scope)"
		t, err := ext.NewTable("scope", ext.Column("id", "UUID"))
		if err != nil {
			return 0, nil, fmt.Errorf("scope table: %w", err)
		}
		for _, id := range scope {
			if err := t.Append(id); err != nil {
				return 0, nil, fmt.Errorf("scope table: %w", err)
			}
		}
		ctx = clickhouse.Context(ctx, clickhouse.WithExternalTable(t))
	}
	col := string(m)
	// Every row is a point (a snapshot's time and value): an hour or day
	// still split across unmerged parts gives two true points, so rows need
	// no merging first. Points before the start (the Lookback
	// before its day from the daily projection, the hours of its day before
	// it from the hourly one) only give the start value; without one, the
	// first point inside counts from the entity's first value ever, as the
	// gains of entities() do (for an entity first scraped inside, that is
	// the point itself: it appears with its value and gains nothing).
	sql := `
SELECT bucket, sum(gained), sum(appeared)
FROM (
    -- Lambdas take every value as an argument: older servers lose track of
    -- columns that a lambda only captures.
    SELECT arrayJoin(arrayConcat(
            [(toUInt32(0), toInt64(0), toInt64(if(k > 0, vs[k], 0)), toUInt8(1))],
            arrayFilter(x -> tupleElement(x, 4) = 0,
                arrayMap((b, v, pv, i, f) -> (b, v - pv, if(i = 1, pv, toInt64(0)), f),
                    bs, vs, arrayPushFront(arrayPopBack(vs), f_first), arrayEnumerate(vs), fs)))) AS p,
        tupleElement(p, 1) AS bucket, tupleElement(p, 2) AS gained, tupleElement(p, 3) AS appeared
    FROM (
      SELECT entity_id, vs, fs, bs, k, toInt64(f_first) AS f_first
      FROM (
        SELECT entity_id,
            arraySort((v, t) -> t, vs0, ts0) AS vs,
            arraySort((f, t) -> t, fs0, ts0) AS fs,
            arraySort((b, t) -> t, bs0, ts0) AS bs,
            arrayCount(x -> x = 1, fs0) AS k
        FROM (
            -- parallel arrays sorted by time: cheaper than sorting tuples
            SELECT entity_id, groupArray(t) AS ts0, groupArray(v) AS vs0, groupArray(before) AS fs0, groupArray(b) AS bs0
            FROM (
                SELECT entity_id, toUInt32(last_at) AS t, toInt64(assumeNotNull(` + col + `)) AS v,
                    toUInt8(src < 2) AS before, toUInt32(bucket) AS b
                FROM (
                    SELECT 0 AS src, entity_id, bucket, last_at, ` + col + ` FROM entity_daily
                    WHERE ` + filter + ` AND bucket >= @lookback AND bucket < @startday
                    UNION ALL
                    SELECT 1 AS src, entity_id, bucket, last_at, ` + col + ` FROM entity_hourly
                    WHERE ` + filter + ` AND bucket >= @startday AND bucket < @start
                    UNION ALL
                    SELECT 2 AS src, entity_id, bucket, last_at, ` + col + ` FROM ` + table + `
                    WHERE ` + filter + ` AND bucket >= @start
                )
                WHERE isNotNull(` + col + `)
            )
            GROUP BY entity_id
        )
      )
      ANY LEFT JOIN (
        SELECT entity_id, argMinMerge(` + string(m) + `_first) AS f_first
        FROM entity_latest WHERE ` + filter + `
        GROUP BY entity_id
      ) USING entity_id
    )
)
GROUP BY bucket`
	rows, err := q.CH.Query(ctx, sql, clickhouse.Named("ws", ws), clickhouse.Named("kind", kind),
		clickhouse.Named("start", start.UTC()), clickhouse.Named("startday", Daily.floor(start)),
		clickhouse.Named("lookback", Daily.floor(start).Add(-Lookback)))
	if err != nil {
		return 0, nil, fmt.Errorf("read %s series: %w", m, err)
	}
	defer rows.Close()
	var base int64
	out := map[time.Time]seriesPoint{}
	for rows.Next() {
		var b uint32
		var p seriesPoint
		if err := rows.Scan(&b, &p.Gained, &p.Appeared); err != nil {
			return 0, nil, fmt.Errorf("read %s series: %w", m, err)
		}
		if b == 0 {
			base = p.Appeared
			continue
		}
		out[time.Unix(int64(b), 0).UTC()] = p
	}
	if err := rows.Err(); err != nil {
		return 0, nil, fmt.Errorf("read %s series: %w", m, err)
	}
	return base, out, nil
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}
