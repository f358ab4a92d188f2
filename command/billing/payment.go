// Package billing is a workspace's subscription with the payment provider:
// a checkout for a plan (CreateCheckout, holding a founding spot while the
// offer lasts), the provider's customer portal (CreatePortal), and the
// provider's events applied to the workspace's plan (ApplyPaymentEvent,
// idempotent per event id, ignoring what is stale or not ours).
package billing

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payment"
	"github.com/reeltrack/reeltrack/internal/plan"
)

// PaymentProvider is the payment provider (Stripe). Errors wrap
// payment.ErrUnavailable, payment.ErrNotFound or payment.ErrRejected.
type PaymentProvider interface {
	CreateCustomer(ctx context.Context, c payment.NewCustomer) (string, error)
	CreateCheckout(ctx context.Context, c payment.NewCheckout) (string, error)
	CreatePortal(ctx context.Context, customerID, returnURL string) (string, error)
	Subscription(ctx context.Context, id string) (payment.Subscription, error)
	Price(ctx context.Context, id string) (payment.Price, error)
}

// errBillingOff answers the billing routes of a server without Stripe.
var errBillingOff = apperr.Unavailable("billing is not configured on this server: set STRIPE_SECRET_KEY and the STRIPE_PRICE_* price ids")

// providerError turns a failed provider call into a 503 when retrying may
// work, else a logged 500: a refusal of what we sent is a setting to fix.
func providerError(err error) error {
	if errors.Is(err, payment.ErrUnavailable) {
		return apperr.Wrap(apperr.KindUnavailable, "the payment provider is not answering right now; try again in a minute", err)
	}
	return err
}

// liveStatuses are the subscription statuses that give access.
var liveStatuses = map[string]bool{}

func init() {
	for _, s := range plan.LiveSubscriptionStatuses {
		liveStatuses[s] = true
	}
}

type billingWorkspace struct {
	name               string
	ownerEmail         string
	customerID         *string
	subscriptionID     *string
	subscriptionStatus *string
}

// ready refuses the calls of a server without a provider (503), then invalid ones.
func ready(p PaymentProvider, cmd interface{ Validate() error }) error {
	if p == nil {
		return errBillingOff
	}
	return cmd.Validate()
}

// readBillingWorkspace is ready, then the workspace, if the user may manage its billing.
func readBillingWorkspace(ctx context.Context, db *pgxpool.Pool, p PaymentProvider, cmd interface{ Validate() error }, workspaceID, userID uuid.UUID) (billingWorkspace, error) {
	var w billingWorkspace
	if err := ready(p, cmd); err != nil {
		return w, err
	}
	var role domain.Role
	var payer *string
	err := db.QueryRow(ctx, `
		SELECT w.name, u.email, w.payment_customer_id, w.payment_subscription_id, w.subscription_status, m.role, b.name
		FROM workspaces w
		JOIN users u ON u.id = w.owner_id
		JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = $2
		LEFT JOIN workspaces b ON b.id = w.billed_by
		WHERE w.id = $1`, workspaceID, userID).
		Scan(&w.name, &w.ownerEmail, &w.customerID, &w.subscriptionID, &w.subscriptionStatus, &role, &payer)
	if errors.Is(err, pgx.ErrNoRows) {
		return w, apperr.NotFound("workspace not found")
	}
	if err != nil {
		return w, fmt.Errorf("read workspace billing: %w", err)
	}
	if !role.Manages() {
		return w, authz.Refused("manage billing")
	}
	if payer != nil {
		return w, apperr.Conflict(fmt.Sprintf(
			"this workspace is billed by its organisation: its plan is that of the workspace %q, whose subscription is managed there", *payer))
	}
	return w, nil
}
