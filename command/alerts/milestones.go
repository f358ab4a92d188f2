package alerts

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/eventlog"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// MilestoneScanner reads the latest views of a workspace's counted items.
type MilestoneScanner interface {
	Views(ctx context.Context, ws uuid.UUID) ([]domain.ItemViews, error)
}

// DefaultMilestoneThreshold is a milestone rule's threshold when it gives none.
const DefaultMilestoneThreshold = 100_000

// MaxMilestoneThreshold is the highest threshold a milestone rule takes.
const MaxMilestoneThreshold = 1_000_000_000_000

var milestoneKinds = map[domain.EventType]string{domain.EventVideoMilestone: "video", domain.EventAccountMilestone: "account"}

// milestoneWatch is, per kind of item, each watched threshold and whether a
// scan watched it before (armed); and the rules to arm after this scan.
type milestoneWatch struct {
	thresholds map[string]map[int64]bool
	rules      []uuid.UUID
	ruleAt     []float64
}

// ScanMilestones records video.milestone and account.milestone for items whose
// views crossed an enabled rule's threshold since the last scan, once per item
// and threshold, each rule told of its own. A new item or threshold records
// where the item stands without an event: milestones crossed while watched.
func ScanMilestones(ctx context.Context, db *pgxpool.Pool, views MilestoneScanner, now time.Time) (int, error) {
	rows, err := db.Query(ctx, `
SELECT w.id, w.plan, w.has_access, w.trial_ends_at, w.grace_ends_at, r.id, r.event_type, r.threshold, r.armed_at IS NOT NULL
FROM alert_rules r JOIN workspaces w ON w.id = r.workspace_id
WHERE r.enabled AND r.event_type = ANY($1)
ORDER BY w.id, r.id`, []domain.EventType{domain.EventVideoMilestone, domain.EventAccountMilestone})
	if err != nil {
		return 0, fmt.Errorf("read milestone rules: %w", err)
	}
	var workspaces []uuid.UUID
	watches := map[uuid.UUID]*milestoneWatch{}
	for rows.Next() {
		var ws, rule uuid.UUID
		var a workspaceAccess
		var armed bool
		var typ domain.EventType
		var threshold float64
		if err := rows.Scan(&ws, &a.plan, &a.flag, &a.trialEnds, &a.graceEnds, &rule, &typ, &threshold, &armed); err != nil {
			rows.Close()
			return 0, fmt.Errorf("read milestone rules: %w", err)
		}
		if !a.at(now) {
			continue
		}
		w := watches[ws]
		if w == nil {
			w = &milestoneWatch{thresholds: map[string]map[int64]bool{}}
			watches[ws] = w
			workspaces = append(workspaces, ws)
		}
		kind, t := milestoneKinds[typ], int64(threshold)
		if w.thresholds[kind] == nil {
			w.thresholds[kind] = map[int64]bool{}
		}
		w.thresholds[kind][t] = w.thresholds[kind][t] || armed
		if !armed {
			w.rules, w.ruleAt = append(w.rules, rule), append(w.ruleAt, threshold)
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
		n, err := recordMilestones(ctx, db, ws, watches[ws], items, now)
		if err != nil {
			return total, err
		}
		total += n
	}
	return total, nil
}

// crossedMilestones are the item's new mark and the armed thresholds crossed.
func crossedMilestones(thresholds map[int64]bool, views, old int64, seen bool) (mark int64, crossed []int64) {
	mark = old
	for t, armed := range thresholds {
		if t > views {
			continue
		}
		mark = max(mark, t)
		if seen && armed && t > old {
			crossed = append(crossed, t)
		}
	}
	slices.Sort(crossed)
	return mark, crossed
}

type crossing struct {
	domain.ItemViews
	Milestone int64
}

// recordMilestones records the crossings in one transaction under the workspace's
// lock, so concurrent scans tell each once, then arms the newly watched rules.
func recordMilestones(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, watch *milestoneWatch, items []domain.ItemViews, now time.Time) (int, error) {
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
		var crossed []crossing
		for _, it := range items {
			old, seen := marks[it.ID]
			mark, passed := crossedMilestones(watch.thresholds[it.Kind], it.Views, old, seen)
			if seen && mark <= old {
				continue
			}
			markIDs, markKinds, markReached = append(markIDs, it.ID), append(markKinds, it.Kind), append(markReached, mark)
			for _, m := range passed {
				crossed = append(crossed, crossing{ItemViews: it, Milestone: m})
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
		if len(watch.rules) > 0 {
			// a rule changed since it was read keeps waiting: its new threshold was not watched
			_, err := tx.Exec(ctx, `
UPDATE alert_rules r SET armed_at = $2
FROM unnest($3::uuid[], $4::double precision[]) AS s(id, threshold)
WHERE r.id = s.id AND r.workspace_id = $1 AND r.threshold = s.threshold AND r.enabled AND r.armed_at IS NULL`,
				ws, now, watch.rules, watch.ruleAt)
			if err != nil {
				return fmt.Errorf("arm milestone rules: %w", err)
			}
		}
		events, err := milestoneEvents(ctx, tx, ws, crossed, now)
		if err != nil {
			return err
		}
		recorded = len(events)
		return eventlog.Record(ctx, tx, events)
	})
	return recorded, err
}

func milestoneEvents(ctx context.Context, tx pgx.Tx, ws uuid.UUID, crossed []crossing, now time.Time) ([]eventlog.Event, error) {
	var videoIDs, accountIDs []uuid.UUID
	for _, it := range crossed {
		if it.Kind == "account" {
			accountIDs = append(accountIDs, it.ID)
		} else {
			videoIDs = append(videoIDs, it.ID)
		}
	}
	videos, err := eventlog.DescribeVideos(ctx, tx, ws, videoIDs)
	if err != nil {
		return nil, err
	}
	accounts := map[uuid.UUID]eventlog.EventAccount{}
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
			var a eventlog.EventAccount
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
	var out []eventlog.Event
	for _, it := range crossed {
		id, m := it.ID, it.Milestone
		if it.Kind == "account" {
			a, ok := accounts[id]
			if !ok {
				continue
			}
			out = append(out, eventlog.Event{WorkspaceID: ws, Type: domain.EventAccountMilestone, OccurredAt: now, AccountID: &id,
				CollectionID: collections[id], Platform: a.Platform,
				Payload: eventlog.EventAccountMilestoneData{Account: a, Milestone: m, Views: it.Views,
					Summary: fmt.Sprintf("The tracked videos of %s on %s passed %s views (%s)", eventlog.HandleOrURL(a.Handle, a.URL), eventlog.PlatformName(a.Platform), eventlog.GroupDigits(m), eventlog.GroupDigits(it.Views))}})
			continue
		}
		v, ok := videos[id]
		if !ok {
			continue
		}
		out = append(out, eventlog.Event{WorkspaceID: ws, Type: domain.EventVideoMilestone, OccurredAt: now, VideoID: &id, AccountID: v.AccountID,
			CollectionID: collections[id], Platform: v.Platform,
			Payload: eventlog.EventVideoMilestoneData{Video: v.EventVideo, Milestone: m, Views: it.Views,
				Summary: fmt.Sprintf("%s video by %s passed %s views (%s): %s", eventlog.PlatformName(v.Platform), eventlog.HandleOrURL(v.AccountHandle, v.URL), eventlog.GroupDigits(m), eventlog.GroupDigits(it.Views), v.URL)}})
	}
	return out, nil
}
