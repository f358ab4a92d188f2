package api

import (
	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// digestIn is the body of PUT /workspace/digest.
type digestIn struct {
	Frequency string `json:"frequency"`
}

// getDigest answers the signed-in member's digest choice.
func (s *server) getDigest(c *fiber.Ctx) error {
	d, err := s.Digest.Setting(c.UserContext(), membership(c).WorkspaceID, session(c).UserID)
	return answer(c, d, err)
}

// putDigest sets the signed-in member's digest choice and answers it.
func (s *server) putDigest(c *fiber.Ctx, in digestIn) error {
	err := s.SetDigest.Handle(c.UserContext(), command.SetDigest{
		WorkspaceID: membership(c).WorkspaceID, UserID: session(c).UserID, Frequency: domain.DigestFrequency(in.Frequency),
	})
	if err != nil {
		return err
	}
	return s.getDigest(c)
}
