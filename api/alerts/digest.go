package alerts

import (
	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/internal/domain"
)

type digestIn struct {
	Frequency string `json:"frequency"`
}

func (s *Room) GetDigest(c *fiber.Ctx) error {
	d, err := s.Digest.Setting(c.UserContext(), httpx.Membership(c).WorkspaceID, httpx.Session(c).UserID)
	return httpx.Answer(c, d, err)
}

func (s *Room) PutDigest(c *fiber.Ctx, in digestIn) error {
	err := s.SetDigest.Handle(c.UserContext(), alerts.SetDigest{
		WorkspaceID: httpx.Membership(c).WorkspaceID, UserID: httpx.Session(c).UserID, Frequency: domain.DigestFrequency(in.Frequency),
	})
	if err != nil {
		return err
	}
	return s.GetDigest(c)
}
