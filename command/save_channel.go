package command

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/webhook"
)

// Channel limits.
const (
	// MaxChannelName is the longest channel name, in characters.
	MaxChannelName = 100
	// MaxChannels bounds the channels of a workspace.
	MaxChannels = 50
	// PreviousSecretFor is how long the secret a rotation replaced keeps
	// signing beside the new one.
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
	// Enabled false disables the channel (its waiting deliveries are
	// cancelled); true enables it again and clears why it was disabled.
	Enabled *bool
}

// DeleteChannel deletes a channel with its deliveries and their attempts.
type DeleteChannel struct {
	WorkspaceID, ActorID, ID uuid.UUID
}

// RotateChannelSecret gives a webhook channel a new signing secret; the
// one it replaces keeps signing for PreviousSecretFor.
type RotateChannelSecret struct {
	WorkspaceID, ActorID, ID uuid.UUID
}

// Validate trims the name and checks the kind, the name and the URL: 400
// for a missing or malformed value, 422 for a URL the address rule
// refuses (not https, a user or password in it, a literal loopback or
// private address).
func (c *CreateChannel) Validate(allow webhook.AllowList) error {
	var errs []error
	if !validKind(c.Kind) {
		errs = append(errs, apperr.Invalid("kind", `must be "slack", "discord" or "webhook"`))
	}
	var err error
	if c.Name, err = checkName(c.Name, MaxChannelName); err != nil {
		errs = append(errs, err)
	}
	if _, err := checkChannelURL(c.URL, allow); err != nil {
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// Validate checks the fields given as CreateChannel does; a change of
// nothing is refused.
func (c *UpdateChannel) Validate(allow webhook.AllowList) error {
	if c.Name == nil && c.URL == nil && c.Enabled == nil {
		return apperr.Invalid("", "nothing to change: give name, url, enabled or several")
	}
	var errs []error
	if c.Name != nil {
		name, err := checkName(*c.Name, MaxChannelName)
		c.Name = &name
		errs = append(errs, err)
	}
	if c.URL != nil {
		_, err := checkChannelURL(*c.URL, allow)
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

// checkChannelURL is webhook.CheckURL with its errors as the API's: 400
// for what is not a URL, 422 for what the address rule refuses.
func checkChannelURL(raw string, allow webhook.AllowList) (string, error) {
	u, err := webhook.CheckURL(raw, allow)
	switch {
	case errors.Is(err, webhook.ErrBadURL):
		return "", apperr.Invalid("url", trimKind(err, webhook.ErrBadURL))
	case err != nil:
		return "", apperr.Refused("url", trimKind(err, webhook.ErrAddress))
	}
	return webhook.URLHint(u), nil
}

// trimKind is err's text without the kind's own words before it.
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

// ChannelCreated is a created channel's id, and for a webhook channel its
// signing secret, which is shown this once.
type ChannelCreated struct {
	ID     uuid.UUID
	Secret string
}

// SaveChannelHandler creates, changes, rotates and deletes channels; only
// owners and admins may. The URL and secrets are stored sealed; the
// activity log records each change without them.
type SaveChannelHandler struct {
	DB     *pgxpool.Pool
	Sealer *webhook.Sealer
	// Allow is CHANNEL_ALLOWED_ADDRESSES.
	Allow webhook.AllowList
	Now   func() time.Time
}

func (h SaveChannelHandler) now() time.Time {
	if h.Now != nil {
		return h.Now()
	}
	return time.Now()
}

// requireManager checks that the actor is an owner or admin of the
// workspace: 403 for a member, 404 for someone of another workspace.
func requireManager(ctx context.Context, tx pgx.Tx, workspaceID, actorID uuid.UUID, action string) error {
	var role string
	err := tx.QueryRow(ctx, `SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`, workspaceID, actorID).Scan(&role)
	if errors.Is(err, pgx.ErrNoRows) {
		return apperr.NotFound("workspace not found")
	}
	if err != nil {
		return fmt.Errorf("read role: %w", err)
	}
	if !managesWorkspace(role) {
		return apperr.Forbidden("only owners and admins can " + action)
	}
	return nil
}

// Create records the channel: 400 or 422 as Validate says, 409 beyond
// MaxChannels. A webhook channel gets a new signing secret, returned once.
func (h SaveChannelHandler) Create(ctx context.Context, cmd CreateChannel) (ChannelCreated, error) {
	if err := cmd.Validate(h.Allow); err != nil {
		return ChannelCreated{}, err
	}
	hint, _ := checkChannelURL(cmd.URL, h.Allow)
	out := ChannelCreated{ID: uuid.New()}
	secretSealed := ""
	if domain.ChannelKind(cmd.Kind) == domain.ChannelWebhook {
		out.Secret = webhook.NewSecret()
		secretSealed = h.Sealer.Seal(out.Secret, secretSeal(out.ID))
	}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := requireManager(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "manage channels"); err != nil {
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
			cmd.ActorID, h.now()); err != nil {
			return fmt.Errorf("insert channel: %w", err)
		}
		return recordActivity(ctx, tx, activity{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionChannelSaved,
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

// lockChannel locks the workspace's channel id: 404 for a channel of
// another workspace.
func lockChannel(ctx context.Context, tx pgx.Tx, workspaceID, id uuid.UUID) (name, kind string, enabled bool, err error) {
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

// Update applies the change: 400 or 422 as Validate says, 404 for a
// channel of another workspace. Disabling cancels the channel's waiting
// deliveries; enabling clears why it was disabled and lets it send at
// once.
func (h SaveChannelHandler) Update(ctx context.Context, cmd UpdateChannel) error {
	if err := cmd.Validate(h.Allow); err != nil {
		return err
	}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := requireManager(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "manage channels"); err != nil {
			return err
		}
		old, _, enabled, err := lockChannel(ctx, tx, cmd.WorkspaceID, cmd.ID)
		if err != nil {
			return err
		}
		now := h.now()
		details := map[string]any{"created": false}
		name := old
		if cmd.Name != nil && *cmd.Name != old {
			name = *cmd.Name
			details["from"] = old
			if _, err := tx.Exec(ctx, `UPDATE channels SET name = $2, updated_at = $3 WHERE id = $1`, cmd.ID, name, now); err != nil {
				return fmt.Errorf("rename channel: %w", err)
			}
		}
		if cmd.URL != nil {
			hint, _ := checkChannelURL(*cmd.URL, h.Allow)
			details["url"] = hint
			if _, err := tx.Exec(ctx, `UPDATE channels SET url_sealed = $2, url_hint = $3, updated_at = $4 WHERE id = $1`,
				cmd.ID, h.Sealer.Seal(*cmd.URL, urlSeal(cmd.ID)), hint, now); err != nil {
				return fmt.Errorf("change channel URL: %w", err)
			}
		}
		if cmd.Enabled != nil && *cmd.Enabled != enabled {
			details["enabled"] = *cmd.Enabled
			if *cmd.Enabled {
				if _, err := tx.Exec(ctx, `
					UPDATE channels SET enabled = true, disabled_reason = '', disabled_at = NULL, next_send_at = '-infinity', updated_at = $2
					WHERE id = $1`, cmd.ID, now); err != nil {
					return fmt.Errorf("enable channel: %w", err)
				}
			} else {
				if _, err := disableChannelRow(ctx, tx, cmd.ID, domain.ChannelDisabledManually, now); err != nil {
					return err
				}
			}
		}
		return recordActivity(ctx, tx, activity{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionChannelSaved,
			Target: name, Details: details})
	})
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return fmt.Errorf("update channel: %w", err)
	}
	return err
}

// disableChannelRow disables the channel for reason and cancels its
// waiting deliveries, which it counts.
func disableChannelRow(ctx context.Context, tx pgx.Tx, id uuid.UUID, reason domain.ChannelDisabled, now time.Time) (int, error) {
	if _, err := tx.Exec(ctx, `
		UPDATE channels SET enabled = false, disabled_reason = $2, disabled_at = $3, updated_at = $3 WHERE id = $1`,
		id, string(reason), now); err != nil {
		return 0, fmt.Errorf("disable channel: %w", err)
	}
	tag, err := tx.Exec(ctx, `UPDATE event_deliveries SET status = $2 WHERE channel_id = $1 AND status = $3`,
		id, domain.DeliveryCancelled, domain.DeliveryPending)
	if err != nil {
		return 0, fmt.Errorf("cancel deliveries: %w", err)
	}
	return int(tag.RowsAffected()), nil
}

// Delete deletes the channel, its deliveries and their attempts: 404 for
// a channel of another workspace.
func (h SaveChannelHandler) Delete(ctx context.Context, cmd DeleteChannel) error {
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := requireManager(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "manage channels"); err != nil {
			return err
		}
		name, kind, _, err := lockChannel(ctx, tx, cmd.WorkspaceID, cmd.ID)
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
		return recordActivity(ctx, tx, activity{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionChannelDeleted,
			Target: name, Details: map[string]any{"kind": kind}})
	})
	if err != nil && apperr.KindOf(err) == apperr.KindInternal {
		return fmt.Errorf("delete channel: %w", err)
	}
	return err
}

// RotatedSecret is a webhook channel's new signing secret, shown this
// once, and until when the previous one still signs.
type RotatedSecret struct {
	Secret              string
	PreviousSecretUntil time.Time
}

// RotateSecret gives the webhook channel a new secret: 404 for a channel
// of another workspace, 409 for a Slack or Discord channel. The secret it
// replaces signs beside it for PreviousSecretFor; one rotated again
// within that time drops the secret before.
func (h SaveChannelHandler) RotateSecret(ctx context.Context, cmd RotateChannelSecret) (RotatedSecret, error) {
	out := RotatedSecret{Secret: webhook.NewSecret()}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := requireManager(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "manage channels"); err != nil {
			return err
		}
		name, kind, _, err := lockChannel(ctx, tx, cmd.WorkspaceID, cmd.ID)
		if err != nil {
			return err
		}
		if domain.ChannelKind(kind) != domain.ChannelWebhook {
			return apperr.Conflict("only webhook channels have a signing secret")
		}
		var current string
		if err := tx.QueryRow(ctx, `SELECT secret_sealed FROM channels WHERE id = $1`, cmd.ID).Scan(&current); err != nil {
			return fmt.Errorf("read secret: %w", err)
		}
		now := h.now()
		out.PreviousSecretUntil = now.Add(PreviousSecretFor)
		if _, err := tx.Exec(ctx, `
			UPDATE channels SET secret_sealed = $2, previous_secret_sealed = $3, previous_secret_until = $4, updated_at = $5
			WHERE id = $1`, cmd.ID, h.Sealer.Seal(out.Secret, secretSeal(cmd.ID)), current, out.PreviousSecretUntil, now); err != nil {
			return fmt.Errorf("rotate secret: %w", err)
		}
		return recordActivity(ctx, tx, activity{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionChannelRotated,
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
