package campaigns

import (
	"bytes"
	"context"
	"encoding/csv"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/query"
)

// The yearly tax report (docs/creators.md, "Tax status"; not tax advice):
// what each payee was paid in a calendar year, by currency, with the tax
// form on file, and for US dollars whether the total reaches the threshold
// of IRS Forms 1099-NEC/1099-MISC: $600 for payments made through 2025,
// $2,000 for payments made in 2026 (the One Big Beautiful Bill Act,
// section 70433), adjusted for inflation from 2027 on, which a caller
// passes as the threshold.

// USThreshold is the reporting threshold for payments made in year, in
// cents: the law's figure through 2026, and 2026's after it (to be passed
// by the caller once the IRS publishes the adjusted one).
func USThreshold(year int) int64 {
	if year <= 2025 {
		return 600_00
	}
	return 2_000_00
}

// TaxReportQuery asks for a year's report; Threshold (cents) overrides
// USThreshold.
type TaxReportQuery struct {
	Year      int
	Threshold *int64
}

const taxReportSQL = `
SELECT CASE WHEN l.creator_id IS NULL THEN 'account' ELSE 'creator' END,
       coalesce(l.creator_id, l.account_id),
       coalesce(c.name, min(l.payee)), coalesce(c.email, ''), coalesce(c.tax_form, $5),
       cp.currency, cp.minor_digits, sum(l.amount), count(*)
FROM payout_lines l
JOIN campaigns cp ON cp.collection_id = l.collection_id AND cp.workspace_id = l.workspace_id
LEFT JOIN creators c ON c.workspace_id = l.workspace_id AND c.id = l.creator_id
WHERE l.workspace_id = $1 AND l.status = $2 AND l.paid_at >= $3 AND l.paid_at < $4
GROUP BY 1, 2, c.name, c.email, c.tax_form, cp.currency, cp.minor_digits
ORDER BY 3, 2, 6`

// TaxReport writes the year's report as CSV: one row per payee and
// currency, of the lines marked paid in the year (UTC).
func (h CampaignsHandler) TaxReport(ctx context.Context, ws uuid.UUID, q TaxReportQuery) (PayoutExport, error) {
	if q.Year < 2000 || q.Year > 9999 {
		return PayoutExport{}, apperr.Invalid("year", "a calendar year such as 2026")
	}
	if q.Threshold != nil && *q.Threshold < 0 {
		return PayoutExport{}, apperr.Invalid("threshold", "cents, not negative")
	}
	threshold := USThreshold(q.Year)
	if q.Threshold != nil {
		threshold = *q.Threshold
	}
	from := time.Date(q.Year, 1, 1, 0, 0, 0, 0, time.UTC)
	rows, _ := h.DB.Query(ctx, taxReportSQL, ws, domain.LinePaid, from, from.AddDate(1, 0, 0), domain.TaxFormNone)
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.Write([]string{"year", "payee", "payee_kind", "payee_id", "email", "tax_form", "currency", "paid", "paid_minor", "lines",
		"threshold_usd", "reaches_threshold"})
	var (
		kind, name, email, form, currency string
		id                                uuid.UUID
		digits                            int
		paid                              int64
		lines                             int
	)
	_, err := pgx.ForEachRow(rows, []any{&kind, &id, &name, &email, &form, &currency, &digits, &paid, &lines}, func() error {
		limit, reaches := "", ""
		if currency == "USD" {
			limit = ThresholdText(threshold)
			reaches = "no"
			if paid >= threshold {
				reaches = "yes"
			}
		}
		return w.Write([]string{strconv.Itoa(q.Year), query.Cell(name), kind, id.String(), query.Cell(email), form, currency,
			payout.Decimal(payout.Money(paid), digits), strconv.FormatInt(paid, 10), strconv.Itoa(lines), limit, reaches})
	})
	if err != nil {
		return PayoutExport{}, fmt.Errorf("read the year's payments: %w", err)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return PayoutExport{}, fmt.Errorf("write the tax report: %w", err)
	}
	return PayoutExport{Filename: fmt.Sprintf("payments-%d.csv", q.Year), CSV: b.Bytes()}, nil
}

// ThresholdText is a threshold in cents as the report writes it: "2000.00".
func ThresholdText(cents int64) string { return payout.Decimal(payout.Money(cents), 2) }
