package testenv

import (
	"context"
	"fmt"
	"os"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/schema"
)

// Auditor watches the statements the code under test sends
// (tenantaudit.Auditor): a pgx tracer on the package's pool and a wrapper
// of its ClickHouse connection, recording while the tests run and checked
// once they have.
type Auditor interface {
	pgx.QueryTracer
	WrapClickHouse(conn driver.Conn, database string) driver.Conn
	Start()
	// Check gets the package's pool, its ClickHouse connection (not
	// wrapped), its ClickHouse databases, and whether the server keeps a
	// query log of the connection's statements.
	Check(ctx context.Context, pg *pgxpool.Pool, ch driver.Conn, databases []string, queryLog bool) error
}

// MainAudited is Main with a's recording in force while the tests run; a
// check that fails fails the package:
//
//	func TestMain(m *testing.M) { testenv.MainAudited(m, &env, tenantaudit.New()) }
func MainAudited(m interface{ Run() int }, env **Env, a Auditor) { mainWith(m, env, a) }

func (e *Env) run(m interface{ Run() int }) int {
	if e.auditor == nil {
		return m.Run()
	}
	e.auditor.Start()
	code := m.Run()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	layout := schema.ClickHouseLayout{Cluster: e.CHOptions.Cluster}
	if err := e.auditor.Check(ctx, e.PG, e.chLogged, layout.Databases(e.CHOptions.Database), e.queryLog()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		if code == 0 {
			code = 1
		}
	}
	return code
}

func (e *Env) tracer() pgx.QueryTracer {
	if e.auditor == nil {
		return nil
	}
	return e.auditor
}

// queryLog: a server of our own keeps system.query_log; chDB keeps none,
// and a cluster's is one per node.
func (e *Env) queryLog() bool {
	return e.auditor != nil && !CurrentEngine() && e.CHOptions.Cluster == ""
}

// auditedOptions are the package's ClickHouse options, with the server
// logging the connection's statements where the auditor reads them.
func (e *Env) auditedOptions() store.ClickHouseOptions {
	o := e.CHOptions
	if e.queryLog() {
		o.Settings = clickhouse.Settings{"log_queries": 1}
	}
	return o
}
