package projections

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
)

// Execer is a pgx transaction, connection or pool.
type Execer interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
}

// BumpDataVersion marks that what the workspace's dashboard shows has
// changed: answers cached under the previous version are no longer read.
// Call it in the transaction of the write, so the two commit together.
func BumpDataVersion(ctx context.Context, db Execer, workspaceID uuid.UUID) error {
	if _, err := db.Exec(ctx, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, workspaceID); err != nil {
		return fmt.Errorf("bump data version: %w", err)
	}
	return nil
}
