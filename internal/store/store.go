package store

import (
	"context"
	"crypto/tls"
	"fmt"
	"maps"
	"net/url"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/multitracer"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/metrics"
)

// PostgresOptions tune the pool; a zero field keeps the DSN's or the default.
type PostgresOptions struct {
	MaxConns          int
	MinConns          int              // the pool's idle size
	MaxConnIdleTime   time.Duration    // so a pool grown in a burst shrinks back
	HealthCheckPeriod time.Duration    // how often idle connections are checked
	StatementTimeout  time.Duration    // and half of it each pool wait; 0: none
	Metrics           *metrics.Metrics // if set, times each statement
	Tracer            pgx.QueryTracer  // one more tracer, after those (the tests' statement audit); nil for the service
}

// The pool's idle times: a connection opened for a burst closes about a
// minute after it, where pgx's defaults keep a grown pool for half an hour.
const (
	DefaultMaxConnIdleTime   = time.Minute
	DefaultHealthCheckPeriod = 15 * time.Second
)

// OpenPostgres opens a pool and checks that it answers.
func OpenPostgres(ctx context.Context, dsn string, o PostgresOptions) (*pgxpool.Pool, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return nil, fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	q := u.Query()
	// without connect_timeout a dead server blocks for minutes
	if q.Get("connect_timeout") == "" {
		q.Set("connect_timeout", "3")
		u.RawQuery = q.Encode()
	}
	cfg, err := pgxpool.ParseConfig(u.String())
	if err != nil {
		return nil, fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	if o.MaxConns > 0 {
		cfg.MaxConns = int32(o.MaxConns)
	}
	if o.MinConns > 0 {
		cfg.MinConns = int32(o.MinConns)
	}
	cfg.MinConns = min(cfg.MinConns, cfg.MaxConns)
	cfg.MaxConnIdleTime, cfg.HealthCheckPeriod = DefaultMaxConnIdleTime, DefaultHealthCheckPeriod
	if o.MaxConnIdleTime > 0 {
		cfg.MaxConnIdleTime = o.MaxConnIdleTime
	}
	if o.HealthCheckPeriod > 0 {
		cfg.HealthCheckPeriod = o.HealthCheckPeriod
	}
	var tracers []pgx.QueryTracer
	if o.StatementTimeout > 0 {
		tracers = append(tracers, statementBound{statement: o.StatementTimeout, acquire: o.StatementTimeout / 2})
	}
	if o.Metrics != nil {
		tracers = append(tracers, queryTimer{m: o.Metrics})
	}
	if o.Tracer != nil {
		tracers = append(tracers, o.Tracer)
	}
	switch len(tracers) {
	case 0:
	case 1:
		cfg.ConnConfig.Tracer = tracers[0]
	default:
		cfg.ConnConfig.Tracer = multitracer.New(tracers...)
	}
	// google/uuid's UUID is read and written in PostgreSQL's binary form;
	// without this pgx goes through its text (sql.Scanner, driver.Valuer)
	cfg.AfterConnect = func(_ context.Context, c *pgx.Conn) error {
		registerUUID(c.TypeMap())
		return nil
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	if err := answers(ctx, pool.Ping, pool.Close, "postgres at "+u.Host); err != nil {
		return nil, err
	}
	return pool, nil
}

// answers pings a store just opened, closing it when it does not answer.
func answers(ctx context.Context, ping func(context.Context) error, closeStore func(), what string) error {
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := ping(pingCtx); err != nil {
		closeStore()
		return fmt.Errorf("ping %s: %w", what, err)
	}
	return nil
}

// ClickHouseOptions says where ClickHouse is.
type ClickHouseOptions struct {
	// Addr is host:port, or several separated by commas (a cluster's nodes,
	// tried in order); with http(s):// the HTTP interface, uncompressed.
	Addr, Database, User, Password string

	Cluster          string              // CLICKHOUSE_CLUSTER; empty for one server
	Settings         clickhouse.Settings // further session settings; nil for the service
	StatementTimeout time.Duration       // bounds each read and statement; 0: none
	Metrics          *metrics.Metrics    // if set, times each read and statement
}

// ClusterSettings make an INSERT into a Distributed table return once every
// row is on its shard, so reads see it and a shard down fails it. The nodes
// set distributed_product_mode themselves: the driver cannot send it to 18.16.
func ClusterSettings() clickhouse.Settings {
	return clickhouse.Settings{"insert_distributed_sync": 1}
}

// NodeDialer opens connections to single nodes of o's cluster.
func NodeDialer(o ClickHouseOptions) func(ctx context.Context, addr string) (driver.Conn, error) {
	return func(ctx context.Context, addr string) (driver.Conn, error) {
		n := o
		// the migrations make the connection's database on every node first;
		// a user of the service may use no other
		n.Addr = addr
		if n.Database == "" {
			n.Database = "default"
		}
		return OpenClickHouse(ctx, n)
	}
}

// OpenClickHouse opens a native-protocol connection and checks that it answers.
func OpenClickHouse(ctx context.Context, o ClickHouseOptions) (driver.Conn, error) {
	var settings clickhouse.Settings
	if o.Cluster != "" {
		settings = ClusterSettings()
	}
	if len(o.Settings) > 0 {
		if settings == nil {
			settings = clickhouse.Settings{}
		}
		maps.Copy(settings, o.Settings)
	}
	addr, protocol := o.Addr, clickhouse.Native
	compression := &clickhouse.Compression{Method: clickhouse.CompressionLZ4}
	var tlsConfig *tls.Config
	switch {
	case strings.HasPrefix(addr, "http://"):
		addr, protocol, compression = strings.TrimPrefix(addr, "http://"), clickhouse.HTTP, nil
	case strings.HasPrefix(addr, "https://"):
		addr, protocol, compression = strings.TrimPrefix(addr, "https://"), clickhouse.HTTP, nil
		tlsConfig = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	// the dial timeout, not the context, bounds a handshake
	dialTimeout := 3 * time.Second
	if o.StatementTimeout > 0 && o.StatementTimeout < dialTimeout*5/4 {
		dialTimeout = o.StatementTimeout * 4 / 5
	}
	conn, err := clickhouse.Open(&clickhouse.Options{
		Addr:        splitAddrs(addr),
		Settings:    settings,
		Protocol:    protocol,
		TLS:         tlsConfig,
		Auth:        clickhouse.Auth{Database: o.Database, Username: o.User, Password: o.Password},
		DialTimeout: dialTimeout,
		// for migrations; requests are bounded by their contexts
		ReadTimeout:      30 * time.Minute,
		MaxOpenConns:     20,
		MaxIdleConns:     10,
		ConnMaxLifetime:  time.Hour,
		Compression:      compression,
		ConnOpenStrategy: clickhouse.ConnOpenInOrder,
	})
	if err != nil {
		return nil, fmt.Errorf("open clickhouse: %w", err)
	}
	if err := answers(ctx, conn.Ping, func() { conn.Close() }, "clickhouse at "+o.Addr); err != nil {
		return nil, err
	}
	var out driver.Conn = yieldingConn{Conn: conn}
	if o.Metrics != nil {
		out = timedConn{Conn: out, m: o.Metrics}
	}
	if o.StatementTimeout > 0 {
		out = boundConn{Conn: out, d: o.StatementTimeout}
	}
	return out, nil
}

func splitAddrs(s string) []string {
	var out []string
	for _, a := range strings.Split(s, ",") {
		if a = strings.TrimSpace(a); a != "" {
			out = append(out, a)
		}
	}
	return out
}
