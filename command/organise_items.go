package command

import (
	"context"
	"fmt"
	"math"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// ItemAction is what OrganiseItems does to the items it names.
type ItemAction string

// The actions on tracked items.
const (
	// ActionPause stops refreshing items; they keep their place and history.
	ActionPause ItemAction = "pause"
	// ActionResume refreshes paused items again.
	ActionResume ItemAction = "resume"
	// ActionRemove stops tracking items: their rows and history stay,
	// they leave the dashboard and stop counting; tracking them again
	// brings them back.
	ActionRemove ItemAction = "remove"
	// ActionRefresh scrapes items now, within the plan's daily quota.
	ActionRefresh ItemAction = "refresh"
)

// ItemActions lists the actions, as the API names them.
var ItemActions = []ItemAction{ActionPause, ActionResume, ActionRemove, ActionRefresh}

// MaxOrganiseItems bounds the videos plus the accounts of one action.
const MaxOrganiseItems = 10_000

// OrganiseItems pauses, resumes, removes or refreshes tracked videos and
// accounts of a workspace. (Moving them between collections is
// AssignCollection.)
type OrganiseItems struct {
	WorkspaceID uuid.UUID
	Action      ItemAction
	VideoIDs    []uuid.UUID
	AccountIDs  []uuid.UUID
}

// Validate checks the action and bounds the lists.
func (c OrganiseItems) Validate() error {
	switch {
	case c.Action != ActionPause && c.Action != ActionResume && c.Action != ActionRemove && c.Action != ActionRefresh:
		return apperr.Invalid("action", "must be one of pause, resume, remove, refresh")
	case len(c.VideoIDs) == 0 && len(c.AccountIDs) == 0:
		return apperr.Invalid("", "nothing selected: give video_ids, account_ids or a filter that matches items")
	case len(c.VideoIDs)+len(c.AccountIDs) > MaxOrganiseItems:
		return apperr.Invalid("", fmt.Sprintf("too many items: at most %d at once", MaxOrganiseItems))
	}
	return nil
}

// Organised counts what an action changed and what it left as it was: an
// item already in the wanted state, or one the action does not apply to
// (a removed item cannot be paused; a paused, removed or beyond-limit item
// is not refreshed).
type Organised struct {
	Videos, Accounts int
	Unchanged        int
	// Refresh quota, for ActionRefresh: what is left over the last 24
	// hours after this action, and the plan's quota.
	RefreshesLeft, RefreshQuota int
}

// OrganiseItemsHandler applies actions on tracked items.
type OrganiseItemsHandler struct {
	DB        *pgxpool.Pool
	Actors    ingest.Actors
	MaxPerRun int
	Start     StartScrapeHandler
	// ScrapeStarts runs the starts after their answers, counted for a graceful
	// shutdown to wait on; nil: not counted.
	ScrapeStarts *background.Tasks
	Now          func() time.Time
}

// Handle applies the action to every named item or to none: 404 when an id
// is not a video or account of the workspace (removed ones are not, but
// for remove). Resume needs access (the workspace's items are refreshed
// again); refresh needs access and fits the plan's quota of manual
// refreshes over the last 24 hours or is refused whole with 429.
func (h OrganiseItemsHandler) Handle(ctx context.Context, cmd OrganiseItems) (Organised, error) {
	if err := cmd.Validate(); err != nil {
		return Organised{}, err
	}
	videos, accounts := uniq(cmd.VideoIDs), uniq(cmd.AccountIDs)
	var out Organised
	var jobs []queuedJob
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		lim, err := lockWorkspace(ctx, tx, cmd.WorkspaceID, h.Now())
		if err != nil {
			return err
		}
		if (cmd.Action == ActionResume || cmd.Action == ActionRefresh) && !lim.hasAccess {
			return errNoAccess
		}
		items, err := lockItems(ctx, tx, cmd.WorkspaceID, videos, accounts, cmd.Action == ActionRemove)
		if err != nil {
			return err
		}
		if cmd.Action == ActionRefresh {
			out.RefreshQuota = lim.plan.ManualRefreshesPerDay
			jobs, err = h.refresh(ctx, tx, cmd.WorkspaceID, items, lim, &out)
			if err != nil {
				return err
			}
		} else if err := changeStatus(ctx, tx, cmd.Action, items, &out); err != nil {
			return err
		}
		if out.Videos+out.Accounts == 0 {
			return nil
		}
		err = recordActivity(ctx, tx, activity{WorkspaceID: cmd.WorkspaceID, Action: domain.ActionItemsChanged,
			Details: map[string]any{"action": string(cmd.Action), "videos": out.Videos, "accounts": out.Accounts}})
		if err != nil {
			return err
		}
		return BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if err != nil {
		return Organised{}, err
	}
	startAfterAnswer(ctx, h.Start, h.ScrapeStarts, jobs)
	return out, nil
}

// lockedItem is a named item, locked for the action.
type lockedItem struct {
	kind          platform.Kind
	id            uuid.UUID
	platform      string
	key, url      string
	status        domain.Item
	trackingLimit int
	queuedAt      *time.Time
	scraped       bool
}

// lockItems locks the named items (after the workspace row, the order of
// every write of tracked items), 404 for one that is not the workspace's
// or, unless removed ones are wanted, is removed.
func lockItems(ctx context.Context, tx pgx.Tx, ws uuid.UUID, videos, accounts []uuid.UUID, withRemoved bool) ([]lockedItem, error) {
	var items []lockedItem
	for _, q := range []struct {
		kind platform.Kind
		ids  []uuid.UUID
		sql  string
	}{
		{platform.Video, videos, `SELECT id, platform, platform_video_id, url, status, 0, refresh_queued_at, last_scraped_at IS NOT NULL
			FROM videos WHERE workspace_id = $1 AND id = ANY($2) ORDER BY id FOR UPDATE`},
		{platform.Account, accounts, `SELECT id, platform, handle, url, status, tracking_limit, refresh_queued_at, last_scraped_at IS NOT NULL
			FROM accounts WHERE workspace_id = $1 AND id = ANY($2) ORDER BY id FOR UPDATE`},
	} {
		if len(q.ids) == 0 {
			continue
		}
		rows, err := tx.Query(ctx, q.sql, ws, q.ids)
		if err != nil {
			return nil, fmt.Errorf("lock %ss: %w", q.kind, err)
		}
		it := lockedItem{kind: q.kind}
		found := 0
		_, err = pgx.ForEachRow(rows, []any{&it.id, &it.platform, &it.key, &it.url, &it.status, &it.trackingLimit, &it.queuedAt, &it.scraped}, func() error {
			if it.status != domain.ItemRemoved || withRemoved {
				found++
			}
			items = append(items, it)
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("lock %ss: %w", q.kind, err)
		}
		if found != len(q.ids) {
			return nil, apperr.NotFound(fmt.Sprintf("%s not found: an id is not a tracked %s of this workspace", q.kind, q.kind))
		}
	}
	return items, nil
}

// changeStatus pauses, resumes or removes the locked items.
func changeStatus(ctx context.Context, tx pgx.Tx, action ItemAction, items []lockedItem, out *Organised) error {
	for _, it := range items {
		to, ok := statusAfter(action, it)
		if !ok {
			out.Unchanged++
			continue
		}
		table := "videos"
		if it.kind == platform.Account {
			table = "accounts"
		}
		if _, err := tx.Exec(ctx, `UPDATE `+table+` SET status = $2, status_reason = '', updated_at = now() WHERE id = $1`, it.id, string(to)); err != nil {
			return fmt.Errorf("change %s status: %w", it.kind, err)
		}
		if it.kind == platform.Account {
			out.Accounts++
		} else {
			out.Videos++
		}
	}
	return nil
}

// statusAfter is an item's status after an action; false when the action
// leaves it as it is.
func statusAfter(action ItemAction, it lockedItem) (domain.Item, bool) {
	switch action {
	case ActionPause:
		if it.status == domain.ItemPaused || it.status == domain.ItemRemoved || it.status == domain.ItemBeyondLimit {
			return "", false
		}
		return domain.ItemPaused, true
	case ActionResume:
		if it.status != domain.ItemPaused {
			return "", false
		}
		if it.scraped {
			return domain.ItemActive, true
		}
		return domain.ItemPending, true
	case ActionRemove:
		return domain.ItemRemoved, it.status != domain.ItemRemoved
	}
	return "", false
}

// refresh queues scrapes of the items that are refreshed (not paused,
// removed or beyond the limit, nor already queued) within the quota.
func (h OrganiseItemsHandler) refresh(ctx context.Context, tx pgx.Tx, ws uuid.UUID, items []lockedItem, lim workspaceLimits, out *Organised) ([]queuedJob, error) {
	now := h.Now()
	var used int
	var oldest *time.Time
	err := tx.QueryRow(ctx, `
		SELECT count(*), min(j.created_at) FROM scrape_jobs j JOIN scrape_job_targets t ON t.job_id = j.id
		WHERE j.workspace_id = $1 AND j.reason = 'manual' AND j.created_at > $2`, ws, now.Add(-24*time.Hour)).Scan(&used, &oldest)
	if err != nil {
		return nil, fmt.Errorf("count manual refreshes: %w", err)
	}
	byPlatform := map[platform.Platform][]ingest.Target{}
	n := 0
	for _, it := range items {
		queued := it.queuedAt != nil && it.queuedAt.After(now.Add(-staleQueue))
		if !it.status.Refreshed() || queued {
			out.Unchanged++
			continue
		}
		p := platform.Platform(it.platform)
		byPlatform[p] = append(byPlatform[p], ingest.Target{Kind: it.kind, EntityID: it.id, URL: it.url, Key: it.key, Limit: it.trackingLimit})
		n++
		if it.kind == platform.Account {
			out.Accounts++
		} else {
			out.Videos++
		}
	}
	quota := lim.plan.ManualRefreshesPerDay
	out.RefreshesLeft = max(quota-used, 0)
	if n == 0 {
		return nil, nil
	}
	if used+n > quota {
		wait := time.Hour
		if oldest != nil {
			wait = max(oldest.Add(24*time.Hour).Sub(now), time.Minute)
		}
		return nil, apperr.Limited(fmt.Sprintf(
			"refresh quota reached: the %s plan refreshes %d items a day on demand, %d left now and this needs %d",
			lim.plan.Name, quota, out.RefreshesLeft, n), int(math.Ceil(wait.Seconds())))
	}
	out.RefreshesLeft -= n
	return queueJobs(ctx, tx, ws, "manual", byPlatform, h.Actors, h.MaxPerRun)
}
