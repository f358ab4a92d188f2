package command

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
)

// MilestoneScanner reads the latest views of a workspace's counted videos
// and accounts; the read side implements it.
type MilestoneScanner interface {
	Views(ctx context.Context, ws uuid.UUID) ([]domain.ItemViews, error)
}

// reachedMilestone is the highest of domain.Milestones at or below views,
// or 0.
func reachedMilestone(views int64) int64 {
	var out int64
	for _, m := range domain.Milestones {
		if views >= m {
			out = m
		}
	}
	return out
}

// ScanMilestones records video.milestone and account.milestone for the
// items whose views passed a milestone since the last scan, in the
// workspaces with access that have an enabled milestone rule. An item seen
// for the first time records the milestone it is past without an event:
// a milestone is told when it is crossed while tracked. When views cross
// two milestones between scans only the higher is told. It returns how
// many events it recorded.
func ScanMilestones(ctx context.Context, db *pgxpool.Pool, views MilestoneScanner, now time.Time) (int, error) {
	rows, err := db.Query(ctx, `
SELECT DISTINCT w.id, w.plan, w.has_access, w.trial_ends_at, w.grace_ends_at
FROM alert_rules r JOIN workspaces w ON w.id = r.workspace_id
WHERE r.enabled AND r.event_type = ANY($1)
ORDER BY w.id`, []domain.EventType{domain.EventVideoMilestone, domain.EventAccountMilestone})
	if err != nil {
		return 0, fmt.Errorf("read milestone rules: %w", err)
	}
	var workspaces []uuid.UUID
	for rows.Next() {
		var id uuid.UUID
		var planName string
		var access bool
		var trialEnds, graceEnds *time.Time
		if err := rows.Scan(&id, &planName, &access, &trialEnds, &graceEnds); err != nil {
			rows.Close()
			return 0, fmt.Errorf("read milestone rules: %w", err)
		}
		if plan.HasAccess(plan.Name(planName), access, trialEnds, graceEnds, now) {
			workspaces = append(workspaces, id)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("read milestone rules: %w", err)
	}
	total := 0
	for _, ws := range workspaces {
		items, err := views.Views(ctx, ws)
		if err != nil {
			return total, err
		}
		n, err := recordMilestones(ctx, db, ws, items, now)
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}

// recordMilestones compares the items' views with their marks and records
// the crossings, in one transaction under the workspace's lock so that
// concurrent scans tell each crossing once.
func recordMilestones(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, items []domain.ItemViews, now time.Time) (int, error) {
	var recorded int
	err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
		recorded = 0
		if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE`, ws); err != nil {
			return fmt.Errorf("lock workspace: %w", err)
		}
		rows, err := tx.Query(ctx, `SELECT entity_id, reached FROM milestone_marks WHERE workspace_id = $1`, ws)
		if err != nil {
			return fmt.Errorf("read milestone marks: %w", err)
		}
		marks := map[uuid.UUID]int64{}
		for rows.Next() {
			var id uuid.UUID
			var reached int64
			if err := rows.Scan(&id, &reached); err != nil {
				rows.Close()
				return fmt.Errorf("read milestone marks: %w", err)
			}
			marks[id] = reached
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("read milestone marks: %w", err)
		}
		var markIDs []uuid.UUID
		var markKinds []string
		var markReached []int64
		var crossed []domain.ItemViews
		for _, it := range items {
			reached := reachedMilestone(it.Views)
			old, known := marks[it.ID]
			if known && reached <= old {
				continue
			}
			markIDs, markKinds, markReached = append(markIDs, it.ID), append(markKinds, it.Kind), append(markReached, reached)
			if known && reached > 0 {
				crossed = append(crossed, it)
			}
		}
		if len(markIDs) > 0 {
			_, err := tx.Exec(ctx, `
INSERT INTO milestone_marks (entity_id, workspace_id, kind, reached)
SELECT m.id, $1, m.kind, m.reached FROM unnest($2::uuid[], $3::text[], $4::bigint[]) AS m(id, kind, reached)
ON CONFLICT (entity_id) DO UPDATE SET reached = greatest(milestone_marks.reached, EXCLUDED.reached), updated_at = now()`,
				ws, markIDs, markKinds, markReached)
			if err != nil {
				return fmt.Errorf("record milestone marks: %w", err)
			}
		}
		events, err := milestoneEvents(ctx, tx, ws, crossed, now)
		if err != nil {
			return err
		}
		recorded = len(events)
		return addEvents(ctx, tx, events)
	})
	return recorded, err
}

// milestoneEvents describes the crossings.
func milestoneEvents(ctx context.Context, tx pgx.Tx, ws uuid.UUID, crossed []domain.ItemViews, now time.Time) ([]Event, error) {
	var videoIDs, accountIDs []uuid.UUID
	for _, it := range crossed {
		if it.Kind == "account" {
			accountIDs = append(accountIDs, it.ID)
		} else {
			videoIDs = append(videoIDs, it.ID)
		}
	}
	videos, err := eventVideos(ctx, tx, ws, videoIDs)
	if err != nil {
		return nil, err
	}
	accounts := map[uuid.UUID]EventAccount{}
	collections := map[uuid.UUID]*uuid.UUID{}
	if len(videoIDs)+len(accountIDs) > 0 {
		rows, err := tx.Query(ctx, `
SELECT a.id, a.url, a.platform, a.handle, a.collection_id FROM accounts a WHERE a.workspace_id = $1 AND a.id = ANY($2)
UNION ALL
SELECT v.id, '', '', '', coalesce(v.collection_id, a.collection_id) FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
WHERE v.workspace_id = $1 AND v.id = ANY($3)`, ws, accountIDs, videoIDs)
		if err != nil {
			return nil, fmt.Errorf("read milestone items: %w", err)
		}
		for rows.Next() {
			var a EventAccount
			var coll *uuid.UUID
			if err := rows.Scan(&a.ID, &a.URL, &a.Platform, &a.Handle, &coll); err != nil {
				rows.Close()
				return nil, fmt.Errorf("read milestone items: %w", err)
			}
			collections[a.ID] = coll
			if a.Platform != "" {
				accounts[a.ID] = a
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("read milestone items: %w", err)
		}
	}
	var out []Event
	for _, it := range crossed {
		id, m := it.ID, reachedMilestone(it.Views)
		if it.Kind == "account" {
			a, ok := accounts[id]
			if !ok {
				continue
			}
			out = append(out, Event{WorkspaceID: ws, Type: domain.EventAccountMilestone, OccurredAt: now, AccountID: &id,
				CollectionID: collections[id], Platform: a.Platform,
				Payload: EventAccountMilestoneData{Account: a, Milestone: m, Views: it.Views,
					Summary: fmt.Sprintf("The tracked videos of %s on %s passed %s views (%s)", handleOrURL(a.Handle, a.URL), platformName(a.Platform), groupDigits(m), groupDigits(it.Views))}})
			continue
		}
		v, ok := videos[id]
		if !ok {
			continue
		}
		out = append(out, Event{WorkspaceID: ws, Type: domain.EventVideoMilestone, OccurredAt: now, VideoID: &id, AccountID: v.accountID,
			CollectionID: collections[id], Platform: v.Platform,
			Payload: EventVideoMilestoneData{Video: v.EventVideo, Milestone: m, Views: it.Views,
				Summary: fmt.Sprintf("%s video by %s passed %s views (%s): %s", platformName(v.Platform), handleOrURL(v.AccountHandle, v.URL), groupDigits(m), groupDigits(it.Views), v.URL)}})
	}
	return out, nil
}
