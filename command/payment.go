package command

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/payment"
)

// PaymentProvider is the payment provider (Stripe): customers, checkout and
// billing portal sessions, the subscriptions that payment events are about,
// read back in their current state, and the catalogue's prices. Errors wrap
// payment.ErrUnavailable, payment.ErrNotFound or payment.ErrRejected.
type PaymentProvider interface {
	CreateCustomer(ctx context.Context, c payment.NewCustomer) (string, error)
	CreateCheckout(ctx context.Context, c payment.NewCheckout) (string, error)
	CreatePortal(ctx context.Context, customerID, returnURL string) (string, error)
	Subscription(ctx context.Context, id string) (payment.Subscription, error)
	// Price reads one of the catalogue's prices: amount, currency, interval.
	Price(ctx context.Context, id string) (payment.Price, error)
}

// errBillingOff answers the billing routes of a server without Stripe.
var errBillingOff = apperr.Unavailable("billing is not configured on this server: set STRIPE_SECRET_KEY and the STRIPE_PRICE_* price ids")

// providerError turns a failed provider call into a 503 when trying again
// may work, and an internal error (logged, 500) when the provider refused
// what we sent, which is a setting to fix rather than something to retry.
// The provider's own message stays in the wrapped error, for the log.
func providerError(err error) error {
	if errors.Is(err, payment.ErrUnavailable) {
		return apperr.Wrap(apperr.KindUnavailable, "the payment provider is not answering right now; try again in a minute", err)
	}
	return err
}

// liveStatuses are the subscription statuses that give access.
var liveStatuses = map[string]bool{"active": true, "trialing": true, "past_due": true}

// billingWorkspace is what the billing commands read of a workspace.
type billingWorkspace struct {
	name               string
	ownerEmail         string
	customerID         *string
	subscriptionID     *string
	subscriptionStatus *string
}

// readBillingWorkspace reads the workspace and checks that the caller may
// manage its billing: owners and admins only.
func readBillingWorkspace(ctx context.Context, db *pgxpool.Pool, workspaceID, userID uuid.UUID) (billingWorkspace, error) {
	var w billingWorkspace
	var role string
	err := db.QueryRow(ctx, `
		SELECT w.name, u.email, w.payment_customer_id, w.payment_subscription_id, w.subscription_status, m.role
		FROM workspaces w
		JOIN users u ON u.id = w.owner_id
		JOIN workspace_members m ON m.workspace_id = w.id AND m.user_id = $2
		WHERE w.id = $1`, workspaceID, userID).
		Scan(&w.name, &w.ownerEmail, &w.customerID, &w.subscriptionID, &w.subscriptionStatus, &role)
	if errors.Is(err, pgx.ErrNoRows) {
		return w, apperr.NotFound("workspace not found")
	}
	if err != nil {
		return w, fmt.Errorf("read workspace billing: %w", err)
	}
	if !managesWorkspace(role) {
		return w, apperr.Forbidden("only owners and admins can manage billing")
	}
	return w, nil
}
