package campaigns

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
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
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// SetPayoutMethod is a creator choosing how it is paid: PayPal or Wise to
// an e-mail address, or another way it describes (docs/creators.md,
// "Payout batches").
type SetPayoutMethod struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	CreatorID   uuid.UUID
	Method      domain.PayoutMethod
	Email       string
	Note        string
}

// maxPayoutNote bounds the description of another payout method.
const maxPayoutNote = 500

// Validate checks the method and its address.
func (c *SetPayoutMethod) Validate() error {
	c.Email, c.Note = strings.TrimSpace(c.Email), strings.TrimSpace(c.Note)
	var errs []error
	if !slices.Contains(domain.PayoutMethods, c.Method) {
		errs = append(errs, apperr.Invalid("method", "one of none, paypal, wise, other"))
	}
	switch c.Method {
	case domain.PayoutPayPal, domain.PayoutWise:
		if a, err := mail.ParseAddress(c.Email); err != nil || a.Address != c.Email {
			errs = append(errs, apperr.Invalid("email", "the e-mail address the payments go to"))
		}
	case domain.PayoutOther:
		if c.Note == "" {
			errs = append(errs, apperr.Invalid("note", "say how you want to be paid"))
		}
	}
	if utf8.RuneCountInString(c.Note) > maxPayoutNote {
		errs = append(errs, apperr.Invalid("note", fmt.Sprintf("at most %d characters", maxPayoutNote)))
	}
	return errors.Join(errs...)
}

// PayoutBatchesHandler sets creators' payout methods and makes, pays and
// cancels payout batches.
type PayoutBatchesHandler struct {
	DB     *pgxpool.Pool
	Review ReviewPayoutsHandler
	Now    func() time.Time
}

// SetMethod records the creator's payout method, logged.
func (h PayoutBatchesHandler) SetMethod(ctx context.Context, cmd SetPayoutMethod) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	email, note := cmd.Email, cmd.Note
	if cmd.Method != domain.PayoutPayPal && cmd.Method != domain.PayoutWise {
		email = ""
	}
	if cmd.Method != domain.PayoutOther {
		note = ""
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var name string
		err := tx.QueryRow(ctx, `
			UPDATE creators SET payout_method = $3, payout_email = $4, payout_note = $5, payout_set_at = $6, updated_at = now()
			WHERE workspace_id = $1 AND id = $2 RETURNING name`, cmd.WorkspaceID, cmd.CreatorID, cmd.Method, email, note, h.Now()).Scan(&name)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("creator not found")
		}
		if err != nil {
			return fmt.Errorf("set payout method: %w", err)
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionPayoutMethodSet,
			Target: name, Details: map[string]any{"method": cmd.Method}})
	})
}

// MakeBatches gathers approved lines into batches, one per creator and
// currency: of one campaign, or of every campaign (CollectionID nil).
type MakeBatches struct {
	WorkspaceID  uuid.UUID
	ActorID      uuid.UUID
	CollectionID *uuid.UUID
}

// BatchesMade is what MakeBatches did: the batches, and the approved lines
// it left out, by why.
type BatchesMade struct {
	Batches []uuid.UUID `json:"batchIds"`
	Lines   int         `json:"lines"`
	// NotCreators counts approved lines paying an account or a video of no
	// creator: they have no payout method, and are paid by hand.
	NotCreators int `json:"notCreators"`
	// NoMethod counts approved lines of creators without a payout method.
	NoMethod int `json:"noMethod"`
}

type batchKey struct {
	creator  uuid.UUID
	currency string
}

type batchLine struct {
	collection, video uuid.UUID
	amount            int64
}

// Make gathers the approved lines in no batch (owners and admins). Making
// batches again takes only lines approved since: a line is in one batch.
func (h PayoutBatchesHandler) Make(ctx context.Context, cmd MakeBatches) (BatchesMade, error) {
	out := BatchesMade{Batches: []uuid.UUID{}}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "make payout batches"); err != nil {
			return err
		}
		if cmd.CollectionID != nil {
			var one int
			err := tx.QueryRow(ctx, `SELECT 1 FROM campaigns WHERE workspace_id = $1 AND collection_id = $2`, cmd.WorkspaceID, *cmd.CollectionID).Scan(&one)
			if errors.Is(err, pgx.ErrNoRows) {
				return apperr.NotFound("campaign not found")
			}
			if err != nil {
				return fmt.Errorf("read campaign: %w", err)
			}
		}
		rows, _ := tx.Query(ctx, `
			SELECT l.collection_id, l.video_id, l.amount, l.creator_id, c.currency, c.minor_digits, cr.payout_method, cr.payout_email
			FROM payout_lines l
			JOIN campaigns c ON c.collection_id = l.collection_id AND c.workspace_id = l.workspace_id
			LEFT JOIN creators cr ON cr.id = l.creator_id AND cr.workspace_id = l.workspace_id
			WHERE l.workspace_id = $1 AND l.status = $2 AND ($3::uuid IS NULL OR l.collection_id = $3) AND l.amount > 0
			  AND NOT EXISTS (SELECT 1 FROM payout_batch_lines b
				WHERE b.workspace_id = l.workspace_id AND b.collection_id = l.collection_id AND b.video_id = l.video_id AND b.released_at IS NULL)
			ORDER BY l.collection_id, l.seq
			FOR UPDATE OF l`, cmd.WorkspaceID, domain.LineApproved, cmd.CollectionID)
		groups := map[batchKey][]batchLine{}
		digits := map[string]int{}
		methods := map[uuid.UUID][2]string{}
		var order []batchKey
		var (
			collection, video uuid.UUID
			amount            int64
			creator           *uuid.UUID
			currency          string
			minor             int
			method, email     *string
		)
		_, err := pgx.ForEachRow(rows, []any{&collection, &video, &amount, &creator, &currency, &minor, &method, &email}, func() error {
			switch {
			case creator == nil:
				out.NotCreators++
				return nil
			case method == nil || domain.PayoutMethod(*method) == domain.PayoutNone:
				out.NoMethod++
				return nil
			}
			k := batchKey{*creator, currency}
			if _, ok := groups[k]; !ok {
				order = append(order, k)
			}
			groups[k] = append(groups[k], batchLine{collection, video, amount})
			digits[currency] = minor
			methods[*creator] = [2]string{*method, *email}
			return nil
		})
		if err != nil {
			return fmt.Errorf("read approved lines: %w", err)
		}
		now := h.Now().UTC()
		for _, k := range order {
			lines := groups[k]
			var sum int64
			for _, l := range lines {
				sum += l.amount
			}
			id := uuid.New()
			m := methods[k.creator]
			if _, err := tx.Exec(ctx, `
				INSERT INTO payout_batches (id, workspace_id, creator_id, currency, minor_digits, amount, lines, method, payee_email, status, created_by, created_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
				id, cmd.WorkspaceID, k.creator, k.currency, digits[k.currency], sum, len(lines), m[0], m[1], domain.BatchOpen, cmd.ActorID, now); err != nil {
				return fmt.Errorf("make payout batch: %w", err)
			}
			rows := make([][]any, len(lines))
			for i, l := range lines {
				rows[i] = []any{id, cmd.WorkspaceID, l.collection, l.video, l.amount}
			}
			if _, err := tx.CopyFrom(ctx, pgx.Identifier{"payout_batch_lines"}, []string{"batch_id", "workspace_id", "collection_id", "video_id", "amount"},
				pgx.CopyFromRows(rows)); err != nil {
				return fmt.Errorf("fill payout batch: %w", err)
			}
			out.Batches = append(out.Batches, id)
			out.Lines += len(lines)
		}
		if len(out.Batches) == 0 {
			return nil
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionBatchesMade,
			Details: map[string]any{"batches": len(out.Batches), "lines": out.Lines, "batchIds": out.Batches}})
	})
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return BatchesMade{}, fmt.Errorf("make payout batches: %w", err)
	}
	return out, err
}

// CloseBatch pays or cancels an open batch, all or none.
type CloseBatch struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	BatchID     uuid.UUID
	// Paid: the money went out, so every line of the batch is marked paid;
	// else the batch is cancelled and its lines can go into another.
	Paid bool
}

// Close pays or cancels the batch (owners and admins): 404 for one not of
// the workspace; paying a batch paid already answers it again, changing
// nothing (its id is the payment's idempotency key); 409 for a cancelled
// one, or a line no longer approved.
func (h PayoutBatchesHandler) Close(ctx context.Context, cmd CloseBatch) (domain.Batch, error) {
	var status domain.Batch
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "pay payout batches"); err != nil {
			return err
		}
		var creator uuid.UUID
		var amount int64
		var currency string
		err := tx.QueryRow(ctx, `SELECT status, creator_id, amount, currency FROM payout_batches WHERE workspace_id = $1 AND id = $2 FOR UPDATE`,
			cmd.WorkspaceID, cmd.BatchID).Scan(&status, &creator, &amount, &currency)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("payout batch not found")
		}
		if err != nil {
			return fmt.Errorf("read payout batch: %w", err)
		}
		switch {
		case status == domain.BatchPaid && cmd.Paid:
			return nil
		case status == domain.BatchSent:
			return apperr.Conflict("the batch was sent through PayPal: PayPal's answer decides whether it is paid")
		case status != domain.BatchOpen:
			return apperr.Conflict(fmt.Sprintf("the batch is %s already", status))
		}
		now := h.Now().UTC()
		to := domain.BatchCancelled
		if cmd.Paid {
			to = domain.BatchPaid
			rows, _ := tx.Query(ctx, `SELECT collection_id, video_id FROM payout_batch_lines WHERE workspace_id = $1 AND batch_id = $2 ORDER BY collection_id, video_id`,
				cmd.WorkspaceID, cmd.BatchID)
			byCampaign := map[uuid.UUID][]uuid.UUID{}
			var campaigns []uuid.UUID
			var c, v uuid.UUID
			if _, err := pgx.ForEachRow(rows, []any{&c, &v}, func() error {
				if _, ok := byCampaign[c]; !ok {
					campaigns = append(campaigns, c)
				}
				byCampaign[c] = append(byCampaign[c], v)
				return nil
			}); err != nil {
				return fmt.Errorf("read payout batch lines: %w", err)
			}
			for _, c := range campaigns {
				review := ReviewPayouts{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, CollectionID: c, Action: Pay, VideoIDs: byCampaign[c], batch: cmd.BatchID}
				if err := review.Validate(); err != nil {
					return err
				}
				if _, err := h.Review.review(ctx, tx, review); err != nil {
					if apperr.KindOf(err) == apperr.KindConflict {
						return apperr.Conflict(apperr.Message(err) + ": cancel the batch and make it again")
					}
					return err
				}
			}
		} else if err := releaseLines(ctx, tx, cmd.WorkspaceID, cmd.BatchID, now); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE payout_batches SET status = $3, closed_by = $4, closed_at = $5 WHERE workspace_id = $1 AND id = $2`,
			cmd.WorkspaceID, cmd.BatchID, to, cmd.ActorID, now); err != nil {
			return fmt.Errorf("close payout batch: %w", err)
		}
		status = to
		action := domain.ActionBatchCancelled
		if cmd.Paid {
			action = domain.ActionBatchPaid
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: action,
			Target: cmd.BatchID.String(), Details: map[string]any{"amount": amount, "currency": currency, "creatorId": creator}}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return "", fmt.Errorf("close payout batch: %w", err)
	}
	return status, err
}

// releaseLines lets the batch's lines go: they can go into another batch.
func releaseLines(ctx context.Context, tx pgx.Tx, ws, batch uuid.UUID, now time.Time) error {
	if _, err := tx.Exec(ctx, `UPDATE payout_batch_lines SET released_at = $3 WHERE workspace_id = $1 AND batch_id = $2 AND released_at IS NULL`,
		ws, batch, now); err != nil {
		return fmt.Errorf("free the batch's lines: %w", err)
	}
	return nil
}
