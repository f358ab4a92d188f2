package alerts

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query"
)

// Channel is one channel as the dashboard shows it: never its URL nor secrets.
type Channel struct {
	ID      uuid.UUID          `json:"id"`
	Kind    domain.ChannelKind `json:"kind"`
	Name    string             `json:"name"`
	URLHint string             `json:"urlHint"`
	Enabled bool               `json:"enabled"`
	// DisabledReason is "" while the channel is enabled.
	DisabledReason domain.ChannelDisabled `json:"disabledReason"`
	DisabledAt     *time.Time             `json:"disabledAt"`
	// PreviousSecretUntil is when the previous secret of a rotation stops signing.
	PreviousSecretUntil *time.Time       `json:"previousSecretUntil"`
	LastSuccessAt       *time.Time       `json:"lastSuccessAt"`
	LastError           string           `json:"lastError"`
	LastErrorAt         *time.Time       `json:"lastErrorAt"`
	Pending             int              `json:"pending"`
	RecentAttempts      []ChannelAttempt `json:"recentAttempts"`
	CreatedAt           time.Time        `json:"createdAt"`
}

// ChannelAttempt is one HTTP request to a channel.
type ChannelAttempt struct {
	AttemptedAt time.Time  `json:"attemptedAt"`
	DeliveryID  *uuid.UUID `json:"deliveryId,omitempty"`
	// StatusCode is nil when no answer came.
	StatusCode *int   `json:"statusCode"`
	Error      string `json:"error"`
	DurationMs int    `json:"durationMs"`
}

// ChannelList is the answer of GET /channels.
type ChannelList struct {
	Channels []Channel `json:"channels"`
}

// ChannelDelivery is one event's delivery to a channel.
type ChannelDelivery struct {
	ID            uuid.UUID        `json:"id"`
	EventID       uuid.UUID        `json:"eventId"`
	EventType     string           `json:"eventType"`
	OccurredAt    time.Time        `json:"occurredAt"`
	Status        domain.Delivery  `json:"status"`
	Attempts      int              `json:"attempts"`
	NextAttemptAt *time.Time       `json:"nextAttemptAt"`
	LastStatus    *int             `json:"lastStatus"`
	LastError     string           `json:"lastError"`
	DeliveredAt   *time.Time       `json:"deliveredAt"`
	CreatedAt     time.Time        `json:"createdAt"`
	AttemptLog    []ChannelAttempt `json:"attemptLog"`
}

// ChannelDeliveries is the answer of GET /channels/{id}/deliveries.
type ChannelDeliveries struct {
	Deliveries []ChannelDelivery `json:"deliveries"`
}

// Answer sizes.
const (
	recentChannelAttempts = 5
	recentDeliveries      = 50
	deliveryAttemptsShown = 12
)

// ChannelsHandler answers the channels and their deliveries.
type ChannelsHandler struct{ DB *pgxpool.Pool }

// Handle lists the workspace's channels by name, each with its latest attempts.
func (h ChannelsHandler) Handle(ctx context.Context, ws uuid.UUID) (ChannelList, error) {
	list, err := h.read(ctx, ws, nil)
	return ChannelList{Channels: list}, err
}

// One is the workspace's channel id as the list shows it.
func (h ChannelsHandler) One(ctx context.Context, ws, id uuid.UUID) (Channel, error) {
	list, err := h.read(ctx, ws, &id)
	return query.OnlyOne(list, err, "channel not found")
}

func (h ChannelsHandler) read(ctx context.Context, ws uuid.UUID, id *uuid.UUID) ([]Channel, error) {
	rows, _ := h.DB.Query(ctx, `
SELECT c.id, c.kind, c.name, c.url_hint, c.enabled, c.disabled_reason, c.disabled_at,
       CASE WHEN c.previous_secret_until > now() THEN c.previous_secret_until END,
       c.last_success_at, c.last_error, c.last_error_at, c.created_at,
       (SELECT count(*) FROM event_deliveries d WHERE d.workspace_id = c.workspace_id AND d.channel_id = c.id AND d.status = $4),
       -- the JSON key error is written out: a key, not a status
       coalesce((SELECT json_agg(json_build_object('attemptedAt', a.attempted_at, 'deliveryId', a.delivery_id,
                     'statusCode', a.status_code, 'error', a.error, 'durationMs', a.duration_ms) ORDER BY a.id DESC)
                 FROM (SELECT * FROM delivery_attempts a WHERE a.workspace_id = c.workspace_id AND a.channel_id = c.id ORDER BY a.id DESC LIMIT $3) a), '[]')
FROM channels c
WHERE c.workspace_id = $1 AND ($2::uuid IS NULL OR c.id = $2)
ORDER BY lower(c.name), c.id`, ws, id, recentChannelAttempts, domain.DeliveryPending)
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Channel, error) {
		var c Channel
		err := r.Scan(&c.ID, &c.Kind, &c.Name, &c.URLHint, &c.Enabled, &c.DisabledReason, &c.DisabledAt, &c.PreviousSecretUntil,
			&c.LastSuccessAt, &c.LastError, &c.LastErrorAt, &c.CreatedAt, &c.Pending, &c.RecentAttempts)
		return c, err
	})
	if err != nil {
		return nil, fmt.Errorf("read channels: %w", err)
	}
	return list, nil
}

// Deliveries lists the channel's latest deliveries with their attempts, newest first.
func (h ChannelsHandler) Deliveries(ctx context.Context, ws, channelID uuid.UUID) (ChannelDeliveries, error) {
	var exists bool
	if err := h.DB.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM channels WHERE id = $1 AND workspace_id = $2)`, channelID, ws).Scan(&exists); err != nil {
		return ChannelDeliveries{}, fmt.Errorf("read channel: %w", err)
	}
	if !exists {
		return ChannelDeliveries{}, apperr.NotFound("channel not found")
	}
	rows, _ := h.DB.Query(ctx, `
SELECT d.id, d.event_id, e.type, e.occurred_at, d.status, d.attempts,
       CASE WHEN d.status = $5 THEN d.next_attempt_at END,
       d.last_status, d.last_error, d.delivered_at, d.created_at,
       -- the JSON key error is written out: a key, not a status
       coalesce((SELECT json_agg(json_build_object('attemptedAt', a.attempted_at,
                     'statusCode', a.status_code, 'error', a.error, 'durationMs', a.duration_ms) ORDER BY a.id DESC)
                 FROM (SELECT * FROM delivery_attempts a WHERE a.workspace_id = d.workspace_id AND a.delivery_id = d.id ORDER BY a.id DESC LIMIT $4) a), '[]')
FROM event_deliveries d
JOIN events e ON e.workspace_id = d.workspace_id AND e.id = d.event_id
WHERE d.channel_id = $1 AND d.workspace_id = $2
ORDER BY d.created_at DESC, d.id
LIMIT $3`, channelID, ws, recentDeliveries, deliveryAttemptsShown, domain.DeliveryPending)
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (ChannelDelivery, error) {
		var d ChannelDelivery
		err := r.Scan(&d.ID, &d.EventID, &d.EventType, &d.OccurredAt, &d.Status, &d.Attempts, &d.NextAttemptAt,
			&d.LastStatus, &d.LastError, &d.DeliveredAt, &d.CreatedAt, &d.AttemptLog)
		return d, err
	})
	if err != nil {
		return ChannelDeliveries{}, fmt.Errorf("read deliveries: %w", err)
	}
	return ChannelDeliveries{Deliveries: list}, nil
}
