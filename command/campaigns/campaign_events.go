package campaigns

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/command/eventlog"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
)

type lineEvent struct {
	video             uuid.UUID
	payee             string
	period, windowEnd time.Time
	views             int64
	amount            string
	status            domain.Line
	hold              domain.HoldReason
	detail            string
}

// addLineEvents records payout.line_locked for the lines a settle run locked,
// payout.line_held for those it held or whose views fell (fell), in tx.
func addLineEvents(ctx context.Context, tx pgx.Tx, ws uuid.UUID, campaign eventlog.EventCampaign, digits int, lines []lineEvent, fell []uuid.UUID, now time.Time) error {
	if len(lines) == 0 && len(fell) == 0 {
		return nil
	}
	if len(fell) > 0 {
		rows, err := tx.Query(ctx, `
			SELECT video_id, payee, period_start, window_end, views, amount, status, hold_reason, hold_detail
			FROM payout_lines WHERE collection_id = $1 AND workspace_id = $3 AND video_id = ANY($2) ORDER BY seq`, campaign.ID, fell, ws)
		if err != nil {
			return fmt.Errorf("read held payout lines: %w", err)
		}
		for rows.Next() {
			var l lineEvent
			var amount int64
			if err := rows.Scan(&l.video, &l.payee, &l.period, &l.windowEnd, &l.views, &amount, &l.status, &l.hold, &l.detail); err != nil {
				rows.Close()
				return fmt.Errorf("read held payout lines: %w", err)
			}
			l.amount = payout.Decimal(payout.Money(amount), digits)
			lines = append(lines, l)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read held payout lines: %w", err)
		}
	}
	ids := make([]uuid.UUID, len(lines))
	for i, l := range lines {
		ids[i] = l.video
	}
	videos, err := eventlog.DescribeVideos(ctx, tx, ws, ids)
	if err != nil {
		return err
	}
	events := make([]eventlog.Event, 0, len(lines))
	for _, l := range lines {
		v := videos[l.video]
		typ, verb := domain.EventLineLocked, "locked"
		data := eventlog.EventLineData{Campaign: campaign, Video: v.EventVideo, Payee: l.payee, PeriodStart: l.period.UTC(), WindowEnd: l.windowEnd.UTC(),
			Views: l.views, Amount: l.amount, Status: l.status, HoldDetail: l.detail}
		if l.status == domain.LineHeld {
			typ, verb = domain.EventLineHeld, "held for review ("+string(l.hold)+")"
			reason := l.hold
			data.HoldReason = &reason
		}
		data.Summary = fmt.Sprintf("%s: the line of %s for %s was %s at %s views, %s %s",
			campaign.Name, l.payee, v.URL, verb, eventlog.GroupDigits(l.views), campaign.Currency, l.amount)
		video := l.video
		events = append(events, eventlog.Event{WorkspaceID: ws, Type: typ, OccurredAt: now, VideoID: &video, AccountID: v.AccountID,
			CollectionID: &campaign.ID, Platform: v.Platform, Payload: data})
	}
	return eventlog.Record(ctx, tx, events)
}
