package alerts

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
)

// EventWords names each type of event in the e-mails of its rules.
var EventWords = map[domain.EventType]string{
	domain.EventSpike:            "spikes",
	domain.EventVideoMilestone:   "video views milestones",
	domain.EventAccountMilestone: "account views milestones",
	domain.EventTrackingFailed:   "tracking failures",
	domain.EventNewPost:          "new posts",
	domain.EventCampaignBudget:   "campaign budget",
	domain.EventLineLocked:       "payout lines locked",
	domain.EventLineHeld:         "payout lines held",
	domain.EventOutlier:          "outliers at the same age",
}

// dispatchBatch is how many events one transaction of a dispatch takes.
const dispatchBatch = 500

// DispatchRun counts what one dispatch did.
type DispatchRun struct {
	Events     int `json:"events"`
	Deliveries int `json:"deliveries"`
	Emails     int `json:"emails"`
}

type eventRule struct {
	id, workspace    uuid.UUID
	name             string
	typ              domain.EventType
	collection       *uuid.UUID
	platform         *string
	email            bool
	recipients       []string
	channels         []uuid.UUID
	workspaceAllowed bool
	// threshold is an outlier rule's least multiplier, a milestone rule's views.
	threshold float64
}

// matches reports whether the rule takes the event: a spike its own rule's;
// others by type and scope, an outlier reaching the threshold, a milestone at it.
func (r eventRule) matches(e dispatched) bool {
	if e.typ == domain.EventSpike {
		return e.rule != nil && *e.rule == r.id
	}
	if e.typ == domain.EventOutlier && (e.multiplier == nil || *e.multiplier < r.threshold) {
		return false
	}
	if _, ok := milestoneKinds[e.typ]; ok && (e.milestone == nil || *e.milestone != r.threshold) {
		return false
	}
	return r.typ == e.typ && r.workspace == e.workspace &&
		(r.collection == nil || (e.collection != nil && *e.collection == *r.collection)) &&
		(r.platform == nil || *r.platform == e.platform)
}

type dispatched struct {
	id, workspace    uuid.UUID
	typ              domain.EventType
	rule, collection *uuid.UUID
	platform         string
	summary          string
	// multiplier is an outlier's (video.outlier).
	multiplier *float64
	// milestone is the threshold a milestone event's views crossed.
	milestone *float64
}

// DispatchEvents dispatches every undispatched event, in batches, to its
// enabled rules' channels and (but for spike rules, mailed with their alerts)
// e-mails. Workspaces without access get nothing. Each event goes once: the
// batch is claimed SKIP LOCKED and marked in one transaction.
func DispatchEvents(ctx context.Context, db *pgxpool.Pool, dashboardURL string, now time.Time) (DispatchRun, error) {
	var run DispatchRun
	for {
		var n int
		err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
			var err error
			n, err = dispatchOnce(ctx, tx, dashboardURL, now, &run)
			return err
		})
		if err != nil {
			return run, fmt.Errorf("dispatch events: %w", err)
		}
		run.Events += n
		if n < dispatchBatch {
			return run, nil
		}
	}
}

func dispatchOnce(ctx context.Context, tx pgx.Tx, dashboardURL string, now time.Time, run *DispatchRun) (int, error) {
	rows, err := tx.Query(ctx, `
SELECT id, workspace_id, type, rule_id, collection_id, coalesce(platform, ''), payload->>'summary',
       (payload->>'multiplier')::double precision, (payload->>'milestone')::double precision
FROM events WHERE dispatched_at IS NULL
ORDER BY created_at, id LIMIT $1 FOR UPDATE SKIP LOCKED`, dispatchBatch)
	if err != nil {
		return 0, fmt.Errorf("read events: %w", err)
	}
	events, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (dispatched, error) {
		var e dispatched
		var summary *string
		err := r.Scan(&e.id, &e.workspace, &e.typ, &e.rule, &e.collection, &e.platform, &summary, &e.multiplier, &e.milestone)
		if summary != nil {
			e.summary = *summary
		}
		return e, err
	})
	if err != nil || len(events) == 0 {
		return 0, err
	}
	var workspaces, ids []uuid.UUID
	for _, e := range events {
		ids = append(ids, e.id)
		if !slices.Contains(workspaces, e.workspace) {
			workspaces = append(workspaces, e.workspace)
		}
	}
	rules, err := eventRules(ctx, tx, workspaces, now)
	if err != nil {
		return 0, err
	}
	// deliveries: (event, channel) pairs, each once
	var pairEvents, pairChannels, pairWorkspaces []uuid.UUID
	seen := map[[2]uuid.UUID]bool{}
	mails := map[uuid.UUID][]string{} // rule id -> its events' lines
	for _, e := range events {
		for _, r := range rules {
			if !r.workspaceAllowed || !r.matches(e) {
				continue
			}
			for _, ch := range r.channels {
				k := [2]uuid.UUID{e.id, ch}
				if !seen[k] {
					seen[k] = true
					pairEvents, pairChannels, pairWorkspaces = append(pairEvents, e.id), append(pairChannels, ch), append(pairWorkspaces, e.workspace)
				}
			}
			if r.email && e.typ != domain.EventSpike {
				mails[r.id] = append(mails[r.id], e.summary)
			}
		}
	}
	if len(pairEvents) > 0 {
		tag, err := tx.Exec(ctx, `
INSERT INTO event_deliveries (id, workspace_id, event_id, channel_id, next_attempt_at)
SELECT gen_random_uuid(), p.workspace_id, p.event_id, p.channel_id, $4
FROM unnest($1::uuid[], $2::uuid[], $3::uuid[]) AS p(event_id, channel_id, workspace_id)
JOIN channels c ON c.id = p.channel_id AND c.workspace_id = p.workspace_id AND c.enabled
ORDER BY p.event_id, p.channel_id
ON CONFLICT (event_id, channel_id) DO NOTHING`, pairEvents, pairChannels, pairWorkspaces, now)
		if err != nil {
			return 0, fmt.Errorf("queue deliveries: %w", err)
		}
		run.Deliveries += int(tag.RowsAffected())
	}
	for _, r := range rules {
		lines := mails[r.id]
		if len(lines) == 0 {
			continue
		}
		n, err := queueEventMails(ctx, tx, r, lines, dashboardURL, now)
		if err != nil {
			return 0, err
		}
		run.Emails += n
	}
	if _, err := tx.Exec(ctx, `UPDATE events SET dispatched_at = $2 WHERE id = ANY($1)`, ids, now); err != nil {
		return 0, fmt.Errorf("mark events dispatched: %w", err)
	}
	return len(events), nil
}

func eventRules(ctx context.Context, tx pgx.Tx, workspaces []uuid.UUID, now time.Time) ([]eventRule, error) {
	rows, err := tx.Query(ctx, `
SELECT r.id, r.workspace_id, r.name, r.event_type, r.collection_id, r.platform, r.email, r.recipients, r.channel_ids,
       r.threshold, w.plan, w.has_access, w.trial_ends_at, w.grace_ends_at
FROM alert_rules r JOIN workspaces w ON w.id = r.workspace_id
WHERE r.enabled AND r.workspace_id = ANY($1)
ORDER BY r.workspace_id, r.created_at, r.id`, workspaces)
	if err != nil {
		return nil, fmt.Errorf("read alert rules: %w", err)
	}
	return pgx.CollectRows(rows, func(row pgx.CollectableRow) (eventRule, error) {
		var r eventRule
		var a workspaceAccess
		err := row.Scan(&r.id, &r.workspace, &r.name, &r.typ, &r.collection, &r.platform, &r.email, &r.recipients, &r.channels,
			&r.threshold, &a.plan, &a.flag, &a.trialEnds, &a.graceEnds)
		r.workspaceAllowed = a.at(now)
		return r, err
	})
}

// maxEventMailLines bounds the lines of one event e-mail; the rest are counted.
const maxEventMailLines = 50

// queueEventMails queues a rule's e-mail to its recipients (none: all verified members).
func queueEventMails(ctx context.Context, tx pgx.Tx, r eventRule, lines []string, dashboardURL string, now time.Time) (int, error) {
	to := r.recipients
	if len(to) == 0 {
		// the team: a creator's login gets none of the workspace's e-mails
		rows, err := tx.Query(ctx, `SELECT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id
			WHERE m.workspace_id = $1 AND m.role NOT IN ('creator', 'client') AND u.email_verified_at IS NOT NULL ORDER BY u.email`, r.workspace)
		if err != nil {
			return 0, fmt.Errorf("read members: %w", err)
		}
		if to, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return 0, fmt.Errorf("read members: %w", err)
		}
	}
	if len(to) == 0 {
		return 0, nil
	}
	if extra := len(lines) - maxEventMailLines; extra > 0 {
		lines = append(lines[:maxEventMailLines:maxEventMailLines], fmt.Sprintf("and %d more", extra))
	}
	msg, err := mail.EventsMessage(mail.Events{Rule: r.name, What: EventWords[r.typ], Lines: lines,
		DashboardURL: strings.TrimRight(dashboardURL, "/") + "/alerts"})
	if err != nil {
		return 0, err
	}
	batch := make([][]any, len(to))
	for i, addr := range to {
		batch[i] = []any{uuid.New(), r.workspace, r.id, addr, msg.Subject, msg.Text, msg.HTML, now}
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"mail_outbox"}, []string{"id", "workspace_id", "rule_id", "recipient", "subject",
		"text_body", "html_body", "next_attempt_at"}, pgx.CopyFromRows(batch)); err != nil {
		return 0, fmt.Errorf("queue event e-mails: %w", err)
	}
	return len(to), nil
}
