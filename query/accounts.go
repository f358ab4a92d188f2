package query

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/errgroup"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// Account is one row of the accounts list: the account with metrics derived
// from its own snapshots (followers) and from its videos' (views,
// engagement). Video figures cover the videos found through the account.
type Account struct {
	ID            uuid.UUID  `json:"id"`
	Platform      string     `json:"platform"`
	Handle        string     `json:"handle"`
	URL           string     `json:"url"`
	DisplayName   string     `json:"displayName"`
	AvatarURL     string     `json:"avatarUrl"`
	Status        string     `json:"status"`
	StatusReason  string     `json:"statusReason"`
	TrackingLimit int        `json:"tracking_limit"`
	CollectionID  *uuid.UUID `json:"collectionId"`
	// Followers is the latest recorded follower count; nil when never
	// recorded.
	Followers *uint64 `json:"followers"`
	// FollowersGained7d and FollowersGained30d are gains over the 7d and
	// 30d windows (see Preset); nil when followers were never recorded.
	FollowersGained7d  *int64 `json:"followersGained7d"`
	FollowersGained30d *int64 `json:"followersGained30d"`
	// TrackedVideos counts the videos found through the account.
	TrackedVideos int `json:"trackedVideos"`
	// VideosWithViews counts those with a recorded view count.
	VideosWithViews int `json:"videosWithViews"`
	// TotalViews sums the latest views of the account's videos.
	TotalViews uint64 `json:"totalViews"`
	// AverageViews is TotalViews per video with views; nil without one.
	AverageViews *float64 `json:"averageViews"`
	// EngagementRate is interactions per view in percent over the videos
	// with more than 0 views, as the overview computes it.
	EngagementRate *float64 `json:"engagementRate"`
	// ViewsGained7d sums the videos' views gained over the 7d window.
	ViewsGained7d int64      `json:"viewsGained7d"`
	LastScrapedAt *time.Time `json:"lastScrapedAt"`
	AddedAt       time.Time  `json:"addedAt"`
}

// AccountSort orders the accounts list, from the highest value down;
// accounts without the value come last, ties in id order.
type AccountSort string

// The account sort orders.
const (
	AccountSortFollowers         AccountSort = "followers"
	AccountSortFollowersGained7d AccountSort = "followersGained7d"
	AccountSortViews             AccountSort = "views"
	AccountSortGained7d          AccountSort = "gained7d"
	AccountSortEngagement        AccountSort = "engagement"
	AccountSortVideos            AccountSort = "videos"
	AccountSortAdded             AccountSort = "added"
)

var accountSorts = []AccountSort{AccountSortFollowers, AccountSortFollowersGained7d, AccountSortViews,
	AccountSortGained7d, AccountSortEngagement, AccountSortVideos, AccountSortAdded}

// AccountQuery selects and orders the accounts list.
type AccountQuery struct {
	Platforms    []platform.Platform
	CollectionID *uuid.UUID
	Sort         AccountSort
}

// ParseAccountQuery reads the parameters of GET /accounts: platforms and
// collectionId as for the videos list, sort (default followers).
func ParseAccountQuery(get func(string) string) (AccountQuery, error) {
	f, err := ParseVideoFilter(func(k string) string {
		if k == "platforms" || k == "collectionId" {
			return get(k)
		}
		return ""
	}, PresetAll)
	errs := nonNil(err)
	q := AccountQuery{Platforms: f.Platforms, CollectionID: f.CollectionID, Sort: AccountSortFollowers}
	if raw := get("sort"); raw != "" {
		if !slices.Contains(accountSorts, AccountSort(raw)) {
			errs = append(errs, apperr.Invalid("sort", fmt.Sprintf("unknown value %s: must be one of %s", quote(raw), join(accountSorts))))
		}
		q.Sort = AccountSort(raw)
	}
	return q, joinErrs(errs)
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
}

// AccountsHandler answers the accounts list and single accounts.
type AccountsHandler struct {
	DB  *pgxpool.Pool
	CH  driver.Conn
	Now func() time.Time
}

// Handle returns every account of the workspace that is not removed and
// matches the query.
func (h AccountsHandler) Handle(ctx context.Context, ws uuid.UUID, q AccountQuery) (AccountList, error) {
	if err := checkCollection(ctx, h.DB, ws, q.CollectionID); err != nil {
		return AccountList{}, err
	}
	rows, err := loadAccounts(ctx, h.DB, h.CH, ws, accountSelect{Platforms: q.Platforms, CollectionID: q.CollectionID}, h.Now().UTC())
	if err != nil {
		return AccountList{}, err
	}
	out := AccountList{Accounts: make([]Account, len(rows)), Total: len(rows)}
	for i, r := range rows {
		out.Accounts[i] = r.Account
	}
	sortAccounts(out.Accounts, q.Sort)
	return out, nil
}

// One returns one account of the workspace in the list's shape, a removed
// one too (its figures cover the history it keeps); not found for an id of
// another workspace.
func (h AccountsHandler) One(ctx context.Context, ws, id uuid.UUID) (Account, error) {
	rows, err := loadAccounts(ctx, h.DB, h.CH, ws, accountSelect{ID: &id, IncludeRemoved: true}, h.Now().UTC())
	if err != nil {
		return Account{}, err
	}
	if len(rows) == 0 {
		return Account{}, apperr.NotFound("account not found")
	}
	return rows[0].Account, nil
}

// accountSelect picks the accounts loadAccounts reads.
type accountSelect struct {
	ID             *uuid.UUID
	Platforms      []platform.Platform
	CollectionID   *uuid.UUID
	IncludeRemoved bool
	// VideoDetails reads the accounts' videos with every column; without
	// it only their ids, which is all the accounts' figures need.
	VideoDetails bool
}

// videoRow is an account's video with the time of its first snapshot.
type videoRow struct {
	Video
	// FirstAt is the time of the first snapshot; zero when none.
	FirstAt time.Time
}

// accountRow is an account with its videos and what the projections know
// beyond the list's columns.
type accountRow struct {
	Account
	// FirstAt is the account's first snapshot; zero when none.
	FirstAt time.Time
	// Videos are the account's videos with their metrics, in no order.
	Videos []videoRow
}

const accountColumns = `a.id, a.platform, a.handle, a.url, a.display_name, a.avatar_url, a.status, a.status_reason,
	a.tracking_limit, a.collection_id, a.last_scraped_at, a.created_at`

const accountsSQL = `
SELECT ` + accountColumns + `
FROM accounts a
WHERE a.workspace_id = $1
  AND ($2::uuid IS NULL OR a.id = $2)
  AND ($3 OR a.status <> 'removed')
  AND ($4::text[] IS NULL OR a.platform = ANY($4))
  AND ($5::uuid IS NULL OR a.collection_id = $5)`

// accountVideosFromSQL selects the videos found through the workspace's
// accounts (or one account's), whatever the account's status.
const accountVideosFromSQL = `
FROM videos v
JOIN accounts a ON a.id = v.account_id
WHERE v.workspace_id = $1 AND ($2::uuid IS NULL OR v.account_id = $2)`

// loadAccounts reads the selected accounts with their videos: rows from
// PostgreSQL, numbers from the ClickHouse projections, all read at once.
// Followers gains are over the 7d and 30d windows; video figures are those
// of the videos list.
func loadAccounts(ctx context.Context, db *pgxpool.Pool, ch driver.Conn, ws uuid.UUID, sel accountSelect, now time.Time) ([]accountRow, error) {
	var (
		accounts []accountRow
		videos   []Video
		accByID  = map[uuid.UUID]entityMetrics{}
		vidByID  = map[uuid.UUID]entityMetrics{}
	)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		rows, err := db.Query(gctx, accountsSQL, ws, sel.ID, sel.IncludeRemoved, platformNames(sel.Platforms), sel.CollectionID)
		if err != nil {
			return fmt.Errorf("read accounts: %w", err)
		}
		accounts, err = pgx.CollectRows(rows, scanAccount)
		if err != nil {
			return fmt.Errorf("read accounts: %w", err)
		}
		return nil
	})
	g.Go(func() error {
		cols, scan := `v.id, v.account_id`, func(row pgx.CollectableRow) (Video, error) {
			var v Video
			return v, row.Scan(&v.ID, &v.AccountID)
		}
		if sel.VideoDetails {
			cols, scan = videoColumns, scanVideo
		}
		rows, err := db.Query(gctx, `SELECT `+cols+accountVideosFromSQL, ws, sel.ID)
		if err != nil {
			return fmt.Errorf("read account videos: %w", err)
		}
		videos, err = pgx.CollectRows(rows, scan)
		if err != nil {
			return fmt.Errorf("read account videos: %w", err)
		}
		return nil
	})
	g.Go(func() error {
		cutoffs := []time.Time{WindowOf(Preset7d, now).Start, WindowOf(Preset30d, now).Start}
		return metrics{ch}.entities(gctx, ws, "account", Followers, cutoffs, func(id uuid.UUID, e entityMetrics) error {
			accByID[id] = e
			return nil
		})
	})
	g.Go(func() error {
		// the cutoffs of the videos list, so each video reads the same there
		cutoffs := []time.Time{WindowOf(Preset24h, now).Start, WindowOf(Preset7d, now).Start}
		return metrics{ch}.entities(gctx, ws, "video", Views, cutoffs, func(id uuid.UUID, e entityMetrics) error {
			vidByID[id] = e
			return nil
		})
	})
	if err := g.Wait(); err != nil {
		return nil, err
	}
	index := make(map[uuid.UUID]int, len(accounts))
	for i := range accounts {
		index[accounts[i].ID] = i
		if e, ok := accByID[accounts[i].ID]; ok {
			accounts[i].FirstAt = e.FirstAt
			accounts[i].Followers = e.Latest.Followers
			accounts[i].FollowersGained7d, accounts[i].FollowersGained30d = e.Gains[0], e.Gains[1]
		}
	}
	for _, v := range videos {
		i, ok := index[*v.AccountID]
		if !ok {
			continue
		}
		r := videoRow{Video: v}
		if e, ok := vidByID[v.ID]; ok {
			r.withMetrics(e)
			r.FirstAt = e.FirstAt
		}
		accounts[i].Videos = append(accounts[i].Videos, r)
	}
	for i := range accounts {
		accounts[i].derive()
	}
	return accounts, nil
}

// derive sums the account's video figures.
func (r *accountRow) derive() {
	var interactions, rated uint64
	r.TrackedVideos = len(r.Videos)
	for _, v := range r.Videos {
		if p := v.Metrics.Views; p != nil {
			r.VideosWithViews++
			r.TotalViews += *p
			if *p > 0 {
				rated += *p
				interactions += v.Metrics.Interactions()
			}
		}
		if g := v.ViewsGained7d; g != nil {
			r.ViewsGained7d += *g
		}
	}
	if r.VideosWithViews > 0 {
		avg := float64(r.TotalViews) / float64(r.VideosWithViews)
		r.AverageViews = &avg
	}
	r.EngagementRate = EngagementRate(interactions, rated)
}

func scanAccount(row pgx.CollectableRow) (accountRow, error) {
	var a accountRow
	err := row.Scan(&a.ID, &a.Platform, &a.Handle, &a.URL, &a.DisplayName, &a.AvatarURL, &a.Status, &a.StatusReason,
		&a.TrackingLimit, &a.CollectionID, &a.LastScrapedAt, &a.AddedAt)
	a.AddedAt = a.AddedAt.UTC()
	if a.LastScrapedAt != nil {
		t := a.LastScrapedAt.UTC()
		a.LastScrapedAt = &t
	}
	return a, err
}

func sortAccounts(as []Account, by AccountSort) {
	var order func(a, b *Account) int
	switch by {
	case AccountSortFollowersGained7d:
		order = func(a, b *Account) int { return descNilLast(a.FollowersGained7d, b.FollowersGained7d) }
	case AccountSortViews:
		order = func(a, b *Account) int { return descNilLast(&a.TotalViews, &b.TotalViews) }
	case AccountSortGained7d:
		order = func(a, b *Account) int { return descNilLast(&a.ViewsGained7d, &b.ViewsGained7d) }
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
