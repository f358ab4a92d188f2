package alerts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
)

// DigestReader builds a workspace's digest for a closed period.
type DigestReader interface {
	Digest(ctx context.Context, ws uuid.UUID, start, end time.Time) (domain.Digest, error)
}

// Digest queueing limits.
const (
	// maxDigestWorkspacesPerRun bounds the digests built in one cron run.
	maxDigestWorkspacesPerRun = 200
	// digestSendsKeptFor is longer than a period, so none is queued twice.
	digestSendsKeptFor = 60 * 24 * time.Hour
)

// DigestRun counts what one queueing round did.
type DigestRun struct {
	Queued int
	// Empty counts members' digests not sent because nothing happened.
	Empty int
}

// QueueDigestsHandler queues the daily and weekly digest e-mails.
type QueueDigestsHandler struct {
	DB      *pgxpool.Pool
	Digests DigestReader
	// DashboardURL is the dashboard's base URL, the links' start.
	DashboardURL string
	Log          *slog.Logger
	Now          func() time.Time
}

type digestMember struct {
	workspaceID, userID uuid.UUID
	email, workspace    string
}

// Handle queues each frequency's last closed period's digest to every verified
// member due it in a workspace with access. A record per member and period,
// written with the e-mail, makes concurrent runs queue it once; an empty one is
// recorded, not sent. A failing workspace is left to the next run.
func (h QueueDigestsHandler) Handle(ctx context.Context) (DigestRun, error) {
	var run DigestRun
	now := h.Now().UTC()
	if _, err := h.DB.Exec(ctx, `DELETE FROM digest_sends WHERE created_at < $1`, now.Add(-digestSendsKeptFor)); err != nil {
		return run, fmt.Errorf("purge digest records: %w", err)
	}
	var failed []error
	built := 0
	for _, f := range domain.DigestPeriods {
		start, end := f.LastClosed(now)
		due, err := h.due(ctx, f, start, end, now)
		if err != nil {
			return run, err
		}
		for i := 0; i < len(due); {
			ws := due[i].workspaceID
			j := i
			for j < len(due) && due[j].workspaceID == ws {
				j++
			}
			members := due[i:j]
			i = j
			if built == maxDigestWorkspacesPerRun {
				break
			}
			built++
			d, err := h.Digests.Digest(ctx, ws, start, end)
			if err != nil {
				failed = append(failed, fmt.Errorf("build the %s digest of workspace %s: %w", f, ws, err))
				continue
			}
			var msg mail.Message
			if !d.Empty() {
				if msg, err = mail.DigestMessage(mail.Digest{Workspace: members[0].workspace, Frequency: f, DashboardURL: h.DashboardURL, Digest: d}); err != nil {
					return run, err
				}
			}
			for _, m := range members {
				queued, err := h.queue(ctx, m, f, start, end, d.Empty(), msg)
				if err != nil {
					return run, err
				}
				switch {
				case queued && d.Empty():
					run.Empty++
				case queued:
					run.Queued++
				}
			}
		}
	}
	if len(failed) > 0 {
		h.Log.ErrorContext(ctx, "digests left to the next run", "failed", len(failed), "error", failed[0])
	}
	return run, errors.Join(failed...)
}

func (h QueueDigestsHandler) due(ctx context.Context, f domain.DigestFrequency, start, end, now time.Time) ([]digestMember, error) {
	rows, err := h.DB.Query(ctx, `
SELECT m.workspace_id, m.user_id, u.email, w.name, w.plan, w.has_access, w.trial_ends_at, w.grace_ends_at
FROM workspace_members m
JOIN users u ON u.id = m.user_id
JOIN workspaces w ON w.id = m.workspace_id
WHERE m.digest_frequency = $1 AND m.digest_since < $3 AND m.joined_at <= $2 AND m.role NOT IN ('creator', 'client')
  AND u.email_verified_at IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM digest_sends s
                  WHERE s.workspace_id = m.workspace_id AND s.user_id = m.user_id AND s.frequency = $1 AND s.period_start = $2)
ORDER BY m.workspace_id, m.user_id`, f, start, end)
	if err != nil {
		return nil, fmt.Errorf("read members due a digest: %w", err)
	}
	out, err := withAccess(rows, now, func(a *workspaceAccess) (digestMember, error) {
		var m digestMember
		return m, rows.Scan(&m.workspaceID, &m.userID, &m.email, &m.workspace, &a.plan, &a.flag, &a.trialEnds, &a.graceEnds)
	})
	if err != nil {
		return nil, fmt.Errorf("read members due a digest: %w", err)
	}
	return out, nil
}

// queue records the member's digest and queues its e-mail unless empty; false if already recorded.
func (h QueueDigestsHandler) queue(ctx context.Context, m digestMember, f domain.DigestFrequency, start, end time.Time, empty bool, msg mail.Message) (bool, error) {
	queued := false
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `
INSERT INTO digest_sends (workspace_id, user_id, frequency, period_start, period_end, created_at)
VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`, m.workspaceID, m.userID, f, start, end, h.Now())
		if err != nil {
			return fmt.Errorf("record digest: %w", err)
		}
		if queued = tag.RowsAffected() == 1; !queued || empty {
			return nil
		}
		// due at once by the handler's clock, as alert e-mails are
		id := uuid.New()
		if _, err := tx.Exec(ctx, `
INSERT INTO mail_outbox (id, workspace_id, kind, recipient, subject, text_body, html_body, next_attempt_at)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, id, m.workspaceID, domain.MailDigest, m.email, msg.Subject, msg.Text, msg.HTML, h.Now()); err != nil {
			return fmt.Errorf("queue digest e-mail: %w", err)
		}
		_, err = tx.Exec(ctx, `UPDATE digest_sends SET outbox_id = $5 WHERE workspace_id = $1 AND user_id = $2 AND frequency = $3 AND period_start = $4`,
			m.workspaceID, m.userID, f, start, id)
		if err != nil {
			return fmt.Errorf("record digest: %w", err)
		}
		return nil
	})
	return queued, err
}
