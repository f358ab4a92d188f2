package alerts

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/internal/apperr"
	queryalerts "github.com/reeltrack/reeltrack/query/alerts"
)

// channelIn is the body of POST and PATCH /channels; absent fields keep their value.
type channelIn struct {
	Kind    *string `json:"kind"`
	Name    *string `json:"name"`
	URL     *string `json:"url"`
	Enabled *bool   `json:"enabled"`
}

// channelCreatedOut is a created channel, with a webhook channel's signing
// secret: the one answer that shows it.
type channelCreatedOut struct {
	queryalerts.Channel
	Secret string `json:"secret,omitempty"`
}

type rotatedSecretOut struct {
	Secret              string    `json:"secret"`
	PreviousSecretUntil time.Time `json:"previousSecretUntil"`
}

func (s *Room) GetChannels(c *fiber.Ctx) error {
	out, err := s.Channels.Handle(c.UserContext(), httpx.Membership(c).WorkspaceID)
	return httpx.Answer(c, out, err)
}

func (s *Room) PostChannel(c *fiber.Ctx, in channelIn) error {
	ws := httpx.Membership(c).WorkspaceID
	cmd := alerts.CreateChannel{WorkspaceID: ws, ActorID: httpx.Session(c).UserID}
	httpx.Apply(&cmd.Kind, in.Kind)
	httpx.Apply(&cmd.Name, in.Name)
	httpx.Apply(&cmd.URL, in.URL)
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

func (s *Room) PatchChannel(c *fiber.Ctx, id uuid.UUID, in channelIn) error {
	if in.Kind != nil {
		return apperr.Invalid("kind", "cannot be changed: create another channel")
	}
	ws := httpx.Membership(c).WorkspaceID
	if err := s.SaveChannel.Update(c.UserContext(), alerts.UpdateChannel{
		WorkspaceID: ws, ActorID: httpx.Session(c).UserID, ID: id, Name: in.Name, URL: in.URL, Enabled: in.Enabled,
	}); err != nil {
		return err
	}
	out, err := s.Channels.One(c.UserContext(), ws, id)
	return httpx.Answer(c, out, err)
}

func (s *Room) DeleteChannel(c *fiber.Ctx, id uuid.UUID) error {
	return httpx.NoContent(c, s.SaveChannel.Delete(c.UserContext(), alerts.DeleteChannel{
		WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID, ID: id,
	}))
}

func (s *Room) PostChannelTest(c *fiber.Ctx, id uuid.UUID) error {
	out, err := s.DeliverEvents.SendTest(c.UserContext(), alerts.SendChannelTest{
		WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID, ChannelID: id,
	})
	return httpx.Answer(c, out, err)
}

func (s *Room) PostChannelRotate(c *fiber.Ctx, id uuid.UUID) error {
	out, err := s.SaveChannel.RotateSecret(c.UserContext(), alerts.RotateChannelSecret{
		WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID, ID: id,
	})
	return httpx.Answer(c, rotatedSecretOut{Secret: out.Secret, PreviousSecretUntil: out.PreviousSecretUntil}, err)
}

func (s *Room) GetChannelDeliveries(c *fiber.Ctx, id uuid.UUID) error {
	out, err := s.Channels.Deliveries(c.UserContext(), httpx.Membership(c).WorkspaceID, id)
	return httpx.Answer(c, out, err)
}

func (s *Room) PostDeliveryResend(c *fiber.Ctx) error {
	channelID, err := httpx.PathUUID(c, "id")
	if err != nil {
		return err
	}
	deliveryID, err := httpx.PathUUID(c, "deliveryId")
	if err != nil {
		return err
	}
	out, err := s.DeliverEvents.Resend(c.UserContext(), alerts.ResendDelivery{
		WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID, ChannelID: channelID, DeliveryID: deliveryID,
	})
	return httpx.Answer(c, out, err)
}
