// Package payment is the Stripe client behind the interface command
// declares: customers, checkout and portal sessions, subscriptions, and the
// verification of signed webhook events.
package payment

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/stripe/stripe-go/v76"
	"github.com/stripe/stripe-go/v76/client"
)

// Errors of a provider call, wrapped around the provider's own error.
var (
	ErrUnavailable = errors.New("payment provider unavailable")         // no answer, 5xx or 429
	ErrNotFound    = errors.New("payment provider object not found")    // 404
	ErrRejected    = errors.New("payment provider refused the request") // another 4xx
)

// Options configure a Stripe client.
type Options struct {
	SecretKey         string
	APIURL            string        // https://api.stripe.com, or stripe-mock
	MaxNetworkRetries *int64        // stripe-go's, with its idempotency keys; nil: 2
	Timeout           time.Duration // of one request; zero: 30 s
}

// Stripe is the payment provider's client. It is safe for concurrent use.
type Stripe struct {
	api *client.API
}

// NewStripe builds a client for the API at o.APIURL.
func NewStripe(o Options) *Stripe {
	timeout := o.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	apiURL := o.APIURL
	if apiURL == "" {
		apiURL = stripe.APIURL
	}
	b := stripe.GetBackendWithConfig(stripe.APIBackend, &stripe.BackendConfig{
		URL:               stripe.String(apiURL),
		HTTPClient:        &http.Client{Timeout: timeout},
		MaxNetworkRetries: o.MaxNetworkRetries,
		// Failures are returned to the caller, which decides what to log;
		// stripe-go's own logger would print them to stderr a second time.
		LeveledLogger: &stripe.LeveledLogger{Level: stripe.LevelNull},
	})
	return &Stripe{api: client.New(o.SecretKey, &stripe.Backends{API: b, Connect: b, Uploads: b})}
}

// NewCustomer is a customer to create for a workspace.
type NewCustomer struct {
	WorkspaceID string
	Email       string
	Name        string
}

// CreateCustomer creates the workspace's customer and returns its id, keyed
// by the workspace so concurrent first checkouts share one.
func (s *Stripe) CreateCustomer(ctx context.Context, c NewCustomer) (string, error) {
	params := &stripe.CustomerParams{
		Email:    stripe.String(c.Email),
		Name:     stripe.String(c.Name),
		Metadata: map[string]string{MetadataWorkspaceID: c.WorkspaceID},
	}
	params.Context = ctx
	params.IdempotencyKey = stripe.String("reeltrack-customer-" + c.WorkspaceID)
	cus, err := s.api.Customers.New(params)
	if err != nil {
		return "", classify("create customer", err)
	}
	return cus.ID, nil
}

// Metadata keys the service sets on customers, sessions and subscriptions.
const (
	MetadataWorkspaceID = "workspace_id"
	MetadataPlan        = "plan"
	MetadataFounding    = "founding"
)

// NewCheckout is a subscription checkout for one price.
type NewCheckout struct {
	WorkspaceID string
	CustomerID  string
	PriceID     string
	SuccessURL  string
	CancelURL   string
	ExpiresAt   time.Time         // 30 min to 24 h away; zero: 24 h
	Metadata    map[string]string // on the session and its subscription
}

// CreateCheckout creates a subscription Checkout Session and returns its URL;
// the workspace id goes where subscription and invoice events find it.
func (s *Stripe) CreateCheckout(ctx context.Context, c NewCheckout) (string, error) {
	params := &stripe.CheckoutSessionParams{
		Mode:              stripe.String(string(stripe.CheckoutSessionModeSubscription)),
		Customer:          stripe.String(c.CustomerID),
		ClientReferenceID: stripe.String(c.WorkspaceID),
		LineItems:         []*stripe.CheckoutSessionLineItemParams{{Price: stripe.String(c.PriceID), Quantity: stripe.Int64(1)}},
		SuccessURL:        stripe.String(c.SuccessURL),
		CancelURL:         stripe.String(c.CancelURL),
		Metadata:          c.Metadata,
		SubscriptionData:  &stripe.CheckoutSessionSubscriptionDataParams{Metadata: c.Metadata},
	}
	if !c.ExpiresAt.IsZero() {
		params.ExpiresAt = stripe.Int64(c.ExpiresAt.Unix())
	}
	params.Context = ctx
	sess, err := s.api.CheckoutSessions.New(params)
	if err != nil {
		return "", classify("create checkout session", err)
	}
	if sess.URL == "" {
		return "", fmt.Errorf("create checkout session: %w: the session has no URL", ErrRejected)
	}
	return sess.URL, nil
}

// CreatePortal creates a billing portal session and returns its URL.
func (s *Stripe) CreatePortal(ctx context.Context, customerID, returnURL string) (string, error) {
	params := &stripe.BillingPortalSessionParams{Customer: stripe.String(customerID), ReturnURL: stripe.String(returnURL)}
	params.Context = ctx
	sess, err := s.api.BillingPortalSessions.New(params)
	if err != nil {
		return "", classify("create billing portal session", err)
	}
	return sess.URL, nil
}

// Subscription is what the service reads of a subscription.
type Subscription struct {
	ID       string
	Customer string
	Status   string
	PriceIDs []string // of its items, in order
	Metadata map[string]string
	// CurrentPeriodStart is when the current (if past due: unpaid) period began.
	CurrentPeriodStart time.Time
	Livemode           bool
}

// Subscription reads a subscription's current state; ended ones are canceled.
func (s *Stripe) Subscription(ctx context.Context, id string) (Subscription, error) {
	params := &stripe.SubscriptionParams{}
	params.Context = ctx
	sub, err := s.api.Subscriptions.Get(id, params)
	if err != nil {
		return Subscription{}, classify("retrieve subscription "+id, err)
	}
	out := Subscription{
		ID: sub.ID, Status: string(sub.Status), Metadata: sub.Metadata, Livemode: sub.Livemode,
		CurrentPeriodStart: time.Unix(sub.CurrentPeriodStart, 0).UTC(),
	}
	if sub.Customer != nil {
		out.Customer = sub.Customer.ID
	}
	if sub.Items != nil {
		for _, it := range sub.Items.Data {
			if it != nil && it.Price != nil {
				out.PriceIDs = append(out.PriceIDs, it.Price.ID)
			}
		}
	}
	return out, nil
}

func classify(op string, err error) error {
	var se *stripe.Error
	if !errors.As(err, &se) {
		return fmt.Errorf("%s: %w: %w", op, ErrUnavailable, err)
	}
	switch {
	case se.HTTPStatusCode == http.StatusNotFound:
		return fmt.Errorf("%s: %w: %w", op, ErrNotFound, err)
	case se.HTTPStatusCode == http.StatusTooManyRequests || se.HTTPStatusCode >= 500 || se.HTTPStatusCode == 0:
		return fmt.Errorf("%s: %w: %w", op, ErrUnavailable, err)
	default:
		return fmt.Errorf("%s: %w: %w", op, ErrRejected, err)
	}
}
