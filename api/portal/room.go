// Package portal is the room of the creator portal: what a creator's login
// sees of the workspace, its own accounts and its lines in the campaigns
// (docs/creators.md). Its routes let only a creator's login in (api's
// requireCreator), and every read is scoped to that login's creator.
package portal

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

// Room holds the use cases the creator portal's routes call.
type Room struct {
	Campaigns     querycampaigns.CampaignsHandler
	VerifyAccount collections.VerifyAccountHandler
	SubmitPosts   campaigns.SubmitPostsHandler
	PayoutBatches campaigns.PayoutBatchesHandler
}

// creator is the caller's workspace and creator; requireCreator let only a
// creator's login through.
func creator(c *fiber.Ctx) (ws, id uuid.UUID) {
	m := httpx.Membership(c)
	return m.WorkspaceID, *m.CreatorID
}

// GetPortal answers the creator's page: its accounts and campaigns.
func (s *Room) GetPortal(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	ws, id := creator(c)
	out, err := s.Campaigns.Portal(c.UserContext(), ws, id)
	return httpx.Answer(c, out, err)
}

func parsePostsQuery(get func(string) string) (querycampaigns.PortalPostsQuery, error) {
	q := querycampaigns.PortalPostsQuery{Status: domain.Line(get("status"))}
	var err error
	if q.Limit, err = httpx.ParseInt(get("limit"), "limit", 100, 1, querycampaigns.MaxLinesPage); err != nil {
		return q, err
	}
	q.Offset, err = httpx.ParseInt(get("offset"), "offset", 0, 0, 1<<30)
	return q, err
}

// GetPosts answers a page of the creator's posts in a campaign.
func (s *Room) GetPosts(c *fiber.Ctx, campaign uuid.UUID) error {
	q, err := httpx.Parsed(c, parsePostsQuery, "status", "limit", "offset")
	if err != nil {
		return err
	}
	ws, id := creator(c)
	out, err := s.Campaigns.Posts(c.UserContext(), ws, id, campaign, q)
	return httpx.Answer(c, out, err)
}

// PostVerification asks for the code that proves the creator owns one of
// its accounts, and answers the account as the portal shows it, the code
// with it.
func (s *Room) PostVerification(c *fiber.Ctx, account uuid.UUID) error {
	ws, id := creator(c)
	_, err := s.VerifyAccount.Request(c.UserContext(), collections.RequestVerification{
		WorkspaceID: ws, ActorID: httpx.Session(c).UserID, CreatorID: id, AccountID: account})
	if err != nil {
		return err
	}
	p, err := s.Campaigns.Portal(c.UserContext(), ws, id)
	if err != nil {
		return err
	}
	for _, a := range p.Accounts {
		if a.ID == account {
			return c.JSON(a)
		}
	}
	return apperr.NotFound("account not found")
}

type submissionsIn struct {
	URLs []string `json:"urls"`
}

// submitted is the answer for one submitted URL.
type submitted struct {
	URL          string                             `json:"url"`
	SubmissionID *uuid.UUID                         `json:"submissionId"`
	Status       *domain.Submission                 `json:"status"`
	Failures     []querycampaigns.SubmissionFailure `json:"failures"`
	// Error says why the URL was not taken (a link not of a post, a
	// workspace that cannot track more); nil when it was.
	Error *httpx.ErrorDetail `json:"error"`
}

// PostSubmissions submits post URLs to a campaign: each URL's answer says
// its submission and the checks it failed so far, or why it was not taken.
func (s *Room) PostSubmissions(c *fiber.Ctx, campaign uuid.UUID, in submissionsIn) error {
	ws, id := creator(c)
	res, err := s.SubmitPosts.Handle(c.UserContext(), campaigns.SubmitPosts{WorkspaceID: ws, ActorID: httpx.Session(c).UserID,
		CreatorID: id, CollectionID: campaign, URLs: in.URLs})
	if err != nil {
		return err
	}
	out := make([]submitted, len(res))
	for i, r := range res {
		out[i] = submitted{URL: r.URL, SubmissionID: r.SubmissionID, Failures: []querycampaigns.SubmissionFailure{}}
		if r.Err != nil {
			_, code := httpx.StatusOf(apperr.KindOf(r.Err))
			out[i].Error = &httpx.ErrorDetail{Code: code, Message: apperr.Message(r.Err)}
			continue
		}
		status := r.Status
		out[i].Status = &status
		for _, f := range r.Failures {
			out[i].Failures = append(out[i].Failures, querycampaigns.SubmissionFailure{Check: f.Check, Detail: f.Detail})
		}
	}
	return c.JSON(fiber.Map{"results": out})
}

func parseSubmissionsQuery(get func(string) string) (querycampaigns.SubmissionsQuery, error) {
	q := querycampaigns.SubmissionsQuery{Status: domain.Submission(get("status"))}
	var err error
	if q.Limit, err = httpx.ParseInt(get("limit"), "limit", 100, 1, querycampaigns.MaxSubmissionsPage); err != nil {
		return q, err
	}
	q.Offset, err = httpx.ParseInt(get("offset"), "offset", 0, 0, 1<<30)
	return q, err
}

// GetSubmissions answers a page of the creator's submissions to a campaign.
func (s *Room) GetSubmissions(c *fiber.Ctx, campaign uuid.UUID) error {
	q, err := httpx.Parsed(c, parseSubmissionsQuery, "status", "limit", "offset")
	if err != nil {
		return err
	}
	ws, id := creator(c)
	out, err := s.Campaigns.CreatorSubmissions(c.UserContext(), ws, id, campaign, q)
	return httpx.Answer(c, out, err)
}

type payoutMethodIn struct {
	Method domain.PayoutMethod `json:"method"`
	Email  string              `json:"email"`
	Note   string              `json:"note"`
}

// PutPayoutMethod sets how the creator is paid, and answers its portal's
// creator.
func (s *Room) PutPayoutMethod(c *fiber.Ctx, in payoutMethodIn) error {
	ws, id := creator(c)
	err := s.PayoutBatches.SetMethod(c.UserContext(), campaigns.SetPayoutMethod{WorkspaceID: ws, ActorID: httpx.Session(c).UserID,
		CreatorID: id, Method: in.Method, Email: in.Email, Note: in.Note})
	if err != nil {
		return err
	}
	p, err := s.Campaigns.Portal(c.UserContext(), ws, id)
	return httpx.Answer(c, p.Creator, err)
}

// GetStatement answers the creator's payout batches with their lines.
func (s *Room) GetStatement(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	ws, id := creator(c)
	out, err := s.Campaigns.CreatorStatement(c.UserContext(), ws, id)
	return httpx.Answer(c, out, err)
}
