package tracking

import (
	"maps"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/ingest/normalize"
)

// TestUnplacedFailureRows: failure rows that name no target go to the
// targets without data only when the rows cannot be told apart; otherwise
// those targets keep the general reason.
func TestUnplacedFailureRows(t *testing.T) {
	t.Parallel()
	const noResults, private = "No results for this input", "Account is private"
	cases := []struct {
		name     string
		rows     []string
		unseen   int  // targets without data
		profiles bool // the run reports its accounts' profiles
		want     string
	}{
		{"one row, one target without data", []string{noResults}, 1, true, noResults},
		{"two alike rows, two targets", []string{noResults, noResults}, 2, true, noResults},
		{"two different rows, two targets", []string{noResults, private}, 2, true, ""},
		{"one row, two targets", []string{noResults}, 2, true, ""},
		{"two rows, one target", []string{noResults, noResults}, 1, true, ""},
		{"no rows", nil, 1, true, ""},
		{"a run that does not decide accounts", []string{noResults}, 1, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := &scrape{scope: ingest.RunScope{Profiles: c.profiles, Videos: true}, accounts: map[string]*accountTarget{}}
			for i := 0; i < c.unseen; i++ {
				s.accountList = append(s.accountList, &accountTarget{id: uuid.New()})
			}
			// A target that got data never takes a row.
			seen := &accountTarget{id: uuid.New(), seen: true}
			s.accountList = append(s.accountList, seen)
			s.unplaced = c.rows
			s.placeUnplaced()
			for i, a := range s.accountList[:c.unseen] {
				if a.reason != c.want {
					t.Errorf("target %d: reason %q, want %q", i, a.reason, c.want)
				}
			}
			if seen.reason != "" {
				t.Errorf("a target with data took reason %q", seen.reason)
			}
		})
	}
}

// TestCandidatesKeepTheNewest: of the videos a listing offers, the newest
// up to the room are kept, each once: a video listed again is not kept
// twice, one dropped as older can come back only as newer than the oldest
// kept, and the oldest kept is the one that leaves.
func TestCandidatesKeepTheNewest(t *testing.T) {
	t.Parallel()
	base := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	offer := func(c *candidates, id string, hour int) {
		c.offer(candidate{video: normalize.Video{ID: id}, at: base.Add(time.Duration(hour) * time.Hour)}, 3)
	}
	var c candidates
	for _, o := range []struct {
		id   string
		hour int
	}{{"a", 5}, {"b", 1}, {"a", 5}, {"c", 3}, {"d", 4}, {"b", 9}, {"e", 2}, {"c", 3}, {"f", 8}} {
		offer(&c, o.id, o.hour)
	}
	kept := map[string]int{}
	for _, x := range c.items {
		kept[x.video.ID] = int(x.at.Sub(base).Hours())
	}
	// b (1 h) left for d, c (3 h) for b again (9 h), d (4 h) for f (8 h)
	want := map[string]int{"a": 5, "b": 9, "f": 8}
	if !maps.Equal(kept, want) || len(c.items) != 3 {
		t.Errorf("kept %v (%d entries), want %v", kept, len(c.items), want)
	}
	var none candidates
	none.offer(candidate{video: normalize.Video{ID: "x"}, at: base}, 0)
	if len(none.items) != 0 {
		t.Errorf("kept %d with no room", len(none.items))
	}
}
