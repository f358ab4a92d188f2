package numbers

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// An overview slot keeps, for one preset's window starting at Start, the
// sums the overview's answer is made of over every video ClickHouse holds
// for a workspace (schema 0037, docs/architecture.md "Overview slots"). The
// unfiltered overview of a preset then reads its slot and subtracts what
// the videos no scope counts add to it, read live: its cost is that of the
// uncounted videos and of the count's changes in the window, not of the
// workspace's size. Every sum is a sum over videos of what one video adds
// (its latest counts, its gains since the window's and the previous
// window's starts, its points of the chart), read by the same chread reads
// as the full answer, so a scrape changes a slot by what its videos add
// after it less what they added before it (OverviewSlots.Apply).

// OverviewSlotPresets are the presets kept in slots.
var OverviewSlotPresets = []query.Preset{query.Preset24h, query.Preset7d, query.Preset30d, query.Preset90d}

// OverviewSlot names a slot: a preset's window starting at Start.
type OverviewSlot struct {
	Preset query.Preset
	Start  time.Time
}

// OverviewSlotsAt are the slots to keep at now: each preset's current
// window, and the next one once its start is less than an hour away.
func OverviewSlotsAt(now time.Time) []OverviewSlot {
	var out []OverviewSlot
	for _, p := range OverviewSlotPresets {
		cur := query.WindowOf(p, now).Start
		out = append(out, OverviewSlot{p, cur})
		if next := query.WindowOf(p, now.Add(time.Hour)).Start; !next.Equal(cur) {
			out = append(out, OverviewSlot{p, next})
		}
	}
	return out
}

func (s OverviewSlot) window() query.Window {
	w := query.WindowOf(s.Preset, s.Start)
	shift := s.Start.Sub(w.Start)
	w.Start, w.PrevStart = w.Start.Add(shift), w.PrevStart.Add(shift)
	return w
}

// overviewMoversKept is how many movers a slot computed whole keeps; a
// slot trims its list back to it once scrapes have grown it to twice that.
const overviewMoversKept = 200

// OverviewSums are an overview window's sums over some videos.
type OverviewSums struct {
	// Videos are the videos summed, Tracked those first recorded before the start.
	Videos  int64 `json:"videos"`
	Tracked int64 `json:"tracked"`
	// Totals, Period and Previous are per count (views, likes, comments, shares, saves).
	Totals       [5]int64 `json:"totals"`
	WithViews    int64    `json:"withViews"`
	Interactions int64    `json:"interactions"`
	Period       [5]int64 `json:"period"`
	Previous     [5]int64 `json:"previous"`
	// Joined sums the values before the start of videos first recorded since.
	JoinedVideos int64    `json:"joinedVideos"`
	Joined       [5]int64 `json:"joined"`
	// Base and Points are the chart's: views before the start, and per bucket.
	Base   int64       `json:"base"`
	Points []slotPoint `json:"points"`
	Movers []slotMover `json:"movers"`
	// MoverFloor: every video not in Movers gained at most this much.
	MoverFloor int64 `json:"moverFloor"`
	// Read are the videos a partial read summed (a scrape's), not kept.
	Read []uuid.UUID `json:"read,omitempty"`
}

type slotPoint struct {
	T        int64 `json:"t"`
	Gained   int64 `json:"g"`
	Appeared int64 `json:"a"`
}

type slotMover struct {
	ID     uuid.UUID `json:"id"`
	Views  *uint64   `json:"v"`
	Gained int64     `json:"g"`
}

func (m slotMover) mover() Mover {
	return Mover{VideoCard: domain.VideoCard{ID: m.ID}, Views: m.Views, ViewsGained: m.Gained}
}

// add adds sign (±1) times what video e adds to the window starting at start.
func (s *OverviewSums) add(id uuid.UUID, e chread.EntityMetrics, start time.Time, sign int64) {
	s.Videos += sign
	if e.FirstAt.Before(start) {
		s.Tracked += sign
	} else {
		s.JoinedVideos += sign
		addCounts(&s.Joined, valuesBefore(e, 0), sign)
	}
	m := e.Latest
	addCounts(&s.Totals, m, sign)
	if rated(m) {
		s.WithViews += sign * int64(*m.Views)
		s.Interactions += sign * int64(m.Interactions())
	}
	for k, gs := range append([][]*int64{e.Gains}, e.MoreGains...) {
		if g := gs[0]; g != nil {
			s.Period[k] += sign * *g
			s.Previous[k] += sign * (*gs[1] - *g)
		}
	}
}

func addCounts(dst *[5]int64, m chread.Counts, sign int64) {
	for k, p := range []*uint64{m.Views, m.Likes, m.Comments, m.Shares, m.Saves} {
		if p != nil {
			dst[k] += sign * int64(*p)
		}
	}
}

// mover is e's entry in the movers' list, if it gained views in the window.
func mover(id uuid.UUID, e chread.EntityMetrics) (slotMover, bool) {
	if len(e.Gains) == 0 || e.Gains[0] == nil || *e.Gains[0] <= 0 {
		return slotMover{}, false
	}
	return slotMover{ID: id, Views: e.Latest.Views, Gained: *e.Gains[0]}, true
}

func slotMoverOrder(a, b slotMover) int {
	if c := cmp.Compare(b.Gained, a.Gained); c != 0 {
		return c
	}
	return compareIDs(a.ID, b.ID)
}

// addSeries adds sign times a series read (its base and points).
func (s *OverviewSums) addSeries(base int64, points map[time.Time]chread.SeriesPoint, sign int64) {
	s.Base += sign * base
	at := map[int64]int{}
	for i, p := range s.Points {
		at[p.T] = i
	}
	for _, t := range slices.SortedFunc(maps.Keys(points), time.Time.Compare) {
		p := points[t]
		i, ok := at[t.Unix()]
		if !ok {
			i = len(s.Points)
			at[t.Unix()] = i
			s.Points = append(s.Points, slotPoint{T: t.Unix()})
		}
		s.Points[i].Gained += sign * p.Gained
		s.Points[i].Appeared += sign * p.Appeared
	}
	slices.SortFunc(s.Points, func(a, b slotPoint) int { return cmp.Compare(a.T, b.T) })
}

func (s *OverviewSums) seriesPoints() map[time.Time]chread.SeriesPoint {
	out := make(map[time.Time]chread.SeriesPoint, len(s.Points))
	for _, p := range s.Points {
		out[time.Unix(p.T, 0).UTC()] = chread.SeriesPoint{Gained: p.Gained, Appeared: p.Appeared}
	}
	return out
}

// OverviewSlots computes and combines slots' sums for the command side
// (tracking.OverviewKeeper): slots as their presets' names and starts, sums
// in the slot rows' form.
type OverviewSlots struct{ CH chread.Conn }

// Slots are the slots to keep at now.
func (o OverviewSlots) Slots(now time.Time) (presets []string, starts []time.Time) {
	for _, s := range OverviewSlotsAt(now) {
		presets, starts = append(presets, string(s.Preset)), append(starts, s.Start)
	}
	return presets, starts
}

// Sums reads the slots' sums over the videos only of ws (every video: nil), encoded.
func (o OverviewSlots) Sums(ctx context.Context, ws uuid.UUID, presets []string, starts []time.Time, only []uuid.UUID) ([][]byte, error) {
	slots := make([]OverviewSlot, len(presets))
	for i := range presets {
		slots[i] = OverviewSlot{Preset: query.Preset(presets[i]), Start: starts[i]}
	}
	sums, err := o.sums(ctx, ws, slots, only)
	if err != nil {
		return nil, err
	}
	out := make([][]byte, len(sums))
	for i, s := range sums {
		if out[i], err = json.Marshal(s); err != nil {
			return nil, fmt.Errorf("encode overview slot: %w", err)
		}
	}
	return out, nil
}

// Apply changes kept sums by what a scrape's videos gave after it less before, encoded.
func (OverviewSlots) Apply(kept, before, after []byte) ([]byte, error) {
	var sums [3]OverviewSums
	for i, b := range [][]byte{kept, before, after} {
		if err := json.Unmarshal(b, &sums[i]); err != nil {
			return nil, fmt.Errorf("decode overview slot: %w", err)
		}
	}
	return json.Marshal(applySums(sums[0], sums[1], sums[2]))
}

// sums reads each slot's sums over the videos only of ws (every video: nil).
func (o OverviewSlots) sums(ctx context.Context, ws uuid.UUID, slots []OverviewSlot, only []uuid.UUID) ([]OverviewSums, error) {
	out := make([]OverviewSums, len(slots))
	if only != nil && len(only) == 0 {
		return out, nil
	}
	// one read of the entities with every slot's two cutoffs
	var cutoffs []time.Time
	place := make([][2]int, len(slots))
	for i, s := range slots {
		w := s.window()
		for j, c := range []time.Time{w.Start, w.PrevStart} {
			k := slices.IndexFunc(cutoffs, c.Equal)
			if k < 0 {
				k = len(cutoffs)
				cutoffs = append(cutoffs, c)
			}
			place[i][j] = k
		}
	}
	q := overviewMetrics(ws, query.Window{Preset: query.Preset30d})
	q.Cutoffs, q.Only, q.Serial = cutoffs, only, only == nil
	eg, ectx := fanout.WithContext(ctx)
	eg.Go(func() error {
		gains := make([][]*int64, 1+len(q.More))
		for k := range gains {
			gains[k] = make([]*int64, 2)
		}
		return chread.Reader{CH: o.CH}.Entities(ectx, q, func(id uuid.UUID, e chread.EntityMetrics) error {
			all := append([][]*int64{e.Gains}, e.MoreGains...)
			for i, s := range slots {
				// e as the window's own read would give it: its two cutoffs
				for k := range gains {
					gains[k][0], gains[k][1] = all[k][place[i][0]], all[k][place[i][1]]
				}
				one := e
				one.Gains, one.MoreGains = gains[0], gains[1:]
				out[i].add(id, one, s.Start, 1)
				if m, ok := mover(id, one); ok && m.Gained > out[i].MoverFloor {
					out[i].Movers = append(out[i].Movers, m)
					// a whole workspace's read keeps a bounded list
					if only == nil && len(out[i].Movers) > 4*overviewMoversKept {
						slices.SortFunc(out[i].Movers, slotMoverOrder)
						out[i].trimMovers(overviewMoversKept)
					}
				}
			}
			return nil
		})
	})
	scope := chread.EntityScope{Except: true}
	if only != nil {
		scope = chread.OnlyIDs(only)
	}
	for i, s := range slots {
		eg.Go(func() error {
			w := s.window()
			base, points, err := chread.Reader{CH: o.CH}.Series(ectx, viewsSeries(ws, scope, w.Granularity, w.Start))
			if err != nil {
				return err
			}
			var series OverviewSums
			series.addSeries(base, points, 1)
			out[i].Base, out[i].Points = series.Base, series.Points
			return nil
		})
	}
	if err := eg.Wait(); err != nil {
		return nil, err
	}
	for i := range out {
		slices.SortFunc(out[i].Movers, slotMoverOrder)
		if only == nil {
			out[i].trimMovers(overviewMoversKept)
		} else {
			out[i].Read = only
		}
	}
	return out, nil
}

// trimMovers keeps the first n movers, raising the floor to what the others gained.
func (s *OverviewSums) trimMovers(n int) {
	if len(s.Movers) > n {
		s.MoverFloor = max(s.MoverFloor, s.Movers[n].Gained)
		s.Movers = s.Movers[:n]
	}
}

// applySums changes kept sums by what the videos read gave after a scrape less before.
func applySums(kept, before, after OverviewSums) OverviewSums {
	out := kept
	out.Videos += after.Videos - before.Videos
	out.Tracked += after.Tracked - before.Tracked
	out.WithViews += after.WithViews - before.WithViews
	out.Interactions += after.Interactions - before.Interactions
	out.JoinedVideos += after.JoinedVideos - before.JoinedVideos
	for k := range out.Totals {
		out.Totals[k] += after.Totals[k] - before.Totals[k]
		out.Period[k] += after.Period[k] - before.Period[k]
		out.Previous[k] += after.Previous[k] - before.Previous[k]
		out.Joined[k] += after.Joined[k] - before.Joined[k]
	}
	out.Points = slices.Clone(kept.Points)
	out.addSeries(before.Base, before.seriesPoints(), -1)
	out.addSeries(after.Base, after.seriesPoints(), 1)
	// the videos read leave the list and come back with what they gained now
	read := map[uuid.UUID]bool{}
	for _, id := range append(slices.Clone(before.Read), after.Read...) {
		read[id] = true
	}
	out.Movers = slices.DeleteFunc(slices.Clone(kept.Movers), func(m slotMover) bool { return read[m.ID] })
	for _, m := range after.Movers {
		if m.Gained > out.MoverFloor {
			out.Movers = append(out.Movers, m)
		}
	}
	slices.SortFunc(out.Movers, slotMoverOrder)
	if len(out.Movers) > 2*overviewMoversKept {
		out.trimMovers(overviewMoversKept)
	}
	out.Read = nil
	return out
}

// slotOverview answers an unfiltered preset's overview from its slot; kept is
// false (and nothing answered) without a slot, or when the slot's movers
// cannot name the first ones for certain.
func (h OverviewHandler) slotOverview(ctx context.Context, ws uuid.UUID, q OverviewQuery, now time.Time) (out Overview, kept bool, err error) {
	if q.AsOf != nil || q.From != nil || q.To != nil || !q.Filter.none(now) || !slices.Contains(OverviewSlotPresets, q.Window) {
		return out, false, nil
	}
	w := query.WindowOf(q.Window, now)
	var raw []byte
	err = h.DB.QueryRow(ctx, `SELECT sums FROM overview_slots WHERE workspace_id = $1 AND preset = $2 AND start = $3`,
		ws, string(q.Window), w.Start).Scan(&raw)
	if err == pgx.ErrNoRows {
		return out, false, nil
	}
	if err != nil {
		return out, false, fmt.Errorf("read overview slot: %w", err)
	}
	var sums OverviewSums
	if err := json.Unmarshal(raw, &sums); err != nil {
		return out, false, fmt.Errorf("read overview slot: %w", err)
	}
	out = Overview{DatePreset: w.Preset, Granularity: w.Granularity, Start: &w.Start, End: now, Series: []Point{}, TopMovers: []Mover{}}

	// the videos no scope counts, and those whose count changed in the window
	var (
		uncounted []uuid.UUID
		changed   map[uuid.UUID]bool
		videos    int
	)
	eg, ectx := fanout.WithContext(ctx)
	eg.Go(func() (err error) {
		uncounted, err = uncountedVideos(ectx, h.DB, ws)
		return err
	})
	eg.Go(func() (err error) {
		changed, err = countChanged(ectx, h.DB, ws, VideoFilter{}, w.Start, now)
		return err
	})
	eg.Go(func() (err error) {
		videos, err = videoTotal(ectx, h.DB, ws, VideoFilter{}, now)
		return err
	})
	eg.Go(func() (err error) {
		out.Totals.Accounts, err = countAccounts(ectx, h.DB, ws, VideoFilter{})
		return err
	})
	eg.Go(func() (err error) {
		defer apperr.Recover(&err)
		out.NextScrapeAt, out.NextScrapeReason, err = nextScrape(ectx, h.DB, ws, scheduledAll, now)
		if err == nil {
			out.InsightsStart, err = insightsStart(ectx, h.DB, ws)
		}
		return err
	})
	if err := eg.Wait(); err != nil {
		return out, false, err
	}
	// what the uncounted add is taken off; the changed ones' joining and leaving read live
	isUncounted := make(map[uuid.UUID]bool, len(uncounted))
	for _, id := range uncounted {
		isUncounted[id] = true
	}
	live := slices.Clone(uncounted)
	for id := range changed {
		if !isUncounted[id] {
			live = append(live, id)
		}
	}
	byID := map[uuid.UUID]chread.EntityMetrics{}
	var (
		base   int64
		points map[time.Time]chread.SeriesPoint
	)
	// these few are read as they are: nothing of the workspace's start values is kept for them
	eg, ectx = fanout.WithContext(chread.WithKeptStartValues(ctx, chread.KeptStartValues{}))
	if len(live) > 0 {
		eg.Go(func() error {
			mq := overviewMetrics(ws, w)
			mq.Only = live
			return chread.Reader{CH: h.CH}.Entities(ectx, mq, func(id uuid.UUID, e chread.EntityMetrics) error {
				byID[id] = e
				return nil
			})
		})
	}
	if len(uncounted) > 0 {
		eg.Go(func() (err error) {
			base, points, err = chread.Reader{CH: h.CH}.Series(ectx, viewsSeries(ws, chread.OnlyIDs(uncounted), w.Granularity, w.Start))
			return err
		})
	}
	if err := eg.Wait(); err != nil {
		return out, false, err
	}
	var moves CountChanges
	for _, id := range uncounted {
		if e, ok := byID[id]; ok {
			sums.add(id, e, w.Start, -1)
		}
	}
	sums.addSeries(base, points, -1)
	for id := range changed {
		e, ok := byID[id]
		if !ok {
			continue
		}
		switch {
		case isUncounted[id] && e.FirstAt.Before(w.Start):
			moves.Left.add(valuesBefore(e, 0))
		case !isUncounted[id] && e.FirstAt.Before(w.Start):
			moves.Joined.add(valuesBefore(e, 0))
		}
	}
	moves.Joined.Videos += int(sums.JoinedVideos)
	for k, p := range []*uint64{&moves.Joined.Views, &moves.Joined.Likes, &moves.Joined.Comments, &moves.Joined.Shares, &moves.Joined.Saves} {
		*p += uint64(sums.Joined[k])
	}
	out.CountChanges = &moves

	out.PreviousTracked = sums.Tracked > 0
	out.Totals.Videos = videos
	for k, p := range []*uint64{&out.Totals.Views, &out.Totals.Likes, &out.Totals.Comments, &out.Totals.Shares, &out.Totals.Saves} {
		*p = uint64(sums.Totals[k])
	}
	out.Totals.EngagementRate = EngagementRate(uint64(sums.Interactions), uint64(sums.WithViews))
	for k, g := range out.Gains.counts() {
		g.Period = sums.Period[k]
		previous := sums.Previous[k]
		g.Previous = &previous
		if previous != 0 {
			pct := float64(g.Period-previous) * 100 / float64(previous)
			g.ChangePct = &pct
		}
	}
	out.Gained = out.Gains.Views
	if videos > 0 {
		out.Series = seriesOnEveryBucket(w.Granularity, w.Start, now, sums.Base, sums.seriesPoints())
	}
	for _, m := range sums.Movers {
		if len(out.TopMovers) == TopMovers {
			break
		}
		if isUncounted[m.ID] {
			continue
		}
		if m.Gained <= sums.MoverFloor {
			// a video outside the list may have gained as much
			return Overview{}, false, nil
		}
		out.TopMovers = append(out.TopMovers, m.mover())
	}
	if len(out.TopMovers) < TopMovers && sums.MoverFloor > 0 {
		return Overview{}, false, nil
	}
	if err := h.describeMovers(ctx, ws, out.TopMovers); err != nil {
		return Overview{}, false, err
	}
	return out, true, nil
}

// uncountedSQL selects the videos of $1 no scope counts (query.CountedVideoSQL
// false): the statuses and kinds written out, as in the partial indexes'
// predicates of schema 0037, which the planner matches only against
// literals (TestUncountedSQLIsTheDomains); then the videos of removed accounts.
const uncountedSQL = `
SELECT v.id FROM videos v WHERE v.workspace_id = $1 AND v.status IN ('removed', 'beyond_limit')
UNION
SELECT v.id FROM videos v WHERE v.workspace_id = $1 AND v.post_kind NOT IN ('own', 'collab')
UNION
SELECT v.id FROM accounts a JOIN videos v ON v.account_id = a.id
WHERE a.workspace_id = $1 AND a.status = $2 AND v.workspace_id = $1 AND NOT v.tracked_individually`

// uncountedVideos are the videos of ws no scope counts.
func uncountedVideos(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID) ([]uuid.UUID, error) {
	rows, _ := db.Query(ctx, uncountedSQL, ws, domain.ItemRemoved)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, fmt.Errorf("read uncounted videos: %w", err)
	}
	return ids, nil
}
