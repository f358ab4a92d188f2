package schema

import (
	"fmt"
	"regexp"
	"strings"
)

// On a cluster (ClickHouseLayout.Cluster set) the migrations create two
// databases for each one they name, on every node (ON CLUSTER):
//
//   - LocalDatabase(db), e.g. reeltrack_local: the shard's own tables
//     (Replicated*MergeTree, replicated within the shard through ZooKeeper
//     under /clickhouse/tables/{shard}/{database}/{table}) and the
//     materialized views between them, which fire on the node an insert
//     reaches;
//   - db itself, e.g. reeltrack: a Distributed table of the same name over
//     each local table, sharded by cityHash64(workspace_id), and the plain
//     views. The service connects to db and reads and writes only these,
//     with the same SQL as on one server.
//
// The same holds for the analytics database (<db>_analytics and
// <db>_analytics_local). The migration files stay as they are (their
// checksums are recorded): each is rendered twice, once with the local
// names and once with the distributed ones, and every statement is placed
// by its kind (clusterPlan). ClickHouse 18.16 resolves a table name without
// a database in ON CLUSTER DDL in the *executing* node's default database
// (only the created object's own name is rewritten to the initiator's), so
// every name is qualified first.

// LocalDatabase is the database of a cluster node's own (shard-local)
// tables behind the Distributed tables of db.
func LocalDatabase(db string) string { return db + "_local" }

// ShardingKey is the expression the Distributed tables shard rows by: the
// workspace, so all of a workspace's rows live on one shard (docs/scaling.md).
// 18.16 hashes no UUID, hence toString.
const ShardingKey = "cityHash64(toString(workspace_id))"

// Databases lists every ClickHouse database the migrations of db create, in
// the order to drop them (views and Distributed tables before what they read).
func (l ClickHouseLayout) Databases(db string) []string {
	a := AnalyticsDatabase(db)
	if l.Cluster == "" {
		return []string{a, db}
	}
	return []string{a, LocalDatabase(a), db, LocalDatabase(db)}
}

// OnCluster is " ON CLUSTER <name>", or "" on one server.
func (l ClickHouseLayout) OnCluster() string {
	if l.Cluster == "" {
		return ""
	}
	return " ON CLUSTER " + l.Cluster
}

var (
	commentLine = regexp.MustCompile(`(?m)^\s*--.*\n?`)
	// the object a DDL statement creates, drops or alters
	ddlObject = regexp.MustCompile(`(?i)^\s*(CREATE|DROP|ALTER)\s+(?:MATERIALIZED\s+)?(TABLE|VIEW|DATABASE)\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?([A-Za-z_][\w.]*)`)
	isMatView = regexp.MustCompile(`(?i)^\s*CREATE\s+MATERIALIZED\s+VIEW\b`)
	isInsert  = regexp.MustCompile(`(?i)^\s*INSERT\s+INTO\b`)
	// a table named after one of these words; qualified unless it already is
	tableRef = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|INTO|TO|TABLE|VIEW|EXISTS)\s+([A-Za-z_]\w*)`)
)

// qualify prefixes every table name without a database in stmt (comments
// removed) with db.
func qualify(stmt, db string) string {
	stmt = strings.TrimSpace(commentLine.ReplaceAllString(stmt, ""))
	if m := ddlObject.FindStringSubmatch(stmt); m != nil && strings.EqualFold(m[2], "DATABASE") {
		return stmt
	}
	var b strings.Builder
	last := 0
	for _, m := range tableRef.FindAllStringSubmatchIndex(stmt, -1) {
		start, end := m[2], m[3]
		name := stmt[start:end]
		// already qualified, a function call, or a keyword
		rest := strings.TrimLeft(stmt[end:], " \t\n")
		if strings.HasPrefix(rest, ".") || strings.HasPrefix(stmt[end:], "(") || isKeyword(name) {
			continue
		}
		b.WriteString(stmt[last:start])
		b.WriteString(db + "." + name)
		last = end
	}
	b.WriteString(stmt[last:])
	return b.String()
}

func isKeyword(w string) bool {
	switch strings.ToUpper(w) {
	case "IF", "NOT", "EXISTS", "SELECT", "CLUSTER":
		return true
	}
	return false
}

// withOnCluster puts ON CLUSTER after the object a DDL statement names.
func (l ClickHouseLayout) withOnCluster(stmt string) (string, error) {
	m := ddlObject.FindStringSubmatchIndex(stmt)
	if m == nil {
		return "", fmt.Errorf("no object to run ON CLUSTER in %q", firstLine(stmt))
	}
	return stmt[:m[7]] + l.OnCluster() + stmt[m[7]:], nil
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// step is one statement of a migration. EachShard runs it without ON
// CLUSTER on one replica of each shard (eachShard).
type step struct {
	SQL       string
	EachShard bool
}

// clusterPlan turns one migration into the statements to run on the
// cluster, in order; see the comment at the top of this file.
func (l ClickHouseLayout) clusterPlan(m Migration, db string) ([]step, error) {
	adb := AnalyticsDatabase(db)
	ldb, ladb := LocalDatabase(db), LocalDatabase(adb)
	localSQL, err := l.renderNames(m, ldb, ladb, false)
	if err != nil {
		return nil, err
	}
	distSQL, err := l.renderNames(m, db, adb, false)
	if err != nil {
		return nil, err
	}
	locals, dists := statements(localSQL), statements(distSQL)
	if len(locals) != len(dists) {
		return nil, fmt.Errorf("migration %s: renders into %d and %d statements", m.Name, len(locals), len(dists))
	}
	var out []step
	add := func(stmt string) error {
		s, err := l.withOnCluster(stmt)
		if err != nil {
			return fmt.Errorf("migration %s: %w", m.Name, err)
		}
		out = append(out, step{SQL: s})
		return nil
	}
	for i := range locals {
		local, dist := qualify(locals[i], ldb), qualify(dists[i], db)
		obj := ddlObject.FindStringSubmatch(local)
		switch {
		case isInsert.MatchString(dist):
			// a refill: read and write through the Distributed tables
			out = append(out, step{SQL: dist})
		case obj == nil:
			return nil, fmt.Errorf("migration %s: no cluster placement for %q", m.Name, firstLine(local))
		case strings.EqualFold(obj[2], "DATABASE"):
			if err := add(local); err != nil {
				return nil, err
			}
			if err := add(dist); err != nil {
				return nil, err
			}
		case isMatView.MatchString(local):
			// fires where the insert lands: local table to local table
			if err := add(local); err != nil {
				return nil, err
			}
		case strings.EqualFold(obj[1], "CREATE") && strings.EqualFold(obj[2], "VIEW"):
			// a plain view reads the whole cluster through the Distributed tables
			if err := add(dist); err != nil {
				return nil, err
			}
		case strings.EqualFold(obj[1], "CREATE"):
			if err := add(local); err != nil {
				return nil, err
			}
			if err := add(l.distributed(ddlObject.FindStringSubmatch(dist)[3], obj[3])); err != nil {
				return nil, err
			}
		case strings.EqualFold(obj[1], "ALTER"):
			// on one replica of each shard (eachShard), not ON CLUSTER
			out = append(out, step{SQL: local, EachShard: true})
			// 18.16 refuses ALTER ... ON CLUSTER of a table that is not
			// replicated on a cluster whose shards are (internal_replication),
			// so the Distributed table, which holds no rows (inserts are
			// synchronous), is made again with the local table's new columns.
			distName := ddlObject.FindStringSubmatch(dist)[3]
			if err := add("DROP TABLE IF EXISTS " + distName); err != nil {
				return nil, err
			}
			if err := add(l.distributed(distName, obj[3])); err != nil {
				return nil, err
			}
		default: // DROP: the local object, then its Distributed table
			if err := add(local); err != nil {
				return nil, err
			}
			if strings.HasSuffix(obj[3], "_mv") {
				continue
			}
			if err := add(dist); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// distributed is the CREATE of the Distributed table name over the local
// table local (both database-qualified).
func (l ClickHouseLayout) distributed(name, local string) string {
	ldb, table, _ := strings.Cut(local, ".")
	return fmt.Sprintf("CREATE TABLE IF NOT EXISTS %s AS %s ENGINE = Distributed(%s, %s, %s, %s)",
		name, local, l.Cluster, ldb, table, ShardingKey)
}
