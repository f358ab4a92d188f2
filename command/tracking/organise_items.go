package tracking

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// ItemAction is what OrganiseItems does to the items it names.
type ItemAction string

const (
	// ActionPause stops refreshing items; they keep their place and history.
	ActionPause ItemAction = "pause"
	// ActionResume refreshes paused items again.
	ActionResume ItemAction = "resume"
	// ActionRemove stops tracking items, keeping rows and history, until tracked again.
	ActionRemove ItemAction = "remove"
	// ActionRefresh scrapes items now, within the plan's daily quota.
	ActionRefresh ItemAction = "refresh"
)

// ItemActions lists the actions, as the API names them.
var ItemActions = []ItemAction{ActionPause, ActionResume, ActionRemove, ActionRefresh}

// MaxOrganiseItems bounds the videos plus the accounts of one action.
const MaxOrganiseItems = 10_000

// OrganiseItems pauses, resumes, removes or refreshes tracked videos and accounts.
type OrganiseItems struct {
	WorkspaceID uuid.UUID
	Action      ItemAction
	VideoIDs    []uuid.UUID
	AccountIDs  []uuid.UUID
}

// Validate checks the action and bounds the lists.
func (c OrganiseItems) Validate() error {
	var problems []error
	if c.Action != ActionPause && c.Action != ActionResume && c.Action != ActionRemove && c.Action != ActionRefresh {
		problems = append(problems, apperr.Invalid("action", "must be one of pause, resume, remove, refresh"))
	}
	switch {
	case len(c.VideoIDs) == 0 && len(c.AccountIDs) == 0:
		problems = append(problems, apperr.Invalid("", "nothing selected: give video_ids, account_ids or a filter that matches items"))
	case len(c.VideoIDs)+len(c.AccountIDs) > MaxOrganiseItems:
		problems = append(problems, apperr.Invalid("", fmt.Sprintf("too many items: at most %d at once", MaxOrganiseItems)))
	}
	return errors.Join(problems...)
}

// Organised counts what an action changed and what it left as it was.
type Organised struct {
	Videos, Accounts int
	Unchanged        int
	// Refresh quota, for ActionRefresh: left over the last 24 h, and the plan's.
	RefreshesLeft, RefreshQuota int
}

// OrganiseItemsHandler applies actions on tracked items.
type OrganiseItemsHandler struct {
	DB           *pgxpool.Pool
	Actors       ingest.Actors
	MaxPerRun    int
	Start        StartScrapeHandler
	ScrapeStarts *background.Tasks
	Now          func() time.Time
}

// Handle applies the action to every named item or none (404 for an id not the
// workspace's); refresh needs access and the plan's 24-hour quota, else 429.
func (h OrganiseItemsHandler) Handle(ctx context.Context, cmd OrganiseItems) (Organised, error) {
	if err := cmd.Validate(); err != nil {
		return Organised{}, err
	}
	videos, accounts := input.UniqueIDs(cmd.VideoIDs), input.UniqueIDs(cmd.AccountIDs)
	var out Organised
	var jobs []queuedJob
	var changed []lockedItem
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
			jobs, changed, err = h.refresh(ctx, tx, cmd.WorkspaceID, items, lim, &out)
			if err != nil {
				return err
			}
		} else if changed, err = changeStatus(ctx, tx, cmd.WorkspaceID, cmd.Action, items, &out); err != nil {
			return err
		}
		if out.Videos+out.Accounts == 0 {
			return nil
		}
		err = activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, Action: domain.ActionItemsChanged,
			Details: map[string]any{"action": string(cmd.Action), "videos": out.Videos, "accounts": out.Accounts, "items": activityItems(changed)}})
		if err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if err != nil {
		return Organised{}, err
	}
	startAfterAnswer(ctx, h.Start, h.ScrapeStarts, jobs)
	return out, nil
}

type lockedItem struct {
	kind          platform.Kind
	id            uuid.UUID
	platform      string
	key, url      string
	status        domain.Item
	trackingLimit int
	queuedAt      *time.Time
	scraped       bool
	// handle and caption name the item in the activity log.
	handle, caption string
}

// activityItemsShown is how many changed items the activity log names.
const activityItemsShown = 3

func activityItems(items []lockedItem) []map[string]string {
	out := make([]map[string]string, 0, min(len(items), activityItemsShown))
	for _, it := range items[:min(len(items), activityItemsShown)] {
		e := map[string]string{"kind": string(it.kind), "platform": it.platform, "handle": it.handle}
		if it.kind == platform.Video {
			e["caption"], e["url"] = shortCaption(it.caption), it.url
		}
		out = append(out, e)
	}
	return out
}

func shortCaption(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	s = strings.TrimSpace(s)
	if r := []rune(s); len(r) > 40 {
		return strings.TrimSpace(string(r[:39])) + "…"
	}
	return s
}

// lockItems locks the named items (after the workspace row), 404 for one not
// the workspace's or, unless withRemoved, removed.
func lockItems(ctx context.Context, tx pgx.Tx, ws uuid.UUID, videos, accounts []uuid.UUID, withRemoved bool) ([]lockedItem, error) {
	var items []lockedItem
	for _, q := range []struct {
		kind platform.Kind
		ids  []uuid.UUID
		sql  string
	}{
		{platform.Video, videos, `SELECT id, platform, platform_video_id, url, status, 0, refresh_queued_at, last_scraped_at IS NOT NULL,
			account_handle, caption
			FROM videos WHERE workspace_id = $1 AND id = ANY($2) ORDER BY id FOR UPDATE`},
		{platform.Account, accounts, `SELECT id, platform, handle, url, status, tracking_limit, refresh_queued_at, last_scraped_at IS NOT NULL,
			handle, ''
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
		_, err = pgx.ForEachRow(rows, []any{&it.id, &it.platform, &it.key, &it.url, &it.status, &it.trackingLimit, &it.queuedAt, &it.scraped, &it.handle, &it.caption}, func() error {
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

func changeStatus(ctx context.Context, tx pgx.Tx, ws uuid.UUID, action ItemAction, items []lockedItem, out *Organised) ([]lockedItem, error) {
	var changed []lockedItem
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
		if _, err := tx.Exec(ctx, `UPDATE `+table+` SET status = $2, status_reason = '', updated_at = now() WHERE id = $1 AND workspace_id = $3`, it.id, string(to), ws); err != nil {
			return nil, fmt.Errorf("change %s status: %w", it.kind, err)
		}
		changed = append(changed, it)
		if it.kind == platform.Account {
			out.Accounts++
		} else {
			out.Videos++
		}
	}
	return changed, nil
}

// statusAfter is an item's status after an action; false when it stays.
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

// refresh queues scrapes of the refreshable, unqueued items within the quota.
func (h OrganiseItemsHandler) refresh(ctx context.Context, tx pgx.Tx, ws uuid.UUID, items []lockedItem, lim workspaceLimits, out *Organised) ([]queuedJob, []lockedItem, error) {
	now := h.Now()
	var used int
	var oldest *time.Time
	// One refresh per item picked: an item may be in several of a request's jobs
	// (Instagram's reels and details runs), which share created_at.
	err := tx.QueryRow(ctx, `
		SELECT count(DISTINCT (j.created_at, t.entity_kind, t.entity_id)), min(j.created_at)
		FROM scrape_jobs j JOIN scrape_job_targets t ON t.job_id = j.id
		WHERE j.workspace_id = $1 AND j.reason = 'manual' AND j.created_at > $2`, ws, now.Add(-24*time.Hour)).Scan(&used, &oldest)
	if err != nil {
		return nil, nil, fmt.Errorf("count manual refreshes: %w", err)
	}
	byPlatform := map[platform.Platform][]ingest.Target{}
	var picked []lockedItem
	n := 0
	for _, it := range items {
		queued := it.queuedAt != nil && it.queuedAt.After(now.Add(-staleQueue))
		if !it.status.Refreshed() || queued {
			out.Unchanged++
			continue
		}
		p := platform.Platform(it.platform)
		byPlatform[p] = append(byPlatform[p], ingest.Target{Kind: it.kind, EntityID: it.id, URL: it.url, Key: it.key, Limit: it.trackingLimit})
		picked = append(picked, it)
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
		return nil, nil, nil
	}
	if used+n > quota {
		wait := time.Hour
		if oldest != nil {
			wait = max(oldest.Add(24*time.Hour).Sub(now), time.Minute)
		}
		return nil, nil, apperr.Limited(fmt.Sprintf(
			"refresh quota reached: the %s plan refreshes %d items a day on demand, %d left now and this needs %d",
			lim.plan.Name, quota, out.RefreshesLeft, n), int(math.Ceil(wait.Seconds())))
	}
	out.RefreshesLeft -= n
	jobs, err := queueJobs(ctx, tx, ws, "manual", byPlatform, h.Actors, h.MaxPerRun)
	return jobs, picked, err
}

// RemoveVideosIn removes tracked videos in the caller's transaction, as the
// remove action does (the workspace row is locked first, the order of every
// write of tracked items); an id not the workspace's is a 404.
func RemoveVideosIn(ctx context.Context, tx pgx.Tx, ws uuid.UUID, ids []uuid.UUID) error {
	if len(ids) == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, ws); err != nil {
		return fmt.Errorf("lock workspace: %w", err)
	}
	items, err := lockItems(ctx, tx, ws, input.UniqueIDs(ids), nil, true)
	if err != nil {
		return err
	}
	var out Organised
	changed, err := changeStatus(ctx, tx, ws, ActionRemove, items, &out)
	if err != nil || len(changed) == 0 {
		return err
	}
	return dataversion.BumpDataVersion(ctx, tx, ws)
}
