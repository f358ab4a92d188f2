package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
)

type webhook struct {
	id              string
	eventTypes      []string
	requestURL      string
	payloadTemplate string
	headersTemplate string
	idempotencyKey  string
}

func (h *webhook) wants(event string) bool { return slices.Contains(h.eventTypes, event) }

var knownEvents = []string{
	"ACTOR.RUN.CREATED", "ACTOR.RUN.SUCCEEDED", "ACTOR.RUN.FAILED",
	"ACTOR.RUN.ABORTED", "ACTOR.RUN.TIMED_OUT", "ACTOR.RUN.RESURRECTED",
}

type webhookSpec struct {
	EventTypes      []string        `json:"eventTypes"`
	RequestURL      string          `json:"requestUrl"`
	PayloadTemplate string          `json:"payloadTemplate"`
	HeadersTemplate json.RawMessage `json:"headersTemplate"`
	IdempotencyKey  string          `json:"idempotencyKey"`
}

// parseWebhooks reads the webhooks parameter: Base64 (maybe URL-encoded once
// more, or + turned into spaces) of a JSON array of webhook specs.
func parseWebhooks(param string) ([]*webhook, error) {
	if param == "" {
		return nil, nil
	}
	raw, err := decodeBase64(param)
	if err != nil {
		return nil, errors.New("the webhooks parameter is not Base64")
	}
	var specs []webhookSpec
	if err := json.Unmarshal(raw, &specs); err != nil {
		return nil, fmt.Errorf("the webhooks parameter is not a JSON array of webhooks: %w", err)
	}
	hooks := make([]*webhook, 0, len(specs))
	var problems []error
	for i, s := range specs {
		h := &webhook{
			id:              randomID(),
			eventTypes:      s.EventTypes,
			requestURL:      s.RequestURL,
			payloadTemplate: s.PayloadTemplate,
			idempotencyKey:  s.IdempotencyKey,
		}
		if err := json.Unmarshal(s.HeadersTemplate, &h.headersTemplate); err != nil && len(s.HeadersTemplate) > 0 && string(s.HeadersTemplate) != "null" {
			h.headersTemplate = string(s.HeadersTemplate) // given as an object rather than a string
		}
		if u, err := url.Parse(s.RequestURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			problems = append(problems, fmt.Errorf("webhook %d: requestUrl must be an absolute http(s) URL", i))
		}
		if len(s.EventTypes) == 0 {
			problems = append(problems, fmt.Errorf("webhook %d: eventTypes is empty", i))
		}
		for _, e := range s.EventTypes {
			if !slices.Contains(knownEvents, e) {
				problems = append(problems, fmt.Errorf("webhook %d: unknown event type %q", i, e))
			}
		}
		if h.headersTemplate != "" {
			if _, err := renderHeaders(h.headersTemplate, templateVars{}); err != nil {
				problems = append(problems, fmt.Errorf("webhook %d: %w", i, err))
			}
		}
		if h.payloadTemplate != "" && !json.Valid([]byte(render(h.payloadTemplate, templateVars{}))) {
			problems = append(problems, fmt.Errorf("webhook %d: payloadTemplate is not JSON", i))
		}
		hooks = append(hooks, h)
	}
	if err := errors.Join(problems...); err != nil {
		return nil, err
	}
	return hooks, nil
}

func decodeBase64(s string) ([]byte, error) {
	s = strings.TrimSpace(s)
	for range 2 {
		fixed := strings.ReplaceAll(s, " ", "+")
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding, base64.URLEncoding, base64.RawURLEncoding} {
			if b, err := enc.DecodeString(fixed); err == nil {
				return b, nil
			}
		}
		unescaped, err := url.QueryUnescape(s)
		if err != nil || unescaped == s {
			break
		}
		s = unescaped
	}
	return nil, errors.New("not Base64")
}

type templateVars struct {
	UserID    string
	CreatedAt string
	EventType string
	EventData map[string]any
	Resource  any
}

var templateVar = regexp.MustCompile(`\{\{\s*([A-Za-z0-9_.]+)\s*\}\}`)

// render substitutes {{userId}}, {{createdAt}}, {{eventType}}, {{eventData}},
// {{resource}} and dotted paths into them (e.g. {{resource.id}}) with their
// JSON values; unknown variables become null.
func render(tmpl string, v templateVars) string {
	var resource any
	if v.Resource != nil {
		raw, _ := json.Marshal(v.Resource)
		_ = json.Unmarshal(raw, &resource)
	}
	root := map[string]any{
		"userId": v.UserID, "createdAt": v.CreatedAt, "eventType": v.EventType,
		"eventData": v.EventData, "resource": resource,
	}
	return templateVar.ReplaceAllStringFunc(tmpl, func(m string) string {
		path := strings.Split(templateVar.FindStringSubmatch(m)[1], ".")
		var cur any = root
		for _, p := range path {
			obj, ok := cur.(map[string]any)
			if !ok {
				cur = nil
				break
			}
			cur = obj[p]
		}
		out, err := json.Marshal(cur)
		if err != nil {
			return "null"
		}
		return string(out)
	})
}

func renderHeaders(tmpl string, v templateVars) (map[string]string, error) {
	var raw map[string]any
	if err := json.Unmarshal([]byte(render(tmpl, v)), &raw); err != nil {
		return nil, errors.New("headersTemplate is not a JSON object")
	}
	out := make(map[string]string, len(raw))
	for k, val := range raw {
		if s, ok := val.(string); ok {
			out[k] = s
		} else {
			b, _ := json.Marshal(val)
			out[k] = string(b)
		}
	}
	return out, nil
}

// defaultPayload is Apify's default webhook payload.
type defaultPayload struct {
	UserID    string         `json:"userId"`
	CreatedAt string         `json:"createdAt"`
	EventType string         `json:"eventType"`
	EventData map[string]any `json:"eventData"`
	Resource  any            `json:"resource"`
}

// dispatcher delivers webhooks: POST JSON, retried with exponential
// back-off on a network error or a non-2xx answer.
type dispatcher struct {
	client    *http.Client
	retries   int
	first     time.Duration
	ceiling   time.Duration
	duplicate bool
	log       *slog.Logger
	ctx       context.Context
	cancel    context.CancelFunc
	wg        sync.WaitGroup
}

func newDispatcher(cfg Config, log *slog.Logger) *dispatcher {
	ctx, cancel := context.WithCancel(context.Background())
	return &dispatcher{
		client:    &http.Client{Timeout: cfg.WebhookTimeout},
		retries:   cfg.WebhookRetries,
		first:     cfg.WebhookBackoff,
		ceiling:   10 * time.Second,
		duplicate: cfg.DuplicateWebhooks,
		log:       log,
		ctx:       ctx,
		cancel:    cancel,
	}
}

func (d *dispatcher) send(h *webhook, v templateVars) {
	var body []byte
	if h.payloadTemplate != "" {
		body = []byte(render(h.payloadTemplate, v))
	} else {
		body, _ = json.Marshal(defaultPayload(v))
	}
	headers := map[string]string{}
	if h.headersTemplate != "" {
		headers, _ = renderHeaders(h.headersTemplate, v)
	}
	dispatchID := randomID()
	times := 1
	if d.duplicate {
		times = 2
	}
	d.wg.Go(func() {
		for range times {
			d.deliver(h, dispatchID, v.EventType, body, headers)
		}
	})
}

func (d *dispatcher) deliver(h *webhook, dispatchID, event string, body []byte, headers map[string]string) {
	wait := d.first
	for attempt := 0; ; attempt++ {
		status, err := d.post(h, dispatchID, body, headers)
		if err == nil && status/100 == 2 {
			d.log.Info("webhook delivered", "webhook", h.id, "event", event, "url", h.requestURL, "status", status, "attempt", attempt+1)
			return
		}
		if attempt >= d.retries {
			d.log.Warn("webhook given up", "webhook", h.id, "event", event, "url", h.requestURL, "status", status, "error", err, "attempts", attempt+1)
			return
		}
		d.log.Info("webhook will be retried", "webhook", h.id, "event", event, "status", status, "error", err, "in", wait)
		select {
		case <-d.ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, d.ceiling)
	}
}

func (d *dispatcher) post(h *webhook, dispatchID string, body []byte, headers map[string]string) (int, error) {
	req, err := http.NewRequestWithContext(d.ctx, http.MethodPost, h.requestURL, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Apify-Webhook", h.id)
	req.Header.Set("X-Apify-Webhook-Dispatch-Id", dispatchID)
	resp, err := d.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 1<<20))
	return resp.StatusCode, nil
}

func (d *dispatcher) close() {
	d.cancel()
	d.wg.Wait()
}
