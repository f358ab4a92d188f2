package campaigns

import (
	"cmp"
	"fmt"
	"maps"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/platform"
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
		locked := pointers(lines[:split])
		l := &ledger{Locked: locked, Open: lines[split:], lockedOrder: lockedOrder(locked)}
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
		// the locked lines' sums kept, the open ones added to a copy
		var c campaign
		sums := sumLines(c, l.Locked).clone()
		for i := range l.Open {
			sums.add(c, &l.Open[i])
		}
		got := sums.top
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

// TestKeptSumsAddUpAsAllLines: the page's sums made of the kept locked
// lines' sums and the open lines added to a copy equal the sums of every
// line at once, and the copy leaves the kept sums as they were.
func TestKeptSumsAddUpAsAllLines(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	start := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
	statuses := []domain.Line{domain.LineLocked, domain.LineHeld, domain.LineApproved, domain.LineRejected, domain.LinePaid}
	payees := []Payee{{Kind: "creator", ID: uuid.New(), Name: "Ana"}, {Kind: "creator", ID: uuid.New(), Name: "Bo"},
		{Kind: "account", ID: uuid.New(), Name: "@cy"}, {Kind: "video", ID: uuid.New(), Name: "@dee"}}
	c := campaign{Period: payout.Weekly}
	for round := range 30 {
		var locked, open []Line
		for range r.IntN(200) {
			ln := Line{VideoID: uuid.New(), Payee: payees[r.IntN(len(payees))], PublishedAt: start.Add(time.Duration(r.IntN(24*40)) * time.Hour),
				Amount: int64(r.IntN(50)) * 10, PaidViews: int64(r.IntN(9000)), Status: statuses[r.IntN(len(statuses))]}
			ln.WindowEnd = ln.PublishedAt.Add(7 * 24 * time.Hour)
			ln.PeriodStart = c.Period.Start(ln.WindowEnd)
			if r.IntN(4) == 0 {
				ln.Status = domain.LineProjected
				open = append(open, ln)
				continue
			}
			locked = append(locked, ln)
		}
		all := sumLines(c, pointers(append(slices.Clone(locked), open...)))
		kept := sumLines(c, pointers(locked))
		before := sumLines(c, pointers(locked))
		got := kept.clone()
		for i := range open {
			got.add(c, &open[i])
		}
		if got.counts != all.counts || got.spend.Committed != all.spend.Committed || got.spend.Held != all.spend.Held ||
			got.spend.Approved != all.spend.Approved || got.spend.Paid != all.spend.Paid || got.spend.Rejected != all.spend.Rejected ||
			got.projected != all.projected || got.paidViews != all.paidViews || len(got.payees) != len(all.payees) {
			t.Fatalf("round %d: sums %+v %+v %d %d, want %+v %+v %d %d", round, got.counts, got.spend, got.projected, got.paidViews,
				all.counts, all.spend, all.projected, all.paidViews)
		}
		if !maps.Equal(got.days, all.days) || !maps.Equal(got.periods, all.periods) {
			t.Fatalf("round %d: days or periods differ", round)
		}
		if !maps.EqualFunc(got.standings, all.standings, func(a, b CreatorStanding) bool {
			return a.Videos == b.Videos && a.Views == b.Views && a.Amounts == b.Amounts && a.LastPostedAt.Equal(*b.LastPostedAt)
		}) {
			t.Fatalf("round %d: standings differ:\n%+v\n%+v", round, got.standings, all.standings)
		}
		if !slices.EqualFunc(got.top, all.top, func(a, b Line) bool { return a.VideoID == b.VideoID }) {
			t.Fatalf("round %d: top lines differ", round)
		}
		from := c.Period.Start(start.Add(20 * 24 * time.Hour))
		to := c.Period.Next(from)
		for _, p := range payees {
			n := 0
			for _, ln := range open {
				if ln.Payee == p && !ln.PublishedAt.Before(from) && ln.PublishedAt.Before(to) {
					n++
				}
			}
			if got, want := kept.postedIn(p.ref(), from, to)+n, all.postedIn(p.ref(), from, to); got != want {
				t.Fatalf("round %d, %s: %d posts in the period, want %d", round, p.Name, got, want)
			}
		}
		if kept.counts != before.counts || kept.projected != before.projected || !maps.Equal(kept.days, before.days) ||
			!maps.Equal(kept.periods, before.periods) || !maps.Equal(kept.payees, before.payees) ||
			!maps.EqualFunc(kept.standings, before.standings, func(a, b CreatorStanding) bool { return a.Amounts == b.Amounts && a.Videos == b.Videos }) ||
			!slices.EqualFunc(kept.top, before.top, func(a, b Line) bool { return a.VideoID == b.VideoID }) {
			t.Fatalf("round %d: adding the open lines changed the kept sums", round)
		}
	}
}

// TestNarrowedOpenRows: open rows read under one ledger and floor, narrowed
// to a later ledger (more lines locked) and a higher floor, keep exactly
// the videos a read would: those from the new floor on without a locked
// line, with the posts not paid counted the same way; they refuse when the
// floor went back or a line locked when they were read is gone.
func TestNarrowedOpenRows(t *testing.T) {
	start := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
	at := func(h int) time.Time { return start.Add(time.Duration(h) * time.Hour) }
	c := campaign{StartsAt: start, Period: payout.Weekly, Collabs: domain.CollabsHold, LedgerVersion: 1,
		Versions: []RulesVersion{{Version: 1, Terms: payout.Terms{WindowHours: 24}, CreatedAt: start}}}
	ids := make([]uuid.UUID, 6)
	for i := range ids {
		ids[i] = uuid.New()
	}
	video := func(i, h int) Line {
		return Line{VideoID: ids[i], PublishedAt: at(h), Payee: Payee{Kind: "video", ID: ids[i]}, Platform: "tiktok"}
	}
	locked := func(of ...int) keptLines {
		k := keptLines{ids: lockedIDs{}}
		for _, i := range of {
			k.ids[ids[i]] = int32(i)
		}
		return k
	}
	// read from the start, video 0 locked: 1, 2, 3 open, 4 and 5 not paid
	rows := readOpenRows(c, locked(0), []Line{video(1, 5), video(2, 10), video(3, 20)},
		[]skippedVideo{{id: ids[4], start: at(6)}, {id: ids[5], start: at(21)}})
	if len(rows.lines) != 3 || rows.notPaid != 2 {
		t.Fatalf("the read: %d lines, %d not paid", len(rows.lines), rows.notPaid)
	}
	openIDs := func(r openRows) []uuid.UUID {
		var out []uuid.UUID
		for _, ln := range r.lines {
			out = append(out, ln.VideoID)
		}
		return out
	}

	// a settle run: 1 and 2 locked, the floor at hour 8 with one post
	// before it not paid (4)
	later := c
	later.LedgerVersion, later.OpenFloor, later.FloorNotPaid = 2, new(at(8)), 1
	got, ok := rows.narrowed(later, locked(0, 1, 2))
	if !ok {
		t.Fatal("rows of an earlier ledger and a lower floor refused")
	}
	if o := openIDs(got); len(o) != 1 || o[0] != ids[3] || got.notPaid != 2 {
		t.Fatalf("narrowed: open %v, %d not paid; want only %s, 2 not paid (1 before the floor, 5 after it)", o, got.notPaid, ids[3])
	}
	if got.from != at(8) || got.ledger != 2 || len(got.locked) != 3 {
		t.Fatalf("narrowed rows say they were read from %v under ledger %d with %d locked", got.from, got.ledger, len(got.locked))
	}
	// the same ledger and floor: the rows as they are
	if same, ok := got.narrowed(later, locked(0, 1, 2)); !ok || len(same.lines) != 1 || &same.lines[0] != &got.lines[0] {
		t.Fatal("rows of this very ledger and floor were not taken as they are")
	}

	// a review: a new ledger, the floor and the clips as they were, nothing
	// left out: the same lines; with another clip index, made again
	reviewed := later
	reviewed.LedgerVersion = 3
	kept := locked(0, 1, 2)
	kept.clipsID = got.clips
	if same, ok := got.narrowed(reviewed, kept); !ok || same.ledger != 3 || len(same.lines) != 1 || &same.lines[0] != &got.lines[0] {
		t.Fatal("rows of a review's ledger were not taken as they are")
	}
	kept.clipsID++
	if again, ok := got.narrowed(reviewed, kept); !ok || len(again.lines) != 1 || &again.lines[0] == &got.lines[0] || again.clips != kept.clipsID {
		t.Fatal("rows named under another clip index were taken as they are")
	}

	// the floor went back: a read would give videos before the old floor
	back := later
	back.LedgerVersion, back.OpenFloor = 3, new(at(4))
	if _, ok := got.narrowed(back, locked(0, 1, 2)); ok {
		t.Fatal("rows narrowed to a floor below the one they were read from")
	}
	// a line locked then is gone: a read would give its video
	gone := later
	gone.LedgerVersion = 3
	if _, ok := got.narrowed(gone, locked(0, 1)); ok {
		t.Fatal("rows narrowed to a ledger without a line they left out")
	}
}

// TestPatchedKeptLines: the locked lines kept, patched with the lines
// written since (reviews, payee changes, new lines, a line allocated
// before one already kept), make the same spending, sums, clips, order
// and video index as the lines made anew.
func TestPatchedKeptLines(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	start := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
	c := campaign{StartsAt: start, Period: payout.Weekly}
	statuses := []domain.Line{domain.LineLocked, domain.LineHeld, domain.LineApproved, domain.LineRejected, domain.LinePaid}
	payees := make([]Payee, 6)
	for i := range payees {
		payees[i] = Payee{Kind: "creator", ID: uuid.New(), Name: fmt.Sprintf("Creator %d", i)}
	}
	captions := []string{"Morning routine #fyp", "morning routine", "Desk tour", ""}
	line := func(seq int64) Line {
		at := start.Add(time.Duration(r.IntN(500)) * time.Hour)
		return Line{VideoID: uuid.New(), seq: seq, Payee: payees[r.IntN(len(payees))], Platform: "tiktok", Caption: captions[r.IntN(len(captions))],
			PublishedAt: at, WindowEnd: at.Add(72 * time.Hour), PeriodStart: payout.Weekly.Start(at.Add(72 * time.Hour)),
			Status: statuses[r.IntN(len(statuses))], Amount: int64(r.IntN(5000)), Price: int64(r.IntN(5000)), PaidViews: int64(r.IntN(100_000)), Clip: fmt.Sprint(r.IntN(3))}
	}
	for round := range 200 {
		n := 1 + r.IntN(60)
		lines := make([]Line, n)
		for i := range lines {
			lines[i] = line(int64(2 * i))
		}
		kept := newKeptLines(c, pointers(lines))
		// what was written since: lines changed as a review changes them
		// (status), or more (amount, payee, publish time), and new lines
		var changed []Line
		for i := range lines {
			if r.IntN(4) > 0 {
				continue
			}
			l := lines[i]
			switch r.IntN(round%4 + 1) {
			case 0, 1:
				l.Status = statuses[r.IntN(len(statuses))]
			case 2:
				l.Amount = int64(r.IntN(5000))
			case 3:
				l.Payee, l.PublishedAt = payees[r.IntN(len(payees))], l.PublishedAt.Add(time.Hour)
			}
			changed = append(changed, l)
		}
		for i := range r.IntN(5) {
			changed = append(changed, line(int64(2*n+i)))
		}
		if round%7 == 0 {
			// allocated before the last line kept
			changed = append(changed, line(int64(2*n-3)))
		}
		slices.SortFunc(changed, func(a, b Line) int { return cmp.Compare(a.seq, b.seq) })
		got := kept.patched(c, changed)
		all := slices.Clone(lines)
		at := map[uuid.UUID]int{}
		for i := range all {
			at[all[i].VideoID] = i
		}
		for _, l := range changed {
			if i, ok := at[l.VideoID]; ok {
				all[i] = l
			} else {
				all = append(all, l)
			}
		}
		slices.SortFunc(all, func(a, b Line) int { return cmp.Compare(a.seq, b.seq) })
		want := newKeptLines(c, pointers(all))
		for _, part := range []struct {
			name      string
			got, want any
		}{
			{"lines", derefs(got.lines), derefs(want.lines)}, {"spending", got.spent, want.spent}, {"sums", got.sums, want.sums},
			{"order", got.order, want.order}, {"video index", got.ids, want.ids}, {"clip index", got.clips, want.clips},
		} {
			if !reflect.DeepEqual(part.got, part.want) {
				t.Fatalf("round %d (%d lines, %d written since): the patched %s differ from those made anew", round, n, len(changed), part.name)
			}
		}
		// the kept copy is left as it was
		again := newKeptLines(c, pointers(lines))
		if !reflect.DeepEqual(kept.sums, again.sums) || !reflect.DeepEqual(kept.spent, again.spent) || !reflect.DeepEqual(kept.clips, again.clips) {
			t.Fatalf("round %d: patching changed the kept copy", round)
		}
	}
}

func derefs(lines []*Line) []Line {
	out := make([]Line, len(lines))
	for i, l := range lines {
		out[i] = *l
	}
	return out
}

// TestRelinedOpenRows: open rows patched with changed videos (new posts,
// some published before posts of the same clip, posts taken out, posts
// changed and put back) and made lines again only where the change
// touches make exactly the lines a read of all the videos makes: order,
// windows, and every clip's numbers, locked posts of the clip included.
func TestRelinedOpenRows(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	start := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
	c := campaign{StartsAt: start, Period: payout.Weekly, Collabs: domain.CollabsHold, LedgerVersion: 1,
		Versions: []RulesVersion{{Version: 1, Terms: payout.Terms{WindowHours: 72}, CreatedAt: start}}}
	payees := make([]Payee, 4)
	for i := range payees {
		payees[i] = Payee{Kind: "creator", ID: uuid.New(), Name: fmt.Sprintf("Creator %d", i)}
	}
	captions := []string{"Morning routine with the family #fyp", "morning routine with the family", "Desk setup tour number two", "short", ""}
	platforms := []platform.Platform{platform.TikTok, platform.Instagram}
	video := func() Line {
		return Line{VideoID: uuid.New(), Payee: payees[r.IntN(len(payees))], Platform: platforms[r.IntN(len(platforms))],
			Caption: captions[r.IntN(len(captions))], PublishedAt: start.Add(time.Duration(r.IntN(300)) * time.Hour)}
	}
	for round := range 200 {
		locked := make([]Line, r.IntN(20))
		for i := range locked {
			locked[i] = video()
			locked[i].seq = int64(i)
		}
		kept := newKeptLines(c, pointers(locked))
		kept.ids = lockedIDs{}
		videos := make([]Line, 1+r.IntN(40))
		for i := range videos {
			videos[i] = video()
		}
		rows := readOpenRows(c, kept, slices.Clone(videos), nil)
		// what changed: posts out, posts in, posts changed
		changed := map[[16]byte]struct{}{}
		var now, added []Line
		for _, v := range videos {
			switch r.IntN(6) {
			case 0: // out
				changed[v.VideoID] = struct{}{}
			case 1: // changed: another publish time
				changed[v.VideoID] = struct{}{}
				v.PublishedAt = v.PublishedAt.Add(-time.Duration(r.IntN(100)) * time.Hour)
				added = append(added, v)
				now = append(now, v)
			default:
				now = append(now, v)
			}
		}
		for range r.IntN(6) {
			v := video()
			changed[v.VideoID] = struct{}{}
			added = append(added, v)
			now = append(now, v)
		}
		patched := rows
		patched.videos, patched.patched, patched.changed, patched.added = now, true, changed, added
		got, ok := patched.narrowed(c, kept)
		if !ok {
			t.Fatalf("round %d: rows of the same ledger refused", round)
		}
		want := readOpenRows(c, kept, slices.Clone(now), nil)
		if !reflect.DeepEqual(got.lines, want.lines) {
			t.Fatalf("round %d (%d videos, %d changed): the lines made again where touched differ from those of a read", round, len(videos), len(changed))
		}
		if got.patched || got.changed != nil {
			t.Fatalf("round %d: the rows still say they are patched", round)
		}
	}
}

// TestLineBlocksKeepEveryLineInOrder: the lines read in blocks come back
// whole and in the order they were read, at every length around a block's.
func TestLineBlocksKeepEveryLineInOrder(t *testing.T) {
	for _, n := range []int{0, 1, lineBlock - 1, lineBlock, lineBlock + 1, 3*lineBlock + 7} {
		var b lineBlocks
		for i := range n {
			b.add(Line{Views: int64(i), Caption: fmt.Sprint(i)})
		}
		got := b.lines()
		if len(got) != n || (n == 0) != (got == nil) {
			t.Fatalf("%d lines added: %d back (nil %v)", n, len(got), got == nil)
		}
		for i, l := range got {
			if l.Views != int64(i) || l.Caption != fmt.Sprint(i) {
				t.Fatalf("%d lines added: line %d is %d %q", n, i, l.Views, l.Caption)
			}
		}
		ptrs := b.pointers()
		if len(ptrs) != n {
			t.Fatalf("%d lines added: %d pointers", n, len(ptrs))
		}
		for i, l := range ptrs {
			if l.Views != int64(i) || l.Caption != fmt.Sprint(i) {
				t.Fatalf("%d lines added: pointer %d to %d %q", n, i, l.Views, l.Caption)
			}
		}
	}
}
