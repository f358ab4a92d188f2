package alerts

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// MaxStanding is the most standing videos a workspace's basis keeps; a
// scan that finds more reads every video of the workspace next time.
const MaxStanding = 10_000

// spikeBasis is a workspace's stored basis (spike_scan_bases) and what the
// scan about to run would store.
type spikeBasis struct {
	rules          string // the workspace's enabled spike rules, as spikeRulesKey writes them
	scrapedUntil   time.Time
	historyVersion int64
}

// bases reads, before the scan, each workspace's basis from its previous
// scan, kept while its rules and its history are as they were (a late
// scrape or a refill bumps history_version), and what this scan will
// store for the next one (next; none for a workspace never scraped).
func (h ScanSpikesHandler) bases(ctx context.Context, rules []domain.SpikeRule) (map[uuid.UUID]domain.SpikeBasis, map[uuid.UUID]spikeBasis, error) {
	byWorkspace := map[uuid.UUID][]domain.SpikeRule{}
	var workspaces []uuid.UUID
	for _, r := range rules {
		if _, ok := byWorkspace[r.WorkspaceID]; !ok {
			workspaces = append(workspaces, r.WorkspaceID)
		}
		byWorkspace[r.WorkspaceID] = append(byWorkspace[r.WorkspaceID], r)
	}
	out, next := map[uuid.UUID]domain.SpikeBasis{}, map[uuid.UUID]spikeBasis{}
	if len(workspaces) == 0 {
		return out, next, nil
	}
	rows, err := h.DB.Query(ctx, `
SELECT w.id, w.scraped_until, w.history_version, b.rules, b.scraped_until, b.history_version, b.standing
FROM workspaces w LEFT JOIN spike_scan_bases b ON b.workspace_id = w.id
WHERE w.id = ANY($1)`, workspaces)
	if err != nil {
		return nil, nil, fmt.Errorf("read spike scan bases: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var ws uuid.UUID
		var until *time.Time
		var version int64
		var keptRules *string
		var keptUntil *time.Time
		var keptVersion *int64
		var standing []uuid.UUID
		if err := rows.Scan(&ws, &until, &version, &keptRules, &keptUntil, &keptVersion, &standing); err != nil {
			return nil, nil, fmt.Errorf("read spike scan bases: %w", err)
		}
		key := spikeRulesKey(byWorkspace[ws])
		if keptRules != nil && *keptRules == key && *keptVersion == version {
			// a scrape recorded since that is not late has a time at or
			// after this (dataversion.RecordScrapeTime)
			out[ws] = domain.SpikeBasis{Since: keptUntil.Add(-domain.LateScrape), Standing: standing}
		}
		if until != nil {
			next[ws] = spikeBasis{rules: key, scrapedUntil: *until, historyVersion: version}
		}
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("read spike scan bases: %w", err)
	}
	return out, next, nil
}

// keepBases stores, after the scan's alerts are recorded, each scanned
// workspace's basis for the next scan; a workspace with more than
// MaxStanding standing videos keeps none.
func (h ScanSpikesHandler) keepBases(ctx context.Context, next map[uuid.UUID]spikeBasis, standing map[uuid.UUID][]uuid.UUID) error {
	if len(next) == 0 {
		return nil
	}
	batch := &pgx.Batch{}
	for ws, b := range next {
		ids := standing[ws]
		if len(ids) > MaxStanding {
			batch.Queue(`DELETE FROM spike_scan_bases WHERE workspace_id = $1`, ws)
			continue
		}
		if ids == nil {
			ids = []uuid.UUID{}
		}
		batch.Queue(`
INSERT INTO spike_scan_bases (workspace_id, rules, scraped_until, history_version, standing, scanned_at)
VALUES ($1, $2, $3, $4, $5, now())
ON CONFLICT (workspace_id) DO UPDATE SET rules = excluded.rules, scraped_until = excluded.scraped_until,
    history_version = excluded.history_version, standing = excluded.standing, scanned_at = excluded.scanned_at`,
			ws, b.rules, b.scrapedUntil, b.historyVersion, ids)
	}
	if err := h.DB.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("keep spike scan bases: %w", err)
	}
	return nil
}

// spikeRulesKey writes down what of a workspace's rules decides which
// videos the scan finds, in the order of their ids: a basis is kept only
// for the rules it was found with.
func spikeRulesKey(rules []domain.SpikeRule) string {
	rules = slices.Clone(rules)
	slices.SortFunc(rules, func(a, b domain.SpikeRule) int { return strings.Compare(a.ID.String(), b.ID.String()) })
	var b strings.Builder
	for _, r := range rules {
		plat := ""
		if r.Platform != nil {
			plat = string(*r.Platform)
		}
		fmt.Fprintf(&b, "%s %s %s %g %d %d %s;", r.ID, r.Metric, r.Condition, r.Threshold, r.WindowHours, r.MinStartValue, plat)
	}
	return b.String()
}
