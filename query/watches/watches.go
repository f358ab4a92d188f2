// Package watches reads the workspace's watches, what one would cost, and
// the capture inbox (docs/watches.md).
package watches

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/query"
)

// Handler answers the watches' reads.
type Handler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// Watch is a watch with what it found.
type Watch struct {
	ID            uuid.UUID          `json:"id"`
	Platform      string             `json:"platform"`
	Kind          domain.WatchKind   `json:"kind"`
	Term          string             `json:"term"`
	Results       int                `json:"results"`
	IntervalHours int                `json:"intervalHours"`
	PerDay        int                `json:"perDay"`
	Status        domain.WatchStatus `json:"status"`
	AutoTracked   bool               `json:"autoTracked"`
	AutoCreators  bool               `json:"autoCreators"`
	// AutoCollectionID is where its rules track posts; nil: the account's.
	AutoCollectionID *uuid.UUID `json:"autoCollectionId"`
	NextRunAt        *time.Time `json:"nextRunAt"`
	LastRunAt        *time.Time `json:"lastRunAt"`
	LastError        string     `json:"lastError"`
	// Found counts the posts new to the workspace its runs found; Inbox
	// those of its posts still waiting in the inbox.
	Found     int       `json:"found"`
	Inbox     int       `json:"inbox"`
	CreatedAt time.Time `json:"createdAt"`
}

// Watches is the workspace's watches, newest first, and the scrape budget
// they share with the refresh.
type Watches struct {
	Watches []Watch `json:"watches"`
	Budget  Budget  `json:"budget"`
}

// Budget is the plan's scrape budget and what uses it.
type Budget struct {
	// PerDay is the plan's scrape budget: posts and snapshots a day.
	PerDay int `json:"perDay"`
	// Spent is what refreshes and watches' runs spent over the last 24 hours.
	Spent int `json:"spent"`
	// Watches is what the active watches read a day.
	Watches int `json:"watches"`
}

func (h Handler) budget(ctx context.Context, ws uuid.UUID) (Budget, error) {
	var b Budget
	var planName string
	err := h.DB.QueryRow(ctx, `
		SELECT w.plan,
			-- the reasons the budget charges, written out
			(SELECT coalesce(sum(j.snapshots), 0) FROM scrape_jobs j
			 WHERE j.workspace_id = w.id AND j.reason IN ('refresh', 'watch') AND j.snapshots > 0 AND j.created_at > $2::timestamptz - interval '24 hours'),
			(SELECT coalesce(sum(x.results * 24 / x.interval_hours), 0) FROM watches x WHERE x.workspace_id = w.id AND x.status = $3)
		FROM workspaces w WHERE w.id = $1`, ws, h.Now(), domain.WatchActive).Scan(&planName, &b.Spent, &b.Watches)
	if err != nil {
		return b, fmt.Errorf("read the scrape budget: %w", err)
	}
	pl, err := plan.Stored(planName)
	if err != nil {
		return b, err
	}
	b.PerDay = pl.ScrapeBudget
	return b, nil
}

// Get answers one of the workspace's watches; 404 for another's.
func (h Handler) Get(ctx context.Context, ws, id uuid.UUID) (Watch, error) {
	found, err := h.watches(ctx, ws, &id)
	if err != nil {
		return Watch{}, err
	}
	if len(found) == 0 {
		return Watch{}, apperr.NotFound("watch not found")
	}
	return found[0], nil
}

// List answers the workspace's watches.
func (h Handler) List(ctx context.Context, ws uuid.UUID) (Watches, error) {
	var err error
	out := Watches{}
	if out.Watches, err = h.watches(ctx, ws, nil); err != nil {
		return out, err
	}
	out.Budget, err = h.budget(ctx, ws)
	return out, err
}

// watches reads the workspace's watches, newest first, or the one of id.
func (h Handler) watches(ctx context.Context, ws uuid.UUID, id *uuid.UUID) ([]Watch, error) {
	rows, _ := h.DB.Query(ctx, `
		SELECT x.id, x.platform, x.kind, x.term, x.results, x.interval_hours, x.status, x.auto_tracked, x.auto_creators, x.auto_collection_id,
			x.next_run_at, x.last_run_at, x.last_error, x.found,
			(SELECT count(*) FROM capture_matches m JOIN captures c ON c.workspace_id = m.workspace_id AND c.id = m.capture_id
			 WHERE m.workspace_id = x.workspace_id AND m.watch_id = x.id AND c.status = $2),
			x.created_at
		FROM watches x WHERE x.workspace_id = $1 AND ($3::uuid IS NULL OR x.id = $3) ORDER BY x.created_at DESC, x.id`, ws, domain.CaptureNew, id)
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Watch, error) {
		var w Watch
		err := r.Scan(&w.ID, &w.Platform, &w.Kind, &w.Term, &w.Results, &w.IntervalHours, &w.Status, &w.AutoTracked, &w.AutoCreators, &w.AutoCollectionID,
			&w.NextRunAt, &w.LastRunAt, &w.LastError, &w.Found, &w.Inbox, &w.CreatedAt)
		w.PerDay = w.Results * 24 / max(w.IntervalHours, 1)
		w.NextRunAt, w.LastRunAt, w.CreatedAt = query.UTC(w.NextRunAt), query.UTC(w.LastRunAt), w.CreatedAt.UTC()
		return w, err
	})
	if err != nil {
		return nil, fmt.Errorf("read watches: %w", err)
	}
	return out, nil
}

// Estimate is what a watch would cost before it is saved.
type Estimate struct {
	PerRun int    `json:"perRun"`
	PerDay int    `json:"perDay"`
	Budget Budget `json:"budget"`
	// Fits: the watch's day fits in the plan's budget on its own; its runs
	// then wait, when the budget is spent, for what the last 24 hours free.
	Fits bool `json:"fits"`
}

// Estimate answers what a watch reading results posts every hours would
// cost against the workspace's budget.
func (h Handler) Estimate(ctx context.Context, ws uuid.UUID, results, hours int) (Estimate, error) {
	if hours <= 0 {
		return Estimate{}, apperr.Invalid("intervalHours", "one of 6, 12, 24, 48, 168")
	}
	b, err := h.budget(ctx, ws)
	if err != nil {
		return Estimate{}, err
	}
	per := results * 24 / hours
	return Estimate{PerRun: results, PerDay: per, Budget: b, Fits: per <= b.PerDay}, nil
}

// Match is why a capture matched one watch.
type Match struct {
	WatchID uuid.UUID        `json:"watchId"`
	Kind    domain.WatchKind `json:"kind"`
	Term    string           `json:"term"`
	Reason  string           `json:"reason"`
}

// Capture is a post a watch found.
type Capture struct {
	ID           uuid.UUID            `json:"id"`
	Platform     string               `json:"platform"`
	URL          string               `json:"url"`
	AuthorHandle string               `json:"authorHandle"`
	Caption      string               `json:"caption"`
	PublishedAt  *time.Time           `json:"publishedAt"`
	Views        *int64               `json:"views"`
	Likes        *int64               `json:"likes"`
	Comments     *int64               `json:"comments"`
	SoundName    string               `json:"soundName"`
	Status       domain.CaptureStatus `json:"status"`
	VideoID      *uuid.UUID           `json:"videoId"`
	// Auto: a watch's rule tracked it.
	Auto        bool       `json:"auto"`
	FirstSeenAt time.Time  `json:"firstSeenAt"`
	LastSeenAt  time.Time  `json:"lastSeenAt"`
	DecidedBy   string     `json:"decidedBy"`
	DecidedAt   *time.Time `json:"decidedAt"`
	Matches     []Match    `json:"matches"`
}

// Inbox is a page of captures.
type Inbox struct {
	Captures []Capture                    `json:"captures"`
	Total    int                          `json:"total"`
	Counts   map[domain.CaptureStatus]int `json:"counts"`
}

// InboxQuery filters and pages the inbox.
type InboxQuery struct {
	Status domain.CaptureStatus // empty: new
	Watch  *uuid.UUID
	Limit  int
	Offset int
}

// MaxInboxPage is the longest page of the inbox.
const MaxInboxPage = 200

// Inbox answers a page of the captures of a status (new first found
// newest first), with why each matched.
func (h Handler) Inbox(ctx context.Context, ws uuid.UUID, q InboxQuery) (Inbox, error) {
	if q.Status == "" {
		q.Status = domain.CaptureNew
	}
	if !slices.Contains(domain.CaptureStatuses, q.Status) {
		return Inbox{}, apperr.Invalid("status", "one of new, tracked, dismissed")
	}
	out := Inbox{Captures: []Capture{}, Counts: map[domain.CaptureStatus]int{}}
	for _, s := range domain.CaptureStatuses {
		out.Counts[s] = 0
	}
	rows, _ := h.DB.Query(ctx, `
		SELECT status, count(*) FROM captures c
		WHERE c.workspace_id = $1 AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM capture_matches m WHERE m.workspace_id = c.workspace_id AND m.capture_id = c.id AND m.watch_id = $2))
		GROUP BY status`, ws, q.Watch)
	var st domain.CaptureStatus
	var n int
	if _, err := pgx.ForEachRow(rows, []any{&st, &n}, func() error { out.Counts[st] = n; return nil }); err != nil {
		return out, fmt.Errorf("count captures: %w", err)
	}
	out.Total = out.Counts[q.Status]
	rows, _ = h.DB.Query(ctx, `
		SELECT `+captureColumns+`
		FROM captures c LEFT JOIN users u ON u.id = c.decided_by
		WHERE c.workspace_id = $1 AND c.status = $2
		  AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM capture_matches m WHERE m.workspace_id = c.workspace_id AND m.capture_id = c.id AND m.watch_id = $3))
		ORDER BY c.first_seen_at DESC, c.published_at DESC NULLS LAST, c.id
		LIMIT $4 OFFSET $5`, ws, q.Status, q.Watch, q.Limit, q.Offset)
	var err error
	out.Captures, err = h.captures(ctx, ws, rows)
	return out, err
}

// captureColumns are a capture's columns as captures reads them, from
// captures c LEFT JOIN users u (who decided).
const captureColumns = `c.id, c.platform, c.url, c.author_handle, c.caption, c.published_at, c.views, c.likes, c.comments, c.sound_name, c.status,
	c.video_id, c.auto, c.first_seen_at, c.last_seen_at, coalesce(u.email, ''), c.decided_at`

// captures reads rows of captureColumns, with why each matched.
func (h Handler) captures(ctx context.Context, ws uuid.UUID, rows pgx.Rows) ([]Capture, error) {
	out, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Capture, error) {
		c := Capture{Matches: []Match{}}
		err := r.Scan(&c.ID, &c.Platform, &c.URL, &c.AuthorHandle, &c.Caption, &c.PublishedAt, &c.Views, &c.Likes, &c.Comments, &c.SoundName, &c.Status,
			&c.VideoID, &c.Auto, &c.FirstSeenAt, &c.LastSeenAt, &c.DecidedBy, &c.DecidedAt)
		c.PublishedAt, c.DecidedAt, c.FirstSeenAt, c.LastSeenAt = query.UTC(c.PublishedAt), query.UTC(c.DecidedAt), c.FirstSeenAt.UTC(), c.LastSeenAt.UTC()
		return c, err
	})
	if err != nil {
		return nil, fmt.Errorf("read captures: %w", err)
	}
	if len(out) == 0 {
		return out, nil
	}
	ids := make([]uuid.UUID, len(out))
	at := map[uuid.UUID]int{}
	for i, c := range out {
		ids[i], at[c.ID] = c.ID, i
	}
	rows, _ = h.DB.Query(ctx, `
		SELECT m.capture_id, m.watch_id, x.kind, x.term, m.reason
		FROM capture_matches m JOIN watches x ON x.workspace_id = m.workspace_id AND x.id = m.watch_id
		WHERE m.workspace_id = $1 AND m.capture_id = ANY($2)
		ORDER BY m.capture_id, m.matched_at, m.watch_id`, ws, ids)
	var id uuid.UUID
	var m Match
	if _, err := pgx.ForEachRow(rows, []any{&id, &m.WatchID, &m.Kind, &m.Term, &m.Reason}, func() error {
		out[at[id]].Matches = append(out[at[id]].Matches, m)
		return nil
	}); err != nil {
		return nil, fmt.Errorf("read why captures matched: %w", err)
	}
	return out, nil
}
