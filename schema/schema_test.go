package schema_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/schema"
)

var env *testenv.Env

func TestMain(m *testing.M) { testenv.Main(m, &env) }

func TestMigrationsApplyOnce(t *testing.T) {
	ctx := context.Background()
	applied, err := schema.MigrateAll(ctx, env.PG, env.CH, schema.ClickHouseLayout{}, env.CHOptions.Database)
	if err != nil {
		t.Fatal(err)
	}
	if len(applied.Postgres)+len(applied.ClickHouse) != 0 {
		t.Fatalf("a second run applied %+v", applied)
	}
	var pgCount int
	if err := env.PG.QueryRow(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&pgCount); err != nil {
		t.Fatal(err)
	}
	var chCount uint64
	if err := env.CH.QueryRow(ctx, `SELECT count() FROM schema_migrations FINAL`).Scan(&chCount); err != nil {
		t.Fatal(err)
	}
	if pgCount < 2 || chCount < 1 {
		t.Fatalf("recorded %d postgres and %d clickhouse migrations", pgCount, chCount)
	}
	for _, table := range []string{"users", "workspaces", "workspace_members", "workspace_invites", "leads", "accounts", "videos", "collections"} {
		var ok bool
		if err := env.PG.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, table).Scan(&ok); err != nil || !ok {
			t.Fatalf("table %s missing: %v", table, err)
		}
	}
}

func TestEditedMigrationIsRefused(t *testing.T) {
	ctx := context.Background()
	var sum string
	if err := env.PG.QueryRow(ctx, `SELECT checksum FROM schema_migrations WHERE version = 1`).Scan(&sum); err != nil {
		t.Fatal(err)
	}
	if _, err := env.PG.Exec(ctx, `UPDATE schema_migrations SET checksum = 'edited' WHERE version = 1`); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_, _ = env.PG.Exec(context.Background(), `UPDATE schema_migrations SET checksum = $1 WHERE version = 1`, sum)
	})
	_, err := schema.MigratePostgres(ctx, env.PG)
	if err == nil || !strings.Contains(err.Error(), "edited") {
		t.Fatalf("err = %v, want a refusal naming the edited file", err)
	}
}

// TestSnapshotReplayReplaces holds the table to what ingestion relies on: the
// same snapshot written twice (a replayed webhook) is one row, newest wins.
func TestSnapshotReplayReplaces(t *testing.T) {
	ctx := context.Background()
	ws, video, job := uuid.New(), uuid.New(), uuid.New()
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for i, views := range []uint64{100, 150} {
		b, err := env.CH.PrepareBatch(ctx, `INSERT INTO metric_snapshots (workspace_id, platform, entity_kind, entity_id, account_id, scraped_at, views, likes, comments, shares, saves, followers, job_id, version)`)
		if err != nil {
			t.Fatal(err)
		}
		likes := uint64(7)
		if err := b.Append(ws, "tiktok", "video", video, uuid.Nil, at, &views, &likes, nil, nil, nil, nil, job, uint64(i+1)); err != nil {
			t.Fatal(err)
		}
		if err := b.Send(); err != nil {
			t.Fatal(err)
		}
	}
	var n uint64
	var views uint64
	var comments *uint64
	if err := env.CH.QueryRow(ctx, `SELECT count(), any(views), any(comments) FROM metric_snapshots FINAL WHERE workspace_id = ? AND entity_id = ?`, ws, video).
		Scan(&n, &views, &comments); err != nil {
		t.Fatal(err)
	}
	if n != 1 || views != 150 || comments != nil {
		t.Fatalf("after replay: %d rows, views %d, comments %v; want 1 row, 150, NULL", n, views, comments)
	}
}
