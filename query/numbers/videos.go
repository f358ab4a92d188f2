package numbers

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// Video is one row of the videos list.
type Video struct {
	ID              uuid.UUID         `json:"id"`
	Platform        platform.Platform `json:"platform"`
	PlatformVideoID string            `json:"platformVideoId"`
	URL             string            `json:"url"`
	Caption         string            `json:"caption"`
	ThumbnailURL    string            `json:"thumbnailUrl"`
	AccountID       *uuid.UUID        `json:"accountId"`
	AccountHandle   string            `json:"accountHandle"`
	// RelatedHandle is the other account PostKind names.
	PostKind      domain.PostKind `json:"postKind"`
	RelatedHandle string          `json:"relatedHandle"`
	PublishedAt   *time.Time      `json:"publishedAt"`
	// PublishedSource: provider, or id (the platform id carries the time).
	PublishedSource *string `json:"publishedSource"`
	// KeptUntil is the end of the campaign window that keeps it past the limit.
	KeptUntil           *time.Time    `json:"keptUntil"`
	Status              domain.Item   `json:"status"`
	StatusReason        string        `json:"statusReason"`
	CollectionID        *uuid.UUID    `json:"collectionId"`
	TrackedIndividually bool          `json:"trackedIndividually"`
	IsShop              *bool         `json:"isShop"`
	AddedAt             time.Time     `json:"addedAt"`
	LastScrapedAt       *time.Time    `json:"lastScrapedAt"`
	Metrics             chread.Counts `json:"metrics"`
	EngagementRate      *float64      `json:"engagementRate"`
	ViewsGained24h      *int64        `json:"viewsGained24h"`
	ViewsGained7d       *int64        `json:"viewsGained7d"`
	Views7d             []*int64      `json:"views7d,omitempty"`
	// Outlier and Forecast are absent from a frozen share link's videos.
	Outlier  *VideoOutlier  `json:"outlier,omitempty"`
	Forecast *VideoForecast `json:"forecast,omitempty"`
}

// Card is the video as a list beside its numbers names it.
func (v Video) Card() domain.VideoCard {
	return domain.VideoCard{ID: v.ID, Platform: v.Platform, URL: v.URL, Caption: v.Caption, ThumbnailURL: v.ThumbnailURL,
		AccountHandle: v.AccountHandle, PublishedAt: v.PublishedAt}
}

// VideoOutlier is a video's outlier score; the numbers are null unless scored.
type VideoOutlier struct {
	// State is one of insight.OutlierStates, or pending.
	State      string   `json:"state"`
	AgeHours   *int     `json:"ageHours"`
	Multiplier *float64 `json:"multiplier"`
	Percentile *int     `json:"percentile"`
	Baseline   *int     `json:"baseline"`
	Views      *int64   `json:"views"`
	Median     *float64 `json:"median"`
}

// VideoForecast is a video's views forecast with 80 % bands; null unless forecast.
type VideoForecast struct {
	State        string     `json:"state"`
	MadeAt       *time.Time `json:"madeAt"`
	Views7d      *int64     `json:"views7d"`
	Views7dLow   *int64     `json:"views7dLow"`
	Views7dHigh  *int64     `json:"views7dHigh"`
	Views30d     *int64     `json:"views30d"`
	Views30dLow  *int64     `json:"views30dLow"`
	Views30dHigh *int64     `json:"views30dHigh"`
	// Gain7d is the views expected in the 7 days after MadeAt.
	Gain7d *int64 `json:"gain7d"`
}

// VideoSort orders the videos list: highest first, none last, ties by id.
type VideoSort string

// The sort orders.
const (
	SortViews      VideoSort = "views"
	SortLikes      VideoSort = "likes"
	SortComments   VideoSort = "comments"
	SortShares     VideoSort = "shares"
	SortSaves      VideoSort = "saves"
	SortEngagement VideoSort = "engagement"
	SortGained24h  VideoSort = "gained24h"
	SortGained7d   VideoSort = "gained7d"
	SortPublished  VideoSort = "published"
	SortAdded      VideoSort = "added"
	// SortOutlier and SortForecast7d read PostgreSQL only.
	SortOutlier    VideoSort = "outlier"
	SortForecast7d VideoSort = "forecast7d"
)

// VideoSorts returns every sort order of the videos list.
func VideoSorts() []VideoSort {
	return []VideoSort{SortViews, SortLikes, SortComments, SortShares, SortSaves, SortEngagement, SortGained24h, SortGained7d, SortPublished, SortAdded,
		SortOutlier, SortForecast7d}
}

func (s VideoSort) insight() bool { return s == SortOutlier || s == SortForecast7d }

// counts reports whether the sort orders by a latest count (the default too).
func (s VideoSort) counts() bool {
	switch s {
	case SortViews, SortLikes, SortComments, SortShares, SortSaves, "":
		return true
	}
	return false
}

// List limits.
const (
	DefaultVideoLimit = 50
	MaxVideoLimit     = 500
	MaxVideoOffset    = 1_000_000
)

// VideoFilter selects videos; the zero value selects those the dashboard counts.
type VideoFilter struct {
	// Status keeps one status (VideoStatuses); empty: the counted ones.
	Status domain.Item
	// Kind keeps one kind; empty: those that count.
	Kind           domain.PostKind
	Platforms      []platform.Platform
	Published      query.Preset
	CollectionID   *uuid.UUID
	IndividualOnly bool
	ShopOnly       bool
}

// narrows says whether the filter at now may keep few of a workspace's
// videos: none but the platforms (the export order's first column).
func (f VideoFilter) narrows(now time.Time) bool {
	f.Platforms = nil
	return !f.none(now)
}

// VideoQuery is a page of the videos list.
type VideoQuery struct {
	Filter VideoFilter
	Sort   VideoSort
	Limit  int
	Offset int
}

// VideoPage is the answer of GET /videos.
type VideoPage struct {
	Videos []Video `json:"videos"`
	Total  int     `json:"total"`
	Limit  int     `json:"limit"`
	Offset int     `json:"offset"`
}

// VideoStatuses are the statuses a filter may keep.
var VideoStatuses = []domain.Item{domain.ItemActive, domain.ItemPending, domain.ItemError, domain.ItemPaused, domain.ItemBeyondLimit}

func (f VideoFilter) none(now time.Time) bool {
	return f.Status == "" && f.Kind == "" && len(f.Platforms) == 0 && query.WindowOf(f.Published, now).Start.IsZero() && f.CollectionID == nil && !f.IndividualOnly && !f.ShopOnly
}

// Key is the filter in a canonical form, for cache keys.
func (f VideoFilter) Key() string {
	c := ""
	if f.CollectionID != nil {
		c = f.CollectionID.String()
	}
	return fmt.Sprintf("p=%s&d=%s&c=%s&i=%t&s=%t&st=%s&k=%s", join(f.Platforms), f.Published, c, f.IndividualOnly, f.ShopOnly, f.Status, f.Kind)
}

// Key is the query in a canonical form, for cache keys.
func (q VideoQuery) Key() string {
	return fmt.Sprintf("%s&sort=%s&limit=%d&offset=%d", q.Filter.Key(), q.Sort, q.Limit, q.Offset)
}

// VideosHandler answers the videos list.
type VideosHandler query.Readers

// Handle returns one page of the workspace's videos (package doc).
func (h VideosHandler) Handle(ctx context.Context, ws uuid.UUID, q VideoQuery) (VideoPage, error) {
	now := h.Now().UTC()
	if page, kept, err := h.rankedPage(ctx, ws, q, now); err != nil || kept {
		if err != nil {
			return VideoPage{}, err
		}
		return page, nil
	}
	// a sort that reads no number from ClickHouse sorts by a time
	sq, byNumber := videoSortMetrics(ws, now, q.Sort)
	byTime := !byNumber
	if byNumber && q.Sort.counts() && q.Filter.none(now) && q.Offset+q.Limit <= topMax {
		sq.Top = q.Offset + q.Limit + topSlack
	}
	keys, ranked, err := h.sortRead(ctx, ws, q, now, sq, byNumber)
	if err != nil {
		return VideoPage{}, err
	}
	var all []rank
	if sq.Top > 0 {
		var ok bool
		if all, ok = topPage(keys, ranked, q, sq.Top); !ok {
			// too many of the first are not listed (removed accounts'): sort all
			sq.Top = 0
			if _, ranked, err = h.sortRead(ctx, ws, q, now, sq, byNumber); err != nil {
				return VideoPage{}, err
			}
		}
	}
	if sq.Top == 0 {
		all = mergeRanks(keys, ranked, q, byTime)
		sortFirst(all, min(len(all), q.Offset+q.Limit))
	}
	page := VideoPage{Videos: []Video{}, Total: len(keys), Limit: q.Limit, Offset: q.Offset}
	for _, r := range all[min(q.Offset, len(all)):min(len(all), q.Offset+q.Limit)] {
		page.Videos = append(page.Videos, Video{ID: r.id})
	}
	if err := h.completePage(ctx, ws, now, page.Videos); err != nil {
		return VideoPage{}, err
	}
	return page, nil
}

// topMax is the deepest page read from ClickHouse in order; topSlack pads it.
const (
	topMax   = 1000
	topSlack = 16
)

// sortRead reads the filtered videos' keys and, at once, sq's ranks.
func (h VideosHandler) sortRead(ctx context.Context, ws uuid.UUID, q VideoQuery, now time.Time, sq chread.EntitiesQuery, byNumber bool) ([]videoKey, []rank, error) {
	var (
		keys   []videoKey
		ranked []rank
		dbErr  = make(chan error, 1)
	)
	go func() {
		var err error
		defer func() { dbErr <- err }()
		defer apperr.Recover(&err)
		keys, err = selectVideoKeys(ctx, h.DB, ws, q.Filter, now, q.Sort, !byNumber)
	}()
	var chErr error
	if byNumber {
		chErr = chread.Reader{CH: h.CH}.Entities(ctx, sq, func(id uuid.UUID, e chread.EntityMetrics) error {
			// what rankOf reads; withMetrics allocates the rate
			v := Video{ID: id, Metrics: e.Latest}
			if len(e.Gains) > 0 {
				v.ViewsGained24h, v.ViewsGained7d = e.Gains[0], e.Gains[0]
			}
			if q.Sort == SortEngagement {
				v.withMetrics(e)
			}
			ranked = append(ranked, rankOf(&v, q.Sort))
			return nil
		})
	}
	if err := <-dbErr; err != nil {
		return nil, nil, err
	}
	return keys, ranked, chErr
}

func mergeRanks(keys []videoKey, ranked []rank, q VideoQuery, byTime bool) []rank {
	// sized once: growing a map row by row costs more
	at := make(map[uuid.UUID]int, len(ranked))
	for i, r := range ranked {
		at[r.id] = i
	}
	all := make([]rank, len(keys))
	for i, k := range keys {
		if byTime {
			all[i] = rankOf(&Video{ID: k.id, PublishedAt: k.published, AddedAt: k.added,
				Outlier: &VideoOutlier{Multiplier: k.insight}, Forecast: &VideoForecast{Gain7d: k.gain}}, q.Sort)
		} else if j, ok := at[k.id]; ok {
			all[i] = ranked[j]
		} else {
			all[i] = rank{id: k.id}
		}
	}
	return all
}

// topPage orders the page from ClickHouse's top and the keys; false if it cannot.
func topPage(keys []videoKey, top []rank, q VideoQuery, asked int) ([]rank, bool) {
	at := make(map[uuid.UUID]int, len(top))
	for i, r := range top {
		at[r.id] = i
	}
	listed := make([]bool, len(top))
	for _, k := range keys {
		if i, ok := at[k.id]; ok {
			listed[i] = true
		}
	}
	need := q.Offset + q.Limit
	var out []rank
	for i, r := range top {
		if listed[i] && r.has {
			out = append(out, r)
		}
	}
	if len(out) >= need {
		return out[:need], true
	}
	if len(top) == asked {
		return nil, false
	}
	// top is all ClickHouse has: every other listed video has no value
	var rest []rank
	for _, k := range keys {
		if i, ok := at[k.id]; !ok || !top[i].has {
			rest = append(rest, rank{id: k.id})
		}
	}
	sortFirst(rest, min(len(rest), need-len(out)))
	return append(out, rest[:min(len(rest), need-len(out))]...), true
}

// completePage fills a page's videos: their rows, numbers and sparklines.
func (h VideosHandler) completePage(ctx context.Context, ws uuid.UUID, now time.Time, vs []Video) error {
	return h.fillPage(ctx, ws, now, vs, func(ctx context.Context, ids []uuid.UUID) (map[uuid.UUID]chread.EntityMetrics, error) {
		out := map[uuid.UUID]chread.EntityMetrics{}
		q := videoListMetrics(ws, now)
		q.Only = ids
		return out, chread.Reader{CH: h.CH}.Entities(ctx, q, func(id uuid.UUID, e chread.EntityMetrics) error {
			out[id] = e
			return nil
		})
	}, nil)
}

// fillPage fills a page's videos from their rows, the numbers metrics reads
// (latest counts, the 24 h and 7 d gains, first views) and their
// sparklines: with days, those metrics found kept, and ClickHouse's for the
// others; without, ClickHouse's beside the metrics.
func (h VideosHandler) fillPage(ctx context.Context, ws uuid.UUID, now time.Time, vs []Video,
	metrics func(context.Context, []uuid.UUID) (map[uuid.UUID]chread.EntityMetrics, error), days *chread.DaysToFill) error {
	if len(vs) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, len(vs))
	for i, v := range vs {
		ids[i] = v.ID
	}
	var pageMetrics map[uuid.UUID]chread.EntityMetrics
	daily := chread.NewDailyRead(now)
	readDays := func(ctx context.Context, only []uuid.UUID) (err error) {
		daily, err = chread.DailyViewsQuery{Workspace: ws, Only: only, Now: now}.Read(ctx, chread.Reader{CH: h.CH})
		return err
	}
	eg, ectx := fanout.WithContext(ctx)
	eg.Go(func() (err error) {
		if pageMetrics, err = metrics(ectx, ids); err != nil || days == nil {
			return err
		}
		daily, err = days.Read(ectx, chread.Reader{CH: h.CH}, ws, false)
		return err
	})
	if days == nil {
		eg.Go(func() error { return readDays(ectx, ids) })
	}
	eg.Go(func() error { return describeVideos(ectx, h.DB, ws, vs) })
	if err := eg.Wait(); err != nil {
		return err
	}
	var g chread.Slab[int64]
	var p chread.Slab[*int64]
	for i := range vs {
		e, ok := pageMetrics[vs[i].ID]
		if ok {
			vs[i].withMetrics(e)
		}
		vs[i].Views7d = daily.Views(vs[i].ID, e, &g, &p)
	}
	return nil
}

func videoListMetrics(ws uuid.UUID, now time.Time) chread.EntitiesQuery {
	return chread.EntitiesQuery{Workspace: ws, Kind: platform.Video, Metric: domain.Views,
		Cutoffs: []time.Time{query.WindowOf(query.Preset24h, now).Start, query.WindowOf(query.Preset7d, now).Start}}
}

func videoSortMetrics(ws uuid.UUID, now time.Time, by VideoSort) (chread.EntitiesQuery, bool) {
	q := chread.EntitiesQuery{Workspace: ws, Kind: platform.Video, Metric: domain.Views}
	switch by {
	case SortPublished, SortAdded, SortOutlier, SortForecast7d:
		return q, false
	case SortEngagement:
		// every count: the rate sums them
	case SortGained24h:
		q.Read = []domain.Metric{domain.Views}
		q.Cutoffs = []time.Time{query.WindowOf(query.Preset24h, now).Start}
	case SortGained7d:
		q.Read = []domain.Metric{domain.Views}
		q.Cutoffs = []time.Time{query.WindowOf(query.Preset7d, now).Start}
	case SortSaves:
		q.Read = []domain.Metric{domain.Saves}
	case SortLikes:
		q.Read = []domain.Metric{domain.Likes}
	case SortComments:
		q.Read = []domain.Metric{domain.Comments}
	case SortShares:
		q.Read = []domain.Metric{domain.Shares}
	default:
		q.Read = []domain.Metric{domain.Views}
	}
	return q, true
}

func (v *Video) withMetrics(e chread.EntityMetrics) {
	v.Metrics = e.Latest
	v.Metrics.Followers = nil
	v.EngagementRate = videoEngagement(v.Metrics)
	// a query reads the 24h window's gain first, then the 7d one's
	v.ViewsGained24h, v.ViewsGained7d = nil, nil
	if len(e.Gains) > 0 {
		v.ViewsGained24h = e.Gains[0]
	}
	if len(e.Gains) > 1 {
		v.ViewsGained7d = e.Gains[1]
	}
}

const videoColumns = `v.id, v.platform, v.platform_video_id, v.url, v.caption, v.thumbnail_url, v.account_id,
	v.account_handle, v.published_at, v.status, v.status_reason, coalesce(v.collection_id, a.collection_id),
	v.tracked_individually, v.is_shop, v.created_at, v.last_scraped_at, v.post_kind, v.related_handle,
	v.published_source, v.kept_until, ` + insightColumns

// insightColumns are video_insights' (i); a video without a row reads pending.
const insightColumns = `i.outlier_state, i.outlier_age_hours, i.outlier_multiplier,
	i.outlier_percentile, i.outlier_baseline, i.outlier_views, i.outlier_median, i.forecast_state,
	i.computed_at, i.views, i.forecast_7d, i.forecast_7d_low, i.forecast_7d_high, i.forecast_30d, i.forecast_30d_low,
	i.forecast_30d_high`

const videoFromSQL = `
FROM videos v
LEFT JOIN accounts a ON a.id = v.account_id
LEFT JOIN video_insights i ON i.video_id = v.id
WHERE v.workspace_id = $1`

// videoIDsFrom is the FROM and WHERE of a filter's ids, accounts joined only for a collection.
func videoIDsFrom(f VideoFilter, insights bool) string {
	if f.CollectionID != nil {
		return videoFromSQL
	}
	if insights {
		return `
FROM videos v
LEFT JOIN video_insights i ON i.video_id = v.id
WHERE v.workspace_id = $1`
	}
	return `
FROM videos v
WHERE v.workspace_id = $1`
}

// videoMatch is the filter's condition; a test left out is not "$n IS NULL OR ...".
func videoMatch(ws uuid.UUID, f VideoFilter, now time.Time) (string, []any) {
	return videoMatchOf(ws, f, now, true)
}

// videoMatchOf is videoMatch, or without counting the other tests only.
func videoMatchOf(ws uuid.UUID, f VideoFilter, now time.Time, counting bool) (string, []any) {
	args := []any{ws}
	arg := func(v any) string {
		args = append(args, v)
		return fmt.Sprintf("$%d", len(args))
	}
	cond := []string{"TRUE"}
	if counting {
		cond = []string{`(v.tracked_individually OR v.account_id IS NULL OR v.account_id NOT IN (
    SELECT id FROM accounts WHERE workspace_id = $1 AND status = ` + arg(domain.ItemRemoved) + `::text))`}
		if f.Status == "" {
			cond = append(cond, `v.status <> ALL(`+arg(query.UncountedVideos)+`::text[])`)
		} else {
			cond = append(cond, `v.status = `+arg(f.Status)+`::text`)
		}
		if f.Kind == "" {
			cond = append(cond, query.CountedKindSQL)
		} else {
			cond = append(cond, `v.post_kind = `+arg(f.Kind)+`::text`)
		}
	}
	if len(f.Platforms) > 0 {
		cond = append(cond, `v.platform = ANY(`+arg(platformNames(f.Platforms))+`::text[])`)
	}
	if w := query.WindowOf(f.Published, now); !w.Start.IsZero() {
		cond = append(cond, `v.published_at >= `+arg(w.Start)+`::timestamptz`)
	}
	if f.CollectionID != nil {
		cond = append(cond, `coalesce(v.collection_id, a.collection_id) = `+arg(*f.CollectionID)+`::uuid`)
	}
	if f.IndividualOnly {
		cond = append(cond, `v.tracked_individually`)
	}
	if f.ShopOnly {
		cond = append(cond, `v.is_shop`)
	}
	return strings.Join(cond, "\n  AND "), args
}

func platformNames(ps []platform.Platform) []string {
	if len(ps) == 0 {
		return nil
	}
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = string(p)
	}
	return out
}

// videoKey is what the list sorts a video by besides ClickHouse's numbers.
type videoKey struct {
	id        uuid.UUID
	published *time.Time
	added     time.Time
	insight   *float64
	gain      *int64
}

func selectVideoKeys(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, f VideoFilter, now time.Time, by VideoSort, times bool) ([]videoKey, error) {
	if err := checkCollection(ctx, db, ws, f.CollectionID); err != nil {
		return nil, err
	}
	cond, args := videoMatch(ws, f, now)
	var (
		keys []videoKey
		k    videoKey
		// as bytes, which pgx copies rather than parsing text
		dest = []any{(*[16]byte)(&k.id)}
		cols = `v.id`
	)
	switch {
	case by == SortOutlier:
		dest, cols = append(dest, &k.insight), `v.id, i.outlier_multiplier`
	case by == SortForecast7d:
		dest, cols = append(dest, &k.gain), `v.id, greatest(i.forecast_7d - i.views, 0)`
	case times:
		dest, cols = append(dest, &k.published, &k.added), `v.id, v.published_at, v.created_at`
	}
	rows, _ := db.Query(ctx, `SELECT `+cols+videoIDsFrom(f, by.insight())+` AND `+cond, args...)
	_, err := pgx.ForEachRow(rows, dest, func() error {
		keys = append(keys, k)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read videos: %w", err)
	}
	return keys, nil
}

func describeVideos(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, vs []Video) error {
	if len(vs) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, len(vs))
	at := make(map[uuid.UUID]int, len(vs))
	for i, v := range vs {
		ids[i] = v.ID
		at[v.ID] = i
	}
	rows, _ := db.Query(ctx, `SELECT `+videoColumns+videoFromSQL+` AND v.id = ANY($2)`, ws, ids)
	_, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (struct{}, error) {
		d, err := scanVideo(row)
		if err != nil {
			return struct{}{}, err
		}
		v := &vs[at[d.ID]]
		d.Metrics, d.EngagementRate, d.ViewsGained24h, d.ViewsGained7d, d.Views7d = v.Metrics, v.EngagementRate, v.ViewsGained24h, v.ViewsGained7d, v.Views7d
		*v = d
		return struct{}{}, nil
	})
	if err != nil {
		return fmt.Errorf("read videos: %w", err)
	}
	return nil
}

func checkCollection(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, id *uuid.UUID) error {
	if id == nil {
		return nil
	}
	var ok bool
	if err := db.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM collections WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL)`, *id, ws).Scan(&ok); err != nil {
		return fmt.Errorf("read collection: %w", err)
	}
	if !ok {
		return apperr.NotFound("collection not found")
	}
	return nil
}

// selectVideoScope reads a filter's ids and their ClickHouse scope (the others when fewer).
func selectVideoScope(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, f VideoFilter, now time.Time) ([]uuid.UUID, chread.EntityScope, error) {
	if err := checkCollection(ctx, db, ws, f.CollectionID); err != nil {
		return nil, chread.EntityScope{}, err
	}
	cond, args := videoMatch(ws, f, now)
	rows, _ := db.Query(ctx, `SELECT v.id, (`+cond+`) IS TRUE`+videoIDsFrom(f, false), args...)
	defer rows.Close()
	var (
		in, out []uuid.UUID
		id      uuid.UUID
		match   bool
	)
	for rows.Next() {
		if err := rows.Scan(&id, &match); err != nil {
			return nil, chread.EntityScope{}, fmt.Errorf("read videos: %w", err)
		}
		if match {
			in = append(in, id)
		} else {
			out = append(out, id)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, chread.EntityScope{}, fmt.Errorf("read videos: %w", err)
	}
	if len(out) < len(in) {
		return in, chread.EntityScope{IDs: out, Except: true}, nil
	}
	return in, chread.EntityScope{IDs: in}, nil
}

func scanVideo(row pgx.CollectableRow) (Video, error) {
	var v Video
	o, f := &VideoOutlier{}, &VideoForecast{}
	var seenViews *int64
	var outlierState, forecastState *string
	err := row.Scan(&v.ID, &v.Platform, &v.PlatformVideoID, &v.URL, &v.Caption, &v.ThumbnailURL, &v.AccountID,
		&v.AccountHandle, &v.PublishedAt, &v.Status, &v.StatusReason, &v.CollectionID,
		&v.TrackedIndividually, &v.IsShop, &v.AddedAt, &v.LastScrapedAt, &v.PostKind, &v.RelatedHandle,
		&v.PublishedSource, &v.KeptUntil,
		&outlierState, &o.AgeHours, &o.Multiplier, &o.Percentile, &o.Baseline, &o.Views, &o.Median, &forecastState,
		&f.MadeAt, &seenViews, &f.Views7d, &f.Views7dLow, &f.Views7dHigh, &f.Views30d, &f.Views30dLow, &f.Views30dHigh)
	if f.Views7d != nil && seenViews != nil {
		g := max(0, *f.Views7d-*seenViews)
		f.Gain7d = &g
	}
	f.MadeAt = query.InUTC(f.MadeAt)
	o.State, f.State = cmp.Or(deref(outlierState), "pending"), cmp.Or(deref(forecastState), "pending")
	v.Outlier, v.Forecast = o, f
	v.AddedAt = v.AddedAt.UTC()
	v.PublishedAt = query.InUTC(v.PublishedAt)
	v.LastScrapedAt = query.InUTC(v.LastScrapedAt)
	v.KeptUntil = query.InUTC(v.KeptUntil)
	return v, err
}

func sortVideos(vs []Video, by VideoSort) {
	slices.SortFunc(vs, func(a, b Video) int { return compareRanks(rankOf(&a, by), rankOf(&b, by)) })
}

// rank is a video's value in a sort, as an unsigned number in the same order.
type rank struct {
	id  uuid.UUID
	v   uint64
	has bool
}

func rankOf(v *Video, by VideoSort) rank {
	r := rank{id: v.ID}
	count := func(n *uint64) {
		if n != nil {
			r.v, r.has = *n, true
		}
	}
	// flipping the sign bit orders signed numbers as unsigned ones
	signed := func(n int64) { r.v, r.has = uint64(n)^1<<63, true }
	switch by {
	case SortLikes:
		count(v.Metrics.Likes)
	case SortComments:
		count(v.Metrics.Comments)
	case SortShares:
		count(v.Metrics.Shares)
	case SortSaves:
		count(v.Metrics.Saves)
	case SortEngagement:
		// a rate is never negative: its bits are in its order
		if v.EngagementRate != nil {
			r.v, r.has = math.Float64bits(*v.EngagementRate), true
		}
	case SortGained24h:
		if v.ViewsGained24h != nil {
			signed(*v.ViewsGained24h)
		}
	case SortGained7d:
		if v.ViewsGained7d != nil {
			signed(*v.ViewsGained7d)
		}
	case SortPublished:
		if v.PublishedAt != nil {
			signed(v.PublishedAt.UnixNano())
		}
	case SortAdded:
		signed(v.AddedAt.UnixNano())
	case SortOutlier:
		// never negative either
		if v.Outlier != nil && v.Outlier.Multiplier != nil {
			r.v, r.has = math.Float64bits(*v.Outlier.Multiplier), true
		}
	case SortForecast7d:
		if v.Forecast != nil && v.Forecast.Gain7d != nil {
			signed(*v.Forecast.Gain7d)
		}
	default:
		count(v.Metrics.Views)
	}
	return r
}

// sortFirst sorts the first k of rs into place by quickselect, the rest in any order.
func sortFirst(rs []rank, k int) {
	lo, hi := 0, len(rs)
	for hi-lo > 16 && k > lo && k < hi {
		p := lo + rand.IntN(hi-lo)
		rs[p], rs[hi-1] = rs[hi-1], rs[p]
		at := lo
		for i := lo; i < hi-1; i++ {
			if compareRanks(rs[i], rs[hi-1]) < 0 {
				rs[i], rs[at] = rs[at], rs[i]
				at++
			}
		}
		rs[at], rs[hi-1] = rs[hi-1], rs[at]
		// rs[lo:at] come before the pivot, now at rs[at], and the rest after
		if k <= at {
			hi = at
		} else {
			lo = at + 1
		}
	}
	if lo >= k {
		hi = lo
	}
	slices.SortFunc(rs[:hi], compareRanks)
}

// compareRanks orders from the highest value down, none last, ties by id.
func compareRanks(a, b rank) int {
	switch {
	case a.has != b.has && a.has:
		return -1
	case a.has != b.has:
		return 1
	}
	if c := cmp.Compare(b.v, a.v); c != 0 {
		return c
	}
	return compareIDs(a.id, b.id)
}

func compareIDs(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) }

// descNilLast orders from the highest value down, nil after every value.
func descNilLast[T cmp.Ordered](a, b *T) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	return cmp.Compare(*b, *a)
}

func deref[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

func join[T ~string](vs []T) string {
	s := make([]string, len(vs))
	for i, v := range vs {
		s[i] = string(v)
	}
	return strings.Join(s, ", ")
}
