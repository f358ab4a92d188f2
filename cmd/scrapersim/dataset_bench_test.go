package main

import (
	"bytes"
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

// TestKeptDatasetsServeTheSamePages: a dataset kept in memory serves, page
// for page, the bytes the same dataset generated on each read serves, in
// both orders, with and without clean, empty items included.
func TestKeptDatasetsServeTheSamePages(t *testing.T) {
	w := &world{anchor: testEpoch, maxPerProfile: 2_000, quirks: quirks{enabled: true}, owners: newOwnerMemo()}
	a, _ := findActor("clockworks~tiktok-scraper")
	at := testEpoch.Add(90 * 24 * time.Hour)
	dataset := func() *dataset {
		return newDataset(a.plan(w, input{"profiles": []any{"keptcreator", "other"}, "resultsPerPage": float64(1_000)}), at, 0).withEmptyItems(7)
	}
	generated, kept := dataset(), dataset().keep()
	if generated.total < 2_000 {
		t.Fatalf("a dataset of %d positions; want two profiles of 1,000 items and their empty items", generated.total)
	}
	for _, p := range [][2]int{{0, 1000}, {13, 250}, {generated.total - 5, 10}, {0, -1}} {
		for _, desc := range []bool{false, true} {
			for _, clean := range []bool{false, true} {
				var g, k bytes.Buffer
				from, to := generated.page(p[0], p[1])
				if err := generated.write(&g, from, to, desc, clean); err != nil {
					t.Fatal(err)
				}
				if err := kept.write(&k, from, to, desc, clean); err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(g.Bytes(), k.Bytes()) {
					t.Fatalf("page %v desc=%v clean=%v: kept %d bytes differ from generated %d", p, desc, clean, k.Len(), g.Len())
				}
				if !clean && !bytes.Contains(g.Bytes(), []byte("{}")) && p[1] > 7 {
					t.Fatalf("page %v holds no empty item", p)
				}
			}
		}
	}
}
