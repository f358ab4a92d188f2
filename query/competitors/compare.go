// Package competitors reads a workspace's competitor set beside its own
// accounts (docs/competitors.md): the same figures for both, read from the
// two workspaces, so a competitor's numbers never reach the workspace's.
package competitors

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/competitorset"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// OutlierMultiplier is the least multiplier a post counts as an outlier
// at: twice its account's median at the same age, as the dashboard marks it.
const OutlierMultiplier = 2.0

// Row is one account's figures, or the workspace's together.
type Row struct {
	ID          *uuid.UUID        `json:"id"`
	Platform    platform.Platform `json:"platform,omitempty"`
	Handle      string            `json:"handle"`
	DisplayName string            `json:"displayName"`
	URL         string            `json:"url"`
	AvatarURL   string            `json:"avatarUrl"`
	Status      domain.Item       `json:"status,omitempty"`
	Followers   *uint64           `json:"followers"`
	// Videos are its tracked videos that count; the figures cover them.
	Videos         int      `json:"videos"`
	TotalViews     *uint64  `json:"totalViews"`
	AverageViews   *float64 `json:"averageViews"`
	EngagementRate *float64 `json:"engagementRate"`
	ViewsGained7d  *int64   `json:"viewsGained7d"`
	// Posts are the tracked videos published in the last Days, PostsPerWeek
	// their rate; Outliers those of them scored at least twice their
	// account's median at the same age, MedianMultiplier the median score
	// of those scored.
	Posts            int        `json:"posts"`
	PostsPerWeek     float64    `json:"postsPerWeek"`
	Outliers         int        `json:"outliers"`
	MedianMultiplier *float64   `json:"medianMultiplier"`
	LastScrapedAt    *time.Time `json:"lastScrapedAt"`
}

// Comparison is the workspace's accounts and its competitors side by side.
type Comparison struct {
	Days int `json:"days"`
	// Own is the workspace's accounts together.
	Own         Row   `json:"own"`
	Accounts    []Row `json:"accounts"`
	Competitors []Row `json:"competitors"`
	// MaxCompetitors is how many accounts the set holds at most.
	MaxCompetitors int `json:"maxCompetitors"`
}

// Handler reads the comparison.
type Handler struct {
	Readers   query.Readers
	Accounts  numbers.AccountsHandler
	Analytics numbers.AccountAnalyticsHandler
}

// Account answers a competitor's panel, as an account's: its series,
// videos, per-video figures and cadence. 404 for an account that is not a
// competitor of ws.
func (h Handler) Account(ctx context.Context, ws, id uuid.UUID, q numbers.AccountAnalyticsQuery) (numbers.AccountAnalytics, error) {
	set, ok, err := competitorset.Of(ctx, h.Readers.DB, ws)
	if err != nil {
		return numbers.AccountAnalytics{}, err
	}
	if !ok {
		return numbers.AccountAnalytics{}, apperr.NotFound("competitor not found")
	}
	out, err := h.Analytics.Handle(ctx, set, id, q)
	if apperr.KindOf(err) == apperr.KindNotFound {
		return out, apperr.NotFound("competitor not found")
	}
	return out, err
}

// Days bounds the period of posts and outliers.
const (
	DefaultDays = 30
	MaxDays     = 365
)

// Compare answers the workspace's accounts and its competitors over the
// last days.
func (h Handler) Compare(ctx context.Context, ws uuid.UUID, days int) (Comparison, error) {
	if days < 1 || days > MaxDays {
		return Comparison{}, apperr.Invalid("days", fmt.Sprintf("from 1 to %d", MaxDays))
	}
	out := Comparison{Days: days, Accounts: []Row{}, Competitors: []Row{}, MaxCompetitors: competitorset.Max}
	since := h.Readers.Now().UTC().Add(-time.Duration(days) * 24 * time.Hour)
	var err error
	var own posts
	if out.Accounts, own, err = h.rows(ctx, ws, since, days); err != nil {
		return out, err
	}
	set, ok, err := competitorset.Of(ctx, h.Readers.DB, ws)
	if err != nil {
		return out, err
	}
	if ok {
		if out.Competitors, _, err = h.rows(ctx, set, since, days); err != nil {
			return out, err
		}
	}
	out.Own = together(out.Accounts, own, days)
	return out, nil
}

// rows are the figures of a workspace's accounts, most followers first,
// and its posts' figures over every account together.
func (h Handler) rows(ctx context.Context, ws uuid.UUID, since time.Time, days int) ([]Row, posts, error) {
	list, err := h.Accounts.Handle(ctx, ws, numbers.AccountQuery{Sort: numbers.AccountSortFollowers})
	if err != nil {
		return nil, posts{}, err
	}
	byAccount := map[uuid.UUID]posts{}
	var all posts
	// per account, and (account NULL) over them all
	rows, _ := h.Readers.DB.Query(ctx, `
		SELECT v.account_id,
			count(*) FILTER (WHERE v.published_at >= $2),
			-- the outliers' state, written out
			count(*) FILTER (WHERE v.published_at >= $2 AND i.outlier_state = 'scored' AND i.outlier_multiplier >= $3),
			percentile_cont(0.5) WITHIN GROUP (ORDER BY i.outlier_multiplier) FILTER (WHERE v.published_at >= $2 AND i.outlier_state = 'scored')
		FROM videos v
		JOIN accounts a ON a.workspace_id = v.workspace_id AND a.id = v.account_id
		LEFT JOIN video_insights i ON i.workspace_id = v.workspace_id AND i.video_id = v.id
		WHERE v.workspace_id = $1 AND `+query.CountedVideoSQL+`
		GROUP BY GROUPING SETS ((v.account_id), ())`, ws, since, OutlierMultiplier)
	var id *uuid.UUID
	var p posts
	if _, err := pgx.ForEachRow(rows, []any{&id, &p.n, &p.outliers, &p.median}, func() error {
		if id == nil {
			all = p
		} else {
			byAccount[*id] = p
		}
		return nil
	}); err != nil {
		return nil, posts{}, fmt.Errorf("read the accounts' posts: %w", err)
	}
	out := make([]Row, 0, len(list.Accounts))
	for _, a := range list.Accounts {
		p := byAccount[a.ID]
		out = append(out, Row{ID: &a.ID, Platform: a.Platform, Handle: a.Handle, DisplayName: a.DisplayName, URL: a.URL, AvatarURL: a.AvatarURL,
			Status: a.Status, Followers: a.Followers, Videos: a.TrackedVideos, TotalViews: a.TotalViews, AverageViews: a.AverageViews,
			EngagementRate: a.EngagementRate, ViewsGained7d: a.ViewsGained7d, Posts: p.n, PostsPerWeek: perWeek(p.n, days),
			Outliers: p.outliers, MedianMultiplier: p.median, LastScrapedAt: a.LastScrapedAt})
	}
	return out, all, nil
}

// posts are the figures of the videos published in the period.
type posts struct {
	n, outliers int
	median      *float64
}

func perWeek(n, days int) float64 { return float64(n) * 7 / float64(days) }

// together sums the accounts' figures (engagement weighted by views);
// their posts' figures are read over them all.
func together(rows []Row, p posts, days int) Row {
	out := Row{DisplayName: "Your accounts", Posts: p.n, PostsPerWeek: perWeek(p.n, days), Outliers: p.outliers, MedianMultiplier: p.median}
	var views, followers uint64
	var weighted, withViews float64
	var gained int64
	var anyViews, anyFollowers, anyGained bool
	for _, r := range rows {
		out.Videos += r.Videos
		if r.Followers != nil {
			followers += *r.Followers
			anyFollowers = true
		}
		if r.TotalViews != nil {
			views += *r.TotalViews
			anyViews = true
			if r.EngagementRate != nil {
				weighted += *r.EngagementRate * float64(*r.TotalViews)
				withViews += float64(*r.TotalViews)
			}
		}
		if r.ViewsGained7d != nil {
			gained += *r.ViewsGained7d
			anyGained = true
		}
	}
	if anyFollowers {
		out.Followers = &followers
	}
	if anyViews {
		out.TotalViews = &views
		if out.Videos > 0 {
			avg := float64(views) / float64(out.Videos)
			out.AverageViews = &avg
		}
	}
	if withViews > 0 {
		rate := weighted / withViews
		out.EngagementRate = &rate
	}
	if anyGained {
		out.ViewsGained7d = &gained
	}
	return out
}

// CSVColumns are the columns of the comparison's CSV export.
var CSVColumns = []string{"side", "account_id", "platform", "handle", "url", "followers", "videos", "total_views", "average_views",
	"engagement_rate_pct", "views_gained_7d", "posts", "posts_per_week", "outliers", "median_multiplier", "last_scraped_at"}

// CSV is the comparison as CSV (RFC 4180): the workspace's accounts
// together ("own"), each of them ("account"), then each competitor.
func (c Comparison) CSV() ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.UseCRLF = true
	if err := w.Write(CSVColumns); err != nil {
		return nil, err
	}
	f := func(p *float64, digits int) string {
		return query.OptionalCell(p, func(x float64) string { return strconv.FormatFloat(x, 'f', digits, 64) })
	}
	u := func(p *uint64) string {
		return query.OptionalCell(p, func(x uint64) string { return strconv.FormatUint(x, 10) })
	}
	row := func(side string, r Row) error {
		return w.Write([]string{side, query.OptionalCell(r.ID, uuid.UUID.String), string(r.Platform), r.Handle, query.Cell(r.URL), u(r.Followers),
			strconv.Itoa(r.Videos), u(r.TotalViews), f(r.AverageViews, 1), f(r.EngagementRate, 4),
			query.OptionalCell(r.ViewsGained7d, func(x int64) string { return strconv.FormatInt(x, 10) }), strconv.Itoa(r.Posts),
			strconv.FormatFloat(r.PostsPerWeek, 'f', 2, 64), strconv.Itoa(r.Outliers), f(r.MedianMultiplier, 2), query.TimeCell(r.LastScrapedAt)})
	}
	if err := row("own", c.Own); err != nil {
		return nil, err
	}
	for _, r := range c.Accounts {
		if err := row("account", r); err != nil {
			return nil, err
		}
	}
	for _, r := range c.Competitors {
		if err := row("competitor", r); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// Series is the views gained per UTC day of the workspace's accounts
// together and of each competitor, over the last Days.
type Series struct {
	Days  int         `json:"days"`
	Times []time.Time `json:"times"`
	// Own sums the workspace's accounts, as the comparison's own row.
	Own         []int64            `json:"own"`
	Competitors []CompetitorSeries `json:"competitors"`
}

// CompetitorSeries is one competitor's views gained per day.
type CompetitorSeries struct {
	ID       uuid.UUID         `json:"id"`
	Platform platform.Platform `json:"platform"`
	Handle   string            `json:"handle"`
	Gained   []int64           `json:"gained"`
}

// Series answers the views gained per day, the workspace's accounts
// together beside each competitor.
func (h Handler) Series(ctx context.Context, ws uuid.UUID, days int) (Series, error) {
	if days < 1 || days > MaxDays {
		return Series{}, apperr.Invalid("days", fmt.Sprintf("from 1 to %d", MaxDays))
	}
	now := h.Readers.Now().UTC()
	start := chread.Daily.Floor(now).AddDate(0, 0, -(days - 1))
	times := query.Buckets(chread.Daily, start, now)
	out := Series{Days: days, Times: times, Own: make([]int64, len(times)), Competitors: []CompetitorSeries{}}
	gained := func(ps []numbers.Point) []int64 {
		g := make([]int64, len(times))
		for i, p := range ps {
			g[i] = p.Gained
		}
		return g
	}
	own, err := h.accountIDs(ctx, ws)
	if err != nil {
		return out, err
	}
	ownSeries, err := h.Accounts.ViewsGainedDaily(ctx, ws, ids(own), start, now)
	if err != nil {
		return out, err
	}
	for _, a := range own {
		for i, g := range gained(ownSeries[a.ID]) {
			out.Own[i] += g
		}
	}
	set, ok, err := competitorset.Of(ctx, h.Readers.DB, ws)
	if err != nil || !ok {
		return out, err
	}
	rivals, err := h.accountIDs(ctx, set)
	if err != nil {
		return out, err
	}
	theirs, err := h.Accounts.ViewsGainedDaily(ctx, set, ids(rivals), start, now)
	if err != nil {
		return out, err
	}
	for _, a := range rivals {
		out.Competitors = append(out.Competitors, CompetitorSeries{ID: a.ID, Platform: a.Platform, Handle: a.Handle, Gained: gained(theirs[a.ID])})
	}
	return out, nil
}

type accountRef struct {
	ID       uuid.UUID
	Platform platform.Platform
	Handle   string
}

// accountIDs are a workspace's accounts not removed, by handle.
func (h Handler) accountIDs(ctx context.Context, ws uuid.UUID) ([]accountRef, error) {
	rows, _ := h.Readers.DB.Query(ctx, `SELECT id, platform, handle FROM accounts WHERE workspace_id = $1 AND status <> $2 ORDER BY handle, id`, ws, domain.ItemRemoved)
	out, err := pgx.CollectRows(rows, pgx.RowToStructByPos[accountRef])
	if err != nil {
		return nil, fmt.Errorf("read accounts: %w", err)
	}
	return out, nil
}

func ids(refs []accountRef) []uuid.UUID {
	out := make([]uuid.UUID, len(refs))
	for i, r := range refs {
		out[i] = r.ID
	}
	return out
}
