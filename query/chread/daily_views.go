package chread

import (
	"context"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// SparkDays is how many days the lists' sparklines show: views7d.
const SparkDays = 7

// DailyViewsQuery reads the sparklines' days of the videos Only (nil: all).
type DailyViewsQuery struct {
	Workspace uuid.UUID
	Only      []uuid.UUID
	Now       time.Time
	// Scrapes: each day's time (DailyRead.Days' second answer) is that of its
	// last scrape, with views or not, not that of its last views.
	Scrapes bool
}

// dailyViewsSQL: the last views per video and day, as plain rows (no
// allocation), when they were recorded, and whether they were.
const dailyViewsSQL = `
SELECT entity_id, toUInt32(bucket) AS day,
{{- if .Scrapes}}
    argMaxIf(assumeNotNull(views), last_at, isNotNull(views)) AS v, toUInt32(max(last_at)) AS at, toUInt8(countIf(isNotNull(views)) > 0) AS has
{{- else}}
    argMax(assumeNotNull(views), last_at) AS v, toUInt32(max(last_at)) AS at, toUInt8(1) AS has
{{- end}}
{{- if .Scoped}}
FROM entity_daily_by_entity
PREWHERE entity_id IN (SELECT id FROM scope)
{{- else}}
FROM entity_daily
{{- end}}
WHERE workspace_id = @ws AND entity_kind = @kind AND bucket >= @from{{if not .Scrapes}} AND isNotNull(views){{end}}
GROUP BY entity_id, bucket`

var dailyViewsTemplate = SQLTemplate("daily_views", dailyViewsSQL)

func (q DailyViewsQuery) firstDay() time.Time {
	return Daily.Floor(q.Now).AddDate(0, 0, -(SparkDays - 1))
}

// SQL renders the query and its parameters.
func (q DailyViewsQuery) SQL() (string, []any) {
	return RenderSQL(dailyViewsTemplate, struct{ Scoped, Scrapes bool }{q.Only != nil, q.Scrapes}), []any{
		clickhouse.Named("ws", q.Workspace), clickhouse.Named("kind", string(platform.Video)),
		clickhouse.Named("from", q.firstDay().AddDate(0, 0, -1)),
	}
}

// DailyValues are a video's last views per day, slot 0 the day before the
// first, and when each was recorded (Unix seconds; with Scrapes, the day's
// last scrape, which may have no views).
type DailyValues struct {
	v   [SparkDays + 1]uint64
	has [SparkDays + 1]bool
	at  [SparkDays + 1]uint32
}

// KeptDays are the SparkDays+1 days a video's kept last views stand for
// (schema 0047's day_views): the day before the sparkline's first, then its
// days, the last of them To.
type KeptDays struct {
	To    time.Time
	Views []*int64
}

// Days are id's last views on each day read (nil where none) and when the
// last of each was recorded (zero where none), as KeptDays keep them.
func (r DailyRead) Days(id uuid.UUID) (KeptDays, []time.Time) {
	out, at := KeptDays{To: r.from.AddDate(0, 0, SparkDays-1), Views: make([]*int64, SparkDays+1)}, make([]time.Time, SparkDays+1)
	j, ok := r.at[id]
	if !ok {
		return out, at
	}
	d := &r.vals[j]
	for i := range d.v {
		if d.has[i] {
			v := int64(d.v[i])
			out.Views[i] = &v
		}
		if d.at[i] != 0 {
			at[i] = time.Unix(int64(d.at[i]), 0).UTC()
		}
	}
	return out, at
}

// NewDailyRead is an empty read of the sparkline's days at now, which Put fills.
func NewDailyRead(now time.Time) DailyRead {
	return DailyRead{from: DailyViewsQuery{Now: now}.firstDay(), at: map[uuid.UUID]int{}}
}

// Put adds id's kept days to r as a read at r's day would show them: a day
// after k.To had nothing recorded when they were kept. A video whose days
// hold nothing inside r's span is left out, as the read leaves it.
func (r *DailyRead) Put(id uuid.UUID, k KeptDays) {
	if len(k.Views) != SparkDays+1 {
		return
	}
	shift := int(Daily.Floor(r.from.AddDate(0, 0, SparkDays-1)).Sub(Daily.Floor(k.To)) / (24 * time.Hour))
	var d DailyValues
	some := false
	for i := range d.v {
		src := i + shift
		if src < 0 || src > SparkDays || k.Views[src] == nil {
			continue
		}
		d.v[i], d.has[i], some = uint64(*k.Views[src]), true, true
	}
	if !some {
		return
	}
	if j, ok := r.at[id]; ok {
		r.vals[j] = d
		return
	}
	r.at[id] = len(r.vals)
	r.vals = append(r.vals, d)
}

// DailyRead is what a DailyViewsQuery read.
type DailyRead struct {
	from time.Time
	at   map[uuid.UUID]int
	vals []DailyValues
}

// Read runs q over r.
func (q DailyViewsQuery) Read(ctx context.Context, r Reader) (DailyRead, error) {
	out := DailyRead{from: q.firstDay(), at: map[uuid.UUID]int{}}
	if q.Only != nil && len(q.Only) == 0 {
		return out, nil
	}
	sql, args := q.SQL()
	rows, err := r.queryScoped(ctx, q.Only, sql, args...)
	var (
		id      uuid.UUID
		day, at uint32
		v       uint64
		has     uint8
	)
	start := out.from.AddDate(0, 0, -1).Unix()
	err = forEachRow(rows, err, "read daily views", []any{&id, &day, &v, &at, &has}, func() error {
		i := (int64(day) - start) / (24 * 3600)
		if i < 0 || i > SparkDays {
			return nil
		}
		j, ok := out.at[id]
		if !ok {
			j = len(out.vals)
			out.at[id] = j
			out.vals = append(out.vals, DailyValues{})
		}
		out.vals[j].v[i], out.vals[j].has[i], out.vals[j].at[i] = v, has == 1, at
		return nil
	})
	return out, err
}

// Has reports whether the video id has views recorded in the span read.
func (r DailyRead) Has(id uuid.UUID) bool {
	_, ok := r.at[id]
	return ok
}

// Views is the sparkline of a video read with cutoffs; nils without views.
func (r DailyRead) Views(id uuid.UUID, e EntityMetrics, g *Slab[int64], p *Slab[*int64]) []*int64 {
	j, ok := r.at[id]
	if !ok {
		return make([]*int64, SparkDays)
	}
	return DailyViews(r.from, &r.vals[j], e.First, e.FirstAt, g.Take(SparkDays), p.Take(SparkDays))
}

// ViewsNextDay is the sparkline of a video read with cutoffs as it stands
// on the next day before anything is recorded on it: what the same read a
// day later answers until then.
func (r DailyRead) ViewsNextDay(id uuid.UUID, e EntityMetrics, g *Slab[int64], p *Slab[*int64]) []*int64 {
	j, ok := r.at[id]
	if !ok {
		return make([]*int64, SparkDays)
	}
	var d DailyValues
	copy(d.v[:SparkDays], r.vals[j].v[1:])
	copy(d.has[:SparkDays], r.vals[j].has[1:])
	return DailyViews(r.from.AddDate(0, 0, 1), &d, e.First, e.FirstAt, g.Take(SparkDays), p.Take(SparkDays))
}

// DailyViews computes a video's views gained on each of the SparkDays days from `from` (nil: unknown).
func DailyViews(from time.Time, d *DailyValues, first uint64, firstAt time.Time, g []int64, out []*int64) []*int64 {
	var before *uint64 // the last views recorded before the current day
	if d.has[0] {
		before = &d.v[0]
	}
	firstDay := Daily.Floor(firstAt)
	for i := range SparkDays {
		day := from.AddDate(0, 0, i)
		end := before
		if d.has[i+1] {
			end = &d.v[i+1]
		}
		s := before
		if s == nil && firstDay.Equal(day) {
			s = &first
		}
		out[i] = nil
		if end != nil && s != nil {
			g[i] = int64(*end) - int64(*s)
			out[i] = &g[i]
		}
		if d.has[i+1] {
			before = &d.v[i+1]
		}
	}
	return out
}

// SumDaily adds src's days into dst's; a day is nil only when every video's is.
func SumDaily(dst, src []*int64) []*int64 {
	if dst == nil {
		dst = make([]*int64, SparkDays)
	}
	for i, p := range src {
		if p == nil {
			continue
		}
		if dst[i] == nil {
			dst[i] = new(int64)
		}
		*dst[i] += *p
	}
	return dst
}

// DaysToFill gathers the kept days of some videos (video_ranks' days_to and
// day_views, schema 0047) at one time, and the videos whose days must be
// read from ClickHouse: those whose days are unknown and that were scraped
// inside the sparkline's span. A video last scraped before the span has
// nothing in it, so nothing is read for it.
type DaysToFill struct {
	now, spanStart time.Time
	kept           map[uuid.UUID]KeptDays
	unknown        []uuid.UUID
}

// NewDaysToFill starts gathering the days of about n videos at now.
func NewDaysToFill(now time.Time, n int) *DaysToFill {
	return &DaysToFill{now: now, spanStart: Daily.Floor(now).AddDate(0, 0, -SparkDays), kept: make(map[uuid.UUID]KeptDays, n)}
}

// Add sorts the video id by its row: daysTo and views are its kept days
// (daysTo nil where unknown), lastAt its last scrape (nil if never). The
// views slice is kept, so the caller must not write into it again.
func (f *DaysToFill) Add(id uuid.UUID, daysTo, lastAt *time.Time, views []*int64) {
	switch {
	case daysTo != nil:
		f.kept[id] = KeptDays{To: *daysTo, Views: views}
	case lastAt != nil && !lastAt.Before(f.spanStart):
		f.unknown = append(f.unknown, id)
	}
}

// Read reads the unknown days from ClickHouse and puts the kept ones beside
// them. whole says the videos added are every video of ws with numbers, so
// that a read of all of them need not name them.
func (f *DaysToFill) Read(ctx context.Context, r Reader, ws uuid.UUID, whole bool) (DailyRead, error) {
	daily := NewDailyRead(f.now)
	if len(f.unknown) > 0 {
		q := DailyViewsQuery{Workspace: ws, Now: f.now, Only: f.unknown}
		if whole && len(f.kept) == 0 {
			q.Only = nil
		}
		var err error
		if daily, err = q.Read(ctx, r); err != nil {
			return daily, err
		}
	}
	for id, k := range f.kept {
		daily.Put(id, k)
	}
	return daily, nil
}
