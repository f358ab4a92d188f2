package main

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// agencyWorkspaces is the size of the agency the roll-up is measured over:
// the large workspace as its own and the first small ones as its clients.
const agencyWorkspaces = 50

// seedAgency makes the large workspace an agency's with up to
// agencyWorkspaces-1 small workspaces as its clients (the schema's
// triggers give its owner their memberships); it answers their ids.
func seedAgency(ctx context.Context, db *pgxpool.Pool, w *world) ([]uuid.UUID, error) {
	ids := []uuid.UUID{w.Big.ID}
	for _, s := range w.Small[:min(len(w.Small), agencyWorkspaces-1)] {
		ids = append(ids, s.ID)
	}
	org := uuid.NewSHA1(uuid.NameSpaceOID, w.Big.ID[:])
	if _, err := db.Exec(ctx, `INSERT INTO organisations (id, name, home_workspace_id) VALUES ($1, 'Bench agency', $2)
		ON CONFLICT (home_workspace_id) DO NOTHING`, org, w.Big.ID); err != nil {
		return nil, fmt.Errorf("seed the agency: %w", err)
	}
	if _, err := db.Exec(ctx, `UPDATE workspaces SET organisation_id = $1 WHERE id = ANY($2) AND organisation_id IS DISTINCT FROM $1`, org, ids); err != nil {
		return nil, fmt.Errorf("seed the agency's workspaces: %w", err)
	}
	return ids, nil
}

// agencyPhase measures the roll-up over the agency: cold, every
// workspace's kept answers made stale before each request; cold, only the
// agency's own workspace's (as after a scrape of it); and warm.
func agencyPhase(ctx context.Context, o options, c *client, db *pgxpool.Pool, w *world) []result {
	name := "GET /api/organisation/rollup (30d)"
	ids, err := seedAgency(ctx, db, w)
	if err != nil {
		return []result{{Route: name, Cache: "cold", Rate: "—", Target: "—", Met: "error: " + short(err), Failed: true}}
	}
	name = fmt.Sprintf("GET /api/organisation/rollup (30d, %d workspaces)", len(ids))
	path := "/api/organisation/rollup?datePreset=30d"
	before := c.before
	c.before = func(ctx context.Context) error {
		_, err := db.Exec(ctx, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = ANY($1)`, ids)
		return err
	}
	cold, err := c.cold(ctx, path, o.ColdRequests, nil)
	c.before = before
	out := []result{}
	if err != nil {
		out = append(out, result{Route: name, Cache: "cold", Rate: "—", Target: "—", Met: "error: " + short(err), Failed: true})
	} else {
		out = append(out, result{Route: name, Cache: "cold, every workspace", S: &cold, Rate: "—", Target: "—", Met: "—"})
	}
	// after a scrape of one workspace (the large one, the agency's own):
	// the others' answers are kept
	one, err := c.cold(ctx, path, o.ColdRequests, nil)
	if err != nil {
		out = append(out, result{Route: name, Cache: "cold, one workspace", Rate: "—", Target: "—", Met: "error: " + short(err), Failed: true})
	} else {
		out = append(out, result{Route: name, Cache: "cold, one workspace", S: &one, Rate: "—", Target: "—", Met: "—"})
	}
	warm, err := c.warm(ctx, path, o.Concurrency, min(o.Duration, 3*time.Second))
	if err != nil {
		return append(out, result{Route: name, Cache: "warm", Rate: "—", Target: "—", Met: "error: " + short(err), Failed: true})
	}
	return append(out, result{Route: name, Cache: "warm", S: &warm, Rate: thousands(warm.PerSec), Target: "—", Met: "—"})
}
