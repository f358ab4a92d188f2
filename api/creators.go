package api

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
)

// creatorIn is the body of POST /creators and PATCH /creators/{id}; an
// absent field (or a null, but for postingGoal, whose null clears the
// goal) keeps its value, or takes its default on creation.
type creatorIn struct {
	Name        *string       `json:"name"`
	Email       *string       `json:"email"`
	PostingGoal nullable[int] `json:"postingGoal"`
	AccountIDs  *[]string     `json:"accountIds"`
}

// accountIDs parses the accountIds given; nil when absent.
func (in creatorIn) accountIDs() (*[]uuid.UUID, error) {
	if in.AccountIDs == nil {
		return nil, nil
	}
	ids, err := parseUUIDs("accountIds", *in.AccountIDs)
	return &ids, err
}

func (s *server) getCreators(c *fiber.Ctx) error {
	if _, err := params(c); err != nil {
		return err
	}
	out, err := s.Creators.Handle(c.UserContext(), membership(c).WorkspaceID)
	return answer(c, out, err)
}

func (s *server) postCreator(c *fiber.Ctx, in creatorIn) error {
	ids, err := in.accountIDs()
	if err != nil {
		return err
	}
	ws := membership(c).WorkspaceID
	cmd := command.CreateCreator{WorkspaceID: ws, PostingGoal: in.PostingGoal.Value}
	apply(&cmd.Name, in.Name)
	apply(&cmd.Email, in.Email)
	apply(&cmd.AccountIDs, ids)
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

func (s *server) patchCreator(c *fiber.Ctx, id uuid.UUID) error {
	var in creatorIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	ids, err := in.accountIDs()
	if err != nil {
		return err
	}
	ws := membership(c).WorkspaceID
	err = s.SaveCreator.Update(c.UserContext(), command.UpdateCreator{
		WorkspaceID: ws, ID: id, Name: in.Name, Email: in.Email, PostingGoal: in.PostingGoal.ptr(), AccountIDs: ids,
	})
	if err != nil {
		return err
	}
	// read after the write, never from the cache
	out, err := s.Creators.One(c.UserContext(), ws, id)
	return answer(c, out, err)
}

func (s *server) deleteCreator(c *fiber.Ctx, id uuid.UUID) error {
	if err := s.SaveCreator.Delete(c.UserContext(), command.DeleteCreator{WorkspaceID: membership(c).WorkspaceID, ID: id}); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

// apply sets *dst to *v when v is given.
func apply[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}
