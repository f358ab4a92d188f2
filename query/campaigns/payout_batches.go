package campaigns

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/query"
)

// PayoutBatch is a batch of a creator's approved lines in one currency,
// paid together (docs/creators.md, "Payout batches"). Its id is the
// payment's idempotency key.
type PayoutBatch struct {
	ID          uuid.UUID           `json:"id"`
	Creator     SubmissionCreator   `json:"creator"`
	Currency    string              `json:"currency"`
	MinorDigits int                 `json:"minorDigits"`
	Amount      int64               `json:"amount"`
	Lines       int                 `json:"lines"`
	Method      domain.PayoutMethod `json:"method"`
	PayeeEmail  string              `json:"payeeEmail"`
	Status      domain.Batch        `json:"status"`
	CreatedAt   time.Time           `json:"createdAt"`
	CreatedBy   string              `json:"createdBy"`
	ClosedAt    *time.Time          `json:"closedAt"`
	ClosedBy    string              `json:"closedBy"`
	// SentAt and SentBy: when and by whom it was sent through PayPal.
	SentAt *time.Time `json:"sentAt"`
	SentBy string     `json:"sentBy"`
	// PayPal is its payout at PayPal; nil for a batch never sent there.
	PayPal *PayPalPayout `json:"paypal"`
}

// PayPalPayout is a batch's payout at PayPal, as PayPal last said it.
type PayPalPayout struct {
	Sandbox bool `json:"sandbox"`
	// PayoutBatchID is PayPal's id of the payout ("" until PayPal answered).
	PayoutBatchID string `json:"payoutBatchId"`
	// TransactionStatus is the item's (PENDING, SUCCESS, UNCLAIMED, ONHOLD,
	// FAILED, BLOCKED, RETURNED, REFUNDED, REVERSED), "" until read.
	TransactionStatus string `json:"transactionStatus"`
	TransactionID     string `json:"transactionId"`
	// Error is the last error or PayPal's reason, in words.
	Error       string     `json:"error"`
	CheckedAt   *time.Time `json:"checkedAt"`
	NextCheckAt *time.Time `json:"nextCheckAt"`
}

// PayoutBatches is a page of batches, newest first.
type PayoutBatches struct {
	Batches []PayoutBatch `json:"batches"`
	Total   int           `json:"total"`
}

// BatchesQuery filters and pages batches.
type BatchesQuery struct {
	Status  domain.Batch // empty: any
	Creator *uuid.UUID
	Limit   int
	Offset  int
}

// MaxBatchesPage is the longest page of batches.
const MaxBatchesPage = 500

const batchesSelect = `
SELECT b.id, b.creator_id, c.name, b.currency, b.minor_digits, b.amount, b.lines, b.method, b.payee_email, b.status,
	b.created_at, coalesce(u.email, ''), b.closed_at, coalesce(x.email, ''),
	b.sent_at, coalesce(sb.email, ''), b.paypal_sandbox, b.paypal_batch_id, b.paypal_status, b.paypal_transaction, b.paypal_error,
	b.checked_at, b.next_check_at, count(*) OVER ()
FROM payout_batches b
JOIN creators c ON c.id = b.creator_id AND c.workspace_id = b.workspace_id
LEFT JOIN users u ON u.id = b.created_by
LEFT JOIN users x ON x.id = b.closed_by
LEFT JOIN users sb ON sb.id = b.sent_by
WHERE b.workspace_id = $1 AND ($2::text = '' OR b.status = $2) AND ($3::uuid IS NULL OR b.creator_id = $3) AND ($6::uuid[] IS NULL OR b.id = ANY($6))
ORDER BY b.created_at DESC, b.id
LIMIT $4 OFFSET $5`

func (h CampaignsHandler) readBatches(ctx context.Context, ws uuid.UUID, q BatchesQuery, ids []uuid.UUID) (PayoutBatches, error) {
	if q.Status != "" && !slices.Contains(domain.Batches, q.Status) {
		return PayoutBatches{}, apperr.Invalid("status", "one of open, sent, paid, failed, returned, cancelled")
	}
	out := PayoutBatches{Batches: []PayoutBatch{}}
	rows, _ := h.DB.Query(ctx, batchesSelect, ws, string(q.Status), q.Creator, q.Limit, q.Offset, ids)
	var err error
	out.Batches, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (PayoutBatch, error) {
		var b PayoutBatch
		var p PayPalPayout
		err := r.Scan(&b.ID, &b.Creator.ID, &b.Creator.Name, &b.Currency, &b.MinorDigits, &b.Amount, &b.Lines, &b.Method, &b.PayeeEmail, &b.Status,
			&b.CreatedAt, &b.CreatedBy, &b.ClosedAt, &b.ClosedBy,
			&b.SentAt, &b.SentBy, &p.Sandbox, &p.PayoutBatchID, &p.TransactionStatus, &p.TransactionID, &p.Error, &p.CheckedAt, &p.NextCheckAt, &out.Total)
		b.CreatedAt, b.ClosedAt, b.SentAt = b.CreatedAt.UTC(), query.UTC(b.ClosedAt), query.UTC(b.SentAt)
		if b.SentAt != nil || p.Error != "" || p.PayoutBatchID != "" {
			p.CheckedAt, p.NextCheckAt = query.UTC(p.CheckedAt), query.UTC(p.NextCheckAt)
			b.PayPal = &p
		}
		return b, err
	})
	if err != nil {
		return PayoutBatches{}, fmt.Errorf("read payout batches: %w", err)
	}
	return out, nil
}

// Batches answers a page of the workspace's payout batches.
func (h CampaignsHandler) Batches(ctx context.Context, ws uuid.UUID, q BatchesQuery) (PayoutBatches, error) {
	return h.readBatches(ctx, ws, q, nil)
}

// BatchLine is a line of a batch.
type BatchLine struct {
	CampaignID   uuid.UUID   `json:"campaignId"`
	CampaignName string      `json:"campaignName"`
	VideoID      uuid.UUID   `json:"videoId"`
	URL          string      `json:"url"`
	Caption      string      `json:"caption"`
	Amount       int64       `json:"amount"`
	Status       domain.Line `json:"status"`
	// Released: the batch let the line go (cancelled, failed, returned):
	// it can be in another batch.
	Released bool `json:"released"`
}

// PayoutBatchPage is a batch with its lines.
type PayoutBatchPage struct {
	PayoutBatch
	Items []BatchLine `json:"items"`
}

// Batch answers a batch with its lines: 404 for one not of ws (or, for a
// creator, not its own).
func (h CampaignsHandler) Batch(ctx context.Context, ws, id uuid.UUID, creator *uuid.UUID) (PayoutBatchPage, error) {
	list, err := h.readBatches(ctx, ws, BatchesQuery{Creator: creator, Limit: 1}, []uuid.UUID{id})
	if err != nil {
		return PayoutBatchPage{}, err
	}
	if len(list.Batches) == 0 {
		return PayoutBatchPage{}, apperr.NotFound("payout batch not found")
	}
	out := PayoutBatchPage{PayoutBatch: list.Batches[0]}
	out.Items, err = h.batchLines(ctx, ws, id)
	return out, err
}

func (h CampaignsHandler) batchLines(ctx context.Context, ws, id uuid.UUID) ([]BatchLine, error) {
	rows, _ := h.DB.Query(ctx, `
		SELECT b.collection_id, col.name, b.video_id, v.url, v.caption, b.amount, coalesce(l.status, $3), b.released_at IS NOT NULL
		FROM payout_batch_lines b
		JOIN collections col ON col.id = b.collection_id
		JOIN videos v ON v.id = b.video_id AND v.workspace_id = b.workspace_id
		LEFT JOIN payout_lines l ON l.workspace_id = b.workspace_id AND l.collection_id = b.collection_id AND l.video_id = b.video_id
		WHERE b.workspace_id = $1 AND b.batch_id = $2
		ORDER BY col.name, b.collection_id, v.published_at, b.video_id`, ws, id, domain.LineRejected)
	lines, err := pgx.CollectRows(rows, pgx.RowToStructByPos[BatchLine])
	if err != nil {
		return nil, fmt.Errorf("read payout batch lines: %w", err)
	}
	return query.OrEmpty(lines), nil
}

// The formats a batch exports in.
const (
	BatchPayPal  = "paypal"
	BatchWise    = "wise"
	BatchGeneric = "generic"
)

// BatchesExport writes batches as a file a payroll tool takes: PayPal
// Payouts' batch file (no header: e-mail, amount, currency, the batch as
// customer id, a note, PAYPAL; one currency per file) or Wise's "send by
// e-mail" batch template, of open batches only (any other would be paid
// again); or as a generic CSV with every field.
func (h CampaignsHandler) BatchesExport(ctx context.Context, ws uuid.UUID, ids []uuid.UUID, format string) (PayoutExport, error) {
	if len(ids) == 0 {
		return PayoutExport{}, apperr.Invalid("ids", "name at least one batch")
	}
	if !slices.Contains([]string{BatchPayPal, BatchWise, BatchGeneric}, format) {
		return PayoutExport{}, apperr.Invalid("format", "one of paypal, wise, generic")
	}
	list, err := h.readBatches(ctx, ws, BatchesQuery{Limit: len(ids) + 1}, ids)
	if err != nil {
		return PayoutExport{}, err
	}
	if len(list.Batches) != len(slices.Compact(slices.SortedFunc(slices.Values(ids), func(a, b uuid.UUID) int { return strings.Compare(a.String(), b.String()) }))) {
		return PayoutExport{}, apperr.NotFound("payout batch not found: an id is not a batch of this workspace")
	}
	slices.SortFunc(list.Batches, func(a, b PayoutBatch) int { return a.CreatedAt.Compare(b.CreatedAt) })
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	for _, b := range list.Batches {
		switch {
		case b.Status == domain.BatchCancelled || b.Status == domain.BatchFailed || b.Status == domain.BatchReturned:
			return PayoutExport{}, apperr.Conflict(fmt.Sprintf("batch %s is %s: nothing of it is to pay", b.ID, b.Status))
		case b.Status != domain.BatchOpen && format != BatchGeneric:
			return PayoutExport{}, apperr.Conflict(fmt.Sprintf("batch %s is %s: a payroll file of it would pay it again (export it as generic CSV)", b.ID, b.Status))
		case format != BatchGeneric && string(b.Method) != format:
			return PayoutExport{}, apperr.Conflict(fmt.Sprintf("batch %s pays %s by %s, not %s", b.ID, b.Creator.Name, b.Method, format))
		case format == BatchPayPal && b.Currency != list.Batches[0].Currency:
			return PayoutExport{}, apperr.Conflict("a PayPal batch file holds one currency: export each currency apart")
		}
	}
	switch format {
	case BatchWise:
		_ = w.Write([]string{"name", "recipientEmail", "paymentReference", "receiverType", "amountCurrency", "amount", "sourceCurrency", "targetCurrency", "type"})
	case BatchGeneric:
		_ = w.Write([]string{"batch_id", "creator", "creator_id", "method", "email", "currency", "amount", "amount_minor", "lines", "status", "created_at"})
	}
	for _, b := range list.Batches {
		amount := payout.Decimal(payout.Money(b.Amount), b.MinorDigits)
		var row []string
		switch format {
		case BatchPayPal:
			row = []string{b.PayeeEmail, amount, b.Currency, domain.SenderItemID(b.ID), "Campaign payout " + b.ID.String(), "PAYPAL"}
		case BatchWise:
			row = []string{query.Cell(b.Creator.Name), b.PayeeEmail, "Payout " + domain.SenderItemID(b.ID), "PERSON", "target", amount, b.Currency, b.Currency, "EMAIL"}
		default:
			row = []string{b.ID.String(), query.Cell(b.Creator.Name), b.Creator.ID.String(), string(b.Method), b.PayeeEmail, b.Currency, amount,
				strconv.FormatInt(b.Amount, 10), strconv.Itoa(b.Lines), string(b.Status), b.CreatedAt.Format(time.RFC3339)}
		}
		if err := w.Write(row); err != nil {
			return PayoutExport{}, err
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return PayoutExport{}, fmt.Errorf("write the batch file: %w", err)
	}
	name := fmt.Sprintf("payouts-%s-%s.csv", format, list.Batches[0].CreatedAt.Format("2006-01-02"))
	return PayoutExport{Filename: name, CSV: buf.Bytes()}, nil
}

// Statement is a creator's payout batches with their lines: what it was
// paid, and what is on its way.
type Statement struct {
	Batches []PayoutBatchPage `json:"batches"`
}

// CreatorStatement answers the creator's batches that are not cancelled,
// newest first, each with its lines; who in the team made, sent or closed
// them is not the creator's to see.
func (h CampaignsHandler) CreatorStatement(ctx context.Context, ws, creator uuid.UUID) (Statement, error) {
	out := Statement{Batches: []PayoutBatchPage{}}
	for _, status := range []domain.Batch{domain.BatchOpen, domain.BatchSent, domain.BatchPaid, domain.BatchFailed, domain.BatchReturned} {
		list, err := h.readBatches(ctx, ws, BatchesQuery{Status: status, Creator: &creator, Limit: MaxBatchesPage}, nil)
		if err != nil {
			return out, err
		}
		for _, b := range list.Batches {
			lines, err := h.batchLines(ctx, ws, b.ID)
			if err != nil {
				return out, err
			}
			b.CreatedBy, b.ClosedBy, b.SentBy = "", "", ""
			out.Batches = append(out.Batches, PayoutBatchPage{PayoutBatch: b, Items: lines})
		}
	}
	slices.SortFunc(out.Batches, func(a, b PayoutBatchPage) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return out, nil
}

// PayPalConnection is the workspace's PayPal app, its secret never shown.
type PayPalConnection struct {
	Connected   bool       `json:"connected"`
	ClientID    string     `json:"clientId"`
	Sandbox     bool       `json:"sandbox"`
	ConnectedAt *time.Time `json:"connectedAt"`
	ConnectedBy string     `json:"connectedBy"`
}

// PayPal answers the workspace's PayPal connection.
func (h CampaignsHandler) PayPal(ctx context.Context, ws uuid.UUID) (PayPalConnection, error) {
	var out PayPalConnection
	err := h.DB.QueryRow(ctx, `
		SELECT p.client_id, p.sandbox, p.connected_at, coalesce(u.email, '')
		FROM paypal_connections p LEFT JOIN users u ON u.id = p.connected_by
		WHERE p.workspace_id = $1`, ws).Scan(&out.ClientID, &out.Sandbox, &out.ConnectedAt, &out.ConnectedBy)
	if errors.Is(err, pgx.ErrNoRows) {
		return out, nil
	}
	if err != nil {
		return out, fmt.Errorf("read PayPal connection: %w", err)
	}
	out.Connected, out.ConnectedAt = true, query.UTC(out.ConnectedAt)
	return out, nil
}
