package tracking

import (
	"context"
	"fmt"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// linkVideosToAccounts gives each video with no account its author's tracked
// (not removed) account, and so its creator and collection.
func linkVideosToAccounts(ctx context.Context, tx pgx.Tx, ws uuid.UUID) error {
	_, err := tx.Exec(ctx, `
		UPDATE videos v SET account_id = a.id, updated_at = now()
		FROM accounts a
		WHERE v.workspace_id = $1 AND v.account_id IS NULL AND v.account_handle <> ''
		  AND a.workspace_id = $1 AND a.platform = v.platform AND a.status <> $2
		  AND a.handle IN (v.account_handle, '@' || v.account_handle)`, ws, domain.ItemRemoved)
	if err != nil {
		return fmt.Errorf("link videos to their authors' accounts: %w", err)
	}
	return nil
}
