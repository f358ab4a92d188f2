package query

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query/chread"
)

// SpikeScanner finds the videos that meet enabled alert rules.
type SpikeScanner Readers

// Scan evaluates every enabled rule of every workspace with access.
func (h SpikeScanner) Scan(ctx context.Context, rules []domain.SpikeRule) (domain.SpikeScan, error) {
	var out domain.SpikeScan
	if len(rules) == 0 {
		return out, nil
	}
	scan, err := chread.NewSpikeScan(rules, h.Now().UTC())
	if err != nil {
		return out, err
	}
	byID := make(map[uuid.UUID]domain.SpikeRule, len(rules))
	for _, r := range rules {
		byID[r.ID] = r
	}
	var candidates []chread.SpikeCandidate
	g, gctx := fanout.WithContext(ctx)
	g.Go(func() error {
		n, err := h.countCovered(gctx, rules)
		out.Videos = n
		return err
	})
	g.Go(func() (err error) {
		candidates, err = scan.Candidates(gctx, chread.Reader{CH: h.CH})
		return err
	})
	if err := g.Wait(); err != nil {
		return out, err
	}
	out.Spikes, err = h.inScope(ctx, byID, candidates)
	return out, err
}

const spikeScopeSQL = `
SELECT v.id, v.workspace_id, v.platform, coalesce(v.collection_id, a.collection_id),
       coalesce(v.published_at >= a.created_at, false)
FROM videos v LEFT JOIN accounts a ON a.workspace_id = v.workspace_id AND a.id = v.account_id
WHERE v.id = ANY($1) AND v.workspace_id = ANY($4) AND v.status = ANY($2)
  AND (v.tracked_individually OR a.status = ANY($3)) AND ` + CountedKindSQL

// inScope keeps the candidates that can alert in their rule's scope. A post
// published inside the window counts from 0 only when published since its
// account was tracked: tracking a video that took off before alerts on nothing.
func (h SpikeScanner) inScope(ctx context.Context, rules map[uuid.UUID]domain.SpikeRule, candidates []chread.SpikeCandidate) ([]domain.Spike, error) {
	if len(candidates) == 0 {
		return nil, nil
	}
	ids := make([]uuid.UUID, 0, len(candidates))
	for _, s := range candidates {
		ids = append(ids, s.VideoID)
	}
	slices.SortFunc(ids, func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) })
	ids = slices.Compact(ids)
	type scope struct {
		workspace  uuid.UUID
		platform   platform.Platform
		collection *uuid.UUID
		newPost    bool
	}
	// only the rules' workspaces: a video of another is in no rule's scope
	seen := map[uuid.UUID]bool{}
	var workspaces []uuid.UUID
	for _, r := range rules {
		if !seen[r.WorkspaceID] {
			seen[r.WorkspaceID] = true
			workspaces = append(workspaces, r.WorkspaceID)
		}
	}
	videos := make(map[uuid.UUID]scope, len(ids))
	rows, _ := h.DB.Query(ctx, spikeScopeSQL, ids, domain.AlertedVideos, domain.RefreshedItems, workspaces)
	defer rows.Close()
	for rows.Next() {
		var id uuid.UUID
		var s scope
		if err := rows.Scan(&id, &s.workspace, &s.platform, &s.collection, &s.newPost); err != nil {
			return nil, fmt.Errorf("read scope of spikes: %w", err)
		}
		videos[id] = s
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read scope of spikes: %w", err)
	}
	var out []domain.Spike
	for _, c := range candidates {
		v, ok := videos[c.VideoID]
		r := rules[c.RuleID]
		if !ok || v.workspace != r.WorkspaceID ||
			(r.Platform != nil && *r.Platform != v.platform) ||
			(r.CollectionID != nil && (v.collection == nil || *v.collection != *r.CollectionID)) {
			continue
		}
		s := c.Spike
		switch {
		case !c.FromPublish || v.newPost:
			if !c.Meets {
				continue
			}
		case c.FirstStart >= 0:
			s.StartValue, s.Gain = c.FirstStart, s.EndValue-c.FirstStart
		default:
			continue
		}
		if s.StartValue > 0 {
			pct := float64(s.Gain) * 100 / float64(s.StartValue)
			s.GrowthPct = &pct
		}
		out = append(out, s)
	}
	return out, nil
}

// spikeCoveredSQL counts the videos of the workspaces that could alert by
// platform and collection: one pass, whatever the number of rules.
const spikeCoveredSQL = `
SELECT v.workspace_id, v.platform, coalesce(v.collection_id, a.collection_id), count(*)
FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
WHERE v.workspace_id = ANY($1) AND v.status = ANY($2)
  AND (v.tracked_individually OR a.status = ANY($3)) AND ` + CountedKindSQL + `
GROUP BY 1, 2, 3`

// countCovered counts the videos some rule covers: a group of a workspace's
// videos (a platform and a collection) counts if a rule of the workspace
// takes that platform and collection.
func (h SpikeScanner) countCovered(ctx context.Context, rules []domain.SpikeRule) (int, error) {
	byWorkspace := map[uuid.UUID][]domain.SpikeRule{}
	var ws []uuid.UUID
	for _, r := range rules {
		if _, ok := byWorkspace[r.WorkspaceID]; !ok {
			ws = append(ws, r.WorkspaceID)
		}
		byWorkspace[r.WorkspaceID] = append(byWorkspace[r.WorkspaceID], r)
	}
	rows, _ := h.DB.Query(ctx, spikeCoveredSQL, ws, domain.AlertedVideos, domain.RefreshedItems)
	defer rows.Close()
	n := 0
	for rows.Next() {
		var w uuid.UUID
		var plat platform.Platform
		var coll *uuid.UUID
		var count int
		if err := rows.Scan(&w, &plat, &coll, &count); err != nil {
			return 0, fmt.Errorf("count videos to scan: %w", err)
		}
		if slices.ContainsFunc(byWorkspace[w], func(r domain.SpikeRule) bool {
			return (r.Platform == nil || *r.Platform == plat) && (r.CollectionID == nil || (coll != nil && *coll == *r.CollectionID))
		}) {
			n += count
		}
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("count videos to scan: %w", err)
	}
	return n, nil
}
