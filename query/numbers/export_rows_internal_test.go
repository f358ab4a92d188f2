package numbers

import (
	"bytes"
	"encoding/csv"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/reeltrack/reeltrack/query"
)

// TestCSVLineWritesAsEncodingCSV: the export's records are the bytes
// encoding/csv's Writer with CRLF line ends writes for the same cells, for
// texts that need quoting, formulas, leading spaces of every kind, and the
// line ends a caption carries.
func TestCSVLineWritesAsEncodingCSV(t *testing.T) {
	texts := []string{
		"", "plain", "with, comma", `say "hi"`, "line one\nline two", "cr\rinside", "crlf\r\nend", "\r\n", "\n",
		`\.`, `\.x`, " leading space", "\tleading tab", "\u00a0no-break space", "\u2003em space", "trailing ",
		"=SUM(A1)", "+1", "-1", "@handle", "\t=tab formula", "\r=cr", "'quoted already", "emoji 🎬 – dash",
		"\xff invalid utf-8", `"`, `""`, ",", "=\"x\",\ny",
	}
	for _, s := range texts {
		for _, asCell := range []bool{false, true} {
			want := s
			if asCell {
				want = query.Cell(s)
			}
			var ref bytes.Buffer
			w := csv.NewWriter(&ref)
			w.UseCRLF = true
			if err := w.Write([]string{want, "x", want}); err != nil {
				t.Fatal(err)
			}
			w.Flush()

			l := csvLine{}
			for _, f := range []string{s, "x", s} {
				if asCell && f == s {
					l.cell([]byte(f))
				} else {
					l.field([]byte(f))
				}
			}
			l.end()
			if !bytes.Equal(l.b, ref.Bytes()) {
				t.Errorf("%q (cell %v): written %q, encoding/csv writes %q", s, asCell, l.b, ref.Bytes())
			}
		}
	}

	id := uuid.New()
	at := time.Date(2026, 3, 4, 5, 6, 7, 890, time.FixedZone("x", 3600))
	views, gain := uint64(1234567), int64(-42)
	l := csvLine{}
	l.uuid(id)
	l.time(pgtype.Timestamptz{Time: at, Valid: true})
	l.time(pgtype.Timestamptz{})
	l.uint(&views)
	l.uint(nil)
	l.int(&gain)
	l.int8(pgtype.Int8{Int64: 7, Valid: true})
	l.int4(pgtype.Int4{})
	l.float(2.0/3, 4)
	l.bool(true)
	l.state(nil)
	l.end()
	want := id.String() + "," + query.TimeCell(&at) + ",,1234567,,-42,7,,0.6667,true,pending\r\n"
	if string(l.b) != want {
		t.Errorf("numbers written %q, want %q", l.b, want)
	}
}
