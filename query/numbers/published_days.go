package numbers

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// PublishedDays is the overview's chart by publish date (docs/decisions.md
// "Charts by post date or accrual"): the selected videos published each UTC day of
// the window, with the views they have now. The overview's series is the
// other mode, accrual: views gained each day whatever a post's age.
type PublishedDays struct {
	DatePreset query.Preset   `json:"datePreset"`
	Start      time.Time      `json:"start"`
	End        time.Time      `json:"end"`
	Days       []PublishedDay `json:"days"`
	// Later are the selected videos published after the window (a custom
	// range in the past, or a platform's clock ahead of ours) and Undated
	// those whose publish time is unknown, with their views. The videos
	// published before Start are not read: the cost follows the window,
	// not the workspace's size.
	Later   PublishedDay `json:"later"`
	Undated PublishedDay `json:"undated"`
}

// PublishedDay is the videos published one day and their latest views (a
// hidden count counts none).
type PublishedDay struct {
	Day    string `json:"day,omitempty"`
	Videos int    `json:"videos"`
	Views  int64  `json:"views"`
}

// MaxPublishedDays is the most days the chart by publish date spans: for
// "all" it starts at the first publish day, at most this many days back.
const MaxPublishedDays = 1096

// ByPublishDay answers the selected videos by publish day over the
// window of q (AsOf is not taken: the views are the latest).
func (h OverviewHandler) ByPublishDay(ctx context.Context, ws uuid.UUID, q OverviewQuery) (PublishedDays, error) {
	now := h.Now().UTC()
	w := q.window(now)
	end := now
	if !w.End.IsZero() {
		end = w.End
	}
	if err := checkCollection(ctx, h.DB, ws, q.Filter.CollectionID); err != nil {
		return PublishedDays{}, err
	}
	cond, args := videoMatch(ws, q.Filter, now)
	first := chread.Daily.Floor(end.AddDate(0, 0, -(MaxPublishedDays - 1)))
	start := chread.Daily.Floor(w.Start)
	if w.Preset == query.PresetAll {
		start = first
		var oldest *time.Time
		if err := h.DB.QueryRow(ctx, `SELECT min(v.published_at)`+videoIDsFrom(q.Filter, false)+` AND `+cond, args...).Scan(&oldest); err != nil {
			return PublishedDays{}, fmt.Errorf("read the first publish day: %w", err)
		}
		if oldest != nil && oldest.After(first) {
			start = chread.Daily.Floor(oldest.UTC())
		}
	}
	out := PublishedDays{DatePreset: w.Preset, Start: start, End: end, Days: []PublishedDay{}}
	// the window's videos and the undated, by the index on the publish time
	rows, _ := h.DB.Query(ctx, fmt.Sprintf(`SELECT v.id, v.published_at`+videoIDsFrom(q.Filter, false)+` AND `+cond+`
		AND (v.published_at >= $%d OR v.published_at IS NULL)`, len(args)+1), append(args, start)...)
	var (
		ids   []uuid.UUID
		dayOf = map[uuid.UUID]int{} // -1: undated, -2: later
		id    uuid.UUID
		at    *time.Time
		count = int(end.Sub(start).Hours()/24) + 1
	)
	if chread.Daily.Floor(end).Equal(end) {
		count-- // a window ending at midnight has no part of that day
	}
	for rows.Next() {
		if err := rows.Scan(&id, &at); err != nil {
			rows.Close()
			return out, fmt.Errorf("read videos: %w", err)
		}
		switch {
		case at == nil:
			dayOf[id] = -1
		case !at.Before(end):
			dayOf[id] = -2
		default:
			dayOf[id] = int(at.UTC().Sub(start).Hours() / 24)
		}
		ids = append(ids, id)
	}
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("read videos: %w", err)
	}
	latest, err := chread.Reader{CH: h.CH}.Latest(ctx, ws, ids)
	if err != nil {
		return out, err
	}
	out.Days = make([]PublishedDay, max(count, 0))
	for i := range out.Days {
		out.Days[i].Day = start.AddDate(0, 0, i).Format(time.DateOnly)
	}
	for _, id := range ids {
		d := &out.Undated
		switch k := dayOf[id]; {
		case k == -2 || k >= len(out.Days):
			d = &out.Later
		case k >= 0:
			d = &out.Days[k]
		}
		d.Videos++
		if l, ok := latest[id]; ok && l.Recorded&domain.Views.Bit() != 0 {
			d.Views += int64(l.Views)
		}
	}
	return out, nil
}
