package campaigns

import (
	"maps"
	"slices"
	"sort"
	"time"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// lineSums is what a campaign's lines add up to on its page and in the list:
// counts, spend, the series, periods and creators, the top lines. The
// locked lines' sums are kept with them per ledger version (keptLines);
// a request adds its open lines to a copy.
type lineSums struct {
	counts    LineCounts
	spend     Spend
	projected int64
	paidViews int64
	payees    map[payeeRef]struct{}
	// keyed by the window end's day, yyyymmdd
	days      map[int]SpendPoint
	periods   map[time.Time]PeriodSpend
	standings map[payeeRef]CreatorStanding
	// each payee's publish times, in order, to count a period's posts
	published map[payeeRef][]time.Time
	top       []Line
}

// topCount is how many lines the page's top list holds.
const topCount = 10

func newLineSums() *lineSums {
	return &lineSums{payees: map[payeeRef]struct{}{}, days: map[int]SpendPoint{}, periods: map[time.Time]PeriodSpend{},
		standings: map[payeeRef]CreatorStanding{}, published: map[payeeRef][]time.Time{}}
}

// sumLines sums lines in their order, as the page reads them.
func sumLines(c campaign, lines []*Line) *lineSums {
	s := newLineSums()
	for i := range lines {
		s.add(c, lines[i])
		payee := lines[i].Payee.ref()
		s.published[payee] = append(s.published[payee], lines[i].PublishedAt)
	}
	for _, t := range s.published {
		slices.SortFunc(t, time.Time.Compare)
	}
	return s
}

// clone is a copy to add lines to; the publish times are shared, read only.
func (s *lineSums) clone() *lineSums {
	out := *s
	out.payees, out.days, out.periods, out.standings = maps.Clone(s.payees), maps.Clone(s.days), maps.Clone(s.periods), maps.Clone(s.standings)
	out.top = slices.Clone(s.top)
	return &out
}

// add adds a line but its publish time (sumLines keeps the locked lines';
// the page counts the open lines' itself).
func (s *lineSums) add(c campaign, ln *Line) {
	s.payees[ln.Payee.ref()] = struct{}{}
	s.apply(c, ln, 1)
	if ln.Status != domain.LineRejected {
		s.addTop(ln)
	}
}

// remove takes back what add added of a line, but its payee, its
// standing's last post and the top lines: a line of the same payee,
// publish time, window end and period takes its place, and the caller
// makes the top lines again (topOf).
func (s *lineSums) remove(c campaign, ln *Line) { s.apply(c, ln, -1) }

// apply adds a line n times (1 or -1) but to the payees and top lines.
func (s *lineSums) apply(c campaign, ln *Line, n int) {
	payee := ln.Payee.ref()
	n64 := int64(n)
	switch ln.Status {
	case domain.LineLocked:
		s.counts.Locked += n
	case domain.LineHeld:
		s.counts.Held += n
		s.spend.Held += n64 * ln.Amount
	case domain.LineApproved:
		s.counts.Approved += n
		s.spend.Approved += n64 * ln.Amount
	case domain.LineRejected:
		s.counts.Rejected += n
		s.spend.Rejected += n64 * ln.Amount
	case domain.LinePaid:
		s.counts.Paid += n
		s.spend.Paid += n64 * ln.Amount
	default:
		s.counts.Projected += n
		s.projected += n64 * ln.Amount
	}
	projected := ln.Status == domain.LineProjected
	rejected := ln.Status == domain.LineRejected
	if !projected && !rejected {
		s.spend.Committed += n64 * ln.Amount
	}
	st, ok := s.standings[payee]
	if !ok {
		st = CreatorStanding{Payee: ln.Payee}
	}
	st.Videos += n
	if ln.Quality != nil && ln.Views > 0 {
		st.qualityViews += n64 * ln.Views
		st.qualitySum += n64 * int64(*ln.Quality) * ln.Views
	}
	if n > 0 && (st.LastPostedAt == nil || ln.PublishedAt.After(*st.LastPostedAt)) {
		at := ln.PublishedAt
		st.LastPostedAt = &at
	}
	y, m, dd := ln.WindowEnd.Date()
	day := y*10000 + int(m)*100 + dd
	d, ok := s.days[day]
	if !ok {
		d = SpendPoint{Date: ln.WindowEnd.Format(time.DateOnly)}
	}
	ps, ok := s.periods[ln.PeriodStart]
	if !ok {
		ps = PeriodSpend{Start: ln.PeriodStart, End: c.Period.Next(ln.PeriodStart)}
	}
	if !rejected {
		ps.Lines += n
		st.Views += n64 * ln.PaidViews
		d.Views += n64 * ln.PaidViews
		ps.apply(ln, n64)
		st.apply(ln, n64)
		if projected {
			d.Projected += n64 * ln.Amount
		} else {
			d.Amount += n64 * ln.Amount
			s.paidViews += n64 * ln.PaidViews
		}
	}
	s.standings[payee], s.days[day], s.periods[ln.PeriodStart] = st, d, ps
}

// topOf makes the top lines again from lines, in their order.
func (s *lineSums) topOf(lines []*Line) {
	s.top = nil
	for _, ln := range lines {
		if ln.Status != domain.LineRejected {
			s.addTop(ln)
		}
	}
}

// addTop keeps the highest lines not rejected, ties in the order added.
func (s *lineSums) addTop(ln *Line) {
	if len(s.top) == topCount && ln.Amount <= s.top[topCount-1].Amount {
		return
	}
	i := sort.Search(len(s.top), func(i int) bool { return s.top[i].Amount < ln.Amount })
	s.top = slices.Insert(s.top, i, *ln)
	s.top = s.top[:min(len(s.top), topCount)]
}

// postedIn counts a payee's lines summed by sumLines published in [from, to).
func (s *lineSums) postedIn(payee payeeRef, from, to time.Time) int {
	t := s.published[payee]
	i, _ := slices.BinarySearchFunc(t, from, time.Time.Compare)
	j, _ := slices.BinarySearchFunc(t, to, time.Time.Compare)
	return j - i
}
