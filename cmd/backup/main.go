// Command backup writes a backup of the service's PostgreSQL database and
// ClickHouse snapshots into a directory, and restores one into empty
// databases (docs/backup.md):
//
//	backup backup -dir backups/20261127T180000Z
//	backup restore -dir backups/20261127T180000Z [-force]
//	backup verify  -dir backups/20261127T180000Z
//
// It reaches the stores as the server does (DATABASE_URL, CLICKHOUSE_ADDR,
// CLICKHOUSE_DATABASE, CLICKHOUSE_USER, CLICKHOUSE_PASSWORD), and
// ClickHouse's HTTP interface at CLICKHOUSE_HTTP_ADDR, by default
// CLICKHOUSE_ADDR itself when it is an http:// address, else its host on
// port 8123. On a cluster (CLICKHOUSE_CLUSTER) CLICKHOUSE_HTTP_ADDR lists
// the nodes' HTTP interfaces, comma-separated, by default port 8123 of each
// host the cluster lists. pg_dump and pg_restore must be on the PATH.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/schema"
)

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "backup:", err)
		os.Exit(1)
	}
}

const usage = `usage:
  backup backup  -dir DIR [-before-upgrade]
                                     write a backup into DIR (new or empty); -before-upgrade: none when
                                     the databases hold nothing migrated yet, and say how to go back
  backup restore -dir DIR [-force]   restore the backup in DIR into empty databases
  backup verify  -dir DIR            check the backup in DIR against its manifest, without a database`

func run(args []string) error {
	if len(args) == 0 || (args[0] != "backup" && args[0] != "restore" && args[0] != "verify") {
		return errors.New(usage)
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	dir := fs.String("dir", "", "the backup's directory")
	force := fs.Bool("force", false, "restore: replace what the target databases hold")
	beforeUpgrade := fs.Bool("before-upgrade", false, "backup: as make upgrade's first step: nothing when the databases are not migrated yet; says how to go back")
	if err := fs.Parse(args[1:]); err != nil {
		return err
	}
	if *dir == "" {
		return errors.New("-dir is required\n" + usage)
	}
	if args[0] == "verify" {
		m, err := verify(*dir)
		if err != nil {
			return err
		}
		var rows uint64
		names := map[string]bool{}
		for _, tb := range m.ClickHouse.Tables {
			rows += tb.rows()
			names[tb.Name] = true
		}
		of := ""
		if c := m.ClickHouse.Cluster; c != nil {
			of = fmt.Sprintf(" of cluster %s's %d shards", c.Name, len(c.Shards))
		}
		fmt.Printf("verify:     %s matches its manifest: postgres %s (cut-off %s), %d clickhouse rows in %d tables%s\n",
			*dir, size(m.Postgres.File.Bytes), m.CutOff.Format("2006-01-02 15:04:05Z07:00"), rows, len(names), of)
		return nil
	}
	cfg, err := config.Load()
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// A backup reads long: no statement bound, and no Redis.
	o := cfg.Stores()
	o.Postgres.StatementTimeout, o.ClickHouse.StatementTimeout, o.RedisURL = 0, 0, ""
	h := chHTTP{
		base:   strings.TrimSpace(os.Getenv("CLICKHOUSE_HTTP_ADDR")),
		user:   o.ClickHouse.User,
		client: &http.Client{},
	}
	h.password = o.ClickHouse.Password
	layout := schema.ClickHouseLayout{Cluster: cfg.ClickHouseCluster, Node: store.NodeDialer(o.ClickHouse)}
	var nodes []chHTTP
	if layout.Cluster != "" {
		// the HTTP interfaces of the nodes, of one replica per shard at least
		for _, base := range strings.Split(h.base, ",") {
			if base = strings.TrimRight(strings.TrimSpace(base), "/"); base != "" {
				n := h
				// the user and password are CLICKHOUSE_USER's, never in a message
				n.base = withoutUser(base)
				nodes = append(nodes, n)
			}
		}
	} else if h.base == "" {
		h.base = httpAddr(o.ClickHouse.Addr)
	}
	if args[0] == "backup" {
		stores, err := store.Open(ctx, o, nil)
		if err != nil {
			return err
		}
		defer stores.Close()
		if *beforeUpgrade {
			var migrated bool
			if err := stores.PG.QueryRow(ctx, `SELECT to_regclass('schema_migrations') IS NOT NULL`).Scan(&migrated); err != nil {
				return fmt.Errorf("look up schema_migrations: %w", err)
			}
			if !migrated {
				fmt.Println("backup:     none made: the databases hold nothing migrated yet (a new installation)")
				return nil
			}
		}
		if _, err = backup(ctx, target{PG: stores.PG, PGURL: cfg.DatabaseURL, CH: stores.CH, CHDB: cfg.ClickHouseDatabase, HTTP: h, Log: os.Stdout,
			Layout: layout, Nodes: nodes}, *dir); err != nil {
			return err
		}
		if *beforeUpgrade {
			fmt.Printf("backup:     the databases before the upgrade are in %s; to go back, stop the server and, with the release before, run: make restore BACKUP=%s FORCE=1\n", *dir, *dir)
		}
		return nil
	}
	// Either database may not exist yet: PostgreSQL's is made through the
	// server's maintenance database, ClickHouse's through its default one.
	pg, err := store.OpenPostgres(ctx, o.PostgresURL, o.Postgres)
	if err != nil {
		if pg, err = createPostgres(ctx, o.PostgresURL, o.Postgres, err); err != nil {
			return err
		}
	}
	defer pg.Close()
	// The database itself when it exists (the service's user may use no
	// other), else `default`, to make it.
	admin, err := store.OpenClickHouse(ctx, o.ClickHouse)
	if err != nil {
		ao := o.ClickHouse
		ao.Database = "default"
		var derr error
		if admin, derr = store.OpenClickHouse(ctx, ao); derr != nil {
			return fmt.Errorf("%w; and to make the database, %w", err, derr)
		}
	}
	defer admin.Close()
	openCH := func(ctx context.Context) (driver.Conn, error) { return store.OpenClickHouse(ctx, o.ClickHouse) }
	_, err = restore(ctx, target{PG: pg, PGURL: cfg.DatabaseURL, CHDB: cfg.ClickHouseDatabase, HTTP: h, Log: os.Stdout,
		Layout: layout, Nodes: nodes}, admin, openCH, *dir, *force)
	if err == nil {
		fmt.Println("restore:    done; start the server (it finds every migration applied)")
	}
	return err
}

// createPostgres makes url's database through the maintenance database when
// opening it failed (cause) because it does not exist, and opens it.
func createPostgres(ctx context.Context, url string, o store.PostgresOptions, cause error) (*pgxpool.Pool, error) {
	var pe *pgconn.PgError
	// 3D000, invalid_catalog_name: no such database
	if !errors.As(cause, &pe) || pe.Code != "3D000" {
		return nil, cause
	}
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		return nil, cause
	}
	name := cfg.Database
	cfg.Database = "postgres"
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("%w; and to make the database, %w", cause, err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, `CREATE DATABASE `+pgx.Identifier{name}.Sanitize()); err != nil {
		return nil, fmt.Errorf("%w; and to make the database, %w", cause, err)
	}
	fmt.Printf("postgres:   made the database %s\n", name)
	return store.OpenPostgres(ctx, url, o)
}
