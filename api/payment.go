package api

import (
	"errors"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/payment"
)

// urlOut is a URL to send the caller to: a checkout or a billing portal.
type urlOut struct {
	URL string `json:"url"`
}

type checkoutIn struct {
	Plan     string `json:"plan"`
	Interval string `json:"interval"`
	Founding bool   `json:"founding"`
}

func (s *server) postCreateCheckout(c *fiber.Ctx, in checkoutIn) error {
	out, err := s.Checkout.Handle(c.UserContext(), command.CreateCheckout{
		WorkspaceID: membership(c).WorkspaceID, UserID: session(c).UserID,
		Plan: in.Plan, Interval: in.Interval, Founding: in.Founding,
	})
	return answer(c, urlOut{URL: out.URL}, err)
}

func (s *server) postCreatePortal(c *fiber.Ctx) error {
	if err := decodeJSON(c, &struct{}{}, true); err != nil {
		return err
	}
	out, err := s.Portal.Handle(c.UserContext(), command.CreatePortal{
		WorkspaceID: membership(c).WorkspaceID, UserID: session(c).UserID,
	})
	return answer(c, urlOut{URL: out.URL}, err)
}

type paymentWebhookOut struct {
	Received bool   `json:"received"`
	Result   string `json:"result"`
	Reason   string `json:"reason,omitempty"`
}

// postPaymentWebhook verifies the signature over the raw body (header
// payment-signature, else Stripe-Signature) and applies the event. Without
// STRIPE_WEBHOOK_SECRET every request is refused.
func (s *server) postPaymentWebhook(c *fiber.Ctx) error {
	secret := s.Config.StripeWebhookSecret
	if secret == "" {
		return apperr.Unavailable("the payment webhook is disabled: STRIPE_WEBHOOK_SECRET is not set")
	}
	header := c.Get(payment.SignatureHeader)
	if header == "" {
		header = c.Get(payment.StripeSignatureHeader)
	}
	// The signature's age is measured on the real clock, like the sender's.
	// The body exactly as it came (c.Body() would decompress it).
	ev, err := payment.ParseEvent(c.Request().Body(), header, secret, time.Now())
	var se *payment.SignatureError
	if errors.As(err, &se) {
		return apperr.Invalid(payment.SignatureHeader, se.Reason)
	}
	if err != nil {
		return err
	}
	out, err := s.ApplyPayment.Handle(c.UserContext(), command.ApplyPaymentEvent{Event: ev})
	if err != nil {
		s.Log.Warn("payment event failed", "eventId", ev.ID, "type", ev.Type, "err", err)
		return err
	}
	attrs := []any{"eventId", ev.ID, "type", ev.Type, "result", out.Result, "reason", out.Reason}
	if out.WorkspaceID != nil {
		attrs = append(attrs, "workspaceId", out.WorkspaceID.String())
	}
	s.Log.Info("payment event", attrs...)
	return c.JSON(paymentWebhookOut{Received: true, Result: out.Result, Reason: out.Reason})
}
