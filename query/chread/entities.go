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

// Counts are the latest recorded values; nil: never recorded.
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
	// LastAt is the entity's last scrape, with the query's LastAt only.
	LastAt time.Time
	// First is Metric's first recorded value (with cutoffs only; 0: never).
	First  uint64
	Latest Counts
	// Gains[i] is Metric's gain since the i-th cutoff; nil when never recorded.
	Gains []*int64
	// MoreGains[j][i] is the same for the query's More[j].
	MoreGains [][]*int64
}

// Conn is a ClickHouse connection: only this package imports the driver.
type Conn = driver.Conn

// Reader reads ClickHouse over one connection.
type Reader struct{ CH Conn }

// EntitiesQuery reads a workspace's entities of one kind: latest values and gains.
type EntitiesQuery struct {
	Workspace uuid.UUID
	Kind      platform.Kind
	Metric    domain.Metric
	More      []domain.Metric
	Cutoffs   []time.Time
	// Only, when not nil, reads these entities only (external table "scope").
	Only []uuid.UUID
	// After and UpTo bound a bulk read to a range of ids in their text order.
	After, UpTo *uuid.UUID
	// Read are the metrics whose latest values are read (nil: all); others read as unrecorded.
	Read []domain.Metric
	// Serial runs the two reads one after the other, leaving cores to others.
	Serial bool
	// Top > 0 reads only the first Top by Read's one metric; not with cutoffs.
	Top int
	// Near looks for start values only shortly before each cutoff (nearRange).
	Near bool
	// LastAt also reads each entity's last scrape (EntityMetrics.LastAt).
	LastAt bool
}

// WideScope is, per day of daily rows read, the size from which a scope's
// start values are read from the days ordered by time, entity_daily, rather
// than from its copy ordered by entity. A granule of the copy (1,024 rows)
// holds a month of about 30 entities, so a scope of thousands touches
// nearly every granule of the months read, where the days before the
// cutoffs ordered by time are the workspace's rows of those days only: an
// export's chunk of 10,000 videos, one day read, 40,960 rows against
// 324,608, 16 ms against 56. Over the whole Lookback the workspace's rows
// of every day would be read, so the copy serves scopes that many times
// wider.
const WideScope = 2000

// entitiesSQL reads per entity its bits, latest and first values; Only in PREWHERE is faster.
var entitiesSQL = SQLTemplate("entities", `
SELECT entity_id, groupBitOrMerge(recorded) AS recorded
{{- if .LastAt}}, maxMerge(last_at) AS last_at{{end}}
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

// startsSQL has per cutoff i the values before it (b<i>...) and their bits (p<i>).
var startsSQL = SQLTemplate("starts", `
SELECT entity_id
{{- range $i := .Cutoffs}}, argMaxIf(assumeNotNull({{$.Column}}), last_at, {{template "before" $i}} AND isNotNull({{$.Column}})) AS b{{$i}}
{{- range $.More}}, argMaxIf(assumeNotNull({{.}}), last_at, {{template "before" $i}} AND isNotNull({{.}})) AS b{{$i}}_{{.}}{{end}}, groupBitOrIf(recorded, {{template "before" $i}}) AS p{{$i}}
{{- end}}
FROM (
{{- if .DayCutoffs}}
    SELECT 0 AS src, entity_id, bucket, last_at, {{.Column}}{{range .More}}, {{.}}{{end}}, recorded FROM entity_daily{{if .ByEntity}}_by_entity{{end}}
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
	// rows before cutoff i: the Lookback's days before its day, its day's hours
	`{{define "before"}}((src = 0 AND bucket >= @l{{.}} AND bucket < @d{{.}}) OR (src = 1 AND bucket >= @h{{.}} AND bucket < @c{{.}})){{end}}`,
	`{{define "only"}}{{if .Only}} AND entity_id IN (SELECT id FROM scope){{end}}{{template "range" .}}{{end}}`, rangeSQL)

type entitiesData struct {
	// the columns of Metric, of More and of the latest values read
	Column      string
	More        []string
	Latest      []string
	Cutoffs     []int
	After, UpTo bool
	// DayCutoffs and HourCutoffs are the cutoffs with rows in each projection.
	DayCutoffs, HourCutoffs []int
	Only                    bool
	LastAt                  bool
	// ByEntity reads the days from the copy ordered by entity: a narrow scope.
	ByEntity bool
	Top      int
	TopBit   uint8
}

func (q EntitiesQuery) data() (entitiesData, []any) {
	d := entitiesData{Column: q.Metric.Column(), Only: q.Only != nil, LastAt: q.LastAt}
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
	days := 0 // of the days read from the daily rows
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
		days += max(0, int(Daily.Floor(c).Sub(daily)/(24*time.Hour)))
	}
	d.ByEntity = q.Only != nil && len(q.Only) < WideScope*max(1, days)
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

// nearHours before a cutoff is where the first step looks for a start value.
const nearHours = 2 * time.Hour

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

// Entities runs q and calls each per entity, in no order (with Top, in its order).
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
		// some entities keep nothing: the kind's are read in the background
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

// entitiesRead is Entities reading the start values, kept in kept if set.
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

// queryScoped runs sql with only, if set, as its own external table "scope".
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

// forEachRow scans each row into dest and calls fn; the read's failures are "op: err".
func forEachRow(rows driver.Rows, err error, op string, dest []any, fn func() error) error {
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	defer rows.Close()
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
		if err := fn(); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	return nil
}

// starts are the start values a read of startsSQL found: entity slot j's value
// of gained metric k before cutoff i at base[(j*len(cutoffs)+i)*len(gained)+k],
// its bits at has[j*len(cutoffs)+i].
type starts struct {
	slot map[uuid.UUID]int
	base []uint64
	has  []uint8
}

func (r Reader) readStarts(ctx context.Context, q EntitiesQuery, gained int) (starts, error) {
	sql, args := q.StartsSQL()
	rows, err := r.queryScoped(ctx, q.Only, sql, args...)
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
	err = forEachRow(rows, err, fmt.Sprintf("read %s start values", q.Kind), dest, func() error {
		all.ids = append(all.ids, id)
		all.base = append(all.base, base...)
		all.has = append(all.has, has...)
		return nil
	})
	if err != nil {
		return starts{}, err
	}
	return all.starts(), nil
}

// scan runs q and calls each per entity with its bits and start values.
func (r Reader) scan(ctx context.Context, q EntitiesQuery, known *starts, each func(id uuid.UUID, e EntityMetrics, rec uint8, has []uint8, base []uint64) error) error {
	if q.Only != nil && len(q.Only) == 0 {
		return nil
	}
	kind, cutoffs := q.Kind, q.Cutoffs
	// per gained metric k (Metric, then More), first[k] is its first value
	gained := append([]domain.Metric{q.Metric}, q.More...)
	// the start values are read at once (first, if Serial)
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
	if err := waitStarts(); err != nil {
		rows.Close()
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
	if q.LastAt {
		dest = append(dest, &e.LastAt)
	}
	for _, x := range latest {
		dest = append(dest, &vals[x.Index()])
	}
	if len(cutoffs) > 0 {
		dest = append(dest, &e.FirstAt)
		for k := range gained {
			dest = append(dest, &first[k])
		}
	}
	// the pointed-at values come from blocks shared by many entities
	var (
		counts Slab[uint64]
		gains  Slab[int64]
		gainsP Slab[*int64]
	)
	return forEachRow(rows, nil, fmt.Sprintf("read %s metrics", kind), dest, func() error {
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
		return each(id, e, rec, has, base)
	})
}
