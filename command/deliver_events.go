package command

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strings"
	"time"
	"unicode"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/webhook"
)

// DeliveryBackoff is the wait after each failed attempt of a delivery, ±20
// % of jitter: a delivery gets one more attempt than it has waits, about
// three days in all, then fails and disables its channel.
var DeliveryBackoff = []time.Duration{
	5 * time.Second, 5 * time.Minute, 30 * time.Minute, 2 * time.Hour, 5 * time.Hour,
	10 * time.Hour, 10 * time.Hour, 10 * time.Hour, 14 * time.Hour, 14 * time.Hour,
}

// ChannelInterval is the least time between two messages to a channel of
// each kind: Slack takes one message a second per webhook, Discord about
// 30 a minute (25 leaves room), a webhook receiver 10 a second.
var ChannelInterval = map[domain.ChannelKind]time.Duration{
	domain.ChannelSlack:   time.Second,
	domain.ChannelDiscord: 2400 * time.Millisecond,
	domain.ChannelWebhook: 100 * time.Millisecond,
}

// Delivery limits.
const (
	// foldMax bounds the deliveries one Slack or Discord message carries
	// (the rest go in the next message); the message lists the first
	// ones and counts the others.
	foldMax = 50
	// webhookBurst bounds the webhook requests one claim of a channel
	// sends, one after the other at its ChannelInterval.
	webhookBurst = 10
	// maxClaimsPerRun bounds the channels one Deliver round claims.
	maxClaimsPerRun = 500
	// defaultThrottle is the wait after a 429 without Retry-After;
	// maxThrottle bounds the wait a Retry-After asks for.
	defaultThrottle = time.Minute
	maxThrottle     = 6 * time.Hour
	// minRoundLeft is the least time before its deadline a round still
	// claims a channel in.
	minRoundLeft = 2 * time.Second
	// maxDeliveryAge is how long a delivery may wait, 429s and all,
	// before it fails as one out of attempts.
	maxDeliveryAge = 4 * 24 * time.Hour
)

// DeliverEventsHandler sends the due deliveries of event_deliveries to
// their channels, and a delivery at once for the "send test" and resend
// buttons.
type DeliverEventsHandler struct {
	DB *pgxpool.Pool
	// Client is webhook.NewClient(Allow): the dial check is its own.
	Client *http.Client
	Sealer *webhook.Sealer
	// Allow is CHANNEL_ALLOWED_ADDRESSES, which the URL is checked
	// against again before each request.
	Allow webhook.AllowList
	// Outbox, when its DB is set, sends the e-mails of a disabled channel
	// right after their transaction; otherwise the next round does.
	Outbox Outbox
	// DashboardURL is PUBLIC_BASE_URL, for the links of chat messages and
	// e-mails.
	DashboardURL string
	Log          *slog.Logger
	Now          func() time.Time
	// Jitter is a number in [0, 1) for the ±20 % of each back-off; nil:
	// random.
	Jitter func() float64
	// Pace waits between the requests of one claim (a webhook channel's
	// burst); nil: time.Sleep, cut short by ctx.
	Pace func(ctx context.Context, d time.Duration)
	// Metrics counts each request to a channel; nil counts nothing.
	Metrics *metrics.Metrics
}

// DeliverRun counts what one round did.
type DeliverRun struct {
	// Messages is the HTTP requests sent; a folded Slack or Discord
	// message carries several deliveries.
	Messages  int `json:"messages"`
	Delivered int `json:"delivered"`
	// Retrying counts the deliveries that failed an attempt and wait for
	// the next; Throttled those delayed by a 429.
	Retrying  int `json:"retrying"`
	Throttled int `json:"throttled"`
	// Failed counts the deliveries given up: out of attempts, or their
	// channel answered 410.
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

// Attempt is the outcome of one request to a channel, as the "send test"
// and resend buttons show it.
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

func (h DeliverEventsHandler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// channelRow is a claimed channel.
type channelRow struct {
	ID, WorkspaceID          uuid.UUID
	Kind                     domain.ChannelKind
	Name                     string
	URLSealed                string
	SecretSealed, PrevSealed string
	PrevUntil                *time.Time
}

// deliveryRow is a claimed delivery with its event.
type deliveryRow struct {
	ID        uuid.UUID
	Attempts  int
	CreatedAt time.Time
	Event     webhook.Event
}

// sendResult is what one request brought.
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

// Deliver sends the due deliveries: each round claims a channel whose
// rate lets it send and that has due deliveries (FOR UPDATE SKIP LOCKED,
// so concurrent rounds share the channels), sends them (a Slack or
// Discord channel's all folded into one message, a webhook channel's one
// request each) and records the outcome. It returns when no channel has
// due work it may send now, or when ctx's deadline is near; a channel
// held back by its rate is sent by a later round.
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
		// Close to ctx's deadline, what is left waits for the next round
		// rather than being cut off mid-request (a request cut off is not
		// recorded, and goes again).
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
	if h.Log != nil && run.Messages > 0 {
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

// deliverChannel claims one channel with due deliveries and sends them.
func (h DeliverEventsHandler) deliverChannel(ctx context.Context) (run DeliverRun, claimed bool, err error) {
	var mails []uuid.UUID
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		now := h.now()
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
				h.pace(ctx, ChannelInterval[ch.Kind])
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

func (h DeliverEventsHandler) pace(ctx context.Context, d time.Duration) {
	if h.Pace != nil {
		h.Pace(ctx, d)
		return
	}
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

// send makes the one request that carries dels to the channel.
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
		if err := webhook.SignRequest(req.Header, secrets, events[0].ID, h.now(), body); err != nil {
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
	if wait, ok := webhook.RetryAfter(resp.Header.Get("Retry-After"), h.now()); ok && code >= 300 {
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

// secrets are the webhook channel's signing secrets: its own, and the
// one a rotation replaced while it still signs.
func (h DeliverEventsHandler) secrets(ch channelRow) ([]string, error) {
	cur, err := h.Sealer.Open(ch.SecretSealed, secretSeal(ch.ID))
	if err != nil || cur == "" {
		return nil, errors.New("the signing secret cannot be read (sealed under another SESSION_SECRET): rotate it")
	}
	out := []string{cur}
	if ch.PrevUntil != nil && h.now().Before(*ch.PrevUntil) {
		if prev, err := h.Sealer.Open(ch.PrevSealed, secretSeal(ch.ID)); err == nil && prev != "" {
			out = append(out, prev)
		}
	}
	return out, nil
}

// shortText is the start of an answer's body fit for an attempt's error:
// one line of printable text, at most 120 characters.
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

// backoff is the wait after a delivery's attempts-th failed attempt, with
// ±20 % of jitter.
func (h DeliverEventsHandler) backoff(attempts int) time.Duration {
	base := DeliveryBackoff[min(max(attempts, 1), len(DeliveryBackoff))-1]
	j := rand.Float64()
	if h.Jitter != nil {
		j = h.Jitter()
	}
	return time.Duration(float64(base) * (0.8 + 0.4*j))
}

// maxDeliveryAttempts is how many attempts a delivery gets.
func maxDeliveryAttempts() int { return len(DeliveryBackoff) + 1 }

// record keeps the attempt of each delivery of the message and moves them
// and the channel on: delivered; throttled (429: the channel waits its
// Retry-After, the attempt not counted); the channel disabled (410, or a
// delivery out of attempts, unless oneShot); retried later. oneShot (the
// "send test" button) fails the delivery at its first failure and never
// counts it against the channel. stop is set when the channel may send
// no more now; mails are the e-mails queued.
func (h DeliverEventsHandler) record(ctx context.Context, tx pgx.Tx, ch channelRow, dels []deliveryRow, res sendResult, oneShot bool) (run DeliverRun, stop bool, mails []uuid.UUID, err error) {
	now := h.now()
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
			WHERE id = ANY($1)`, ids, domain.DeliveryDelivered, res.Status, now); err != nil {
			return run, true, nil, fmt.Errorf("mark delivered: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE channels SET last_success_at = $2, next_send_at = $3 WHERE id = $1`, ch.ID, now, next); err != nil {
			return run, true, nil, fmt.Errorf("mark channel: %w", err)
		}
		return run, false, nil, nil
	case res.code() == http.StatusGone:
		disable = domain.ChannelDisabledGone
		run.Failed = len(dels)
		if err := h.failDeliveries(ctx, tx, ids, res); err != nil {
			return run, true, nil, err
		}
	case res.code() == http.StatusTooManyRequests && !oneShot:
		// Not counted against the delivery: the channel waits. A delivery
		// that has waited beyond reason fails as one out of attempts.
		if res.RetryAfter == nil {
			next = maxTime(next, now.Add(defaultThrottle))
		}
		for _, d := range dels {
			if now.Sub(d.CreatedAt) >= maxDeliveryAge {
				run.Failed++
				disable = domain.ChannelDisabledFailing
				if err := h.failDeliveries(ctx, tx, []uuid.UUID{d.ID}, res); err != nil {
					return run, true, nil, err
				}
				continue
			}
			run.Throttled++
			if _, err := tx.Exec(ctx, `UPDATE event_deliveries SET last_status = $2, last_error = $3, next_attempt_at = $4 WHERE id = $1`,
				d.ID, res.Status, res.Err, next); err != nil {
				return run, true, nil, fmt.Errorf("delay delivery: %w", err)
			}
		}
		stop = true
	default:
		// The channel rests as long as a delivery's first back-off: the
		// round does not try its other deliveries against an endpoint
		// that just failed.
		next = maxTime(next, now.Add(DeliveryBackoff[0]))
		for _, d := range dels {
			attempts := d.Attempts + 1
			if oneShot || attempts >= maxDeliveryAttempts() || now.Sub(d.CreatedAt) >= maxDeliveryAge {
				run.Failed++
				if !oneShot {
					disable = domain.ChannelDisabledFailing
				}
				if err := h.failDeliveries(ctx, tx, []uuid.UUID{d.ID}, res); err != nil {
					return run, true, nil, err
				}
				continue
			}
			run.Retrying++
			at := now.Add(h.backoff(attempts))
			if res.RetryAfter != nil {
				at = maxTime(at, now.Add(min(*res.RetryAfter, maxThrottle)))
			}
			if _, err := tx.Exec(ctx, `UPDATE event_deliveries SET attempts = $2, last_status = $3, last_error = $4, next_attempt_at = $5 WHERE id = $1`,
				d.ID, attempts, res.Status, res.Err, at); err != nil {
				return run, true, nil, fmt.Errorf("schedule retry: %w", err)
			}
		}
	}
	if _, err := tx.Exec(ctx, `UPDATE channels SET last_error = $2, last_error_at = $3, next_send_at = $4 WHERE id = $1`,
		ch.ID, res.Err, now, next); err != nil {
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

func (h DeliverEventsHandler) failDeliveries(ctx context.Context, tx pgx.Tx, ids []uuid.UUID, res sendResult) error {
	if _, err := tx.Exec(ctx, `
		UPDATE event_deliveries SET status = $2, attempts = attempts + 1, last_status = $3, last_error = $4
		WHERE id = ANY($1)`, ids, domain.DeliveryFailed, res.Status, res.Err); err != nil {
		return fmt.Errorf("fail deliveries: %w", err)
	}
	return nil
}

// disable disables the channel for reason, cancels its waiting
// deliveries, records it in the activity log (the service's doing, no
// actor) and e-mails the workspace's verified owners and admins.
func (h DeliverEventsHandler) disable(ctx context.Context, tx pgx.Tx, ch channelRow, reason domain.ChannelDisabled, lastErr string, now time.Time) ([]uuid.UUID, error) {
	cancelled, err := disableChannelRow(ctx, tx, ch.ID, reason, now)
	if err != nil {
		return nil, err
	}
	why := "its deliveries kept failing for about three days."
	if reason == domain.ChannelDisabledGone {
		why = "the destination answered 410 Gone: it no longer exists."
	}
	// no actor: whoever's request carried the attempt did not disable it
	if err := recordActivity(WithClient(ctx, Client{}), tx, activity{WorkspaceID: ch.WorkspaceID, Action: domain.ActionChannelDisabled,
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
		id, err := queueMail(ctx, tx, domain.MailChannelDisabled, &ch.WorkspaceID, addr, msg)
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	if h.Log != nil {
		h.Log.WarnContext(ctx, "channel disabled", "channelId", ch.ID, "workspaceId", ch.WorkspaceID, "reason", string(reason), "error", lastErr)
	}
	return ids, nil
}

// SendNow sends the channel's deliveries ids at once, in one message,
// whatever the channel's rate or their next attempt: the "send test" and
// resend buttons. 404 for a channel or delivery of another workspace.
// oneShot fails the delivery at its first failure without counting it
// against the channel (a test).
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
		return tx.QueryRow(ctx, `SELECT status FROM event_deliveries WHERE id = $1`, dels[0].ID).Scan(&out.Status)
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

// SendTest queues a channel.test event for the channel alone (an owner or
// admin's; 404 for a channel of another workspace) and sends it at once,
// disabled channel or not: its outcome is the answer. A failed test is
// not retried and does not count against the channel; a 410 disables it
// as any delivery's would.
func (h DeliverEventsHandler) SendTest(ctx context.Context, cmd SendChannelTest) (Attempt, error) {
	deliveryID := uuid.New()
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := requireManager(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "send tests"); err != nil {
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
		now := h.now()
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

// Resend sends the delivery again at once (an owner or admin's; 404 for a
// channel or delivery of another workspace, 409 while the channel is
// disabled): its attempts start over, and a failure is retried as a new
// delivery's would be.
func (h DeliverEventsHandler) Resend(ctx context.Context, cmd ResendDelivery) (Attempt, error) {
	oneShot := false
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := requireManager(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "resend deliveries"); err != nil {
			return err
		}
		_, _, enabled, err := lockChannel(ctx, tx, cmd.WorkspaceID, cmd.ChannelID)
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
		now := h.now()
		_, err = tx.Exec(ctx, `
			UPDATE event_deliveries SET status = $2, attempts = 0, next_attempt_at = $3, delivered_at = NULL, created_at = $3 WHERE id = $1`,
			cmd.DeliveryID, domain.DeliveryPending, now)
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
