package campaigns

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
)

// Submission is a creator's submission of a post to a campaign, as the
// managers' inbox and the creator's portal show it.
type Submission struct {
	ID       uuid.UUID         `json:"id"`
	URL      string            `json:"url"`
	Platform platform.Platform `json:"platform"`
	Status   domain.Submission `json:"status"`
	// Failures are the checks the post failed, each with what was found.
	Failures     []SubmissionFailure `json:"failures"`
	RejectReason string              `json:"rejectReason"`
	SubmittedAt  time.Time           `json:"submittedAt"`
	CheckedAt    *time.Time          `json:"checkedAt"`
	DecidedAt    *time.Time          `json:"decidedAt"`
	// The post as scraped: nil or "" until it is.
	VideoID       *uuid.UUID `json:"videoId"`
	AccountHandle string     `json:"accountHandle"`
	Caption       string     `json:"caption"`
	PublishedAt   *time.Time `json:"publishedAt"`
	Sound         string     `json:"sound"`
	// Creator and DecidedBy (an e-mail; "" when the checks decided) are the
	// managers' only.
	Creator   *SubmissionCreator `json:"creator,omitempty"`
	DecidedBy *string            `json:"decidedBy,omitempty"`
}

// SubmissionFailure is a failed check of a submission.
type SubmissionFailure struct {
	Check  domain.SubmissionCheck `json:"check"`
	Detail string                 `json:"detail"`
}

// SubmissionCreator is who submitted a post.
type SubmissionCreator struct {
	ID   uuid.UUID `json:"id"`
	Name string    `json:"name"`
}

// Submissions is a page of a campaign's submissions and the counts by status.
type Submissions struct {
	Submissions []Submission     `json:"submissions"`
	Total       int              `json:"total"`
	Counts      SubmissionCounts `json:"counts"`
}

// SubmissionsQuery filters and pages submissions.
type SubmissionsQuery struct {
	Status  domain.Submission // empty: any
	Creator *uuid.UUID
	Limit   int
	Offset  int
}

// MaxSubmissionsPage is the longest page of submissions.
const MaxSubmissionsPage = 500

// Validate checks the status.
func (q SubmissionsQuery) Validate() error {
	if q.Status != "" && !slices.Contains(domain.Submissions, q.Status) {
		return apperr.Invalid("status", "one of checking, pending, accepted, rejected")
	}
	return nil
}

const submissionsSelect = `
SELECT s.id, s.url, s.platform, s.status, s.failures, s.reject_reason, s.created_at, s.checked_at, s.decided_at,
	v.id, coalesce(v.account_handle, ''), coalesce(v.caption, ''), v.published_at, coalesce(nullif(v.sound_name, ''), v.sound_id, ''),
	c.id, c.name, coalesce(u.email, ''), count(*) OVER ()
FROM submissions s
JOIN creators c ON c.id = s.creator_id AND c.workspace_id = s.workspace_id
LEFT JOIN videos v ON v.id = s.video_id AND v.workspace_id = s.workspace_id AND v.last_scraped_at IS NOT NULL
LEFT JOIN users u ON u.id = s.decided_by
WHERE s.workspace_id = $1 AND s.collection_id = $2 AND ($3::text = '' OR s.status = $3) AND ($4::uuid IS NULL OR s.creator_id = $4)
ORDER BY s.created_at DESC, s.id
LIMIT $5 OFFSET $6`

// Submissions answers a page of the campaign's submissions for its
// managers, newest first: 404 for a campaign not of ws.
func (h CampaignsHandler) Submissions(ctx context.Context, ws, id uuid.UUID, q SubmissionsQuery) (Submissions, error) {
	return h.submissions(ctx, ws, id, q, true)
}

// CreatorSubmissions answers a page of the creator's submissions to the
// campaign: 404 for a campaign not of ws.
func (h CampaignsHandler) CreatorSubmissions(ctx context.Context, ws, creator, id uuid.UUID, q SubmissionsQuery) (Submissions, error) {
	q.Creator = &creator
	return h.submissions(ctx, ws, id, q, false)
}

func (h CampaignsHandler) submissions(ctx context.Context, ws, id uuid.UUID, q SubmissionsQuery, managers bool) (Submissions, error) {
	if err := q.Validate(); err != nil {
		return Submissions{}, err
	}
	// a creator sees a campaign that takes submissions, or its own ones
	var one int
	err := h.DB.QueryRow(ctx, `
		SELECT 1 FROM campaigns c WHERE c.workspace_id = $1 AND c.collection_id = $2
		  AND ($3 OR c.submissions <> $5 OR EXISTS (SELECT 1 FROM submissions s WHERE s.workspace_id = $1 AND s.collection_id = $2 AND s.creator_id = $4))`,
		ws, id, managers, q.Creator, domain.SubmissionsClosed).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return Submissions{}, apperr.NotFound("campaign not found")
	}
	if err != nil {
		return Submissions{}, fmt.Errorf("read campaign: %w", err)
	}
	out := Submissions{Submissions: []Submission{}}
	rows, _ := h.DB.Query(ctx, `
		SELECT status, count(*) FROM submissions WHERE workspace_id = $1 AND collection_id = $2 AND ($3::uuid IS NULL OR creator_id = $3)
		GROUP BY status`, ws, id, q.Creator)
	var status domain.Submission
	var n int
	if _, err := pgx.ForEachRow(rows, []any{&status, &n}, func() error { out.Counts.add(status, n); return nil }); err != nil {
		return Submissions{}, fmt.Errorf("count submissions: %w", err)
	}
	rows, _ = h.DB.Query(ctx, submissionsSelect, ws, id, string(q.Status), q.Creator, q.Limit, q.Offset)
	out.Submissions, err = pgx.CollectRows(rows, func(r pgx.CollectableRow) (Submission, error) {
		var s Submission
		var failures []byte
		var creator SubmissionCreator
		var decidedBy string
		err := r.Scan(&s.ID, &s.URL, &s.Platform, &s.Status, &failures, &s.RejectReason, &s.SubmittedAt, &s.CheckedAt, &s.DecidedAt,
			&s.VideoID, &s.AccountHandle, &s.Caption, &s.PublishedAt, &s.Sound, &creator.ID, &creator.Name, &decidedBy, &out.Total)
		if err != nil {
			return s, err
		}
		s.Failures = []SubmissionFailure{}
		if err := json.Unmarshal(failures, &s.Failures); err != nil {
			return s, err
		}
		s.SubmittedAt = s.SubmittedAt.UTC()
		s.CheckedAt, s.DecidedAt, s.PublishedAt = query.UTC(s.CheckedAt), query.UTC(s.DecidedAt), query.UTC(s.PublishedAt)
		if managers {
			s.Creator, s.DecidedBy = &creator, &decidedBy
		}
		return s, nil
	})
	if err != nil {
		return Submissions{}, fmt.Errorf("read submissions: %w", err)
	}
	if len(out.Submissions) == 0 && q.Offset > 0 {
		// the page is past the end: the total is still every match's
		out.Total = out.Counts.of(q.Status)
	}
	return out, nil
}

// of is the count of status, or of every status for "".
func (c SubmissionCounts) of(s domain.Submission) int {
	switch s {
	case domain.SubmissionChecking:
		return c.Checking
	case domain.SubmissionPending:
		return c.Pending
	case domain.SubmissionAccepted:
		return c.Accepted
	case domain.SubmissionRejected:
		return c.Rejected
	}
	return c.total()
}
