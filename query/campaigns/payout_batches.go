package campaigns

import (
	"bytes"
	"context"
	"encoding/csv"
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
	b.created_at, coalesce(u.email, ''), b.closed_at, coalesce(x.email, ''), count(*) OVER ()
FROM payout_batches b
JOIN creators c ON c.id = b.creator_id AND c.workspace_id = b.workspace_id
LEFT JOIN users u ON u.id = b.created_by
LEFT JOIN users x ON x.id = b.closed_by
WHERE b.workspace_id = $1 AND ($2::text = '' OR b.status = $2) AND ($3::uuid IS NULL OR b.creator_id = $3) AND ($6::uuid[] IS NULL OR b.id = ANY($6))
ORDER BY b.created_at DESC, b.id
LIMIT $4 OFFSET $5`

func (h CampaignsHandler) readBatches(ctx context.Context, ws uuid.UUID, q BatchesQuery, ids []uuid.UUID) (PayoutBatches, error) {
	if q.Status != "" && !slices.Contains(domain.Batches, q.Status) {
		return PayoutBatches{}, apperr.Invalid("status", "one of open, paid, cancelled")
	}
	out := PayoutBatches{Batches: []PayoutBatch{}}
	rows, _ := h.DB.Query(ctx, batchesSelect, ws, string(q.Status), q.Creator, q.Limit, q.Offset, ids)
	var err error
	out.Batches, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (PayoutBatch, error) {
		var b PayoutBatch
		err := r.Scan(&b.ID, &b.Creator.ID, &b.Creator.Name, &b.Currency, &b.MinorDigits, &b.Amount, &b.Lines, &b.Method, &b.PayeeEmail, &b.Status,
			&b.CreatedAt, &b.CreatedBy, &b.ClosedAt, &b.ClosedBy, &out.Total)
		b.CreatedAt, b.ClosedAt = b.CreatedAt.UTC(), query.UTC(b.ClosedAt)
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
		SELECT b.collection_id, col.name, b.video_id, v.url, v.caption, b.amount, coalesce(l.status, $3)
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

// BatchesExport writes open or paid batches as a file a payroll tool
// takes: PayPal Payouts' batch file (no header: e-mail, amount, currency,
// the batch as customer id, a note, PAYPAL; one currency per file), Wise's
// "send by e-mail" batch template, or a generic CSV with every field.
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
		case b.Status == domain.BatchCancelled:
			return PayoutExport{}, apperr.Conflict(fmt.Sprintf("batch %s is cancelled: nothing of it is paid", b.ID))
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
			row = []string{b.PayeeEmail, amount, b.Currency, SenderItemID(b.ID), "Campaign payout " + b.ID.String(), "PAYPAL"}
		case BatchWise:
			row = []string{query.Cell(b.Creator.Name), b.PayeeEmail, "Payout " + SenderItemID(b.ID), "PERSON", "target", amount, b.Currency, b.Currency, "EMAIL"}
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

// SenderItemID is a batch's id as payment files take it: its 32 hex
// digits less the last four (PayPal's customer id holds 30 characters at
// most, without spaces or dashes), prefixed "rt".
func SenderItemID(id uuid.UUID) string {
	return "rt" + strings.ReplaceAll(id.String(), "-", "")[:28]
}

// Statement is a creator's payout batches with their lines: what it was
// paid, and what is on its way.
type Statement struct {
	Batches []PayoutBatchPage `json:"batches"`
}

// CreatorStatement answers the creator's batches that are not cancelled,
// newest first, each with its lines.
func (h CampaignsHandler) CreatorStatement(ctx context.Context, ws, creator uuid.UUID) (Statement, error) {
	out := Statement{Batches: []PayoutBatchPage{}}
	for _, status := range []domain.Batch{domain.BatchOpen, domain.BatchPaid} {
		list, err := h.readBatches(ctx, ws, BatchesQuery{Status: status, Creator: &creator, Limit: MaxBatchesPage}, nil)
		if err != nil {
			return out, err
		}
		for _, b := range list.Batches {
			lines, err := h.batchLines(ctx, ws, b.ID)
			if err != nil {
				return out, err
			}
			out.Batches = append(out.Batches, PayoutBatchPage{PayoutBatch: b, Items: lines})
		}
	}
	slices.SortFunc(out.Batches, func(a, b PayoutBatchPage) int { return b.CreatedAt.Compare(a.CreatedAt) })
	return out, nil
}
