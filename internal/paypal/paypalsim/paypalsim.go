// Package paypalsim stands in for PayPal's Payouts API (v1) in the tests
// and under `make run` (cmd/paypalsim), speaking its documented format:
// POST /v1/oauth2/token (client credentials, HTTP Basic), POST
// /v1/payments/payouts and GET /v1/payments/payouts/{id}.
//
// Apps: the first use of a client id registers it with its secret; a
// later token request with another secret is refused (401 invalid_client).
// A sender_batch_id used before by the same app is refused as PayPal does
// (400 USER_BUSINESS_ERROR, its detail linking the first payout), so a
// retry never pays twice.
//
// Items are PENDING when created and take their outcome on the first read
// after, chosen by the receiver's address: "+unclaimed" (UNCLAIMED,
// RECEIVER_UNREGISTERED), "+failed" (FAILED, RECEIVER_ACCOUNT_LOCKED),
// "+blocked" (BLOCKED), "+onhold" (ONHOLD); any other is SUCCESS. A payout
// of more than 1,000,000.00 in total is refused (422 INSUFFICIENT_FUNDS).
//
// Control, for tests: POST /sim/fail-next?times=N makes the next N payouts
// be created but answered 500, as an answer lost on the way; POST
// /sim/down?times=N answers the next N API requests 503 without doing
// anything, as an outage; POST
// /sim/items/{payout_item_id}?status=S sets an item's transaction status
// (a payment returned, refunded, reversed or claimed); GET /sim/payouts
// lists every payout created, with its app and sender_batch_id.
package paypalsim

import (
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Sim is the stand-in's state; its zero value is not usable: New.
type Sim struct {
	mu       sync.Mutex
	apps     map[string]string // client id → secret
	tokens   map[string]string // access token → client id
	payouts  map[string]*payout
	bySender map[string]string // app + "\n" + sender_batch_id → payout id
	items    map[string]*item  // payout_item_id → item
	failNext int
	down     int
	now      func() time.Time
}

type payout struct {
	ID            string          `json:"payoutBatchId"`
	App           string          `json:"app"`
	SenderBatchID string          `json:"senderBatchId"`
	Header        json.RawMessage `json:"-"`
	Status        string          `json:"batchStatus"`
	Created       time.Time       `json:"created"`
	Items         []*item         `json:"items"`
	read          bool
}

type item struct {
	ID            string          `json:"payoutItemId"`
	TransactionID string          `json:"transactionId"`
	Status        string          `json:"transactionStatus"`
	Outcome       string          `json:"-"`
	Error         string          `json:"error,omitempty"`
	Body          json.RawMessage `json:"-"`
	Receiver      string          `json:"receiver"`
	SenderItemID  string          `json:"senderItemId"`
	Amount        money           `json:"amount"`
	Processed     *time.Time      `json:"-"`
}

type money struct {
	Currency string `json:"currency"`
	Value    string `json:"value"`
}

// New returns an empty stand-in; now is its clock (time.Now when nil).
func New(now func() time.Time) *Sim {
	if now == nil {
		now = time.Now
	}
	return &Sim{apps: map[string]string{}, tokens: map[string]string{}, payouts: map[string]*payout{},
		bySender: map[string]string{}, items: map[string]*item{}, now: now}
}

// Handler serves the API and the control routes.
func (s *Sim) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/oauth2/token", s.outage(s.token))
	mux.HandleFunc("POST /v1/payments/payouts", s.outage(s.create))
	mux.HandleFunc("GET /v1/payments/payouts/{id}", s.outage(s.get))
	mux.HandleFunc("POST /sim/fail-next", s.failNextN)
	mux.HandleFunc("POST /sim/down", s.downN)
	mux.HandleFunc("POST /sim/items/{id}", s.setItem)
	mux.HandleFunc("GET /sim/payouts", s.list)
	return mux
}

func newID(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return strings.TrimRight(base32.StdEncoding.EncodeToString(b), "=")[:13]
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// failure writes PayPal's error body.
func failure(w http.ResponseWriter, status int, name, message string, details ...map[string]any) {
	if details == nil {
		details = []map[string]any{}
	}
	writeJSON(w, status, map[string]any{
		"name": name, "message": message, "debug_id": newID(8),
		"information_link": "https://developer.paypal.com/docs/api/payments.payouts-batch/#errors",
		"details":          details, "links": []any{},
	})
}

func (s *Sim) token(w http.ResponseWriter, r *http.Request) {
	id, secret, ok := r.BasicAuth()
	if err := r.ParseForm(); err != nil || r.PostForm.Get("grant_type") != "client_credentials" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type", "error_description": "Grant Type is NULL"})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	known, registered := s.apps[id]
	if !ok || id == "" || secret == "" || (registered && known != secret) {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client", "error_description": "Client Authentication failed"})
		return
	}
	s.apps[id] = secret
	tok := "A21AA" + newID(20) + newID(20)
	s.tokens[tok] = id
	writeJSON(w, http.StatusOK, map[string]any{
		"scope": "https://uri.paypal.com/services/payments/payouts", "access_token": tok, "token_type": "Bearer",
		"app_id": "APP-" + strings.ToUpper(newID(8)), "expires_in": 32400, "nonce": s.now().UTC().Format(time.RFC3339) + newID(8),
	})
}

// app is the client id of the request's bearer token, or "" (answered 401).
func (s *Sim) app(w http.ResponseWriter, r *http.Request) string {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	s.mu.Lock()
	id := s.tokens[tok]
	s.mu.Unlock()
	if !ok || id == "" {
		failure(w, http.StatusUnauthorized, "AUTHENTICATION_FAILURE", "Authentication failed due to invalid authentication credentials or a missing Authorization header.")
	}
	return id
}

var amount = regexp.MustCompile(`^[0-9]{1,10}(\.[0-9]{1,2})?$`)

type payoutIn struct {
	SenderBatchHeader struct {
		SenderBatchID string `json:"sender_batch_id"`
		RecipientType string `json:"recipient_type"`
		EmailSubject  string `json:"email_subject"`
	} `json:"sender_batch_header"`
	Items []struct {
		RecipientType string `json:"recipient_type"`
		Amount        money  `json:"amount"`
		Note          string `json:"note"`
		Receiver      string `json:"receiver"`
		SenderItemID  string `json:"sender_item_id"`
	} `json:"items"`
}

func (s *Sim) create(w http.ResponseWriter, r *http.Request) {
	app := s.app(w, r)
	if app == "" {
		return
	}
	var in payoutIn
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		failure(w, http.StatusBadRequest, "MALFORMED_REQUEST", "Json request malformed.")
		return
	}
	var problems []map[string]any
	if in.SenderBatchHeader.SenderBatchID == "" || len(in.SenderBatchHeader.SenderBatchID) > 256 {
		problems = append(problems, map[string]any{"field": "sender_batch_header.sender_batch_id", "location": "body", "issue": "Required field is missing or too long"})
	}
	if len(in.Items) == 0 || len(in.Items) > 15000 {
		problems = append(problems, map[string]any{"field": "items", "location": "body", "issue": "A payout holds 1 to 15000 items"})
	}
	var total float64
	for i, it := range in.Items {
		rt := it.RecipientType
		if rt == "" {
			rt = in.SenderBatchHeader.RecipientType
		}
		if rt != "EMAIL" && rt != "PHONE" && rt != "PAYPAL_ID" {
			problems = append(problems, map[string]any{"field": fmt.Sprintf("items[%d].recipient_type", i), "location": "body", "issue": "Invalid recipient type"})
		}
		if !amount.MatchString(it.Amount.Value) || len(it.Amount.Currency) != 3 {
			problems = append(problems, map[string]any{"field": fmt.Sprintf("items[%d].amount", i), "location": "body", "issue": "Invalid amount"})
		}
		if it.Receiver == "" {
			problems = append(problems, map[string]any{"field": fmt.Sprintf("items[%d].receiver", i), "location": "body", "issue": "Required field is missing"})
		}
		v, _ := strconv.ParseFloat(it.Amount.Value, 64)
		total += v
	}
	if problems != nil {
		failure(w, http.StatusBadRequest, "VALIDATION_ERROR", "Invalid request - see details.", problems...)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	key := app + "\n" + in.SenderBatchHeader.SenderBatchID
	if id, ok := s.bySender[key]; ok {
		failure(w, http.StatusBadRequest, "USER_BUSINESS_ERROR", "User business error.", map[string]any{
			"field": "SENDER_BATCH_ID", "location": "body", "issue": "Batch with given sender_batch_id already exists",
			"link": []map[string]string{{"href": "https://api.sandbox.paypal.com/v1/payments/payouts/" + id, "rel": "self", "method": "GET", "encType": "application/json"}},
		})
		return
	}
	if total > 1_000_000 {
		failure(w, http.StatusUnprocessableEntity, "INSUFFICIENT_FUNDS", "Sender does not have sufficient funds. Please add funds and retry.")
		return
	}
	p := &payout{ID: strings.ToUpper(newID(10)), App: app, SenderBatchID: in.SenderBatchHeader.SenderBatchID, Status: "PENDING", Created: s.now().UTC()}
	p.Header, _ = json.Marshal(in.SenderBatchHeader)
	for _, it := range in.Items {
		x := &item{ID: strings.ToUpper(newID(10)), Status: "PENDING", Receiver: it.Receiver, SenderItemID: it.SenderItemID, Amount: it.Amount}
		x.Outcome, x.Error = outcome(it.Receiver)
		body := it
		if body.RecipientType == "" {
			body.RecipientType = in.SenderBatchHeader.RecipientType
		}
		x.Body, _ = json.Marshal(body)
		p.Items = append(p.Items, x)
		s.items[x.ID] = x
	}
	s.payouts[p.ID] = p
	s.bySender[key] = p.ID
	if s.failNext > 0 {
		s.failNext--
		failure(w, http.StatusInternalServerError, "INTERNAL_SERVER_ERROR", "An internal server error occurred.")
		return
	}
	writeJSON(w, http.StatusCreated, map[string]any{
		"batch_header": map[string]any{"payout_batch_id": p.ID, "batch_status": p.Status, "sender_batch_header": p.Header},
		"links":        []map[string]string{s.link(r, p.ID)},
	})
}

// outcome is the transaction status a receiver's address asks for, and
// the error name that goes with it.
func outcome(receiver string) (string, string) {
	switch r := strings.ToLower(receiver); {
	case strings.Contains(r, "+unclaimed"):
		return "UNCLAIMED", "RECEIVER_UNREGISTERED"
	case strings.Contains(r, "+failed"):
		return "FAILED", "RECEIVER_ACCOUNT_LOCKED"
	case strings.Contains(r, "+blocked"):
		return "BLOCKED", "RECEIVER_COUNTRY_NOT_ALLOWED"
	case strings.Contains(r, "+onhold"):
		return "ONHOLD", ""
	}
	return "SUCCESS", ""
}

var itemMessages = map[string]string{
	"RECEIVER_UNREGISTERED":        "Receiver is unregistered",
	"RECEIVER_ACCOUNT_LOCKED":      "Receiver account is locked or inactive",
	"RECEIVER_COUNTRY_NOT_ALLOWED": "Payouts are not allowed to the receiver's country",
}

func (s *Sim) link(r *http.Request, id string) map[string]string {
	return map[string]string{"href": "http://" + r.Host + "/v1/payments/payouts/" + id, "rel": "self", "method": "GET", "encType": "application/json"}
}

func (s *Sim) get(w http.ResponseWriter, r *http.Request) {
	app := s.app(w, r)
	if app == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.payouts[r.PathValue("id")]
	if !ok || p.App != app {
		failure(w, http.StatusNotFound, "INVALID_RESOURCE_ID", "Requested resource ID was not found.")
		return
	}
	now := s.now().UTC()
	if !p.read {
		// processed: every item takes its outcome
		p.read, p.Status = true, "SUCCESS"
		for _, it := range p.Items {
			it.Status, it.Processed = it.Outcome, &now
			if it.Status == "SUCCESS" {
				it.TransactionID = strings.ToUpper(newID(9))
			}
		}
	}
	items := make([]map[string]any, len(p.Items))
	for i, it := range p.Items {
		m := map[string]any{
			"payout_item_id": it.ID, "transaction_status": it.Status, "payout_batch_id": p.ID,
			"payout_item": it.Body, "payout_item_fee": money{Currency: it.Amount.Currency, Value: "0.00"},
			"links": []map[string]string{{"href": "http://" + r.Host + "/v1/payments/payouts-item/" + it.ID, "rel": "item", "method": "GET"}},
		}
		if it.TransactionID != "" {
			m["transaction_id"] = it.TransactionID
		}
		if it.Processed != nil {
			m["time_processed"] = it.Processed.Format(time.RFC3339)
		}
		if it.Error != "" && it.Status != "SUCCESS" {
			m["errors"] = map[string]string{"name": it.Error, "message": itemMessages[it.Error]}
		}
		items[i] = m
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"batch_header": map[string]any{"payout_batch_id": p.ID, "batch_status": p.Status, "time_created": p.Created.Format(time.RFC3339),
			"sender_batch_header": p.Header},
		"items": items, "links": []map[string]string{s.link(r, p.ID)},
	})
}

func times(r *http.Request) int {
	n, err := strconv.Atoi(r.URL.Query().Get("times"))
	if err != nil || n < 0 {
		n = 1
	}
	return n
}

func (s *Sim) failNextN(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.failNext = times(r)
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

func (s *Sim) downN(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.down = times(r)
	s.mu.Unlock()
	w.WriteHeader(http.StatusNoContent)
}

// outage answers 503 while the stand-in is down.
func (s *Sim) outage(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		down := s.down > 0
		if down {
			s.down--
		}
		s.mu.Unlock()
		if down {
			failure(w, http.StatusServiceUnavailable, "SERVICE_UNAVAILABLE", "Service Unavailable.")
			return
		}
		next(w, r)
	}
}

var statuses = map[string]bool{"SUCCESS": true, "FAILED": true, "PENDING": true, "UNCLAIMED": true, "RETURNED": true,
	"ONHOLD": true, "BLOCKED": true, "REFUNDED": true, "REVERSED": true}

func (s *Sim) setItem(w http.ResponseWriter, r *http.Request) {
	st := strings.ToUpper(r.URL.Query().Get("status"))
	if !statuses[st] {
		http.Error(w, "status: one of "+fmt.Sprint(statuses), http.StatusBadRequest)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	it, ok := s.items[r.PathValue("id")]
	if !ok {
		http.NotFound(w, r)
		return
	}
	it.Status, it.Outcome = st, st
	if st == "SUCCESS" && it.TransactionID == "" {
		it.TransactionID = strings.ToUpper(newID(9))
	}
	w.WriteHeader(http.StatusNoContent)
}

// Payout is a payout as GET /sim/payouts lists it.
type Payout struct {
	ID            string `json:"payoutBatchId"`
	App           string `json:"app"`
	SenderBatchID string `json:"senderBatchId"`
	Items         []struct {
		ID       string `json:"payoutItemId"`
		Status   string `json:"transactionStatus"`
		Receiver string `json:"receiver"`
		Amount   money  `json:"amount"`
	} `json:"items"`
}

func (s *Sim) list(w http.ResponseWriter, _ *http.Request) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]*payout, 0, len(s.payouts))
	for _, p := range s.payouts {
		out = append(out, p)
	}
	writeJSON(w, http.StatusOK, out)
}

// Payouts lists every payout created (for tests in the same process).
func (s *Sim) Payouts() []Payout {
	s.mu.Lock()
	b, _ := json.Marshal(func() []*payout {
		out := make([]*payout, 0, len(s.payouts))
		for _, p := range s.payouts {
			out = append(out, p)
		}
		return out
	}())
	s.mu.Unlock()
	var out []Payout
	_ = json.Unmarshal(b, &out)
	return out
}
