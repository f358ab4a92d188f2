package query_test

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"

	"github.com/reeltrack/reeltrack/query"
)

// TestExportEndsWhenClickHouseFails: without its numbers the export stops
// instead of writing rows with empty metrics.
func TestExportEndsWhenClickHouseFails(t *testing.T) {
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	f := newSpikeFixture(t, now)
	f.video("v", "tiktok", "", false, time.Hour, map[float64]uint64{0.5: 10})
	f.flush()
	dead, err := clickhouse.Open(&clickhouse.Options{Addr: []string{"127.0.0.1:1"}, DialTimeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	h := query.ExportHandler{DB: env.PG, CH: dead, Now: func() time.Time { return now }}
	n, err := h.Videos(context.Background(), f.ws, query.VideoFilter{Published: query.PresetAll}, &out)
	if err == nil || n != 0 || bytes.Contains(out.Bytes(), []byte(f.ids["v"].String())) {
		t.Fatalf("export with ClickHouse down: %d rows, error %v, body %q", n, err, out.String())
	}
	// the same export with ClickHouse up writes the row with its views
	out.Reset()
	h.CH = env.CH
	if n, err := h.Videos(context.Background(), f.ws, query.VideoFilter{Published: query.PresetAll}, &out); err != nil || n != 1 ||
		!bytes.Contains(out.Bytes(), []byte(f.ids["v"].String())) {
		t.Fatalf("export: %d rows, error %v", n, err)
	}
}
