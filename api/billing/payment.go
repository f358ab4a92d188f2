// Package billing is the room of billing: the checkout and the customer portal
// (the payment provider's webhook is a machine route, api's own).
package billing

import (
	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/billing"
)

// Room holds the use cases the billing routes call.
type Room struct {
	Checkout billing.CreateCheckoutHandler
	Portal   billing.CreatePortalHandler
}

type urlOut struct {
	URL string `json:"url"`
}

type checkoutIn struct {
	Plan     string `json:"plan"`
	Interval string `json:"interval"`
	Founding bool   `json:"founding"`
}

func (s *Room) PostCreateCheckout(c *fiber.Ctx, in checkoutIn) error {
	out, err := s.Checkout.Handle(c.UserContext(), billing.CreateCheckout{
		WorkspaceID: httpx.Membership(c).WorkspaceID, UserID: httpx.Session(c).UserID,
		Plan: in.Plan, Interval: in.Interval, Founding: in.Founding,
	})
	return httpx.Answer(c, urlOut{URL: out.URL}, err)
}

func (s *Room) PostCreatePortal(c *fiber.Ctx) error {
	if err := httpx.DecodeJSON(c, &struct{}{}, true); err != nil {
		return err
	}
	out, err := s.Portal.Handle(c.UserContext(), billing.CreatePortal{
		WorkspaceID: httpx.Membership(c).WorkspaceID, UserID: httpx.Session(c).UserID,
	})
	return httpx.Answer(c, urlOut{URL: out.URL}, err)
}
