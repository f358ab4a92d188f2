package metrics_test

import (
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/metrics"
)

// BenchmarkRequest is what the middleware adds to each request.
func BenchmarkRequest(b *testing.B) {
	m := metrics.New()
	b.ReportAllocs()
	for b.Loop() {
		m.Request("/api/videos/:id", "GET", 200, 3*time.Millisecond)
	}
}

// BenchmarkStatementKind is what each statement's timing adds besides the
// clock.
func BenchmarkStatementKind(b *testing.B) {
	const sql = "\n\t\tSELECT v.id, v.platform FROM videos v WHERE v.workspace_id = $1"
	b.ReportAllocs()
	for b.Loop() {
		metrics.StatementKind(sql)
	}
}
