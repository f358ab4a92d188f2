package numbers

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query"
)

// TestUncountedSQLIsTheDomains: the statuses and kinds uncountedSQL writes
// out are the ones no scope counts, and the partial indexes of schema 0037
// name the same.
func TestUncountedSQLIsTheDomains(t *testing.T) {
	quoted := regexp.MustCompile(`'([a-z_]+)'`)
	lines := strings.Split(uncountedSQL, "\n")
	names := func(line string) []string {
		var out []string
		for _, m := range quoted.FindAllStringSubmatch(line, -1) {
			out = append(out, m[1])
		}
		return out
	}
	var statuses, kinds []string
	for _, s := range query.UncountedVideos {
		statuses = append(statuses, string(s))
	}
	for _, k := range domain.CountedKinds {
		kinds = append(kinds, string(k))
	}
	if got := names(lines[1]); !slices.Equal(got, statuses) {
		t.Errorf("uncountedSQL leaves out the statuses %v; no scope counts %v", got, statuses)
	}
	if got := names(lines[3]); !slices.Equal(got, kinds) {
		t.Errorf("uncountedSQL keeps the kinds %v; the domain counts %v", got, kinds)
	}
}

// TestSlotMoversKeepTheirFloor: a scrape takes its videos out of a slot's
// movers and puts back those now above the floor; a list grown to twice
// the kept length is cut back and the floor raised to the first cut, so
// every video left out gained at most the floor.
func TestSlotMoversKeepTheirFloor(t *testing.T) {
	id := func(i int) uuid.UUID { return uuid.UUID{15: byte(i), 14: byte(i >> 8)} }
	kept := OverviewSums{MoverFloor: 10}
	for i := range 2 * overviewMoversKept {
		kept.Movers = append(kept.Movers, slotMover{ID: id(i), Gained: int64(10_000 - i)})
	}
	// video 0 now gained 5 (under the floor), video 1 more than before, two new ones 9,999 and 9,998
	before := OverviewSums{Read: []uuid.UUID{id(0), id(1), id(5000), id(5001)}}
	after := OverviewSums{Read: before.Read, Movers: []slotMover{{ID: id(1), Gained: 20_000}, {ID: id(5000), Gained: 9_999}, {ID: id(5001), Gained: 9_998}}}
	got := applySums(kept, before, after)
	if len(got.Movers) != overviewMoversKept {
		t.Fatalf("%d movers kept, want the list cut back to %d", len(got.Movers), overviewMoversKept)
	}
	if got.Movers[0].ID != id(1) || got.Movers[0].Gained != 20_000 {
		t.Errorf("first mover %v, want video 1 with its new gain", got.Movers[0])
	}
	for _, m := range got.Movers {
		if m.ID == id(0) {
			t.Error("video 0 stayed a mover though it now gained less than the floor")
		}
		if m.Gained <= got.MoverFloor {
			t.Errorf("mover %v at or under the floor %d", m, got.MoverFloor)
		}
	}
	// 401 movers, cut to 200: videos 1, 5000, 2, 5001, then 3… 198 stay; the
	// first cut, video 199, gained 9,801
	if want := int64(9_801); got.MoverFloor != want {
		t.Errorf("floor %d, want %d", got.MoverFloor, want)
	}
	// a gain under the floor does not enter
	low := applySums(got, OverviewSums{Read: []uuid.UUID{id(7000)}}, OverviewSums{Read: []uuid.UUID{id(7000)}, Movers: []slotMover{{ID: id(7000), Gained: got.MoverFloor}}})
	for _, m := range low.Movers {
		if m.ID == id(7000) {
			t.Error("a video that gained the floor entered the list")
		}
	}
}
