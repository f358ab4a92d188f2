package campaigns

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/query/chread"
)

// SettlementHandler reads what a settle run locks and flags.
type SettlementHandler struct {
	DB *pgxpool.Pool
	CH chread.Conn
}

// Settlement reads the open lines whose windows closed by now (with all, every
// open line, held as campaign_ended) and the locked lines whose views fell:
// of every locked line, or, with since (the last settle run, the ledger
// unchanged after it), of those whose videos were scraped since, as Due.
func (h SettlementHandler) Settlement(ctx context.Context, ws, id uuid.UUID, now time.Time, all bool, since *time.Time) (payout.Settlement, error) {
	var out payout.Settlement
	l, err := readLedger(ctx, h.DB, h.CH, ws, id, now, true)
	if err != nil {
		return out, err
	}
	var closed []Line
	for _, ln := range l.Open {
		switch {
		case !l.campaign.locksAt(ln.WindowEnd).After(now):
			closed = append(closed, ln)
		case all:
			ln.ended = true
			closed = append(closed, ln)
		}
	}
	history, err := h.accountHistory(ctx, ws, closed)
	if err != nil {
		return out, err
	}
	latest, err := h.latestViews(ctx, ws, l.campaign, closed)
	if err != nil {
		return out, err
	}
	var verified, formed map[uuid.UUID]bool
	if l.campaign.VerifiedOnly {
		if verified, err = h.verifiedAccounts(ctx, ws, closed); err != nil {
			return out, err
		}
	}
	if l.campaign.TaxFormRequired {
		if formed, err = h.creatorsWithTaxForm(ctx, ws, closed); err != nil {
			return out, err
		}
	}
	for _, ln := range closed {
		c := payout.Closed{
			Pending: payout.Pending{Creator: ln.Payee.key(), Clip: ln.Clip, Period: ln.PeriodStart, Version: ln.RulesVersion, Views: ln.Views},
			VideoID: ln.VideoID, PayeeName: ln.Payee.Name, Published: ln.Published, WindowEnd: ln.WindowEnd,
			SnapshotAt: ln.SnapshotAt, Likes: ln.Likes, Comments: ln.Comments,
		}
		if ln.PayeeChange != nil {
			at := ln.PayeeChange.At
			c.PayeeChangedBy, c.PayeeChangedAt = ln.PayeeChange.By, &at
		}
		switch ln.Payee.Kind {
		case "creator":
			id := ln.Payee.ID
			c.CreatorID, c.AccountID = &id, ln.accountID
		case "account":
			c.AccountID = ln.accountID
		}
		var quality payout.Quality
		if !ln.ended && ln.SnapshotAt != nil {
			now, ok := latest[ln.VideoID]
			if !ok {
				now = ln.Views
			}
			quality = payout.QualityOf(payout.Engagement{Views: ln.Views, Likes: ln.Likes, Comments: ln.Comments}, othersOf(history, ln), now)
			score := quality.Score
			c.Quality = &score
		}
		switch {
		case ln.ended:
			c.Hold, c.HoldDetail = domain.HoldCampaignEnded, fmt.Sprintf("the campaign was ended on %s, before the window closed on %s: views as of then",
				now.Format(lineTime), ln.WindowEnd.Format(lineTime))
		case ln.unavailReason != "" && (ln.lastScraped == nil || ln.lastScraped.Before(ln.WindowEnd)):
			c.Hold, c.HoldDetail = domain.HoldUnavailable, ln.unavailReason
		case ln.SnapshotAt == nil:
			c.Hold, c.HoldDetail = domain.HoldNoSnapshot, "no snapshot was taken before the window closed"
		case ln.HoldReason == domain.HoldPublishUnknown:
			c.Hold, c.HoldDetail = domain.HoldPublishUnknown, fmt.Sprintf("publish time unknown: views read at %s, the latest the window could end (%d h after the video was first seen on %s)",
				ln.WindowEnd.Format(lineTime), int(ln.window.Hours()), ln.PublishedAt.Format(lineTime))
		case ln.SnapshotAt.Before(ln.WindowEnd.Add(-payout.FreshWithin(ln.window))):
			c.Hold, c.HoldDetail = domain.HoldStale, fmt.Sprintf("last scraped %s, %s before the window closed on %s (tolerance %s)",
				ln.SnapshotAt.Format(lineTime), hoursText(ln.WindowEnd.Sub(*ln.SnapshotAt)), ln.WindowEnd.Format(lineTime), hoursText(payout.FreshWithin(ln.window)))
		case ln.HoldReason == domain.HoldCollab:
			c.Hold, c.HoldDetail = domain.HoldCollab, fmt.Sprintf("a collab: @%s's post the account co-authored; the campaign holds collabs for review", ln.AccountHandle)
		case l.campaign.VerifiedOnly && (ln.accountID == nil || !verified[*ln.accountID]):
			c.Hold, c.HoldDetail = domain.HoldUnverified, unverifiedDetail(ln)
		case l.campaign.TaxFormRequired && (ln.Payee.Kind != "creator" || !formed[ln.Payee.ID]):
			c.Hold, c.HoldDetail = domain.HoldTaxForm, taxFormDetail(ln)
		default:
			if burst, why := payout.Burst(payout.Engagement{Views: ln.Views, Likes: ln.Likes, Comments: ln.Comments}, othersOf(history, ln)); burst {
				c.Hold, c.HoldDetail = domain.HoldBurst, why
			} else if c.Quality != nil && *c.Quality < l.campaign.MinQuality {
				c.Hold, c.HoldDetail = domain.HoldLowQuality, fmt.Sprintf("view quality %d, below the campaign's %d: %s",
					*c.Quality, l.campaign.MinQuality, strings.Join(quality.Reasons, "; "))
			}
		}
		out.Closed = append(out.Closed, c)
	}
	if since == nil {
		out.Fell, err = h.falls(ctx, ws, l.Locked)
	} else {
		out.Fell, err = h.scrapedFalls(ctx, ws, id, since)
	}
	return out, err
}

// othersOf is the engagement of the other videos of the line's account.
func othersOf(history map[uuid.UUID]map[uuid.UUID]payout.Engagement, ln Line) []payout.Engagement {
	if ln.accountID == nil {
		return nil
	}
	var others []payout.Engagement
	for vid, e := range history[*ln.accountID] {
		if vid != ln.VideoID {
			others = append(others, e)
		}
	}
	return others
}

// latestViews reads the views the closed lines' videos show now, when the
// campaign waits a validation window or holds low view quality: views
// taken back since the window closed lower the score. Without either, the
// score is read from the views at the window's end alone (a fall after
// the lock holds the line as views_fell).
func (h SettlementHandler) latestViews(ctx context.Context, ws uuid.UUID, c campaign, closed []Line) (map[uuid.UUID]int64, error) {
	if c.ValidationHours == 0 && c.MinQuality == 0 {
		return nil, nil
	}
	var ids []uuid.UUID
	for _, ln := range closed {
		if ln.SnapshotAt != nil && !ln.ended {
			ids = append(ids, ln.VideoID)
		}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	counts, err := latestCounts(ctx, h.CH, ws, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[uuid.UUID]int64, len(counts))
	for id, e := range counts {
		out[id] = e.Views
	}
	return out, nil
}

// settleScrapeMargin widens Due's "scraped since": a completion records its
// scrape with the time it started, and may commit after a settle run began.
const settleScrapeMargin = time.Hour

// dueSQL reads the campaign's open videos published early enough for the
// shortest window of its rules to have closed ($7), from its open floor
// on ($6, or from its start when NULL).
var dueSQL = `
SELECT v.published_at, v.created_at, v.post_kind
` + campaignMembersFrom("COALESCE($6::timestamptz, $4)") + `
WHERE ` + openVideosWhere + `
  AND COALESCE(v.published_at, v.created_at) <= $7`

// scrapedLinesSQL reads the locked lines whose videos were scraped since $2.
const scrapedLinesSQL = `
SELECT l.video_id, l.views, l.fell_to
FROM payout_lines l JOIN videos v ON v.workspace_id = l.workspace_id AND v.id = l.video_id
WHERE l.collection_id = $1 AND l.workspace_id = $3 AND v.last_scraped_at >= $2`

// Due reads what settling campaign id at now would do, without its ledger:
// whether an open line's window has closed (the lines Settlement would
// lock), and the falls of the locked lines whose videos were scraped since
// the last settle run at since (nil: every locked line).
func (h SettlementHandler) Due(ctx context.Context, ws, id uuid.UUID, now time.Time, since *time.Time) (payout.Due, error) {
	var out payout.Due
	c, err := loadCampaign(ctx, h.DB, ws, id)
	if err != nil {
		return out, err
	}
	if out.Closing, err = h.closing(ctx, ws, c, now); err != nil {
		return out, err
	}
	out.Fell, err = h.scrapedFalls(ctx, ws, id, since)
	return out, err
}

// scrapedFalls is falls of the locked lines whose videos were scraped since
// (nil: ever); the others' latest views are those the last run saw.
func (h SettlementHandler) scrapedFalls(ctx context.Context, ws, id uuid.UUID, since *time.Time) ([]payout.Fall, error) {
	from := time.Time{}
	if since != nil {
		from = since.Add(-settleScrapeMargin)
	}
	rows, err := h.DB.Query(ctx, scrapedLinesSQL, id, from, ws)
	if err != nil {
		return nil, fmt.Errorf("read scraped lines: %w", err)
	}
	var (
		locked lineBlocks
		l      Line
	)
	// each row's scan sets all three (fell_to a new pointer, or nil)
	_, err = pgx.ForEachRow(rows, []any{&l.VideoID, &l.Views, &l.FellTo}, func() error {
		locked.add(l)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read scraped lines: %w", err)
	}
	return h.falls(ctx, ws, locked.pointers())
}

// openFloorSQL reads the open floor of a campaign ($1, $2 and its members
// as in openVideosWhere): the earliest open video it pays ($6: the kinds
// it pays), or the start of its longest window at $7 when earlier, and how
// many open videos before that it does not pay; from its current floor on
// ($8) when it has one, which the caller adds the count before it to.
var openFloorSQL = `
WITH open AS MATERIALIZED (
    SELECT COALESCE(v.published_at, v.created_at) AS at, v.post_kind = ANY($6) AS paid
    ` + campaignMembersFrom("COALESCE($8::timestamptz, $4)") + `
    WHERE ` + openVideosWhere + `),
f AS (SELECT least(min(at) FILTER (WHERE paid), $7::timestamptz) AS floor FROM open)
SELECT f.floor, (SELECT count(*) FROM open WHERE NOT paid AND at < f.floor) FROM f`

// OpenFloor reads in tx campaign id's open floor at now (schema 0041):
// every video of the campaign published before it that the campaign pays
// has a stored line; notPaid of those it does not pay have none. The
// caller locks the workspace row first (the floor's triggers do too), so a
// floor recorded holds while tx runs: the videos before it are not read
// again, and a floor never moves back.
func (h SettlementHandler) OpenFloor(ctx context.Context, tx pgx.Tx, ws, id uuid.UUID, now time.Time) (*time.Time, int, error) {
	var (
		platforms []string
		starts    time.Time
		ends      *time.Time
		collabs   domain.Collabs
		ended     bool
		window    int
		was       *time.Time
		before    int
	)
	err := tx.QueryRow(ctx, `
		SELECT c.platforms, c.starts_at, c.ends_at, c.collabs, c.ended_at IS NOT NULL,
			(SELECT max(r.window_hours) FROM campaign_rules r WHERE r.collection_id = c.collection_id) + c.validation_hours,
			c.open_floor, c.floor_not_paid
		FROM campaigns c WHERE c.workspace_id = $1 AND c.collection_id = $2`, ws, id).Scan(&platforms, &starts, &ends, &collabs, &ended, &window, &was, &before)
	if errors.Is(err, pgx.ErrNoRows) || ended {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("read the campaign's open floor: %w", err)
	}
	if was == nil {
		before = 0
	}
	// as withoutJIT: the read goes account by account
	if _, err := tx.Exec(ctx, `SET LOCAL jit = off`); err != nil {
		return nil, 0, fmt.Errorf("read the campaign's open floor: %w", err)
	}
	var floor time.Time
	var notPaid int
	err = tx.QueryRow(ctx, openFloorSQL, ws, id, platforms, starts, ends, PaidKinds(collabs), now.Add(-time.Duration(window)*time.Hour), was).Scan(&floor, &notPaid)
	if err != nil {
		return nil, 0, fmt.Errorf("read the campaign's open floor: %w", err)
	}
	if was != nil && floor.Before(*was) {
		floor = *was
	}
	floor = floor.UTC()
	return &floor, before + notPaid, nil
}

// closing reports whether an open line of c has a window closed at now.
func (h SettlementHandler) closing(ctx context.Context, ws uuid.UUID, c campaign, now time.Time) (bool, error) {
	if c.EndedAt != nil {
		return false, nil
	}
	versions := c.versions()
	shortest := versions[0].Rules.Window()
	for _, v := range versions[1:] {
		shortest = min(shortest, v.Rules.Window())
	}
	closing := false
	err := withoutJIT(ctx, h.DB, func(tx pgx.Tx) error {
		rows, err := tx.Query(ctx, dueSQL, ws, c.ID, c.Platforms, c.StartsAt, c.EndsAt, c.OpenFloor, now.Add(-shortest-c.validation()))
		if err != nil {
			return fmt.Errorf("read closing videos: %w", err)
		}
		defer rows.Close()
		var (
			published pgtype.Timestamptz
			firstSeen time.Time
			kind      domain.PostKind
		)
		for rows.Next() {
			if err := rows.Scan(&published, &firstSeen, &kind); err != nil {
				return fmt.Errorf("read closing videos: %w", err)
			}
			at := firstSeen
			if published.Valid {
				at = published.Time
			}
			if c.pays(kind) && !c.locksAt(at.Add(payout.VersionAt(versions, at).Rules.Window())).After(now) {
				closing = true
				return nil
			}
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read closing videos: %w", err)
		}
		return nil
	})
	return closing, err
}

const lineTime = "2006-01-02 15:04 UTC"

func hoursText(d time.Duration) string {
	if d < time.Hour {
		return fmt.Sprintf("%d min", int(d.Minutes()))
	}
	return fmt.Sprintf("%d h", int(d.Hours()))
}

const accountHistorySQL = `
SELECT id, account_id FROM videos
WHERE workspace_id = $1 AND account_id = ANY($2) AND status <> $3 AND post_kind IN ('own', 'collab')`

func (h SettlementHandler) accountHistory(ctx context.Context, ws uuid.UUID, lines []Line) (map[uuid.UUID]map[uuid.UUID]payout.Engagement, error) {
	out := map[uuid.UUID]map[uuid.UUID]payout.Engagement{}
	var accounts []uuid.UUID
	for _, l := range lines {
		if l.accountID != nil && out[*l.accountID] == nil {
			out[*l.accountID] = map[uuid.UUID]payout.Engagement{}
			accounts = append(accounts, *l.accountID)
		}
	}
	if len(accounts) == 0 {
		return out, nil
	}
	rows, err := h.DB.Query(ctx, accountHistorySQL, ws, accounts, domain.ItemRemoved)
	if err != nil {
		return nil, fmt.Errorf("read account history: %w", err)
	}
	accountOf := map[uuid.UUID]uuid.UUID{}
	var ids []uuid.UUID
	for rows.Next() {
		var id, account uuid.UUID
		if err := rows.Scan(&id, &account); err != nil {
			rows.Close()
			return nil, fmt.Errorf("read account history: %w", err)
		}
		accountOf[id] = account
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read account history: %w", err)
	}
	latest, err := latestCounts(ctx, h.CH, ws, ids)
	if err != nil {
		return nil, err
	}
	for id, e := range latest {
		out[accountOf[id]][id] = e
	}
	return out, nil
}

// falls finds the locked lines whose views fell, and lower than seen before.
func (h SettlementHandler) falls(ctx context.Context, ws uuid.UUID, locked []*Line) ([]payout.Fall, error) {
	if len(locked) == 0 {
		return nil, nil
	}
	ids := make([]uuid.UUID, len(locked))
	for i, l := range locked {
		ids[i] = l.VideoID
	}
	latest, err := latestCounts(ctx, h.CH, ws, ids)
	if err != nil {
		return nil, err
	}
	var out []payout.Fall
	for _, l := range locked {
		e, ok := latest[l.VideoID]
		if !ok || !payout.ViewsFell(l.Views, e.Views) || l.FellTo != nil && *l.FellTo <= e.Views {
			continue
		}
		out = append(out, payout.Fall{VideoID: l.VideoID, Latest: e.Views})
	}
	return out, nil
}

func latestCounts(ctx context.Context, ch chread.Conn, ws uuid.UUID, ids []uuid.UUID) (map[uuid.UUID]payout.Engagement, error) {
	counts, err := chread.Reader{CH: ch}.Latest(ctx, ws, ids)
	if err != nil {
		return nil, fmt.Errorf("read latest counts: %w", err)
	}
	out := make(map[uuid.UUID]payout.Engagement, len(counts))
	for id, c := range counts {
		if c.Recorded&domain.Views.Bit() != 0 {
			out[id] = c.Engagement()
		}
	}
	return out, nil
}

// verifiedAccounts reads which of the lines' accounts are verified as their
// creator's (docs/creators.md).
func (h SettlementHandler) verifiedAccounts(ctx context.Context, ws uuid.UUID, lines []Line) (map[uuid.UUID]bool, error) {
	var accounts []uuid.UUID
	for _, l := range lines {
		if l.accountID != nil {
			accounts = append(accounts, *l.accountID)
		}
	}
	out := map[uuid.UUID]bool{}
	if len(accounts) == 0 {
		return out, nil
	}
	rows, _ := h.DB.Query(ctx, `SELECT id FROM accounts WHERE workspace_id = $1 AND id = ANY($2) AND verified_at IS NOT NULL`, ws, accounts)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, fmt.Errorf("read verified accounts: %w", err)
	}
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

// unverifiedDetail says why a line of a campaign paying verified accounts
// only is held.
func unverifiedDetail(ln Line) string {
	if ln.accountID == nil {
		return "the campaign pays verified accounts only, and the post is of no tracked account"
	}
	return fmt.Sprintf("the campaign pays verified accounts only, and @%s was not verified as its creator's when the line locked", ln.AccountHandle)
}

// creatorsWithTaxForm reads which of the lines' creators have a tax form
// on file.
func (h SettlementHandler) creatorsWithTaxForm(ctx context.Context, ws uuid.UUID, lines []Line) (map[uuid.UUID]bool, error) {
	var creators []uuid.UUID
	for _, l := range lines {
		if l.Payee.Kind == "creator" {
			creators = append(creators, l.Payee.ID)
		}
	}
	out := map[uuid.UUID]bool{}
	if len(creators) == 0 {
		return out, nil
	}
	rows, _ := h.DB.Query(ctx, `SELECT id FROM creators WHERE workspace_id = $1 AND id = ANY($2) AND tax_form <> $3`, ws, creators, domain.TaxFormNone)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return nil, fmt.Errorf("read creators' tax forms: %w", err)
	}
	for _, id := range ids {
		out[id] = true
	}
	return out, nil
}

// taxFormDetail says why a line of a campaign requiring a tax form is held.
func taxFormDetail(ln Line) string {
	if ln.Payee.Kind != "creator" {
		return "the campaign requires a tax form on file, and the line pays an account of no creator"
	}
	return fmt.Sprintf("the campaign requires a tax form on file, and %s had none when the line locked", ln.Payee.Name)
}
