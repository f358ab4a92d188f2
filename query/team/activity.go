package team

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// Activity is a page of a workspace's activity log, newest first.
type Activity struct {
	Entries []ActivityEntry `json:"entries"`
	// Next is the cursor of the next, older page; nil on the last.
	Next *string `json:"next"`
}

// ActivityEntry is one thing someone did.
type ActivityEntry struct {
	ID     string          `json:"id"`
	At     time.Time       `json:"at"`
	Action string          `json:"action"`
	Actor  *Actor          `json:"actor"`
	Target string          `json:"target"`
	Detail json.RawMessage `json:"details"`
	IP     string          `json:"ip"`
	APIKey *ActivityAPIKey `json:"apiKey"`
}

// ActivityAPIKey names the API key of an entry's request.
type ActivityAPIKey struct {
	ID     uuid.UUID `json:"id"`
	Name   string    `json:"name"`
	Prefix string    `json:"prefix"`
}

// Actor is who did it: a user (ID set) or the payment provider (ID nil).
type Actor struct {
	ID    *uuid.UUID `json:"id"`
	Email string     `json:"email"`
}

// ActivityPage asks for a page of the log.
type ActivityPage struct {
	WorkspaceID uuid.UUID
	Role        domain.Role
	Limit       int
	// Before is the cursor of the page to read after; empty: the newest.
	Before string
}

// Limits of an activity page.
const (
	DefaultActivityLimit = 50
	MaxActivityLimit     = 200
)

// ActivityHandler reads the activity log.
type ActivityHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// Handle answers a page of the workspace's log; 403 unless a manager asks.
func (h ActivityHandler) Handle(ctx context.Context, p ActivityPage) (Activity, error) {
	if !p.Role.Manages() {
		return Activity{}, authz.Refused("read the activity log")
	}
	switch {
	case p.Limit == 0:
		p.Limit = DefaultActivityLimit
	case p.Limit < 1 || p.Limit > MaxActivityLimit:
		return Activity{}, apperr.Invalid("limit", fmt.Sprintf("must be from 1 to %d", MaxActivityLimit))
	}
	before := int64(1<<63 - 1)
	if p.Before != "" {
		n, err := strconv.ParseInt(p.Before, 10, 64)
		if err != nil || n < 1 {
			return Activity{}, apperr.Invalid("before", "must be the next cursor of an earlier page")
		}
		before = n
	}
	rows, _ := h.DB.Query(ctx, `
SELECT a.id, a.created_at, a.action, a.actor_id, a.actor_email, a.target, a.details, a.client_ip, k.id, k.name, k.prefix
FROM activity_log a
LEFT JOIN api_keys k ON k.id = a.api_key_id
WHERE a.workspace_id = $1 AND a.id < $2 AND a.created_at > $3
ORDER BY a.id DESC
LIMIT $4`, p.WorkspaceID, before, h.Now().Add(-domain.ActivityKeptFor), p.Limit+1)
	out := Activity{Entries: []ActivityEntry{}}
	var id int64
	var e ActivityEntry
	var actorID *uuid.UUID
	var actorEmail string
	var keyID *uuid.UUID
	var keyName, keyPrefix *string
	_, err := pgx.ForEachRow(rows, []any{&id, &e.At, &e.Action, &actorID, &actorEmail, &e.Target, &e.Detail, &e.IP, &keyID, &keyName, &keyPrefix}, func() error {
		e.ID = strconv.FormatInt(id, 10)
		e.At = e.At.UTC()
		e.Actor = nil
		if actorID != nil || actorEmail != "" {
			e.Actor = &Actor{ID: actorID, Email: actorEmail}
		}
		e.APIKey = nil
		if keyID != nil {
			e.APIKey = &ActivityAPIKey{ID: *keyID, Name: *keyName, Prefix: *keyPrefix}
		}
		out.Entries = append(out.Entries, e)
		return nil
	})
	if err != nil {
		return Activity{}, fmt.Errorf("read activity: %w", err)
	}
	if len(out.Entries) > p.Limit {
		out.Entries = out.Entries[:p.Limit]
		next := out.Entries[p.Limit-1].ID
		out.Next = &next
	}
	return out, nil
}
