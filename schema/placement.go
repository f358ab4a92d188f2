package schema

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
)

// Placement says where the tables of a ClickHouse database DB are, for the
// statements that must reach the rows themselves (the projections' and the
// analytics database's rebuilds, the snapshot retention). On one server
// (Cluster empty) they are DB's own. On a cluster (CLICKHOUSE_CLUSTER) DB
// holds Distributed tables over the shard-local tables of the same names in
// LocalDatabase(DB), which hold the rows and, with the materialized views,
// live on every node. Reads and inserts go through the Distributed tables;
// TRUNCATE and DROP PARTITION of a Distributed table reach no shard in
// ClickHouse 18.16 (TRUNCATE empties nothing and says nothing), so those
// act on the local tables: TRUNCATE ON CLUSTER, an ALTER through
// AlterLocal.
type Placement struct {
	DB, Cluster string
	// Node reaches single nodes of the cluster, for AlterLocal.
	Node NodeDialer
}

// AlterLocal runs stmt, an ALTER of a shard-local table (qualified with
// Local()), on every shard: on one server as it is; on a cluster on one
// replica of each shard, which passes it on to the other (eachShard).
func (p Placement) AlterLocal(ctx context.Context, ch driver.Conn, stmt string) error {
	if p.Cluster == "" {
		return ch.Exec(ctx, stmt)
	}
	return eachShard(ctx, ch, p.Cluster, p.Node, stmt)
}

// Local is the database of the tables that hold the rows and of the
// materialized views.
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

// Distributed rewrites a materialized view's SELECT, which reads the local
// tables of the node it fires on (every name qualified, db_local.table),
// to read the Distributed tables of the same names: the whole cluster's
// rows. On one server it is returned as it is.
func (p Placement) Distributed(sql string) string {
	if p.Cluster == "" {
		return sql
	}
	return localName.ReplaceAllString(sql, "$1$2$3.")
}

// ViewSelect reads the SELECT of table's materialized view, <table>_mv, made
// to read every shard (Distributed): what refills table.
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

// localName is a database-qualified name in a shard-local database:
// groups 1-3 are the opening quote, the database it is local to and the
// closing quote.
var localName = regexp.MustCompile("(`?)\\b(\\w+)_local(`?)\\.")

// Quote quotes a ClickHouse identifier.
func Quote(name string) string { return "`" + strings.ReplaceAll(name, "`", "") + "`" }
