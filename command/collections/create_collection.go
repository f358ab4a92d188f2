// Package collections groups tracked items: collections (deleting a campaign's
// ends the campaign), the items put into them, the creators their accounts are
// paid to, and the payee of a video of no tracked account.
package collections

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/command/input"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// MaxCollectionName is the longest collection name, in characters.
const MaxCollectionName = 100

// CreateCollection names a new collection in a workspace.
type CreateCollection struct {
	WorkspaceID uuid.UUID
	Name        string
}

// Validate trims the name and checks its length.
func (c *CreateCollection) Validate() error {
	var err error
	c.Name, err = collectionName(c.Name)
	return err
}

func collectionName(name string) (string, error) {
	return input.CheckName(name, MaxCollectionName)
}

// nameTaken is the conflict of a unique index violation on the name; nil for other errors.
func nameTaken(err error, name string) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && pgErr.Code == "23505" {
		return apperr.Conflict(fmt.Sprintf("a collection named %q already exists", name))
	}
	return nil
}

// CreatedCollection is the new collection's row.
type CreatedCollection struct {
	ID        uuid.UUID
	Name      string
	CreatedAt time.Time
}

// CreateCollectionHandler creates collections; names are unique ignoring case.
type CreateCollectionHandler struct{ DB *pgxpool.Pool }

// Handle inserts the collection, or answers conflict for a taken name.
func (h CreateCollectionHandler) Handle(ctx context.Context, cmd CreateCollection) (CreatedCollection, error) {
	if err := cmd.Validate(); err != nil {
		return CreatedCollection{}, err
	}
	out := CreatedCollection{ID: uuid.New(), Name: cmd.Name}
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, `INSERT INTO collections (id, workspace_id, name) VALUES ($1, $2, $3) RETURNING created_at`,
			out.ID, cmd.WorkspaceID, cmd.Name).Scan(&out.CreatedAt)
		if err != nil {
			return err
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, Action: domain.ActionCollectionCreated, Target: cmd.Name}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	if taken := nameTaken(err, cmd.Name); taken != nil {
		return CreatedCollection{}, taken
	}
	if err != nil {
		return CreatedCollection{}, fmt.Errorf("create collection: %w", err)
	}
	out.CreatedAt = out.CreatedAt.UTC()
	return out, nil
}
