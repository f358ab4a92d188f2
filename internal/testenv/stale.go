package testenv

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/schema"
)

// staleAfter is how long a test database's tables must have stood
// unchanged before a later run drops it: no test package runs that long.
const staleAfter = 6 * time.Hour

var (
	safeDatabaseName = regexp.MustCompile(`^rt_[a-z0-9_]+$`)
	staleDropped     sync.Once
)

// dropStaleClickHouse drops the test databases a killed run left behind
// (a package drops its own when it ends): those named rt_… whose every
// table was last altered staleAfter ago or more. Left over, they slow
// every later start of the server, which on 18.16 loads each table, and
// on the cluster each replicated table's ZooKeeper state, before it
// answers. Once per test binary, within a bound; what is not dropped in
// time stays for the next run.
func dropStaleClickHouse(admin driver.Conn, layout schema.ClickHouseLayout) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	rows, err := admin.Query(ctx, fmt.Sprintf(`
		SELECT database FROM system.tables
		WHERE startsWith(database, 'rt_')
		GROUP BY database
		HAVING max(metadata_modification_time) < now() - %d`, int64(staleAfter/time.Second)))
	if err != nil {
		return
	}
	var names []string
	for rows.Next() {
		var name string
		if rows.Scan(&name) == nil && safeDatabaseName.MatchString(name) {
			names = append(names, name)
		}
	}
	rows.Close()
	// The analytics databases first: their views read the package's.
	sort.SliceStable(names, func(i, j int) bool {
		return strings.Contains(names[i], "_analytics") && !strings.Contains(names[j], "_analytics")
	})
	for _, name := range names {
		if ctx.Err() != nil {
			return
		}
		_ = admin.Exec(ctx, "DROP DATABASE IF EXISTS "+name+layout.OnCluster())
	}
}
