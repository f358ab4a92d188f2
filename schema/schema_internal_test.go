package schema

import (
	"strings"
	"testing"
)

func TestStatementsSplitsAtCodeLinesOnly(t *testing.T) {
	sql := `-- header; with a semicolon;
CREATE TABLE a (
    x UInt8 -- trailing; comment
    -- a comment line that ends in a semicolon;
) ENGINE = Memory;

-- only a comment;
CREATE TABLE b (y UInt8) ENGINE = Memory;
`
	got := statements(sql)
	if len(got) != 2 || !strings.Contains(got[0], "CREATE TABLE a") || !strings.HasSuffix(got[0], "ENGINE = Memory") ||
		!strings.HasPrefix(got[1], "-- only a comment;\nCREATE TABLE b") {
		t.Fatalf("statements = %q", got)
	}
}

func TestLayoutRendersEngines(t *testing.T) {
	m := Migration{Name: "t", SQL: `CREATE TABLE t {{onCluster}} (v UInt64) ENGINE = {{engine "ReplacingMergeTree" "v"}} ORDER BY v`}
	single, err := ClickHouseLayout{}.render(m, "rt")
	if err != nil {
		t.Fatal(err)
	}
	if single != `CREATE TABLE t  (v UInt64) ENGINE = ReplacingMergeTree(v) ORDER BY v` {
		t.Fatalf("single server: %q", single)
	}
	cluster, err := ClickHouseLayout{Cluster: "metrics"}.render(m, "rt")
	if err != nil {
		t.Fatal(err)
	}
	want := `CREATE TABLE t ON CLUSTER metrics (v UInt64) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}', v) ORDER BY v`
	if cluster != want {
		t.Fatalf("cluster:\n got %q\nwant %q", cluster, want)
	}
}

func TestLayoutNamesTheDatabases(t *testing.T) {
	m := Migration{Name: "t", SQL: `CREATE VIEW {{analytics}}.v AS SELECT x FROM {{database}}.t`}
	got, err := ClickHouseLayout{}.render(m, "rt_x")
	if err != nil {
		t.Fatal(err)
	}
	if got != `CREATE VIEW rt_x_analytics.v AS SELECT x FROM rt_x.t` {
		t.Fatalf("rendered %q", got)
	}
}

func TestMigrationFilesAreNumberedAndUnique(t *testing.T) {
	for _, dir := range []string{"postgres", "clickhouse"} {
		ms, err := load(dir)
		if err != nil {
			t.Fatal(err)
		}
		if len(ms) == 0 {
			t.Fatalf("no %s migrations", dir)
		}
		for i, m := range ms {
			if m.Version != i+1 {
				t.Fatalf("%s migration %s: version %d, want %d (no gaps)", dir, m.Name, m.Version, i+1)
			}
			if strings.Contains(m.SQL, "reeltrack.") {
				t.Fatalf("%s migration %s names a database", dir, m.Name)
			}
		}
	}
}

func TestClusterPlanQualifiesAndPlacesStatements(t *testing.T) {
	m := Migration{Name: "t", SQL: `-- a comment naming FROM nothing
CREATE TABLE IF NOT EXISTS src (workspace_id UUID, v UInt64) ENGINE = {{engine "ReplacingMergeTree" "v"}} ORDER BY workspace_id;
CREATE MATERIALIZED VIEW IF NOT EXISTS dst_mv {{onCluster}} TO dst AS SELECT workspace_id, v FROM src;
CREATE VIEW IF NOT EXISTS {{analytics}}.latest {{onCluster}} AS SELECT * FROM {{analytics}}.rows;
INSERT INTO dst SELECT workspace_id, v FROM src;
DROP TABLE IF EXISTS dst_mv {{onCluster}};
ALTER TABLE src ADD COLUMN w UInt8 DEFAULT 0;
`}
	steps, err := ClickHouseLayout{Cluster: "c"}.clusterPlan(m, "rt")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range steps {
		if s.EachShard {
			s.SQL = "[each shard] " + s.SQL
		}
		got = append(got, s.SQL)
	}
	want := []string{
		`CREATE TABLE IF NOT EXISTS rt_local.src ON CLUSTER c (workspace_id UUID, v UInt64) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/tables/{shard}/{database}/{table}', '{replica}', v) ORDER BY workspace_id`,
		`CREATE TABLE IF NOT EXISTS rt.src ON CLUSTER c AS rt_local.src ENGINE = Distributed(c, rt_local, src, cityHash64(toString(workspace_id)))`,
		`CREATE MATERIALIZED VIEW IF NOT EXISTS rt_local.dst_mv ON CLUSTER c  TO rt_local.dst AS SELECT workspace_id, v FROM rt_local.src`,
		`CREATE VIEW IF NOT EXISTS rt_analytics.latest ON CLUSTER c  AS SELECT * FROM rt_analytics.rows`,
		`INSERT INTO rt.dst SELECT workspace_id, v FROM rt.src`,
		`DROP TABLE IF EXISTS rt_local.dst_mv ON CLUSTER c`,
		// a replicated table passes the ALTER on to its other replica
		`[each shard] ALTER TABLE rt_local.src ADD COLUMN w UInt8 DEFAULT 0`,
		`DROP TABLE IF EXISTS rt.src ON CLUSTER c`,
		`CREATE TABLE IF NOT EXISTS rt.src ON CLUSTER c AS rt_local.src ENGINE = Distributed(c, rt_local, src, cityHash64(toString(workspace_id)))`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("plan:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
