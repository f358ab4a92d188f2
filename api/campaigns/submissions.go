package campaigns

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

type submissionsReviewIn struct {
	Action campaigns.SubmissionAction `json:"action"`
	IDs    []uuid.UUID                `json:"ids"`
	Reason string                     `json:"reason"`
}

func parseSubmissionsQuery(get func(string) string) (querycampaigns.SubmissionsQuery, error) {
	q := querycampaigns.SubmissionsQuery{Status: domain.Submission(get("status"))}
	var err error
	q.Creator, q.Limit, q.Offset, err = parseCreatorPage(get, querycampaigns.MaxSubmissionsPage)
	return q, err
}

// parseCreatorPage reads a list's creatorId filter, limit and offset.
func parseCreatorPage(get func(string) string, maxLimit int) (creator *uuid.UUID, limit, offset int, err error) {
	if raw := get("creatorId"); raw != "" {
		id, err := uuid.Parse(raw)
		if err != nil {
			return nil, 0, 0, apperr.Invalid("creatorId", "must be a UUID")
		}
		creator = &id
	}
	if limit, err = httpx.ParseInt(get("limit"), "limit", 100, 1, maxLimit); err != nil {
		return nil, 0, 0, err
	}
	offset, err = httpx.ParseInt(get("offset"), "offset", 0, 0, 1<<30)
	return creator, limit, offset, err
}

// GetSubmissions answers a page of the campaign's submissions: the
// managers' inbox.
func (s *Room) GetSubmissions(c *fiber.Ctx, id uuid.UUID) error {
	q, err := httpx.Parsed(c, parseSubmissionsQuery, "status", "creatorId", "limit", "offset")
	if err != nil {
		return err
	}
	out, err := s.Campaigns.Submissions(c.UserContext(), httpx.Membership(c).WorkspaceID, id, q)
	return httpx.Answer(c, out, err)
}

// PostSubmissionsReview accepts or rejects submissions, all or none.
func (s *Room) PostSubmissionsReview(c *fiber.Ctx, id uuid.UUID, in submissionsReviewIn) error {
	out, err := s.ReviewSubmissions.Handle(c.UserContext(), campaigns.ReviewSubmissions{WorkspaceID: httpx.Membership(c).WorkspaceID,
		ActorID: httpx.Session(c).UserID, CollectionID: id, Action: in.Action, IDs: in.IDs, Reason: in.Reason})
	return httpx.Answer(c, out, err)
}
