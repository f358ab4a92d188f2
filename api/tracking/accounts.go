package tracking

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/tracking"
)

// accountPatchIn is the body of PATCH /accounts/{id}; absent fields (and
// nulls) keep their value.
type accountPatchIn struct {
	Status        *string `json:"status"`
	TrackingLimit *int    `json:"tracking_limit"`
}

func (s *Room) PatchAccount(c *fiber.Ctx, id uuid.UUID, in accountPatchIn) error {
	ws := httpx.Membership(c).WorkspaceID
	err := s.UpdateAccount.Handle(c.UserContext(), tracking.UpdateAccount{
		WorkspaceID: ws, AccountID: id, Status: in.Status, TrackingLimit: in.TrackingLimit,
	})
	if err != nil {
		return err
	}
	return s.answerAccount(c, ws, id)
}

func (s *Room) DeleteAccount(c *fiber.Ctx, id uuid.UUID) error {
	ws := httpx.Membership(c).WorkspaceID
	if err := s.RemoveAccount.Handle(c.UserContext(), tracking.RemoveAccount{WorkspaceID: ws, AccountID: id}); err != nil {
		return err
	}
	return s.answerAccount(c, ws, id)
}

// answerAccount answers the account read after the write, never from the cache.
func (s *Room) answerAccount(c *fiber.Ctx, ws, id uuid.UUID) error {
	a, err := s.Accounts.One(c.UserContext(), ws, id)
	return httpx.Answer(c, a, err)
}
