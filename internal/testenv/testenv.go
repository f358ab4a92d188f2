package testenv

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/schema"
)

// Env is one test package's share of the servers.
type Env struct {
	PG    *pgxpool.Pool
	PGURL string // DSN of the package's own database

	CH         driver.Conn
	CHOptions  store.ClickHouseOptions // Database is the package's own
	Redis      *store.Redis            // Prefix is the package's own
	RedisURL   string
	cleanups   []func()
	adminPGURL string
	auditor    Auditor     // nil unless MainAudited
	chLogged   driver.Conn // CH before the auditor wrapped it
}

// Servers says where the servers are.
type Servers struct {
	PostgresURL    string // any database; the harness connects to "postgres"
	ClickHouseAddr string
	ClickHouseUser string // an administrator: it makes the package's databases
	ClickHousePass string
	// ClickHouseCluster (CLICKHOUSE_CLUSTER): the package's databases are
	// created ON CLUSTER and migrated with the cluster layout.
	ClickHouseCluster string
	RedisURL          string
}

// ServerEnv points a server process at the package's databases, Redis keys
// under its prefix plus redisPrefix, without a metrics listener.
func (e *Env) ServerEnv(redisPrefix string) []string {
	return []string{
		"DATABASE_URL=" + e.PGURL,
		"CLICKHOUSE_ADDR=" + e.CHOptions.Addr,
		"CLICKHOUSE_DATABASE=" + e.CHOptions.Database,
		"CLICKHOUSE_USER=" + e.CHOptions.User,
		"CLICKHOUSE_PASSWORD=" + e.CHOptions.Password,
		"CLICKHOUSE_CLUSTER=" + e.CHOptions.Cluster,
		"REDIS_URL=" + e.RedisURL,
		"REDIS_PREFIX=" + e.Redis.Prefix + redisPrefix,
		// no metrics listener: several servers run at once, and its
		// default address would be taken
		"METRICS_ADDR=",
		// bcrypt's cheapest cost, as the in-process tests use: a hash at the
		// service's default costs about a quarter of a second of CPU, and the
		// browser tests sign up, log in and reset passwords by the dozen
		"BCRYPT_COST=4",
	}
}

func getenv(key, def string) string {
	if v := strings.TrimSpace(os.Getenv(key)); v != "" {
		return v
	}
	return def
}

func configured() bool {
	for _, k := range []string{"DATABASE_URL", "CLICKHOUSE_ADDR", "REDIS_URL"} {
		if os.Getenv(k) != "" {
			return true
		}
	}
	return false
}

func loopbackServers() Servers {
	srv := Servers{
		PostgresURL:       getenv("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable&connect_timeout=20"),
		ClickHouseAddr:    getenv("CLICKHOUSE_ADDR", "127.0.0.1:9000"),
		ClickHouseCluster: strings.TrimSpace(os.Getenv("CLICKHOUSE_CLUSTER")),
		RedisURL:          getenv("REDIS_URL", "redis://127.0.0.1:6379/0"),
	}
	srv.ClickHouseUser, srv.ClickHousePass = store.AdminCredentials(srv.ClickHouseAddr, os.LookupEnv)
	return srv
}

// Main prepares the package's databases, runs its tests, drops the
// databases and exits. Use it from TestMain:
//
//	var env *testenv.Env
//	func TestMain(m *testing.M) { testenv.Main(m, &env) }
func Main(m interface{ Run() int }, env **Env) { mainWith(m, env, nil) }

func mainWith(m interface{ Run() int }, env **Env, a Auditor) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	e, err := setup(ctx, a)
	cancel()
	if err != nil {
		fmt.Fprintln(os.Stderr, "testenv: the test servers are not usable (run `make services`):", err)
		os.Exit(2)
	}
	*env = e
	code := e.run(m)
	exiting.Lock()
	for i := len(exiting.funcs) - 1; i >= 0; i-- {
		exiting.funcs[i]()
	}
	exiting.Unlock()
	e.close()
	os.Exit(code)
}

// exiting holds what Main runs after the package's tests: the servers
// the process's tests share.
var exiting struct {
	sync.Mutex
	funcs []func()
}

func atExit(f func()) {
	exiting.Lock()
	defer exiting.Unlock()
	exiting.funcs = append(exiting.funcs, f)
}

func setup(ctx context.Context, a Auditor) (*Env, error) {
	srv := loopbackServers()
	e := &Env{auditor: a}
	name, err := packageDBName()
	if err != nil {
		return nil, err
	}
	if !configured() && !answers(ctx, srv) && dockerReachable() {
		d, cleanup, err := dockerServers(ctx)
		if err != nil {
			return nil, fmt.Errorf("start servers in docker: %w", err)
		}
		srv = d
		e.cleanups = append(e.cleanups, cleanup)
	}
	if CurrentEngine() {
		if srv.ClickHouseCluster != "" {
			return nil, errors.New("CLICKHOUSE_ENGINE=current runs one engine, not a cluster: unset CLICKHOUSE_CLUSTER")
		}
		addr, stop, err := StartCurrentEngine(ctx)
		if err != nil {
			return nil, err
		}
		srv.ClickHouseAddr, srv.ClickHouseUser, srv.ClickHousePass = addr, "default", ""
		e.cleanups = append(e.cleanups, stop)
	}
	if err := e.setupPostgres(ctx, srv.PostgresURL, name); err != nil {
		e.close()
		return nil, err
	}
	if err := e.setupClickHouse(ctx, srv, name); err != nil {
		e.close()
		return nil, err
	}
	if err := e.setupRedis(srv.RedisURL, name); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

func answers(ctx context.Context, srv Servers) bool {
	ctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, withDatabase(srv.PostgresURL, "postgres"))
	if err != nil {
		return false
	}
	conn.Close(ctx)
	return true
}

var unsafeName = regexp.MustCompile(`[^a-z0-9_]+`)

func packageDBName() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	base := unsafeName.ReplaceAllString(strings.ToLower(filepath.Base(wd)), "_")
	if len(base) > 20 {
		base = base[:20]
	}
	b := make([]byte, 4)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return "rt_" + base + "_" + hex.EncodeToString(b), nil
}

func withDatabase(dsn, db string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn
	}
	u.Path = "/" + db
	q := u.Query()
	if q.Get("connect_timeout") == "" {
		q.Set("connect_timeout", "20")
	}
	if q.Get("sslmode") == "" {
		q.Set("sslmode", "disable")
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// setupPostgres clones the package database from a template migrated once
// per set of migrations: one CREATE DATABASE instead of a migration run.
func (e *Env) setupPostgres(ctx context.Context, serverURL, name string) error {
	e.adminPGURL = withDatabase(serverURL, "postgres")
	fp, err := schema.Fingerprint()
	if err != nil {
		return err
	}
	tpl := "rt_tpl_" + fp
	admin, err := pgx.Connect(ctx, e.adminPGURL)
	if err != nil {
		return fmt.Errorf("connect to postgres: %w", err)
	}
	defer admin.Close(ctx)

	// The lock is held from the template check to the clone, so no other
	// package (of this or another checkout) drops the template in between.
	if _, err := admin.Exec(ctx, `SELECT pg_advisory_lock(7402951)`); err != nil {
		return fmt.Errorf("lock template: %w", err)
	}
	defer admin.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock(7402951)`) //nolint:errcheck // released with the session anyway

	if err := ensureTemplate(ctx, admin, serverURL, tpl, time.Now()); err != nil {
		return err
	}
	for attempt := 0; ; attempt++ {
		_, err = admin.Exec(ctx, fmt.Sprintf(`CREATE DATABASE %s TEMPLATE %s`, name, tpl))
		var pgErr *pgconn.PgError
		// 55006: the template is briefly in use (a session still closing).
		if err == nil || !errors.As(err, &pgErr) || pgErr.Code != "55006" || attempt > 50 {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	if err != nil {
		return fmt.Errorf("create database %s: %w", name, err)
	}
	// A package's database lives as long as its tests: its commits need not
	// wait for the disk (a crash of the server loses the last ones, never
	// the database's consistency), which spares the machine a flush of the
	// log for each of the suite's many thousand small transactions.
	if _, err := admin.Exec(ctx, fmt.Sprintf(`ALTER DATABASE %s SET synchronous_commit = off`, name)); err != nil {
		return fmt.Errorf("set up database %s: %w", name, err)
	}
	e.cleanups = append(e.cleanups, func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if c, err := pgx.Connect(ctx, e.adminPGURL); err == nil {
			_, _ = c.Exec(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %s WITH (FORCE)`, name))
			c.Close(ctx)
		}
	})
	e.PGURL = withDatabase(serverURL, name)
	e.PG, err = store.OpenPostgres(ctx, e.PGURL, store.PostgresOptions{Tracer: e.tracer()})
	if err != nil {
		return err
	}
	e.cleanups = append(e.cleanups, e.PG.Close)
	return nil
}

// templateMaxIdle: checkouts of different branches share the server.
const templateMaxIdle = 24 * time.Hour

// templateComment marks a template's last use in its comment, a database's
// only free-text attribute.
const templateComment = "reeltrack test template, last used "

// ensureTemplate builds the template in a scratch database renamed when
// complete, so a half-migrated template is never cloned.
func ensureTemplate(ctx context.Context, admin *pgx.Conn, serverURL, tpl string, now time.Time) error {
	var exists bool
	if err := admin.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)`, tpl).Scan(&exists); err != nil {
		return fmt.Errorf("look up template: %w", err)
	}
	if !exists {
		building := tpl + "_new"
		_, _ = admin.Exec(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %s WITH (FORCE)`, building))
		if _, err := admin.Exec(ctx, fmt.Sprintf(`CREATE DATABASE %s`, building)); err != nil {
			return fmt.Errorf("create template: %w", err)
		}
		pool, err := store.OpenPostgres(ctx, withDatabase(serverURL, building), store.PostgresOptions{})
		if err != nil {
			return err
		}
		_, err = schema.MigratePostgres(ctx, pool)
		pool.Close()
		if err != nil {
			return fmt.Errorf("migrate template: %w", err)
		}
		if _, err := admin.Exec(ctx, fmt.Sprintf(`ALTER DATABASE %s RENAME TO %s`, building, tpl)); err != nil {
			return fmt.Errorf("finish template: %w", err)
		}
	}
	if err := markTemplateUsed(ctx, admin, tpl, now); err != nil {
		return err
	}
	return dropIdleTemplates(ctx, admin, tpl, now)
}

func markTemplateUsed(ctx context.Context, admin *pgx.Conn, tpl string, now time.Time) error {
	// COMMENT takes no parameters; the text is a formatted time.
	_, err := admin.Exec(ctx, fmt.Sprintf(`COMMENT ON DATABASE %s IS '%s%s'`, tpl, templateComment, now.UTC().Format(time.RFC3339)))
	if err != nil {
		return fmt.Errorf("mark template used: %w", err)
	}
	return nil
}

// dropIdleTemplates drops the templates but keep idle for templateMaxIdle,
// marking unmarked ones now.
func dropIdleTemplates(ctx context.Context, admin *pgx.Conn, keep string, now time.Time) error {
	rows, err := admin.Query(ctx, `
		SELECT datname, coalesce(shobj_description(oid, 'pg_database'), '') FROM pg_database
		WHERE datname LIKE 'rt\_tpl\_%' AND datname NOT LIKE '%\_new' AND datname <> $1`, keep)
	if err != nil {
		return fmt.Errorf("list templates: %w", err)
	}
	type template struct{ name, comment string }
	others, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (template, error) {
		var t template
		return t, r.Scan(&t.name, &t.comment)
	})
	if err != nil {
		return fmt.Errorf("list templates: %w", err)
	}
	for _, t := range others {
		used, err := time.Parse(time.RFC3339, strings.TrimPrefix(t.comment, templateComment))
		if !strings.HasPrefix(t.comment, templateComment) || err != nil {
			if err := markTemplateUsed(ctx, admin, t.name, now); err != nil {
				return err
			}
			continue
		}
		if now.Sub(used) > templateMaxIdle {
			_, _ = admin.Exec(ctx, fmt.Sprintf(`DROP DATABASE IF EXISTS %s WITH (FORCE)`, t.name))
		}
	}
	return nil
}

func (e *Env) setupClickHouse(ctx context.Context, srv Servers, name string) error {
	adminOptions := store.ClickHouseOptions{
		Addr: srv.ClickHouseAddr, Database: "default", User: srv.ClickHouseUser, Password: srv.ClickHousePass,
		Cluster: srv.ClickHouseCluster,
	}
	layout := schema.ClickHouseLayout{Cluster: srv.ClickHouseCluster, Node: store.NodeDialer(adminOptions)}
	admin, err := openClickHouse(ctx, adminOptions)
	if err != nil {
		return err
	}
	staleDropped.Do(func() { dropStaleClickHouse(admin, layout) })
	if err := admin.Exec(ctx, "CREATE DATABASE IF NOT EXISTS "+name+layout.OnCluster()); err != nil {
		admin.Close()
		return fmt.Errorf("create clickhouse database %s: %w", name, err)
	}
	e.cleanups = append(e.cleanups, func() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		// The analytics database first: its views read the package's database.
		for _, db := range layout.Databases(name) {
			_ = admin.Exec(ctx, "DROP DATABASE IF EXISTS "+db+layout.OnCluster())
		}
		admin.Close()
	})
	e.CHOptions = store.ClickHouseOptions{
		Addr: srv.ClickHouseAddr, Database: name, User: srv.ClickHouseUser, Password: srv.ClickHousePass,
		Cluster: srv.ClickHouseCluster,
	}
	e.CH, err = openClickHouse(ctx, e.auditedOptions())
	if err != nil {
		return err
	}
	e.cleanups = append(e.cleanups, func() { e.CH.Close() })
	if _, err := schema.MigrateClickHouse(ctx, e.PG, e.CH, layout, name); err != nil {
		return fmt.Errorf("migrate clickhouse database %s: %w", name, err)
	}
	if e.auditor != nil {
		e.chLogged = e.CH
		e.CH = e.auditor.WrapClickHouse(e.CH, name)
	}
	return nil
}

// openClickHouse opens ClickHouse as the service does, whose handshake
// must answer within 3 seconds, which a machine loaded by the whole suite
// can miss: after a timeout it tries again until ctx ends.
func openClickHouse(ctx context.Context, o store.ClickHouseOptions) (driver.Conn, error) {
	for {
		conn, err := store.OpenClickHouse(ctx, o)
		var timeout net.Error
		if err == nil || ctx.Err() != nil || !(errors.As(err, &timeout) && timeout.Timeout() || errors.Is(err, context.DeadlineExceeded)) {
			return conn, err
		}
		select {
		case <-ctx.Done():
			return nil, err
		case <-time.After(time.Second):
		}
	}
}

func (e *Env) setupRedis(rawURL, name string) error {
	r, err := store.OpenRedisWithin(rawURL, name+":", time.Second, nil)
	if err != nil {
		return err
	}
	// The client gives each call 40 ms, which a loaded machine can miss:
	// Redis counts as answering once a ping succeeds within a minute.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	err = r.Ping(ctx)
	for err != nil && ctx.Err() == nil {
		time.Sleep(100 * time.Millisecond)
		err = r.Ping(ctx)
	}
	if err != nil {
		r.Close()
		return fmt.Errorf("ping redis at %s: %w", rawURL, err)
	}
	e.Redis, e.RedisURL = r, rawURL
	e.cleanups = append(e.cleanups, func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		iter := r.Client.Scan(ctx, 0, r.Prefix+"*", 500).Iterator()
		for iter.Next(ctx) {
			r.Client.Del(ctx, iter.Val())
		}
		r.Close()
	})
	return nil
}

func (e *Env) close() {
	for i := len(e.cleanups) - 1; i >= 0; i-- {
		e.cleanups[i]()
	}
	e.cleanups = nil
}
