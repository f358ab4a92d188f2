// Package chread reads the ClickHouse projections the dashboard's answers
// are made of: the entities' latest values and gains (Entities), the
// series summed over entities (Series), the videos' daily views
// (DailyViewsQuery), and the start values of windows kept between
// requests (StartValueCache). Each read is a query value whose SQL method
// renders its text from a template (sql.go) and its named parameters.
package chread

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

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

// EntityMetrics is what the projections hold about one entity.
type EntityMetrics struct {
	FirstAt time.Time
	// First is the first recorded value of the query's Metric (read with
	// cutoffs only; 0 when never recorded).
	First  uint64
	Latest Counts
	// Gains[i] is the tracked metric's gain since the i-th cutoff; nil when
	// the metric was never recorded.
	Gains []*int64
	// MoreGains[j][i] is the same for the query's More[j].
	MoreGains [][]*int64
}

// Reader reads the projections of ClickHouse over one connection: the
// entities' numbers (Entities), the series (Series) and the daily views
// (DailyViewsQuery.Read).
type Reader struct{ CH driver.Conn }

// EntitiesQuery reads every entity of one kind in a workspace: latest
// values and, for Metric and each of More, the value before each cutoff,
// which gives the gain since it (see query.Preset for what a gain is): one
// read of entity_latest and, with cutoffs, one of the start values beside
// it.
// Cutoffs must be whole hours.
type EntitiesQuery struct {
	Workspace uuid.UUID
	Kind      platform.Kind
	Metric    domain.Metric
	More      []domain.Metric
	Cutoffs   []time.Time
	// Only, when not nil, reads these entities only (sent as the external
	// table "scope").
	Only []uuid.UUID
	// After and UpTo, when set, read only the entities whose ids come
	// after After and not after UpTo in the ids' byte order (that of their
	// text, and of PostgreSQL's; ClickHouse orders UUIDs otherwise): one
	// range of a bulk read taken range by range (the export).
	After, UpTo *uuid.UUID
	// Read are the metrics whose latest values are read; nil reads every
	// metric the kind has. An unread metric reads as not recorded.
	Read []domain.Metric
	// Serial runs the two reads one after the other rather than at once,
	// for a bulk read that leaves the other cores to other requests.
	Serial bool
	// Top, when above 0, reads only the Top entities that come first in
	// the order of the one metric of Read, from the highest value down,
	// entities without one last, ties in id order (as query's
	// compareRanks): the ClickHouse side of a page of a sort
	// (query.VideosHandler). Not with cutoffs.
	Top int
	// Near looks for start values only shortly before each cutoff
	// (nearRange), the first of the two steps of Entities; otherwise
	// over the Lookback before the cutoff's day.
	Near bool
}

// entitiesSQL reads per entity the `recorded` bits of its rows (one per
// metric) and the latest value of each metric it reads (l_<column>);
// with cutoffs also its first scrape time and the first value ever
// recorded of Metric (m_first) and of each of More (m_first_<column>),
// the start value of an entity without one before a cutoff. The rows come
// in no particular order (with Top, in its order). With Only, the scope
// is tested in PREWHERE: the read of a page's 50 videos in a workspace of
// 10,000 then takes about 3 ms instead of 5-6 ms, as ClickHouse no longer
// carries every row's aggregate states through the filter
// (docs/benchmarks.md).
var entitiesSQL = SQLTemplate("entities", `
SELECT entity_id, groupBitOrMerge(recorded) AS recorded
{{- range .Latest}}, argMaxMerge({{.}}_last) AS l_{{.}}{{end}}
{{- if .Cutoffs}}, minMerge(first_at) AS first_at, argMinMerge({{.Column}}_first) AS m_first
{{- range .More}}, argMinMerge({{.}}_first) AS m_first_{{.}}{{end}}{{end}}
FROM entity_latest
{{- if .Only}}
PREWHERE entity_id IN (SELECT id FROM scope)
{{- end}}
WHERE workspace_id = @ws AND entity_kind = @kind{{template "range" .}}
GROUP BY entity_id
{{- if .Top}}
ORDER BY bitAnd(recorded, {{.TopBit}}) = 0, l_{{index .Latest 0}} DESC, toString(entity_id)
LIMIT {{.Top}}
{{- end}}`, rangeSQL)

// rangeSQL is the test of an EntitiesQuery's After and UpTo: on the ids'
// text, whose order is their bytes'.
const rangeSQL = `{{define "range"}}{{if .After}} AND toString(entity_id) > @after{{end}}{{if .UpTo}} AND toString(entity_id) <= @upto{{end}}{{end}}`

// startsSQL has per cutoff i the value of Metric before it (b<i>), that
// of each of More (b<i>_<column>), and which metrics have one (p<i>, the
// bits of `recorded` of those rows): read from the rows recorded before
// the cutoff, the Lookback before its day from the daily projection and
// the hours of its own day from the hourly one; a projection is read only
// where some cutoff has a range in it. Only entities with such rows are in
// the answer, in no particular order.
var startsSQL = SQLTemplate("starts", `
SELECT entity_id
{{- range $i := .Cutoffs}}, argMaxIf(assumeNotNull({{$.Column}}), last_at, {{template "before" $i}} AND isNotNull({{$.Column}})) AS b{{$i}}
{{- range $.More}}, argMaxIf(assumeNotNull({{.}}), last_at, {{template "before" $i}} AND isNotNull({{.}})) AS b{{$i}}_{{.}}{{end}}, groupBitOrIf(recorded, {{template "before" $i}}) AS p{{$i}}
{{- end}}
FROM (
{{- if .DayCutoffs}}
    SELECT 0 AS src, entity_id, bucket, last_at, {{.Column}}{{range .More}}, {{.}}{{end}}, recorded FROM entity_daily
    WHERE workspace_id = @ws AND entity_kind = @kind{{template "only" .}} AND (
{{- range $n, $i := .DayCutoffs}}{{if $n}} OR {{end}}(bucket >= @l{{$i}} AND bucket < @d{{$i}}){{end}})
{{- end}}
{{- if and .DayCutoffs .HourCutoffs}}
    UNION ALL
{{- end}}
{{- if .HourCutoffs}}
    SELECT 1 AS src, entity_id, bucket, last_at, {{.Column}}{{range .More}}, {{.}}{{end}}, recorded FROM entity_hourly
    WHERE workspace_id = @ws AND entity_kind = @kind{{template "only" .}} AND (
{{- range $n, $i := .HourCutoffs}}{{if $n}} OR {{end}}(bucket >= @h{{$i}} AND bucket < @c{{$i}}){{end}})
{{- end}}
)
GROUP BY entity_id`,
	// the rows recorded before cutoff i: whole days before its day (@d<i>)
	// from the Lookback before it (@l<i>) in the daily projection, and the
	// hours of its day before the cutoff (@c<i>) in the hourly one
	`{{define "before"}}((src = 0 AND bucket >= @l{{.}} AND bucket < @d{{.}}) OR (src = 1 AND bucket >= @h{{.}} AND bucket < @c{{.}})){{end}}`,
	`{{define "only"}}{{if .Only}} AND entity_id IN (SELECT id FROM scope){{end}}{{template "range" .}}{{end}}`, rangeSQL)

// entitiesData is what entitiesSQL and startsSQL are rendered from.
type entitiesData struct {
	// the columns of Metric, of More and of the latest values read
	Column  string
	More    []string
	Latest  []string
	Cutoffs []int
	// After and UpTo: the range's bounds are set
	After, UpTo bool
	// DayCutoffs and HourCutoffs are the cutoffs with rows to read in the
	// daily and in the hourly projection.
	DayCutoffs, HourCutoffs []int
	Only                    bool
	// Top and TopBit: how many entities to read, and the `recorded` bit of
	// the metric they are ordered by (the one of Latest)
	Top    int
	TopBit uint8
}

// data checks q's metrics and builds its templates' data and parameters.
func (q EntitiesQuery) data() (entitiesData, []any) {
	d := entitiesData{Column: q.Metric.Column(), Only: q.Only != nil}
	if q.Top > 0 {
		if len(q.Read) != 1 || len(q.Cutoffs) > 0 {
			panic("chread: a read of the top entities orders by one metric, without cutoffs")
		}
		d.Top, d.TopBit = q.Top, q.Read[0].Bit()
	}
	for j, m := range q.More {
		if m == q.Metric || slices.Contains(q.More[:j], m) {
			panic("chread: metric " + string(m) + " asked twice")
		}
		d.More = append(d.More, m.Column())
	}
	for _, x := range q.latest() {
		d.Latest = append(d.Latest, x.Column())
	}
	args := []any{clickhouse.Named("ws", q.Workspace), clickhouse.Named("kind", string(q.Kind))}
	if q.After != nil {
		d.After = true
		args = append(args, clickhouse.Named("after", q.After.String()))
	}
	if q.UpTo != nil {
		d.UpTo = true
		args = append(args, clickhouse.Named("upto", q.UpTo.String()))
	}
	for i, c := range q.Cutoffs {
		daily, hourly := Daily.Floor(c).Add(-Lookback), Daily.Floor(c)
		if q.Near {
			daily, hourly = nearRange(c)
		}
		d.Cutoffs = append(d.Cutoffs, i)
		if daily.Before(Daily.Floor(c)) {
			d.DayCutoffs = append(d.DayCutoffs, i)
		}
		if hourly.Before(c) {
			d.HourCutoffs = append(d.HourCutoffs, i)
		}
		args = append(args, clickhouse.Named(fmt.Sprintf("c%d", i), c), clickhouse.Named(fmt.Sprintf("d%d", i), Daily.Floor(c)),
			clickhouse.Named(fmt.Sprintf("l%d", i), daily), clickhouse.Named(fmt.Sprintf("h%d", i), hourly))
	}
	return d, args
}

// SQL renders the read of the latest values and its parameters: those of
// data's before the cutoffs' (the workspace, the kind and the range).
func (q EntitiesQuery) SQL() (string, []any) {
	d, args := q.data()
	return RenderSQL(entitiesSQL, d), args[:len(args)-4*len(q.Cutoffs)]
}

// StartsSQL renders the read of q's start values (startsSQL), which
// Entities runs beside the read of the latest values, and its parameters.
func (q EntitiesQuery) StartsSQL() (string, []any) {
	d, args := q.data()
	return RenderSQL(startsSQL, d), args
}

// latest are the metrics whose latest values q reads: those of Read and
// the gained ones (a gain is the latest value less the start value).
func (q EntitiesQuery) latest() []domain.Metric {
	var out []domain.Metric
	for _, x := range domain.Metrics {
		if q.reads(x) || len(q.Cutoffs) > 0 && (x == q.Metric || slices.Contains(q.More, x)) {
			out = append(out, x)
		}
	}
	return out
}

// reads reports whether q reads the latest value of x.
func (q EntitiesQuery) reads(x domain.Metric) bool {
	return (x == domain.Followers) == (q.Kind == platform.Account) && (q.Read == nil || slices.Contains(q.Read, x))
}

// readBits are the `recorded` bits of the metrics whose latest values q
// reads.
func (q EntitiesQuery) readBits() uint8 {
	var bits uint8
	for _, x := range domain.Metrics {
		if q.reads(x) {
			bits |= x.Bit()
		}
	}
	return bits
}

// nearHours of hourly rows before a cutoff are the first step's look for
// its start value (Entities): entities scraped hourly have one there. A
// cutoff at midnight, or less than nearHours after it, looks at the day
// before instead (and the hours of its own day), which holds one for
// entities scraped at least daily.
const nearHours = 2 * time.Hour

// nearRange is where the first step looks for a start value before c: the
// daily rows from daily to c's day and the hourly rows from hourly to c.
func nearRange(c time.Time) (daily, hourly time.Time) {
	day := Daily.Floor(c)
	if from := c.Add(-nearHours); !from.Before(day) {
		return day, from
	}
	return day.Add(-24 * time.Hour), day
}

// nearFrom is the earliest time nearRange looks at.
func nearFrom(c time.Time) time.Time {
	daily, hourly := nearRange(c)
	if daily.Before(Daily.Floor(c)) {
		return daily
	}
	return hourly
}

// Entities runs q and calls each per entity, in no particular order (with
// Top, in its order).
//
// Start values are read in two steps with the same answer as one read over
// the Lookback: first only shortly before each cutoff (nearRange), where
// entities scraped hourly or daily have theirs; then over the whole
// Lookback, for the entities only that lack a start value of a metric they
// have recorded and were already tracked before that range. The rows a
// value was found in are later than any the longer look adds, so a value
// found in the first step is the one the second would find.
//
// With a KeptStartValues in ctx whose cache holds the start values of q's
// cutoffs, they are not read again (one read, of the latest values); see
// StartValueCache for when they are kept.
func (r Reader) Entities(ctx context.Context, q EntitiesQuery, each func(uuid.UUID, EntityMetrics) error) error {
	if len(q.Cutoffs) == 0 {
		return r.scan(ctx, q, nil, func(id uuid.UUID, e EntityMetrics, _ uint8, _ []uint8, _ []uint64) error { return each(id, e) })
	}
	c, key, ok := startValueCacheOf(ctx, q)
	if !ok {
		return r.entitiesRead(ctx, q, each, nil)
	}
	if s, hit := c.get(key); hit {
		return r.scan(ctx, q, &s, func(id uuid.UUID, e EntityMetrics, _ uint8, _ []uint8, _ []uint64) error { return each(id, e) })
	}
	if q.Only != nil {
		// a read of some entities keeps nothing: once it is done, the
		// start values of all of them are read in the background
		if err := r.entitiesRead(ctx, q, each, nil); err != nil {
			return err
		}
		all := q
		all.Only, all.Read, all.Serial = nil, []domain.Metric{}, true
		c.computeLater(key, func(ctx context.Context) (starts, error) {
			var b startsBuilder
			err := r.entitiesRead(ctx, all, func(uuid.UUID, EntityMetrics) error { return nil }, &b)
			return b.starts(), err
		})
		return nil
	}
	var b startsBuilder
	if err := r.entitiesRead(ctx, q, each, &b); err != nil {
		return err
	}
	c.put(key, b.starts())
	return nil
}

// entitiesRead is Entities reading the start values, in its two steps;
// with kept set, it also adds to it the start values each entity's gains
// were computed from. An entity whose start values the first step found
// is handed to each at once; only those the second step looks at again
// are held between the steps.
func (r Reader) entitiesRead(ctx context.Context, q EntitiesQuery, each func(uuid.UUID, EntityMetrics) error, kept *startsBuilder) error {
	type found struct {
		e    EntityMetrics
		has  []uint8
		base []uint64
	}
	var (
		again   []uuid.UUID
		pending = map[uuid.UUID]found{} // the first step's answer for those of again
		near    = q
		gained  = q.Metric.Bit()
		earlier = make([]time.Time, len(q.Cutoffs))
	)
	near.Near = true
	for _, m := range q.More {
		gained |= m.Bit()
	}
	for i, c := range q.Cutoffs {
		earlier[i] = nearFrom(c)
	}
	take := func(id uuid.UUID, e EntityMetrics, has []uint8, base []uint64) error {
		if kept != nil {
			kept.add(id, has, base)
		}
		return each(id, e)
	}
	err := r.scan(ctx, near, nil, func(id uuid.UUID, e EntityMetrics, rec uint8, has []uint8, base []uint64) error {
		want := rec & gained
		for i := range has {
			if has[i]&want != want && e.FirstAt.Before(earlier[i]) {
				again = append(again, id)
				pending[id] = found{e, has, base}
				return nil
			}
		}
		return take(id, e, has, base)
	})
	if err != nil || len(again) == 0 {
		return err
	}
	full := q
	full.Only = again
	err = r.scan(ctx, full, nil, func(id uuid.UUID, e EntityMetrics, _ uint8, has []uint8, base []uint64) error {
		delete(pending, id)
		return take(id, e, has, base)
	})
	if err != nil {
		return err
	}
	// an entity the second read did not find keeps the first's answer
	for id, f := range pending {
		if err := take(id, f.e, f.has, f.base); err != nil {
			return err
		}
	}
	return nil
}

// QueryScoped runs sql with the entities of only, if set, sent as the
// external table "scope" (each query its own: a table is not shared
// between queries running at once).
func (r Reader) QueryScoped(ctx context.Context, only []uuid.UUID, sql string, args ...any) (driver.Rows, error) {
	if only != nil {
		t, err := IDTable("scope", only)
		if err != nil {
			return nil, err
		}
		ctx = clickhouse.Context(ctx, clickhouse.WithExternalTable(t))
	}
	return r.CH.Query(ctx, sql, args...)
}

// starts are the start values a read of startsSQL found. An entity's slot
// j holds, per cutoff i, the value of gained metric k before it at
// base[(j*len(cutoffs) + i)*len(gained) + k] and which metrics have one
// at has[j*len(cutoffs) + i].
type starts struct {
	slot map[uuid.UUID]int
	base []uint64
	has  []uint8
}

// readStarts runs the start values' read of q.
func (r Reader) readStarts(ctx context.Context, q EntitiesQuery, gained int) (starts, error) {
	sql, args := q.StartsSQL()
	rows, err := r.QueryScoped(ctx, q.Only, sql, args...)
	if err != nil {
		return starts{}, fmt.Errorf("read %s start values: %w", q.Kind, err)
	}
	defer rows.Close()
	var (
		all  startsBuilder
		id   uuid.UUID
		base = make([]uint64, len(q.Cutoffs)*gained)
		has  = make([]uint8, len(q.Cutoffs))
		dest = []any{&id}
	)
	for i := range q.Cutoffs {
		for k := range gained {
			dest = append(dest, &base[i*gained+k])
		}
		dest = append(dest, &has[i])
	}
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return starts{}, fmt.Errorf("read %s start values: %w", q.Kind, err)
		}
		all.ids = append(all.ids, id)
		all.base = append(all.base, base...)
		all.has = append(all.has, has...)
	}
	if err := rows.Err(); err != nil {
		return starts{}, fmt.Errorf("read %s start values: %w", q.Kind, err)
	}
	return all.starts(), nil
}

// scan runs q and calls each per entity with the `recorded` bits of all
// its rows and, per cutoff, those of its rows before the cutoff that the
// read looked at, and the start values it found there (as in starts; nil
// for none). The latest values and the start values are two reads, run at
// once, or one with the start values known; an entity without rows before
// any cutoff starts from its first value.
func (r Reader) scan(ctx context.Context, q EntitiesQuery, known *starts, each func(id uuid.UUID, e EntityMetrics, rec uint8, has []uint8, base []uint64) error) error {
	if q.Only != nil && len(q.Only) == 0 {
		return nil
	}
	kind, cutoffs := q.Kind, q.Cutoffs
	// per gained metric k (Metric, then More), first[k] is its first value
	gained := append([]domain.Metric{q.Metric}, q.More...)
	// the start values are read at once in a goroutine of its own (first,
	// if Serial); ctx ends both reads when one fails or scan returns
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var found starts
	waitStarts := func() error { return nil }
	switch {
	case len(cutoffs) == 0:
	case known != nil:
		found = *known
	case q.Serial:
		var err error
		if found, err = r.readStarts(ctx, q, len(gained)); err != nil {
			return err
		}
	default:
		done := make(chan error, 1)
		go func() {
			var err error
			defer func() { done <- err }()
			defer apperr.Recover(&err)
			if found, err = r.readStarts(ctx, q, len(gained)); err != nil {
				cancel()
			}
		}()
		waitStarts = func() error { return <-done }
	}
	sql, args := q.SQL()
	rows, err := r.QueryScoped(ctx, q.Only, sql, args...)
	if err != nil {
		cancel()
		// a failed read of the start values cancels this one: its error
		// is the cause
		if serr := waitStarts(); serr != nil && errors.Is(err, context.Canceled) {
			return serr
		}
		return fmt.Errorf("read %s metrics: %w", kind, err)
	}
	defer rows.Close()
	if err := waitStarts(); err != nil {
		return err
	}
	read := q.readBits()
	var (
		id     uuid.UUID
		rec    uint8
		vals   [6]uint64
		first  = make([]uint64, len(gained))
		none   = make([]uint8, len(cutoffs))
		e      EntityMetrics
		dest   = []any{&id, &rec}
		latest = q.latest()
		ptrs   = []**uint64{&e.Latest.Views, &e.Latest.Likes, &e.Latest.Comments, &e.Latest.Shares, &e.Latest.Saves, &e.Latest.Followers}
	)
	for _, x := range latest {
		dest = append(dest, &vals[x.Index()])
	}
	if len(cutoffs) > 0 {
		dest = append(dest, &e.FirstAt)
		for k := range gained {
			dest = append(dest, &first[k])
		}
	}
	// the values the entities' pointers point at, taken from blocks
	// shared by many entities rather than allocated one by one
	var (
		counts Slab[uint64]
		gains  Slab[int64]
		gainsP Slab[*int64]
	)
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("read %s metrics: %w", kind, err)
		}
		for i := range domain.Metrics {
			*ptrs[i] = nil
			if rec&read&(1<<i) != 0 {
				c := counts.Take(1)
				c[0] = vals[i]
				*ptrs[i] = &c[0]
			}
		}
		has, base := none, []uint64(nil)
		if j, ok := found.slot[id]; ok {
			has = found.has[j*len(cutoffs) : (j+1)*len(cutoffs)]
			base = found.base[j*len(cutoffs)*len(gained) : (j+1)*len(cutoffs)*len(gained)]
		}
		e.Gains, e.MoreGains = nil, nil
		for k, m := range gained {
			gs := gainsP.Take(len(cutoffs))
			if bit := m.Bit(); rec&bit != 0 {
				last := vals[m.Index()]
				g := gains.Take(len(cutoffs))
				for i := range cutoffs {
					from := first[k]
					if has[i]&bit != 0 {
						from = base[i*len(gained)+k]
					}
					g[i] = int64(last) - int64(from)
					gs[i] = &g[i]
				}
			}
			if k == 0 {
				e.Gains = gs
			} else {
				e.MoreGains = append(e.MoreGains, gs)
			}
		}
		e.FirstAt = e.FirstAt.UTC()
		if len(cutoffs) > 0 {
			e.First = first[0]
		}
		if err := each(id, e, rec, has, base); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read %s metrics: %w", kind, err)
	}
	return nil
}
