package campaigns

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/paypal"
	"github.com/reeltrack/reeltrack/internal/webhook"
)

// PayPalHandler connects a workspace's PayPal app and sends its payout
// batches through PayPal's Payouts API: a batch is one payout whose
// sender_batch_id is the batch's id (PayPal pays an id once), and its
// item's state is reconciled back into the ledger: paid, failed, unclaimed,
// returned (docs/creators.md, "Paying through PayPal").
type PayPalHandler struct {
	DB     *pgxpool.Pool
	PayPal *paypal.Client
	// Sealer seals the app's secret under SESSION_SECRET.
	Sealer *webhook.Sealer
	// Review pays the batch's lines when PayPal paid it.
	Review ReviewPayoutsHandler
	// DashboardURL is the dashboard's base URL, for the creators' e-mails.
	DashboardURL string
	Log          *slog.Logger
	Now          func() time.Time
}

// payPalActor is how the activity log names what PayPal's answers did.
const payPalActor = "PayPal"

// How long the payouts step waits before it asks PayPal again: about a
// payment being processed, one on hold or unclaimed (PayPal returns it
// after 30 days), after an error, and about a paid one, which can still be
// refunded or reversed within payPalWatchPaid.
const (
	payPalRecheckPending   = 5 * time.Minute
	payPalRecheckUnclaimed = 6 * time.Hour
	payPalRecheckError     = 15 * time.Minute
	payPalRecheckPaid      = 24 * time.Hour
	payPalWatchPaid        = 30 * 24 * time.Hour
)

// ConnectPayPal saves the workspace's PayPal REST app, once PayPal took its
// credentials.
type ConnectPayPal struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	ClientID    string
	Secret      string
	Sandbox     bool
}

// maxPayPalCredential bounds a client id and a secret.
const maxPayPalCredential = 200

// Validate checks the client id and the secret.
func (c *ConnectPayPal) Validate() error {
	c.ClientID, c.Secret = strings.TrimSpace(c.ClientID), strings.TrimSpace(c.Secret)
	var errs []error
	for _, f := range []struct{ field, value string }{{"clientId", c.ClientID}, {"secret", c.Secret}} {
		switch {
		case f.value == "":
			errs = append(errs, apperr.Invalid(f.field, "required: copy it from the app's page in PayPal's developer dashboard"))
		case len(f.value) > maxPayPalCredential || strings.IndexFunc(f.value, unicode.IsSpace) >= 0:
			errs = append(errs, apperr.Invalid(f.field, fmt.Sprintf("at most %d characters, without spaces", maxPayPalCredential)))
		}
	}
	return errors.Join(errs...)
}

func payPalSeal(ws uuid.UUID) string { return "paypal:" + ws.String() + ":secret" }

// manages checks that the actor is an owner or admin of the workspace.
func (h PayPalHandler) manages(ctx context.Context, ws, actor uuid.UUID, action string) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error { return authz.LockTeam(ctx, tx, ws, actor, action) })
}

// Connect asks PayPal for a token with the credentials and saves them
// (owners and admins): 422 when PayPal refuses them, 503 when it cannot be
// reached. The secret is stored sealed and never answered.
func (h PayPalHandler) Connect(ctx context.Context, cmd ConnectPayPal) error {
	if err := cmd.Validate(); err != nil {
		return err
	}
	if err := h.manages(ctx, cmd.WorkspaceID, cmd.ActorID, "connect PayPal"); err != nil {
		return err
	}
	err := h.PayPal.Check(ctx, paypal.Credentials{ClientID: cmd.ClientID, Secret: cmd.Secret, Sandbox: cmd.Sandbox})
	switch {
	case errors.Is(err, paypal.ErrCredentials):
		env := "live"
		if cmd.Sandbox {
			env = "sandbox"
		}
		return apperr.Refused("secret", fmt.Sprintf("PayPal refused this client id and secret for its %s API: copy both from the app's page in PayPal's developer dashboard", env))
	case err != nil:
		return apperr.Wrap(apperr.KindUnavailable, "PayPal could not be reached to check the credentials: try again", err)
	}
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "connect PayPal"); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO paypal_connections (workspace_id, client_id, secret_sealed, sandbox, connected_by, connected_at)
			VALUES ($1, $2, $3, $4, $5, $6)
			ON CONFLICT (workspace_id) DO UPDATE SET client_id = $2, secret_sealed = $3, sandbox = $4, connected_by = $5, connected_at = $6`,
			cmd.WorkspaceID, cmd.ClientID, h.Sealer.Seal(cmd.Secret, payPalSeal(cmd.WorkspaceID)), cmd.Sandbox, cmd.ActorID, h.Now().UTC()); err != nil {
			return fmt.Errorf("save PayPal connection: %w", err)
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionPayPalConnected,
			Details: map[string]any{"clientId": cmd.ClientID, "sandbox": cmd.Sandbox}})
	})
}

// Disconnect forgets the workspace's PayPal app (owners and admins): 409
// while a batch sent through it is not final, as its state could no
// longer be read.
func (h PayPalHandler) Disconnect(ctx context.Context, ws, actor uuid.UUID) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, ws, actor, "disconnect PayPal"); err != nil {
			return err
		}
		var inFlight int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM payout_batches WHERE workspace_id = $1 AND status = $2`, ws, domain.BatchSent).Scan(&inFlight); err != nil {
			return fmt.Errorf("count batches sent: %w", err)
		}
		if inFlight > 0 {
			return apperr.Conflict(fmt.Sprintf("%d %s sent through PayPal %s not final yet: disconnect once PayPal has paid or returned %s",
				inFlight, plural(inFlight, "batch", "batches"), plural(inFlight, "is", "are"), plural(inFlight, "it", "them")))
		}
		tag, err := tx.Exec(ctx, `DELETE FROM paypal_connections WHERE workspace_id = $1`, ws)
		if err != nil {
			return fmt.Errorf("delete PayPal connection: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return apperr.NotFound("PayPal is not connected")
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: ws, ActorID: actor, Action: domain.ActionPayPalRemoved})
	})
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// SendBatch sends an open batch through PayPal.
type SendBatch struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	BatchID     uuid.UUID
}

// Send sends the batch through the workspace's PayPal app (owners and
// admins) and answers its status after PayPal's answer: sent (on its way,
// or to be sent again when PayPal could not be reached), paid, failed, or
// open again when PayPal refused it (the error says why). Sending a batch
// sent already only reads PayPal again; a paid one is answered as it is.
// 409 for a batch of another payout method, a cancelled, failed or
// returned one, or a workspace without PayPal connected.
func (h PayPalHandler) Send(ctx context.Context, cmd SendBatch) (domain.Batch, error) {
	var status domain.Batch
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "pay payout batches"); err != nil {
			return err
		}
		var method string
		var amount int64
		var currency string
		var creator uuid.UUID
		err := tx.QueryRow(ctx, `SELECT status, method, amount, currency, creator_id FROM payout_batches WHERE workspace_id = $1 AND id = $2 FOR UPDATE`,
			cmd.WorkspaceID, cmd.BatchID).Scan(&status, &method, &amount, &currency, &creator)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("payout batch not found")
		}
		if err != nil {
			return fmt.Errorf("read payout batch: %w", err)
		}
		switch status {
		case domain.BatchSent, domain.BatchPaid:
			return nil
		case domain.BatchOpen:
		default:
			return apperr.Conflict(fmt.Sprintf("the batch is %s: make a new batch of its lines", status))
		}
		if domain.PayoutMethod(method) != domain.PayoutPayPal {
			return apperr.Conflict(fmt.Sprintf("the batch pays by %s, not PayPal: export its file instead", method))
		}
		var sandbox bool
		err = tx.QueryRow(ctx, `SELECT sandbox FROM paypal_connections WHERE workspace_id = $1`, cmd.WorkspaceID).Scan(&sandbox)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.Conflict("PayPal is not connected: connect the workspace's PayPal app on the Payouts page first")
		}
		if err != nil {
			return fmt.Errorf("read PayPal connection: %w", err)
		}
		now := h.Now().UTC()
		if _, err := tx.Exec(ctx, `
			UPDATE payout_batches SET status = $3, sent_by = $4, sent_at = $5, paypal_sandbox = $6, paypal_error = '', next_check_at = $7
			WHERE workspace_id = $1 AND id = $2`,
			cmd.WorkspaceID, cmd.BatchID, domain.BatchSent, cmd.ActorID, now, sandbox, now.Add(payPalRecheckPending)); err != nil {
			return fmt.Errorf("send payout batch: %w", err)
		}
		status = domain.BatchSent
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionBatchSent,
			Target: cmd.BatchID.String(), Details: map[string]any{"amount": amount, "currency": currency, "creatorId": creator, "sandbox": sandbox}}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if err != nil {
		if apperr.KindOf(err) == apperr.KindInternal {
			err = fmt.Errorf("send payout batch: %w", err)
		}
		return "", err
	}
	if status == domain.BatchPaid {
		return status, nil
	}
	return h.advance(ctx, cmd.WorkspaceID, cmd.BatchID)
}

// CheckBatch reads a batch sent through PayPal from PayPal now (owners and
// admins) and answers its status.
func (h PayPalHandler) CheckBatch(ctx context.Context, cmd SendBatch) (domain.Batch, error) {
	if err := h.manages(ctx, cmd.WorkspaceID, cmd.ActorID, "pay payout batches"); err != nil {
		return "", err
	}
	var sentAt *time.Time
	err := h.DB.QueryRow(ctx, `SELECT sent_at FROM payout_batches WHERE workspace_id = $1 AND id = $2`, cmd.WorkspaceID, cmd.BatchID).Scan(&sentAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", apperr.NotFound("payout batch not found")
	}
	if err != nil {
		return "", fmt.Errorf("read payout batch: %w", err)
	}
	if sentAt == nil {
		return "", apperr.Conflict("the batch was not sent through PayPal")
	}
	return h.advance(ctx, cmd.WorkspaceID, cmd.BatchID)
}

// sentBatch is what advance reads of a batch.
type sentBatch struct {
	status        domain.Batch
	creator       uuid.UUID
	amount        int64
	currency      string
	digits        int
	lines         int
	payee         string
	payPalBatch   string
	payPalStatus  string
	sentBy        *uuid.UUID
	closedAt      *time.Time
	workspaceName string
}

const sentBatchSelect = `
SELECT b.status, b.creator_id, b.amount, b.currency, b.minor_digits, b.lines, b.payee_email, b.paypal_batch_id, b.paypal_status,
	b.sent_by, b.closed_at, w.name
FROM payout_batches b JOIN workspaces w ON w.id = b.workspace_id
WHERE b.workspace_id = $1 AND b.id = $2`

func scanSentBatch(row pgx.Row) (sentBatch, error) {
	var b sentBatch
	err := row.Scan(&b.status, &b.creator, &b.amount, &b.currency, &b.digits, &b.lines, &b.payee, &b.payPalBatch, &b.payPalStatus,
		&b.sentBy, &b.closedAt, &b.workspaceName)
	return b, err
}

// advance sends the batch to PayPal when PayPal has no payout of it yet
// (again after an answer that did not come: the batch id makes a second
// payout impossible), or reads its payout, and applies the answer.
func (h PayPalHandler) advance(ctx context.Context, ws, id uuid.UUID) (domain.Batch, error) {
	b, err := scanSentBatch(h.DB.QueryRow(ctx, sentBatchSelect, ws, id))
	if err != nil {
		return "", fmt.Errorf("read payout batch: %w", err)
	}
	if b.status != domain.BatchSent && (b.status != domain.BatchPaid || b.payPalBatch == "") {
		return b.status, nil
	}
	cr, err := h.credentials(ctx, ws)
	if err != nil {
		return h.apply(ctx, ws, id, paypal.Batch{}, err)
	}
	var res paypal.Batch
	if b.payPalBatch == "" {
		res, err = h.PayPal.CreatePayout(ctx, cr, payoutOf(id, b))
		if err == nil && len(res.Items) == 0 {
			// the created payout's header only: read its item
			if read, rerr := h.PayPal.GetPayout(ctx, cr, res.BatchHeader.PayoutBatchID); rerr == nil {
				res = read
			}
		}
	} else {
		res, err = h.PayPal.GetPayout(ctx, cr, b.payPalBatch)
	}
	return h.apply(ctx, ws, id, res, err)
}

// errNotConnected: the workspace's PayPal app was removed.
var errNotConnected = errors.New("PayPal is not connected: connect the workspace's PayPal app again")

func (h PayPalHandler) credentials(ctx context.Context, ws uuid.UUID) (paypal.Credentials, error) {
	var cr paypal.Credentials
	var sealed string
	err := h.DB.QueryRow(ctx, `SELECT client_id, secret_sealed, sandbox FROM paypal_connections WHERE workspace_id = $1`, ws).Scan(&cr.ClientID, &sealed, &cr.Sandbox)
	if errors.Is(err, pgx.ErrNoRows) {
		return cr, errNotConnected
	}
	if err != nil {
		return cr, fmt.Errorf("read PayPal connection: %w", err)
	}
	if cr.Secret, err = h.Sealer.Open(sealed, payPalSeal(ws)); err != nil {
		return cr, fmt.Errorf("PayPal's secret does not open (SESSION_SECRET changed?): connect PayPal again: %w", err)
	}
	return cr, nil
}

// payoutOf is the batch as one PayPal payout of one item.
func payoutOf(id uuid.UUID, b sentBatch) paypal.Payout {
	return paypal.Payout{
		SenderBatchHeader: paypal.SenderBatchHeader{
			SenderBatchID: id.String(), RecipientType: "EMAIL",
			EmailSubject: "You have a payout from " + b.workspaceName,
			EmailMessage: fmt.Sprintf("%s paid you for %d %s.", b.workspaceName, b.lines, plural(b.lines, "post", "posts")),
		},
		Items: []paypal.PayoutItem{{
			RecipientType: "EMAIL", Receiver: b.payee, SenderItemID: domain.SenderItemID(id),
			Amount: paypal.Money{Currency: b.currency, Value: payout.Decimal(payout.Money(b.amount), b.digits)},
			Note:   fmt.Sprintf("Payout %s for %d %s", domain.SenderItemID(id), b.lines, plural(b.lines, "post", "posts")),
		}},
	}
}

// apply records PayPal's answer (or why there was none) on the batch and
// moves it and its lines on, in one transaction under the batch's lock.
func (h PayPalHandler) apply(ctx context.Context, ws, id uuid.UUID, res paypal.Batch, callErr error) (domain.Batch, error) {
	var status domain.Batch
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		b, err := scanSentBatch(tx.QueryRow(ctx, sentBatchSelect+` FOR UPDATE OF b`, ws, id))
		if err != nil {
			return fmt.Errorf("read payout batch: %w", err)
		}
		status = b.status
		if b.status != domain.BatchSent && b.status != domain.BatchPaid {
			return nil // moved on meanwhile
		}
		now := h.Now().UTC()
		if callErr != nil {
			return h.applyError(ctx, tx, ws, id, b, callErr, now, &status)
		}
		it := paypal.ItemOf(res, domain.SenderItemID(id))
		outcome := paypal.OutcomeOf(res, it)
		txStatus, itemID, txID, why := res.BatchHeader.BatchStatus, "", "", ""
		if it != nil {
			txStatus, itemID, txID = it.TransactionStatus, it.PayoutItemID, it.TransactionID
			if it.Errors != nil {
				why = strings.TrimSpace(it.Errors.Message)
				if why == "" {
					why = it.Errors.Name
				}
			}
		}
		txStatus = strings.ToUpper(txStatus)
		if _, err := tx.Exec(ctx, `
			UPDATE payout_batches SET paypal_batch_id = $3, paypal_item_id = $4, paypal_transaction = $5, paypal_status = $6, paypal_error = $7, checked_at = $8
			WHERE workspace_id = $1 AND id = $2`, ws, id, res.BatchHeader.PayoutBatchID, itemID, txID, txStatus, why, now); err != nil {
			return fmt.Errorf("record PayPal's answer: %w", err)
		}
		next := (*time.Time)(nil)
		at := func(d time.Duration) *time.Time { t := now.Add(d); return &t }
		details := map[string]any{"payPalBatchId": res.BatchHeader.PayoutBatchID, "transactionStatus": txStatus}
		if why != "" {
			details["reason"] = why
		}
		entry := activitylog.Entry{WorkspaceID: ws, ActorEmail: payPalActor, Target: id.String(), Details: details}
		switch outcome {
		case paypal.InFlight:
			next = at(payPalRecheckPending)
			if txStatus == "UNCLAIMED" || txStatus == "ONHOLD" {
				next = at(payPalRecheckUnclaimed)
			}
			if txStatus == "UNCLAIMED" && b.payPalStatus != "UNCLAIMED" {
				entry.Action = domain.ActionBatchUnclaimed
				if err := h.mailCreator(ctx, tx, ws, b, "unclaimed", why); err != nil {
					return err
				}
			}
		case paypal.Paid:
			if b.status == domain.BatchSent {
				if err := h.payLines(ctx, tx, ws, id, b); err != nil {
					return err
				}
				if _, err := tx.Exec(ctx, `UPDATE payout_batches SET status = $3, closed_by = sent_by, closed_at = $4 WHERE workspace_id = $1 AND id = $2`,
					ws, id, domain.BatchPaid, now); err != nil {
					return fmt.Errorf("close payout batch: %w", err)
				}
				status, b.closedAt = domain.BatchPaid, &now
				details["transactionId"] = txID
				entry.Action = domain.ActionBatchPaid
				entry.Details["amount"], entry.Details["currency"], entry.Details["creatorId"] = b.amount, b.currency, b.creator
			}
			if b.closedAt != nil && now.Sub(*b.closedAt) < payPalWatchPaid {
				next = at(payPalRecheckPaid)
			}
		case paypal.Failed, paypal.Returned:
			to, action, words := domain.BatchFailed, domain.ActionBatchFailed, "failed"
			if outcome == paypal.Returned {
				to, action, words = domain.BatchReturned, domain.ActionBatchReturned, "returned"
			}
			unpaid, err := h.unpayLines(ctx, tx, ws, id)
			if err != nil {
				return err
			}
			if err := releaseLines(ctx, tx, ws, id, now); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `UPDATE payout_batches SET status = $3, closed_at = $4 WHERE workspace_id = $1 AND id = $2`, ws, id, to, now); err != nil {
				return fmt.Errorf("close payout batch: %w", err)
			}
			status = to
			entry.Action = action
			details["linesUnpaid"] = unpaid
			entry.Details["amount"], entry.Details["currency"], entry.Details["creatorId"] = b.amount, b.currency, b.creator
			if err := h.mailCreator(ctx, tx, ws, b, words, why); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, `UPDATE payout_batches SET next_check_at = $3 WHERE workspace_id = $1 AND id = $2`, ws, id, next); err != nil {
			return fmt.Errorf("schedule PayPal check: %w", err)
		}
		if entry.Action != "" {
			if err := activitylog.Record(activitylog.WithClient(ctx, activitylog.Client{}), tx, entry); err != nil {
				return err
			}
		}
		if status == b.status && txStatus == b.payPalStatus {
			return nil // nothing the dashboard shows changed
		}
		return dataversion.BumpDataVersion(ctx, tx, ws)
	})
	if err != nil {
		return "", fmt.Errorf("apply PayPal's answer: %w", err)
	}
	if callErr != nil && status == domain.BatchSent && h.Log != nil {
		h.Log.WarnContext(ctx, "paypal: batch not read or sent, retried later", "workspace", ws, "batch", id, "error", callErr)
	}
	return status, nil
}

// applyError records why PayPal gave no answer to use. A batch PayPal has
// no payout of, refused for good (credentials, funds, a bad receiver), is
// open again with the reason; any other stays sent and is tried again
// later with the same batch id.
func (h PayPalHandler) applyError(ctx context.Context, tx pgx.Tx, ws, id uuid.UUID, b sentBatch, callErr error, now time.Time, status *domain.Batch) error {
	words := callErr.Error()
	switch {
	case errors.Is(callErr, paypal.ErrCredentials):
		words = "PayPal refused the workspace's PayPal app (client id and secret): connect PayPal again"
	case errors.Is(callErr, errNotConnected):
		words = errNotConnected.Error()
	}
	refused := b.payPalBatch == "" && b.status == domain.BatchSent && !errors.Is(callErr, paypal.ErrDuplicateUnknown) &&
		(paypal.Refused(callErr) || errors.Is(callErr, errNotConnected))
	if !refused {
		_, err := tx.Exec(ctx, `UPDATE payout_batches SET paypal_error = $3, checked_at = $4, next_check_at = $5 WHERE workspace_id = $1 AND id = $2`,
			ws, id, words, now, now.Add(payPalRecheckError))
		if err != nil {
			return fmt.Errorf("record PayPal's error: %w", err)
		}
		return nil
	}
	if _, err := tx.Exec(ctx, `
		UPDATE payout_batches SET status = $3, sent_by = NULL, sent_at = NULL, paypal_error = $4, checked_at = $5, next_check_at = NULL
		WHERE workspace_id = $1 AND id = $2`, ws, id, domain.BatchOpen, words, now); err != nil {
		return fmt.Errorf("reopen payout batch: %w", err)
	}
	*status = domain.BatchOpen
	if err := activitylog.Record(activitylog.WithClient(ctx, activitylog.Client{}), tx, activitylog.Entry{WorkspaceID: ws, ActorEmail: payPalActor,
		Action: domain.ActionBatchNotSent, Target: id.String(), Details: map[string]any{"reason": words}}); err != nil {
		return err
	}
	return dataversion.BumpDataVersion(ctx, tx, ws)
}

// batchLinesByCampaign reads the batch's lines not let go, by campaign.
func batchLinesByCampaign(ctx context.Context, tx pgx.Tx, ws, batch uuid.UUID) ([]uuid.UUID, map[uuid.UUID][]uuid.UUID, error) {
	rows, _ := tx.Query(ctx, `SELECT collection_id, video_id FROM payout_batch_lines
		WHERE workspace_id = $1 AND batch_id = $2 AND released_at IS NULL ORDER BY collection_id, video_id`, ws, batch)
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
		return nil, nil, fmt.Errorf("read payout batch lines: %w", err)
	}
	return campaigns, byCampaign, nil
}

// payLines marks the batch's lines paid, campaign by campaign, as paid by
// PayPal for the member who sent the batch.
func (h PayPalHandler) payLines(ctx context.Context, tx pgx.Tx, ws, id uuid.UUID, b sentBatch) error {
	campaigns, byCampaign, err := batchLinesByCampaign(ctx, tx, ws, id)
	if err != nil {
		return err
	}
	var by uuid.UUID
	if b.sentBy != nil {
		by = *b.sentBy
	}
	for _, c := range campaigns {
		review := ReviewPayouts{WorkspaceID: ws, ActorID: by, CollectionID: c, Action: Pay, VideoIDs: byCampaign[c], batch: id, provider: payPalActor}
		if err := review.Validate(); err != nil {
			return err
		}
		if _, err := h.Review.review(ctx, tx, review); err != nil {
			return err
		}
	}
	return nil
}

// unpayLines moves the batch's paid lines back to approved (the money came
// back), and answers how many.
func (h PayPalHandler) unpayLines(ctx context.Context, tx pgx.Tx, ws, id uuid.UUID) (int, error) {
	campaigns, byCampaign, err := batchLinesByCampaign(ctx, tx, ws, id)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range campaigns {
		tag, err := tx.Exec(ctx, `
			UPDATE payout_lines SET status = $4, paid_by = NULL, paid_at = NULL
			WHERE workspace_id = $1 AND collection_id = $2 AND video_id = ANY($3) AND status = $5`,
			ws, c, byCampaign[c], domain.LineApproved, domain.LinePaid)
		if err != nil {
			return 0, fmt.Errorf("unpay payout lines: %w", err)
		}
		if tag.RowsAffected() > 0 {
			n += int(tag.RowsAffected())
			if err := dataversion.BumpLedgerVersion(ctx, tx, ws, c); err != nil {
				return 0, err
			}
		}
	}
	return n, nil
}

// mailCreator tells the creator's logins a payment is unclaimed, failed or
// returned.
func (h PayPalHandler) mailCreator(ctx context.Context, tx pgx.Tx, ws uuid.UUID, b sentBatch, outcome, why string) error {
	rows, _ := tx.Query(ctx, `
		SELECT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id
		WHERE m.workspace_id = $1 AND m.creator_id = $2 AND u.email_verified_at IS NOT NULL`, ws, b.creator)
	emails, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("read the creator's logins: %w", err)
	}
	for _, to := range emails {
		m, err := mail.CreatorPayoutMessage(mail.CreatorPayout{Outcome: outcome, Amount: b.currency + " " + payout.Decimal(payout.Money(b.amount), b.digits),
			PayeeEmail: b.payee, Reason: why, PortalURL: strings.TrimRight(h.DashboardURL, "/") + "/"})
		if err != nil {
			return err
		}
		if _, err := outbox.Queue(ctx, tx, domain.MailCreator, &ws, to, m); err != nil {
			return err
		}
	}
	return nil
}

// PayPalRun is what the payouts step did.
type PayPalRun struct {
	// Checked counts the batches it sent or read from PayPal.
	Checked int `json:"checked"`
	// Paid, Failed and Returned count those that became so.
	Paid     int `json:"paid"`
	Failed   int `json:"failed"`
	Returned int `json:"returned"`
}

// payPalSyncMax bounds the batches one run of the step reads.
const payPalSyncMax = 200

// Sync is the payouts step: every batch due a look at PayPal is sent
// again (PayPal had not answered) or read, and its answer applied. A
// batch that fails is retried later; the run goes on.
func (h PayPalHandler) Sync(ctx context.Context) (PayPalRun, error) {
	var run PayPalRun
	if h.PayPal == nil {
		return run, nil
	}
	type due struct{ ws, id uuid.UUID }
	rows, _ := h.DB.Query(ctx, `SELECT workspace_id, id FROM payout_batches WHERE next_check_at <= $1 ORDER BY next_check_at LIMIT $2`,
		h.Now().UTC(), payPalSyncMax)
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (due, error) {
		var d due
		return d, r.Scan(&d.ws, &d.id)
	})
	if err != nil {
		return run, fmt.Errorf("read batches due at PayPal: %w", err)
	}
	var errs []error
	for _, d := range list {
		if ctx.Err() != nil {
			break
		}
		was, err := h.status(ctx, d.ws, d.id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		now, err := h.advance(ctx, d.ws, d.id)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		run.Checked++
		if now != was {
			switch now {
			case domain.BatchPaid:
				run.Paid++
			case domain.BatchFailed:
				run.Failed++
			case domain.BatchReturned:
				run.Returned++
			}
		}
	}
	return run, errors.Join(errs...)
}

func (h PayPalHandler) status(ctx context.Context, ws, id uuid.UUID) (domain.Batch, error) {
	var s domain.Batch
	if err := h.DB.QueryRow(ctx, `SELECT status FROM payout_batches WHERE workspace_id = $1 AND id = $2`, ws, id).Scan(&s); err != nil {
		return "", fmt.Errorf("read payout batch: %w", err)
	}
	return s, nil
}
