package campaigns

import (
	"bytes"
	"cmp"
	"context"
	"encoding/csv"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/query"
)

// The payout export kinds: one row per line, or per payee and period.
const (
	PayoutLines    = "lines"
	PayoutCreators = "creators"
)

// PayoutExport is a campaign's payout export: a CSV file and its name.
type PayoutExport struct {
	Filename string
	CSV      []byte
}

// Export writes the payout export of kind of the lines q lets through.
func (h CampaignsHandler) Export(ctx context.Context, ws, id uuid.UUID, kind string, q LinesQuery) (PayoutExport, error) {
	if kind != PayoutLines && kind != PayoutCreators {
		return PayoutExport{}, apperr.Invalid("kind", `"lines" or "creators"`)
	}
	q.Limit = 1
	if err := q.Validate(); err != nil {
		return PayoutExport{}, err
	}
	l, err := readLedger(ctx, h.DB, h.CH, ws, id, h.Now().UTC(), false)
	if err != nil {
		return PayoutExport{}, err
	}
	var lines []Line
	for _, ln := range filterLines(&l, q) {
		if kind == PayoutCreators && q.Status == "" && ln.Status == domain.LineProjected {
			continue
		}
		lines = append(lines, ln)
	}
	// the lines are large: their indexes are sorted, each line copied once
	order := make([]int32, len(lines))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(i, j int32) int {
		a, b := &lines[i], &lines[j]
		return cmp.Or(a.PeriodStart.Compare(b.PeriodStart), strings.Compare(a.Payee.Name, b.Payee.Name), a.WindowEnd.Compare(b.WindowEnd))
	})
	sorted := make([]Line, len(lines))
	for k, i := range order {
		sorted[k] = lines[i]
	}
	lines = sorted
	c := l.campaign
	money := func(m int64) string { return payout.Decimal(payout.Money(m), c.MinorDigits) }
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	name := strings.Map(func(r rune) rune {
		if r < 128 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return r
		}
		return '-'
	}, c.Name)
	if kind == PayoutLines {
		_ = w.Write([]string{"campaign", "currency", "period_start", "payee", "payee_kind", "payee_id", "video_id", "platform", "url", "published_at", "window_end",
			"status", "rules_version", "views", "paid_views", "price", "amount", "amount_minor", "bound", "hold_reason", "reject_reason",
			"decided_by", "decided_at", "paid_by", "paid_at", "post_kind", "hold_detail"})
		for _, ln := range lines {
			_ = w.Write([]string{query.Cell(c.Name), c.Currency, ln.PeriodStart.Format(time.DateOnly), query.Cell(ln.Payee.Name), ln.Payee.Kind, ln.Payee.ID.String(),
				ln.VideoID.String(), string(ln.Platform), query.Cell(ln.URL), query.TimeCell(ln.Published), ln.WindowEnd.Format(time.RFC3339),
				string(ln.Status), strconv.Itoa(ln.RulesVersion), strconv.FormatInt(ln.Views, 10), strconv.FormatInt(ln.PaidViews, 10),
				money(ln.Price), money(ln.Amount), strconv.FormatInt(ln.Amount, 10), ln.Bound, string(ln.HoldReason), query.Cell(ln.RejectReason),
				ln.DecidedBy, query.TimeCell(ln.DecidedAt), ln.PaidBy, query.TimeCell(ln.PaidAt), string(ln.PostKind), query.Cell(ln.HoldDetail)})
		}
	} else {
		type key struct {
			period time.Time
			payee  string
		}
		type sum struct {
			payee                                  Payee
			lines                                  int
			views, committed, approved, paid, held int64
		}
		sums := map[key]*sum{}
		var keys []key
		for _, ln := range lines {
			k := key{ln.PeriodStart, ln.Payee.key()}
			s := sums[k]
			if s == nil {
				s = &sum{payee: ln.Payee}
				sums[k] = s
				keys = append(keys, k)
			}
			s.lines++
			switch ln.Status {
			case domain.LineRejected:
				continue
			case domain.LineApproved:
				s.approved += ln.Amount
			case domain.LinePaid:
				s.paid += ln.Amount
			case domain.LineHeld:
				s.held += ln.Amount
			}
			if ln.Status != domain.LineProjected {
				s.committed += ln.Amount
			}
			s.views += ln.PaidViews
		}
		_ = w.Write([]string{"campaign", "currency", "period_start", "payee", "payee_kind", "payee_id", "lines", "paid_views",
			"committed", "approved", "held", "paid", "to_pay", "to_pay_minor"})
		for _, k := range keys {
			s := sums[k]
			_ = w.Write([]string{query.Cell(c.Name), c.Currency, k.period.Format(time.DateOnly), query.Cell(s.payee.Name), s.payee.Kind, s.payee.ID.String(),
				strconv.Itoa(s.lines), strconv.FormatInt(s.views, 10), money(s.committed), money(s.approved), money(s.held), money(s.paid),
				money(s.approved), strconv.FormatInt(s.approved, 10)})
		}
	}
	w.Flush()
	if err := w.Error(); err != nil {
		return PayoutExport{}, fmt.Errorf("write payout export: %w", err)
	}
	return PayoutExport{Filename: fmt.Sprintf("payouts-%s-%s.csv", name, kind), CSV: b.Bytes()}, nil
}
