package command

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// Client is who sends a request, as the activity log records it: the
// signed-in user (uuid.Nil before sign-in), where they are, and the API
// key the request was made with (uuid.Nil for none).
type Client struct {
	UserID    uuid.UUID
	IP        string
	UserAgent string
	APIKeyID  uuid.UUID
}

type clientKey struct{}

// WithClient returns ctx carrying the request's client, which the commands
// record in the activity log.
func WithClient(ctx context.Context, c Client) context.Context {
	return context.WithValue(ctx, clientKey{}, c)
}

// ClientOf is the client WithClient put into ctx.
func ClientOf(ctx context.Context) Client {
	c, _ := ctx.Value(clientKey{}).(Client)
	return c
}

// activity is one entry of the activity log.
type activity struct {
	// WorkspaceID is the workspace the entry belongs to; uuid.Nil: the
	// actor's workspace, or none.
	WorkspaceID uuid.UUID
	// ActorID is who did it; uuid.Nil with ActorEmail empty: the client's
	// signed-in user. The payment provider has no id, only ActorEmail.
	ActorID    uuid.UUID
	ActorEmail string
	Action     domain.Action
	// Target is what the action was done to, in a few words: an e-mail, a
	// rule's or a collection's name.
	Target  string
	Details map[string]any
}

// recordActivity writes a into the activity log with the client of ctx, in
// the transaction of the change it records.
func recordActivity(ctx context.Context, q Execer, a activity) error {
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
			COALESCE($1, (SELECT workspace_id FROM workspace_members WHERE user_id = $2)),
			$2,
			COALESCE(NULLIF($3, ''), (SELECT email FROM users WHERE id = $2), ''),
			$4, $5, $6, $7, $8)`,
		ws, actor, a.ActorEmail, string(a.Action), a.Target, details, ClientOf(ctx).IP, key)
	if err != nil {
		return fmt.Errorf("record %s in the activity log: %w", a.Action, err)
	}
	return nil
}
