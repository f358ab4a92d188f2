package numbers_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"sync"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/numbers"
	"github.com/reeltrack/reeltrack/query/querytest"
)

// TestExportEndsWhenClickHouseFails: without its numbers the export stops
// instead of writing rows with empty metrics.
func TestExportEndsWhenClickHouseFails(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	f := newSpikeFixture(t, now)
	f.video("v", "tiktok", "", false, time.Hour, map[float64]uint64{0.5: 10})
	f.flush()
	dead, err := clickhouse.Open(&clickhouse.Options{Addr: []string{"127.0.0.1:1"}, DialTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	h := numbers.ExportHandler{DB: env.PG, CH: dead, Now: func() time.Time { return now }}
	n, err := h.Videos(context.Background(), f.ws, numbers.VideoFilter{Published: query.PresetAll}, &out)
	if err == nil || n != 0 || bytes.Contains(out.Bytes(), []byte(f.ids["v"].String())) {
		t.Fatalf("export with ClickHouse down: %d rows, error %v, body %q", n, err, out.String())
	}
	// the same export with ClickHouse up writes the row with its views
	out.Reset()
	h.CH = env.CH
	if n, err := h.Videos(context.Background(), f.ws, numbers.VideoFilter{Published: query.PresetAll}, &out); err != nil || n != 1 ||
		!bytes.Contains(out.Bytes(), []byte(f.ids["v"].String())) {
		t.Fatalf("export: %d rows, error %v", n, err)
	}
}

// countingConn counts the rows the queries of a ClickHouse connection
// answer: in all, and the most one query answered.
type countingConn struct {
	driver.Conn
	mu         sync.Mutex
	rows, most int
}

func (c *countingConn) Query(ctx context.Context, sql string, args ...any) (driver.Rows, error) {
	r, err := c.Conn.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return &countedRows{Rows: r, c: c}, nil
}

func (c *countingConn) read() (rows, most int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.rows, c.most
}

type countedRows struct {
	driver.Rows
	c *countingConn
	n int
}

func (r *countedRows) Next() bool {
	ok := r.Rows.Next()
	if ok {
		r.n++
		r.c.mu.Lock()
		r.c.rows++
		r.c.most = max(r.c.most, r.n)
		r.c.mu.Unlock()
	}
	return ok
}

// TestExportReadsClickHouseAChunkAtATime: an export of many videos reads
// their numbers from ClickHouse a chunk at a time, as its pages need them,
// never the whole workspace's in one read: no query answers more rows
// than a chunk, and the first page is written before the numbers of most
// videos are read. The file is the same as with every number in one
// chunk, with the start values found shortly before the cutoffs and over
// the whole look-back, and with a filter that leaves chunks out.
func TestExportReadsClickHouseAChunkAtATime(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	f := newSpikeFixture(t, now)
	const videos = 120
	for i := range videos {
		plat := "tiktok"
		if i%7 == 0 {
			plat = "youtube"
		}
		key := fmt.Sprintf("v%03d", i)
		switch i % 4 {
		case 0: // scraped every hour: start values just before the cutoffs
			f.video(key, plat, "", false, 300*time.Hour, hourly(200, 0, func(age int) uint64 { return uint64(1000*i + 500 - age) }))
		case 1: // scraped now and then: start values days before the cutoffs
			f.video(key, plat, "", false, 300*time.Hour, map[float64]uint64{0.5: uint64(900 + i), 30: uint64(400 + i), 190: uint64(100 + i)})
		case 2: // first scraped within the last day
			f.video(key, plat, "", false, 20*time.Hour, map[float64]uint64{10: uint64(i), 1: uint64(2 * i)})
		case 3: // never scraped
			f.video(key, plat, "", false, time.Hour, nil)
		}
	}
	f.flush()
	ctx := context.Background()
	clock := func() time.Time { return now }
	whole := numbers.ExportHandler{DB: env.PG, CH: env.CH, Now: clock}
	for _, filter := range []numbers.VideoFilter{{Published: query.PresetAll}, {Published: query.PresetAll, Platforms: []platform.Platform{"youtube"}}} {
		var want bytes.Buffer
		n, err := whole.Videos(ctx, f.ws, filter, &want)
		if err != nil || n == 0 {
			t.Fatalf("export in one chunk: %d rows, %v", n, err)
		}

		ch := &countingConn{Conn: env.CH}
		const chunk = 25
		chunked := numbers.ExportHandler{DB: env.PG, CH: ch, Now: clock, PageRows: 10, ChunkRows: chunk}
		e := chunked.VideoPages(f.ws, filter)
		var got bytes.Buffer
		if err := e.WritePage(ctx, &got); err != nil {
			t.Fatal(err)
		}
		if rows, _ := ch.read(); len(filter.Platforms) == 0 && rows >= videos {
			t.Errorf("%d rows read from ClickHouse before the first page was written: the numbers of every video were read at once", rows)
		}
		for {
			err := e.WritePage(ctx, &got)
			if err == io.EOF { //nolint:errorlint // the sentinel itself
				break
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		rows, most := ch.read()
		t.Logf("platforms %v: %d rows written, %d chunks read, %d rows read from ClickHouse, at most %d by one query", filter.Platforms, e.Rows, e.Chunks, rows, most)
		if most > chunk {
			t.Errorf("one ClickHouse query answered %d rows, more than a chunk of %d", most, chunk)
		}
		if got.String() != want.String() {
			t.Errorf("platforms %v: the export in chunks differs from the export in one:\n%s", filter.Platforms, querytest.FirstDiff(want.String(), got.String()))
		}
		if len(filter.Platforms) == 0 && e.Chunks < (videos-videos/4)/chunk {
			t.Errorf("%d chunks read for %d videos with numbers", e.Chunks, videos-videos/4)
		}
	}
}
