package testenv

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/ory/dockertest/v3"
	"github.com/ory/dockertest/v3/docker"

	"github.com/reeltrack/reeltrack/internal/store"
)

func dockerReachable() bool {
	pool, err := dockertest.NewPool("")
	if err != nil {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	return pool.Client.PingWithContext(ctx) == nil
}

// dockerServers starts PostgreSQL, ClickHouse and Redis in containers on
// loopback ports; the engine kills them after ten minutes if cleanup never runs.
func dockerServers(ctx context.Context) (Servers, func(), error) {
	pool, err := dockertest.NewPool("")
	if err != nil {
		return Servers{}, nil, fmt.Errorf("connect to docker: %w", err)
	}
	var started []*dockertest.Resource
	cleanup := func() {
		for _, r := range started {
			_ = pool.Purge(r) // already gone if it expired
		}
	}
	fail := func(err error) (Servers, func(), error) {
		cleanup()
		return Servers{}, nil, err
	}
	// run publishes port on 127.0.0.1 only: the servers trust every client.
	run := func(repo, tag, port string, env []string, ulimits []docker.ULimit) (string, error) {
		r, err := pool.RunWithOptions(&dockertest.RunOptions{
			Repository:   repo,
			Tag:          tag,
			Env:          env,
			ExposedPorts: []string{port},
			PortBindings: map[docker.Port][]docker.PortBinding{docker.Port(port): {{HostIP: "127.0.0.1"}}},
		}, func(hc *docker.HostConfig) {
			hc.AutoRemove = true
			hc.RestartPolicy = docker.NeverRestart()
			hc.PublishAllPorts = false
			hc.Ulimits = ulimits
		})
		if err != nil {
			return "", fmt.Errorf("run %s:%s: %w", repo, tag, err)
		}
		started = append(started, r)
		_ = r.Expire(1800) // always nil: the stop is sent in the background
		p := r.GetPort(port)
		if p == "" {
			return "", fmt.Errorf("run %s:%s: port %s was not published", repo, tag, port)
		}
		return p, nil
	}

	pgPort, err := run("postgres", "16", "5432/tcp", []string{"POSTGRES_HOST_AUTH_METHOD=trust"}, nil)
	if err != nil {
		return fail(err)
	}
	chPort, err := run("clickhouse/clickhouse-server", "24.8", "9000/tcp", []string{"CLICKHOUSE_SKIP_USER_SETUP=1"},
		[]docker.ULimit{{Name: "nofile", Soft: 262144, Hard: 262144}})
	if err != nil {
		return fail(err)
	}
	redisPort, err := run("redis", "7-alpine", "6379/tcp", nil, nil)
	if err != nil {
		return fail(err)
	}
	srv := Servers{
		PostgresURL:    "postgres://postgres@127.0.0.1:" + pgPort + "/postgres?sslmode=disable&connect_timeout=3",
		ClickHouseAddr: "127.0.0.1:" + chPort,
		ClickHouseUser: "default",
		RedisURL:       "redis://127.0.0.1:" + redisPort + "/0",
	}

	// The image pulls above may have used part of ctx's deadline.
	pool.MaxWait = 2 * time.Minute
	if d, ok := ctx.Deadline(); ok {
		pool.MaxWait = max(time.Until(d), time.Second)
	}
	if err := pool.Retry(func() error {
		c, err := pgx.Connect(ctx, srv.PostgresURL)
		if err != nil {
			return err
		}
		return c.Close(ctx)
	}); err != nil {
		return fail(fmt.Errorf("wait for postgres: %w", err))
	}
	if err := pool.Retry(func() error {
		c, err := store.OpenClickHouse(ctx, store.ClickHouseOptions{
			Addr: srv.ClickHouseAddr, Database: "default", User: srv.ClickHouseUser,
		})
		if err != nil {
			return err
		}
		return c.Close()
	}); err != nil {
		return fail(fmt.Errorf("wait for clickhouse: %w", err))
	}
	if err := pool.Retry(func() error {
		r, err := store.OpenRedis(srv.RedisURL, "", nil)
		if err != nil {
			return err
		}
		defer r.Close()
		return r.Ping(ctx)
	}); err != nil {
		return fail(fmt.Errorf("wait for redis: %w", err))
	}
	return srv, cleanup, nil
}
