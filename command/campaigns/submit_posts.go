package campaigns

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// MaxSubmittedURLs is the most post URLs one submission request carries.
const MaxSubmittedURLs = 20

// SubmitPosts is a creator submitting post URLs to a campaign
// (docs/creators.md, "Submissions"). Each post is tracked and checked once
// scraped; platform and duplicate are checked at once.
type SubmitPosts struct {
	WorkspaceID  uuid.UUID
	ActorID      uuid.UUID
	CreatorID    uuid.UUID
	CollectionID uuid.UUID
	URLs         []string
}

// Validate bounds the list.
func (c SubmitPosts) Validate() error {
	switch {
	case len(c.URLs) == 0:
		return apperr.Invalid("urls", "name at least one post URL")
	case len(c.URLs) > MaxSubmittedURLs:
		return apperr.Invalid("urls", fmt.Sprintf("at most %d post URLs at once, got %d", MaxSubmittedURLs, len(c.URLs)))
	}
	return nil
}

// Submitted is the answer for one URL: its submission, or why it was
// refused (a URL not of a post, a workspace that cannot track more).
type Submitted struct {
	URL          string
	SubmissionID *uuid.UUID
	Status       domain.Submission
	Failures     []Failure
	Err          error
}

// Failure is a check a submitted post failed, with what it found.
type Failure struct {
	Check  domain.SubmissionCheck `json:"check"`
	Detail string                 `json:"detail"`
}

// SubmitPostsHandler records creators' submissions.
type SubmitPostsHandler struct {
	DB     *pgxpool.Pool
	Track  tracking.TrackHandler
	Checks SubmissionChecker
	Now    func() time.Time
}

// submittable is a campaign as a submission reads it.
type submittable struct {
	name      string
	platforms []string
	mode      domain.SubmissionsMode
	ended     bool
}

// Handle checks each URL, tracks the posts that pass the first checks and
// records every submission; the posts' scrapes check the rest. 404 for a
// campaign not of the workspace, 409 for one not taking submissions.
func (h SubmitPostsHandler) Handle(ctx context.Context, cmd SubmitPosts) ([]Submitted, error) {
	if err := cmd.Validate(); err != nil {
		return nil, err
	}
	targets, refused, err := h.Track.Resolve(ctx, cmd.URLs)
	if err != nil {
		return nil, err
	}
	out := make([]Submitted, len(cmd.URLs))
	for i, u := range cmd.URLs {
		out[i].URL = strings.TrimSpace(u)
		switch {
		case refused[i] != nil:
			out[i].Err = refused[i]
		case targets[i].Kind != platform.Video:
			out[i].Err = apperr.Invalid("url", "the link of a post is needed, not of an account")
		}
	}
	var queued tracking.Queued
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		// the workspace row first, the order of every write of tracked items
		if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, cmd.WorkspaceID); err != nil {
			return fmt.Errorf("lock workspace: %w", err)
		}
		c, err := readSubmittable(ctx, tx, cmd.WorkspaceID, cmd.CollectionID)
		if err != nil {
			return err
		}
		now := h.Now().UTC()
		var track []platform.Target
		var trackOf []int
		ids := make([]uuid.UUID, len(out))
		seen := map[platform.Target]bool{}
		for i := range out {
			if out[i].Err != nil {
				continue
			}
			t := targets[i]
			ids[i] = uuid.New()
			var fails []Failure
			key := platform.Target{Platform: t.Platform, ID: t.ID}
			if !slices.Contains(c.platforms, string(t.Platform)) {
				fails = append(fails, Failure{domain.CheckPlatform, fmt.Sprintf("the campaign pays posts on %s, not %s", platformList(c.platforms), platformName(t.Platform))})
			} else if seen[key] {
				fails = append(fails, Failure{domain.CheckDuplicate, "the same post as an earlier link of this list"})
			} else if why, err := duplicateOf(ctx, tx, cmd.WorkspaceID, cmd.CollectionID, t); err != nil {
				return err
			} else if why != "" {
				fails = append(fails, Failure{domain.CheckDuplicate, why})
			}
			if len(fails) > 0 {
				if err := insertSubmission(ctx, tx, cmd, ids[i], t, nil, false, domain.SubmissionRejected, fails, now); err != nil {
					return err
				}
				out[i].SubmissionID, out[i].Status, out[i].Failures = &ids[i], domain.SubmissionRejected, fails
				continue
			}
			seen[key] = true
			track, trackOf = append(track, t), append(trackOf, i)
		}
		var tracked []tracking.Tracked
		tracked, queued, err = h.Track.TrackIn(ctx, tx, cmd.WorkspaceID, track, nil)
		if err != nil {
			return err
		}
		var checking []uuid.UUID
		for k, r := range tracked {
			i := trackOf[k]
			if r.Err != nil {
				out[i].Err = r.Err
				continue
			}
			if err := insertSubmission(ctx, tx, cmd, ids[i], track[k], r.ID, !r.Existing, domain.SubmissionChecking, nil, now); err != nil {
				return err
			}
			out[i].SubmissionID, out[i].Status = &ids[i], domain.SubmissionChecking
			checking = append(checking, ids[i])
		}
		if len(checking) == 0 && !anySubmitted(out) {
			return nil
		}
		err = activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionPostsSubmitted, Target: c.name,
			Details: map[string]any{"submitted": countSubmitted(out), "checking": len(checking)}})
		if err != nil {
			return err
		}
		// a post tracked already and scraped is checked at once
		decided, err := h.Checks.check(ctx, tx, cmd.WorkspaceID, checkScope{submissions: checking})
		if err != nil {
			return err
		}
		for i := range out {
			if out[i].SubmissionID != nil {
				if d, ok := decided[*out[i].SubmissionID]; ok {
					out[i].Status, out[i].Failures = d.status, d.failures
				}
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	queued.Start(ctx)
	return out, nil
}

func anySubmitted(out []Submitted) bool { return countSubmitted(out) > 0 }

func countSubmitted(out []Submitted) int {
	n := 0
	for _, s := range out {
		if s.SubmissionID != nil {
			n++
		}
	}
	return n
}

// readSubmittable reads the campaign a creator submits to: 404 for none of
// the workspace, 409 for one ended or not taking submissions.
func readSubmittable(ctx context.Context, tx pgx.Tx, ws, id uuid.UUID) (submittable, error) {
	var c submittable
	err := tx.QueryRow(ctx, `
		SELECT col.name, c.platforms, c.submissions, c.ended_at IS NOT NULL
		FROM campaigns c JOIN collections col ON col.id = c.collection_id
		WHERE c.workspace_id = $1 AND c.collection_id = $2 FOR SHARE OF c`, ws, id).Scan(&c.name, &c.platforms, &c.mode, &c.ended)
	if errors.Is(err, pgx.ErrNoRows) {
		return c, apperr.NotFound("campaign not found")
	}
	if err != nil {
		return c, fmt.Errorf("read campaign: %w", err)
	}
	switch {
	case c.ended:
		return c, apperr.Conflict("the campaign has ended: it takes no more posts")
	case c.mode == domain.SubmissionsClosed:
		return c, apperr.Conflict("the campaign does not take submitted posts: its managers add the posts it counts")
	}
	return c, nil
}

// duplicateOf says why a post cannot be submitted to the campaign again:
// submitted already (and not rejected), or counted in it already, or placed
// in another of the workspace's collections; "" when it can.
func duplicateOf(ctx context.Context, tx pgx.Tx, ws, campaign uuid.UUID, t platform.Target) (string, error) {
	var submittedAt *time.Time
	var counted, elsewhere bool
	err := tx.QueryRow(ctx, `
		SELECT
			(SELECT min(s.created_at) FROM submissions s
			 -- the statuses written out: the predicate of submissions_post_idx
			 WHERE s.workspace_id = $1 AND s.collection_id = $2 AND s.platform = $3 AND s.post_id = $4 AND s.status IN ('checking', 'pending', 'accepted')),
			coalesce(bool_or(v.collection_id = $2 OR (v.collection_id IS NULL AND a.collection_id = $2)
				OR EXISTS (SELECT 1 FROM payout_lines l WHERE l.workspace_id = $1 AND l.collection_id = $2 AND l.video_id = v.id)), false),
			coalesce(bool_or(v.collection_id IS NOT NULL AND v.collection_id <> $2), false)
		FROM (SELECT 1) one
		LEFT JOIN videos v ON v.workspace_id = $1 AND v.platform = $3 AND v.platform_video_id = $4 AND v.status <> $5
		LEFT JOIN accounts a ON a.id = v.account_id`, ws, campaign, t.Platform, t.ID, domain.ItemRemoved).Scan(&submittedAt, &counted, &elsewhere)
	if err != nil {
		return "", fmt.Errorf("check duplicates: %w", err)
	}
	switch {
	case submittedAt != nil:
		return "submitted to this campaign already on " + submittedAt.UTC().Format("2 Jan 2006"), nil
	case counted:
		return "counted in this campaign already", nil
	case elsewhere:
		return "tracked in another collection of the workspace: its managers can move it here", nil
	}
	return "", nil
}

func insertSubmission(ctx context.Context, tx pgx.Tx, cmd SubmitPosts, id uuid.UUID, t platform.Target, video *uuid.UUID, trackedByIt bool,
	status domain.Submission, fails []Failure, now time.Time) error {
	var decided *time.Time
	if status == domain.SubmissionRejected {
		decided = &now
	}
	reason := ""
	if len(fails) > 0 {
		reason = fails[0].Detail
	}
	_, err := tx.Exec(ctx, `
		INSERT INTO submissions (id, workspace_id, collection_id, creator_id, submitted_by, url, platform, post_id, video_id, tracked_by_it,
			status, failures, reject_reason, decided_at, checked_at, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14, $15, $15)`,
		id, cmd.WorkspaceID, cmd.CollectionID, cmd.CreatorID, cmd.ActorID, t.URL, t.Platform, t.ID, video, trackedByIt,
		status, failuresJSON(fails), reason, decided, now)
	if err != nil {
		return fmt.Errorf("record submission: %w", err)
	}
	return nil
}

func platformName(p platform.Platform) string {
	switch p {
	case platform.TikTok:
		return "TikTok"
	case platform.Instagram:
		return "Instagram"
	case platform.YouTube:
		return "YouTube"
	case platform.X:
		return "X"
	}
	return string(p)
}

func platformList(ps []string) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = platformName(platform.Platform(p))
	}
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
