package campaigns

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// ReviewAction is what a review does to locked lines of a payout ledger.
type ReviewAction string

// The review actions and the statuses each takes a line from and to.
const (
	// Approve: locked or held → approved (a held line is cleared on the way).
	Approve ReviewAction = "approve"
	// Clear: held → locked, the hold resolved.
	Clear ReviewAction = "clear"
	// Reject: locked, held or approved → rejected, with a reason.
	Reject ReviewAction = "reject"
	// Reopen: rejected → locked.
	Reopen ReviewAction = "reopen"
	// Pay: approved → paid; the money moved outside the service.
	Pay ReviewAction = "pay"
)

var reviews = map[ReviewAction]struct {
	from   []domain.Line
	to     domain.Line
	action domain.Action
}{
	Approve: {[]domain.Line{domain.LineLocked, domain.LineHeld}, domain.LineApproved, domain.ActionPayoutsApproved},
	Clear:   {[]domain.Line{domain.LineHeld}, domain.LineLocked, domain.ActionPayoutsCleared},
	Reject:  {[]domain.Line{domain.LineLocked, domain.LineHeld, domain.LineApproved}, domain.LineRejected, domain.ActionPayoutsRejected},
	Reopen:  {[]domain.Line{domain.LineRejected}, domain.LineLocked, domain.ActionPayoutsReopened},
	Pay:     {[]domain.Line{domain.LineApproved}, domain.LinePaid, domain.ActionPayoutsPaid},
}

// MaxReviewLines is the most lines one review takes; MaxRejectReason the
// longest reason, in characters.
const (
	MaxReviewLines  = 10_000
	MaxRejectReason = 500
)

// ReviewPayouts moves locked lines of a campaign's ledger on, all or none.
type ReviewPayouts struct {
	WorkspaceID  uuid.UUID
	ActorID      uuid.UUID
	CollectionID uuid.UUID
	Action       ReviewAction
	VideoIDs     []uuid.UUID
	Reason       string

	// batch: the review pays this payout batch, whose lines these are. A
	// line in another batch not let go is refused: its batch pays it.
	batch uuid.UUID
	// provider names the payment provider that paid the batch (PayPal):
	// no member's rights are asked (ActorID, who sent it, may have left),
	// a line is paid from locked or held as well (the money left), and the
	// log names the provider.
	provider string
}

// Validate checks the action, the lines and the reason (only to reject).
func (c *ReviewPayouts) Validate() error {
	c.Reason = strings.TrimSpace(c.Reason)
	c.VideoIDs = slices.Compact(slices.SortedFunc(slices.Values(c.VideoIDs), func(a, b uuid.UUID) int { return strings.Compare(a.String(), b.String()) }))
	var problems []error
	_, known := reviews[c.Action]
	if !known {
		problems = append(problems, apperr.Invalid("action", "one of approve, clear, reject, reopen, pay"))
	}
	switch {
	case len(c.VideoIDs) == 0:
		problems = append(problems, apperr.Invalid("videoIds", "name at least one line"))
	case len(c.VideoIDs) > MaxReviewLines:
		problems = append(problems, apperr.Invalid("videoIds", fmt.Sprintf("at most %d lines at once", MaxReviewLines)))
	}
	switch {
	case c.Action == Reject && c.Reason == "":
		problems = append(problems, apperr.Invalid("reason", "say why the lines are rejected"))
	case utf8.RuneCountInString(c.Reason) > MaxRejectReason:
		problems = append(problems, apperr.Invalid("reason", fmt.Sprintf("at most %d characters", MaxRejectReason)))
	case known && c.Action != Reject && c.Reason != "":
		problems = append(problems, apperr.Invalid("reason", "only a rejection has a reason"))
	}
	return errors.Join(problems...)
}

// ReviewPayoutsHandler reviews and pays ledger lines.
type ReviewPayoutsHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
	// DashboardURL is the dashboard's base URL, for the links of the
	// e-mails to creators of the lines marked paid.
	DashboardURL string
}

// Handle checks every line is a locked line of the campaign (else not found)
// in a status the action takes (else conflict), moves them and logs the
// review. It returns those whose payee changed while open, for the review.
func (h ReviewPayoutsHandler) Handle(ctx context.Context, cmd ReviewPayouts) (Reviewed, error) {
	var out Reviewed
	if err := cmd.Validate(); err != nil {
		return out, err
	}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) (err error) {
		out, err = h.review(ctx, tx, cmd)
		return err
	})
	if err != nil {
		if apperr.KindOf(err) == apperr.KindInternal {
			err = fmt.Errorf("review payouts: %w", err)
		}
		return Reviewed{}, err
	}
	if out.PayeeChanged == nil {
		out.PayeeChanged = []PayeeChanged{}
	}
	return out, nil
}

// review moves the lines of cmd in tx (the validated command), as Handle
// does; a batch's payment (PayBatch) runs it campaign by campaign.
func (h ReviewPayoutsHandler) review(ctx context.Context, tx pgx.Tx, cmd ReviewPayouts) (Reviewed, error) {
	var out Reviewed
	r := reviews[cmd.Action]
	var name string
	if cmd.provider != "" {
		err := tx.QueryRow(ctx, `
			SELECT col.name FROM campaigns c JOIN collections col ON col.id = c.collection_id
			WHERE c.workspace_id = $1 AND c.collection_id = $2 FOR UPDATE OF c`, cmd.WorkspaceID, cmd.CollectionID).Scan(&name)
		if err != nil {
			return out, fmt.Errorf("read campaign: %w", err)
		}
		r.from = []domain.Line{domain.LineApproved, domain.LineHeld, domain.LineLocked}
	} else if err := managedCampaign(ctx, tx, cmd.WorkspaceID, cmd.ActorID, cmd.CollectionID, &name); err != nil {
		return out, err
	}
	rows, err := tx.Query(ctx, `
		SELECT l.video_id, l.status, l.amount, l.payee, l.payee_changed_by, l.payee_changed_at, l.creator_id,
			(SELECT b.batch_id FROM payout_batch_lines b
			 WHERE b.workspace_id = l.workspace_id AND b.collection_id = l.collection_id AND b.video_id = l.video_id AND b.released_at IS NULL)
		FROM payout_lines l
		WHERE l.collection_id = $1 AND l.workspace_id = $3 AND l.video_id = ANY($2) ORDER BY l.video_id FOR UPDATE OF l`, cmd.CollectionID, cmd.VideoIDs, cmd.WorkspaceID)
	if err != nil {
		return out, fmt.Errorf("read payout lines: %w", err)
	}
	status := map[uuid.UUID]domain.Line{}
	inBatch := map[uuid.UUID]uuid.UUID{}
	var total int64
	mails := map[uuid.UUID]*creatorSum{}
	for rows.Next() {
		var id uuid.UUID
		var s string
		var amount int64
		var p PayeeChanged
		var creator, batch *uuid.UUID
		if err := rows.Scan(&id, &s, &amount, &p.Payee, &p.By, &p.At, &creator, &batch); err != nil {
			rows.Close()
			return out, fmt.Errorf("read payout lines: %w", err)
		}
		status[id] = domain.Line(s)
		if batch != nil && *batch != cmd.batch {
			inBatch[id] = *batch
		}
		total += amount
		creatorSums(mails, creator, amount, false)
		if p.At != nil {
			p.VideoID = id
			out.PayeeChanged = append(out.PayeeChanged, p)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("read payout lines: %w", err)
	}
	for _, id := range cmd.VideoIDs {
		s, ok := status[id]
		if !ok {
			return out, apperr.NotFound(fmt.Sprintf("no locked line of video %s in this campaign: a line is reviewed once its window has closed and it is locked", id))
		}
		if !slices.Contains(r.from, s) {
			return out, apperr.Conflict(fmt.Sprintf("the line of video %s is %s: %s takes lines that are %s", id, s, cmd.Action, joinLines(r.from)))
		}
		if b, ok := inBatch[id]; ok && s != domain.LinePaid {
			return out, apperr.Conflict(fmt.Sprintf("the line of video %s is in payout batch %s: pay or cancel the batch first", id, b))
		}
	}
	now := h.Now().UTC()
	set := `decided_by = $3, decided_at = $4`
	if cmd.Action == Pay {
		set = `paid_by = $3, paid_at = $4`
	}
	var by *uuid.UUID
	if cmd.ActorID != uuid.Nil {
		by = &cmd.ActorID
	}
	tag, err := tx.Exec(ctx, `
		UPDATE payout_lines SET status = $5, reject_reason = $6, `+set+`
		WHERE collection_id = $1 AND workspace_id = $7 AND video_id = ANY($2)`,
		cmd.CollectionID, cmd.VideoIDs, by, now, r.to, cmd.Reason, cmd.WorkspaceID)
	if err != nil {
		return out, fmt.Errorf("review payout lines: %w", err)
	}
	out.Changed = int(tag.RowsAffected())
	if cmd.Action == Pay {
		var currency string
		var digits int
		if err := tx.QueryRow(ctx, `SELECT currency, minor_digits FROM campaigns WHERE collection_id = $1 AND workspace_id = $2`,
			cmd.CollectionID, cmd.WorkspaceID).Scan(&currency, &digits); err != nil {
			return out, fmt.Errorf("read campaign currency: %w", err)
		}
		if err := queueCreatorMails(ctx, tx, cmd.WorkspaceID, name, currency, digits, true, mails, h.DashboardURL); err != nil {
			return out, err
		}
	}
	if err := dataversion.BumpLedgerVersion(ctx, tx, cmd.WorkspaceID, cmd.CollectionID); err != nil {
		return out, err
	}
	details := map[string]any{"lines": out.Changed, "amount": total, "videoIds": cmd.VideoIDs}
	if len(out.PayeeChanged) > 0 {
		details["payeeChanged"] = out.PayeeChanged
	}
	if cmd.Reason != "" {
		details["reason"] = cmd.Reason
	}
	entry := activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: r.action, Target: name, Details: details}
	if cmd.provider != "" {
		entry.ActorID, entry.ActorEmail = uuid.Nil, cmd.provider
		details["batchId"] = cmd.batch
	}
	if err := activitylog.Record(ctx, tx, entry); err != nil {
		return out, err
	}
	return out, dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
}

// Reviewed is the lines a review moved, and those whose payee changed while open.
type Reviewed struct {
	Changed      int            `json:"changed"`
	PayeeChanged []PayeeChanged `json:"payeeChanged"`
}

// PayeeChanged is a reviewed line whose payee changed while it was open.
type PayeeChanged struct {
	VideoID uuid.UUID  `json:"videoId"`
	Payee   string     `json:"payee"`
	By      string     `json:"by"`
	At      *time.Time `json:"at"`
}

func joinLines(ls []domain.Line) string {
	s := make([]string, len(ls))
	for i, l := range ls {
		s[i] = string(l)
	}
	return strings.Join(s, " or ")
}
