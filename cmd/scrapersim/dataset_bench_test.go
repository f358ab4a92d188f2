package main

import (
	"io"
	"testing"
	"time"
)

// BenchmarkDatasetPage writes pages of 1,000 items of a 100,000-item TikTok
// profile, as the ingest benchmark reads them.
func BenchmarkDatasetPage(b *testing.B) {
	w := &world{anchor: testEpoch, maxPerProfile: 100_000, quirks: quirks{enabled: true}, owners: newOwnerMemo()}
	a, _ := findActor("clockworks~tiktok-scraper")
	d := newDataset(a.plan(w, input{"profiles": []any{"benchcreator"}, "resultsPerPage": float64(100_000)}), testEpoch.Add(90*24*time.Hour), 0)
	b.ResetTimer()
	for i := range b.N {
		from, to := d.page(i*1000%d.total, 1000)
		if err := d.write(io.Discard, from, to, false, true); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N*1000)/b.Elapsed().Seconds(), "items/s")
}
