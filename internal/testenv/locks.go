package testenv

import (
	"context"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// BesideABulkChange runs step while a bulk change of the videos ids holds
// the workspace ws, as pausing them does: it locks the workspace row, waits
// until step waits for that lock, then locks the videos in id order, pauses
// them and commits. It fails the test unless both finish, within generous
// bounds: a step that took a lock a bulk change needs before it waits for
// the workspace ends one of them as a deadlock.
func (e *Env) BesideABulkChange(t testing.TB, ws uuid.UUID, ids []uuid.UUID, what string, step func() error) {
	t.Helper()
	ctx := context.Background()
	bulk, err := e.PG.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer bulk.Rollback(ctx) //nolint:errcheck // after Commit, a no-op
	var pid int
	if err := bulk.QueryRow(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
		t.Fatal(err)
	}
	if _, err := bulk.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, ws); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- step() }()
	deadline := time.Now().Add(2 * time.Minute) // generous: a loaded machine is slow
	for Scalar[int](t, e, `SELECT count(*) FROM pg_locks WHERE NOT granted AND $1 = ANY(pg_blocking_pids(pid))`, pid) == 0 {
		select {
		case err := <-done:
			t.Fatalf("%s ended (%v) while the workspace was held", what, err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never waited for the workspace", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if _, err := bulk.Exec(ctx, `SELECT id FROM videos WHERE workspace_id = $1 AND id = ANY($2) ORDER BY id FOR UPDATE`, ws, ids); err != nil {
		t.Fatalf("the bulk change beside %s could not lock the videos: %v", what, err)
	}
	if _, err := bulk.Exec(ctx, `UPDATE videos SET status = $2, updated_at = now() WHERE id = ANY($1)`, ids, domain.ItemPaused); err != nil {
		t.Fatal(err)
	}
	if err := bulk.Commit(ctx); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s beside the bulk change: %v", what, err)
		}
	case <-time.After(2 * time.Minute):
		t.Fatalf("%s did not finish after the bulk change", what)
	}
}
