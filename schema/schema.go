// Package schema embeds the numbered SQL migrations and applies them: each
// file once, in order, recorded in a schema_migrations table per database.
package schema

import (
	"bytes"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"io/fs"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"text/template"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5/pgxpool"
)

//go:embed postgres/*.sql clickhouse/*.sql
var files embed.FS

// rewritten lists the earlier checksums of the migrations whose text was
// changed after release, with the reason: an installation that applied
// the earlier text keeps it as applied, and a later migration brings what
// that text made to the same shape as the new text makes. An applied file
// is otherwise never edited (checkApplied).
//
// ClickHouse 0002 and 0003 made AggregatingMergeTree tables with columns
// outside the key and 0007 joined a subquery without an alias, all of
// which current ClickHouse releases refuse, so a fresh install stopped
// there; 0009 remakes those objects of an installation of the earlier text.
var rewritten = map[string][]string{
	"clickhouse/0002_projections.sql":         {"0149321d1f2441983fb4da3beeee906353a4a5e7b9078c4da19ce50dc532dd74"},
	"clickhouse/0003_projections_by_time.sql": {"63037c03ef02402eb1d2e898d994cfbdfeace5867deec064591a78a469f2430b"},
	"clickhouse/0007_analytics.sql":           {"169f7f2a7fee58a9a7951fc26c0b69062b4dc48aab9f6eead2c93d0986257908"},
}

// Migration is one numbered SQL file.
type Migration struct {
	Version  int
	Name     string
	SQL      string
	Checksum string
}

// load reads the migrations of one store in version order.
func load(dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(files, dir)
	if err != nil {
		return nil, fmt.Errorf("read %s migrations: %w", dir, err)
	}
	var out []Migration
	seen := map[int]string{}
	for _, e := range entries {
		name := e.Name()
		prefix, _, ok := strings.Cut(name, "_")
		v, err := strconv.Atoi(prefix)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %s/%s: name must start with a positive number and '_'", dir, name)
		}
		if other, dup := seen[v]; dup {
			return nil, fmt.Errorf("migrations %s and %s share version %d", other, name, v)
		}
		seen[v] = name
		body, err := files.ReadFile(path.Join(dir, name))
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", name, err)
		}
		sum := sha256.Sum256(body)
		out = append(out, Migration{Version: v, Name: name, SQL: string(body), Checksum: hex.EncodeToString(sum[:])})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// Fingerprint identifies the full set of migrations of both stores, so a
// database built from one set can be told apart from one built from another.
func Fingerprint() (string, error) {
	h := sha256.New()
	for _, dir := range []string{"postgres", "clickhouse"} {
		ms, err := load(dir)
		if err != nil {
			return "", err
		}
		for _, m := range ms {
			fmt.Fprintf(h, "%s/%s:%s\n", dir, m.Name, m.Checksum)
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// ClickHouseLayout says how ClickHouse tables are created: plain MergeTree
// engines on one server, or Replicated engines on a named cluster. It is the
// one place engine and cluster names are decided.
type ClickHouseLayout struct {
	Cluster string // empty for a single server
	// Node opens a connection to one node of the cluster (host:port, as
	// system.clusters lists it) as the migrating user: an ALTER of a
	// replicated table runs through it on one replica of each shard.
	// Needed on a cluster (store.NodeDialer).
	Node NodeDialer
}

// AnalyticsDatabase is the name of the analytics database that belongs to
// the ClickHouse database db: the analysts' tables and views, apart from
// the service's own.
func AnalyticsDatabase(db string) string { return db + "_analytics" }

// render expands the migration's template functions for the ClickHouse
// database named database:
//
//	{{engine "ReplacingMergeTree" "version"}} → ReplacingMergeTree(version), or
//	  ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}', version)
//	{{onCluster}} → "" or ON CLUSTER <name>
//	{{database}} → the database's name, for the few statements that name it
//	  (a view in another database reading its tables)
//	{{analytics}} → AnalyticsDatabase(database)
//
// Statements that name no database act on the migrated one (the
// connection's current database).
func (l ClickHouseLayout) render(m Migration, database string) (string, error) {
	return l.renderNames(m, database, AnalyticsDatabase(database), true)
}

// renderNames is render with the two database names given and, when
// onCluster is false, {{onCluster}} left empty (the cluster plan adds the
// clause itself, to every DDL statement).
func (l ClickHouseLayout) renderNames(m Migration, database, analytics string, onCluster bool) (string, error) {
	funcs := template.FuncMap{
		"database":  func() string { return database },
		"analytics": func() string { return analytics },
		"engine": func(name string, args ...string) string {
			if l.Cluster == "" {
				return name + "(" + strings.Join(args, ", ") + ")"
			}
			all := append([]string{"'/clickhouse/tables/{shard}/{database}/{table}'", "'{replica}'"}, args...)
			return "Replicated" + name + "(" + strings.Join(all, ", ") + ")"
		},
		"onCluster": func() string {
			if l.Cluster == "" || !onCluster {
				return ""
			}
			return "ON CLUSTER " + l.Cluster
		},
	}
	t, err := template.New(m.Name).Funcs(funcs).Option("missingkey=error").Parse(m.SQL)
	if err != nil {
		return "", fmt.Errorf("parse migration %s: %w", m.Name, err)
	}
	var b bytes.Buffer
	if err := t.Execute(&b, nil); err != nil {
		return "", fmt.Errorf("render migration %s: %w", m.Name, err)
	}
	return b.String(), nil
}

// statements splits a ClickHouse migration into single statements (the
// native protocol takes one per query) at code lines that end with ';'.
// Chunks holding only comments are dropped.
func statements(sql string) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		s := strings.TrimSpace(cur.String())
		cur.Reset()
		for _, line := range strings.Split(s, "\n") {
			l := strings.TrimSpace(line)
			if l != "" && !strings.HasPrefix(l, "--") {
				out = append(out, strings.TrimSuffix(s, ";"))
				return
			}
		}
	}
	for _, line := range strings.SplitAfter(sql, "\n") {
		cur.WriteString(line)
		l := strings.TrimSpace(line)
		if strings.HasSuffix(l, ";") && !strings.HasPrefix(l, "--") {
			flush()
		}
	}
	flush()
	return out
}

// lockKey is the PostgreSQL advisory lock that serializes migration runs of
// one target, so two servers starting together do not both apply a file.
func lockKey(target string) int64 {
	h := fnv.New64a()
	h.Write([]byte("reeltrack-migrate:" + target))
	return int64(h.Sum64())
}

// Applied is what a run did.
type Applied struct {
	Postgres   []string
	ClickHouse []string
}

// MigrateAll applies pending PostgreSQL and then ClickHouse migrations.
func MigrateAll(ctx context.Context, pg *pgxpool.Pool, ch driver.Conn, layout ClickHouseLayout, chDatabase string) (Applied, error) {
	var a Applied
	var err error
	if a.Postgres, err = MigratePostgres(ctx, pg); err != nil {
		return a, err
	}
	if a.ClickHouse, err = MigrateClickHouse(ctx, pg, ch, layout, chDatabase); err != nil {
		return a, err
	}
	return a, nil
}

func checkApplied(store string, ms []Migration, applied map[int]string) error {
	for _, m := range ms {
		if sum, ok := applied[m.Version]; ok && sum != m.Checksum && !slices.Contains(rewritten[store+"/"+m.Name], sum) {
			return fmt.Errorf("%s migration %s was edited after it was applied (checksum differs): add a new file instead", store, m.Name)
		}
	}
	return nil
}

// Versions returns the versions of the migrations of one store
// ("postgres" or "clickhouse") that this binary holds, in order: a backup
// made by a binary with a migration this one lacks cannot be restored by it.
func Versions(store string) ([]int, error) {
	ms, err := load(store)
	if err != nil {
		return nil, err
	}
	out := make([]int, len(ms))
	for i, m := range ms {
		out[i] = m.Version
	}
	return out, nil
}
