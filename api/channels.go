package api

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/query"
)

// channelIn is the body of POST /channels and PATCH /channels/{id}; an
// absent field keeps its value (PATCH).
type channelIn struct {
	Kind    *string `json:"kind"`
	Name    *string `json:"name"`
	URL     *string `json:"url"`
	Enabled *bool   `json:"enabled"`
}

// channelCreatedOut is a created channel, with a webhook channel's signing
// secret: the one answer that shows it.
type channelCreatedOut struct {
	query.Channel
	Secret string `json:"secret,omitempty"`
}

// rotatedSecretOut is a webhook channel's new signing secret, shown once.
type rotatedSecretOut struct {
	Secret              string    `json:"secret"`
	PreviousSecretUntil time.Time `json:"previousSecretUntil"`
}

func (s *server) getChannels(c *fiber.Ctx) error {
	out, err := s.Channels.Handle(c.UserContext(), membership(c).WorkspaceID)
	return answer(c, out, err)
}

func (s *server) postChannel(c *fiber.Ctx, in channelIn) error {
	ws := membership(c).WorkspaceID
	cmd := command.CreateChannel{WorkspaceID: ws, ActorID: session(c).UserID}
	apply(&cmd.Kind, in.Kind)
	apply(&cmd.Name, in.Name)
	apply(&cmd.URL, in.URL)
	if in.Enabled != nil && !*in.Enabled {
		return apperr.Invalid("enabled", "a channel is created enabled: disable it with PATCH")
	}
	created, err := s.SaveChannel.Create(c.UserContext(), cmd)
	if err != nil {
		return err
	}
	ch, err := s.Channels.One(c.UserContext(), ws, created.ID)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(channelCreatedOut{Channel: ch, Secret: created.Secret})
}

func (s *server) patchChannel(c *fiber.Ctx, id uuid.UUID) error {
	var in channelIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	if in.Kind != nil {
		return apperr.Invalid("kind", "cannot be changed: create another channel")
	}
	ws := membership(c).WorkspaceID
	if err := s.SaveChannel.Update(c.UserContext(), command.UpdateChannel{
		WorkspaceID: ws, ActorID: session(c).UserID, ID: id, Name: in.Name, URL: in.URL, Enabled: in.Enabled,
	}); err != nil {
		return err
	}
	out, err := s.Channels.One(c.UserContext(), ws, id)
	return answer(c, out, err)
}

func (s *server) deleteChannel(c *fiber.Ctx, id uuid.UUID) error {
	if err := s.SaveChannel.Delete(c.UserContext(), command.DeleteChannel{
		WorkspaceID: membership(c).WorkspaceID, ActorID: session(c).UserID, ID: id,
	}); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}

func (s *server) postChannelTest(c *fiber.Ctx, id uuid.UUID) error {
	out, err := s.DeliverEvents.SendTest(c.UserContext(), command.SendChannelTest{
		WorkspaceID: membership(c).WorkspaceID, ActorID: session(c).UserID, ChannelID: id,
	})
	return answer(c, out, err)
}

func (s *server) postChannelRotate(c *fiber.Ctx, id uuid.UUID) error {
	out, err := s.SaveChannel.RotateSecret(c.UserContext(), command.RotateChannelSecret{
		WorkspaceID: membership(c).WorkspaceID, ActorID: session(c).UserID, ID: id,
	})
	return answer(c, rotatedSecretOut{Secret: out.Secret, PreviousSecretUntil: out.PreviousSecretUntil}, err)
}

func (s *server) getChannelDeliveries(c *fiber.Ctx, id uuid.UUID) error {
	out, err := s.Channels.Deliveries(c.UserContext(), membership(c).WorkspaceID, id)
	return answer(c, out, err)
}

func (s *server) postDeliveryResend(c *fiber.Ctx) error {
	channelID, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	deliveryID, err := pathUUID(c, "deliveryId")
	if err != nil {
		return err
	}
	out, err := s.DeliverEvents.Resend(c.UserContext(), command.ResendDelivery{
		WorkspaceID: membership(c).WorkspaceID, ActorID: session(c).UserID, ChannelID: channelID, DeliveryID: deliveryID,
	})
	return answer(c, out, err)
}
