package numbers

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
	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// Account is one row of the accounts list, with the figures of its videos.
type Account struct {
	ID            uuid.UUID         `json:"id"`
	Platform      platform.Platform `json:"platform"`
	Handle        string            `json:"handle"`
	URL           string            `json:"url"`
	DisplayName   string            `json:"displayName"`
	AvatarURL     string            `json:"avatarUrl"`
	Status        domain.Item       `json:"status"`
	StatusReason  string            `json:"statusReason"`
	TrackingLimit int               `json:"tracking_limit"`
	CollectionID  *uuid.UUID        `json:"collectionId"`
	Followers     *uint64           `json:"followers"`
	// the gains over the 7d and 30d windows; nil when followers were never recorded
	FollowersGained7d  *int64 `json:"followersGained7d"`
	FollowersGained30d *int64 `json:"followersGained30d"`
	// TrackedVideos counts the videos that count; the figures below cover these.
	TrackedVideos     int `json:"trackedVideos"`
	VideosBeyondLimit int `json:"videosBeyondLimit"`
	// VideosNotOwn counts the posts of its feed not its own: shown, never counted.
	VideosNotOwn int `json:"videosNotOwn"`
	// the figures from ClickHouse are nil when the numbers are unavailable
	VideosWithViews *int    `json:"videosWithViews"`
	TotalViews      *uint64 `json:"totalViews"`
	// TotalSaves is nil when no video recorded saves (Instagram hides them).
	TotalSaves     *uint64  `json:"totalSaves"`
	AverageViews   *float64 `json:"averageViews"`
	EngagementRate *float64 `json:"engagementRate"`
	ViewsGained7d  *int64   `json:"viewsGained7d"`
	// Views7d is the sparkline of the last 7 UTC days, in the list only.
	Views7d       []*int64   `json:"views7d,omitempty"`
	LastScrapedAt *time.Time `json:"lastScrapedAt"`
	AddedAt       time.Time  `json:"addedAt"`
}

// AccountSort orders the accounts list: highest first, none last, ties by id.
type AccountSort string

// The account sort orders.
const (
	AccountSortFollowers         AccountSort = "followers"
	AccountSortFollowersGained7d AccountSort = "followersGained7d"
	AccountSortViews             AccountSort = "views"
	AccountSortGained7d          AccountSort = "gained7d"
	AccountSortSaves             AccountSort = "saves"
	AccountSortEngagement        AccountSort = "engagement"
	AccountSortVideos            AccountSort = "videos"
	AccountSortAdded             AccountSort = "added"
)

// AccountSorts returns every sort order of the accounts list.
func AccountSorts() []AccountSort {
	return []AccountSort{AccountSortFollowers, AccountSortFollowersGained7d, AccountSortViews,
		AccountSortGained7d, AccountSortSaves, AccountSortEngagement, AccountSortVideos, AccountSortAdded}
}

// AccountQuery selects and orders the accounts list.
type AccountQuery struct {
	Platforms    []platform.Platform
	CollectionID *uuid.UUID
	Sort         AccountSort
}

// Key is the query in a canonical form, for cache keys.
func (q AccountQuery) Key() string {
	c := ""
	if q.CollectionID != nil {
		c = q.CollectionID.String()
	}
	return fmt.Sprintf("p=%s&c=%s&sort=%s", join(q.Platforms), c, q.Sort)
}

// AccountList is the answer of GET /accounts.
type AccountList struct {
	Accounts []Account `json:"accounts"`
	Total    int       `json:"total"`
	// MetricsAvailable is false when ClickHouse could not be read: every figure is nil.
	MetricsAvailable bool `json:"metricsAvailable"`
}

// Partial reports an answer without its figures, which is not cached.
func (l AccountList) Partial() bool { return !l.MetricsAvailable }

// AccountsHandler answers the accounts list and single accounts.
type AccountsHandler query.Readers

// Handle returns every account of the workspace not removed that matches q.
func (h AccountsHandler) Handle(ctx context.Context, ws uuid.UUID, q AccountQuery) (AccountList, error) {
	if err := checkCollection(ctx, h.DB, ws, q.CollectionID); err != nil {
		return AccountList{}, err
	}
	now := h.Now().UTC()
	sel := accountSelect{Platforms: q.Platforms, CollectionID: q.CollectionID, WithoutMetrics: true, Daily: true}
	out, kept, err := h.keptList(ctx, ws, sel, now)
	if err != nil {
		return AccountList{}, err
	}
	if !kept {
		rows, withMetrics, err := loadAccounts(ctx, h.DB, h.CH, ws, sel, now)
		if err != nil {
			return AccountList{}, err
		}
		out = AccountList{Accounts: make([]Account, len(rows)), Total: len(rows), MetricsAvailable: withMetrics}
		for i, r := range rows {
			out.Accounts[i] = r.Account
		}
	}
	sortAccounts(out.Accounts, q.Sort)
	return out, nil
}

// keptList reads the list from the kept sums (schema 0039) when ws's video
// ranks are synced and the 7 d window's start values written: one row per
// account, whatever its videos. kept is false (the list to be read whole)
// otherwise, and when ClickHouse fails: the whole read then answers
// without figures.
func (h AccountsHandler) keptList(ctx context.Context, ws uuid.UUID, sel accountSelect, now time.Time) (out AccountList, kept bool, err error) {
	synced, _, has7, err := rankState(ctx, h.DB, ws, now)
	if err != nil || !synced || !has7 {
		return out, false, err
	}
	w7 := domain.RankWindows[1]
	slot, day := w7.Slot(w7.Start(now)), chread.Daily.Floor(now)
	accByID := map[uuid.UUID]chread.EntityMetrics{}
	var accounts []accountRow
	chg, chctx := fanout.WithContext(ctx)
	chg.Go(func() error {
		return chread.Reader{CH: h.CH}.Entities(chctx, accountListMetrics(ws, now), func(id uuid.UUID, e chread.EntityMetrics) error {
			accByID[id] = e
			return nil
		})
	})
	keepErr := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if _, err := (AccountSums{DB: h.DB, CH: h.CH}).keep(ctx, tx, ws, now, false); err != nil {
			return err
		}
		// the rows the run left, in its transaction
		rows, _ := tx.Query(ctx, fmt.Sprintf(`
SELECT `+accountColumns+`, coalesce(s.tracked, 0), coalesce(s.beyond_limit, 0), coalesce(s.not_own, 0),
	coalesce(s.with_views, 0), coalesce(s.total_views, 0), s.saves, coalesce(s.rated_views, 0),
	coalesce(s.interactions, 0), coalesce(s.gained_%s, 0),
	CASE WHEN s.spark_day_%d = $7::date THEN s.spark_%[2]d END
FROM accounts a
LEFT JOIN account_sums s ON s.account_id = a.id`+accountsWhereSQL, slot, sparkSlot(day)),
			ws, sel.ID, sel.IncludeRemoved, platformNames(sel.Platforms), sel.CollectionID, domain.ItemRemoved, day.Format(time.DateOnly))
		var err error
		accounts, err = pgx.CollectRows(rows, scanKeptAccount)
		return err
	})
	chErr := chg.Wait()
	if keepErr != nil || chErr != nil {
		err := keepErr
		if err == nil {
			err = chErr
		}
		if store.Unavailable(err) && ctx.Err() == nil {
			return out, false, nil
		}
		return out, false, fmt.Errorf("read kept accounts: %w", err)
	}
	out = AccountList{Accounts: make([]Account, len(accounts)), Total: len(accounts), MetricsAvailable: true}
	for i, a := range accounts {
		if e, ok := accByID[a.ID]; ok {
			a.Followers = e.Latest.Followers
			a.FollowersGained7d, a.FollowersGained30d = e.Gains[0], e.Gains[1]
		}
		out.Accounts[i] = a.Account
	}
	return out, true, nil
}

func scanKeptAccount(row pgx.CollectableRow) (accountRow, error) {
	var (
		a                               accountRow
		withViews                       int
		total, ratedViews, interactions uint64
		gained                          int64
		saves                           *int64
		spark                           []*int64
	)
	err := row.Scan(&a.ID, &a.Platform, &a.Handle, &a.URL, &a.DisplayName, &a.AvatarURL, &a.Status, &a.StatusReason,
		&a.TrackingLimit, &a.CollectionID, &a.LastScrapedAt, &a.AddedAt,
		&a.TrackedVideos, &a.VideosBeyondLimit, &a.VideosNotOwn, &withViews, &total, &saves, &ratedViews, &interactions, &gained, &spark)
	a.AddedAt = a.AddedAt.UTC()
	a.LastScrapedAt = query.InUTC(a.LastScrapedAt)
	a.setTotals(withViews, total, ratedViews, interactions, gained)
	if saves != nil {
		s := uint64(*saves)
		a.TotalSaves = &s
	}
	if a.Views7d = spark; len(spark) != chread.SparkDays {
		// computed by the run in this transaction; none only for an account added since
		a.Views7d = make([]*int64, chread.SparkDays)
	}
	return a, err
}

// One returns one account in the list's shape, a removed one too.
func (h AccountsHandler) One(ctx context.Context, ws, id uuid.UUID) (Account, error) {
	rows, _, err := loadAccounts(ctx, h.DB, h.CH, ws, accountSelect{ID: &id, IncludeRemoved: true, WithoutMetrics: true}, h.Now().UTC())
	if err != nil {
		return Account{}, err
	}
	if len(rows) == 0 {
		return Account{}, apperr.NotFound("account not found")
	}
	return rows[0].Account, nil
}

type accountSelect struct {
	ID             *uuid.UUID
	Platforms      []platform.Platform
	CollectionID   *uuid.UUID
	IncludeRemoved bool
	// VideoDetails reads every column of the videos, not just what the figures need.
	VideoDetails bool
	// WithoutMetrics lets a ClickHouse outage pass, the figures nil.
	WithoutMetrics bool
	// Daily reads the sparkline (Views7d).
	Daily bool
	// Kept, for one account (ID), reads its videos' numbers from video_ranks
	// at these windows' columns instead of from ClickHouse.
	Kept *keptColumns
}

type videoRow struct {
	Video
	FirstAt time.Time
	// FirstViews is the first views recorded (0: never).
	FirstViews uint64
}

type accountRow struct {
	Account
	FirstAt time.Time
	Videos  []videoRow
}

const accountColumns = `a.id, a.platform, a.handle, a.url, a.display_name, a.avatar_url, a.status, a.status_reason,
	a.tracking_limit, a.collection_id, a.last_scraped_at, a.created_at`

const accountsSQL = `
SELECT ` + accountColumns + `
FROM accounts a` + accountsWhereSQL

// accountsWhereSQL selects a workspace's accounts by id, platforms and collection.
const accountsWhereSQL = `
WHERE a.workspace_id = $1
  AND ($2::uuid IS NULL OR a.id = $2)
  AND ($3 OR a.status <> $6)
  AND ($4::text[] IS NULL OR a.platform = ANY($4))
  AND ($5::uuid IS NULL OR a.collection_id = $5)`

// accountVideosFromSQL selects the videos of the workspace's accounts (or one's).
const accountVideosFromSQL = `
FROM videos v
JOIN accounts a ON a.id = v.account_id
LEFT JOIN video_insights i ON i.video_id = v.id
WHERE v.workspace_id = $1 AND ($2::uuid IS NULL OR v.account_id = $2)`

// loadAccounts reads the accounts with their videos and, at once, their
// numbers; withMetrics is false when a ClickHouse outage passed.
func loadAccounts(ctx context.Context, db *pgxpool.Pool, ch chread.Conn, ws uuid.UUID, sel accountSelect, now time.Time) (rows []accountRow, withMetrics bool, err error) {
	var (
		accounts []accountRow
		videos   []Video
		accByID  = map[uuid.UUID]chread.EntityMetrics{}
		vidByID  = map[uuid.UUID]chread.EntityMetrics{}
		daily    chread.DailyRead
	)
	// separate groups: a ClickHouse failure that may pass does not cancel the rows
	pg, pgctx := fanout.WithContext(ctx)
	pg.Go(func() error {
		rows, _ := db.Query(pgctx, accountsSQL, ws, sel.ID, sel.IncludeRemoved, platformNames(sel.Platforms), sel.CollectionID, domain.ItemRemoved)
		var err error // its own: the two reads run at once
		accounts, err = pgx.CollectRows(rows, scanAccount)
		if err != nil {
			return fmt.Errorf("read accounts: %w", err)
		}
		return nil
	})
	pg.Go(func() error {
		cols, scan := `v.id, v.account_id, v.status, v.post_kind`, func(row pgx.CollectableRow) (Video, error) {
			var v Video
			return v, row.Scan(&v.ID, &v.AccountID, &v.Status, &v.PostKind)
		}
		if sel.VideoDetails {
			cols, scan = videoColumns, scanVideo
		}
		rows, _ := db.Query(pgctx, `SELECT `+cols+accountVideosFromSQL, ws, sel.ID)
		var err error
		videos, err = pgx.CollectRows(rows, scan)
		if err != nil {
			return fmt.Errorf("read account videos: %w", err)
		}
		return nil
	})
	// ClickHouse reads every video's numbers for the list, and only the
	// account's own for one account (read once PostgreSQL listed them)
	var chg *fanout.Group
	readCH := func(accounts, videos []uuid.UUID) {
		var chctx context.Context
		chg, chctx = fanout.WithContext(ctx)
		chg.Go(func() error {
			q := accountListMetrics(ws, now)
			q.Only = accounts
			return chread.Reader{CH: ch}.Entities(chctx, q, func(id uuid.UUID, e chread.EntityMetrics) error {
				accByID[id] = e
				return nil
			})
		})
		chg.Go(func() error {
			// the videos list's query, so each video reads the same there
			q := videoListMetrics(ws, now)
			q.Only = videos
			if videos != nil && len(videos) == 0 {
				return nil
			}
			if sel.Kept != nil && videos != nil {
				var err error
				vidByID, err = keptMetrics(chctx, db, ws, videos, *sel.Kept, nil)
				return err
			}
			return chread.Reader{CH: ch}.Entities(chctx, q, func(id uuid.UUID, e chread.EntityMetrics) error {
				vidByID[id] = e
				return nil
			})
		})
		if sel.Daily {
			chg.Go(func() error {
				var err error
				daily, err = chread.DailyViewsQuery{Workspace: ws, Now: now}.Read(chctx, chread.Reader{CH: ch})
				return err
			})
		}
	}
	if sel.ID == nil {
		readCH(nil, nil)
	} else if err := pg.Wait(); err == nil {
		ids := make([]uuid.UUID, 0, len(videos))
		for _, v := range videos {
			ids = append(ids, v.ID)
		}
		readCH([]uuid.UUID{*sel.ID}, ids)
	} else {
		return nil, false, err
	}
	pgErr, chErr := pg.Wait(), chg.Wait()
	if pgErr != nil {
		return nil, false, pgErr
	}
	withMetrics = chErr == nil
	if chErr != nil && !(sel.WithoutMetrics && store.Unavailable(chErr) && ctx.Err() == nil) {
		return nil, false, chErr
	}
	index := make(map[uuid.UUID]int, len(accounts))
	for i := range accounts {
		index[accounts[i].ID] = i
		if e, ok := accByID[accounts[i].ID]; ok && withMetrics {
			accounts[i].FirstAt = e.FirstAt
			accounts[i].Followers = e.Latest.Followers
			accounts[i].FollowersGained7d, accounts[i].FollowersGained30d = e.Gains[0], e.Gains[1]
		}
	}
	var (
		gains chread.Slab[int64]
		days  chread.Slab[*int64]
	)
	for _, v := range videos {
		i, ok := index[*v.AccountID]
		if !ok || domain.Item(v.Status) == domain.ItemRemoved {
			continue
		}
		r := videoRow{Video: v}
		if e, ok := vidByID[v.ID]; ok && withMetrics {
			r.withMetrics(e)
			r.FirstAt, r.FirstViews = e.FirstAt, e.First
		}
		if daily.Has(v.ID) && withMetrics && counted(v) {
			accounts[i].Views7d = chread.SumDaily(accounts[i].Views7d, daily.Views(v.ID, vidByID[v.ID], &gains, &days))
		}
		accounts[i].Videos = append(accounts[i].Videos, r)
	}
	for i := range accounts {
		accounts[i].derive(withMetrics)
		if sel.Daily && withMetrics && accounts[i].Views7d == nil {
			accounts[i].Views7d = make([]*int64, chread.SparkDays)
		}
	}
	return accounts, withMetrics, nil
}

func accountListMetrics(ws uuid.UUID, now time.Time) chread.EntitiesQuery {
	return chread.EntitiesQuery{Workspace: ws, Kind: platform.Account, Metric: domain.Followers,
		Cutoffs: []time.Time{query.WindowOf(query.Preset7d, now).Start, query.WindowOf(query.Preset30d, now).Start}}
}

// derive sums the figures of the counted videos, or only counts them.
func (r *accountRow) derive(withMetrics bool) {
	counts := make([]videoRow, 0, len(r.Videos))
	for _, v := range r.Videos {
		switch {
		case !domain.PostKind(v.PostKind).Counted():
			r.VideosNotOwn++
		case domain.Item(v.Status) == domain.ItemBeyondLimit:
			r.VideosBeyondLimit++
		default:
			counts = append(counts, v)
		}
	}
	r.TrackedVideos = len(counts)
	if !withMetrics {
		return
	}
	var interactions, ratedViews, total, saves uint64
	var withViews int
	var gained int64
	for _, v := range counts {
		if p := v.Metrics.Views; p != nil {
			withViews++
			total += *p
		}
		if rated(v.Metrics) {
			ratedViews += *v.Metrics.Views
			interactions += v.Metrics.Interactions()
		}
		if g := v.ViewsGained7d; g != nil {
			gained += *g
		}
		if p := v.Metrics.Saves; p != nil {
			saves += *p
			r.TotalSaves = &saves
		}
	}
	r.setTotals(withViews, total, ratedViews, interactions, gained)
}

// setTotals sets the figures made of the counted videos' sums.
func (a *Account) setTotals(withViews int, total, ratedViews, interactions uint64, gained int64) {
	a.VideosWithViews, a.TotalViews, a.ViewsGained7d = &withViews, &total, &gained
	if withViews > 0 {
		avg := float64(total) / float64(withViews)
		a.AverageViews = &avg
	}
	a.EngagementRate = EngagementRate(interactions, ratedViews)
}

// counted reports whether an account's figures count the video: its own
// post (or a collab) within the tracking limit.
func counted(v Video) bool {
	return domain.PostKind(v.PostKind).Counted() && domain.Item(v.Status) != domain.ItemBeyondLimit
}

func scanAccount(row pgx.CollectableRow) (accountRow, error) {
	var a accountRow
	err := row.Scan(&a.ID, &a.Platform, &a.Handle, &a.URL, &a.DisplayName, &a.AvatarURL, &a.Status, &a.StatusReason,
		&a.TrackingLimit, &a.CollectionID, &a.LastScrapedAt, &a.AddedAt)
	a.AddedAt = a.AddedAt.UTC()
	a.LastScrapedAt = query.InUTC(a.LastScrapedAt)
	return a, err
}

func sortAccounts(as []Account, by AccountSort) {
	var order func(a, b *Account) int
	switch by {
	case AccountSortFollowersGained7d:
		order = func(a, b *Account) int { return descNilLast(a.FollowersGained7d, b.FollowersGained7d) }
	case AccountSortViews:
		order = func(a, b *Account) int { return descNilLast(a.TotalViews, b.TotalViews) }
	case AccountSortGained7d:
		order = func(a, b *Account) int { return descNilLast(a.ViewsGained7d, b.ViewsGained7d) }
	case AccountSortSaves:
		order = func(a, b *Account) int { return descNilLast(a.TotalSaves, b.TotalSaves) }
	case AccountSortEngagement:
		order = func(a, b *Account) int { return descNilLast(a.EngagementRate, b.EngagementRate) }
	case AccountSortVideos:
		order = func(a, b *Account) int { return descNilLast(&a.TrackedVideos, &b.TrackedVideos) }
	case AccountSortAdded:
		order = func(a, b *Account) int { return b.AddedAt.Compare(a.AddedAt) }
	default:
		order = func(a, b *Account) int { return descNilLast(a.Followers, b.Followers) }
	}
	slices.SortFunc(as, func(a, b Account) int {
		if c := order(&a, &b); c != 0 {
			return c
		}
		return compareIDs(a.ID, b.ID)
	})
}
