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

// rewritten holds the earlier checksums of migrations changed after release
// because current ClickHouse refuses what they made.
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

// Fingerprint identifies the full set of migrations of both stores.
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

// ClickHouseLayout is the one place engine and cluster names are decided.
type ClickHouseLayout struct {
	Cluster string // empty for a single server
	// Node connects to one node as the migrating user; needed on a cluster.
	Node NodeDialer
}

// AnalyticsDatabase is the name of db's analytics database.
func AnalyticsDatabase(db string) string { return db + "_analytics" }

// render expands the template functions for the database named database;
// statements naming no database act on the connection's.
func (l ClickHouseLayout) render(m Migration, database string) (string, error) {
	return l.renderNames(m, database, AnalyticsDatabase(database), true)
}

// renderNames leaves {{onCluster}} empty: the cluster plan adds it itself.
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

// statements splits a migration: the native protocol takes one per query.
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

// lockKey keeps two servers starting together from both applying a file.
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

// Versions: a binary cannot restore a backup made with a migration it lacks.
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
