package collections

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/command/team"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// creatorIn is the body of POST /creators and PATCH /creators/{id}; an
// absent field (or a null, but for postingGoal, whose null clears the
// goal) keeps its value, or takes its default on creation.
type creatorIn struct {
	Name        *string             `json:"name"`
	Email       *string             `json:"email"`
	PostingGoal httpx.Nullable[int] `json:"postingGoal"`
	AccountIDs  *[]string           `json:"accountIds"`
	TaxForm     *domain.TaxForm     `json:"taxForm"`
}

func (in creatorIn) accountIDs() (*[]uuid.UUID, error) {
	if in.AccountIDs == nil {
		return nil, nil
	}
	ids, err := httpx.ParseUUIDs("accountIds", *in.AccountIDs)
	return &ids, err
}

func (s *Room) GetCreators(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	out, err := s.Creators.Handle(c.UserContext(), httpx.Membership(c).WorkspaceID)
	return httpx.Answer(c, out, err)
}

func (s *Room) PostCreator(c *fiber.Ctx, in creatorIn) error {
	ids, err := in.accountIDs()
	if err != nil {
		return err
	}
	ws := httpx.Membership(c).WorkspaceID
	cmd := collections.CreateCreator{WorkspaceID: ws, ActorID: httpx.Session(c).UserID, PostingGoal: in.PostingGoal.Value}
	if in.TaxForm != nil {
		cmd.TaxForm = *in.TaxForm
	}
	httpx.Apply(&cmd.Name, in.Name)
	httpx.Apply(&cmd.Email, in.Email)
	httpx.Apply(&cmd.AccountIDs, ids)
	id, err := s.SaveCreator.Create(c.UserContext(), cmd)
	if err != nil {
		return err
	}
	// read after the write, never from the cache
	out, err := s.Creators.One(c.UserContext(), ws, id)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(out)
}

func (s *Room) PatchCreator(c *fiber.Ctx, id uuid.UUID, in creatorIn) error {
	ids, err := in.accountIDs()
	if err != nil {
		return err
	}
	ws := httpx.Membership(c).WorkspaceID
	err = s.SaveCreator.Update(c.UserContext(), collections.UpdateCreator{
		WorkspaceID: ws, ActorID: httpx.Session(c).UserID, ID: id, Name: in.Name, Email: in.Email, PostingGoal: in.PostingGoal.Ptr(), AccountIDs: ids, TaxForm: in.TaxForm,
	})
	if err != nil {
		return err
	}
	// read after the write, never from the cache
	out, err := s.Creators.One(c.UserContext(), ws, id)
	return httpx.Answer(c, out, err)
}

func (s *Room) DeleteCreator(c *fiber.Ctx, id uuid.UUID) error {
	return httpx.NoContent(c, s.SaveCreator.Delete(c.UserContext(), collections.DeleteCreator{WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID, ID: id}))
}

// creatorInviteIn is the body of POST /creators/{id}/invite.
type creatorInviteIn struct {
	// Email is where the link goes; absent or "" for the creator's own.
	Email string `json:"email"`
}

// PostCreatorInvite invites the creator to sign in to the creator portal,
// and answers the creator as the list shows it.
func (s *Room) PostCreatorInvite(c *fiber.Ctx, id uuid.UUID, in creatorInviteIn) error {
	ws := httpx.Membership(c).WorkspaceID
	err := s.InviteCreator.Handle(c.UserContext(), team.InviteCreator{WorkspaceID: ws, InviterID: httpx.Session(c).UserID, CreatorID: id, Email: in.Email})
	if err != nil {
		return err
	}
	out, err := s.Creators.One(c.UserContext(), ws, id)
	return httpx.Answer(c, out, err)
}

// DeleteCreatorLogin ends the creator's login and its pending invite.
func (s *Room) DeleteCreatorLogin(c *fiber.Ctx, id uuid.UUID) error {
	return httpx.NoContent(c, s.InviteCreator.End(c.UserContext(), team.EndCreatorLogin{
		WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID, CreatorID: id}))
}

// verificationIn is the body of PUT /accounts/{id}/verification.
type verificationIn struct {
	Verified *bool `json:"verified"`
}

// PutAccountVerification verifies an account by hand, or undoes its
// verification.
func (s *Room) PutAccountVerification(c *fiber.Ctx, id uuid.UUID, in verificationIn) error {
	if in.Verified == nil {
		return apperr.Invalid("verified", "is required: true or false")
	}
	return httpx.NoContent(c, s.VerifyAccount.Set(c.UserContext(), collections.SetVerified{
		WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID, AccountID: id, Verified: *in.Verified}))
}
