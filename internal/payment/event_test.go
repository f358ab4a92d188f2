package payment

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stripe/stripe-go/v76/webhook"
)

const secret = "whsec_unit"

func sign(body string, at time.Time) string {
	return webhook.GenerateTestSignedPayload(&webhook.UnsignedPayload{Payload: []byte(body), Secret: secret, Timestamp: at}).Header
}

func TestParseEventReadsWhatEachObjectNames(t *testing.T) {
	for _, tc := range []struct {
		name, object string
		want         Event
	}{
		{
			"checkout session",
			`{"id":"cs_1","object":"checkout.session","mode":"subscription","client_reference_id":"ws-1","customer":"cus_1","subscription":"sub_1"}`,
			Event{ObjectType: "checkout.session", Mode: "subscription", ClientReferenceID: "ws-1", Customer: "cus_1", SubscriptionID: "sub_1", WorkspaceID: "ws-1"},
		},
		{
			"subscription with an expanded customer",
			`{"id":"sub_2","object":"subscription","customer":{"id":"cus_2","object":"customer"},"metadata":{"workspace_id":"ws-2"}}`,
			Event{ObjectType: "subscription", Customer: "cus_2", SubscriptionID: "sub_2", WorkspaceID: "ws-2"},
		},
		{
			"invoice of API 2023-10-16",
			`{"id":"in_3","object":"invoice","customer":"cus_3","subscription":"sub_3","subscription_details":{"metadata":{"workspace_id":"ws-3"}}}`,
			Event{ObjectType: "invoice", Customer: "cus_3", SubscriptionID: "sub_3", WorkspaceID: "ws-3"},
		},
		{
			"invoice of API 2025-03-31",
			`{"id":"in_4","object":"invoice","customer":"cus_4","parent":{"type":"subscription_details","subscription_details":{"subscription":"sub_4","metadata":{"workspace_id":"ws-4"}}}}`,
			Event{ObjectType: "invoice", Customer: "cus_4", SubscriptionID: "sub_4", WorkspaceID: "ws-4"},
		},
		{
			"one-off invoice",
			`{"id":"in_5","object":"invoice","customer":"cus_5","subscription":null}`,
			Event{ObjectType: "invoice", Customer: "cus_5"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := `{"id":"evt_1","object":"event","api_version":"2024-06-20","type":"x.y","livemode":true,"data":{"object":` + tc.object + `}}`
			got, err := ParseEvent([]byte(body), sign(body, time.Now()), secret, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			tc.want.ID, tc.want.Type, tc.want.Livemode, tc.want.APIVersion = "evt_1", "x.y", true, "2024-06-20"
			if got != tc.want {
				t.Fatalf("got  %+v\nwant %+v", got, tc.want)
			}
		})
	}
}

func TestParseEventRefusals(t *testing.T) {
	body := `{"id":"evt_1","object":"event","type":"invoice.paid","data":{"object":{"object":"invoice"}}}`
	now := time.Now()
	for _, tc := range []struct {
		name, body, header, secret, reason string
	}{
		{"no secret", body, sign(body, now), "", "no webhook secret"},
		{"no header", body, "", secret, "header is missing"},
		{"too old", body, sign(body, now.Add(-Tolerance-time.Minute)), secret, "old"},
		{"from the future", body, sign(body, now.Add(Tolerance+time.Minute)), secret, "future"},
		{"other body", body + " ", sign(body, now), secret, "no valid v1 signature"},
		{"not an event", `[1,2]`, sign(`[1,2]`, now), secret, "not an event"},
		{"no id", `{"type":"invoice.paid"}`, sign(`{"type":"invoice.paid"}`, now), secret, "no id or type"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseEvent([]byte(tc.body), tc.header, tc.secret, now)
			var se *SignatureError
			if !errors.As(err, &se) || !strings.Contains(se.Reason, tc.reason) {
				t.Fatalf("error %v, want a signature error saying %q", err, tc.reason)
			}
		})
	}
	// Just inside the tolerance either way is accepted.
	for _, at := range []time.Time{now.Add(-Tolerance + 5*time.Second), now.Add(Tolerance - 5*time.Second)} {
		if _, err := ParseEvent([]byte(body), sign(body, at), secret, now); err != nil {
			t.Errorf("signed at %v: %v", at.Sub(now), err)
		}
	}
}

// FuzzParseEvent: any body and header either parse into an event with an
// id and a type, or fail with a signature error; nothing panics.
func FuzzParseEvent(f *testing.F) {
	now := time.Now()
	for _, body := range []string{
		`{"id":"evt_1","type":"invoice.paid","data":{"object":{"object":"invoice","subscription":{"id":"sub_1"}}}}`,
		`{"id":"evt_2","type":"checkout.session.completed","data":{"object":{"object":"checkout.session","customer":7}}}`,
		`{"id":"evt_3","type":"x","data":{"object":null}}`,
		`{}`, `null`, ``,
	} {
		f.Add([]byte(body), sign(body, now), true)
		f.Add([]byte(body), "t=1,v1=00,v0=11", false)
	}
	f.Fuzz(func(t *testing.T, body []byte, header string, resign bool) {
		if resign {
			header = sign(string(body), now)
		}
		ev, err := ParseEvent(body, header, secret, now)
		if err != nil {
			var se *SignatureError
			if !errors.As(err, &se) {
				t.Fatalf("error of another kind: %v", err)
			}
			return
		}
		if ev.ID == "" || ev.Type == "" {
			t.Fatalf("parsed an event without id or type: %+v", ev)
		}
	})
}
