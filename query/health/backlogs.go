package health

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// MailBacklog is the workspace's e-mails of the outbox not sent.
type MailBacklog struct {
	// Pending counts those waiting to be sent (the cron's mail step sends
	// them; a failed try waits for its back-off); OldestPendingAt is when
	// the oldest of them was queued.
	Pending         int        `json:"pending"`
	OldestPendingAt *time.Time `json:"oldestPendingAt"`
	// Failed counts those queued within the window that were given up.
	Failed int `json:"failed"`
}

// ChannelBacklog is the workspace's deliveries to its channels (Slack,
// Discord, webhooks) not delivered, as MailBacklog, and its channels
// disabled (by hand, or after failing for days).
type ChannelBacklog struct {
	Pending          int        `json:"pending"`
	OldestPendingAt  *time.Time `json:"oldestPendingAt"`
	Failed           int        `json:"failed"`
	DisabledChannels int        `json:"disabledChannels"`
}

// mailSQL counts the workspace's ($1) pending e-mails ($2) and those
// failed ($3) queued since $4.
const mailSQL = `
SELECT count(*) FILTER (WHERE status = $2), min(created_at) FILTER (WHERE status = $2),
	count(*) FILTER (WHERE status = $3 AND created_at > $4)
FROM mail_outbox
-- the statuses written out: the predicate of mail_outbox_workspace_idx
WHERE workspace_id = $1 AND status IN ('pending', 'failed') AND (status = $2 OR created_at > $4)`

func readMail(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, now time.Time) (MailBacklog, error) {
	var b MailBacklog
	if err := db.QueryRow(ctx, mailSQL, ws, domain.MailPending, domain.MailFailed, now.Add(-Window)).
		Scan(&b.Pending, &b.OldestPendingAt, &b.Failed); err != nil {
		return MailBacklog{}, fmt.Errorf("read the mail backlog: %w", err)
	}
	b.OldestPendingAt = utc(b.OldestPendingAt)
	return b, nil
}

// deliveriesSQL is mailSQL over the workspace's channel deliveries, with
// its disabled channels.
const deliveriesSQL = `
SELECT count(*) FILTER (WHERE status = $2), min(created_at) FILTER (WHERE status = $2),
	count(*) FILTER (WHERE status = $3 AND created_at > $4),
	(SELECT count(*) FROM channels WHERE workspace_id = $1 AND NOT enabled)
FROM event_deliveries
-- the statuses written out: the predicate of event_deliveries_workspace_idx
WHERE workspace_id = $1 AND status IN ('pending', 'failed') AND (status = $2 OR created_at > $4)`

func readChannels(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, now time.Time) (ChannelBacklog, error) {
	var b ChannelBacklog
	if err := db.QueryRow(ctx, deliveriesSQL, ws, domain.DeliveryPending, domain.DeliveryFailed, now.Add(-Window)).
		Scan(&b.Pending, &b.OldestPendingAt, &b.Failed, &b.DisabledChannels); err != nil {
		return ChannelBacklog{}, fmt.Errorf("read the channels' backlog: %w", err)
	}
	b.OldestPendingAt = utc(b.OldestPendingAt)
	return b, nil
}
