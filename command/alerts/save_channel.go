package alerts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/webhook"
)

// Channel limits.
const (
	// MaxChannelName is the longest channel name, in characters.
	MaxChannelName = 100
	// MaxChannels bounds the channels of a workspace.
	MaxChannels = 50
	// PreviousSecretFor is how long a replaced secret keeps signing beside the new.
	PreviousSecretFor = 24 * time.Hour
)

// CreateChannel adds a destination of events: a Slack incoming webhook, a
// Discord webhook or an HTTPS endpoint signed as Standard Webhooks says.
type CreateChannel struct {
	WorkspaceID uuid.UUID
	// ActorID must be an owner or admin of the workspace.
	ActorID uuid.UUID
	Kind    string
	Name    string
	URL     string
}

// UpdateChannel changes a channel; a nil field keeps its value.
type UpdateChannel struct {
	WorkspaceID, ActorID, ID uuid.UUID
	Name                     *string
	URL                      *string
	// Enabled false disables the channel, cancelling its waiting deliveries;
	// true enables it again and clears why it was disabled.
	Enabled *bool
}

// DeleteChannel deletes a channel with its deliveries and their attempts.
type DeleteChannel struct {
	WorkspaceID, ActorID, ID uuid.UUID
}

// RotateChannelSecret gives a webhook channel a new signing secret.
type RotateChannelSecret struct {
	WorkspaceID, ActorID, ID uuid.UUID
}

// Validate trims the name and checks the kind, the name and the URL: 400 for
// a missing or malformed value, 422 for a URL the address rule refuses.
func (c *CreateChannel) Validate(allow webhook.AllowList) error {
	var errs []error
	if !validKind(c.Kind) {
		errs = append(errs, apperr.Invalid("kind", `must be "slack", "discord" or "webhook"`))
	}
	var err error
	if c.Name, err = input.CheckName(c.Name, MaxChannelName); err != nil {
		errs = append(errs, err)
	}
	if _, err := checkChannelURL(c.URL, c.Kind, allow); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Validate checks the given fields as CreateChannel does; no change is refused.
func (c *UpdateChannel) Validate(allow webhook.AllowList) error {
	if c.Name == nil && c.URL == nil && c.Enabled == nil {
		return apperr.Invalid("", "nothing to change: give name, url, enabled or several")
	}
	var errs []error
	if c.Name != nil {
		name, err := input.CheckName(*c.Name, MaxChannelName)
		c.Name = &name
		errs = append(errs, err)
	}
	if c.URL != nil {
		_, err := checkChannelURL(*c.URL, "", allow)
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func validKind(k string) bool {
	for _, x := range domain.ChannelKinds {
		if string(x) == k {
			return true
		}
	}
	return false
}

// checkChannelURL is webhook.CheckURL with the API's errors (400 not a URL,
// 422 refused), returning the URL's hint with its secret parts masked.
func checkChannelURL(raw, kind string, allow webhook.AllowList) (string, error) {
	u, err := webhook.CheckURL(raw, allow)
	switch {
	case errors.Is(err, webhook.ErrBadURL):
		return "", apperr.Invalid("url", trimKind(err, webhook.ErrBadURL))
	case err != nil:
		return "", apperr.Refused("url", trimKind(err, webhook.ErrAddress))
	}
	if domain.ChannelKind(kind) == domain.ChannelWebhook {
		return webhook.MaskedURLHint(u), nil
	}
	return webhook.URLHint(u), nil
}

func trimKind(err, kind error) string {
	msg := err.Error()
	if p := kind.Error() + ": "; len(msg) > len(p) && msg[:len(p)] == p {
		return msg[len(p):]
	}
	return msg
}

// The contexts sealed values are bound to: their channel and column.
func urlSeal(id uuid.UUID) string    { return "channel:" + id.String() + ":url" }
func secretSeal(id uuid.UUID) string { return "channel:" + id.String() + ":secret" }

// ChannelCreated is a created channel's id and webhook secret, shown once.
type ChannelCreated struct {
	ID     uuid.UUID
	Secret string
}

// SaveChannelHandler creates, changes, rotates and deletes channels (owners
// and admins). URL and secrets are stored sealed, and never logged.
type SaveChannelHandler struct {
	DB     *pgxpool.Pool
	Sealer *webhook.Sealer
	// Allow is CHANNEL_ALLOWED_ADDRESSES.
	Allow webhook.AllowList
	Now   func() time.Time
}

// Create records the channel (409 beyond MaxChannels).
func (h SaveChannelHandler) Create(ctx context.Context, cmd CreateChannel) (ChannelCreated, error) {
	if err := cmd.Validate(h.Allow); err != nil {
		return ChannelCreated{}, err
	}
	hint, _ := checkChannelURL(cmd.URL, cmd.Kind, h.Allow)
	out := ChannelCreated{ID: uuid.New()}
	secretSealed := ""
	if domain.ChannelKind(cmd.Kind) == domain.ChannelWebhook {
		out.Secret = webhook.NewSecret()
		secretSealed = h.Sealer.Seal(out.Secret, secretSeal(out.ID))
	}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.RequireManager(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "manage channels"); err != nil {
			return err
		}
		if err := lockWorkspaceRow(ctx, tx, cmd.WorkspaceID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM channels WHERE workspace_id = $1`, cmd.WorkspaceID).Scan(&n); err != nil {
			return fmt.Errorf("count channels: %w", err)
		}
		if n >= MaxChannels {
			return apperr.Conflict(fmt.Sprintf("a workspace has at most %d channels: delete one first", MaxChannels))
		}
		if _, err := tx.Exec(ctx, `
			INSERT INTO channels (id, workspace_id, kind, name, url_sealed, url_hint, secret_sealed, created_by, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
			out.ID, cmd.WorkspaceID, cmd.Kind, cmd.Name, h.Sealer.Seal(cmd.URL, urlSeal(out.ID)), hint, secretSealed,
			cmd.ActorID, h.Now()); err != nil {
			return fmt.Errorf("insert channel: %w", err)
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionChannelSaved,
			Target: cmd.Name, Details: map[string]any{"created": true, "kind": cmd.Kind, "url": hint}})
	})
	if err != nil {
		if apperr.KindOf(err) == apperr.KindInternal {
			err = fmt.Errorf("create channel: %w", err)
		}
		return ChannelCreated{}, err
	}
	return out, nil
}

// lockManagedChannel checks that the actor may do action (owners and admins)
// and locks the workspace's channel id; 404 for another workspace's.
func lockManagedChannel(ctx context.Context, tx pgx.Tx, workspaceID, actorID, id uuid.UUID, action string) (name, kind string, enabled bool, err error) {
	if err := authz.RequireManager(ctx, tx, workspaceID, actorID, action); err != nil {
		return "", "", false, err
	}
	err = tx.QueryRow(ctx, `SELECT name, kind, enabled FROM channels WHERE id = $1 AND workspace_id = $2 FOR UPDATE`,
		id, workspaceID).Scan(&name, &kind, &enabled)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", "", false, apperr.NotFound("channel not found")
	}
	if err != nil {
		return "", "", false, fmt.Errorf("lock channel: %w", err)
	}
	return name, kind, enabled, nil
}

// Update applies the change (404 for another workspace's channel). Disabling
// cancels waiting deliveries; enabling clears the reason and sends at once.
func (h SaveChannelHandler) Update(ctx context.Context, cmd UpdateChannel) error {
	if err := cmd.Validate(h.Allow); err != nil {
		return err
	}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		old, kind, enabled, err := lockManagedChannel(ctx, tx, cmd.WorkspaceID, cmd.ActorID, cmd.ID, "manage channels")
		if err != nil {
			return err
		}
		now := h.Now()
		details := map[string]any{"created": false}
		name := old
		if cmd.Name != nil && *cmd.Name != old {
			name = *cmd.Name
			details["from"] = old
			if _, err := tx.Exec(ctx, `UPDATE channels SET name = $2, updated_at = $3 WHERE id = $1 AND workspace_id = $4`, cmd.ID, name, now, cmd.WorkspaceID); err != nil {
				return fmt.Errorf("rename channel: %w", err)
			}
		}
		if cmd.URL != nil {
			hint, _ := checkChannelURL(*cmd.URL, kind, h.Allow)
			details["url"] = hint
			if _, err := tx.Exec(ctx, `UPDATE channels SET url_sealed = $2, url_hint = $3, updated_at = $4 WHERE id = $1 AND workspace_id = $5`,
				cmd.ID, h.Sealer.Seal(*cmd.URL, urlSeal(cmd.ID)), hint, now, cmd.WorkspaceID); err != nil {
				return fmt.Errorf("change channel URL: %w", err)
			}
		}
		if cmd.Enabled != nil && *cmd.Enabled != enabled {
			details["enabled"] = *cmd.Enabled
			if *cmd.Enabled {
				if _, err := tx.Exec(ctx, `
					UPDATE channels SET enabled = true, disabled_reason = '', disabled_at = NULL, next_send_at = '-infinity', updated_at = $2
					WHERE id = $1 AND workspace_id = $3`, cmd.ID, now, cmd.WorkspaceID); err != nil {
					return fmt.Errorf("enable channel: %w", err)
				}
			} else {
				if _, err := disableChannelRow(ctx, tx, cmd.WorkspaceID, cmd.ID, domain.ChannelDisabledManually, now); err != nil {
					return err
				}
			}
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionChannelSaved,
			Target: name, Details: details})
	})
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return fmt.Errorf("update channel: %w", err)
	}
	return err
}

func disableChannelRow(ctx context.Context, tx pgx.Tx, workspaceID, id uuid.UUID, reason domain.ChannelDisabled, now time.Time) (int, error) {
	if _, err := tx.Exec(ctx, `
		UPDATE channels SET enabled = false, disabled_reason = $2, disabled_at = $3, updated_at = $3 WHERE id = $1 AND workspace_id = $4`,
		id, string(reason), now, workspaceID); err != nil {
		return 0, fmt.Errorf("disable channel: %w", err)
	}
	tag, err := tx.Exec(ctx, `UPDATE event_deliveries SET status = $2 WHERE channel_id = $1 AND workspace_id = $4 AND status = $3`,
		id, domain.DeliveryCancelled, domain.DeliveryPending, workspaceID)
	if err != nil {
		return 0, fmt.Errorf("cancel deliveries: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

// Delete deletes the channel, its deliveries and attempts; 404 for another workspace's.
func (h SaveChannelHandler) Delete(ctx context.Context, cmd DeleteChannel) error {
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		name, kind, _, err := lockManagedChannel(ctx, tx, cmd.WorkspaceID, cmd.ActorID, cmd.ID, "manage channels")
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `DELETE FROM channels WHERE id = $1 AND workspace_id = $2`, cmd.ID, cmd.WorkspaceID); err != nil {
			return fmt.Errorf("delete channel: %w", err)
		}
		// the rules that sent to it no longer name it
		if _, err := tx.Exec(ctx, `UPDATE alert_rules SET channel_ids = array_remove(channel_ids, $1), updated_at = now()
			WHERE workspace_id = $2 AND $1 = ANY(channel_ids)`, cmd.ID, cmd.WorkspaceID); err != nil {
			return fmt.Errorf("delete channel: %w", err)
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionChannelDeleted,
			Target: name, Details: map[string]any{"kind": kind}})
	})
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return fmt.Errorf("delete channel: %w", err)
	}
	return err
}

// RotatedSecret is a new signing secret, shown once, and the old one's end.
type RotatedSecret struct {
	Secret              string
	PreviousSecretUntil time.Time
}

// RotateSecret gives a webhook channel a new secret (409 for Slack or Discord);
// the replaced one signs beside it for PreviousSecretFor.
func (h SaveChannelHandler) RotateSecret(ctx context.Context, cmd RotateChannelSecret) (RotatedSecret, error) {
	out := RotatedSecret{Secret: webhook.NewSecret()}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		name, kind, _, err := lockManagedChannel(ctx, tx, cmd.WorkspaceID, cmd.ActorID, cmd.ID, "manage channels")
		if err != nil {
			return err
		}
		if domain.ChannelKind(kind) != domain.ChannelWebhook {
			return apperr.Conflict("only webhook channels have a signing secret")
		}
		var current string
		if err := tx.QueryRow(ctx, `SELECT secret_sealed FROM channels WHERE id = $1 AND workspace_id = $2`, cmd.ID, cmd.WorkspaceID).Scan(&current); err != nil {
			return fmt.Errorf("read secret: %w", err)
		}
		now := h.Now()
		out.PreviousSecretUntil = now.Add(PreviousSecretFor)
		if _, err := tx.Exec(ctx, `
			UPDATE channels SET secret_sealed = $2, previous_secret_sealed = $3, previous_secret_until = $4, updated_at = $5
			WHERE id = $1 AND workspace_id = $6`, cmd.ID, h.Sealer.Seal(out.Secret, secretSeal(cmd.ID)), current, out.PreviousSecretUntil, now, cmd.WorkspaceID); err != nil {
			return fmt.Errorf("rotate secret: %w", err)
		}
		return activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionChannelRotated,
			Target: name, Details: map[string]any{"previousUntil": out.PreviousSecretUntil}})
	})
	if err != nil {
		if apperr.KindOf(err) == apperr.KindInternal {
			err = fmt.Errorf("rotate channel secret: %w", err)
		}
		return RotatedSecret{}, err
	}
	return out, nil
}

// lockWorkspaceRow locks the workspace's row, first as in every tracked-item write.
func lockWorkspaceRow(ctx context.Context, tx pgx.Tx, workspaceID uuid.UUID) error {
	if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, workspaceID); err != nil {
		return fmt.Errorf("lock workspace: %w", err)
	}
	return nil
}
