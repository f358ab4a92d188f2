package campaigns

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// Payee is who a line pays: a creator, or the account without one.
type Payee struct {
	Kind string    `json:"kind"`
	ID   uuid.UUID `json:"id"`
	Name string    `json:"name"`
}

// validation is how long after its window closes a line of c locks.
func (c campaign) validation() time.Duration { return time.Duration(c.ValidationHours) * time.Hour }

// locksAt is when a line of c whose window closes at windowEnd locks.
func (c campaign) locksAt(windowEnd time.Time) time.Time { return windowEnd.Add(c.validation()) }

// key is the payee as the caps and the cross-post check tell payees apart.
func (p Payee) key() string { return p.Kind + ":" + p.ID.String() }

// payeeRef tells payees apart as key does, without a string.
type payeeRef struct {
	kind string
	id   uuid.UUID
}

func (p Payee) ref() payeeRef { return payeeRef{p.Kind, p.ID} }

// Line is a line of a campaign's payout ledger: one video.
type Line struct {
	VideoID       uuid.UUID         `json:"videoId"`
	URL           string            `json:"url"`
	Platform      platform.Platform `json:"platform"`
	Caption       string            `json:"caption"`
	AccountHandle string            `json:"accountHandle"`
	Payee         Payee             `json:"payee"`
	// PostKind is own or collab: other kinds are never lines.
	PostKind domain.PostKind `json:"postKind"`
	Clip     string          `json:"clip"`
	// Published is nil when unknown: the line is then held.
	Published *time.Time `json:"publishedAt"`
	// PublishedAt is when the window starts: Published, or when first seen.
	PublishedAt  time.Time         `json:"-"`
	WindowEnd    time.Time         `json:"windowEnd"`
	PeriodStart  time.Time         `json:"periodStart"`
	Status       domain.Line       `json:"status"`
	RulesVersion int               `json:"rulesVersion"`
	Views        int64             `json:"views"`
	Likes        int64             `json:"likes"`
	Comments     int64             `json:"comments"`
	SnapshotAt   *time.Time        `json:"snapshotAt"`
	PaidViews    int64             `json:"paidViews"`
	Price        int64             `json:"price"`
	Amount       int64             `json:"amount"`
	Bound        string            `json:"bound"`
	HoldReason   domain.HoldReason `json:"holdReason"`
	HoldDetail   string            `json:"holdDetail"`
	RejectReason string            `json:"rejectReason"`
	LockedAt     *time.Time        `json:"lockedAt"`
	DecidedBy    string            `json:"decidedBy"`
	DecidedAt    *time.Time        `json:"decidedAt"`
	PaidBy       string            `json:"paidBy"`
	PaidAt       *time.Time        `json:"paidAt"`
	FellTo       *int64            `json:"fellTo"`
	// Quality is the view-quality score the line locked with (0-100); nil
	// while it is open, and for a line locked without it.
	Quality *int `json:"quality"`
	// ValidatingUntil is when an open line whose window closed locks, the
	// campaign's validation window after it; nil otherwise.
	ValidatingUntil *time.Time `json:"validatingUntil"`
	// PayeeChange is the payee's last change after publishing.
	PayeeChange *PayeeChange `json:"payeeChange"`

	// for the settle run: the video's account, and whether it is in error
	accountID     *uuid.UUID
	unavailReason string
	lastScraped   *time.Time
	window        time.Duration
	// ended: the campaign is being ended before the line's window closed
	ended bool
	// seq is a locked line's place in the order lines were allocated in
	seq int64
	// payee is Payee.key(), made once with an open line (openLines) for
	// the pricing of every request after
	payee string
}

// payeeKey is the line's Payee.key(), made once when the line was.
func (l *Line) payeeKey() string {
	if l.payee != "" {
		return l.payee
	}
	return l.Payee.key()
}

// PayeeChange is a change of a line's payee while it was open.
type PayeeChange struct {
	// By is the e-mail of who made it; "" when unknown.
	By string    `json:"by"`
	At time.Time `json:"at"`
}

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
	// LedgerVersion moves with every write of the locked lines, and
	// LinesRemoved with every removal of one (schema 0045).
	LedgerVersion, LinesRemoved int64
	Collabs                     domain.Collabs
	EndedAt                     *time.Time
	// ShowRules: the creator portal shows the rules and the budget.
	ShowRules bool
	// VerifiedOnly: the settle run holds the lines of unverified accounts.
	VerifiedOnly bool
	// TaxFormRequired: the settle run holds the lines of payees without a tax form.
	TaxFormRequired bool
	// Submissions: whether creators submit posts, and what a post must carry.
	Submissions domain.SubmissionRules
	// ValidationHours: a line locks that long after its window closes;
	// MinQuality: the score below which it is held (0: never).
	ValidationHours, MinQuality int
	// OpenFloor: every video of the campaign published before it that the
	// campaign pays has a stored line, and FloorNotPaid of those it does
	// not pay have none (schema 0041); nil when not known.
	OpenFloor    *time.Time
	FloorNotPaid int
	// VideosVersion and OpenRowsVersion are the workspace's (schema 0036,
	// 0043): which videos are open lines, and what the lines show of them;
	// VideosBase moves with the changes of the former that no video's
	// changed column shows (schema 0046).
	VideosVersion, OpenRowsVersion, VideosBase int64
}

// pays reports whether the campaign's ledger has a line for a post of kind.
func (c campaign) pays(kind domain.PostKind) bool { return pays(c.Collabs, kind) }

func pays(collabs domain.Collabs, kind domain.PostKind) bool {
	return kind.Counted() && (kind != domain.KindCollab || collabs != domain.CollabsExclude)
}

// PaidKinds are the kinds of post a campaign with collabs pays.
func PaidKinds(collabs domain.Collabs) []domain.PostKind {
	var out []domain.PostKind
	for _, k := range domain.CountedKinds {
		if pays(collabs, k) {
			out = append(out, k)
		}
	}
	return out
}

func (c campaign) versions() []payout.Version {
	out := make([]payout.Version, len(c.Versions))
	for i, v := range c.Versions {
		out[len(c.Versions)-1-i] = payout.Version{Number: v.Version, Created: v.CreatedAt, Rules: v.rules(c.Period)}
	}
	return out
}

// RulesVersion is one version of a campaign's payout rules.
type RulesVersion struct {
	Version int `json:"version"`
	payout.Terms
	CreatedAt time.Time `json:"createdAt"`
	CreatedBy string    `json:"createdBy"`
}

func (v RulesVersion) rules(p payout.Period) payout.Rules {
	return payout.Rules{Terms: v.Terms, Period: p}
}

const campaignSQL = `
SELECT c.collection_id, col.name, c.currency, c.minor_digits, c.starts_at, c.ends_at, c.budget, c.platforms, c.period, c.created_at, c.ledger_version, c.lines_removed,
    c.collabs, c.ended_at, c.open_floor, c.floor_not_paid, w.videos_version, w.open_rows_version, w.videos_base, c.show_rules_to_creators, c.verified_accounts_only, c.requires_tax_form,
    c.submissions, c.required_hashtags, c.required_mentions, c.required_sound, c.validation_hours, c.min_quality
FROM campaigns c JOIN collections col ON col.id = c.collection_id JOIN workspaces w ON w.id = c.workspace_id
WHERE c.workspace_id = $1 AND c.collection_id = $2`

const rulesSQL = `
SELECT r.version, r.tiers, r.view_cap, r.min_views, r.min_amount, r.max_amount, r.creator_cap, r.window_hours, r.created_at, COALESCE(u.email, '')
FROM campaign_rules r LEFT JOIN users u ON u.id = r.created_by
WHERE r.collection_id = $1
ORDER BY r.version DESC`

func loadCampaign(ctx context.Context, db *pgxpool.Pool, ws, id uuid.UUID) (campaign, error) {
	var c campaign
	var period string
	err := db.QueryRow(ctx, campaignSQL, ws, id).Scan(&c.ID, &c.Name, &c.Currency, &c.MinorDigits, &c.StartsAt, &c.EndsAt, &c.Budget, &c.Platforms, &period, &c.CreatedAt, &c.LedgerVersion, &c.LinesRemoved,
		&c.Collabs, &c.EndedAt, &c.OpenFloor, &c.FloorNotPaid, &c.VideosVersion, &c.OpenRowsVersion, &c.VideosBase, &c.ShowRules, &c.VerifiedOnly, &c.TaxFormRequired,
		&c.Submissions.Mode, &c.Submissions.Hashtags, &c.Submissions.Mentions, &c.Submissions.Sound, &c.ValidationHours, &c.MinQuality)
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
	if c.EndedAt != nil {
		*c.EndedAt = c.EndedAt.UTC()
	}
	if c.OpenFloor != nil {
		*c.OpenFloor = c.OpenFloor.UTC()
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

// campaignVideosSQL lists the campaign's counted videos without a locked
// line published (first seen, without a publish time) from from on, with
// their payee: the account's creator, the video's, the account, the video.
func campaignVideosSQL(from string) string {
	return campaignVideosSelect + campaignMembersFrom(from) + campaignVideosPayees + `WHERE ` + openVideosWhere
}

// campaignVideosByID reads the open videos among $6 published (first seen)
// from $7 on, as campaignVideosSQL would.
const campaignVideosByID = campaignVideosSelect + `FROM videos v LEFT JOIN accounts a ON a.id = v.account_id` + campaignVideosPayees +
	`WHERE v.id = ANY($6) AND COALESCE(v.published_at, v.created_at) >= $7 AND ` + openVideosWhere

const campaignVideosSelect = `
SELECT v.id, v.url, v.platform, v.caption, v.account_handle, v.account_id,
    v.published_at, v.created_at, v.status, v.status_reason, v.last_scraped_at, v.post_kind,
    COALESCE(cr.id, vc.id), COALESCE(cr.name, vc.name), a.id, COALESCE(NULLIF(a.display_name, ''), a.handle, v.account_handle),
    CASE WHEN a.creator_id IS NOT NULL OR v.creator_id IS NULL THEN a.creator_set_at ELSE v.creator_set_at END,
    COALESCE((SELECT u.email FROM users u
        WHERE u.id = CASE WHEN a.creator_id IS NOT NULL OR v.creator_id IS NULL THEN a.creator_set_by ELSE v.creator_set_by END), '')
`

const campaignVideosPayees = `
LEFT JOIN creators cr ON cr.id = a.creator_id
LEFT JOIN creators vc ON vc.id = v.creator_id
`

// The open videos' reads from the campaign's start ($4) and from its open
// floor ($6).
var (
	campaignVideosFromStart = campaignVideosSQL("$4")
	campaignVideosFromFloor = campaignVideosSQL("$6")
)

// campaignMembersFrom is the FROM of the videos of campaign $2 of workspace
// $1 published (first seen) from from on, each as v with its account as a:
// the videos placed in the campaign, through their index on the collection
// and that time, and the videos of its accounts placed nowhere, through
// their index on the account and that time, account by account (the
// OFFSET keeps PostgreSQL from joining them to every video of the
// workspace instead: it cannot tell how few of the accounts' videos are
// that recent). Both indexes are schema 0041's: the read costs the
// campaign's videos, not the workspace's.
func campaignMembersFrom(from string) string {
	return `FROM (
    SELECT v.* FROM videos v
    WHERE v.collection_id = $2 AND v.workspace_id = $1 AND COALESCE(v.published_at, v.created_at) >= ` + from + `
    UNION ALL
    SELECT v.* FROM accounts ca CROSS JOIN LATERAL (
        SELECT * FROM videos v
        WHERE v.account_id = ca.id AND v.workspace_id = ca.workspace_id AND v.collection_id IS NULL AND COALESCE(v.published_at, v.created_at) >= ` + from + `
        OFFSET 0) v
    WHERE ca.collection_id = $2 AND ca.workspace_id = $1) v
LEFT JOIN accounts a ON a.id = v.account_id`
}

// openVideosWhere picks the campaign's videos without a locked line:
// workspace $1, campaign $2, platforms $3, from $4, before $5 (NULL: no end).
const openVideosWhere = `v.workspace_id = $1
  AND COALESCE(v.collection_id, a.collection_id) = $2
  AND v.platform = ANY($3)
  AND COALESCE(v.published_at, v.created_at) >= $4
  AND ($5::timestamptz IS NULL OR COALESCE(v.published_at, v.created_at) < $5)
  AND ` + query.CountedStatusSQL + `
  AND NOT EXISTS (SELECT 1 FROM payout_lines l WHERE l.workspace_id = v.workspace_id AND l.collection_id = $2 AND l.video_id = v.id)`

// lockedSQL reads a campaign's locked lines ($1, of workspace $3) in the order they were
// allocated in; lockedSinceSQL only those written by transaction $2 or later.
const (
	lockedSQL      = lockedSelect + `WHERE l.collection_id = $1 AND l.workspace_id = $2 ORDER BY l.seq`
	lockedSinceSQL = lockedSelect + `WHERE l.collection_id = $1 AND l.workspace_id = $2 AND l.changed >= $3::bigint::text::xid8 ORDER BY l.seq`
)

const lockedSelect = `
SELECT l.video_id, l.rules_version, l.creator_id, l.account_id, l.payee, l.clip, l.published_at, v.created_at, v.post_kind, l.window_end, l.period_start,
    l.snapshot_at, l.views, l.likes, l.comments, l.paid_views, l.price, l.amount, l.bound, l.status,
    l.hold_reason, l.hold_detail, l.reject_reason, l.locked_at, COALESCE(d.email, ''), l.decided_at, COALESCE(p.email, ''), l.paid_at, l.fell_to, l.quality,
    l.payee_changed_by, l.payee_changed_at,
    v.url, v.platform, v.caption, v.account_handle, l.seq
FROM payout_lines l
JOIN videos v ON v.workspace_id = l.workspace_id AND v.id = l.video_id
LEFT JOIN users d ON d.id = l.decided_by
LEFT JOIN users p ON p.id = l.paid_by
`

// snapshotXmin is the oldest transaction a statement after it may not see:
// every row written by an older one is in what that statement reads.
func snapshotXmin(ctx context.Context, db *pgxpool.Pool) (int64, error) {
	var xmin int64
	if err := db.QueryRow(ctx, `SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint`).Scan(&xmin); err != nil {
		return 0, fmt.Errorf("read the snapshot: %w", err)
	}
	return xmin, nil
}

type ledger struct {
	campaign campaign
	// Locked are the stored lines in allocation order, as kept for every
	// request of the ledger version: never changed. Open are the projected
	// ones. Line numbers (line, count) run over both, Locked first.
	Locked  []*Line
	Open    []Line
	Closed  int
	NotPaid int
	// Validating counts the open lines whose window closed, waiting out the
	// campaign's validation window before they lock.
	Validating int
	// sums are every line's sums: the kept locked lines' and the open ones'
	sums *lineSums
	// lockedOrder numbers the locked lines in the ledger's order (filterOrder)
	lockedOrder []int32
}

// count is how many lines the ledger has.
func (l *ledger) count() int { return len(l.Locked) + len(l.Open) }

// line is line i, Locked first; a locked line is shared: read it only.
func (l *ledger) line(i int) *Line {
	if i < len(l.Locked) {
		return l.Locked[i]
	}
	return &l.Open[i-len(l.Locked)]
}

// readLedger reads the campaign's lines at now, the open ones priced. The
// open lines' rows are kept between requests under the versions of what
// they are read from (keptOpen); after a new post or another change of
// which videos are open (a new videos version) they are patched with the
// videos changed since, and after a settle run (a new ledger version and
// floor) narrowed, rather than read again. fresh reads them anew, as the
// settle run must: it also reads when each video was last scraped, which
// no version follows.
func readLedger(ctx context.Context, db *pgxpool.Pool, ch chread.Conn, ws, id uuid.UUID, now time.Time, fresh bool) (ledger, error) {
	c, err := loadCampaign(ctx, db, ws, id)
	if err != nil {
		return ledger{campaign: c}, err
	}
	var kept keptLines
	var rows openRows
	key, have := openRowsKeyOf(c), false
	if !fresh {
		rows, have = keptOpen.get(c.ID, key)
	}
	var (
		videos  []Line
		skipped []skippedVideo
	)
	var xmin int64
	done := false
	read := func(ctx context.Context) error {
		var err error
		if xmin, err = snapshotXmin(ctx, db); err == nil {
			videos, skipped, err = campaignVideos(ctx, db, ws, c)
		}
		done = err == nil
		return err
	}
	g, gctx := fanout.WithContext(ctx)
	if !have {
		g.Go(func() error { return read(gctx) })
	}
	g.Go(func() error {
		var err error
		kept, err = keptLocked.read(gctx, db, ws, c)
		return err
	})
	if err := g.Wait(); err != nil {
		return ledger{campaign: c}, err
	}
	if have && rows.videosVersion != c.VideosVersion {
		// the rows kept, with the videos changed since
		var ok bool
		if rows, ok, err = patchedRows(ctx, db, ws, c, rows); err != nil {
			return ledger{campaign: c}, err
		}
		have = ok
	}
	if have {
		// the rows kept, narrowed to this ledger and floor; read again
		// when they cannot be
		var ok bool
		if rows, ok = rows.narrowed(c, kept); !ok {
			if err := read(ctx); err != nil {
				return ledger{campaign: c}, err
			}
			have = false
		}
	}
	if !have {
		if !done {
			if err := read(ctx); err != nil {
				return ledger{campaign: c}, err
			}
		}
		rows = readOpenRows(c, kept, videos, skipped)
		rows.videosVersion, rows.xmin = c.VideosVersion, xmin
	}
	if !fresh {
		keptOpen.put(c.ID, key, rows)
	}
	l := ledger{campaign: c, Locked: kept.lines, NotPaid: rows.notPaid, lockedOrder: kept.order}
	// the kept rows are shared: a request prices a copy
	open := slices.Clone(rows.lines)
	for i := range open {
		switch locks := c.locksAt(open[i].WindowEnd); {
		case !locks.After(now):
			l.Closed++
		case !open[i].WindowEnd.After(now):
			l.Validating++
			open[i].ValidatingUntil = &locks
		}
	}
	if err := readViewsAt(ctx, ch, ws, open, now); err != nil {
		return l, err
	}
	projected := kept.spent.Clone()
	priceLines(projected, c, c.versions(), open)
	l.Open = open
	l.sums = kept.sums.clone()
	for i := range open {
		l.sums.add(c, &open[i])
	}
	return l, nil
}

// openLines makes the campaign's open videos its projected lines, unpriced:
// their clips (named after the locked lines' clips), rules versions and
// windows, in the order of their windows' ends.
func openLines(c campaign, kept keptLines, videos []Line) []Line {
	versions := c.versions()
	// the order of a payee's posts, locked ones too, names its clips
	posts := make([]payout.Post, len(videos))
	for i, v := range videos {
		videos[i].payee = v.Payee.key()
		posts[i] = payout.Post{ID: v.VideoID, Payee: videos[i].payee, Platform: v.Platform, Caption: v.Caption, Published: v.PublishedAt}
	}
	clips := kept.clips.Clips(posts)
	for i := range videos {
		v := &videos[i]
		v.Clip = clips[i]
		ver := payout.VersionAt(versions, v.PublishedAt)
		v.RulesVersion = ver.Number
		v.window = ver.Rules.Window()
		v.WindowEnd = v.PublishedAt.Add(v.window)
		v.PeriodStart = c.Period.Start(v.WindowEnd)
		v.Status = domain.LineProjected
	}
	// in openOrder; the lines are large, so their indexes are sorted and
	// each line is copied once
	order := make([]int32, len(videos))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int { return openOrder(&videos[i], &videos[j]) })
	open := make([]Line, len(videos))
	for k, i := range order {
		open[k] = videos[i]
	}
	return open
}

func priceLines(spent *payout.Spent, c campaign, versions []payout.Version, lines []Line) {
	in := make([]payout.Pending, len(lines))
	for i, ln := range lines {
		in[i] = payout.Pending{Creator: ln.payeeKey(), Clip: ln.Clip, Period: ln.PeriodStart, Version: ln.RulesVersion, Views: ln.Views}
	}
	for i, a := range spent.AllocateUnder(versions, payout.Money(c.Budget), in) {
		lines[i].PaidViews, lines[i].Price = a.Priced.Views, int64(a.Priced.Amount)
		lines[i].Amount, lines[i].Bound = int64(a.Payable.Amount), string(a.Payable.Bound)
	}
}

// campaignVideos reads the open videos the campaign pays as unpriced
// lines, and those it does not pay, ids as bytes (per row, a Line would
// escape and a uuid.UUID go through its text).
func campaignVideos(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, c campaign) ([]Line, []skippedVideo, error) {
	if c.EndedAt != nil {
		return nil, nil, nil
	}
	// from the floor on when the settle run recorded one: the videos
	// before it are locked, or not paid (FloorNotPaid)
	q, args := campaignVideosFromStart, []any{ws, c.ID, c.Platforms, c.StartsAt, c.EndsAt}
	if c.OpenFloor != nil {
		q, args = campaignVideosFromFloor, append(args, *c.OpenFloor)
	}
	var out []Line
	var skipped []skippedVideo
	err := withoutJIT(ctx, db, func(tx pgx.Tx) error {
		var err error
		out, skipped, err = scanCampaignVideos(ctx, tx, c, q, args)
		return err
	})
	return out, skipped, err
}

// withoutJIT runs read in a read-only transaction with JIT off: the reads
// of a campaign's videos go account by account, which PostgreSQL prices as
// if every account had many recent videos, and it would then compile the
// query's expressions for longer than the read takes.
func withoutJIT(ctx context.Context, db *pgxpool.Pool, read func(pgx.Tx) error) error {
	return query.ReadWith(ctx, db, `SET LOCAL jit = off`, read)
}

func scanCampaignVideos(ctx context.Context, tx pgx.Tx, c campaign, q string, args []any) ([]Line, []skippedVideo, error) {
	rows, err := tx.Query(ctx, q, args...)
	if err != nil {
		return nil, nil, fmt.Errorf("read campaign videos: %w", err)
	}
	defer rows.Close()
	var (
		out                                  []Line
		skipped                              []skippedVideo
		v                                    Line
		status                               domain.Item
		kind                                 domain.PostKind
		videoAccountID, creatorID, accountID pgtype.UUID
		creatorName                          pgtype.Text
		accountName                          string
		published, lastScraped, payeeSetAt   pgtype.Timestamptz
		payeeSetBy                           string
		firstSeen                            time.Time
	)
	dest := []any{(*[16]byte)(&v.VideoID), &v.URL, &v.Platform, &v.Caption, &v.AccountHandle, &videoAccountID,
		&published, &firstSeen, &status, &v.unavailReason, &lastScraped, &kind, &creatorID, &creatorName, &accountID, &accountName,
		&payeeSetAt, &payeeSetBy}
	for rows.Next() {
		v = Line{}
		if err := rows.Scan(dest...); err != nil {
			return nil, nil, fmt.Errorf("read campaign videos: %w", err)
		}
		if !c.pays(kind) {
			start := firstSeen
			if published.Valid {
				start = published.Time
			}
			skipped = append(skipped, skippedVideo{id: v.VideoID, start: start.UTC()})
			continue
		}
		v.PostKind = kind
		if kind == domain.KindCollab && c.Collabs != domain.CollabsPay {
			v.HoldReason = domain.HoldCollab
		}
		if published.Valid {
			t := published.Time.UTC()
			v.Published, v.PublishedAt = &t, t
		} else {
			v.PublishedAt = firstSeen.UTC()
			v.HoldReason = domain.HoldPublishUnknown
		}
		if videoAccountID.Valid {
			id := uuid.UUID(videoAccountID.Bytes)
			v.accountID = &id
		}
		if lastScraped.Valid {
			t := lastScraped.Time
			v.lastScraped = &t
		}
		if payeeSetAt.Valid && payeeSetAt.Time.After(v.PublishedAt) {
			v.PayeeChange = &PayeeChange{By: payeeSetBy, At: payeeSetAt.Time.UTC()}
		}
		switch {
		case creatorID.Valid:
			v.Payee = Payee{Kind: "creator", ID: creatorID.Bytes, Name: creatorName.String}
		case accountID.Valid:
			v.Payee = Payee{Kind: "account", ID: accountID.Bytes, Name: accountName}
		default:
			v.Payee = Payee{Kind: "video", ID: v.VideoID, Name: v.AccountHandle}
		}
		if status != domain.ItemError {
			v.unavailReason = ""
		} else if v.unavailReason == "" {
			v.unavailReason = "the last scrape returned no data"
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("read campaign videos: %w", err)
	}
	return out, skipped, nil
}

// lockedLines reads the campaign's locked lines, in the order they were
// allocated in: all of them, or (since > 0) those written by transaction
// since or later.
func lockedLines(ctx context.Context, db *pgxpool.Pool, ws, id uuid.UUID, since int64) ([]Line, error) {
	q, args := lockedSQL, []any{id, ws}
	if since > 0 {
		q, args = lockedSinceSQL, append(args, since)
	}
	rows, err := db.Query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("read payout lines: %w", err)
	}
	defer rows.Close()
	var (
		out                           lineBlocks
		l                             Line
		creatorID, accountID          pgtype.UUID
		lockedAt                      time.Time
		snapshotAt, decidedAt, paidAt pgtype.Timestamptz
		fellTo                        pgtype.Int8
		quality                       pgtype.Int4
		published, payeeChangedAt     pgtype.Timestamptz
		payeeChangedBy                string
		firstSeen                     time.Time
	)
	dest := []any{(*[16]byte)(&l.VideoID), &l.RulesVersion, &creatorID, &accountID, &l.Payee.Name, &l.Clip, &published, &firstSeen, &l.PostKind, &l.WindowEnd, &l.PeriodStart,
		&snapshotAt, &l.Views, &l.Likes, &l.Comments, &l.PaidViews, &l.Price, &l.Amount, &l.Bound, &l.Status,
		&l.HoldReason, &l.HoldDetail, &l.RejectReason, &lockedAt, &l.DecidedBy, &decidedAt, &l.PaidBy, &paidAt, &fellTo, &quality,
		&payeeChangedBy, &payeeChangedAt,
		&l.URL, &l.Platform, &l.Caption, &l.AccountHandle, &l.seq}
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
		l.PublishedAt = firstSeen.UTC()
		if published.Valid {
			t := published.Time.UTC()
			l.Published, l.PublishedAt = &t, t
		}
		if l.PostKind != domain.KindCollab {
			l.PostKind = domain.KindOwn
		}
		l.WindowEnd, l.PeriodStart = l.WindowEnd.UTC(), l.PeriodStart.UTC()
		l.SnapshotAt, l.DecidedAt, l.PaidAt = utc(snapshotAt), utc(decidedAt), utc(paidAt)
		l.LockedAt = utc(pgtype.Timestamptz{Time: lockedAt, Valid: true})
		if fellTo.Valid {
			f := fellTo.Int64
			l.FellTo = &f
		}
		if quality.Valid {
			q := int(quality.Int32)
			l.Quality = &q
		}
		if payeeChangedAt.Valid {
			l.PayeeChange = &PayeeChange{By: payeeChangedBy, At: payeeChangedAt.Time.UTC()}
		}
		out.add(l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read payout lines: %w", err)
	}
	return out.lines(), nil
}

// lineBlocks collects lines read one by one: in blocks of a fixed size,
// copied once into a slice of the exact length at the end. A Line is large,
// and growing one slice of 83,377 of them copied and cleared it again and
// again: 70 % of a full read's CPU.
type lineBlocks struct {
	blocks [][]Line
	n      int
}

// lineBlock is how many lines a block holds.
const lineBlock = 1024

func (b *lineBlocks) add(l Line) {
	if b.n%lineBlock == 0 {
		b.blocks = append(b.blocks, make([]Line, 0, lineBlock))
	}
	last := &b.blocks[len(b.blocks)-1]
	*last = append(*last, l)
	b.n++
}

// pointers is every line added, in order, where it lies in its block.
func (b *lineBlocks) pointers() []*Line {
	out := make([]*Line, 0, b.n)
	for _, blk := range b.blocks {
		out = append(out, pointers(blk)...)
	}
	return out
}

// lines is every line added, in order; nil when none was.
func (b *lineBlocks) lines() []Line {
	if b.n == 0 {
		return nil
	}
	out := make([]Line, 0, b.n)
	for _, blk := range b.blocks {
		out = append(out, blk...)
	}
	return out
}

// readViewsAt fills each line's counts by its window's end (or now): open lines
// from the latest values, the others from the raw snapshots.
func readViewsAt(ctx context.Context, ch chread.Conn, ws uuid.UUID, lines []Line, now time.Time) error {
	var open, closed []*Line
	for i := range lines {
		if lines[i].WindowEnd.After(now) {
			open = append(open, &lines[i])
		} else {
			closed = append(closed, &lines[i])
		}
	}
	var later []*Line
	g, gctx := fanout.WithContext(ctx)
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

// readLatestAt fills the lines with their latest counts, but for those scraped after now.
func readLatestAt(ctx context.Context, ch chread.Conn, ws uuid.UUID, lines []*Line, now time.Time) ([]*Line, error) {
	ids := make([]uuid.UUID, len(lines))
	for i, l := range lines {
		ids[i] = l.VideoID
	}
	counts, err := chread.Reader{CH: ch}.Latest(ctx, ws, ids)
	if err != nil {
		return nil, err
	}
	var later []*Line
	for _, l := range lines {
		c, ok := counts[l.VideoID]
		switch {
		case !ok:
			continue
		case c.At.After(now):
			later = append(later, l)
			continue
		case c.Recorded&domain.Views.Bit() == 0:
			continue
		}
		at, e := c.At.UTC(), c.Engagement()
		l.SnapshotAt, l.Views, l.Likes, l.Comments = &at, e.Views, e.Likes, e.Comments
	}
	return later, nil
}

func readSnapshotsAt(ctx context.Context, ch chread.Conn, ws uuid.UUID, lines []*Line, now time.Time) error {
	if len(lines) == 0 {
		return nil
	}
	ends := make(map[uuid.UUID]time.Time, len(lines))
	for _, l := range lines {
		ends[l.VideoID] = l.WindowEnd
		if now.Before(l.WindowEnd) {
			ends[l.VideoID] = now
		}
	}
	last, err := chread.Reader{CH: ch}.ViewsAt(ctx, ws, ends)
	if err != nil {
		return err
	}
	for _, l := range lines {
		if s, ok := last[l.VideoID]; ok {
			at := s.At.UTC()
			l.SnapshotAt = &at
			l.Views, l.Likes, l.Comments = int64(s.Views), int64(s.Likes), int64(s.Comments)
		}
	}
	return nil
}

const maxKeptLedgers = 64

// lockedLineCache keeps recent campaigns' locked lines under the versions
// of what they show: the campaign's ledger version (the lines) and the
// workspace's open rows version (their videos' links, captions, author
// handles and kinds; schema 0043, 0044). A new ledger version reads only
// the lines written since the kept copy was read (schema 0045).
type lockedLineCache struct {
	mu   sync.Mutex
	kept map[uuid.UUID]keptLines
}

type keptLines struct {
	version, rowsVersion int64
	// removed is the campaign's count of removed lines when read
	removed int64
	// xmin is the oldest transaction whose lines the read may not have
	// seen: the lines written by it or a later one are read again
	xmin int64
	// period is the campaign's payout period the sums were made under
	period payout.Period
	at     time.Time
	lines  []*Line
	// spent is what the locked lines spent, never changed: the open lines
	// are priced on a clone
	spent *payout.Spent
	// clips names the open lines' clips after the locked lines'; clipsID
	// tells one index from another
	clips   payout.ClipIndex
	clipsID uint64
	// sums are the locked lines' sums on the page, never changed: a
	// request adds its open lines to a clone
	sums *lineSums
	// order numbers the lines in the ledger's order
	order []int32
	// ids are the lines' videos and their places in lines
	ids lockedIDs
}

// spentOf sums what the locked lines spent, by creator and period, by clip and in all.
func spentOf(locked []*Line) *payout.Spent {
	var spent payout.Spent
	for _, l := range locked {
		spend(&spent, l)
	}
	return &spent
}

// spend adds what a locked line spent.
func spend(spent *payout.Spent, l *Line) {
	spent.Add(payout.Line{Creator: l.Payee.key(), Clip: l.Clip, Period: l.PeriodStart, Priced: payout.Priced{Amount: payout.Money(l.Price)}}, payout.Money(l.Amount))
}

// postsOf are the lines as posts whose clips are known.
func postsOf(lines []*Line) []payout.Post {
	posts := make([]payout.Post, len(lines))
	for i, ln := range lines {
		posts[i] = payout.Post{ID: ln.VideoID, Payee: ln.Payee.key(), Platform: ln.Platform, Caption: ln.Caption, Published: ln.PublishedAt}
	}
	return posts
}

var keptLocked = &lockedLineCache{kept: map[uuid.UUID]keptLines{}}

// clipIndexes numbers the clip indexes made (keptLines.clipsID).
var clipIndexes atomic.Uint64

// read returns the campaign's locked lines and what they spent: kept, the
// kept ones with the lines written since (a settle run's, a review's), or
// read anew.
func (k *lockedLineCache) read(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, c campaign) (keptLines, error) {
	k.mu.Lock()
	e, ok := k.kept[c.ID]
	patch := ok && e.rowsVersion == c.OpenRowsVersion && e.period == c.Period && e.removed == c.LinesRemoved
	if patch && e.version == c.LedgerVersion {
		// read last now: the least recently read goes first
		e.at = time.Now()
		k.kept[c.ID] = e
		k.mu.Unlock()
		return e, nil
	}
	k.mu.Unlock()
	xmin, err := snapshotXmin(ctx, db)
	if err != nil {
		return keptLines{}, err
	}
	if patch {
		changed, err := lockedLines(ctx, db, ws, c.ID, e.xmin)
		if err != nil {
			return keptLines{}, err
		}
		e = e.patched(c, changed)
	} else {
		read, err := lockedLines(ctx, db, ws, c.ID, 0)
		if err != nil {
			return keptLines{}, err
		}
		e = newKeptLines(c, pointers(read))
	}
	e.xmin = xmin
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
	k.kept[c.ID] = e
	return e, nil
}

// patched is the kept lines with the changed ones in their places and the
// new ones added, in the order lines were allocated in, and what is made of
// them: from what was kept where the changes allow it, anew otherwise. e is
// not changed.
func (e keptLines) patched(c campaign, changed []Line) keptLines {
	lines := slices.Grow(slices.Clone(e.lines), len(changed))
	// the lines replaced, as they were and as they are, and those added
	var was, is, added []*Line
	ordered := true
	for j := range changed {
		l := &changed[j]
		if i, ok := e.ids[l.VideoID]; ok {
			ordered = ordered && lines[i].seq == l.seq
			was, is = append(was, lines[i]), append(is, l)
			lines[i] = l
			continue
		}
		if n := len(lines); n > 0 && lines[n-1].seq > l.seq {
			ordered = false
		}
		lines = append(lines, l)
		added = append(added, l)
	}
	if !ordered {
		slices.SortFunc(lines, func(a, b *Line) int { return cmp.Compare(a.seq, b.seq) })
		return newKeptLines(c, lines)
	}
	same := func(alike func(a, b *Line) bool) bool {
		for i := range was {
			if !alike(was[i], is[i]) {
				return false
			}
		}
		return true
	}
	out := keptLines{version: c.LedgerVersion, rowsVersion: c.OpenRowsVersion, removed: c.LinesRemoved, period: c.Period, at: time.Now(),
		lines: lines, spent: e.spent, clips: e.clips, clipsID: e.clipsID, order: e.order, ids: e.ids}
	switch {
	case !same(func(a, b *Line) bool {
		return a.Payee.ref() == b.Payee.ref() && a.Clip == b.Clip && a.PeriodStart.Equal(b.PeriodStart) && a.Price == b.Price && a.Amount == b.Amount
	}):
		out.spent = spentOf(lines)
	case len(added) > 0:
		out.spent = e.spent.Clone()
		for _, l := range added {
			spend(out.spent, l)
		}
	}
	switch {
	case !same(func(a, b *Line) bool {
		return a.Payee.ref() == b.Payee.ref() && a.Platform == b.Platform && a.Caption == b.Caption && a.PublishedAt.Equal(b.PublishedAt)
	}):
		out.clips, out.clipsID = payout.NewClipIndex(postsOf(lines)), clipIndexes.Add(1)
	case len(added) > 0:
		out.clips, out.clipsID = e.clips.With(postsOf(added)), clipIndexes.Add(1)
	}
	if len(added) > 0 || !same(func(a, b *Line) bool { return a.WindowEnd.Equal(b.WindowEnd) }) {
		out.order = lockedOrder(lines)
	}
	if len(added) > 0 {
		out.ids = maps.Clone(e.ids)
		for i := len(e.lines); i < len(lines); i++ {
			out.ids[lines[i].VideoID] = int32(i)
		}
	}
	if !same(func(a, b *Line) bool {
		return a.Payee == b.Payee && a.PublishedAt.Equal(b.PublishedAt) && a.WindowEnd.Equal(b.WindowEnd) && a.PeriodStart.Equal(b.PeriodStart)
	}) {
		out.sums = sumLines(c, lines)
		return out
	}
	out.sums = e.sums.clone()
	for i := range was {
		out.sums.remove(c, was[i])
		out.sums.apply(c, is[i], 1)
	}
	if len(added) > 0 {
		out.sums.published = maps.Clone(out.sums.published)
		copied := map[payeeRef]bool{}
		for _, l := range added {
			p := l.Payee.ref()
			out.sums.payees[p] = struct{}{}
			out.sums.apply(c, l, 1)
			if !copied[p] {
				// the kept publish times are shared: added to on a copy
				out.sums.published[p], copied[p] = slices.Clip(out.sums.published[p]), true
			}
			out.sums.published[p] = append(out.sums.published[p], l.PublishedAt)
		}
		for p := range copied {
			slices.SortFunc(out.sums.published[p], time.Time.Compare)
		}
	}
	out.sums.topOf(lines)
	return out
}

// pointers points at each of lines.
func pointers(lines []Line) []*Line {
	out := make([]*Line, len(lines))
	for i := range lines {
		out[i] = &lines[i]
	}
	return out
}

// newKeptLines makes what a campaign's ledger keeps of its locked lines:
// their spending, sums, order, clips and videos, each on a core of its own.
func newKeptLines(c campaign, lines []*Line) keptLines {
	e := keptLines{version: c.LedgerVersion, rowsVersion: c.OpenRowsVersion, removed: c.LinesRemoved, period: c.Period, at: time.Now(), lines: lines,
		clipsID: clipIndexes.Add(1)}
	var wg sync.WaitGroup
	wg.Go(func() { e.spent = spentOf(lines) })
	wg.Go(func() { e.sums = sumLines(c, lines) })
	wg.Go(func() { e.order = lockedOrder(lines) })
	wg.Go(func() { e.clips = payout.NewClipIndex(postsOf(lines)) })
	e.ids = make(lockedIDs, len(lines))
	for i, ln := range lines {
		e.ids[ln.VideoID] = int32(i)
	}
	wg.Wait()
	return e
}
