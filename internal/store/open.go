package store

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Options say where the three servers are and how to reach them.
type Options struct {
	PostgresURL           string
	Postgres              PostgresOptions
	ClickHouse            ClickHouseOptions
	RedisURL, RedisPrefix string        // RedisURL empty: no Redis
	RedisCallTimeout      time.Duration // beyond it Redis is sick (0: the default)
}

// Stores are the open connections of one process.
type Stores struct {
	PG    *pgxpool.Pool
	CH    driver.Conn
	Redis *Redis // nil when Options.RedisURL is empty
}

// Open connects to the stores; Redis need not answer.
func Open(ctx context.Context, o Options, log *slog.Logger) (*Stores, error) {
	s := &Stores{}
	var err error
	if s.PG, err = OpenPostgres(ctx, o.PostgresURL, o.Postgres); err != nil {
		return nil, err
	}
	if s.CH, err = OpenClickHouse(ctx, o.ClickHouse); err != nil {
		s.Close()
		return nil, err
	}
	if o.RedisURL != "" {
		if s.Redis, err = OpenRedisWithin(o.RedisURL, o.RedisPrefix, cmp.Or(o.RedisCallTimeout, callBudget), log); err != nil {
			s.Close()
			return nil, err
		}
	}
	return s, nil
}

// Close closes every connection that is open.
func (s *Stores) Close() error {
	var errs []error
	if s.Redis != nil {
		errs = append(errs, s.Redis.Close())
	}
	if s.CH != nil {
		errs = append(errs, s.CH.Close())
	}
	if s.PG != nil {
		s.PG.Close()
	}
	return errors.Join(errs...)
}
