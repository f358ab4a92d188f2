package payment

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/stripe/stripe-go/v76/webhook"
)

// The signature headers: the interface spec's, then Stripe's own.
const (
	SignatureHeader       = "payment-signature"
	StripeSignatureHeader = "Stripe-Signature"
)

// Tolerance is how far a signature's timestamp may lie from now, either way.
const Tolerance = webhook.DefaultTolerance

// SignatureError is a signature that does not prove the body fresh and real.
type SignatureError struct{ Reason string }

func (e *SignatureError) Error() string { return "bad payment signature: " + e.Reason }

func badSignature(format string, args ...any) error {
	return &SignatureError{Reason: fmt.Sprintf(format, args...)}
}

// Event is what the service reads of a webhook event.
type Event struct {
	ID         string
	Type       string
	Livemode   bool
	APIVersion string

	ObjectType        string // data.object's: checkout.session, invoice, ...
	Mode              string // a checkout session's
	ClientReferenceID string // a checkout session's: the workspace
	Customer          string
	SubscriptionID    string // the object's, or the object itself
	WorkspaceID       string // from the subscription's metadata, if any
}

// ParseEvent verifies the signature header over the raw body and decodes the
// fields every API version has in the same place; an empty secret refuses all.
func ParseEvent(payload []byte, header, secret string, now time.Time) (Event, error) {
	if secret == "" {
		return Event{}, badSignature("no webhook secret is configured")
	}
	if strings.TrimSpace(header) == "" {
		return Event{}, badSignature("the %s header is missing", SignatureHeader)
	}
	ev, err := webhook.ConstructEventWithOptions(payload, header, secret, webhook.ConstructEventOptions{
		Tolerance: Tolerance, IgnoreAPIVersionMismatch: true,
	})
	switch {
	case errors.Is(err, webhook.ErrTooOld):
		return Event{}, badSignature("the timestamp is more than %s old", Tolerance)
	case errors.Is(err, webhook.ErrNotSigned), errors.Is(err, webhook.ErrInvalidHeader), errors.Is(err, webhook.ErrNoValidSignature):
		return Event{}, badSignature("no valid v1 signature of this body")
	case err != nil:
		return Event{}, badSignature("the body is not an event: %v", err)
	}
	// stripe-go only refuses old timestamps: a signature from the future
	// would stay valid for as long as it lies ahead.
	if t, ok := signedAt(header); !ok || t.After(now.Add(Tolerance)) {
		return Event{}, badSignature("the timestamp is more than %s in the future", Tolerance)
	}
	if ev.ID == "" || ev.Type == "" {
		return Event{}, badSignature("the event has no id or type")
	}
	out := Event{ID: ev.ID, Type: string(ev.Type), Livemode: ev.Livemode, APIVersion: ev.APIVersion}
	if ev.Data == nil || len(ev.Data.Raw) == 0 {
		return out, nil
	}
	var obj eventObject
	if err := json.Unmarshal(ev.Data.Raw, &obj); err != nil {
		return Event{}, badSignature("data.object is not an object: %v", err)
	}
	out.ObjectType, out.Mode, out.ClientReferenceID, out.Customer = obj.Object, obj.Mode, obj.ClientReferenceID, string(obj.Customer)
	switch obj.Object {
	case "subscription":
		out.SubscriptionID, out.WorkspaceID = obj.ID, obj.Metadata[MetadataWorkspaceID]
	case "invoice":
		out.SubscriptionID = string(obj.Subscription)
		if obj.SubscriptionDetails != nil {
			out.WorkspaceID = obj.SubscriptionDetails.Metadata[MetadataWorkspaceID]
		}
		// From API version 2025-03-31 on, an invoice names its subscription here.
		if p := obj.Parent; p != nil && p.SubscriptionDetails != nil {
			if out.SubscriptionID == "" {
				out.SubscriptionID = string(p.SubscriptionDetails.Subscription)
			}
			if out.WorkspaceID == "" {
				out.WorkspaceID = p.SubscriptionDetails.Metadata[MetadataWorkspaceID]
			}
		}
	case "checkout.session":
		out.SubscriptionID, out.WorkspaceID = string(obj.Subscription), obj.ClientReferenceID
	}
	return out, nil
}

type eventObject struct {
	ID                  string            `json:"id"`
	Object              string            `json:"object"`
	Mode                string            `json:"mode"`
	ClientReferenceID   string            `json:"client_reference_id"`
	Customer            expandable        `json:"customer"`
	Subscription        expandable        `json:"subscription"`
	Metadata            map[string]string `json:"metadata"`
	SubscriptionDetails *struct {
		Metadata map[string]string `json:"metadata"`
	} `json:"subscription_details"`
	Parent *struct {
		SubscriptionDetails *struct {
			Subscription expandable        `json:"subscription"`
			Metadata     map[string]string `json:"metadata"`
		} `json:"subscription_details"`
	} `json:"parent"`
}

type expandable string

func (e *expandable) UnmarshalJSON(b []byte) error {
	var id string
	if err := json.Unmarshal(b, &id); err == nil {
		*e = expandable(id)
		return nil
	}
	var obj struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(b, &obj); err != nil {
		return err
	}
	*e = expandable(obj.ID)
	return nil
}

func signedAt(header string) (time.Time, bool) {
	for _, part := range strings.Split(header, ",") {
		if v, ok := strings.CutPrefix(strings.TrimSpace(part), "t="); ok {
			n, err := strconv.ParseInt(v, 10, 64)
			return time.Unix(n, 0), err == nil
		}
	}
	return time.Time{}, false
}
