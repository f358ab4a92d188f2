package schema

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
)

// Placement says where a ClickHouse database's rows are. TRUNCATE and DROP
// PARTITION of a Distributed table silently reach no shard on 18.16, so
// rebuilds and retention act on the shard-local tables.
type Placement struct {
	DB, Cluster string
	// Node reaches single nodes of the cluster, for AlterLocal.
	Node NodeDialer
}

// AlterLocal runs stmt, an ALTER of a shard-local table, on every shard.
func (p Placement) AlterLocal(ctx context.Context, ch driver.Conn, stmt string) error {
	if p.Cluster == "" {
		return ch.Exec(ctx, stmt)
	}
	return eachShard(ctx, ch, p.Cluster, p.Node, stmt)
}

// Local is the database of the tables that hold the rows.
func (p Placement) Local() string {
	if p.Cluster == "" {
		return p.DB
	}
	return LocalDatabase(p.DB)
}

// OnCluster is " ON CLUSTER `name`", or "" on one server.
func (p Placement) OnCluster() string {
	if p.Cluster == "" {
		return ""
	}
	return " ON CLUSTER " + Quote(p.Cluster)
}

// Truncate is the statement that empties table on every shard.
func (p Placement) Truncate(table string) string {
	return "TRUNCATE TABLE " + Quote(p.Local()) + "." + Quote(table) + p.OnCluster()
}

// Distributed rewrites a view's SELECT of the local tables to read the
// Distributed ones.
func (p Placement) Distributed(sql string) string {
	if p.Cluster == "" {
		return sql
	}
	return localName.ReplaceAllString(sql, "$1$2$3.")
}

// ViewSelect reads the SELECT of table's view <table>_mv, reading every shard.
func (p Placement) ViewSelect(ctx context.Context, ch driver.Conn, table string) (string, error) {
	var create string
	err := ch.QueryRow(ctx, `SELECT create_table_query FROM system.tables WHERE database = ? AND name = ?`,
		p.Local(), table+"_mv").Scan(&create)
	if err != nil {
		return "", fmt.Errorf("read the view of %s.%s: %w", p.DB, table, err)
	}
	i := strings.Index(create, " AS SELECT ")
	if i < 0 {
		return "", fmt.Errorf("read the view of %s.%s: no SELECT in %q", p.DB, table, create)
	}
	return p.Distributed(create[i+len(" AS "):]), nil
}

// Refill truncates table and refills it with its view's own SELECT.
func (p Placement) Refill(ctx context.Context, ch driver.Conn, table string) error {
	sel, err := p.ViewSelect(ctx, ch, table)
	if err != nil {
		return err
	}
	if err := ch.Exec(ctx, p.Truncate(table)); err != nil {
		return fmt.Errorf("truncate %s.%s: %w", p.DB, table, err)
	}
	if err := ch.Exec(ctx, "INSERT INTO "+Quote(p.DB)+"."+Quote(table)+" "+sel); err != nil {
		return fmt.Errorf("refill %s.%s: %w", p.DB, table, err)
	}
	return nil
}

// localName groups: opening quote, database, closing quote.
var localName = regexp.MustCompile("(`?)\\b(\\w+)_local(`?)\\.")

// Quote quotes a ClickHouse identifier.
func Quote(name string) string { return "`" + strings.ReplaceAll(name, "`", "") + "`" }
