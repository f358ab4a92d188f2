package collections

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/authz"
	"github.com/reeltrack/reeltrack/internal/domain"
)

// A creator proves it owns one of its accounts with a short code it puts in
// the account's bio: the next scrape of the profile that shows the bio
// finds it (command/tracking's ApplyScrape), and the account is verified.
// An owner or admin can also verify an account by hand, or undo a
// verification. Moving the account to another creator undoes it (schema
// 0051).

// RequestVerification asks for the code of an account of the creator.
type RequestVerification struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID // the creator's login
	CreatorID   uuid.UUID
	AccountID   uuid.UUID
}

// SetVerified verifies an account by hand, or undoes its verification.
type SetVerified struct {
	WorkspaceID uuid.UUID
	ActorID     uuid.UUID
	AccountID   uuid.UUID
	Verified    bool
}

// VerifyAccountHandler records verification codes and verifications by hand.
type VerifyAccountHandler struct {
	DB  *pgxpool.Pool
	Now func() time.Time
}

// codeChars are the characters of a code: lower-case letters and digits,
// which every platform's bio keeps as written.
const codeChars = "abcdefghijkmnpqrstuvwxyz23456789"

func newCode() (string, error) {
	b := make([]byte, 6)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("make a verification code: %w", err)
	}
	for i := range b {
		b[i] = codeChars[int(b[i])%len(codeChars)]
	}
	return "rt-" + string(b), nil
}

// Request answers the account's code, made at the first request and kept
// until the account is verified: 404 for an account that is not the
// creator's (or removed), 409 for one verified already.
func (h VerifyAccountHandler) Request(ctx context.Context, cmd RequestVerification) (string, error) {
	var code string
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		var current *string
		var verified bool
		var handle, plat string
		err := tx.QueryRow(ctx, `
			SELECT verify_code, verified_at IS NOT NULL, handle, platform FROM accounts
			WHERE id = $1 AND workspace_id = $2 AND creator_id = $3 AND status <> $4 FOR UPDATE`,
			cmd.AccountID, cmd.WorkspaceID, cmd.CreatorID, domain.ItemRemoved).Scan(&current, &verified, &handle, &plat)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("account not found")
		}
		if err != nil {
			return fmt.Errorf("read account: %w", err)
		}
		if verified {
			return apperr.Conflict("this account is verified already")
		}
		if current != nil {
			code = *current
			return nil
		}
		if code, err = newCode(); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE accounts SET verify_code = $3, verify_requested_at = $4, verify_checked_at = NULL, updated_at = now()
			WHERE id = $1 AND workspace_id = $2`, cmd.AccountID, cmd.WorkspaceID, code, h.Now()); err != nil {
			return fmt.Errorf("record verification code: %w", err)
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionAccountChanged,
			Target: "@" + handle + " (" + plat + ")", Details: map[string]any{"verification": "requested"}}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
	return code, err
}

// Set verifies the account by hand, or undoes its verification (and any
// code asked for): 403 unless the actor manages the workspace, 404 for
// another workspace's account or a removed one. The same state writes
// nothing.
func (h VerifyAccountHandler) Set(ctx context.Context, cmd SetVerified) error {
	return pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := authz.RequireManager(ctx, tx, cmd.WorkspaceID, cmd.ActorID, "verify accounts"); err != nil {
			return err
		}
		var verified bool
		var handle, plat string
		err := tx.QueryRow(ctx, `
			SELECT verified_at IS NOT NULL, handle, platform FROM accounts
			WHERE id = $1 AND workspace_id = $2 AND status <> $3 FOR UPDATE`,
			cmd.AccountID, cmd.WorkspaceID, domain.ItemRemoved).Scan(&verified, &handle, &plat)
		if errors.Is(err, pgx.ErrNoRows) {
			return apperr.NotFound("account not found")
		}
		if err != nil {
			return fmt.Errorf("read account: %w", err)
		}
		if verified == cmd.Verified {
			return nil
		}
		if cmd.Verified {
			_, err = tx.Exec(ctx, `UPDATE accounts SET verified_at = $3, verified_method = 'manual', verified_by = $4, updated_at = now()
				WHERE id = $1 AND workspace_id = $2`, cmd.AccountID, cmd.WorkspaceID, h.Now(), cmd.ActorID)
		} else {
			_, err = tx.Exec(ctx, `UPDATE accounts SET verified_at = NULL, verified_method = NULL, verified_by = NULL,
				verify_code = NULL, verify_requested_at = NULL, verify_checked_at = NULL, updated_at = now()
				WHERE id = $1 AND workspace_id = $2`, cmd.AccountID, cmd.WorkspaceID)
		}
		if err != nil {
			return fmt.Errorf("set verification: %w", err)
		}
		what := "verified by hand"
		if !cmd.Verified {
			what = "verification undone"
		}
		if err := activitylog.Record(ctx, tx, activitylog.Entry{WorkspaceID: cmd.WorkspaceID, ActorID: cmd.ActorID, Action: domain.ActionAccountChanged,
			Target: "@" + handle + " (" + plat + ")", Details: map[string]any{"verification": what}}); err != nil {
			return err
		}
		return dataversion.BumpDataVersion(ctx, tx, cmd.WorkspaceID)
	})
}
