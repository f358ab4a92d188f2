// Package activitylog records who did what, from where, in the change's transaction.
package activitylog

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// Client is who sends a request: the signed-in user, where from, the API key.
type Client struct {
	UserID    uuid.UUID
	IP        string
	UserAgent string
	APIKeyID  uuid.UUID
}

type clientKey struct{}

// WithClient returns ctx carrying the request's client.
func WithClient(ctx context.Context, c Client) context.Context {
	return context.WithValue(ctx, clientKey{}, c)
}

// ClientOf is the client WithClient put into ctx.
func ClientOf(ctx context.Context) Client {
	c, _ := ctx.Value(clientKey{}).(Client)
	return c
}

// Execer runs a statement: a pgx transaction, connection or pool.
type Execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// Entry is an entry of the activity log. A zero WorkspaceID is the actor's; a zero
// ActorID without ActorEmail (all the payment provider has) is the client's user.
type Entry struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	ActorEmail  string
	Action      domain.Action
	Target      string
	Details     map[string]any
}

// Record writes a into the activity log with the client of ctx.
func Record(ctx context.Context, q Execer, a Entry) error {
	if a.ActorID == uuid.Nil && a.ActorEmail == "" {
		a.ActorID = ClientOf(ctx).UserID
	}
	var ws, actor *uuid.UUID
	if a.WorkspaceID != uuid.Nil {
		ws = &a.WorkspaceID
	}
	if a.ActorID != uuid.Nil {
		actor = &a.ActorID
	}
	details := a.Details
	if details == nil {
		details = map[string]any{}
	}
	var key *uuid.UUID
	if cl := ClientOf(ctx); cl.APIKeyID != uuid.Nil {
		key = &cl.APIKeyID
	}
	_, err := q.Exec(ctx, `
		INSERT INTO activity_log (workspace_id, actor_id, actor_email, action, target, details, client_ip, api_key_id)
		VALUES (
			COALESCE($1, (SELECT workspace_id FROM workspace_members WHERE user_id = $2 AND via_organisation IS NULL)),
			$2,
			COALESCE(NULLIF($3, ''), (SELECT email FROM users WHERE id = $2), ''),
			$4, $5, $6, $7, $8)`,
		ws, actor, a.ActorEmail, string(a.Action), a.Target, details, ClientOf(ctx).IP, key)
	if err != nil {
		return fmt.Errorf("record %s in the activity log: %w", a.Action, err)
	}
	return nil
}
