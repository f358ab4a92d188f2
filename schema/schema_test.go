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

// TestAddColumnMigrationRunsAgain holds 0005 to the promise every migration
// keeps: a run that stopped after some of its statements can run again. Its
// ADD COLUMN statements (no IF NOT EXISTS on ClickHouse 18.16) are skipped
// when the column exists, and the recreated view passes the column on. The
// database of its own was migrated up to 0005, as such a run leaves it.
func TestAddColumnMigrationRunsAgain(t *testing.T) {
	ctx := context.Background()
	ch, db := freshDatabase(t, ctx, "rerun")
	if _, err := schema.MigrateClickHouseUpTo(ctx, env.PG, ch, db, 5); err != nil {
		t.Fatal(err)
	}
	type record struct {
		version        uint32
		name, checksum string
		applied        time.Time
	}
	rows, err := ch.Query(ctx, `SELECT version, name, checksum, applied_at FROM schema_migrations FINAL`)
	if err != nil {
		t.Fatal(err)
	}
	var keep []record
	for rows.Next() {
		var r record
		if err := rows.Scan(&r.version, &r.name, &r.checksum, &r.applied); err != nil {
			t.Fatal(err)
		}
		if r.version < 5 {
			keep = append(keep, r)
		}
	}
	rows.Close()
	// forget that 0005 ran, as if the run had stopped before recording it
	// (and so before any later migration)
	if err := ch.Exec(ctx, `TRUNCATE TABLE schema_migrations`); err != nil {
		t.Fatal(err)
	}
	b, err := ch.PrepareBatch(ctx, `INSERT INTO schema_migrations (version, name, checksum, applied_at)`)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range keep {
		if err := b.Append(r.version, r.name, r.checksum, r.applied); err != nil {
			t.Fatal(err)
		}
	}
	if err := b.Send(); err != nil {
		t.Fatal(err)
	}

	applied, err := schema.MigrateClickHouse(ctx, env.PG, ch, schema.ClickHouseLayout{}, db)
	if err != nil {
		t.Fatalf("running 0005 again: %v", err)
	}
	if len(applied) == 0 || !strings.HasPrefix(applied[0], "0005_") {
		t.Fatalf("applied %v, want 0005 and the migrations after it", applied)
	}
	ws, video := uuid.New(), uuid.New()
	published := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	b, err = ch.PrepareBatch(ctx, `INSERT INTO metric_snapshots (workspace_id, platform, entity_kind, entity_id, account_id, scraped_at, published_at, views, job_id, version)`)
	if err != nil {
		t.Fatal(err)
	}
	views := uint64(10)
	if err := b.Append(ws, "tiktok", "video", video, uuid.New(), published.Add(90*time.Minute), published, &views, uuid.New(), uint64(1)); err != nil {
		t.Fatal(err)
	}
	if err := b.Send(); err != nil {
		t.Fatal(err)
	}
	var hourly time.Time
	var age uint16
	if err := ch.QueryRow(ctx, `SELECT (SELECT any(published_at) FROM entity_hourly WHERE entity_id = ?), (SELECT any(age_hour) FROM video_age_hourly WHERE entity_id = ?)`,
		video, video).Scan(&hourly, &age); err != nil {
		t.Fatal(err)
	}
	if !hourly.Equal(published) || age != 1 {
		t.Fatalf("projections got publish time %s and hour of age %d; want %s and 1", hourly, age, published)
	}
}
