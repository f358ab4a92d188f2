package campaigns

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// TestCampaignLinesOrder: the ledger's page and the campaign's top videos
// come out as a stable sort of every line would give them (the way they
// were first written): the ledger by window end, latest first, then by
// the ids' text; the top videos by amount, highest first, in the ledger's
// order among equal amounts, rejected lines left out.
func TestCampaignLinesOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	start := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
	statuses := []domain.Line{domain.LineProjected, domain.LineLocked, domain.LineHeld, domain.LineRejected, domain.LinePaid}
	for round := range 20 {
		lines := make([]Line, 1+r.IntN(300))
		for i := range lines {
			lines[i] = Line{
				VideoID:   uuid.New(),
				WindowEnd: start.Add(time.Duration(r.IntN(40)) * time.Hour),
				Amount:    int64(r.IntN(8)) * 100,
				Status:    statuses[r.IntN(len(statuses))],
				Bound:     []string{"", "budget", "creator_cap"}[r.IntN(3)],
			}
		}
		// the lines split anywhere between the locked and the open ones
		split := r.IntN(len(lines) + 1)
		l := &ledger{Locked: lines[:split], Open: lines[split:]}
		// as the ledger's page sorted them before
		for _, q := range []LinesQuery{{}, {Bound: "budget"}, {Status: domain.LineHeld}} {
			var want []Line
			for _, ln := range lines {
				if (q.Bound == "" || ln.Bound == q.Bound) && (q.Status == "" || ln.Status == q.Status) {
					want = append(want, ln)
				}
			}
			slices.SortStableFunc(want, func(a, b Line) int {
				return cmp.Or(b.WindowEnd.Compare(a.WindowEnd), strings.Compare(a.VideoID.String(), b.VideoID.String()))
			})
			got := filterLines(l, q)
			if len(got) != len(want) {
				t.Fatalf("round %d, %+v: %d lines, want %d", round, q, len(got), len(want))
			}
			for i := range want {
				if got[i].VideoID != want[i].VideoID {
					t.Fatalf("round %d, %+v: line %d is %s, want %s", round, q, i, got[i].VideoID, want[i].VideoID)
				}
			}
		}
		// as the page chose its top videos before
		var want []Line
		for _, ln := range lines {
			if ln.Status != domain.LineRejected {
				want = append(want, ln)
			}
		}
		slices.SortStableFunc(want, func(a, b Line) int { return cmp.Compare(b.Amount, a.Amount) })
		want = want[:min(len(want), 10)]
		got := topLines(l, 10)
		if len(got) != len(want) {
			t.Fatalf("round %d: %d top videos, want %d", round, len(got), len(want))
		}
		for i := range want {
			if got[i].VideoID != want[i].VideoID {
				t.Fatalf("round %d: top video %d is %s (%d), want %s (%d)", round, i, got[i].VideoID, got[i].Amount, want[i].VideoID, want[i].Amount)
			}
		}
	}
}
