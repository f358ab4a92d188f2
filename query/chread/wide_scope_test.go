package chread_test

import (
	"context"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query/chread"
)

// TestWideScopeReadsAsANarrowOne: a scope of thousands of ids (an export's
// chunk) reads its start values near the cutoffs from the days ordered by
// time, and a page, or the whole look-back, from the copy ordered by entity; each video's numbers are the same in
// both and in a read of the whole workspace, for the gains over a day and
// a week, with videos scraped hourly, daily, now and then, first scraped
// inside a window, silent for weeks, and without views in some snapshots.
func TestWideScopeReadsAsANarrowOne(t *testing.T) {
	t.Parallel()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ws := uuid.New()
	now := time.Date(2026, 12, 3, 9, 30, 0, 0, time.UTC)
	r := rand.New(rand.NewPCG(7, 11))
	u64 := func(v uint64) *uint64 { return &v }
	w := ingest.NewSnapshotWriter(env.CH, 100_000, now)
	var ids []uuid.UUID
	for i := range 40 {
		id := uuid.NewSHA1(ws, []byte(strconv.Itoa(i)))
		ids = append(ids, id)
		step := []time.Duration{time.Hour, 24 * time.Hour, 61 * time.Hour, 5 * time.Hour}[i%4]
		first := now.Add(-time.Duration(24*(1+r.IntN(20))+r.IntN(24)) * time.Hour)
		last := now
		if i%9 == 8 {
			last = now.AddDate(0, 0, -15) // silent since
		}
		views := uint64(r.IntN(100))
		for at := first; at.Before(last); at = at.Add(step) {
			views += uint64(r.IntN(500))
			m := ingest.Metrics{Views: u64(views), Likes: u64(views / 10)}
			if r.IntN(7) == 0 {
				m.Views = nil
			}
			s := ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id,
				ScrapedAt: at.Add(time.Duration(r.IntN(1800)) * time.Second), Metrics: m, JobID: uuid.New()}
			if err := w.Add(ctx, s); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}

	// the 7 d window starts at midnight: its start values are in a day's rows
	cutoffs := []time.Time{now.Add(-24 * time.Hour), chread.Daily.Floor(now).AddDate(0, 0, -7)}
	read := func(only []uuid.UUID) map[uuid.UUID]chread.EntityMetrics {
		t.Helper()
		got := map[uuid.UUID]chread.EntityMetrics{}
		q := chread.EntitiesQuery{Workspace: ws, Kind: platform.Video, Metric: domain.Views, Cutoffs: cutoffs, Only: only}
		err := chread.Reader{CH: env.CH}.Entities(ctx, q, func(id uuid.UUID, e chread.EntityMetrics) error {
			got[id] = e
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return got
	}
	page := slices.Clone(ids[5:25])
	wide := slices.Clone(page)
	for len(wide) < chread.WideScope+10 {
		wide = append(wide, uuid.New()) // ids with nothing recorded
	}
	// the first step reads a day before each cutoff; the second, for the
	// videos without a value there, the whole look-back, where the rows of
	// every day of the workspace would be read
	for _, c := range []struct {
		only  []uuid.UUID
		near  bool
		table string
	}{{page, true, "entity_daily_by_entity"}, {wide, true, "entity_daily"}, {wide, false, "entity_daily_by_entity"}} {
		q := chread.EntitiesQuery{Workspace: ws, Kind: platform.Video, Metric: domain.Views, Cutoffs: cutoffs, Only: c.only, Near: c.near}
		if sql, _ := q.StartsSQL(); !strings.Contains(sql, "FROM "+c.table+"\n") {
			t.Errorf("a scope of %d ids (near %v) reads its days from another table than %s:\n%s", len(c.only), c.near, c.table, sql)
		}
	}

	whole, narrow, broad := read(nil), read(page), read(wide)
	gains, found := 0, 0
	for _, id := range page {
		if _, ok := whole[id]; ok {
			found++
		}
		if !reflect.DeepEqual(narrow[id], whole[id]) || !reflect.DeepEqual(broad[id], whole[id]) {
			t.Errorf("video %s: %s for the page, %s in a wide scope, %s for the workspace", id, showEntity(narrow[id]), showEntity(broad[id]), showEntity(whole[id]))
		}
		for _, g := range whole[id].Gains {
			if g != nil && *g > 0 {
				gains++
			}
		}
	}
	if len(broad) != found || len(narrow) != found || found < len(page)/2 {
		t.Errorf("%d videos read in the wide scope, %d in the page's, %d of the page's %d in the workspace's read", len(broad), len(narrow), found, len(page))
	}
	if gains < len(page) {
		t.Fatalf("only %d gains above 0 compared: the seed proves little", gains)
	}
}

func showEntity(e chread.EntityMetrics) string {
	var b strings.Builder
	b.WriteString("views ")
	if e.Latest.Views != nil {
		b.WriteString(strconv.FormatUint(*e.Latest.Views, 10))
	} else {
		b.WriteString("none")
	}
	for _, g := range e.Gains {
		b.WriteString(", gain " + show(g))
	}
	return b.String()
}
