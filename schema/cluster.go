package schema

import (
	"fmt"
	"regexp"
	"strings"
)

// On a cluster each database db gets a shard-local twin, LocalDatabase(db),
// holding the Replicated tables and the materialized views (they fire where
// an insert lands); db holds Distributed tables over them, sharded by
// workspace, so the service's SQL is the same as on one server. 18.16
// resolves an unqualified name in ON CLUSTER DDL in the executing node's
// default database, so clusterPlan qualifies every name first.

// LocalDatabase is the shard-local database behind db's Distributed tables.
func LocalDatabase(db string) string { return db + "_local" }

// ShardingKey keeps all of a workspace's rows on one shard. 18.16 hashes no
// UUID, hence toString.
const ShardingKey = "cityHash64(toString(workspace_id))"

// Databases lists the databases the migrations of db create, in drop order.
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
	ddlObject   = regexp.MustCompile(`(?i)^\s*(CREATE|DROP|ALTER)\s+(?:MATERIALIZED\s+)?(TABLE|VIEW|DATABASE)\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?([A-Za-z_][\w.]*)`)
	isMatView   = regexp.MustCompile(`(?i)^\s*CREATE\s+MATERIALIZED\s+VIEW\b`)
	isInsert    = regexp.MustCompile(`(?i)^\s*INSERT\s+INTO\b`)
	tableRef    = regexp.MustCompile(`(?i)\b(?:FROM|JOIN|INTO|TO|TABLE|VIEW|EXISTS)\s+([A-Za-z_]\w*)`)
)

// qualify prefixes every unqualified table name in stmt with db.
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

// step is one statement; EachShard runs it on one replica per shard.
type step struct {
	SQL       string
	EachShard bool
}

// clusterPlan turns one migration into the statements to run on the cluster.
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
			if err := add(local); err != nil {
				return nil, err
			}
		case strings.EqualFold(obj[1], "CREATE") && strings.EqualFold(obj[2], "VIEW"):
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
			out = append(out, step{SQL: local, EachShard: true})
			// 18.16 refuses ALTER ... ON CLUSTER of a non-replicated table, so the
			// row-less Distributed table is made again with the new columns.
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

func (l ClickHouseLayout) distributed(name, local string) string {
	ldb, table, _ := strings.Cut(local, ".")
	return fmt.Sprintf("CREATE TABLE IF NOT EXISTS %s AS %s ENGINE = Distributed(%s, %s, %s, %s)",
		name, local, l.Cluster, ldb, table, ShardingKey)
}
