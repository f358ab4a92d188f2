package api

import (
	"crypto/subtle"
	"errors"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/apperr"
)

func secretEqual(got, want string) bool {
	return subtle.ConstantTimeCompare([]byte(got), []byte(want)) == 1
}

// postScraperWebhook processes a run completion. The body is not trusted:
// the run is read back from the provider with our token.
func (s *server) postScraperWebhook(c *fiber.Ctx) error {
	if want := s.Config.ScraperWebhookSecret; want != "" && !secretEqual(c.Get(command.WebhookSecretHeader), want) {
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
	out, err := s.Complete.Handle(c.UserContext(), command.CompleteScrape{JobID: id})
	if errors.Is(err, command.ErrCompletionInProgress) {
		// A 409 so the provider delivers again later, when the job is
		// processed and the answer is a 200 replay.
		c.Set(fiber.HeaderRetryAfter, "30")
	}
	return answer(c, out, err)
}

// requireCron checks the bearer CRON_SECRET; an empty secret disables the
// cron routes.
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

// cronRefreshOut is what one /cron/refresh call started.
type cronRefreshOut struct {
	Queued int      `json:"queued"`
	Jobs   []string `json:"jobs"`
}

func (s *server) getCronRefresh(c *fiber.Ctx) error {
	out, err := s.Refresh.Handle(c.UserContext(), command.RefreshDue{})
	return answer(c, cronRefreshOut{Queued: out.Queued, Jobs: out.Jobs}, err)
}

// cronAlertsOut is what one /cron/alerts call did.
type cronAlertsOut struct {
	Scanned       int `json:"scanned"`
	Matched       int `json:"matched"`
	Alerted       int `json:"alerted"`
	EmailsSent    int `json:"emailsSent"`
	EmailsFailed  int `json:"emailsFailed"`
	EmailsSkipped int `json:"emailsSkipped"`
	// Digests counts the digest e-mails queued before the delivery.
	Digests int `json:"digests"`
	// Payouts is what the campaigns' settle run did before the alerts.
	Payouts command.SettleRun `json:"payouts"`
	// Events is what the milestone scan and the events' dispatch did.
	Events cronEventsOut `json:"events"`
	// Deliveries is what the channels' delivery round did after them.
	Deliveries command.DeliverRun `json:"deliveries"`
	// Insights is what the insights step did (curves, outlier scores,
	// forecasts) before the events' dispatch.
	Insights command.InsightRun `json:"insights"`
}

type cronEventsOut struct {
	Milestones int `json:"milestones"`
	Dispatched int `json:"dispatched"`
	Deliveries int `json:"deliveries"`
	Emails     int `json:"emails"`
}

// getCronAlerts settles the campaigns' payout lines (their budget alerts go
// out with the other e-mails), queues the digests of the periods that
// closed, then runs the spike scan, records and dispatches the events and
// delivers the e-mail outbox, then the channels' due deliveries. A
// campaign that fails to settle, or a digest that cannot be built, does
// not stop the alerts, nor a failed scan the channels.
func (s *server) getCronAlerts(c *fiber.Ctx) error {
	settled, settleErr := s.SettlePayouts.Handle(c.UserContext())
	digests, digestErr := s.QueueDigests.Handle(c.UserContext())
	out, err := s.SendAlerts.Handle(c.UserContext())
	// The channels' outbox goes out whatever the scan did.
	delivered, deliverErr := s.DeliverEvents.Deliver(c.UserContext())
	if err != nil {
		return err
	}
	if settleErr != nil {
		return settleErr
	}
	if digestErr != nil {
		return digestErr
	}
	if deliverErr != nil {
		return deliverErr
	}
	return c.JSON(cronAlertsOut{Payouts: settled, Digests: digests.Queued, Deliveries: delivered,
		Scanned: out.Scanned, Matched: out.Matched, Alerted: out.Alerted,
		EmailsSent: out.EmailsSent, EmailsFailed: out.EmailsFailed, EmailsSkipped: out.EmailsSkipped,
		Events:   cronEventsOut{Milestones: out.Milestones, Dispatched: out.Events.Events, Deliveries: out.Events.Deliveries, Emails: out.Events.Emails},
		Insights: out.Insights,
	})
}
