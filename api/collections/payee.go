package collections

import (
	"bytes"
	"encoding/json"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/internal/apperr"
)

// videoPayeeIn chooses the creator a video of no tracked account is paid
// to; null clears the choice.
type videoPayeeIn struct {
	CreatorID json.RawMessage `json:"creatorId"`
}

func (s *Room) PutVideoPayee(c *fiber.Ctx, id uuid.UUID, in videoPayeeIn) error {
	raw := bytes.TrimSpace(in.CreatorID)
	if len(raw) == 0 {
		return apperr.Invalid("creatorId", "is required: a creator's id, or null to clear the choice")
	}
	var creator *uuid.UUID
	if !bytes.Equal(raw, []byte("null")) {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return apperr.Invalid("creatorId", "a creator's id (a UUID) or null")
		}
		cid, err := uuid.Parse(s)
		if err != nil {
			return apperr.Invalid("creatorId", "a creator's id (a UUID) or null")
		}
		creator = &cid
	}
	return httpx.NoContent(c, s.VideoPayee.Handle(c.UserContext(), collections.SetVideoPayee{
		WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID, VideoID: id, CreatorID: creator}))
}
