package billing

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payment"
	"github.com/reeltrack/reeltrack/internal/plan"
)

// PaymentEventTypes are the payment events that change a workspace; others are ignored.
var PaymentEventTypes = []string{
	"checkout.session.completed",
	"customer.subscription.created",
	"customer.subscription.updated",
	"customer.subscription.deleted",
	"invoice.paid",
	"invoice.payment_failed",
}

// ApplyPaymentEvent applies one payment event whose signature was verified.
type ApplyPaymentEvent struct {
	Event payment.Event
}

// Validate checks that the event can be recorded.
func (c ApplyPaymentEvent) Validate() error {
	if c.Event.ID == "" || c.Event.Type == "" {
		return apperr.Invalid("", "the event has no id or type")
	}
	if len(c.Event.ID) > 255 {
		return apperr.Invalid("id", "is longer than 255 characters")
	}
	return nil
}

// The results of a payment event.
const (
	PaymentApplied   = "applied"
	PaymentDuplicate = "duplicate" // applied before: nothing changed now
	PaymentIgnored   = "ignored"   // nothing to change; Reason says why
)

// PaymentEventResult says what an event did.
type PaymentEventResult struct {
	Result      string
	Reason      string
	WorkspaceID *uuid.UUID
}

// ApplyPaymentEventHandler keeps a workspace's plan, limits and access in step
// with its subscription, read back from the provider so late, repeated or
// reordered events lead to the same state; a failure writes nothing.
type ApplyPaymentEventHandler struct {
	DB       *pgxpool.Pool
	Provider PaymentProvider // nil: billing is not configured
	Prices   plan.Prices
	// Livemode is the mode of our key; events of the other mode are ignored.
	Livemode bool
	// GracePeriod is how long a past-due subscription keeps access, from its unpaid period's start.
	GracePeriod time.Duration
	// FoundingSpots is how many workspaces the founding price is for.
	FoundingSpots int
}

// Handle applies the event, or reports it a duplicate or ignored.
func (h ApplyPaymentEventHandler) Handle(ctx context.Context, cmd ApplyPaymentEvent) (PaymentEventResult, error) {
	if err := ready(h.Provider, cmd); err != nil {
		return PaymentEventResult{}, err
	}
	ev := cmd.Event
	handled := false
	for _, t := range PaymentEventTypes {
		handled = handled || t == ev.Type
	}
	if !handled {
		return PaymentEventResult{Result: PaymentIgnored, Reason: "event type not handled"}, nil
	}
	if ev.Livemode != h.Livemode {
		return PaymentEventResult{Result: PaymentIgnored, Reason: "event of the other mode (livemode)"}, nil
	}
	var out PaymentEventResult
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `INSERT INTO payment_events (id, type, result) VALUES ($1, $2, 'ignored') ON CONFLICT (id) DO NOTHING`,
			ev.ID, ev.Type)
		if err != nil {
			return fmt.Errorf("record payment event: %w", err)
		}
		if tag.RowsAffected() == 0 {
			out = PaymentEventResult{Result: PaymentDuplicate, Reason: "event applied before"}
			return nil
		}
		if out, err = h.apply(ctx, tx, ev); err != nil {
			return err
		}
		if out.Result == PaymentApplied && out.WorkspaceID != nil {
			// The payment provider is the actor: no user, no client.
			if err := activitylog.Record(activitylog.WithClient(ctx, activitylog.Client{}), tx, activitylog.Entry{WorkspaceID: *out.WorkspaceID, ActorEmail: "payment provider",
				Action: domain.ActionBillingChanged, Target: ev.Type, Details: map[string]any{"reason": out.Reason}}); err != nil {
				return err
			}
		}
		_, err = tx.Exec(ctx, `UPDATE payment_events SET workspace_id = $2, result = $3, reason = $4 WHERE id = $1`,
			ev.ID, out.WorkspaceID, out.Result, out.Reason)
		if err != nil {
			return fmt.Errorf("record payment event result: %w", err)
		}
		return nil
	})
	if err != nil {
		return PaymentEventResult{}, err
	}
	return out, nil
}

type paymentWorkspace struct {
	id                 uuid.UUID
	plan               string
	customerID         *string
	subscriptionID     *string
	subscriptionStatus *string
	checkoutPlan       *string
	checkoutFounding   bool
	founding           bool
}

func ignored(ws *paymentWorkspace, reason string) PaymentEventResult {
	out := PaymentEventResult{Result: PaymentIgnored, Reason: reason}
	if ws != nil {
		out.WorkspaceID = &ws.id
	}
	return out
}

func (h ApplyPaymentEventHandler) apply(ctx context.Context, tx pgx.Tx, ev payment.Event) (PaymentEventResult, error) {
	if ev.Type == "checkout.session.completed" && ev.Mode != "subscription" {
		return ignored(nil, "not a subscription checkout"), nil
	}
	if ev.SubscriptionID == "" {
		return ignored(nil, "the event names no subscription"), nil
	}
	ws, err := lockPaymentWorkspace(ctx, tx, ev)
	if err != nil || ws == nil {
		return ignored(nil, "no workspace has this customer or subscription"), err
	}
	// Read under the workspace lock: a later event of this workspace reads
	// the subscription after this one is applied.
	sub, err := h.Provider.Subscription(ctx, ev.SubscriptionID)
	deleted := ev.Type == "customer.subscription.deleted"
	switch {
	case errors.Is(err, payment.ErrNotFound) && deleted:
		sub = payment.Subscription{ID: ev.SubscriptionID, Customer: ev.Customer}
	case errors.Is(err, payment.ErrNotFound):
		return ignored(ws, "the subscription does not exist"), nil
	case err != nil:
		return PaymentEventResult{}, providerError(err)
	}
	if deleted {
		// Deletion is final: no later state can follow it.
		sub.Status = "canceled"
	}
	return h.applySubscription(ctx, tx, ws, sub)
}

// lockPaymentWorkspace locks the event's workspace: by the workspace id in the
// session or subscription metadata, else the customer, else the subscription.
func lockPaymentWorkspace(ctx context.Context, tx pgx.Tx, ev payment.Event) (*paymentWorkspace, error) {
	const lockSQL = `
SELECT id, plan, payment_customer_id, payment_subscription_id, subscription_status, checkout_plan, checkout_founding, founding
FROM workspaces WHERE %s = $1 FOR UPDATE`
	var lookups [][2]any
	if id, err := uuid.Parse(ev.WorkspaceID); err == nil {
		lookups = append(lookups, [2]any{"id", id})
	}
	if ev.Customer != "" {
		lookups = append(lookups, [2]any{"payment_customer_id", ev.Customer})
	}
	lookups = append(lookups, [2]any{"payment_subscription_id", ev.SubscriptionID})
	for _, l := range lookups {
		var w paymentWorkspace
		err := tx.QueryRow(ctx, fmt.Sprintf(lockSQL, l[0]), l[1]).Scan(&w.id, &w.plan, &w.customerID, &w.subscriptionID, &w.subscriptionStatus,
			&w.checkoutPlan, &w.checkoutFounding, &w.founding)
		if err == nil {
			return &w, nil
		}
		if !errors.Is(err, pgx.ErrNoRows) {
			return nil, fmt.Errorf("lock workspace by %s: %w", l[0], err)
		}
	}
	return nil, nil
}

// applySubscription derives the workspace's state from the subscription's: a
// live one gives its price's plan, limits and access (past_due until the grace
// period ends), a founding price marking the workspace founding if a spot is
// free; incomplete is only recorded; any other status ends access, plan and
// items kept. An ended subscription stays ended (Stripe never reopens one);
// another replaces the current one only if it gives access or the current does not.
func (h ApplyPaymentEventHandler) applySubscription(ctx context.Context, tx pgx.Tx, ws *paymentWorkspace, sub payment.Subscription) (PaymentEventResult, error) {
	current := ws.subscriptionID == nil || *ws.subscriptionID == sub.ID
	currentLive := ws.subscriptionStatus != nil && liveStatuses[*ws.subscriptionStatus]
	customer, err := storableCustomer(ctx, tx, ws.id, sub.Customer)
	if err != nil {
		return PaymentEventResult{}, err
	}
	out := PaymentEventResult{Result: PaymentApplied, WorkspaceID: &ws.id}
	switch {
	case ws.subscriptionID != nil && *ws.subscriptionID == sub.ID && ws.subscriptionStatus != nil &&
		endedStatuses[*ws.subscriptionStatus] && *ws.subscriptionStatus != sub.Status:
		// A read that lags behind the end it already showed.
		return ignored(ws, fmt.Sprintf("subscription already %s; an ended subscription never changes again", *ws.subscriptionStatus)), nil
	case liveStatuses[sub.Status]:
		p, founding, ok := h.planOf(sub, ws)
		if !ok {
			// a setting to fix: failing makes the provider deliver again later
			return out, fmt.Errorf("subscription %s: none of its prices %v is in the plan catalogue (STRIPE_PRICE_*)", sub.ID, sub.PriceIDs)
		}
		spotless := false
		if founding && !ws.founding {
			taken, err := lockFoundingSpots(ctx, tx, ws.id)
			if err != nil {
				return PaymentEventResult{}, err
			}
			founding, spotless = taken < h.FoundingSpots, taken >= h.FoundingSpots
		}
		var grace *time.Time
		if sub.Status == "past_due" {
			g := sub.CurrentPeriodStart.Add(h.GracePeriod)
			grace = &g
		}
		_, err = tx.Exec(ctx, `
			UPDATE workspaces SET plan = $2, video_limit = $3, seat_limit = $4, has_access = true, grace_ends_at = $5,
				subscription_status = $6, payment_subscription_id = $7, payment_customer_id = coalesce($8, payment_customer_id),
				founding = founding OR $9, updated_at = now()
			WHERE id = $1 AND (plan, video_limit, seat_limit, has_access, grace_ends_at, subscription_status,
				payment_subscription_id, payment_customer_id, founding)
				IS DISTINCT FROM ($2::text, $3::int, $4::int, true, $5::timestamptz, $6::text,
				$7::text, coalesce($8::text, payment_customer_id), founding OR $9::bool)`,
			ws.id, string(p.Name), p.VideoLimit, p.SeatLimit, grace, sub.Status, sub.ID, customer, founding)
		out.Reason = fmt.Sprintf("subscription %s: plan %s", sub.Status, p.Name)
		if spotless {
			out.Reason += " at the founding price, without a founding spot: none remains"
		}
	case !current && currentLive:
		return ignored(ws, fmt.Sprintf("subscription %s is not the workspace's current one, which gives access", sub.Status)), nil
	case sub.Status == "incomplete":
		_, err = tx.Exec(ctx, `
			UPDATE workspaces SET subscription_status = $2, payment_subscription_id = $3,
				payment_customer_id = coalesce(payment_customer_id, $4), updated_at = now()
			WHERE id = $1 AND (subscription_status, payment_subscription_id, payment_customer_id)
				IS DISTINCT FROM ($2::text, $3::text, coalesce(payment_customer_id, $4::text))`, ws.id, sub.Status, sub.ID, customer)
		out.Reason = "subscription incomplete: waiting for the first payment"
	default:
		_, err = tx.Exec(ctx, `
			UPDATE workspaces SET subscription_status = $2, payment_subscription_id = $3, grace_ends_at = NULL,
				payment_customer_id = coalesce(payment_customer_id, $4),
				has_access = CASE WHEN plan = 'trial' THEN has_access ELSE false END, updated_at = now()
			WHERE id = $1 AND (subscription_status, payment_subscription_id, grace_ends_at, payment_customer_id, has_access)
				IS DISTINCT FROM ($2::text, $3::text, NULL::timestamptz, coalesce(payment_customer_id, $4::text),
				CASE WHEN plan = 'trial' THEN has_access ELSE false END)`, ws.id, sub.Status, sub.ID, customer)
		out.Reason = fmt.Sprintf("subscription %s: access ended", sub.Status)
		if ws.plan == string(plan.Trial) {
			out.Reason = fmt.Sprintf("subscription %s: the trial continues", sub.Status)
		}
	}
	if err != nil {
		return out, fmt.Errorf("update workspace billing: %w", err)
	}
	return out, nil
}

// endedStatuses are the subscription statuses that never change again.
var endedStatuses = map[string]bool{"canceled": true, "incomplete_expired": true}

// storableCustomer is the customer unless another workspace has it (unique column).
func storableCustomer(ctx context.Context, tx pgx.Tx, wsID uuid.UUID, customer string) (*string, error) {
	if customer == "" {
		return nil, nil
	}
	var taken bool
	err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM workspaces WHERE payment_customer_id = $1 AND id <> $2)`, customer, wsID).Scan(&taken)
	if err != nil {
		return nil, fmt.Errorf("check customer: %w", err)
	}
	if taken {
		return nil, nil
	}
	return &customer, nil
}

// planOf finds the subscription's plan by its price, else by the checkouts'.
func (h ApplyPaymentEventHandler) planOf(sub payment.Subscription, ws *paymentWorkspace) (plan.Plan, bool, bool) {
	for _, id := range sub.PriceIDs {
		if p, founding, ok := h.Prices.PlanOf(id); ok {
			return p, founding, true
		}
	}
	if p, ok := plan.Lookup(plan.Name(sub.Metadata[payment.MetadataPlan])); ok && p.Paid {
		return p, strings.EqualFold(sub.Metadata[payment.MetadataFounding], "true"), true
	}
	if ws.checkoutPlan != nil {
		if p, ok := plan.Lookup(plan.Name(*ws.checkoutPlan)); ok && p.Paid {
			return p, ws.checkoutFounding, true
		}
	}
	return plan.Plan{}, false, false
}
