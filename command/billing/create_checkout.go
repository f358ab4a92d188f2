package billing

import (
	"context"
	"errors"
	"fmt"
	"strconv"
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

// CreateCheckout starts a subscription checkout for a paid plan.
type CreateCheckout struct {
	WorkspaceID uuid.UUID
	UserID      uuid.UUID
	Plan        string
	Interval    string
	// Founding asks for the founding price: FoundingPlan, yearly.
	Founding bool
}

// Validate checks the plan and interval; the price is chosen from them.
func (c CreateCheckout) Validate() error {
	var problems []error
	switch p, ok := plan.Lookup(plan.Name(c.Plan)); {
	case c.Plan == "":
		problems = append(problems, apperr.Invalid("plan", "is required: starter, growth or agency"))
	case !ok || !p.Paid:
		problems = append(problems, apperr.Invalid("plan", "must be starter, growth or agency"))
	case c.Founding && p.Name != plan.FoundingPlan:
		problems = append(problems, apperr.Invalid("plan", fmt.Sprintf("the founding price is for the %s plan", plan.FoundingPlan)))
	}
	switch plan.Interval(c.Interval) {
	case plan.Monthly, plan.Yearly:
		if c.Founding && plan.Interval(c.Interval) != plan.Yearly {
			problems = append(problems, apperr.Invalid("interval", `the founding price is yearly: must be "year"`))
		}
	case "":
		problems = append(problems, apperr.Invalid("interval", `is required: "month" or "year"`))
	default:
		problems = append(problems, apperr.Invalid("interval", `must be "month" or "year"`))
	}
	return errors.Join(problems...)
}

// CheckoutSession is where the caller pays.
type CheckoutSession struct {
	URL string
}

// CreateCheckoutHandler creates checkout sessions for the catalogue's prices.
type CreateCheckoutHandler struct {
	DB            *pgxpool.Pool
	Provider      PaymentProvider // nil: billing is not configured
	Prices        plan.Prices
	FoundingSpots int
	SuccessURL    string
	CancelURL     string
}

// Handle answers 503 without a provider, 403 for members, 409 when a subscription
// gives access already or no founding spot remains. A founding checkout holds a
// spot, under the founding lock, before the session is created.
func (h CreateCheckoutHandler) Handle(ctx context.Context, cmd CreateCheckout) (CheckoutSession, error) {
	w, err := readBillingWorkspace(ctx, h.DB, h.Provider, cmd, cmd.WorkspaceID, cmd.UserID)
	if err != nil {
		return CheckoutSession{}, err
	}
	if w.subscriptionID != nil && w.subscriptionStatus != nil && liveStatuses[*w.subscriptionStatus] {
		return CheckoutSession{}, apperr.Conflict(fmt.Sprintf(
			"the workspace already has a subscription (%s): change or cancel it in the customer portal, POST /api/payment/create-portal",
			*w.subscriptionStatus))
	}
	name, interval := plan.Name(cmd.Plan), plan.Interval(cmd.Interval)
	price := h.Prices.Price(name, interval, cmd.Founding)
	if cmd.Founding && price == "" {
		return CheckoutSession{}, apperr.Conflict("the founding price is not offered on this server")
	}
	if price == "" {
		return CheckoutSession{}, errBillingOff
	}
	var hold, expires time.Time
	if cmd.Founding {
		if hold, err = h.holdFoundingSpot(ctx, cmd.WorkspaceID); err != nil {
			return CheckoutSession{}, err
		}
		expires = hold.Add(FoundingCheckoutExpiry - foundingHold)
	}
	url, err := h.createSession(ctx, cmd, w, name, price, expires)
	if err != nil {
		if cmd.Founding {
			// Best effort: a hold left behind lapses by itself.
			_, _ = h.DB.Exec(ctx, `UPDATE workspaces SET founding_hold_until = NULL WHERE id = $1 AND founding_hold_until = $2`,
				cmd.WorkspaceID, hold)
		}
		return CheckoutSession{}, err
	}
	_, err = h.DB.Exec(ctx, `UPDATE workspaces SET checkout_plan = $2, checkout_founding = $3, updated_at = now() WHERE id = $1`,
		cmd.WorkspaceID, string(name), cmd.Founding)
	if err != nil {
		return CheckoutSession{}, fmt.Errorf("record checkout plan: %w", err)
	}
	err = activitylog.Record(ctx, h.DB, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.UserID, Action: domain.ActionCheckoutStarted,
		Target: string(name), Details: map[string]any{"plan": string(name), "interval": string(interval), "founding": cmd.Founding}})
	if err != nil {
		return CheckoutSession{}, err
	}
	return CheckoutSession{URL: url}, nil
}

func (h CreateCheckoutHandler) createSession(ctx context.Context, cmd CreateCheckout, w billingWorkspace, name plan.Name, price string,
	expires time.Time) (string, error) {
	customer, err := h.customer(ctx, cmd.WorkspaceID, w)
	if err != nil {
		return "", err
	}
	url, err := h.Provider.CreateCheckout(ctx, payment.NewCheckout{
		WorkspaceID: cmd.WorkspaceID.String(), CustomerID: customer, PriceID: price,
		SuccessURL: h.SuccessURL, CancelURL: h.CancelURL, ExpiresAt: expires,
		Metadata: map[string]string{
			payment.MetadataWorkspaceID: cmd.WorkspaceID.String(),
			payment.MetadataPlan:        string(name),
			payment.MetadataFounding:    strconv.FormatBool(cmd.Founding),
		},
	})
	if err != nil {
		return "", providerError(err)
	}
	return url, nil
}

// holdFoundingSpot holds (or renews) a spot for ws and returns the hold's end.
func (h CreateCheckoutHandler) holdFoundingSpot(ctx context.Context, ws uuid.UUID) (time.Time, error) {
	var until time.Time
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR UPDATE`, ws); err != nil {
			return fmt.Errorf("lock workspace: %w", err)
		}
		taken, err := lockFoundingSpots(ctx, tx, ws)
		if err != nil {
			return err
		}
		if taken >= h.FoundingSpots {
			return apperr.Conflict("no founding spots remain")
		}
		err = tx.QueryRow(ctx, `
			UPDATE workspaces SET founding_hold_until = clock_timestamp() + make_interval(secs => $2)
			WHERE id = $1 RETURNING founding_hold_until`, ws, foundingHold.Seconds()).Scan(&until)
		if err != nil {
			return fmt.Errorf("hold founding spot: %w", err)
		}
		return nil
	})
	return until, err
}

// customer returns the workspace's customer, creating it on the first checkout;
// the call is idempotent per workspace, so concurrent checkouts make one.
func (h CreateCheckoutHandler) customer(ctx context.Context, wsID uuid.UUID, w billingWorkspace) (string, error) {
	if w.customerID != nil {
		return *w.customerID, nil
	}
	id, err := h.Provider.CreateCustomer(ctx, payment.NewCustomer{WorkspaceID: wsID.String(), Email: w.ownerEmail, Name: w.name})
	if err != nil {
		return "", providerError(err)
	}
	var stored string
	err = h.DB.QueryRow(ctx, `
		UPDATE workspaces SET payment_customer_id = coalesce(payment_customer_id, $2), updated_at = now()
		WHERE id = $1 RETURNING payment_customer_id`, wsID, id).Scan(&stored)
	if err != nil {
		return "", fmt.Errorf("store customer: %w", err)
	}
	return stored, nil
}
