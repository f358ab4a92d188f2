package numbers

import (
	"bytes"
	"encoding/hex"
	"strconv"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
)

// exportColumns are what a row of the videos export shows from PostgreSQL,
// in exportRow's scan order: its texts first.
const exportColumns = `v.platform, v.platform_video_id, v.url, v.account_handle, v.caption, v.thumbnail_url,
	v.status, v.post_kind, v.related_handle, v.published_source, i.outlier_state, i.forecast_state,
	v.id, v.published_at, v.created_at, v.last_scraped_at, coalesce(v.collection_id, a.collection_id),
	v.tracked_individually, v.is_shop, i.outlier_age_hours, i.outlier_multiplier, i.outlier_percentile,
	i.outlier_baseline, i.forecast_7d, i.forecast_7d_low, i.forecast_7d_high, i.forecast_30d,
	i.forecast_30d_low, i.forecast_30d_high`

// The texts of an exportRow, in exportColumns' order.
const (
	textPlatform = iota
	textPlatformVideoID
	textURL
	textHandle
	textCaption
	textThumbnail
	textStatus
	textPostKind
	textRelated
	textPublishedSource
	textOutlierState
	textForecastState
	texts
)

// exportRow is a video of the export as PostgreSQL gives it: its texts as
// spans of its page's arena, the rest by value, so a row costs no allocation.
type exportRow struct {
	text                       [texts]struct{ at, end int }
	id                         uuid.UUID
	published, added, scraped  pgtype.Timestamptz
	collection                 uuid.NullUUID
	tracked                    bool
	shop                       pgtype.Bool
	ageHours, percentile, base pgtype.Int4
	multiplier                 pgtype.Float8
	forecast                   [6]pgtype.Int8 // 7 d, low, high; 30 d, low, high
}

// exportPage is a page of the export's rows; its memory is reused page after page.
type exportPage struct {
	arena []byte
	rows  []exportRow
	// scan's targets: the texts point into the driver's buffer until the next row
	driver [texts]pgtype.DriverBytes
	row    exportRow
	dest   []any
}

// read replaces the page with the rows.
func (p *exportPage) read(rows pgx.Rows) error {
	defer rows.Close()
	if p.dest == nil {
		for i := range p.driver {
			p.dest = append(p.dest, &p.driver[i])
		}
		r := &p.row
		p.dest = append(p.dest, &r.id, &r.published, &r.added, &r.scraped, &r.collection, &r.tracked, &r.shop,
			&r.ageHours, &r.multiplier, &r.percentile, &r.base)
		for i := range r.forecast {
			p.dest = append(p.dest, &r.forecast[i])
		}
	}
	p.arena, p.rows = p.arena[:0], p.rows[:0]
	for rows.Next() {
		if err := rows.Scan(p.dest...); err != nil {
			return err
		}
		for i, b := range p.driver {
			p.row.text[i].at = len(p.arena)
			p.arena = append(p.arena, b...)
			p.row.text[i].end = len(p.arena)
		}
		p.rows = append(p.rows, p.row)
	}
	return rows.Err()
}

func (p *exportPage) text(r *exportRow, i int) []byte {
	return p.arena[r.text[i].at:r.text[i].end]
}

func (p *exportPage) key(r *exportRow) exportKey {
	k := exportKey{platform: platform.Platform(p.text(r, textPlatform)), handle: string(p.text(r, textHandle)), published: noPublishTime, id: r.id}
	if r.published.Valid {
		k.published = r.published.Time.UTC()
	}
	return k
}

// write appends r's record to out with its numbers n (nil: none recorded).
func (p *exportPage) write(l *csvLine, r *exportRow, n *videoNumbers, names map[uuid.UUID]string) {
	t := func(i int) []byte { return p.text(r, i) }
	l.uuid(r.id)
	l.field(t(textPlatform))
	l.cell(t(textPlatformVideoID))
	l.cell(t(textURL))
	l.cell(bytes.TrimPrefix(t(textHandle), []byte("@")))
	l.cell(t(textCaption))
	l.cell(t(textThumbnail))
	l.time(r.published)
	l.time(r.added)
	l.field(t(textStatus))
	if r.collection.Valid {
		l.uuid(r.collection.UUID)
		l.cell([]byte(names[r.collection.UUID]))
	} else {
		l.empty()
		l.empty()
	}
	l.bool(r.tracked)
	l.bool(r.shop.Valid && r.shop.Bool)
	var c [5]*uint64
	var g [2]*int64
	if n != nil {
		c, g = n.pointers()
	}
	for _, v := range c {
		l.uint(v)
	}
	if e := videoEngagement(countsOf(c)); e != nil {
		l.float(*e, 4)
	} else {
		l.empty()
	}
	l.int(g[0])
	l.int(g[1])
	l.time(r.scraped)
	l.state(t(textOutlierState))
	l.int4(r.ageHours)
	if r.multiplier.Valid {
		l.float(r.multiplier.Float64, 2)
	} else {
		l.empty()
	}
	l.int4(r.percentile)
	l.int4(r.base)
	l.state(t(textForecastState))
	for i := range r.forecast {
		l.int8(r.forecast[i])
	}
	l.field(t(textPostKind))
	l.cell(bytes.TrimPrefix(t(textRelated), []byte("@")))
	l.field(t(textPublishedSource))
	l.end()
}

// csvLine appends records as encoding/csv's Writer with UseCRLF writes them.
type csvLine struct {
	b   []byte
	mid bool // within a record: a comma before the next field
}

func (l *csvLine) sep() {
	if l.mid {
		l.b = append(l.b, ',')
	}
	l.mid = true
}

func (l *csvLine) end() {
	l.b = append(l.b, '\r', '\n')
	l.mid = false
}

func (l *csvLine) empty() { l.sep() }

// field writes s, quoted when encoding/csv would quote it.
func (l *csvLine) field(s []byte) { l.quoted(nil, s) }

// cell writes text from users and platforms as query.Cell does: a leading
// apostrophe before what a spreadsheet would run as a formula.
func (l *csvLine) cell(s []byte) {
	if len(s) > 0 && query.FormulaStart(s[0]) {
		l.quoted([]byte("'"), s)
		return
	}
	l.quoted(nil, s)
}

// state writes an insight's state, pending when none is stored.
func (l *csvLine) state(s []byte) {
	if len(s) == 0 {
		s = []byte("pending")
	}
	l.field(s)
}

func (l *csvLine) quoted(prefix, s []byte) {
	l.sep()
	if !needsQuotes(prefix, s) {
		l.b = append(append(l.b, prefix...), s...)
		return
	}
	l.b = append(append(l.b, '"'), prefix...)
	for len(s) > 0 {
		i := bytes.IndexAny(s, "\"\r\n")
		if i < 0 {
			i = len(s)
		}
		l.b = append(l.b, s[:i]...)
		s = s[i:]
		if len(s) > 0 {
			switch s[0] {
			case '"':
				l.b = append(l.b, '"', '"')
			case '\n':
				l.b = append(l.b, '\r', '\n')
			} // a carriage return is dropped, as with UseCRLF
			s = s[1:]
		}
	}
	l.b = append(l.b, '"')
}

// needsQuotes is encoding/csv's rule for the field prefix+s.
func needsQuotes(prefix, s []byte) bool {
	if len(prefix) == 0 {
		if len(s) == 0 {
			return false
		}
		if string(s) == `\.` {
			return true
		}
	}
	if bytes.ContainsAny(prefix, "\n\r\",") || bytes.ContainsAny(s, "\n\r\",") {
		return true
	}
	first := prefix
	if len(first) == 0 {
		first = s
	}
	r, _ := utf8.DecodeRune(first)
	return unicode.IsSpace(r)
}

func (l *csvLine) uuid(id uuid.UUID) {
	l.sep()
	var b [36]byte
	hex.Encode(b[:8], id[:4])
	b[8] = '-'
	hex.Encode(b[9:13], id[4:6])
	b[13] = '-'
	hex.Encode(b[14:18], id[6:8])
	b[18] = '-'
	hex.Encode(b[19:23], id[8:10])
	b[23] = '-'
	hex.Encode(b[24:], id[10:])
	l.b = append(l.b, b[:]...)
}

func (l *csvLine) time(t pgtype.Timestamptz) {
	l.sep()
	if t.Valid {
		l.b = t.Time.UTC().AppendFormat(l.b, time.RFC3339)
	}
}

func (l *csvLine) bool(b bool) {
	l.sep()
	l.b = strconv.AppendBool(l.b, b)
}

func (l *csvLine) uint(n *uint64) {
	l.sep()
	if n != nil {
		l.b = strconv.AppendUint(l.b, *n, 10)
	}
}

func (l *csvLine) int(n *int64) {
	l.sep()
	if n != nil {
		l.b = strconv.AppendInt(l.b, *n, 10)
	}
}

func (l *csvLine) int8(n pgtype.Int8) {
	l.sep()
	if n.Valid {
		l.b = strconv.AppendInt(l.b, n.Int64, 10)
	}
}

func (l *csvLine) int4(n pgtype.Int4) {
	l.sep()
	if n.Valid {
		l.b = strconv.AppendInt(l.b, int64(n.Int32), 10)
	}
}

func (l *csvLine) float(x float64, digits int) {
	l.sep()
	l.b = strconv.AppendFloat(l.b, x, 'f', digits, 64)
}
