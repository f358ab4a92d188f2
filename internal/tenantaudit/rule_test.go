package tenantaudit_test

import (
	"fmt"
	"testing"

	"github.com/reeltrack/reeltrack/internal/tenantaudit"
)

var pgTables = map[string]bool{"videos": true, "accounts": true, "scrape_jobs": true, "payout_lines": true}

func TestPostgresStatementsMustNameTheirWorkspace(t *testing.T) {
	for _, c := range []struct {
		sql  string
		want string // the problems, "" when it keeps the rule
	}{
		{`SELECT id FROM videos WHERE workspace_id = $1 AND id = $2`, ""},
		{`SELECT id FROM videos WHERE id = $1`, "[SELECT videos: no workspace_id in its WHERE, ON or USING]"},
		{`SELECT v.id FROM videos v JOIN accounts a ON a.id = v.account_id WHERE v.workspace_id = $1`, ""},
		{`SELECT v.id FROM videos v JOIN accounts a ON a.id = v.account_id AND a.workspace_id = $1`, ""},
		{`SELECT v.id FROM videos v JOIN accounts a USING (workspace_id) WHERE v.id = $1`, ""},
		{`SELECT v.id FROM videos v JOIN accounts a ON a.id = v.account_id WHERE v.id = $1`, "[SELECT videos accounts: no workspace_id in its WHERE, ON or USING]"},
		// each query block on its own: a subquery, a UNION's arms
		{`SELECT id, (SELECT count(*) FROM payout_lines l WHERE l.video_id = v.id) FROM videos v WHERE v.workspace_id = $1`,
			"[SELECT payout_lines: no workspace_id in its WHERE, ON or USING]"},
		{`SELECT id FROM videos WHERE workspace_id = $1 UNION ALL SELECT id FROM accounts WHERE handle = $2`,
			"[SELECT accounts: no workspace_id in its WHERE, ON or USING]"},
		{`SELECT * FROM (SELECT id FROM videos) v`, "[SELECT videos: no workspace_id in its WHERE, ON or USING]"},
		// a condition's subquery that names the workspace scopes the ids
		{`UPDATE videos SET status = $1 WHERE id IN (SELECT id FROM videos WHERE workspace_id = $2)`, ""},
		{`UPDATE videos SET status = $1 WHERE id = $2`, "[UPDATE videos: no workspace_id in its WHERE, ON or USING]"},
		{`UPDATE videos SET status = $1 WHERE id = $2 AND workspace_id = $3`, ""},
		{`DELETE FROM accounts WHERE id = ANY($1)`, "[DELETE accounts: no workspace_id in its WHERE, ON or USING]"},
		{`DELETE FROM accounts a USING videos v WHERE v.account_id = a.id AND v.workspace_id = $1`, ""},
		// rows reached through a CTE that names its workspace
		{`WITH locked AS (SELECT id FROM videos WHERE workspace_id = $1 FOR UPDATE) UPDATE videos SET status = $2 WHERE id IN (SELECT id FROM locked)`, ""},
		{`WITH locked AS (SELECT id FROM videos WHERE id = $1) UPDATE videos SET status = $2 WHERE id IN (SELECT id FROM locked)`,
			"[UPDATE videos: no workspace_id in its WHERE, ON or USING SELECT videos: no workspace_id in its WHERE, ON or USING]"},
		// a CTE's name is not the table's
		{`WITH videos AS (SELECT 1 AS id) SELECT id FROM videos`, ""},
		{`INSERT INTO videos (workspace_id, url) VALUES ($1, $2)`, ""},
		{`INSERT INTO videos (url) VALUES ($1)`, "[INSERT videos: does not write workspace_id]"},
		{`INSERT INTO scrape_jobs (workspace_id, reason) SELECT workspace_id, 'refresh' FROM videos`,
			"[SELECT videos: no workspace_id in its WHERE, ON or USING]"},
		{`COPY "videos" ("url") FROM STDIN BINARY`, "[COPY videos: does not write workspace_id]"},
		{`COPY "videos" ("workspace_id", "url") FROM STDIN BINARY`, ""},
		// not a workspace table
		{`SELECT id FROM users WHERE email = $1`, ""},
		{`SELECT FROM`, "[unparsed: PostgreSQL's parser refuses it: syntax error at end of input]"},
	} {
		got := tenantaudit.CheckStatement(tenantaudit.Postgres, c.sql, pgTables)
		if g := problems(got); g != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.sql, g, c.want)
		}
	}
}

var chTables = map[string]bool{"metric_snapshots": true, "entity_latest": true, "entity_hourly": true}

func TestClickHouseStatementsMustNameTheirWorkspace(t *testing.T) {
	for _, c := range []struct {
		sql  string
		want string
	}{
		{`SELECT entity_id FROM entity_latest WHERE workspace_id = ? AND entity_kind = ?`, ""},
		{`SELECT entity_id FROM entity_latest PREWHERE entity_id IN (SELECT id FROM scope) WHERE entity_kind = ?`,
			"[SELECT entity_latest: no workspace_id in its PREWHERE, WHERE, ON or USING]"},
		{`SELECT count() FROM metric_snapshots FINAL WHERE entity_id = '8b7a'`,
			"[SELECT metric_snapshots: no workspace_id in its PREWHERE, WHERE, ON or USING]"},
		{"SELECT count() FROM `db`.`metric_snapshots` AS s WHERE s.`workspace_id` = ?", ""},
		{`SELECT a.x FROM (SELECT entity_id AS x FROM entity_hourly WHERE workspace_id = ?) AS a
			ANY LEFT JOIN (SELECT entity_id AS x FROM entity_latest) AS b USING (x)`,
			"[SELECT entity_latest: no workspace_id in its PREWHERE, WHERE, ON or USING]"},
		{`SELECT 1 FROM entity_hourly AS h ALL INNER JOIN entity_latest AS l ON l.entity_id = h.entity_id WHERE h.workspace_id = ?`, ""},
		{`SELECT 1 FROM entity_hourly WHERE workspace_id = ? UNION ALL SELECT 1 FROM metric_snapshots WHERE job_id = ?`,
			"[SELECT metric_snapshots: no workspace_id in its PREWHERE, WHERE, ON or USING]"},
		// a condition's words in a string or a comment are not a condition
		{`SELECT 1 FROM metric_snapshots WHERE entity_id = 'workspace_id' -- workspace_id`,
			"[SELECT metric_snapshots: no workspace_id in its PREWHERE, WHERE, ON or USING]"},
		{`SELECT sum(rows) FROM system.parts WHERE table = 'metric_snapshots'`, ""},
		{`SELECT count() FROM numbers(10)`, ""},
		{`INSERT INTO metric_snapshots (workspace_id, entity_id, views) FORMAT Native`, ""},
		{`INSERT INTO metric_snapshots (entity_id, views) VALUES`, "[INSERT metric_snapshots: does not write workspace_id]"},
		{`INSERT INTO entity_latest SELECT * FROM metric_snapshots`, "[SELECT metric_snapshots: no workspace_id in its PREWHERE, WHERE, ON or USING]"},
		{`ALTER TABLE metric_snapshots DROP PARTITION 202601`, "[ALTER metric_snapshots: deletes, updates or drops partitions with no workspace_id]"},
		{`ALTER TABLE metric_snapshots DELETE WHERE workspace_id = ?`, ""},
		{`TRUNCATE TABLE entity_latest`, "[TRUNCATE entity_latest: empties every workspace's rows]"},
	} {
		got := tenantaudit.CheckStatement(tenantaudit.ClickHouse, c.sql, chTables)
		if g := problems(got); g != c.want {
			t.Errorf("%s\n got %s\nwant %s", c.sql, g, c.want)
		}
	}
}

func problems(ps []tenantaudit.Problem) string {
	if len(ps) == 0 {
		return ""
	}
	return fmt.Sprint(ps)
}
