package tracking

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/ingest/normalize"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// watchOf is the watch a job runs, when it is a watch's job.
type watchOf struct {
	id   uuid.UUID
	kind domain.WatchKind
	term string
	gone bool // deleted since the run was queued
}

// capture is a post a watch's run found.
type capture struct {
	v      normalize.Video
	reason string
}

// CaptureFollower is work the posts a watch found lead to, done in the
// run's transaction: the watch's rules track some of them at once.
type CaptureFollower interface {
	FollowCaptures(ctx context.Context, tx pgx.Tx, ws, watch uuid.UUID, captures []uuid.UUID) error
}

// watchReasonFor says why a post matched the watch: what its caption or
// its sound shows, or, when neither does, that the platform listed it for
// the watch's term (a platform's search also matches words it does not
// show).
func watchReasonFor(w watchOf, v normalize.Video) string {
	switch w.kind {
	case domain.WatchHashtag:
		if domain.CaptionWords(v.Caption, '#')[w.term] {
			return "the caption has #" + w.term
		}
		return "listed under #" + w.term
	case domain.WatchMention:
		if domain.CaptionWords(v.Caption, '@')[w.term] {
			return "the caption mentions @" + w.term
		}
		return "found searching @" + w.term
	case domain.WatchSound:
		if v.Sound != nil && v.Sound.ID == w.term {
			if v.Sound.Name != "" {
				return "uses the sound “" + v.Sound.Name + "”"
			}
			return "uses the sound " + w.term
		}
		return "listed for the sound " + w.term
	}
	if strings.Contains(strings.ToLower(v.Caption), strings.ToLower(w.term)) {
		return "the caption has “" + w.term + "”"
	}
	return "found searching “" + w.term + "”"
}

// processWatch records the posts of a watch's run in the workspace's
// capture inbox: a post seen before keeps its row and status (a dismissed
// one is not shown again) and gains this watch's reason; reposts, quotes
// and replies are left out, as someone else's post or none. The watch
// records the run.
func (h CompleteScrapeHandler) processWatch(ctx context.Context, jobID uuid.UUID, j jobRow, w watchOf, datasetID string, scrapedAt time.Time) (ScrapeOutcome, error) {
	out := ScrapeOutcome{JobID: jobID}
	var found []capture
	var topicViews *uint64
	seen := map[string]bool{}
	pageSize := h.PageSize
	if pageSize <= 0 {
		pageSize = 1000
	}
	if w.gone {
		err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error { return markWatchJobDone(ctx, tx, jobID, j.workspaceID, scrapedAt, 0, 0) })
		out.Status = domain.JobProcessed
		return out, err
	}
	err := h.Provider.NormalizedDataset(ctx, datasetID, pageSize, j.platform, h.Now(), func(item normalize.Item, err error) error {
		out.ItemsTotal++
		if err != nil {
			out.ItemsSkipped++
			return nil
		}
		if item.TopicViews != nil && (topicViews == nil || *item.TopicViews > *topicViews) {
			topicViews = item.TopicViews
		}
		for _, v := range item.Videos {
			if k := v.KindFor(); k != domain.KindOwn && k != domain.KindCollab || seen[v.ID] {
				continue
			}
			seen[v.ID] = true
			found = append(found, capture{v: v, reason: watchReasonFor(w, v)})
		}
		return nil
	})
	if err != nil {
		return out, fmt.Errorf("read a watch's posts: %w", err)
	}
	var added int
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var ids []uuid.UUID
		var err error
		added, ids, err = recordCaptures(ctx, tx, j.workspaceID, j.platform, w.id, found, scrapedAt)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `
			UPDATE watches SET last_run_at = $3, last_error = '', found = found + $4, updated_at = now() WHERE id = $1 AND workspace_id = $2`,
			w.id, j.workspaceID, scrapedAt, added); err != nil {
			return fmt.Errorf("record a watch's run: %w", err)
		}
		if err := recordWatchRun(ctx, tx, j.workspaceID, w.id, jobID, scrapedAt, len(found), added, asInt64(topicViews)); err != nil {
			return err
		}
		if h.Captures != nil && len(ids) > 0 {
			if err := h.Captures.FollowCaptures(ctx, tx, j.workspaceID, w.id, ids); err != nil {
				return err
			}
		}
		return markWatchJobDone(ctx, tx, jobID, j.workspaceID, scrapedAt, out.ItemsTotal, out.ItemsSkipped)
	})
	if err != nil {
		return out, err
	}
	out.Status = domain.JobProcessed
	h.Log.Info("watch run processed", "jobId", jobID, "watch", w.id, "platform", j.platform, "items", out.ItemsTotal, "new", added)
	return out, nil
}

// recordCaptures upserts the posts and their reasons, and answers how many
// were new to the workspace and the ids of those still in the inbox.
func recordCaptures(ctx context.Context, tx pgx.Tx, ws uuid.UUID, p platform.Platform, watch uuid.UUID, found []capture, at time.Time) (int, []uuid.UUID, error) {
	added := 0
	var inbox []uuid.UUID
	for _, c := range found {
		v := c.v
		var soundID, soundName string
		if v.Sound != nil {
			soundID, soundName = v.Sound.ID, v.Sound.Name
		}
		var id uuid.UUID
		var inserted bool
		var status domain.CaptureStatus
		err := tx.QueryRow(ctx, `
			INSERT INTO captures (id, workspace_id, platform, platform_post_id, url, author_handle, caption, published_at,
				views, likes, comments, sound_id, sound_name, first_seen_at, last_seen_at, status)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15)
			ON CONFLICT (workspace_id, platform, platform_post_id) DO UPDATE SET
				last_seen_at = greatest(captures.last_seen_at, EXCLUDED.last_seen_at),
				views = coalesce(EXCLUDED.views, captures.views), likes = coalesce(EXCLUDED.likes, captures.likes),
				comments = coalesce(EXCLUDED.comments, captures.comments), caption = EXCLUDED.caption
			RETURNING id, xmax = 0, status`,
			uuid.New(), ws, string(p), v.ID, v.URL, v.AuthorHandle, v.Caption, v.PublishedAt,
			asInt64(v.Metrics.Views), asInt64(v.Metrics.Likes), asInt64(v.Metrics.Comments), soundID, soundName, at, domain.CaptureNew).
			Scan(&id, &inserted, &status)
		if err != nil {
			return 0, nil, fmt.Errorf("record a capture: %w", err)
		}
		if inserted {
			// a post the workspace tracks already is not news
			var tracked *uuid.UUID
			err := tx.QueryRow(ctx, `SELECT id FROM videos WHERE workspace_id = $1 AND platform = $2 AND platform_video_id = $3`, ws, string(p), v.ID).Scan(&tracked)
			if err != nil && !errors.Is(err, pgx.ErrNoRows) {
				return 0, nil, fmt.Errorf("find a tracked post: %w", err)
			}
			if tracked != nil {
				status = domain.CaptureTracked
				if _, err := tx.Exec(ctx, `UPDATE captures SET status = $3, video_id = $4 WHERE workspace_id = $1 AND id = $2`, ws, id, status, *tracked); err != nil {
					return 0, nil, fmt.Errorf("mark a capture tracked: %w", err)
				}
			} else {
				added++
			}
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO capture_matches (workspace_id, capture_id, watch_id, reason, matched_at) VALUES ($1, $2, $3, $4, $5)
			ON CONFLICT (workspace_id, capture_id, watch_id) DO UPDATE SET reason = EXCLUDED.reason`, ws, id, watch, c.reason, at); err != nil {
			return 0, nil, fmt.Errorf("record why a capture matched: %w", err)
		}
		if status == domain.CaptureNew {
			inbox = append(inbox, id)
		}
	}
	return added, inbox, nil
}

// recordWatchRun keeps where the watch's posts stood after a run, for its
// tracker: what the run listed, the posts found so far and their latest
// views, and the platform's own count.
func recordWatchRun(ctx context.Context, tx pgx.Tx, ws, watch, jobID uuid.UUID, at time.Time, listed, added int, platformViews *int64) error {
	_, err := tx.Exec(ctx, `
		INSERT INTO watch_runs (id, workspace_id, watch_id, ran_at, listed, new_posts, posts, views, platform_views)
		SELECT $3, $1, $2, $4, $5, $6, count(*), coalesce(sum(c.views), 0), $7
		FROM capture_matches m JOIN captures c ON c.workspace_id = m.workspace_id AND c.id = m.capture_id
		WHERE m.workspace_id = $1 AND m.watch_id = $2
		ON CONFLICT DO NOTHING`, ws, watch, jobID, at, listed, added, platformViews)
	if err != nil {
		return fmt.Errorf("record a watch's run for its tracker: %w", err)
	}
	return nil
}

func asInt64(n *uint64) *int64 {
	if n == nil {
		return nil
	}
	x := int64(min(*n, 1<<62))
	return &x
}

func markWatchJobDone(ctx context.Context, tx pgx.Tx, jobID, ws uuid.UUID, scrapedAt time.Time, total, skipped int) error {
	_, err := tx.Exec(ctx, `
		UPDATE scrape_jobs SET status = $5, error = '', scraped_at = $2, items_total = $3, items_skipped = $4, ingest_claimed_until = NULL, updated_at = now()
		WHERE id = $1 AND workspace_id = $6`, jobID, scrapedAt, total, skipped, domain.JobProcessed, ws)
	if err != nil {
		return fmt.Errorf("mark job processed: %w", err)
	}
	return nil
}
