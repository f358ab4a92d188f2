package watches

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// Tracker is what a watch found, as a sound's or a hashtag's tracker
// shows it: the posts, their latest views, the accounts using it, by
// publish day and over the watch's runs, the top posts and accounts, and
// the platform's own count where it gives one.
type Tracker struct {
	Watch Watch `json:"watch"`
	// Posts is every post the watch found (whatever became of it in the
	// inbox); Views, Likes and Comments the sums of their latest counts
	// (a hidden count counts none); Accounts the accounts that posted them.
	Posts    int   `json:"posts"`
	Views    int64 `json:"views"`
	Likes    int64 `json:"likes"`
	Comments int64 `json:"comments"`
	Accounts int   `json:"accounts"`
	// Undated counts the posts whose publish time the platform did not
	// give: in the totals, not in PerDay.
	Undated       int            `json:"undated"`
	PlatformCount *PlatformCount `json:"platformCount"`
	// PerDay is the posts published each day (UTC) of the last Days,
	// every day listed, with their latest views.
	Days        int              `json:"days"`
	PerDay      []TrackerDay     `json:"perDay"`
	Runs        []TrackerRun     `json:"runs"`
	TopPosts    []Capture        `json:"topPosts"`
	TopAccounts []TrackerAccount `json:"topAccounts"`
}

// PlatformCount is the platform's own figure for the watched term, as the
// last run read it.
type PlatformCount struct {
	// Views: TikTok's views of every post under the hashtag, ever.
	Views int64     `json:"views"`
	At    time.Time `json:"at"`
	// Note says what the figure counts and how the platform rounds it.
	Note string `json:"note"`
}

// TrackerDay is one day's posts, by publish date.
type TrackerDay struct {
	Day   string `json:"day"`
	Posts int    `json:"posts"`
	Views int64  `json:"views"`
}

// TrackerRun is where the watch's posts stood after one run.
type TrackerRun struct {
	At time.Time `json:"at"`
	// Listed is what the run listed, NewPosts those new to the workspace.
	Listed   int `json:"listed"`
	NewPosts int `json:"newPosts"`
	// Posts and Views: every post found so far and their latest views.
	Posts         int    `json:"posts"`
	Views         int64  `json:"views"`
	PlatformViews *int64 `json:"platformViews"`
}

// TrackerAccount is an account that posted with the term.
type TrackerAccount struct {
	Handle string `json:"handle"`
	Posts  int    `json:"posts"`
	Views  int64  `json:"views"`
	// Tracked: the workspace tracks the account.
	Tracked bool `json:"tracked"`
}

// Tracker limits: the days PerDay spans, the top lists' lengths and the
// runs shown.
const (
	DefaultTrackerDays = 30
	MaxTrackerDays     = 365
	trackerTop         = 10
	trackerRuns        = 120
)

// the notes of the platforms' own counts
var platformCountNote = map[platform.Platform]string{
	platform.TikTok: "TikTok's count of the views of every post with the hashtag, ever, as TikTok's hashtag listing gives it " +
		"(a whole number, which TikTok's own pages round to 3 figures, such as 1.2B)",
}

// Tracker answers a watch's tracker over the last days (UTC).
func (h Handler) Tracker(ctx context.Context, ws, id uuid.UUID, days int) (Tracker, error) {
	if days == 0 {
		days = DefaultTrackerDays
	}
	if days < 1 || days > MaxTrackerDays {
		return Tracker{}, apperr.Invalid("days", fmt.Sprintf("from 1 to %d", MaxTrackerDays))
	}
	w, err := h.Get(ctx, ws, id)
	if err != nil {
		return Tracker{}, err
	}
	out := Tracker{Watch: w, Days: days, PerDay: []TrackerDay{}, Runs: []TrackerRun{}, TopAccounts: []TrackerAccount{}}
	const found = `FROM capture_matches m JOIN captures c ON c.workspace_id = m.workspace_id AND c.id = m.capture_id
		WHERE m.workspace_id = $1 AND m.watch_id = $2`
	if err := h.DB.QueryRow(ctx, `
		SELECT count(*), coalesce(sum(c.views), 0), coalesce(sum(c.likes), 0), coalesce(sum(c.comments), 0),
			count(DISTINCT c.author_handle), count(*) FILTER (WHERE c.published_at IS NULL) `+found, ws, id).
		Scan(&out.Posts, &out.Views, &out.Likes, &out.Comments, &out.Accounts, &out.Undated); err != nil {
		return out, fmt.Errorf("read a tracker's totals: %w", err)
	}

	today := h.Now().UTC().Truncate(24 * time.Hour)
	from := today.AddDate(0, 0, -(days - 1))
	byDay := map[string]TrackerDay{}
	rows, _ := h.DB.Query(ctx, `
		SELECT to_char(c.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*), coalesce(sum(c.views), 0) `+found+`
		  AND c.published_at >= $3 AND c.published_at < $4
		GROUP BY 1`, ws, id, from, today.AddDate(0, 0, 1))
	var d TrackerDay
	if _, err := pgx.ForEachRow(rows, []any{&d.Day, &d.Posts, &d.Views}, func() error { byDay[d.Day] = d; return nil }); err != nil {
		return out, fmt.Errorf("read a tracker's days: %w", err)
	}
	for t := from; !t.After(today); t = t.AddDate(0, 0, 1) {
		key := t.Format(time.DateOnly)
		day, ok := byDay[key]
		if !ok {
			day = TrackerDay{Day: key}
		}
		out.PerDay = append(out.PerDay, day)
	}

	// the latest runs, oldest first
	rows, _ = h.DB.Query(ctx, `
		SELECT ran_at, listed, new_posts, posts, views, platform_views FROM (
			SELECT * FROM watch_runs WHERE workspace_id = $1 AND watch_id = $2 ORDER BY ran_at DESC, recorded_at DESC LIMIT $3
		) r ORDER BY ran_at, recorded_at`, ws, id, trackerRuns)
	var r TrackerRun
	if _, err := pgx.ForEachRow(rows, []any{&r.At, &r.Listed, &r.NewPosts, &r.Posts, &r.Views, &r.PlatformViews}, func() error {
		r.At = r.At.UTC()
		out.Runs = append(out.Runs, r)
		return nil
	}); err != nil {
		return out, fmt.Errorf("read a tracker's runs: %w", err)
	}
	for i := len(out.Runs) - 1; i >= 0; i-- {
		if v := out.Runs[i].PlatformViews; v != nil {
			out.PlatformCount = &PlatformCount{Views: *v, At: out.Runs[i].At, Note: platformCountNote[platform.Platform(w.Platform)]}
			break
		}
	}

	rows, _ = h.DB.Query(ctx, `
		SELECT `+captureColumns+`
		FROM capture_matches m JOIN captures c ON c.workspace_id = m.workspace_id AND c.id = m.capture_id LEFT JOIN users u ON u.id = c.decided_by
		WHERE m.workspace_id = $1 AND m.watch_id = $2
		ORDER BY c.views DESC NULLS LAST, c.published_at DESC NULLS LAST, c.id
		LIMIT $3`, ws, id, trackerTop)
	if out.TopPosts, err = h.captures(ctx, ws, rows); err != nil {
		return out, err
	}

	rows, _ = h.DB.Query(ctx, `
		SELECT c.author_handle, count(*), coalesce(sum(c.views), 0),
			EXISTS (SELECT 1 FROM accounts a WHERE a.workspace_id = $1 AND a.platform = c.platform AND a.handle = c.author_handle AND a.status <> $4) `+found+`
		GROUP BY c.platform, c.author_handle
		ORDER BY 3 DESC, 2 DESC, 1
		LIMIT $3`, ws, id, trackerTop, domain.ItemRemoved)
	var a TrackerAccount
	if _, err := pgx.ForEachRow(rows, []any{&a.Handle, &a.Posts, &a.Views, &a.Tracked}, func() error {
		out.TopAccounts = append(out.TopAccounts, a)
		return nil
	}); err != nil {
		return out, fmt.Errorf("read a tracker's accounts: %w", err)
	}
	return out, nil
}
