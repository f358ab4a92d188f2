package query

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/ext"
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

// metrics reads the projections of ClickHouse.
type metrics struct{ CH driver.Conn }

// entitiesQuery reads every entity of one kind in a workspace: latest
// values and, for Metric and each of More, the value before each cutoff,
// which gives the gain since it (see Preset for what a gain is): one read
// of entity_latest and, with cutoffs, one of the start values beside it.
// Cutoffs must be whole hours.
type entitiesQuery struct {
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
	// entities without one last, ties in id order (as compareRanks): the
	// ClickHouse side of a page of a sort (VideosHandler). Not with
	// cutoffs.
	Top int
	// near looks for start values only shortly before each cutoff
	// (nearRange), the first of the two steps of entities; otherwise
	// over the Lookback before the cutoff's day.
	near bool
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
var entitiesSQL = sqlTemplate("entities", `
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

// rangeSQL is the test of an entitiesQuery's After and UpTo: on the ids'
// text, whose order is their bytes'.
const rangeSQL = `{{define "range"}}{{if .After}} AND toString(entity_id) > @after{{end}}{{if .UpTo}} AND toString(entity_id) <= @upto{{end}}{{end}}`

// startsSQL has per cutoff i the value of Metric before it (b<i>), that
// of each of More (b<i>_<column>), and which metrics have one (p<i>, the
// bits of `recorded` of those rows): read from the rows recorded before
// the cutoff, the Lookback before its day from the daily projection and
// the hours of its own day from the hourly one; a projection is read only
// where some cutoff has a range in it. Only entities with such rows are in
// the answer, in no particular order.
var startsSQL = sqlTemplate("starts", `
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
func (q entitiesQuery) data() (entitiesData, []any) {
	d := entitiesData{Column: q.Metric.Column(), Only: q.Only != nil}
	if q.Top > 0 {
		if len(q.Read) != 1 || len(q.Cutoffs) > 0 {
			panic("query: a read of the top entities orders by one metric, without cutoffs")
		}
		d.Top, d.TopBit = q.Top, q.Read[0].Bit()
	}
	for j, m := range q.More {
		if m == q.Metric || slices.Contains(q.More[:j], m) {
			panic("query: metric " + string(m) + " asked twice")
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
		daily, hourly := Daily.floor(c).Add(-Lookback), Daily.floor(c)
		if q.near {
			daily, hourly = nearRange(c)
		}
		d.Cutoffs = append(d.Cutoffs, i)
		if daily.Before(Daily.floor(c)) {
			d.DayCutoffs = append(d.DayCutoffs, i)
		}
		if hourly.Before(c) {
			d.HourCutoffs = append(d.HourCutoffs, i)
		}
		args = append(args, clickhouse.Named(fmt.Sprintf("c%d", i), c), clickhouse.Named(fmt.Sprintf("d%d", i), Daily.floor(c)),
			clickhouse.Named(fmt.Sprintf("l%d", i), daily), clickhouse.Named(fmt.Sprintf("h%d", i), hourly))
	}
	return d, args
}

// SQL renders the read of the latest values and its parameters: those of
// data's before the cutoffs' (the workspace, the kind and the range).
func (q entitiesQuery) SQL() (string, []any) {
	d, args := q.data()
	return renderSQL(entitiesSQL, d), args[:len(args)-4*len(q.Cutoffs)]
}

// startsQuery is the read of an entitiesQuery's start values (startsSQL).
type startsQuery struct{ entitiesQuery }

// SQL renders the read of the start values and its parameters.
func (q startsQuery) SQL() (string, []any) {
	d, args := q.data()
	return renderSQL(startsSQL, d), args
}

// latest are the metrics whose latest values q reads: those of Read and
// the gained ones (a gain is the latest value less the start value).
func (q entitiesQuery) latest() []domain.Metric {
	var out []domain.Metric
	for _, x := range domain.Metrics {
		if q.reads(x) || len(q.Cutoffs) > 0 && (x == q.Metric || slices.Contains(q.More, x)) {
			out = append(out, x)
		}
	}
	return out
}

// reads reports whether q reads the latest value of x.
func (q entitiesQuery) reads(x domain.Metric) bool {
	return (x == domain.Followers) == (q.Kind == platform.Account) && (q.Read == nil || slices.Contains(q.Read, x))
}

// readBits are the `recorded` bits of the metrics whose latest values q
// reads.
func (q entitiesQuery) readBits() uint8 {
	var bits uint8
	for _, x := range domain.Metrics {
		if q.reads(x) {
			bits |= x.Bit()
		}
	}
	return bits
}

// nearHours of hourly rows before a cutoff are the first step's look for
// its start value (entities): entities scraped hourly have one there. A
// cutoff at midnight, or less than nearHours after it, looks at the day
// before instead (and the hours of its own day), which holds one for
// entities scraped at least daily.
const nearHours = 2 * time.Hour

// nearRange is where the first step looks for a start value before c: the
// daily rows from daily to c's day and the hourly rows from hourly to c.
func nearRange(c time.Time) (daily, hourly time.Time) {
	day := Daily.floor(c)
	if from := c.Add(-nearHours); !from.Before(day) {
		return day, from
	}
	return day.Add(-24 * time.Hour), day
}

// nearFrom is the earliest time nearRange looks at.
func nearFrom(c time.Time) time.Time {
	daily, hourly := nearRange(c)
	if daily.Before(Daily.floor(c)) {
		return daily
	}
	return hourly
}

// entities runs q and calls each per entity, in no particular order (with
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
// With a History in ctx whose StartCache holds the start values of q's
// cutoffs, they are not read again (one read, of the latest values); see
// StartCache for when they are kept.
func (m metrics) entities(ctx context.Context, q entitiesQuery, each func(uuid.UUID, entityMetrics) error) error {
	if len(q.Cutoffs) == 0 {
		return m.scan(ctx, q, nil, func(id uuid.UUID, e entityMetrics, _ uint8, _ []uint8, _ []uint64) error { return each(id, e) })
	}
	c, key, ok := startCacheOf(ctx, q)
	if !ok {
		return m.entitiesRead(ctx, q, each, nil)
	}
	if s, hit := c.get(key); hit {
		return m.scan(ctx, q, &s, func(id uuid.UUID, e entityMetrics, _ uint8, _ []uint8, _ []uint64) error { return each(id, e) })
	}
	if q.Only != nil {
		// a read of some entities keeps nothing: once it is done, the
		// start values of all of them are read in the background
		if err := m.entitiesRead(ctx, q, each, nil); err != nil {
			return err
		}
		all := q
		all.Only, all.Read, all.Serial = nil, []domain.Metric{}, true
		c.fillLater(key, func(ctx context.Context) (starts, error) {
			var b startsBuilder
			err := m.entitiesRead(ctx, all, func(uuid.UUID, entityMetrics) error { return nil }, &b)
			return b.starts(), err
		})
		return nil
	}
	var b startsBuilder
	if err := m.entitiesRead(ctx, q, each, &b); err != nil {
		return err
	}
	c.put(key, b.starts())
	return nil
}

// entitiesRead is entities reading the start values, in its two steps;
// with kept set, it also adds to it the start values each entity's gains
// were computed from. An entity whose start values the first step found
// is handed to each at once; only those the second step looks at again
// are held between the steps.
func (m metrics) entitiesRead(ctx context.Context, q entitiesQuery, each func(uuid.UUID, entityMetrics) error, kept *startsBuilder) error {
	type found struct {
		e    entityMetrics
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
	near.near = true
	for _, m := range q.More {
		gained |= m.Bit()
	}
	for i, c := range q.Cutoffs {
		earlier[i] = nearFrom(c)
	}
	take := func(id uuid.UUID, e entityMetrics, has []uint8, base []uint64) error {
		if kept != nil {
			kept.add(id, has, base)
		}
		return each(id, e)
	}
	err := m.scan(ctx, near, nil, func(id uuid.UUID, e entityMetrics, rec uint8, has []uint8, base []uint64) error {
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
	err = m.scan(ctx, full, nil, func(id uuid.UUID, e entityMetrics, _ uint8, has []uint8, base []uint64) error {
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

// scoped sends the entities of Only, if set, with a query run in ctx as
// the external table "scope" (each query its own: a table is not shared
// between queries running at once).
func (q entitiesQuery) scoped(ctx context.Context) (context.Context, error) {
	if q.Only == nil {
		return ctx, nil
	}
	t, err := idTable("scope", q.Only)
	if err != nil {
		return nil, err
	}
	return clickhouse.Context(ctx, clickhouse.WithExternalTable(t)), nil
}

// starts are the start values a startsQuery found. An entity's slot j
// holds, per cutoff i, the value of gained metric k before it at
// base[(j*len(cutoffs) + i)*len(gained) + k] and which metrics have one
// at has[j*len(cutoffs) + i].
type starts struct {
	slot map[uuid.UUID]int
	base []uint64
	has  []uint8
}

// readStarts runs the start values' read of q.
func (m metrics) readStarts(ctx context.Context, q entitiesQuery, gained int) (starts, error) {
	sql, args := startsQuery{q}.SQL()
	ctx, err := q.scoped(ctx)
	if err != nil {
		return starts{}, err
	}
	rows, err := m.CH.Query(ctx, sql, args...)
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
func (m metrics) scan(ctx context.Context, q entitiesQuery, known *starts, each func(id uuid.UUID, e entityMetrics, rec uint8, has []uint8, base []uint64) error) error {
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
		if found, err = m.readStarts(ctx, q, len(gained)); err != nil {
			return err
		}
	default:
		done := make(chan error, 1)
		go func() {
			var err error
			defer func() { done <- err }()
			defer apperr.Recover(&err)
			if found, err = m.readStarts(ctx, q, len(gained)); err != nil {
				cancel()
			}
		}()
		waitStarts = func() error { return <-done }
	}
	sql, args := q.SQL()
	qctx, err := q.scoped(ctx)
	var rows driver.Rows
	if err == nil {
		rows, err = m.CH.Query(qctx, sql, args...)
	}
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
		e      entityMetrics
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
		counts slab[uint64]
		gains  slab[int64]
		gainsP slab[*int64]
	)
	for rows.Next() {
		if err := rows.Scan(dest...); err != nil {
			return fmt.Errorf("read %s metrics: %w", kind, err)
		}
		for i := range domain.Metrics {
			*ptrs[i] = nil
			if rec&read&(1<<i) != 0 {
				c := counts.take(1)
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
			gs := gainsP.take(len(cutoffs))
			if bit := m.Bit(); rec&bit != 0 {
				last := vals[m.Index()]
				g := gains.take(len(cutoffs))
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

// slab hands out small slices carved from larger blocks: one allocation
// per block instead of one per slice. A block is never reused, so a slice
// taken stays valid.
type slab[T any] struct{ free []T }

// slabBlock is the length of a block of a slab.
const slabBlock = 1024

// take returns a zeroed slice of n elements.
func (s *slab[T]) take(n int) []T {
	if len(s.free) < n {
		s.free = make([]T, max(n, slabBlock))
	}
	out := s.free[:n:n]
	s.free = s.free[n:]
	return out
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

// seriesQuery sums Metric over the entities of one kind in the workspace
// that Scope selects, per bucket of Granularity from Start (a whole
// bucket) to now. It also reads the total before Start: the sum of the
// entities' last values recorded in the Lookback before it.
type seriesQuery struct {
	Workspace   uuid.UUID
	Kind        platform.Kind
	Metric      domain.Metric
	Scope       entityScope
	Granularity Granularity
	Start       time.Time
}

// seriesSQL: every row is a point (a snapshot's time and value): an hour
// or day still split across unmerged parts gives two true points, so rows
// need no merging first. Per entity, its points sorted by time: the k
// points before the start (the Lookback before its day from the daily
// projection, the hours of its day before it from the hourly one) only
// give the start value, the last of them; without one, the first point
// inside counts from the entity's first value ever, as the gains of
// entitiesQuery do (for an entity first scraped inside, that is the point
// itself: it appears with its value and gains nothing). Each point inside
// gains its difference to the point before it, in the bucket of its time;
// sumMap adds the entities' gains up per bucket in one pass.
var seriesSQL = sqlTemplate("series", `
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
            SELECT entity_id, groupArray(toUInt32(last_at)) AS ts0, groupArray(toInt64(assumeNotNull({{.Column}}))) AS vs0
            FROM (
                SELECT entity_id, last_at, {{.Column}} FROM entity_daily
                WHERE {{template "filter" .}} AND bucket >= @lookback AND bucket < @startday
                UNION ALL
                SELECT entity_id, last_at, {{.Column}} FROM entity_hourly
                WHERE {{template "filter" .}} AND bucket >= @startday AND bucket < @start
                UNION ALL
                SELECT entity_id, last_at, {{.Column}} FROM {{.Table}}
                WHERE {{template "filter" .}} AND bucket >= @start
            )
            WHERE isNotNull({{.Column}})
            GROUP BY entity_id
        )
    ) AS series
    ANY LEFT JOIN (
        SELECT entity_id, argMinMerge({{.Column}}_first) AS f_first
        FROM entity_latest WHERE {{template "filter" .}}
        GROUP BY entity_id
    ) AS firsts USING entity_id
  )
)`,
	// the workspace's entities of the kind, and of the scope: the ids of
	// the external table scope, or all but those
	`{{define "filter"}}workspace_id = @ws AND entity_kind = @kind{{with .ScopeOp}} AND entity_id {{.}} (SELECT id FROM scope){{end}}{{end}}`)

// SQL renders the query and its parameters.
func (q seriesQuery) SQL() (string, []any) {
	data := struct{ Column, Table, ScopeOp string }{Column: q.Metric.Column(), Table: q.Granularity.table()}
	switch {
	case q.Scope.all():
	case q.Scope.Except:
		data.ScopeOp = "NOT IN"
	default:
		data.ScopeOp = "IN"
	}
	startDay := Daily.floor(q.Start)
	return renderSQL(seriesSQL, data), []any{
		clickhouse.Named("ws", q.Workspace), clickhouse.Named("kind", string(q.Kind)),
		clickhouse.Named("start", q.Start.UTC()), clickhouse.Named("startday", startDay),
		clickhouse.Named("lookback", startDay.Add(-Lookback)),
		clickhouse.Named("startsec", q.Start.Unix()), clickhouse.Named("step", int64(q.Granularity.step()/time.Second)),
	}
}

// scopeTable is the external table "scope" that the SQL reads: nil when
// the scope selects every entity.
func (q seriesQuery) scopeTable() (*ext.Table, error) {
	if q.Scope.all() {
		return nil, nil
	}
	return idTable("scope", q.Scope.IDs)
}

// idTable is an external table of one UUID column, id.
func idTable(name string, ids []uuid.UUID) (*ext.Table, error) {
	t, err := ext.NewTable(name, ext.Column("id", "UUID"))
	if err != nil {
		return nil, fmt.Errorf("%s table: %w", name, err)
	}
	for _, id := range ids {
		if err := t.Append(id); err != nil {
			return nil, fmt.Errorf("%s table: %w", name, err)
		}
	}
	return t, nil
}

// series runs q: the total before its start, and the points per bucket.
func (m metrics) series(ctx context.Context, q seriesQuery) (int64, map[time.Time]seriesPoint, error) {
	sql, args := q.SQL()
	t, err := q.scopeTable()
	if err != nil {
		return 0, nil, err
	}
	if t != nil {
		ctx = clickhouse.Context(ctx, clickhouse.WithExternalTable(t))
	}
	var (
		bs, appearedAt  []uint32
		gains, appeared []int64
		base            int64
	)
	err = m.CH.QueryRow(ctx, sql, args...).
		Scan(&bs, &gains, &appearedAt, &appeared, &base)
	if err != nil {
		return 0, nil, fmt.Errorf("read %s series: %w", q.Metric, err)
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
