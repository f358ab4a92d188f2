package analytics

import (
	"regexp"
	"strings"
)

// placement says where the tables of the analytics database db are, as in
// package projections (whose placement this repeats, the package importing
// no other of the project). On one server (cluster empty) they are db's
// own. On a cluster (CLICKHOUSE_CLUSTER) db holds Distributed tables over
// the shard-local tables of the same names in db_local, which hold the rows
// and, with the materialized views, live on every node. TRUNCATE of a
// Distributed table reaches no shard in ClickHouse 18.16, so it acts on the
// local tables ON CLUSTER.
type placement struct {
	db, cluster string
}

// local is the database of the tables that hold the rows and of the
// materialized views.
func (p placement) local() string {
	if p.cluster == "" {
		return p.db
	}
	return p.db + "_local"
}

// truncate is the statement that empties table on every shard.
func (p placement) truncate(table string) string {
	s := "TRUNCATE TABLE " + quote(p.local()) + "." + quote(table)
	if p.cluster != "" {
		s += " ON CLUSTER " + quote(p.cluster)
	}
	return s
}

// distributed rewrites a materialized view's SELECT, which reads the local
// tables of the node it fires on (every name qualified, db_local.table),
// to read the Distributed tables of the same names: the whole cluster's
// rows. On one server it is returned as it is.
func (p placement) distributed(sql string) string {
	if p.cluster == "" {
		return sql
	}
	return localName.ReplaceAllString(sql, "$1$2$3.")
}

// localName is a database-qualified name in a shard-local database:
// groups 1-3 are the opening quote, the database it is local to and the
// closing quote.
var localName = regexp.MustCompile("(`?)\\b(\\w+)_local(`?)\\.")

func quote(name string) string { return "`" + strings.ReplaceAll(name, "`", "") + "`" }
