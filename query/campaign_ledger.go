package query

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/errgroup"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query/chread"
)

// Projected is the status of a line whose window is still open, or closed
// and not locked yet: computed on read from the latest snapshot, never
// stored.
const Projected = "projected"

// Payee is who a line pays: a creator, or the account itself when its
// account has no creator.
type Payee struct {
	Kind string    `json:"kind"`
	ID   uuid.UUID `json:"id"`
	Name string    `json:"name"`
}

// key is the payee as the caps and the cross-post check tell payees apart.
func (p Payee) key() string { return p.Kind + ":" + p.ID.String() }

// payeeRef tells payees apart as key does, without making a string: the
// key of the maps that sum a campaign's lines per payee.
type payeeRef struct {
	kind string
	id   uuid.UUID
}

func (p Payee) ref() payeeRef { return payeeRef{p.Kind, p.ID} }

// Line is a line of a campaign's payout ledger: one video.
type Line struct {
	VideoID       uuid.UUID  `json:"videoId"`
	URL           string     `json:"url"`
	Platform      string     `json:"platform"`
	Caption       string     `json:"caption"`
	AccountHandle string     `json:"accountHandle"`
	Payee         Payee      `json:"payee"`
	Clip          string     `json:"clip"`
	PublishedAt   time.Time  `json:"publishedAt"`
	WindowEnd     time.Time  `json:"windowEnd"`
	PeriodStart   time.Time  `json:"periodStart"`
	Status        string     `json:"status"`
	RulesVersion  int        `json:"rulesVersion"`
	Views         int64      `json:"views"`
	Likes         int64      `json:"likes"`
	Comments      int64      `json:"comments"`
	SnapshotAt    *time.Time `json:"snapshotAt"`
	PaidViews     int64      `json:"paidViews"`
	Price         int64      `json:"price"`
	Amount        int64      `json:"amount"`
	Bound         string     `json:"bound"`
	HoldReason    string     `json:"holdReason"`
	HoldDetail    string     `json:"holdDetail"`
	RejectReason  string     `json:"rejectReason"`
	LockedAt      *time.Time `json:"lockedAt"`
	DecidedBy     string     `json:"decidedBy"`
	DecidedAt     *time.Time `json:"decidedAt"`
	PaidBy        string     `json:"paidBy"`
	PaidAt        *time.Time `json:"paidAt"`
	FellTo        *int64     `json:"fellTo"`

	// for the settle run: the video's account, and whether it is in error
	accountID     *uuid.UUID
	unavailReason string
	lastScraped   *time.Time
}

// campaign is a campaign's settings and every version of its rules.
type campaign struct {
	ID          uuid.UUID
	Name        string
	Currency    string
	MinorDigits int
	StartsAt    time.Time
	EndsAt      *time.Time
	Budget      int64
	Platforms   []string
	Period      payout.Period
	CreatedAt   time.Time
	Versions    []RulesVersion
	// LedgerVersion moves with every write of the locked lines.
	LedgerVersion int64
}

// versions are the rules as payout applies them, oldest first.
func (c campaign) versions() []payout.Version {
	out := make([]payout.Version, len(c.Versions))
	for i, v := range c.Versions {
		out[len(c.Versions)-1-i] = payout.Version{Number: v.Version, Created: v.CreatedAt, Rules: v.rules(c.Period)}
	}
	return out
}

// RulesVersion is one version of a campaign's payout rules.
type RulesVersion struct {
	Version     int           `json:"version"`
	Tiers       []payout.Tier `json:"tiers"`
	ViewCap     int64         `json:"viewCap"`
	MinViews    int64         `json:"minViews"`
	MinAmount   int64         `json:"minAmount"`
	MaxAmount   int64         `json:"maxAmount"`
	CreatorCap  int64         `json:"creatorCap"`
	WindowHours int           `json:"windowHours"`
	CreatedAt   time.Time     `json:"createdAt"`
	CreatedBy   string        `json:"createdBy"`
}

func (v RulesVersion) rules(p payout.Period) payout.Rules {
	return payout.Rules{Tiers: v.Tiers, ViewCap: v.ViewCap, MinViews: v.MinViews, MinAmount: payout.Money(v.MinAmount),
		MaxAmount: payout.Money(v.MaxAmount), CreatorCap: payout.Money(v.CreatorCap), Window: time.Duration(v.WindowHours) * time.Hour, Period: p}
}

const campaignSQL = `
SELECT c.collection_id, col.name, c.currency, c.minor_digits, c.starts_at, c.ends_at, c.budget, c.platforms, c.period, c.created_at, c.ledger_version
FROM campaigns c JOIN collections col ON col.id = c.collection_id
WHERE c.workspace_id = $1 AND c.collection_id = $2`

const rulesSQL = `
SELECT r.version, r.tiers, r.view_cap, r.min_views, r.min_amount, r.max_amount, r.creator_cap, r.window_hours, r.created_at, COALESCE(u.email, '')
FROM campaign_rules r LEFT JOIN users u ON u.id = r.created_by
WHERE r.collection_id = $1
ORDER BY r.version DESC`

// loadCampaign reads a campaign of the workspace with its rules, newest
// version first; not found for another workspace's.
func loadCampaign(ctx context.Context, db *pgxpool.Pool, ws, id uuid.UUID) (campaign, error) {
	var c campaign
	var period string
	err := db.QueryRow(ctx, campaignSQL, ws, id).Scan(&c.ID, &c.Name, &c.Currency, &c.MinorDigits, &c.StartsAt, &c.EndsAt, &c.Budget, &c.Platforms, &period, &c.CreatedAt, &c.LedgerVersion)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, apperr.NotFound("campaign not found")
	}
	if err != nil {
		return c, fmt.Errorf("read campaign: %w", err)
	}
	c.Period = payout.Period(period)
	c.StartsAt = c.StartsAt.UTC()
	c.CreatedAt = c.CreatedAt.UTC()
	if c.EndsAt != nil {
		*c.EndsAt = c.EndsAt.UTC()
	}
	rows, err := db.Query(ctx, rulesSQL, id)
	if err != nil {
		return c, fmt.Errorf("read campaign rules: %w", err)
	}
	c.Versions, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (RulesVersion, error) {
		var v RulesVersion
		var tiers []byte
		err := r.Scan(&v.Version, &tiers, &v.ViewCap, &v.MinViews, &v.MinAmount, &v.MaxAmount, &v.CreatorCap, &v.WindowHours, &v.CreatedAt, &v.CreatedBy)
		if err == nil {
			err = json.Unmarshal(tiers, &v.Tiers)
		}
		v.CreatedAt = v.CreatedAt.UTC()
		return v, err
	})
	if err != nil {
		return c, fmt.Errorf("read campaign rules: %w", err)
	}
	if len(c.Versions) == 0 {
		return c, fmt.Errorf("campaign %s has no rules", id)
	}
	return c, nil
}

// campaignVideosSQL lists the videos of a campaign without a locked line:
// those of its collection (their own, or their account's), on its
// platforms, published in its active period (a video without a publication
// time counts from when it was tracked), except removed ones and those of
// removed accounts. A locked line stays whatever its video is now.
//
// The statuses are written out below: ItemRemoved.
const campaignVideosSQL = `
SELECT v.id, v.url, v.platform, v.caption, v.account_handle, v.account_id,
    COALESCE(v.published_at, v.created_at), v.status, v.status_reason, v.last_scraped_at,
    cr.id, cr.name, a.id, COALESCE(NULLIF(a.display_name, ''), a.handle, v.account_handle)
FROM videos v
LEFT JOIN accounts a ON a.id = v.account_id
LEFT JOIN creators cr ON cr.id = a.creator_id
WHERE v.workspace_id = $1
  AND COALESCE(v.collection_id, a.collection_id) = $2
  AND v.platform = ANY($3)
  AND COALESCE(v.published_at, v.created_at) >= $4
  AND ($5::timestamptz IS NULL OR COALESCE(v.published_at, v.created_at) < $5)
  AND v.status <> $6
  AND (a.id IS NULL OR a.status <> $6)
  AND NOT EXISTS (SELECT 1 FROM payout_lines l WHERE l.collection_id = $2 AND l.video_id = v.id)`

// lockedSQL reads a campaign's locked lines in the order they were
// allocated.
const lockedSQL = `
SELECT l.video_id, l.rules_version, l.creator_id, l.account_id, l.payee, l.clip, l.published_at, l.window_end, l.period_start,
    l.snapshot_at, l.views, l.likes, l.comments, l.paid_views, l.price, l.amount, l.bound, l.status,
    l.hold_reason, l.hold_detail, l.reject_reason, l.locked_at, COALESCE(d.email, ''), l.decided_at, COALESCE(p.email, ''), l.paid_at, l.fell_to,
    v.url, v.platform, v.caption, v.account_handle
FROM payout_lines l
JOIN videos v ON v.id = l.video_id
LEFT JOIN users d ON d.id = l.decided_by
LEFT JOIN users p ON p.id = l.paid_by
WHERE l.collection_id = $1
ORDER BY l.seq`

// ledger is every line of a campaign at a time: the locked lines as stored,
// and the others projected from the views the snapshots hold.
type ledger struct {
	campaign campaign
	// Lines: the locked ones in allocation order, then the projected ones
	// in the order they would lock (window end, video id).
	Lines []Line
	// Closed are the projected lines whose windows have closed, which the
	// next settle run locks.
	Closed int
}

// readLedger reads the campaign's lines at now. Locked lines are as
// stored; a projected line's views are those of the video's last
// snapshot at or before its window's end (or now), its amount what the
// caps leave after the locked lines and the projected lines closing before
// it.
//
// The locked lines are read beside the campaign and its videos, on a
// connection of their own.
func readLedger(ctx context.Context, db *pgxpool.Pool, ch driver.Conn, ws, id uuid.UUID, now time.Time) (ledger, error) {
	c, err := loadCampaign(ctx, db, ws, id)
	if err != nil {
		return ledger{campaign: c}, err
	}
	var videos, locked []Line
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		var err error
		videos, err = campaignVideos(gctx, db, ws, c)
		return err
	})
	g.Go(func() error {
		var err error
		locked, err = keptLocked.read(gctx, db, c)
		return err
	})
	if err := g.Wait(); err != nil {
		return ledger{campaign: c}, err
	}
	l := ledger{campaign: c, Lines: make([]Line, 0, len(videos)+len(locked))}
	var spent payout.Spent
	for _, s := range locked {
		spent.Add(payout.Line{Creator: s.Payee.key(), Clip: s.Clip, Period: s.PeriodStart, Priced: payout.Priced{Amount: payout.Money(s.Price)}}, payout.Money(s.Amount))
		l.Lines = append(l.Lines, s)
	}
	versions := c.versions()
	open := make([]Line, 0, len(videos))
	// clips only for the payees with a line still open (a locked line keeps
	// its own), from every post of theirs, locked ones included: the order
	// of a payee's posts names its clips
	pending := make(map[payeeRef]bool, len(videos))
	for _, v := range videos {
		pending[v.Payee.ref()] = true
	}
	var posts []payout.Post
	for _, ln := range locked {
		if pending[ln.Payee.ref()] {
			posts = append(posts, payout.Post{ID: ln.VideoID, Payee: ln.Payee.key(), Platform: ln.Platform, Caption: ln.Caption, Published: ln.PublishedAt})
		}
	}
	first := len(posts)
	for _, v := range videos {
		posts = append(posts, payout.Post{ID: v.VideoID, Payee: v.Payee.key(), Platform: v.Platform, Caption: v.Caption, Published: v.PublishedAt})
	}
	clips := payout.Clips(posts)
	for i, v := range videos {
		v.Clip = clips[first+i]
		ver := payout.VersionAt(versions, v.PublishedAt)
		v.RulesVersion = ver.Number
		v.WindowEnd = v.PublishedAt.Add(ver.Rules.Window)
		v.PeriodStart = c.Period.Start(v.WindowEnd)
		v.Status = Projected
		if !v.WindowEnd.After(now) {
			l.Closed++
		}
		open = append(open, v)
	}
	// ids compare as their text does: the bytes in order
	slices.SortFunc(open, func(a, b Line) int {
		if c := a.WindowEnd.Compare(b.WindowEnd); c != 0 {
			return c
		}
		return bytes.Compare(a.VideoID[:], b.VideoID[:])
	})
	if err := readViewsAt(ctx, ch, ws, open, now); err != nil {
		return l, err
	}
	projected := spent.Clone()
	priceLines(projected, c, versions, open)
	l.Lines = append(l.Lines, open...)
	return l, nil
}

// priceLines prices each line under its version and allocates it after
// what spent holds, in order.
func priceLines(spent *payout.Spent, c campaign, versions []payout.Version, lines []Line) {
	in := make([]payout.Pending, len(lines))
	for i, ln := range lines {
		in[i] = payout.Pending{Creator: ln.Payee.key(), Clip: ln.Clip, Period: ln.PeriodStart, Version: ln.RulesVersion, Views: ln.Views}
	}
	for i, a := range spent.AllocateUnder(versions, payout.Money(c.Budget), in) {
		lines[i].PaidViews, lines[i].Price = a.Priced.Views, int64(a.Priced.Amount)
		lines[i].Amount, lines[i].Bound = int64(a.Payable.Amount), string(a.Payable.Bound)
	}
}

// campaignVideos reads the campaign's videos as lines not yet priced.
//
// campaignVideos and lockedLines scan every row into one Line, and uuids
// as [16]byte or pgtype.UUID: as uuid.UUID (an sql.Scanner) each would go
// through its text, and a Line per row would escape to the heap; a
// campaign of 10,000 videos reads up to 10,000 rows of them per answer.
func campaignVideos(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, c campaign) ([]Line, error) {
	rows, err := db.Query(ctx, campaignVideosSQL, ws, c.ID, c.Platforms, c.StartsAt, c.EndsAt, domain.ItemRemoved)
	if err != nil {
		return nil, fmt.Errorf("read campaign videos: %w", err)
	}
	defer rows.Close()
	var (
		out                                  []Line
		v                                    Line
		status                               string
		videoAccountID, creatorID, accountID pgtype.UUID
		creatorName                          pgtype.Text
		accountName                          string
		lastScraped                          pgtype.Timestamptz
	)
	dest := []any{(*[16]byte)(&v.VideoID), &v.URL, &v.Platform, &v.Caption, &v.AccountHandle, &videoAccountID,
		&v.PublishedAt, &status, &v.unavailReason, &lastScraped, &creatorID, &creatorName, &accountID, &accountName}
	for rows.Next() {
		v = Line{}
		if err := rows.Scan(dest...); err != nil {
			return nil, fmt.Errorf("read campaign videos: %w", err)
		}
		v.PublishedAt = v.PublishedAt.UTC()
		if videoAccountID.Valid {
			id := uuid.UUID(videoAccountID.Bytes)
			v.accountID = &id
		}
		if lastScraped.Valid {
			t := lastScraped.Time
			v.lastScraped = &t
		}
		switch {
		case creatorID.Valid:
			v.Payee = Payee{Kind: "creator", ID: creatorID.Bytes, Name: creatorName.String}
		case accountID.Valid:
			v.Payee = Payee{Kind: "account", ID: accountID.Bytes, Name: accountName}
		default:
			v.Payee = Payee{Kind: "video", ID: v.VideoID, Name: v.AccountHandle}
		}
		if domain.Item(status) != domain.ItemError {
			v.unavailReason = ""
		} else if v.unavailReason == "" {
			v.unavailReason = "the last scrape returned no data"
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read campaign videos: %w", err)
	}
	return out, nil
}

// lockedLines reads the campaign's locked lines in allocation order.
func lockedLines(ctx context.Context, db *pgxpool.Pool, id uuid.UUID) ([]Line, error) {
	rows, err := db.Query(ctx, lockedSQL, id)
	if err != nil {
		return nil, fmt.Errorf("read payout lines: %w", err)
	}
	defer rows.Close()
	var (
		out                           []Line
		l                             Line
		creatorID, accountID          pgtype.UUID
		lockedAt                      time.Time
		snapshotAt, decidedAt, paidAt pgtype.Timestamptz
		fellTo                        pgtype.Int8
	)
	dest := []any{(*[16]byte)(&l.VideoID), &l.RulesVersion, &creatorID, &accountID, &l.Payee.Name, &l.Clip, &l.PublishedAt, &l.WindowEnd, &l.PeriodStart,
		&snapshotAt, &l.Views, &l.Likes, &l.Comments, &l.PaidViews, &l.Price, &l.Amount, &l.Bound, &l.Status,
		&l.HoldReason, &l.HoldDetail, &l.RejectReason, &lockedAt, &l.DecidedBy, &decidedAt, &l.PaidBy, &paidAt, &fellTo,
		&l.URL, &l.Platform, &l.Caption, &l.AccountHandle}
	utc := func(t pgtype.Timestamptz) *time.Time {
		if !t.Valid {
			return nil
		}
		u := t.Time.UTC()
		return &u
	}
	for rows.Next() {
		l = Line{}
		if err := rows.Scan(dest...); err != nil {
			return nil, fmt.Errorf("read payout lines: %w", err)
		}
		switch {
		case creatorID.Valid:
			l.Payee.Kind, l.Payee.ID = "creator", creatorID.Bytes
		case accountID.Valid:
			l.Payee.Kind, l.Payee.ID = "account", accountID.Bytes
		default:
			l.Payee.Kind, l.Payee.ID = "video", l.VideoID
		}
		l.PublishedAt, l.WindowEnd, l.PeriodStart = l.PublishedAt.UTC(), l.WindowEnd.UTC(), l.PeriodStart.UTC()
		l.SnapshotAt, l.DecidedAt, l.PaidAt = utc(snapshotAt), utc(decidedAt), utc(paidAt)
		l.LockedAt = utc(pgtype.Timestamptz{Time: lockedAt, Valid: true})
		if fellTo.Valid {
			f := fellTo.Int64
			l.FellTo = &f
		}
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read payout lines: %w", err)
	}
	return out, nil
}

// latestAtSQL reads the latest snapshot time of the scope's videos, which
// of views, likes and comments they have recorded, and the latest value of
// each, from the projection of the latest values: one row per video.
const latestAtSQL = `
SELECT entity_id, maxMerge(last_at), groupBitOrMerge(recorded),
    argMaxMerge(views_last), argMaxMerge(likes_last), argMaxMerge(comments_last)
FROM entity_latest
PREWHERE entity_id IN (SELECT id FROM scope)
WHERE workspace_id = @ws AND entity_kind = @kind
GROUP BY entity_id`

// viewsAtSQL reads the raw snapshots of the scope's videos up to the
// latest end asked for; the caller keeps, per video, the last one at or
// before its own end. Only snapshots with views are read: a snapshot
// without them says nothing of the views at that time.
const viewsAtSQL = `
SELECT entity_id, scraped_at, views, ifNull(likes, 0), ifNull(comments, 0)
FROM metric_snapshots
PREWHERE entity_id IN (SELECT id FROM scope)
WHERE workspace_id = @ws AND entity_kind = @kind AND scraped_at <= @upTo AND views IS NOT NULL`

// readViewsAt fills each line's views, likes and comments with those of its
// video's last snapshot at or before the line's window end, or now when
// that is earlier.
//
// A line whose window is still open takes its video's latest counts from
// the projection of the latest values (one row a video, as the videos list
// and the settle run's checks read them), unless the video has a snapshot
// after now; its snapshot time is that of the video's latest scrape. The
// other lines, whose windows have closed (those the next settle run locks,
// usually few), and those, are read from the raw snapshots: the views at
// the window's end that the line will lock with. Reading the raw snapshots
// of every open line instead would read every snapshot of the workspace
// (their ids are spread over the whole table), 5 million rows for a
// campaign of 10,000 videos over 6 weeks.
func readViewsAt(ctx context.Context, ch driver.Conn, ws uuid.UUID, lines []Line, now time.Time) error {
	var open, closed []*Line
	for i := range lines {
		if lines[i].WindowEnd.After(now) {
			open = append(open, &lines[i])
		} else {
			closed = append(closed, &lines[i])
		}
	}
	var later []*Line
	g, gctx := errgroup.WithContext(ctx)
	if len(open) > 0 {
		g.Go(func() error {
			var err error
			later, err = readLatestAt(gctx, ch, ws, open, now)
			return err
		})
	}
	if len(closed) > 0 {
		g.Go(func() error { return readSnapshotsAt(gctx, ch, ws, closed, now) })
	}
	if err := g.Wait(); err != nil {
		return err
	}
	if len(later) > 0 {
		return readSnapshotsAt(ctx, ch, ws, later, now)
	}
	return nil
}

// latest is a video's latest scrape time, which of views, likes and
// comments it has recorded (domain.Metric bits), and their latest values.
type latest struct {
	at                     time.Time
	recorded               uint8
	views, likes, comments uint64
}

// engagement is the latest views, likes and comments, unrecorded ones 0.
func (l latest) engagement() payout.Engagement {
	e := payout.Engagement{Views: int64(l.views)}
	if l.recorded&domain.Likes.Bit() != 0 {
		e.Likes = int64(l.likes)
	}
	if l.recorded&domain.Comments.Bit() != 0 {
		e.Comments = int64(l.comments)
	}
	return e
}

// readLatest reads the latest counts of the videos from the projection of
// the latest values (latestAtSQL), one row a video.
func readLatest(ctx context.Context, ch driver.Conn, ws uuid.UUID, ids []uuid.UUID) (map[uuid.UUID]latest, error) {
	out := make(map[uuid.UUID]latest, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := chread.Reader{CH: ch}.QueryScoped(ctx, ids, latestAtSQL, clickhouse.Named("ws", ws), clickhouse.Named("kind", string(platform.Video)))
	if err != nil {
		return nil, fmt.Errorf("read latest views: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id uuid.UUID
		var l latest
		if err := rows.Scan(&id, &l.at, &l.recorded, &l.views, &l.likes, &l.comments); err != nil {
			return nil, fmt.Errorf("read latest views: %w", err)
		}
		out[id] = l
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read latest views: %w", err)
	}
	return out, nil
}

// readLatestAt fills the lines with their videos' latest counts, and
// returns those whose videos have a snapshot after now, left as they were.
func readLatestAt(ctx context.Context, ch driver.Conn, ws uuid.UUID, lines []*Line, now time.Time) ([]*Line, error) {
	ids := make([]uuid.UUID, len(lines))
	for i, l := range lines {
		ids[i] = l.VideoID
	}
	counts, err := readLatest(ctx, ch, ws, ids)
	if err != nil {
		return nil, err
	}
	var later []*Line
	for _, l := range lines {
		c, ok := counts[l.VideoID]
		switch {
		case !ok:
			continue
		case c.at.After(now):
			later = append(later, l)
			continue
		case c.recorded&domain.Views.Bit() == 0:
			continue
		}
		at, e := c.at.UTC(), c.engagement()
		l.SnapshotAt, l.Views, l.Likes, l.Comments = &at, e.Views, e.Likes, e.Comments
	}
	return later, nil
}

// readSnapshotsAt fills each line's views, likes and comments with those
// of its video's last snapshot at or before the line's window end, or now
// when that is earlier, from the raw snapshots.
func readSnapshotsAt(ctx context.Context, ch driver.Conn, ws uuid.UUID, lines []*Line, now time.Time) error {
	if len(lines) == 0 {
		return nil
	}
	ids := make([]uuid.UUID, len(lines))
	ends := make(map[uuid.UUID]time.Time, len(lines))
	var upTo time.Time
	for i, l := range lines {
		ids[i] = l.VideoID
		end := l.WindowEnd
		if now.Before(end) {
			end = now
		}
		ends[l.VideoID] = end
		if end.After(upTo) {
			upTo = end
		}
	}
	type seen struct {
		at                     time.Time
		views, likes, comments uint64
	}
	last := make(map[uuid.UUID]seen, len(lines))
	rows, err := chread.Reader{CH: ch}.QueryScoped(ctx, ids, viewsAtSQL, clickhouse.Named("ws", ws), clickhouse.Named("kind", string(platform.Video)), clickhouse.Named("upTo", upTo.UTC()))
	if err != nil {
		return fmt.Errorf("read views at window end: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id uuid.UUID
		var s seen
		var views *uint64
		if err := rows.Scan(&id, &s.at, &views, &s.likes, &s.comments); err != nil {
			return fmt.Errorf("read views at window end: %w", err)
		}
		s.views = *views
		if s.at.After(ends[id]) {
			continue
		}
		// of two snapshots of one time (not merged yet), the larger count
		if p, ok := last[id]; ok && (p.at.After(s.at) || p.at.Equal(s.at) && p.views >= s.views) {
			continue
		}
		last[id] = s
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read views at window end: %w", err)
	}
	for _, l := range lines {
		if s, ok := last[l.VideoID]; ok {
			at := s.at.UTC()
			l.SnapshotAt = &at
			l.Views, l.Likes, l.Comments = int64(s.views), int64(s.likes), int64(s.comments)
		}
	}
	return nil
}

// lockedKeptFor is how long a server keeps a campaign's locked lines while
// its ledger version stays: the lines' own numbers only change with the
// version, but their videos' captions and links may.
const lockedKeptFor = 5 * time.Minute

// maxKeptLedgers bounds the campaigns whose locked lines a server keeps.
const maxKeptLedgers = 64

// lockedLineCache keeps the locked lines of the campaigns read lately, each
// under the ledger version it was read at: a cold answer of a large
// campaign then reads only its open lines.
type lockedLineCache struct {
	mu   sync.Mutex
	kept map[uuid.UUID]keptLines
}

type keptLines struct {
	version int64
	at      time.Time
	lines   []Line
}

var keptLocked = &lockedLineCache{kept: map[uuid.UUID]keptLines{}}

// read returns the campaign's locked lines: those kept when they were read
// at its ledger version within lockedKeptFor, else read anew (and kept).
// The lines are read after the version, so kept lines are never older than
// the version they are kept under.
func (k *lockedLineCache) read(ctx context.Context, db *pgxpool.Pool, c campaign) ([]Line, error) {
	k.mu.Lock()
	e, ok := k.kept[c.ID]
	k.mu.Unlock()
	if ok && e.version == c.LedgerVersion && time.Since(e.at) < lockedKeptFor {
		return e.lines, nil
	}
	lines, err := lockedLines(ctx, db, c.ID)
	if err != nil {
		return nil, err
	}
	k.mu.Lock()
	defer k.mu.Unlock()
	if len(k.kept) >= maxKeptLedgers {
		var oldest uuid.UUID
		for id, e := range k.kept {
			if oldest == uuid.Nil || e.at.Before(k.kept[oldest].at) {
				oldest = id
			}
		}
		delete(k.kept, oldest)
	}
	k.kept[c.ID] = keptLines{version: c.LedgerVersion, at: time.Now(), lines: lines}
	return lines, nil
}
