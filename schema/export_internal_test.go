package schema

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/jackc/pgx/v5/pgxpool"
)

// MigrateReleasedClickHouse applies the ClickHouse migrations up to
// version upTo as an installation of an earlier release did: with the
// first texts of the rewritten files (testdata/released) in their place,
// recorded with those texts' checksums.
func MigrateReleasedClickHouse(ctx context.Context, pool *pgxpool.Pool, ch driver.Conn, database string, upTo int) ([]string, error) {
	ms, err := clickHouseUpTo(upTo)
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, m := range ms {
		b, err := os.ReadFile(filepath.Join("testdata", "released", m.Name))
		switch {
		case err == nil:
			sum := sha256.Sum256(b)
			m.SQL, m.Checksum = string(b), hex.EncodeToString(sum[:])
		case !errors.Is(err, fs.ErrNotExist):
			return nil, err
		}
		out = append(out, m)
	}
	return migrateClickHouse(ctx, pool, ch, ClickHouseLayout{}, database, out, true)
}

// ClusterStatements are the statements every ClickHouse migration runs on
// a cluster named cluster, for the database db, as clusterPlan places
// them.
func ClusterStatements(db, cluster string) ([]string, error) {
	ms, err := load("clickhouse")
	if err != nil {
		return nil, err
	}
	l := ClickHouseLayout{Cluster: cluster}
	var out []string
	for _, m := range ms {
		steps, err := l.clusterPlan(m, db)
		if err != nil {
			return nil, err
		}
		for _, st := range steps {
			out = append(out, st.SQL)
		}
	}
	return out, nil
}

// MigrateClickHouseOverRecord applies every ClickHouse migration not
// recorded in database, without the refusal of a record that the tables
// show is short: as a run that stopped inside each migration would.
func MigrateClickHouseOverRecord(ctx context.Context, pool *pgxpool.Pool, ch driver.Conn, database string) ([]string, error) {
	ms, err := load("clickhouse")
	if err != nil {
		return nil, err
	}
	return migrateClickHouse(ctx, pool, ch, ClickHouseLayout{}, database, ms, false)
}

// MigrateClickHouseUpTo applies the ClickHouse migrations up to version upTo.
func MigrateClickHouseUpTo(ctx context.Context, pool *pgxpool.Pool, ch driver.Conn, database string, upTo int) ([]string, error) {
	ms, err := clickHouseUpTo(upTo)
	if err != nil {
		return nil, err
	}
	return migrateClickHouse(ctx, pool, ch, ClickHouseLayout{}, database, ms, true)
}

// clickHouseUpTo are the ClickHouse migrations up to version upTo.
func clickHouseUpTo(upTo int) ([]Migration, error) {
	ms, err := load("clickhouse")
	if err != nil {
		return nil, err
	}
	return slices.DeleteFunc(ms, func(m Migration) bool { return m.Version > upTo }), nil
}
