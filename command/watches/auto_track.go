package watches

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// AutoTrack applies a watch's rules to the posts its run found, in the
// run's transaction (tracking.CaptureFollower): a post of an account the
// workspace tracks (auto_tracked), or of an account of one of its
// creators (auto_creators), is tracked at once, into the watch's
// collection or else the account's. Their first scrapes are queued; the
// refresh starts them.
type AutoTrack struct{ Handler }

// FollowCaptures tracks the captures the watch's rules take; one the
// tracking refuses (a plan's limit) stays in the inbox.
func (a AutoTrack) FollowCaptures(ctx context.Context, tx pgx.Tx, ws, watch uuid.UUID, ids []uuid.UUID) error {
	var tracked, creators bool
	var collection *uuid.UUID
	err := tx.QueryRow(ctx, `SELECT auto_tracked, auto_creators, auto_collection_id FROM watches WHERE workspace_id = $1 AND id = $2`, ws, watch).
		Scan(&tracked, &creators, &collection)
	if err != nil {
		return fmt.Errorf("read a watch's rules: %w", err)
	}
	if !tracked && !creators {
		return nil
	}
	rows, _ := tx.Query(ctx, `
		SELECT DISTINCT ON (c.id) c.id, c.url, a.collection_id
		FROM captures c JOIN accounts a ON a.workspace_id = c.workspace_id AND a.platform = c.platform AND a.handle = c.author_handle
		WHERE c.workspace_id = $1 AND c.id = ANY($2) AND c.status = $3 AND a.status = ANY($4)
		  AND ($5 OR ($6 AND a.creator_id IS NOT NULL))
		ORDER BY c.id, a.created_at`, ws, ids, domain.CaptureNew, domain.RefreshedItems, tracked, creators)
	byCollection := map[uuid.UUID][]uuid.UUID{}
	targets := map[uuid.UUID][]platform.Target{}
	var order []uuid.UUID
	var id uuid.UUID
	var link string
	var own *uuid.UUID
	if _, err := pgx.ForEachRow(rows, []any{&id, &link, &own}, func() error {
		t, err := platform.Parse(link)
		if err != nil {
			return nil // a link the platform no longer reads stays in the inbox
		}
		into := uuid.Nil
		switch {
		case collection != nil:
			into = *collection
		case own != nil:
			into = *own
		}
		if _, ok := byCollection[into]; !ok {
			order = append(order, into)
		}
		byCollection[into] = append(byCollection[into], id)
		targets[into] = append(targets[into], t)
		return nil
	}); err != nil {
		return fmt.Errorf("read captures the rules take: %w", err)
	}
	now := a.Now().UTC()
	for _, into := range order {
		var c *uuid.UUID
		if into != uuid.Nil {
			c = &into
		}
		if _, _, err := a.track(ctx, tx, ws, nil, byCollection[into], targets[into], c, true, now); err != nil {
			return err
		}
	}
	return nil
}
