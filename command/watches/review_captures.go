package watches

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// CaptureAction is what a person does with posts of the inbox.
type CaptureAction string

// The actions on captures.
const (
	// Track: new or dismissed → tracked, into a collection or a campaign's
	// (none: the post's account's, or no collection).
	Track CaptureAction = "track"
	// Dismiss: new → dismissed; a dismissed post never comes back.
	Dismiss CaptureAction = "dismiss"
	// Restore: dismissed → new.
	Restore CaptureAction = "restore"
)

// MaxReview is the most captures one review takes.
const MaxReview = 500

// ReviewCaptures decides posts of the inbox.
type ReviewCaptures struct {
	WorkspaceID  uuid.UUID
	ActorID      uuid.UUID
	Action       CaptureAction
	IDs          []uuid.UUID
	CollectionID *uuid.UUID
}

// Reviewed is the outcome for one capture.
type Reviewed struct {
	ID      uuid.UUID            `json:"id"`
	Status  domain.CaptureStatus `json:"status"`
	VideoID *uuid.UUID           `json:"videoId"`
	// Error says why it was not tracked (a plan's limit); empty otherwise.
	Error string `json:"error"`
}

// Validate checks the action and the ids.
func (c *ReviewCaptures) Validate() error {
	var errs []error
	if !slices.Contains([]CaptureAction{Track, Dismiss, Restore}, c.Action) {
		errs = append(errs, apperr.Invalid("action", "one of track, dismiss, restore"))
	}
	c.IDs = slices.Compact(slices.SortedFunc(slices.Values(c.IDs), func(a, b uuid.UUID) int { return bytes.Compare(a[:], b[:]) }))
	switch {
	case len(c.IDs) == 0:
		errs = append(errs, apperr.Invalid("ids", "name at least one post"))
	case len(c.IDs) > MaxReview:
		errs = append(errs, apperr.Invalid("ids", fmt.Sprintf("at most %d posts at once", MaxReview)))
	}
	if c.CollectionID != nil && c.Action != Track {
		errs = append(errs, apperr.Invalid("collectionId", "only posts being tracked go into a collection"))
	}
	return errors.Join(errs...)
}

// Review decides the captures (any member of the team): every one must be
// of the workspace (else 404) and in a status the action takes (else 409),
// all or none. Tracking answers each post's outcome: one the plan's limit
// refuses stays new, with the reason.
func (h Handler) Review(ctx context.Context, cmd ReviewCaptures) ([]Reviewed, error) {
	if err := cmd.Validate(); err != nil {
		return nil, err
	}
	var out []Reviewed
	var queued tracking.Queued
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, ""); err != nil {
			return err
		}
		rows, _ := tx.Query(ctx, `SELECT id, status, url FROM captures WHERE workspace_id = $1 AND id = ANY($2) ORDER BY id FOR UPDATE`, cmd.WorkspaceID, cmd.IDs)
		type row struct {
			id     uuid.UUID
			status domain.CaptureStatus
			url    string
		}
		list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
			var x row
			return x, r.Scan(&x.id, &x.status, &x.url)
		})
		if err != nil {
			return fmt.Errorf("read captures: %w", err)
		}
		if len(list) != len(cmd.IDs) {
			return apperr.NotFound("post not found in the inbox: an id is not of this workspace")
		}
		from := map[CaptureAction][]domain.CaptureStatus{
			Track: {domain.CaptureNew, domain.CaptureDismissed}, Dismiss: {domain.CaptureNew}, Restore: {domain.CaptureDismissed},
		}[cmd.Action]
		for _, x := range list {
			if !slices.Contains(from, x.status) {
				return apperr.Conflict(fmt.Sprintf("post %s is %s: %s takes posts that are %v", x.id, x.status, cmd.Action, from))
			}
		}
		now := h.Now().UTC()
		action := domain.ActionCapturesDismissed
		switch cmd.Action {
		case Dismiss, Restore:
			to := domain.CaptureDismissed
			if cmd.Action == Restore {
				to, action = domain.CaptureNew, domain.ActionCapturesRestored
			}
			if _, err := tx.Exec(ctx, `UPDATE captures SET status = $3, decided_by = $4, decided_at = $5, auto = false WHERE workspace_id = $1 AND id = ANY($2)`,
				cmd.WorkspaceID, cmd.IDs, to, cmd.ActorID, now); err != nil {
				return fmt.Errorf("decide captures: %w", err)
			}
			for _, x := range list {
				out = append(out, Reviewed{ID: x.id, Status: to})
			}
		case Track:
			action = domain.ActionCapturesTracked
			targets := make([]platform.Target, 0, len(list))
			for _, x := range list {
				t, err := platform.Parse(x.url)
				if err != nil {
					return fmt.Errorf("capture %s's link: %w", x.id, err)
				}
				targets = append(targets, t)
			}
			ids := make([]uuid.UUID, len(list))
			for i, x := range list {
				ids[i] = x.id
			}
			out, queued, err = h.track(ctx, tx, cmd.WorkspaceID, &cmd.ActorID, ids, targets, cmd.CollectionID, false, now)
			if err != nil {
				return err
			}
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: action,
			Details: map[string]any{"posts": len(cmd.IDs), "ids": cmd.IDs}}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if err != nil {
		if apperr.KindOf(err) == apperr.KindInternal {
			err = fmt.Errorf("review captures: %w", err)
		}
		return nil, err
	}
	queued.Start(ctx)
	return out, nil
}

// track tracks the captures' posts in tx into the collection and marks
// each tracked one; one the tracking refuses stays as it was, with why.
func (h Handler) track(ctx context.Context, tx pgx.Tx, ws uuid.UUID, actor *uuid.UUID, ids []uuid.UUID, targets []platform.Target,
	collection *uuid.UUID, auto bool, now time.Time) ([]Reviewed, tracking.Queued, error) {
	tracked, queued, err := h.Track.TrackIn(ctx, tx, ws, targets, collection)
	if err != nil {
		return nil, queued, err
	}
	out := make([]Reviewed, len(ids))
	for i, r := range tracked {
		out[i] = Reviewed{ID: ids[i], Status: domain.CaptureNew}
		if r.Err != nil {
			out[i].Error = apperr.Message(r.Err)
			continue
		}
		out[i].Status, out[i].VideoID = domain.CaptureTracked, r.ID
		if _, err := tx.Exec(ctx, `UPDATE captures SET status = $3, video_id = $4, decided_by = $5, decided_at = $6, auto = $7 WHERE workspace_id = $1 AND id = $2`,
			ws, ids[i], domain.CaptureTracked, r.ID, actor, now, auto); err != nil {
			return nil, queued, fmt.Errorf("mark a capture tracked: %w", err)
		}
	}
	return out, queued, nil
}
