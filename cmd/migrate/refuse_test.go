package main_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/schema"
)

// TestMigrateRefusesARecordItCannotTrust runs `migrate` over databases of
// its own, migrated and holding a workspace, after their record of applied
// migrations was lost, cut short or written by a newer release, in each
// store: each time it exits with a message that says why and what to do,
// and writes nothing (the record and the data are as they were). With the
// record put back, it runs again and has nothing to apply.
func TestMigrateRefusesARecordItCannotTrust(t *testing.T) {
	if env.CHOptions.Cluster != "" {
		t.Skip("the fresh databases here are a single server's; the cluster reads its record and tables through the same statements")
	}
	ctx := context.Background()
	name, pgURL, pg := env.FreshPostgres(t, ctx, "refuse_")
	o := env.CHOptions
	o.Database = name
	if err := env.CH.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = env.CH.Exec(context.Background(), `DROP DATABASE IF EXISTS `+schema.AnalyticsDatabase(name))
		_ = env.CH.Exec(context.Background(), `DROP DATABASE IF EXISTS `+name)
	})
	bin := testenv.Build(t, "./cmd/migrate")
	migrate := func() (string, error) {
		cmd := exec.CommandContext(ctx, bin)
		cmd.Env = append(os.Environ(), "DATABASE_URL="+pgURL, "CLICKHOUSE_ADDR="+o.Addr, "CLICKHOUSE_DATABASE="+o.Database,
			"CLICKHOUSE_USER="+o.User, "CLICKHOUSE_PASSWORD="+o.Password, "CLICKHOUSE_CLUSTER=")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := migrate(); err != nil {
		t.Fatalf("migrate on empty databases: %v\n%s", err, out)
	}
	ch, err := store.OpenClickHouse(ctx, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ch.Close() })
	if _, err := pg.Exec(ctx, `INSERT INTO users (id, email) VALUES (gen_random_uuid(), 'kept@example.com')`); err != nil {
		t.Fatal(err)
	}
	views := uint64(12)
	w := ingest.NewSnapshotWriter(ch, 10, time.Now())
	if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: uuid.New(), Platform: platform.TikTok, Kind: platform.Video, EntityID: uuid.New(),
		ScrapedAt: time.Now().UTC().Truncate(time.Second), Metrics: ingest.Metrics{Views: &views}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	// what must not change: the record of each store, its tables and the data
	state := func() string {
		t.Helper()
		var b strings.Builder
		pgRecord, pgTables := "no record", ""
		var recorded bool
		if err := pg.QueryRow(ctx, `SELECT to_regclass('schema_migrations') IS NOT NULL`).Scan(&recorded); err != nil {
			t.Fatal(err)
		}
		if recorded {
			if err := pg.QueryRow(ctx, `SELECT COALESCE(string_agg(version || ':' || checksum, ',' ORDER BY version), '-') FROM schema_migrations`).Scan(&pgRecord); err != nil {
				t.Fatal(err)
			}
		}
		if err := pg.QueryRow(ctx, `SELECT string_agg(tablename, ',' ORDER BY tablename) || ' / ' || (SELECT count(*) FROM users)
			FROM pg_tables WHERE schemaname = 'public'`).Scan(&pgTables); err != nil {
			t.Fatal(err)
		}
		chRecord, chTables := "no record", ""
		var n uint64
		if err := ch.QueryRow(ctx, `SELECT count() FROM system.tables WHERE database = ? AND name = 'schema_migrations'`, name).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			if err := ch.QueryRow(ctx, `SELECT arrayStringConcat(arraySort(groupArray(concat(toString(version), ':', checksum))), ',') FROM schema_migrations FINAL`).Scan(&chRecord); err != nil {
				t.Fatal(err)
			}
		}
		if err := ch.QueryRow(ctx, `SELECT concat(arrayStringConcat(arraySort(groupArray(concat(database, '.', name))), ','), ' / ', toString((SELECT count() FROM metric_snapshots)))
			FROM system.tables WHERE database IN (?, ?)`, name, schema.AnalyticsDatabase(name)).Scan(&chTables); err != nil {
			t.Fatal(err)
		}
		b.WriteString("postgres record: " + pgRecord + "\npostgres tables: " + pgTables + "\nclickhouse record: " + chRecord + "\nclickhouse tables: " + chTables)
		return b.String()
	}
	exec := func(q string) {
		t.Helper()
		if _, err := pg.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	chExec := func(q string) {
		t.Helper()
		if err := ch.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}
	// chRecord writes the ClickHouse record again with the rows saved
	// (schema_migrations_saved) that meet where (18.16 has no synchronous
	// DELETE)
	chRecord := func(where string) {
		t.Helper()
		chExec(`TRUNCATE TABLE schema_migrations`)
		chExec(`INSERT INTO schema_migrations SELECT * FROM schema_migrations_saved WHERE ` + where)
	}
	chSave := func() {
		t.Helper()
		chExec(`CREATE TABLE schema_migrations_saved ENGINE = Memory AS SELECT * FROM schema_migrations FINAL`)
	}
	healthy := state()
	for _, c := range []struct {
		name        string
		spoil, mend func()
		want        []string
	}{
		{
			name:  "postgres record missing",
			spoil: func() { exec(`ALTER TABLE schema_migrations RENAME TO schema_migrations_saved`) },
			mend:  func() { exec(`ALTER TABLE schema_migrations_saved RENAME TO schema_migrations`) },
			want:  []string{"postgres: refusing to migrate", "record of applied migrations (schema_migrations) is missing", "0001_create_workspaces.sql makes leads, users, workspace_invites, 2 more", "more migrations", "nothing was changed"},
		},
		{
			name: "postgres record cut short",
			spoil: func() {
				exec(`CREATE TABLE schema_migrations_saved AS SELECT * FROM schema_migrations; DELETE FROM schema_migrations WHERE version >= 10`)
			},
			mend: func() {
				exec(`DELETE FROM schema_migrations; INSERT INTO schema_migrations SELECT * FROM schema_migrations_saved; DROP TABLE schema_migrations_saved`)
			},
			want: []string{"postgres: refusing to migrate", "lists 9 of them", "0012_provider_pauses.sql makes provider_pauses", "nothing was changed"},
		},
		{
			name: "postgres migrated by a newer release",
			spoil: func() {
				exec(`INSERT INTO schema_migrations (version, name, checksum) VALUES (9998, '9998_next.sql', 'x'), (9999, '9999_later.sql', 'y')`)
			},
			mend: func() { exec(`DELETE FROM schema_migrations WHERE version >= 9998`) },
			want: []string{"postgres: refusing to migrate", "9998, 9999", "newer release", "nothing was changed"},
		},
		{
			name: "clickhouse record missing",
			spoil: func() {
				chExec(`RENAME TABLE schema_migrations TO schema_migrations_saved`)
			},
			mend: func() { chExec(`RENAME TABLE schema_migrations_saved TO schema_migrations`) },
			want: []string{"clickhouse: refusing to migrate", "is missing", "0002_projections.sql makes entity_daily, entity_daily_mv, entity_hourly, 3 more", "nothing was changed"},
		},
		{
			name: "clickhouse record cut short",
			spoil: func() {
				chSave()
				chRecord("version < 10")
			},
			mend: func() {
				chRecord("1")
				chExec(`DROP TABLE schema_migrations_saved`)
			},
			// 0010, the first not recorded, may have stopped half way and
			// runs again; 0011 makes again a table 0007 made first, no
			// evidence; 0012's tables (and every later one's) show it ran
			want: []string{"clickhouse: refusing to migrate", "lists 9 of them", "not recorded as applied (0012_projections_by_entity.sql makes entity_daily_by_entity, entity_daily_by_entity_mv",
				"nothing was changed"},
		},
		{
			name: "clickhouse migrated by a newer release",
			spoil: func() {
				chExec(`INSERT INTO schema_migrations (version, name, checksum, applied_at) SELECT 9999, '9999_later.sql', 'y', now()`)
			},
			mend: func() {
				chSave()
				chRecord("version <> 9999")
				chExec(`DROP TABLE schema_migrations_saved`)
			},
			want: []string{"clickhouse: refusing to migrate", "(9999;", "newer release", "nothing was changed"},
		},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.spoil()
			spoilt := state()
			out, err := migrate()
			after := state()
			c.mend()
			if err == nil {
				t.Fatalf("migrate ran:\n%s", out)
			}
			t.Logf("the refusal:\n%s", out)
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("the refusal does not say %q:\n%s", w, out)
				}
			}
			if after != spoilt {
				t.Errorf("the refusal wrote:\nbefore\n%s\nafter\n%s", spoilt, after)
			}
			if got := state(); got != healthy {
				t.Fatalf("not mended:\n%s\nwant\n%s", got, healthy)
			}
		})
	}
	out, err := migrate()
	if err != nil || !strings.Contains(out, "nothing to apply") {
		t.Fatalf("migrate with the record put back: %v\n%s", err, out)
	}
}
