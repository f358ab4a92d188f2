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

// Counts are the latest recorded values; nil: never recorded (hidden by the
// platform, or not scraped yet).
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
	// First is Metric's first recorded value (with cutoffs only; 0: never).
	First  uint64
	Latest Counts
	// Gains[i] is Metric's gain since the i-th cutoff; nil when never recorded.
	Gains []*int64
	// MoreGains[j][i] is the same for the query's More[j].
	MoreGains [][]*int64
}

// Conn is a connection to ClickHouse: the rooms hold one to hand to a
// Reader, so that no package but this one imports the driver.
type Conn = driver.Conn

// Reader reads ClickHouse over one connection.
type Reader struct{ CH Conn }

// EntitiesQuery reads every entity of one kind in a workspace: latest values
// and the value of Metric and More before each cutoff (whole hours).
type EntitiesQuery struct {
	Workspace uuid.UUID
	Kind      platform.Kind
	Metric    domain.Metric
	More      []domain.Metric
	Cutoffs   []time.Time
	// Only, when not nil, reads these entities only (external table "scope").
	Only []uuid.UUID
	// After and UpTo, when set, bound the ids read to one range of a bulk read
	// (the export), in the ids' text order, which is PostgreSQL's; ClickHouse
	// orders UUIDs otherwise.
	After, UpTo *uuid.UUID
	// Read are the metrics whose latest values are read; nil reads every
	// metric the kind has. An unread metric reads as not recorded.
	Read []domain.Metric
	// Serial runs the two reads one after the other rather than at once,
	// for a bulk read that leaves the other cores to other requests.
	Serial bool
	// Top, when above 0, reads only the first Top entities in the order of Read's
	// one metric, highest first, those without it last, ties by id (as query's
	// compareRanks). Not with cutoffs.
	Top int
	// Near looks for start values only shortly before each cutoff (nearRange),
	// the first step of Entities; otherwise over the whole Lookback.
	Near bool
}

// entitiesSQL reads per entity its `recorded` bits and the latest value of
// each metric read (l_<column>); with cutoffs also its first scrape time and
// first values (m_first, m_first_<column>). With Only, the scope is tested in
// PREWHERE: a page of 50 videos in a workspace of 10,000 then takes about 3
// ms, not 5-6, as ClickHouse no longer carries every row's aggregate states
// through the filter.
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

// rangeSQL tests After and UpTo on the ids' text, whose order is their bytes'.
const rangeSQL = `{{define "range"}}{{if .After}} AND toString(entity_id) > @after{{end}}{{if .UpTo}} AND toString(entity_id) <= @upto{{end}}{{end}}`

// startsSQL has per cutoff i the value of Metric before it (b<i>), of each of
// More (b<i>_<column>) and which have one (p<i>); a projection is read only
// where some cutoff has a range in it.
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

type entitiesData struct {
	// the columns of Metric, of More and of the latest values read
	Column  string
	More    []string
	Latest  []string
	Cutoffs []int
	// After and UpTo: the range's bounds are set
	After, UpTo bool
	// DayCutoffs and HourCutoffs are the cutoffs with rows in each projection.
	DayCutoffs, HourCutoffs []int
	Only                    bool
	// Top and TopBit: how many entities to read, and the ordering metric's bit
	Top    int
	TopBit uint8
}

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

// SQL renders the read of the latest values and its parameters.
func (q EntitiesQuery) SQL() (string, []any) {
	d, args := q.data()
	return RenderSQL(entitiesSQL, d), args[:len(args)-4*len(q.Cutoffs)]
}

// StartsSQL renders the read of q's start values and its parameters.
func (q EntitiesQuery) StartsSQL() (string, []any) {
	d, args := q.data()
	return RenderSQL(startsSQL, d), args
}

func (q EntitiesQuery) latest() []domain.Metric {
	var out []domain.Metric
	for _, x := range domain.Metrics {
		if q.reads(x) || len(q.Cutoffs) > 0 && (x == q.Metric || slices.Contains(q.More, x)) {
			out = append(out, x)
		}
	}
	return out
}

func (q EntitiesQuery) reads(x domain.Metric) bool {
	return (x == domain.Followers) == (q.Kind == platform.Account) && (q.Read == nil || slices.Contains(q.Read, x))
}

func (q EntitiesQuery) readBits() uint8 {
	var bits uint8
	for _, x := range domain.Metrics {
		if q.reads(x) {
			bits |= x.Bit()
		}
	}
	return bits
}

// nearHours of hourly rows before a cutoff are where the first step looks for
// its start value, which entities scraped hourly have there; a cutoff at
// midnight, or less than nearHours after, also looks at the day before.
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

func nearFrom(c time.Time) time.Time {
	daily, hourly := nearRange(c)
	if daily.Before(Daily.Floor(c)) {
		return daily
	}
	return hourly
}

// Entities runs q and calls each per entity, in no particular order (with
// Top, in its order). Of the two steps of the start values (package doc), a
// value the first finds is the one the second would: its rows are later than
// any the longer look adds. Start values kept in ctx's KeptStartValues are
// not read again.
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

// entitiesRead is Entities reading the start values; with kept set, it also
// adds to it those each entity's gains came from. Only the entities the
// second step looks at again are held between the steps.
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

// queryScoped runs sql with the entities of only, if set, sent as the
// external table "scope" (each query its own: a table is not shared
// between queries running at once).
func (r Reader) queryScoped(ctx context.Context, only []uuid.UUID, sql string, args ...any) (driver.Rows, error) {
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

func (r Reader) readStarts(ctx context.Context, q EntitiesQuery, gained int) (starts, error) {
	sql, args := q.StartsSQL()
	rows, err := r.queryScoped(ctx, q.Only, sql, args...)
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

// scan runs q and calls each per entity with the `recorded` bits of its rows
// and, per cutoff, those of its rows before it and the start values found
// there (as in starts). An entity without rows before any cutoff starts from
// its first value.
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
	rows, err := r.queryScoped(ctx, q.Only, sql, args...)
	if err != nil {
		cancel()
		// a failed read of the start values cancels this one: its error is the cause
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
