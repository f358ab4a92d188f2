package tracking

import (
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
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
