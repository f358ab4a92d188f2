package campaigns

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/command/eventlog"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/payout"
)

// SettlementReader reads what a settle run of a campaign locks and flags.
type SettlementReader interface {
	// Settlement reads the closed open lines (all: every open line) and the
	// falls among the locked lines' videos scraped since (nil: every one).
	Settlement(ctx context.Context, ws, id uuid.UUID, now time.Time, all bool, since *time.Time) (payout.Settlement, error)
	// Due reads, without the ledger, whether a window has closed and the
	// falls among the locked lines' videos scraped since (nil: ever).
	Due(ctx context.Context, ws, id uuid.UUID, now time.Time, since *time.Time) (payout.Due, error)
	// OpenFloor reads in tx the campaign's open floor at now and the open
	// videos before it the campaign does not pay (nil: none to record).
	OpenFloor(ctx context.Context, tx pgx.Tx, ws, id uuid.UUID, now time.Time) (*time.Time, int, error)
}

// SettleRun is what one settle run did.
type SettleRun struct {
	Campaigns int `json:"campaigns"`
	// Skipped counts the campaigns with nothing to do: no window closed, no
	// locked line's views fell and the ledger unchanged since the last run.
	Skipped int `json:"skipped"`
	// Locked counts the lines locked, Held those of them held for review,
	// Fell the locked lines held because their views fell.
	Locked       int `json:"locked"`
	Held         int `json:"held"`
	Fell         int `json:"fell"`
	BudgetAlerts int `json:"budgetAlerts"`
	// Released counts videos kept past their limits for a now-closed window.
	Released int `json:"released"`
}

// SettlePayoutsHandler locks and holds the lines of closed campaign windows.
type SettlePayoutsHandler struct {
	DB           *pgxpool.Pool
	Ledger       SettlementReader
	DashboardURL string
	Log          *slog.Logger
	Now          func() time.Time
}

// Handle settles each campaign; one failing is logged, the others go on.
func (h SettlePayoutsHandler) Handle(ctx context.Context) (SettleRun, error) {
	var run SettleRun
	rows, err := h.DB.Query(ctx, `
		SELECT workspace_id, collection_id, settled_at, settled_version IS DISTINCT FROM ledger_version
		FROM campaigns ORDER BY workspace_id, collection_id`)
	if err != nil {
		return run, fmt.Errorf("list campaigns: %w", err)
	}
	type campaign struct {
		ws, id  uuid.UUID
		settled *time.Time
		changed bool
	}
	campaigns, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (campaign, error) {
		var c campaign
		return c, r.Scan(&c.ws, &c.id, &c.settled, &c.changed)
	})
	if err != nil {
		return run, fmt.Errorf("list campaigns: %w", err)
	}
	var first error
	for _, c := range campaigns {
		settle := func(ctx context.Context, ws, id uuid.UUID, run *SettleRun) error {
			return h.settle(ctx, ws, id, nil, run)
		}
		if !c.changed && c.settled != nil {
			settle = func(ctx context.Context, ws, id uuid.UUID, run *SettleRun) error {
				return h.settleDue(ctx, ws, id, *c.settled, run)
			}
		}
		if err := settle(ctx, c.ws, c.id, &run); err != nil {
			h.Log.ErrorContext(ctx, "campaign settle failed", "campaign", c.id, "error", err)
			if first == nil {
				first = err
			}
			continue
		}
		run.Campaigns++
	}
	// once closed windows' lines are locked, videos kept for them may leave
	released, err := releaseKept(ctx, h.DB, h.Now().UTC(), nil)
	run.Released = released
	return run, errors.Join(first, err)
}

// releaseKept re-applies the limits of accounts (of ws, or all) whose videos
// were kept for a closed campaign window, each under the workspace's row lock.
func releaseKept(ctx context.Context, db *pgxpool.Pool, now time.Time, ws *uuid.UUID) (int, error) {
	rows, err := db.Query(ctx, `
		SELECT DISTINCT a.workspace_id, a.id, a.tracking_limit FROM videos v JOIN accounts a ON a.id = v.account_id
		WHERE v.kept_until <= $1 AND ($2::uuid IS NULL OR v.workspace_id = $2) ORDER BY a.workspace_id, a.id`, now, ws)
	if err != nil {
		return 0, fmt.Errorf("find videos kept for closed windows: %w", err)
	}
	type account struct {
		ws, id uuid.UUID
		limit  int
	}
	accounts, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (account, error) {
		var a account
		return a, r.Scan(&a.ws, &a.id, &a.limit)
	})
	if err != nil {
		return 0, fmt.Errorf("find videos kept for closed windows: %w", err)
	}
	released := 0
	for _, a := range accounts {
		err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE`, a.ws); err != nil {
				return fmt.Errorf("lock workspace: %w", err)
			}
			rows, err := tx.Query(ctx, `SELECT id FROM videos WHERE workspace_id = $3 AND account_id = $1 AND kept_until <= $2`, a.id, now, a.ws)
			if err != nil {
				return fmt.Errorf("read kept videos: %w", err)
			}
			kept, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
			if err != nil {
				return fmt.Errorf("read kept videos: %w", err)
			}
			if err := tracking.RankAccountVideos(ctx, tx, a.ws, a.id, a.limit, now); err != nil {
				return err
			}
			// a video still awaiting its line's lock stays kept
			var n int
			if err := tx.QueryRow(ctx, `SELECT count(*) FROM videos WHERE workspace_id = $2 AND id = ANY($1) AND kept_until IS NULL`, kept, a.ws).Scan(&n); err != nil {
				return fmt.Errorf("count released videos: %w", err)
			}
			released += n
			return dataversion.BumpDataVersion(ctx, tx, a.ws)
		})
		if err != nil {
			return released, err
		}
	}
	return released, nil
}

// Settle settles one campaign, then releases videos kept for closed windows.
func (h SettlePayoutsHandler) Settle(ctx context.Context, ws, id uuid.UUID) (SettleRun, error) {
	var run SettleRun
	err := h.settle(ctx, ws, id, nil, &run)
	if err != nil {
		return run, err
	}
	run.Campaigns = 1
	run.Released, err = releaseKept(ctx, h.DB, h.Now().UTC(), &ws)
	return run, err
}

// Clock is the settle run's time now.
func (h SettlePayoutsHandler) Clock() time.Time { return h.Now() }

// EndSettlement reads what ending campaign id locks: every line, closed at now.
func (h SettlePayoutsHandler) EndSettlement(ctx context.Context, ws, id uuid.UUID, now time.Time) (payout.Settlement, error) {
	return h.Ledger.Settlement(ctx, ws, id, now, true, nil)
}

// LockEnd writes an ending campaign's settlement in tx, as a settle run does.
func (h SettlePayoutsHandler) LockEnd(ctx context.Context, tx pgx.Tx, ws, id uuid.UUID, s payout.Settlement, now time.Time) (locked, held int, err error) {
	var run SettleRun
	err = h.lock(ctx, tx, ws, id, s, now, &run)
	return run.Locked, run.Held, err
}

// settleDue settles a campaign whose ledger has not changed since its last
// run at since: it reads the whole ledger only when a window has closed (and
// the falls of the lines scraped since only), writes only the falls when
// some line's views fell, and else skips it.
func (h SettlePayoutsHandler) settleDue(ctx context.Context, ws, id uuid.UUID, since time.Time, run *SettleRun) error {
	now := h.Now().UTC()
	due, err := h.Ledger.Due(ctx, ws, id, now, &since)
	switch {
	case err != nil:
		return err
	case due.Closing:
		return h.settle(ctx, ws, id, &since, run)
	case len(due.Fell) == 0:
		run.Skipped++
		return nil
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		return h.lock(ctx, tx, ws, id, payout.Settlement{Fell: due.Fell}, now, run)
	})
}

func (h SettlePayoutsHandler) settle(ctx context.Context, ws, id uuid.UUID, since *time.Time, run *SettleRun) error {
	now := h.Now().UTC()
	s, err := h.Ledger.Settlement(ctx, ws, id, now, false, since)
	if err != nil {
		return err
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		return h.lock(ctx, tx, ws, id, s, now, run)
	})
}

// lock writes a settlement under the campaign's row lock: it allocates the
// closed lines after the stored ones (skipping those a concurrent run locked),
// holds lines whose views fell, and queues a budget alert at 80 % or 100 %.
func (h SettlePayoutsHandler) lock(ctx context.Context, tx pgx.Tx, ws, id uuid.UUID, s payout.Settlement, now time.Time, run *SettleRun) error {
	var name, currency, period string
	var digits int
	var budget, alertedBudget int64
	var alerted int
	var ended, floored bool
	// The workspace row first, as every writer of its items and campaigns
	// locks it: the lines refer to the videos (a key-share lock on each),
	// and a bulk change of those videos holds the workspace while it waits
	// for them.
	if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, ws); err != nil {
		return fmt.Errorf("lock workspace: %w", err)
	}
	err := tx.QueryRow(ctx, `
		SELECT col.name, c.currency, c.minor_digits, c.period, c.budget, c.budget_alerted, c.alerted_budget,
			c.ended_at IS NOT NULL, c.open_floor IS NOT NULL
		FROM campaigns c JOIN collections col ON col.id = c.collection_id
		WHERE c.workspace_id = $1 AND c.collection_id = $2 FOR UPDATE OF c`, ws, id).Scan(&name, &currency, &digits, &period, &budget, &alerted, &alertedBudget,
		&ended, &floored)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil // deleted since
	}
	if err != nil {
		return fmt.Errorf("lock campaign: %w", err)
	}
	var (
		versions []payout.Version
		spent    = &payout.Spent{}
		closed   []payout.Closed
	)
	if len(s.Closed) > 0 {
		if versions, err = campaignVersions(ctx, tx, id, payout.Period(period)); err != nil {
			return err
		}
		var locked map[uuid.UUID]bool
		if spent, locked, err = storedSpend(ctx, tx, ws, id); err != nil {
			return err
		}
		for _, c := range s.Closed {
			if !locked[c.VideoID] {
				closed = append(closed, c)
			}
		}
	}
	pending := make([]payout.Pending, len(closed))
	for i, c := range closed {
		pending[i] = c.Pending
	}
	// one COPY: a week of a large campaign locks thousands of lines
	changed := false
	campaign := eventlog.EventCampaign{ID: id, Name: name, Currency: currency}
	var lines []lineEvent
	var rows [][]any
	mails := map[uuid.UUID]*creatorSum{}
	for i, a := range spent.AllocateUnder(versions, payout.Money(budget), pending) {
		c := closed[i]
		status := domain.LineLocked
		if c.Hold != "" {
			status = domain.LineHeld
			run.Held++
		}
		lines = append(lines, lineEvent{video: c.VideoID, payee: c.PayeeName, period: c.Period, windowEnd: c.WindowEnd,
			views: c.Views, amount: payout.Decimal(a.Payable.Amount, digits), status: status, hold: c.Hold, detail: c.HoldDetail})
		rows = append(rows, []any{id, c.VideoID, ws, c.Version, c.CreatorID, c.AccountID, c.PayeeName, c.Clip,
			c.Published, c.WindowEnd, c.Period, c.SnapshotAt, c.Views, c.Likes, c.Comments, a.Priced.Views, int64(a.Priced.Amount),
			int64(a.Payable.Amount), string(a.Payable.Bound), string(status), string(c.Hold), c.HoldDetail, now, c.PayeeChangedBy, c.PayeeChangedAt, c.Quality})
		creatorSums(mails, c.CreatorID, int64(a.Payable.Amount), c.Hold != "")
		run.Locked++
		changed = true
	}
	if len(rows) > 0 {
		_, err := tx.CopyFrom(ctx, pgx.Identifier{"payout_lines"}, []string{"collection_id", "video_id", "workspace_id", "rules_version",
			"creator_id", "account_id", "payee", "clip", "published_at", "window_end", "period_start", "snapshot_at", "views", "likes",
			"comments", "paid_views", "price", "amount", "bound", "status", "hold_reason", "hold_detail", "locked_at",
			"payee_changed_by", "payee_changed_at", "quality"}, pgx.CopyFromRows(rows))
		if err != nil {
			return fmt.Errorf("lock payout lines: %w", err)
		}
	}
	var fell []uuid.UUID
	for _, f := range s.Fell {
		tag, err := tx.Exec(ctx, `
			UPDATE payout_lines SET fell_to = $3,
				status = CASE WHEN status = ANY($4) THEN $5 ELSE status END,
				hold_reason = CASE WHEN status = ANY($4) THEN $6 ELSE hold_reason END,
				hold_detail = CASE WHEN status = ANY($4) THEN $7 ELSE hold_detail END
			WHERE collection_id = $1 AND workspace_id = $8 AND video_id = $2 AND (fell_to IS NULL OR fell_to > $3)`,
			id, f.VideoID, f.Latest, []domain.Line{domain.LineLocked, domain.LineApproved}, domain.LineHeld, string(domain.HoldViewsFell),
			fmt.Sprintf("views fell to %d after the lock", f.Latest), ws)
		if err != nil {
			return fmt.Errorf("hold fallen payout line: %w", err)
		}
		if tag.RowsAffected() > 0 {
			run.Fell++
			changed = true
			fell = append(fell, f.VideoID)
		}
	}
	if err := addLineEvents(ctx, tx, ws, campaign, digits, lines, fell, now); err != nil {
		return err
	}
	if err := queueCreatorMails(ctx, tx, ws, name, currency, digits, false, mails, h.DashboardURL); err != nil {
		return err
	}
	if budget > 0 {
		sent, err := h.budgetAlert(ctx, tx, ws, campaign, digits, budget, alerted, alertedBudget)
		if err != nil {
			return err
		}
		run.BudgetAlerts += sent
	}
	if changed {
		if err := dataversion.BumpLedgerVersion(ctx, tx, ws, id); err != nil {
			return err
		}
		if err := dataversion.BumpDataVersion(ctx, tx, ws); err != nil {
			return err
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE campaigns SET settled_at = $2, settled_version = ledger_version WHERE collection_id = $1 AND workspace_id = $3`, id, now, ws); err != nil {
		return fmt.Errorf("record the settle run: %w", err)
	}
	if !ended && (len(rows) > 0 || !floored) {
		return h.recordOpenFloor(ctx, tx, ws, id, now)
	}
	return nil
}

// recordOpenFloor sets the campaign's open floor (schema 0041), from which
// on the ledger reads its videos: read in tx after the workspace row's
// lock, so a change of its videos either commits before the read or
// clears the floor after this transaction commits.
func (h SettlePayoutsHandler) recordOpenFloor(ctx context.Context, tx pgx.Tx, ws, id uuid.UUID, now time.Time) error {
	floor, notPaid, err := h.Ledger.OpenFloor(ctx, tx, ws, id, now)
	if err != nil || floor == nil {
		return err
	}
	if _, err := tx.Exec(ctx, `UPDATE campaigns SET open_floor = $2, floor_not_paid = $3 WHERE collection_id = $1 AND workspace_id = $4`, id, *floor, notPaid, ws); err != nil {
		return fmt.Errorf("record the campaign's open floor: %w", err)
	}
	return nil
}

func campaignVersions(ctx context.Context, tx pgx.Tx, id uuid.UUID, period payout.Period) ([]payout.Version, error) {
	rows, err := tx.Query(ctx, `
		SELECT version, created_at, tiers, view_cap, min_views, min_amount, max_amount, creator_cap, window_hours
		FROM campaign_rules WHERE collection_id = $1 ORDER BY version`, id)
	if err != nil {
		return nil, fmt.Errorf("read campaign rules: %w", err)
	}
	vs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (payout.Version, error) {
		var v payout.Version
		var tiers []byte
		t := &v.Rules.Terms
		if err := r.Scan(&v.Number, &v.Created, &tiers, &t.ViewCap, &t.MinViews, &t.MinAmount, &t.MaxAmount, &t.CreatorCap, &t.WindowHours); err != nil {
			return v, err
		}
		v.Rules.Period = period
		return v, json.Unmarshal(tiers, &v.Rules.Tiers)
	})
	if err != nil {
		return nil, fmt.Errorf("read campaign rules: %w", err)
	}
	if len(vs) == 0 {
		return nil, fmt.Errorf("campaign %s has no rules", id)
	}
	return vs, nil
}

// storedSpend adds the locked lines, in allocation order, to a spend.
func storedSpend(ctx context.Context, tx pgx.Tx, ws, id uuid.UUID) (*payout.Spent, map[uuid.UUID]bool, error) {
	rows, err := tx.Query(ctx, `
		SELECT video_id, COALESCE('creator:' || creator_id::text, 'account:' || account_id::text, 'video:' || video_id::text),
			clip, period_start, price, amount
		FROM payout_lines WHERE collection_id = $1 AND workspace_id = $2 ORDER BY seq`, id, ws)
	if err != nil {
		return nil, nil, fmt.Errorf("read payout lines: %w", err)
	}
	defer rows.Close()
	spent, locked := &payout.Spent{}, map[uuid.UUID]bool{}
	for rows.Next() {
		var video uuid.UUID
		var l payout.Line
		var price, amount int64
		if err := rows.Scan(&video, &l.Creator, &l.Clip, &l.Period, &price, &amount); err != nil {
			return nil, nil, fmt.Errorf("read payout lines: %w", err)
		}
		l.Priced.Amount = payout.Money(price)
		spent.Add(l, payout.Money(amount))
		locked[video] = true
	}
	return spent, locked, rows.Err()
}

// budgetAlert e-mails verified owners and admins the highest threshold (80 %,
// 100 %) crossed and not yet told for this budget; it returns the count.
func (h SettlePayoutsHandler) budgetAlert(ctx context.Context, tx pgx.Tx, ws uuid.UUID, campaign eventlog.EventCampaign, digits int, budget int64, alerted int, alertedBudget int64) (int, error) {
	id, name, currency := campaign.ID, campaign.Name, campaign.Currency
	var committed int64
	err := tx.QueryRow(ctx, `SELECT COALESCE(sum(amount), 0) FROM payout_lines WHERE collection_id = $1 AND workspace_id = $3 AND status = ANY($2)`,
		id, domain.CommittedLines, ws).Scan(&committed)
	if err != nil {
		return 0, fmt.Errorf("read committed spend: %w", err)
	}
	if alertedBudget != budget {
		alerted = 0
	}
	threshold := 0
	for _, t := range []int{80, 100} {
		if committed*100 >= budget*int64(t) {
			threshold = t
		}
	}
	if threshold <= alerted {
		return 0, nil
	}
	if _, err := tx.Exec(ctx, `UPDATE campaigns SET budget_alerted = $2, alerted_budget = $3 WHERE collection_id = $1 AND workspace_id = $4`, id, threshold, budget, ws); err != nil {
		return 0, fmt.Errorf("record budget alert: %w", err)
	}
	committedText := payout.Decimal(payout.Money(committed), digits)
	budgetText := payout.Decimal(payout.Money(budget), digits)
	if err := eventlog.Record(ctx, tx, []eventlog.Event{{WorkspaceID: ws, Type: domain.EventCampaignBudget, OccurredAt: h.Now(), CollectionID: &id,
		Payload: eventlog.EventCampaignBudgetData{Campaign: campaign, Threshold: threshold, Budget: budgetText, Committed: committedText,
			Summary: fmt.Sprintf("Campaign %s has committed %d %% of its budget: %s %s of %s %s", name, threshold, currency, committedText, currency, budgetText)}}}); err != nil {
		return 0, err
	}
	m, err := mail.BudgetMessage(mail.Budget{Campaign: name, Percent: threshold,
		Committed:    currency + " " + payout.Decimal(payout.Money(committed), digits),
		Budget:       currency + " " + payout.Decimal(payout.Money(budget), digits),
		DashboardURL: strings.TrimRight(h.DashboardURL, "/") + "/campaigns/" + id.String()})
	if err != nil {
		return 0, err
	}
	rows, err := tx.Query(ctx, `
		SELECT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id
		WHERE m.workspace_id = $1 AND m.role = ANY($2) AND u.email_verified_at IS NOT NULL ORDER BY u.email`,
		ws, []domain.Role{domain.RoleOwner, domain.RoleAdmin})
	if err != nil {
		return 0, fmt.Errorf("read budget alert recipients: %w", err)
	}
	to, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return 0, fmt.Errorf("read budget alert recipients: %w", err)
	}
	for _, addr := range to {
		if _, err := outbox.Queue(ctx, tx, domain.MailAlert, &ws, addr, m); err != nil {
			return 0, err
		}
	}
	return len(to), nil
}
