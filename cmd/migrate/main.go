// Command migrate applies pending PostgreSQL and ClickHouse migrations and
// exits; the server does the same on start. With -rebuild-projections it
// then recomputes the ClickHouse projections from metric_snapshots and the
// analytics database (its metric tables from metric_snapshots, its
// dimensions from PostgreSQL).
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/internal/config"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/projections"
	"github.com/reeltrack/reeltrack/projections/analytics"
	"github.com/reeltrack/reeltrack/schema"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "migrate:", err)
		os.Exit(1)
	}
}

func run() error {
	rebuild := flag.Bool("rebuild-projections", false, "recompute the ClickHouse projections from metric_snapshots, and the analytics database from metric_snapshots and PostgreSQL")
	flag.Parse()
	cfg, err := config.Load()
	if err != nil {
		return fmt.Errorf("configuration:\n%w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Migrations run long: no statement bound on either store, and no Redis.
	o := cfg.Stores()
	o.Postgres.StatementTimeout, o.ClickHouse.StatementTimeout, o.RedisURL = 0, 0, ""
	stores, err := store.Open(ctx, o, nil)
	if err != nil {
		return err
	}
	defer stores.Close()
	pg, ch := stores.PG, stores.CH
	applied, err := schema.MigrateAll(ctx, pg, ch, schema.ClickHouseLayout{Cluster: cfg.ClickHouseCluster, Node: store.NodeDialer(o.ClickHouse)}, cfg.ClickHouseDatabase)
	if err != nil {
		return err
	}
	for _, name := range applied.Postgres {
		fmt.Println("postgres:  ", name)
	}
	for _, name := range applied.ClickHouse {
		fmt.Println("clickhouse:", name)
	}
	if len(applied.Postgres)+len(applied.ClickHouse) == 0 {
		fmt.Println("nothing to apply: both databases are up to date")
	}
	if *rebuild {
		if err := projections.Rebuild(ctx, ch, cfg.ClickHouseCluster); err != nil {
			return err
		}
		fmt.Println("rebuilt:    ", projections.Projections)
		db := schema.AnalyticsDatabase(cfg.ClickHouseDatabase)
		if err := analytics.Rebuild(ctx, pg, ch, db, cfg.ClickHouseCluster); err != nil {
			return err
		}
		fmt.Println("rebuilt:    ", db, analytics.MetricTables, analytics.Dimensions)
	}
	// a ClickHouse migration or a rebuild may have refilled the projections:
	// what was read from them meanwhile is not kept
	if len(applied.ClickHouse) > 0 || *rebuild {
		if err := dataversion.ForgetHistory(ctx, pg); err != nil {
			return err
		}
	}
	return nil
}
