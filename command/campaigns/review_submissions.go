package campaigns

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// SubmissionAction is what a manager does to submissions in the inbox.
type SubmissionAction string

// Accept places pending posts in the campaign; Reject turns submissions
// down (one accepted whose post has no locked line is taken out again).
const (
	Accept    SubmissionAction = "accept"
	RejectSub SubmissionAction = "reject"
)

// MaxReviewSubmissions is the most submissions one review takes.
const MaxReviewSubmissions = 1000

// ReviewSubmissions accepts or rejects submissions of a campaign, all or none.
type ReviewSubmissions struct {
	WorkspaceID  uuid.UUID
	ActorID      uuid.UUID
	CollectionID uuid.UUID
	Action       SubmissionAction
	IDs          []uuid.UUID
	Reason       string
}

// Validate checks the action, the ids and the reason.
func (c *ReviewSubmissions) Validate() error {
	c.Reason = strings.TrimSpace(c.Reason)
	c.IDs = input.UniqueIDs(c.IDs)
	switch {
	case c.Action != Accept && c.Action != RejectSub:
		return apperr.Invalid("action", "accept or reject")
	case len(c.IDs) == 0:
		return apperr.Invalid("ids", "name at least one submission")
	case len(c.IDs) > MaxReviewSubmissions:
		return apperr.Invalid("ids", fmt.Sprintf("at most %d submissions at once", MaxReviewSubmissions))
	case utf8.RuneCountInString(c.Reason) > MaxRejectReason:
		return apperr.Invalid("reason", fmt.Sprintf("at most %d characters", MaxRejectReason))
	case c.Action == Accept && c.Reason != "":
		return apperr.Invalid("reason", "only a rejection takes a reason")
	}
	return nil
}

// SubmissionsReviewed counts the submissions a review changed.
type SubmissionsReviewed struct {
	Accepted int `json:"accepted"`
	Rejected int `json:"rejected"`
}

// ReviewSubmissionsHandler runs managers' reviews of submissions.
type ReviewSubmissionsHandler struct {
	DB      *pgxpool.Pool
	BaseURL string
	Now     func() time.Time
}

type reviewed struct {
	id, creator, video   uuid.UUID
	url                  string
	status               domain.Submission
	trackedByIt          bool
	accountCreator       *uuid.UUID
	lineLocked           bool
	videoCreator         *uuid.UUID
	videoCollectionOther bool
}

// Handle reviews the submissions (owners and admins): 404 for an id not of
// the campaign, 409 for one the action does not apply to, naming it.
func (h ReviewSubmissionsHandler) Handle(ctx context.Context, cmd ReviewSubmissions) (SubmissionsReviewed, error) {
	if err := cmd.Validate(); err != nil {
		return SubmissionsReviewed{}, err
	}
	var out SubmissionsReviewed
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var name string
		if err := managedCampaign(ctx, tx, cmd.WorkspaceID, cmd.ActorID, cmd.CollectionID, &name); err != nil {
			return err
		}
		var ended bool
		if err := tx.QueryRow(ctx, `SELECT ended_at IS NOT NULL FROM campaigns WHERE collection_id = $1 AND workspace_id = $2`, cmd.CollectionID, cmd.WorkspaceID).Scan(&ended); err != nil {
			return fmt.Errorf("read campaign: %w", err)
		}
		if ended && cmd.Action == Accept {
			return errCampaignEnded
		}
		rows, _ := tx.Query(ctx, `
			SELECT s.id, s.creator_id, s.video_id, s.url, s.status, s.tracked_by_it, a.creator_id,
				EXISTS (SELECT 1 FROM payout_lines l WHERE l.workspace_id = s.workspace_id AND l.collection_id = s.collection_id AND l.video_id = s.video_id),
				v.creator_id, v.collection_id IS NOT NULL AND v.collection_id <> s.collection_id
			FROM submissions s
			LEFT JOIN videos v ON v.id = s.video_id AND v.workspace_id = s.workspace_id
			LEFT JOIN accounts a ON a.id = v.account_id AND a.workspace_id = v.workspace_id AND a.status <> $4
			WHERE s.workspace_id = $1 AND s.collection_id = $2 AND s.id = ANY($3)
			ORDER BY s.id FOR UPDATE OF s`, cmd.WorkspaceID, cmd.CollectionID, cmd.IDs, domain.ItemRemoved)
		subs, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (reviewed, error) {
			var s reviewed
			var video *uuid.UUID
			err := r.Scan(&s.id, &s.creator, &video, &s.url, &s.status, &s.trackedByIt, &s.accountCreator, &s.lineLocked, &s.videoCreator, &s.videoCollectionOther)
			if video != nil {
				s.video = *video
			}
			return s, err
		})
		if err != nil {
			return fmt.Errorf("read submissions: %w", err)
		}
		if len(subs) != len(cmd.IDs) {
			return apperr.NotFound("submission not found: an id is not a submission to this campaign")
		}
		now := h.Now().UTC()
		mails := submissionMails{}
		var removed []uuid.UUID
		for _, s := range subs {
			if err := h.apply(ctx, tx, cmd, s, now); err != nil {
				return err
			}
			reason := ""
			if cmd.Action == Accept {
				out.Accepted++
			} else {
				out.Rejected++
				reason = rejectReason(cmd.Reason)
				if s.trackedByIt {
					removed = append(removed, s.video)
				}
			}
			status := domain.SubmissionAccepted
			if cmd.Action == RejectSub {
				status = domain.SubmissionRejected
			}
			mails.add(s.creator, cmd.CollectionID, name, s.url, status, reason)
		}
		if err := endSubmittedTracking(ctx, tx, cmd.WorkspaceID, removed); err != nil {
			return err
		}
		err = activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionSubmissionsDone, Target: name,
			Details: map[string]any{"action": string(cmd.Action), "submissions": len(subs), "reason": cmd.Reason}})
		if err != nil {
			return err
		}
		if err := mails.queue(ctx, tx, cmd.WorkspaceID, h.BaseURL); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return SubmissionsReviewed{}, fmt.Errorf("review submissions: %w", err)
	}
	return out, err
}

func rejectReason(r string) string {
	if r == "" {
		return "turned down by the campaign's managers"
	}
	return r
}

// apply accepts or rejects one submission, refusing one the action does
// not apply to.
func (h ReviewSubmissionsHandler) apply(ctx context.Context, tx pgx.Tx, cmd ReviewSubmissions, s reviewed, now time.Time) error {
	if cmd.Action == Accept {
		switch {
		case s.status == domain.SubmissionChecking:
			return apperr.Conflict(fmt.Sprintf("%s is still being checked: its post has not been scraped yet", s.url))
		case s.status != domain.SubmissionPending:
			return apperr.Conflict(fmt.Sprintf("%s is %s already: only a pending submission is accepted", s.url, s.status))
		case s.videoCollectionOther:
			return apperr.Conflict(fmt.Sprintf("%s is in another collection of the workspace now: move it to the campaign instead", s.url))
		case s.accountCreator != nil && *s.accountCreator != s.creator:
			return apperr.Conflict(fmt.Sprintf("%s was posted by an account of another creator: it would pay that creator", s.url))
		}
		if err := placeInCampaign(ctx, tx, cmd.WorkspaceID, cmd.CollectionID, s.video); err != nil {
			return err
		}
		// a post of no creator's account pays the creator who submitted it:
		// the manager accepting it chose that payee
		if s.accountCreator == nil && (s.videoCreator == nil || *s.videoCreator != s.creator) {
			if _, err := tx.Exec(ctx, `
				UPDATE videos SET creator_id = $3, creator_set_by = $4, creator_set_at = $5, updated_at = now()
				WHERE workspace_id = $1 AND id = $2`, cmd.WorkspaceID, s.video, s.creator, cmd.ActorID, now); err != nil {
				return fmt.Errorf("set the post's payee: %w", err)
			}
		}
		_, err := tx.Exec(ctx, `
			UPDATE submissions SET status = $3, decided_by = $4, decided_at = $5, reject_reason = '', updated_at = $5
			WHERE id = $1 AND workspace_id = $2`, s.id, cmd.WorkspaceID, domain.SubmissionAccepted, cmd.ActorID, now)
		if err != nil {
			return fmt.Errorf("accept submission: %w", err)
		}
		return nil
	}
	switch {
	case s.status == domain.SubmissionRejected:
		return apperr.Conflict(fmt.Sprintf("%s is rejected already", s.url))
	case s.status == domain.SubmissionAccepted && s.lineLocked:
		return apperr.Conflict(fmt.Sprintf("%s has a locked line in the ledger: reject the line instead", s.url))
	case s.status == domain.SubmissionAccepted:
		if _, err := tx.Exec(ctx, `UPDATE videos SET collection_id = NULL, updated_at = now() WHERE workspace_id = $1 AND id = $2 AND collection_id = $3`,
			cmd.WorkspaceID, s.video, cmd.CollectionID); err != nil {
			return fmt.Errorf("take the post out of the campaign: %w", err)
		}
	}
	_, err := tx.Exec(ctx, `
		UPDATE submissions SET status = $3, decided_by = $4, decided_at = $5, reject_reason = $6, updated_at = $5
		WHERE id = $1 AND workspace_id = $2`, s.id, cmd.WorkspaceID, domain.SubmissionRejected, cmd.ActorID, now, rejectReason(cmd.Reason))
	if err != nil {
		return fmt.Errorf("reject submission: %w", err)
	}
	return nil
}
