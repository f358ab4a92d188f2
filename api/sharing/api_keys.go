package sharing

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/sharing"
	"github.com/reeltrack/reeltrack/internal/domain"
	querysharing "github.com/reeltrack/reeltrack/query/sharing"
)

// API keys: owners and admins make and revoke them; signing in with one is
// api's middleware.

type apiKeyIn struct {
	Name      string     `json:"name"`
	Scope     string     `json:"scope"`
	ExpiresAt *time.Time `json:"expiresAt"`
}

// apiKeyCreated is the answer of a key's creation, the one answer that holds the key.
type apiKeyCreated struct {
	Key    string              `json:"key"`
	APIKey querysharing.APIKey `json:"apiKey"`
}

func (s *Room) GetAPIKeys(c *fiber.Ctx) error {
	m := httpx.Membership(c)
	out, err := s.APIKeys.List(c.UserContext(), m.WorkspaceID, m.Role)
	return httpx.Answer(c, out, err)
}

func (s *Room) PostAPIKey(c *fiber.Ctx, in apiKeyIn) error {
	m := httpx.Membership(c)
	k, err := s.ManageAPIKeys.Create(c.UserContext(), sharing.CreateAPIKey{
		WorkspaceID: m.WorkspaceID, CreatorID: httpx.Session(c).UserID, Role: m.Role,
		Name: in.Name, Scope: domain.APIKeyScope(in.Scope), ExpiresAt: in.ExpiresAt,
	})
	if err != nil {
		return err
	}
	out, err := s.APIKeys.One(c.UserContext(), m.WorkspaceID, k.ID)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(apiKeyCreated{Key: k.Key, APIKey: out})
}

func (s *Room) DeleteAPIKey(c *fiber.Ctx, id uuid.UUID) error {
	m := httpx.Membership(c)
	return httpx.NoContent(c, s.ManageAPIKeys.Revoke(c.UserContext(), sharing.RevokeAPIKey{
		WorkspaceID: m.WorkspaceID, ID: id, ActorID: httpx.Session(c).UserID, Role: m.Role,
	}))
}
