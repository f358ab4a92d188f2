// Package watches is the room of watches and the capture inbox
// (docs/watches.md): a workspace watches a hashtag, a mention, a sound or
// a search on a platform; the refresh runs each watch on its interval
// within the plan's scrape budget (command/tracking), and the posts found
// wait in the inbox until a person tracks or dismisses them, or a watch's
// rule tracks them at once.
package watches

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// Limits of a watch: the posts a run reads, and how often it runs.
const (
	MinResults     = 10
	MaxResults     = 200
	DefaultResults = 30
	DefaultHours   = 24
	maxSearch      = 100
)

// Intervals are the hours a watch may run every.
var Intervals = []int{6, 12, 24, 48, 168}

// WatchSettings are what a watch's owner may change after creating it.
type WatchSettings struct {
	Results       *int
	IntervalHours *int
	Status        *domain.WatchStatus
	AutoTracked   *bool
	AutoCreators  *bool
	// AutoCollectionID: where its rules track posts; uuid.Nil clears it.
	AutoCollectionID *uuid.UUID
}

// SaveWatch creates a watch (ID nil) or changes one's settings.
type SaveWatch struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	ID          *uuid.UUID
	// Platform, Kind and Term name what a new watch looks for: a hashtag
	// ('#' optional), a handle ('@' optional), a sound (a TikTok sound's
	// link or its id) or a search's words.
	Platform platform.Platform
	Kind     domain.WatchKind
	Term     string
	WatchSettings
}

// NormalTerm is the term as a watch keeps it: a hashtag or a handle
// lower-case without its sign, a sound's id, a search's words with single
// spaces.
func NormalTerm(kind domain.WatchKind, term string) (string, error) {
	term = strings.TrimSpace(term)
	switch kind {
	case domain.WatchHashtag:
		t := strings.ToLower(strings.TrimPrefix(term, "#"))
		if !domain.HashtagWord.MatchString(t) {
			return "", apperr.Invalid("term", "a hashtag: letters, digits and _")
		}
		return t, nil
	case domain.WatchMention:
		t := strings.TrimRight(strings.ToLower(strings.TrimPrefix(term, "@")), ".")
		if !domain.MentionWord.MatchString(t) {
			return "", apperr.Invalid("term", "a handle: letters, digits, _ and .")
		}
		return t, nil
	case domain.WatchSound:
		if u, err := url.Parse(term); err == nil && u.Host != "" {
			if id, ok := domain.SoundOfLink(u.Path); ok {
				return id, nil
			}
			return "", apperr.Invalid("term", "a TikTok sound's link (/music/…) or its id")
		}
		if len(term) < 6 || strings.Trim(term, "0123456789") != "" {
			return "", apperr.Invalid("term", "a TikTok sound's link (/music/…) or its id")
		}
		return term, nil
	case domain.WatchSearch:
		t := strings.Join(strings.Fields(term), " ")
		if t == "" || utf8.RuneCountInString(t) > maxSearch {
			return "", apperr.Invalid("term", fmt.Sprintf("the words to search for: 1 to %d characters", maxSearch))
		}
		return t, nil
	}
	return "", apperr.Invalid("kind", "one of hashtag, mention, sound, search")
}

// Validate checks a new watch's platform, kind and term, and the settings.
func (c *SaveWatch) Validate() error {
	var errs []error
	if c.ID == nil {
		switch {
		case !c.Platform.Valid():
			errs = append(errs, apperr.Invalid("platform", "one of tiktok, instagram, youtube, x"))
		case !slices.Contains(domain.WatchKinds, c.Kind):
			errs = append(errs, apperr.Invalid("kind", "one of hashtag, mention, sound, search"))
		default:
			if err := ingest.WatchSupported(c.Platform, c.Kind); err != nil {
				errs = append(errs, apperr.Refused("kind", err.Error()))
			} else if t, err := NormalTerm(c.Kind, c.Term); err != nil {
				errs = append(errs, err)
			} else {
				c.Term = t
			}
		}
		if c.Results == nil {
			n := DefaultResults
			c.Results = &n
		}
		if c.IntervalHours == nil {
			h := DefaultHours
			c.IntervalHours = &h
		}
	}
	if c.Results != nil && (*c.Results < MinResults || *c.Results > MaxResults) {
		errs = append(errs, apperr.Invalid("results", fmt.Sprintf("from %d to %d posts a run", MinResults, MaxResults)))
	}
	if c.IntervalHours != nil && !slices.Contains(Intervals, *c.IntervalHours) {
		errs = append(errs, apperr.Invalid("intervalHours", "one of 6, 12, 24, 48, 168"))
	}
	if c.Status != nil && *c.Status != domain.WatchActive && *c.Status != domain.WatchPaused {
		errs = append(errs, apperr.Invalid("status", "active or paused"))
	}
	return errors.Join(errs...)
}

// PerDay is what a watch costs a day: its results, times its runs a day.
func PerDay(results, hours int) int { return results * 24 / hours }

// Handler saves and deletes watches and decides captures.
type Handler struct {
	DB    *pgxpool.Pool
	Track tracking.TrackHandler
	Now   func() time.Time
}

// Save creates or changes a watch (owners and admins): 404 for another
// workspace's watch or collection, 409 for a watch of the same term, 422
// for a watch that would cost more a day than the plan's whole scrape
// budget. A new or resumed watch runs at the next refresh.
func (h Handler) Save(ctx context.Context, cmd SaveWatch) (uuid.UUID, error) {
	if err := cmd.Validate(); err != nil {
		return uuid.Nil, err
	}
	id := uuid.New()
	if cmd.ID != nil {
		id = *cmd.ID
	}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "manage watches"); err != nil {
			return err
		}
		var planName string
		if err := tx.QueryRow(ctx, `SELECT plan FROM workspaces WHERE id = $1`, cmd.WorkspaceID).Scan(&planName); err != nil {
			return fmt.Errorf("read plan: %w", err)
		}
		pl, err := plan.Stored(planName)
		if err != nil {
			return err
		}
		if c := cmd.AutoCollectionID; c != nil && *c != uuid.Nil {
			var ok bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM collections WHERE workspace_id = $1 AND id = $2 AND deleted_at IS NULL)`,
				cmd.WorkspaceID, *c).Scan(&ok); err != nil {
				return fmt.Errorf("check collection: %w", err)
			}
			if !ok {
				return apperr.NotFound("collection not found")
			}
		}
		now := h.Now().UTC()
		if cmd.ID == nil {
			if per := PerDay(*cmd.Results, *cmd.IntervalHours); per > pl.ScrapeBudget {
				return apperr.Refused("results", fmt.Sprintf("this watch reads %d posts a day: more than the %s plan's scrape budget of %d a day; read fewer posts or less often",
					per, pl.Name, pl.ScrapeBudget))
			}
			var auto *uuid.UUID
			if c := cmd.AutoCollectionID; c != nil && *c != uuid.Nil {
				auto = c
			}
			_, err := tx.Exec(ctx, `
				INSERT INTO watches (id, workspace_id, platform, kind, term, results, interval_hours, status, auto_tracked, auto_creators,
					auto_collection_id, next_run_at, created_by, created_at, updated_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $12, $12)`,
				id, cmd.WorkspaceID, string(cmd.Platform), string(cmd.Kind), cmd.Term, *cmd.Results, *cmd.IntervalHours,
				string(orStatus(cmd.Status)), orFalse(cmd.AutoTracked), orFalse(cmd.AutoCreators), auto, now, cmd.ActorID)
			var pe *pgconn.PgError
			if errors.As(err, &pe) && pe.Code == "23505" {
				return apperr.Conflict(fmt.Sprintf("the workspace watches this %s on %s already", cmd.Kind, cmd.Platform))
			}
			if err != nil {
				return fmt.Errorf("create watch: %w", err)
			}
		} else if err := h.change(ctx, tx, cmd, pl, now); err != nil {
			return err
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionWatchSaved,
			Target: id.String(), Details: map[string]any{"platform": cmd.Platform, "kind": cmd.Kind, "term": cmd.Term}})
	})
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return uuid.Nil, fmt.Errorf("save watch: %w", err)
	}
	return id, err
}

func (h Handler) change(ctx context.Context, tx pgx.Tx, cmd SaveWatch, pl plan.Plan, now time.Time) error {
	var results, hours int
	var status domain.WatchStatus
	err := tx.QueryRow(ctx, `SELECT results, interval_hours, status FROM watches WHERE workspace_id = $1 AND id = $2 FOR UPDATE`,
		cmd.WorkspaceID, *cmd.ID).Scan(&results, &hours, &status)
	if errors.Is(err, pgx.ErrNoRows) {
		return apperr.NotFound("watch not found")
	}
	if err != nil {
		return fmt.Errorf("read watch: %w", err)
	}
	if cmd.Results != nil {
		results = *cmd.Results
	}
	if cmd.IntervalHours != nil {
		hours = *cmd.IntervalHours
	}
	if per := PerDay(results, hours); per > pl.ScrapeBudget {
		return apperr.Refused("results", fmt.Sprintf("this watch would read %d posts a day: more than the %s plan's scrape budget of %d a day", per, pl.Name, pl.ScrapeBudget))
	}
	resumed := cmd.Status != nil && *cmd.Status == domain.WatchActive && status != domain.WatchActive
	if cmd.Status != nil {
		status = *cmd.Status
	}
	var collection *uuid.UUID
	setCollection := cmd.AutoCollectionID != nil
	if setCollection && *cmd.AutoCollectionID != uuid.Nil {
		collection = cmd.AutoCollectionID
	}
	_, err = tx.Exec(ctx, `
		UPDATE watches SET results = $3, interval_hours = $4, status = $5,
			auto_tracked = coalesce($6, auto_tracked), auto_creators = coalesce($7, auto_creators),
			auto_collection_id = CASE WHEN $8 THEN $9 ELSE auto_collection_id END,
			next_run_at = CASE WHEN $10 THEN $11 ELSE next_run_at END, updated_at = $11
		WHERE workspace_id = $1 AND id = $2`,
		cmd.WorkspaceID, *cmd.ID, results, hours, string(status), cmd.AutoTracked, cmd.AutoCreators, setCollection, collection, resumed, now)
	if err != nil {
		return fmt.Errorf("change watch: %w", err)
	}
	return nil
}

func orStatus(s *domain.WatchStatus) domain.WatchStatus {
	if s == nil {
		return domain.WatchActive
	}
	return *s
}

func orFalse(b *bool) bool { return b != nil && *b }

// Delete deletes a watch (owners and admins); the posts it found stay in
// the inbox, without its reason.
func (h Handler) Delete(ctx context.Context, ws, actor, id uuid.UUID) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.LockTeam(ctx, tx, ws, actor, "manage watches"); err != nil {
			return err
		}
		// the posts it found lose its reason: the analytics copy follows
		if _, err := tx.Exec(ctx, `
			UPDATE captures c SET last_seen_at = c.last_seen_at
			FROM capture_matches m WHERE m.workspace_id = $1 AND m.watch_id = $2 AND c.workspace_id = m.workspace_id AND c.id = m.capture_id`, ws, id); err != nil {
			return fmt.Errorf("mark the watch's posts changed: %w", err)
		}
		var kind, term, p string
		err := tx.QueryRow(ctx, `DELETE FROM watches WHERE workspace_id = $1 AND id = $2 RETURNING kind, term, platform`, ws, id).Scan(&kind, &term, &p)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("watch not found")
		}
		if err != nil {
			return fmt.Errorf("delete watch: %w", err)
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: ws, ActorID: actor, Action: domain.ActionWatchDeleted,
			Target: id.String(), Details: map[string]any{"platform": p, "kind": kind, "term": term}}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, ws)
	})
}
