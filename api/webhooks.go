package api

import (
	"crypto/subtle"
	"errors"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/alerts"
	"github.com/reeltrack/reeltrack/command/billing"
	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/payment"
)

func secretEqual(got, want string) bool {
	return subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

// postScraperWebhook processes a run completion, the body not trusted.
func (s *server) postScraperWebhook(c *fiber.Ctx) error {
	if want := s.Config.ScraperWebhookSecret; want != "" && !secretEqual(c.Get(tracking.WebhookSecretHeader), want) {
		return apperr.Unauthenticated("missing or wrong webhook secret header")
	}
	raw := c.Query("job_id")
	if raw == "" {
		return apperr.Invalid("job_id", "is required")
	}
	id, err := uuid.Parse(raw)
	if err != nil {
		return apperr.Invalid("job_id", "must be a UUID")
	}
	out, err := s.Complete.Handle(c.UserContext(), tracking.CompleteScrape{JobID: id})
	if errors.Is(err, tracking.ErrCompletionInProgress) {
		// A 409 so the provider delivers again later, when the job is
		// processed and the answer is a 200 replay.
		c.Set(fiber.HeaderRetryAfter, "30")
	}
	return httpx.Answer(c, out, err)
}

// requireCron checks the bearer CRON_SECRET; an empty one disables the cron routes.
func requireCron(secret string) fiber.Handler {
	return func(c *fiber.Ctx) error {
		if secret == "" {
			return apperr.Unavailable("cron routes are disabled: CRON_SECRET is not set")
		}
		token, ok := strings.CutPrefix(c.Get(fiber.HeaderAuthorization), "Bearer ")
		if !ok || !secretEqual(token, secret) {
			return apperr.Unauthenticated("missing or wrong cron bearer token")
		}
		return c.Next()
	}
}

type cronRefreshOut struct {
	Queued int      `json:"queued"`
	Jobs   []string `json:"jobs"`
}

func (s *server) getCronRefresh(c *fiber.Ctx) error {
	out, err := s.Refresh.Handle(c.UserContext(), tracking.RefreshDue{})
	return httpx.Answer(c, cronRefreshOut{Queued: out.Queued, Jobs: out.Jobs}, err)
}

type cronAlertsOut struct {
	Scanned       int `json:"scanned"`
	Matched       int `json:"matched"`
	Alerted       int `json:"alerted"`
	EmailsSent    int `json:"emailsSent"`
	EmailsFailed  int `json:"emailsFailed"`
	EmailsSkipped int `json:"emailsSkipped"`
	// the steps' runs: settle, digests, insights, events and their deliveries
	Digests    int                 `json:"digests"`
	Ranks      tracking.RanksRun   `json:"ranks"`
	Payouts    campaigns.SettleRun `json:"payouts"`
	PayPal     campaigns.PayPalRun `json:"paypal"`
	Events     cronEventsOut       `json:"events"`
	Deliveries alerts.DeliverRun   `json:"deliveries"`
	Insights   alerts.InsightRun   `json:"insights"`
}

type cronEventsOut struct {
	Milestones int `json:"milestones"`
	Dispatched int `json:"dispatched"`
	Deliveries int `json:"deliveries"`
	Emails     int `json:"emails"`
}

func (s *server) getCronAlerts(c *fiber.Ctx) error {
	run, err := s.AlertsCron.Run(c.UserContext())
	if err != nil {
		return err
	}
	return c.JSON(cronAlertsOut{Payouts: run.Payouts, PayPal: run.PayPal, Ranks: run.Ranks, Digests: run.Digests.Queued, Deliveries: run.Channels,
		Scanned: run.Spikes.Scanned, Matched: run.Spikes.Matched, Alerted: run.Spikes.Alerted,
		EmailsSent: run.Mail.Sent, EmailsFailed: run.Mail.Failed, EmailsSkipped: run.Mail.Skipped,
		Events:   cronEventsOut{Milestones: run.Milestones, Dispatched: run.Events.Events, Deliveries: run.Events.Deliveries, Emails: run.Events.Emails},
		Insights: run.Insights,
	})
}

type paymentWebhookOut struct {
	Received bool   `json:"received"`
	Result   string `json:"result"`
	Reason   string `json:"reason,omitempty"`
}

// postPaymentWebhook verifies the signature over the raw body and applies the
// event; without STRIPE_WEBHOOK_SECRET every request is refused.
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
	out, err := s.ApplyPayment.Handle(c.UserContext(), billing.ApplyPaymentEvent{Event: ev})
	if err != nil {
		s.Log.Warn("payment event failed", "eventId", ev.ID, "type", ev.Type, "error", err)
		return err
	}
	attrs := []any{"eventId", ev.ID, "type", ev.Type, "result", out.Result, "reason", out.Reason}
	if out.WorkspaceID != nil {
		attrs = append(attrs, "workspaceId", out.WorkspaceID.String())
	}
	s.Log.Info("payment event", attrs...)
	return c.JSON(paymentWebhookOut{Received: true, Result: out.Result, Reason: out.Reason})
}
