package alerts

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/webhook"
)

// DeliveryBackoff is the wait after each failed attempt, ±20 % jitter: one
// more attempt than waits, about three days, then it fails and disables its channel.
var DeliveryBackoff = []time.Duration{
	5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour,
	10 * time.Hour, 10 * time.Hour, 10 * time.Hour, 14 * time.Hour, 14 * time.Hour,
}

// ChannelInterval is the least time between two messages to a channel: Slack
// takes one a second, Discord about 30 a minute (25 leaves room), webhooks 10 a second.
var ChannelInterval = map[domain.ChannelKind]time.Duration{
	domain.ChannelSlack:   time.Second,
	domain.ChannelDiscord: 2400 * time.Millisecond,
	domain.ChannelWebhook: 100 * time.Millisecond,
}

// Delivery limits.
const (
	// foldMax bounds the deliveries one Slack or Discord message carries.
	foldMax = 50
	// webhookBurst bounds the webhook requests of one claim of a channel.
	webhookBurst = 10
	// maxClaimsPerRun bounds the channels one Deliver round claims.
	maxClaimsPerRun = 500
	// defaultThrottle is the wait after a 429 without Retry-After;
	// maxThrottle bounds the wait a Retry-After asks for.
	defaultThrottle = time.Minute
	maxThrottle     = 6 * time.Hour
	// minRoundLeft is the least time before its deadline a round still claims in.
	minRoundLeft = 2 * time.Second
	// maxDeliveryAge is how long a delivery may wait, 429s and all, before it fails.
	maxDeliveryAge = 4 * 24 * time.Hour
)

// DeliverEventsHandler sends the due deliveries to their channels.
type DeliverEventsHandler struct {
	DB *pgxpool.Pool
	// Client is webhook.NewClient(Allow): the dial check is its own.
	Client *http.Client
	Sealer *webhook.Sealer
	// Allow is CHANNEL_ALLOWED_ADDRESSES, checked again before each request.
	Allow webhook.AllowList
	// Outbox, with its DB set, sends a disabled channel's e-mails at once.
	Outbox outbox.Outbox
	// DashboardURL is PUBLIC_BASE_URL, for the links of messages and e-mails.
	DashboardURL string
	Log          *slog.Logger
	Now          func() time.Time
	// Jitter is a number in [0, 1) for the ±20 % of each back-off
	// (rand.Float64); tests fix it.
	Jitter func() float64
	// Pace waits between a claim's requests (Sleep); tests skip the wait.
	Pace func(ctx context.Context, d time.Duration)
	// Metrics counts each request to a channel; nil counts nothing.
	Metrics *metrics.Metrics
}

// DeliverRun counts what one round did.
type DeliverRun struct {
	// Messages is the HTTP requests sent; a folded message carries several.
	Messages  int `json:"messages"`
	Delivered int `json:"delivered"`
	// Retrying counts the deliveries that failed an attempt and wait for
	// the next; Throttled those delayed by a 429.
	Retrying  int `json:"retrying"`
	Throttled int `json:"throttled"`
	// Failed counts the deliveries given up: out of attempts, or 410.
	Failed           int `json:"failed"`
	ChannelsDisabled int `json:"channelsDisabled"`
}

func (r *DeliverRun) add(o DeliverRun) {
	r.Messages += o.Messages
	r.Delivered += o.Delivered
	r.Retrying += o.Retrying
	r.Throttled += o.Throttled
	r.Failed += o.Failed
	r.ChannelsDisabled += o.ChannelsDisabled
}

// Attempt is the outcome of one request to a channel, as the buttons show it.
type Attempt struct {
	DeliveryID uuid.UUID `json:"deliveryId"`
	// Status is the delivery's status after the attempt.
	Status    domain.Delivery `json:"status"`
	Delivered bool            `json:"delivered"`
	// StatusCode is the HTTP status answered; nil when none came.
	StatusCode *int   `json:"statusCode"`
	Error      string `json:"error"`
	DurationMs int    `json:"durationMs"`
}

type channelRow struct {
	ID, WorkspaceID          uuid.UUID
	Kind                     domain.ChannelKind
	Name                     string
	URLSealed                string
	SecretSealed, PrevSealed string
	PrevUntil                *time.Time
}

type deliveryRow struct {
	ID        uuid.UUID
	Attempts  int
	CreatedAt time.Time
	Event     webhook.Event
}

type sendResult struct {
	Status   *int
	Err      string
	Duration time.Duration
	// RetryAfter is the wait the answer asked for, when it did.
	RetryAfter *time.Duration
}

func (r sendResult) ok() bool { return r.Status != nil && *r.Status >= 200 && *r.Status < 300 }

func (r sendResult) code() int {
	if r.Status == nil {
		return 0
	}
	return *r.Status
}

// Deliver sends the due deliveries: each round claims a channel whose rate
// lets it send (SKIP LOCKED), sends them (folded for Slack and Discord) and
// records the outcome, until no channel may send or ctx's deadline is near.
func (h DeliverEventsHandler) Deliver(ctx context.Context) (DeliverRun, error) {
	var run DeliverRun
	// Deliveries queued for a channel already disabled never go.
	if _, err := h.DB.Exec(ctx, `
		UPDATE event_deliveries d SET status = $1
		FROM channels c
		-- domain.DeliveryPending written out: the predicate of the partial
		-- index event_deliveries_due_idx
		WHERE c.id = d.channel_id AND NOT c.enabled AND d.status = 'pending'`, domain.DeliveryCancelled); err != nil {
		return run, fmt.Errorf("cancel deliveries of disabled channels: %w", err)
	}
	for range maxClaimsPerRun {
		if ctx.Err() != nil {
			return run, ctx.Err()
		}
		// Close to ctx's deadline the rest waits for the next round rather than
		// being cut off mid-request (a cut request is not recorded, and goes again).
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < minRoundLeft {
			break
		}
		one, claimed, err := h.deliverChannel(ctx)
		run.add(one)
		if err != nil {
			return run, err
		}
		if !claimed {
			break
		}
	}
	if run.Messages > 0 {
		h.Log.InfoContext(ctx, "channel deliveries", "messages", run.Messages, "delivered", run.Delivered, "retrying", run.Retrying,
			"throttled", run.Throttled, "failed", run.Failed, "channelsDisabled", run.ChannelsDisabled)
	}
	return run, nil
}

const channelColumns = `c.id, c.workspace_id, c.kind, c.name, c.url_sealed, c.secret_sealed, c.previous_secret_sealed, c.previous_secret_until`

func scanChannel(row pgx.Row) (channelRow, error) {
	var c channelRow
	var kind string
	err := row.Scan(&c.ID, &c.WorkspaceID, &kind, &c.Name, &c.URLSealed, &c.SecretSealed, &c.PrevSealed, &c.PrevUntil)
	c.Kind = domain.ChannelKind(kind)
	return c, err
}

func (h DeliverEventsHandler) deliverChannel(ctx context.Context) (run DeliverRun, claimed bool, err error) {
	var mails []uuid.UUID
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		now := h.Now()
		ch, err := scanChannel(tx.QueryRow(ctx, `
SELECT `+channelColumns+`
FROM channels c
WHERE c.id IN (SELECT d.channel_id FROM event_deliveries d
               -- domain.DeliveryPending written out: the predicate of the
               -- partial index event_deliveries_due_idx
               WHERE d.status = 'pending' AND d.next_attempt_at <= $1)
  AND c.enabled AND c.next_send_at <= $1
ORDER BY c.next_send_at, c.id
LIMIT 1 FOR UPDATE OF c SKIP LOCKED`, now))
		if errors.Is(err, pgx.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("claim channel: %w", err)
		}
		claimed = true
		limit := foldMax
		if ch.Kind == domain.ChannelWebhook {
			limit = webhookBurst
		}
		rows, _ := tx.Query(ctx, `
SELECT d.id, d.attempts, d.created_at, e.id, e.type, e.occurred_at, e.payload
FROM event_deliveries d JOIN events e ON e.workspace_id = d.workspace_id AND e.id = d.event_id
WHERE d.channel_id = $1 AND d.status = $4 AND d.next_attempt_at <= $2
ORDER BY e.occurred_at, d.id
LIMIT $3 FOR UPDATE OF d SKIP LOCKED`, ch.ID, now, limit, domain.DeliveryPending)
		dels, err := pgx.CollectRows(rows, scanDelivery)
		if err != nil {
			return fmt.Errorf("claim deliveries: %w", err)
		}
		if len(dels) == 0 {
			return nil
		}
		batches := [][]deliveryRow{dels}
		if ch.Kind == domain.ChannelWebhook {
			batches = batches[:0]
			for _, d := range dels {
				batches = append(batches, []deliveryRow{d})
			}
		}
		for i, b := range batches {
			if i > 0 {
				h.Pace(ctx, ChannelInterval[ch.Kind])
			}
			res := h.send(ctx, ch, b)
			out, stop, ids, err := h.record(ctx, tx, ch, b, res, false)
			if err != nil {
				return err
			}
			run.add(out)
			mails = append(mails, ids...)
			// a failing endpoint holds the rest of the burst back
			if stop || !res.ok() {
				break
			}
		}
		return nil
	})
	if err != nil {
		return run, claimed, fmt.Errorf("deliver events: %w", err)
	}
	h.sendMails(mails)
	return run, claimed, nil
}

func scanDelivery(r pgx.CollectableRow) (deliveryRow, error) {
	var d deliveryRow
	var payload []byte
	err := r.Scan(&d.ID, &d.Attempts, &d.CreatedAt, &d.Event.ID, &d.Event.Type, &d.Event.OccurredAt, &payload)
	d.Event.Payload = payload
	return d, err
}

// Sleep waits d, or less when ctx ends first: the server's Pace.
func Sleep(ctx context.Context, d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
	case <-t.C:
	}
}

func (h DeliverEventsHandler) sendMails(ids []uuid.UUID) {
	if h.Outbox.DB == nil {
		return
	}
	for _, id := range ids {
		h.Outbox.SendSoon(id)
	}
}

func (h DeliverEventsHandler) send(ctx context.Context, ch channelRow, dels []deliveryRow) sendResult {
	rawURL, err := h.Sealer.Open(ch.URLSealed, urlSeal(ch.ID))
	if err != nil {
		return sendResult{Err: "the channel's URL cannot be read (sealed under another SESSION_SECRET): save it again"}
	}
	// The rule may have changed since the URL was saved
	// (CHANNEL_ALLOWED_ADDRESSES); the dial checks the resolved address.
	if _, err := webhook.CheckURL(rawURL, h.Allow); err != nil {
		msg := strings.TrimPrefix(strings.TrimPrefix(err.Error(), webhook.ErrAddress.Error()+": "), webhook.ErrBadURL.Error()+": ")
		return sendResult{Err: "refused: the URL " + msg}
	}
	events := make([]webhook.Event, len(dels))
	for i, d := range dels {
		events[i] = d.Event
	}
	var body []byte
	switch ch.Kind {
	case domain.ChannelSlack:
		body, err = webhook.SlackBody(events, h.DashboardURL)
	case domain.ChannelDiscord:
		body, err = webhook.DiscordBody(events)
	default:
		body, err = webhook.WebhookBody(events[0])
	}
	if err != nil {
		return sendResult{Err: "the message could not be written: " + err.Error()}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, rawURL, bytes.NewReader(body))
	if err != nil {
		return sendResult{Err: "the URL cannot be requested"}
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "reeltrack-webhooks/1")
	if ch.Kind == domain.ChannelWebhook {
		secrets, err := h.secrets(ch)
		if err != nil {
			return sendResult{Err: err.Error()}
		}
		if err := webhook.SignRequest(req.Header, secrets, events[0].ID, h.Now(), body); err != nil {
			return sendResult{Err: "the signing secret cannot be used: rotate it"}
		}
	}
	start := time.Now()
	resp, err := h.Client.Do(req)
	res := sendResult{Duration: time.Since(start)}
	defer func() { h.Metrics.ChannelAttempt(string(ch.Kind), res.ok()) }()
	if err != nil {
		res.Err = webhook.DescribeError(err)
		return res
	}
	defer resp.Body.Close()
	snippet, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	res.Duration = time.Since(start)
	code := resp.StatusCode
	res.Status = &code
	if wait, ok := webhook.RetryAfter(resp.Header.Get("Retry-After"), h.Now()); ok && code >= 300 {
		res.RetryAfter = &wait
	}
	switch {
	case code >= 200 && code < 300:
	case code >= 300 && code < 400:
		res.Err = fmt.Sprintf("HTTP %d: redirect not followed", code)
	default:
		res.Err = fmt.Sprintf("HTTP %d", code)
		if s := shortText(snippet); s != "" {
			res.Err += ": " + s
		}
	}
	return res
}

// secrets are the channel's signing secrets: its own, and a replaced one still signing.
func (h DeliverEventsHandler) secrets(ch channelRow) ([]string, error) {
	cur, err := h.Sealer.Open(ch.SecretSealed, secretSeal(ch.ID))
	if err != nil || cur == "" {
		return nil, errors.New("the signing secret cannot be read (sealed under another SESSION_SECRET): rotate it")
	}
	out := []string{cur}
	if ch.PrevUntil != nil && h.Now().Before(*ch.PrevUntil) {
		if prev, err := h.Sealer.Open(ch.PrevSealed, secretSeal(ch.ID)); err == nil && prev != "" {
			out = append(out, prev)
		}
	}
	return out, nil
}

// shortText is an answer body's start for an attempt's error: one printable line.
func shortText(b []byte) string {
	s := strings.ToValidUTF8(string(b), "")
	s = strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return ' '
		}
		if !unicode.IsPrint(r) {
			return -1
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > 120 {
		s = string(r[:120]) + "…"
	}
	return s
}

func (h DeliverEventsHandler) backoff(attempts int) time.Duration {
	base := DeliveryBackoff[min(max(attempts, 1), len(DeliveryBackoff))-1]
	return time.Duration(float64(base) * (0.8 + 0.4*h.Jitter()))
}

func maxDeliveryAttempts() int { return len(DeliveryBackoff) + 1 }

// record keeps each delivery's attempt and moves them and the channel on:
// delivered; throttled (429: the channel waits, the attempt not counted); the
// channel disabled (410, or out of attempts, unless oneShot, a test that fails
// at once without counting); retried later. stop: no more sends now.
func (h DeliverEventsHandler) record(ctx context.Context, tx pgx.Tx, ch channelRow, dels []deliveryRow, res sendResult, oneShot bool) (run DeliverRun, stop bool, mails []uuid.UUID, err error) {
	now := h.Now()
	run.Messages = 1
	for _, d := range dels {
		if _, err := tx.Exec(ctx, `
			INSERT INTO delivery_attempts (workspace_id, channel_id, delivery_id, attempted_at, status_code, error, duration_ms)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`, ch.WorkspaceID, ch.ID, d.ID, now, res.Status, res.Err, res.Duration.Milliseconds()); err != nil {
			return run, true, nil, fmt.Errorf("record attempt: %w", err)
		}
	}
	next := now.Add(ChannelInterval[ch.Kind])
	if res.RetryAfter != nil {
		next = maxTime(next, now.Add(min(max(*res.RetryAfter, time.Second), maxThrottle)))
	}
	ids := make([]uuid.UUID, len(dels))
	for i, d := range dels {
		ids[i] = d.ID
	}
	var disable domain.ChannelDisabled
	switch {
	case res.ok():
		run.Delivered = len(dels)
		if _, err := tx.Exec(ctx, `
			UPDATE event_deliveries SET status = $2, attempts = attempts + 1, last_status = $3, last_error = '', delivered_at = $4
			WHERE id = ANY($1) AND workspace_id = $5`, ids, domain.DeliveryDelivered, res.Status, now, ch.WorkspaceID); err != nil {
			return run, true, nil, fmt.Errorf("mark delivered: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE channels SET last_success_at = $2, next_send_at = $3 WHERE id = $1 AND workspace_id = $4`, ch.ID, now, next, ch.WorkspaceID); err != nil {
			return run, true, nil, fmt.Errorf("mark channel: %w", err)
		}
		return run, false, nil, nil
	case res.code() == http.StatusGone:
		disable = domain.ChannelDisabledGone
		run.Failed = len(dels)
		if err := h.failDeliveries(ctx, tx, ch.WorkspaceID, ids, res); err != nil {
			return run, true, nil, err
		}
	case res.code() == http.StatusTooManyRequests && !oneShot:
		// Not counted against the delivery; one waiting beyond reason fails.
		if res.RetryAfter == nil {
			next = maxTime(next, now.Add(defaultThrottle))
		}
		for _, d := range dels {
			if now.Sub(d.CreatedAt) >= maxDeliveryAge {
				run.Failed++
				disable = domain.ChannelDisabledFailing
				if err := h.failDeliveries(ctx, tx, ch.WorkspaceID, []uuid.UUID{d.ID}, res); err != nil {
					return run, true, nil, err
				}
				continue
			}
			run.Throttled++
			if _, err := tx.Exec(ctx, `UPDATE event_deliveries SET last_status = $2, last_error = $3, next_attempt_at = $4 WHERE id = $1 AND workspace_id = $5`,
				d.ID, res.Status, res.Err, next, ch.WorkspaceID); err != nil {
				return run, true, nil, fmt.Errorf("delay delivery: %w", err)
			}
		}
		stop = true
	default:
		// The channel rests as long as a first back-off: the round does not try its
		// other deliveries against an endpoint that just failed.
		next = maxTime(next, now.Add(DeliveryBackoff[0]))
		for _, d := range dels {
			attempts := d.Attempts + 1
			if oneShot || attempts >= maxDeliveryAttempts() || now.Sub(d.CreatedAt) >= maxDeliveryAge {
				run.Failed++
				if !oneShot {
					disable = domain.ChannelDisabledFailing
				}
				if err := h.failDeliveries(ctx, tx, ch.WorkspaceID, []uuid.UUID{d.ID}, res); err != nil {
					return run, true, nil, err
				}
				continue
			}
			run.Retrying++
			at := now.Add(h.backoff(attempts))
			if res.RetryAfter != nil {
				at = maxTime(at, now.Add(min(*res.RetryAfter, maxThrottle)))
			}
			if _, err := tx.Exec(ctx, `UPDATE event_deliveries SET attempts = $2, last_status = $3, last_error = $4, next_attempt_at = $5 WHERE id = $1 AND workspace_id = $6`,
				d.ID, attempts, res.Status, res.Err, at, ch.WorkspaceID); err != nil {
				return run, true, nil, fmt.Errorf("schedule retry: %w", err)
			}
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE channels SET last_error = $2, last_error_at = $3, next_send_at = $4 WHERE id = $1 AND workspace_id = $5`,
		ch.ID, res.Err, now, next, ch.WorkspaceID); err != nil {
		return run, true, nil, fmt.Errorf("mark channel: %w", err)
	}
	if disable != "" {
		mails, err = h.disable(ctx, tx, ch, disable, res.Err, now)
		if err != nil {
			return run, true, nil, err
		}
		run.ChannelsDisabled = 1
		return run, true, mails, nil
	}
	return run, stop, nil, nil
}

func maxTime(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func (h DeliverEventsHandler) failDeliveries(ctx context.Context, tx pgx.Tx, workspaceID uuid.UUID, ids []uuid.UUID, res sendResult) error {
	if _, err := tx.Exec(ctx, `
		UPDATE event_deliveries SET status = $2, attempts = attempts + 1, last_status = $3, last_error = $4
		WHERE id = ANY($1) AND workspace_id = $5`, ids, domain.DeliveryFailed, res.Status, res.Err, workspaceID); err != nil {
		return fmt.Errorf("fail deliveries: %w", err)
	}
	return nil
}

// disable disables the channel and its deliveries, and e-mails its managers.
func (h DeliverEventsHandler) disable(ctx context.Context, tx pgx.Tx, ch channelRow, reason domain.ChannelDisabled, lastErr string, now time.Time) ([]uuid.UUID, error) {
	cancelled, err := disableChannelRow(ctx, tx, ch.WorkspaceID, ch.ID, reason, now)
	if err != nil {
		return nil, err
	}
	why := "its deliveries kept failing for about three days."
	if reason == domain.ChannelDisabledGone {
		why = "the destination answered 410 Gone: it no longer exists."
	}
	// no actor: whoever's request carried the attempt did not disable it
	if err := activitylog.Record(activitylog.WithClient(ctx, activitylog.Client{}), tx, activitylog.Entry{WorkspaceID: ch.WorkspaceID, Action: domain.ActionChannelDisabled,
		Target: ch.Name, Details: map[string]any{"kind": string(ch.Kind), "reason": string(reason), "error": lastErr, "cancelled": cancelled}}); err != nil {
		return nil, err
	}
	msg, err := mail.ChannelDisabledMessage(mail.ChannelDisabled{Channel: ch.Name, Kind: string(ch.Kind), Reason: why, LastError: lastErr,
		Cancelled: cancelled, DashboardURL: strings.TrimRight(h.DashboardURL, "/") + "/channels"})
	if err != nil {
		return nil, err
	}
	rows, _ := tx.Query(ctx, `
		SELECT u.email FROM workspace_members m JOIN users u ON u.id = m.user_id
		WHERE m.workspace_id = $1 AND m.role = ANY($2) AND u.email_verified_at IS NOT NULL
		ORDER BY u.email`, ch.WorkspaceID, []string{string(domain.RoleOwner), string(domain.RoleAdmin)})
	to, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("read owners and admins: %w", err)
	}
	var ids []uuid.UUID
	for _, addr := range to {
		id, err := outbox.Queue(ctx, tx, domain.MailChannelDisabled, &ch.WorkspaceID, addr, msg)
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	h.Log.WarnContext(ctx, "channel disabled", "channelId", ch.ID, "workspaceId", ch.WorkspaceID, "reason", string(reason), "error", lastErr)
	return ids, nil
}

// SendNow sends the channel's deliveries ids at once in one message, whatever
// its rate; 404 for another workspace's. oneShot as in record.
func (h DeliverEventsHandler) SendNow(ctx context.Context, workspaceID, channelID uuid.UUID, ids []uuid.UUID, oneShot bool) (Attempt, error) {
	var out Attempt
	var mails []uuid.UUID
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		ch, err := scanChannel(tx.QueryRow(ctx, `SELECT `+channelColumns+` FROM channels c WHERE c.id = $1 AND c.workspace_id = $2 FOR UPDATE`,
			channelID, workspaceID))
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("channel not found")
		}
		if err != nil {
			return fmt.Errorf("lock channel: %w", err)
		}
		rows, _ := tx.Query(ctx, `
SELECT d.id, d.attempts, d.created_at, e.id, e.type, e.occurred_at, e.payload
FROM event_deliveries d JOIN events e ON e.workspace_id = d.workspace_id AND e.id = d.event_id
WHERE d.channel_id = $1 AND d.workspace_id = $2 AND d.id = ANY($3) AND d.status = $4
ORDER BY e.occurred_at, d.id
FOR UPDATE OF d`, ch.ID, workspaceID, ids, domain.DeliveryPending)
		dels, err := pgx.CollectRows(rows, scanDelivery)
		if err != nil {
			return fmt.Errorf("lock deliveries: %w", err)
		}
		if len(dels) == 0 {
			return apperr.NotFound("delivery not found, or no longer waiting")
		}
		if ch.Kind == domain.ChannelWebhook {
			dels = dels[:1]
		}
		res := h.send(ctx, ch, dels)
		_, _, ids, err := h.record(ctx, tx, ch, dels, res, oneShot)
		if err != nil {
			return err
		}
		mails = ids
		out = Attempt{DeliveryID: dels[0].ID, Delivered: res.ok(), StatusCode: res.Status, Error: res.Err,
			DurationMs: int(res.Duration.Milliseconds())}
		return tx.QueryRow(ctx, `SELECT status FROM event_deliveries WHERE id = $1 AND workspace_id = $2`, dels[0].ID, workspaceID).Scan(&out.Status)
	})
	if err != nil {
		if apperr.KindOf(err) == apperr.KindInternal {
			err = fmt.Errorf("send now: %w", err)
		}
		return Attempt{}, err
	}
	h.sendMails(mails)
	return out, nil
}

// SendChannelTest is the "send test" of a channel.
type SendChannelTest struct {
	WorkspaceID, ActorID, ChannelID uuid.UUID
}

// SendTest queues a channel.test event for the channel alone and sends it at
// once, disabled or not; it is never retried and a 410 disables the channel.
func (h DeliverEventsHandler) SendTest(ctx context.Context, cmd SendChannelTest) (Attempt, error) {
	deliveryID := uuid.New()
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.RequireManager(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "send tests"); err != nil {
			return err
		}
		var name, kind string
		err := tx.QueryRow(ctx, `SELECT name, kind FROM channels WHERE id = $1 AND workspace_id = $2`, cmd.ChannelID, cmd.WorkspaceID).Scan(&name, &kind)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("channel not found")
		}
		if err != nil {
			return fmt.Errorf("read channel: %w", err)
		}
		now := h.Now()
		payload, _ := json.Marshal(map[string]any{
			"message": fmt.Sprintf("Test message from reeltrack: the %s channel %q is set up.", kind, name),
			"channel": map[string]any{"id": cmd.ChannelID, "name": name, "kind": kind},
		})
		eventID := uuid.New()
		// dispatched already: it goes to this channel only
		if _, err := tx.Exec(ctx, `
			INSERT INTO events (id, workspace_id, type, occurred_at, payload, dispatched_at, created_at) VALUES ($1, $2, $3, $4, $5, $4, $4)`,
			eventID, cmd.WorkspaceID, string(domain.EventTest), now, payload); err != nil {
			return fmt.Errorf("queue test event: %w", err)
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO event_deliveries (id, workspace_id, event_id, channel_id, next_attempt_at, created_at) VALUES ($1, $2, $3, $4, $5, $5)`,
			deliveryID, cmd.WorkspaceID, eventID, cmd.ChannelID, now); err != nil {
			return fmt.Errorf("queue test delivery: %w", err)
		}
		return nil
	})
	if err != nil {
		if apperr.KindOf(err) == apperr.KindInternal {
			err = fmt.Errorf("send channel test: %w", err)
		}
		return Attempt{}, err
	}
	return h.SendNow(ctx, cmd.WorkspaceID, cmd.ChannelID, []uuid.UUID{deliveryID}, true)
}

// ResendDelivery sends a delivery of a channel again.
type ResendDelivery struct {
	WorkspaceID, ActorID, ChannelID, DeliveryID uuid.UUID
}

// Resend sends the delivery again at once, attempts starting over (409 if disabled).
func (h DeliverEventsHandler) Resend(ctx context.Context, cmd ResendDelivery) (Attempt, error) {
	oneShot := false
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		_, _, enabled, err := lockManagedChannel(ctx, tx, cmd.WorkspaceID, cmd.ActorID, cmd.ChannelID, "resend deliveries")
		if err != nil {
			return err
		}
		var eventType string
		err = tx.QueryRow(ctx, `
			SELECT e.type FROM event_deliveries d JOIN events e ON e.workspace_id = d.workspace_id AND e.id = d.event_id
			WHERE d.id = $1 AND d.channel_id = $2 AND d.workspace_id = $3 FOR UPDATE OF d`,
			cmd.DeliveryID, cmd.ChannelID, cmd.WorkspaceID).Scan(&eventType)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("delivery not found")
		}
		if err != nil {
			return fmt.Errorf("lock delivery: %w", err)
		}
		oneShot = domain.EventType(eventType) == domain.EventTest
		if !enabled && !oneShot {
			return apperr.Conflict("the channel is disabled: enable it first")
		}
		now := h.Now()
		_, err = tx.Exec(ctx, `
			UPDATE event_deliveries SET status = $2, attempts = 0, next_attempt_at = $3, delivered_at = NULL, created_at = $3 WHERE id = $1 AND workspace_id = $4`,
			cmd.DeliveryID, domain.DeliveryPending, now, cmd.WorkspaceID)
		return err
	})
	if err != nil {
		if apperr.KindOf(err) == apperr.KindInternal {
			err = fmt.Errorf("resend delivery: %w", err)
		}
		return Attempt{}, err
	}
	return h.SendNow(ctx, cmd.WorkspaceID, cmd.ChannelID, []uuid.UUID{cmd.DeliveryID}, oneShot)
}
