package testenv

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"
)

// FreshPostgres makes an empty PostgreSQL database of the test's own on the
// package's server, named prefix and a random suffix, and connects to it;
// it is dropped when the test ends. It returns its name and URL.
func (e *Env) FreshPostgres(t testing.TB, ctx context.Context, prefix string) (string, string, *pgxpool.Pool) {
	t.Helper()
	name := prefix + strings.ReplaceAll(uuid.NewString()[:13], "-", "")
	if _, err := e.PG.Exec(ctx, `CREATE DATABASE `+name); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = e.PG.Exec(context.Background(), `DROP DATABASE IF EXISTS `+name+` WITH (FORCE)`) })
	u, err := url.Parse(e.PGURL)
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + name
	pg, err := pgxpool.New(ctx, u.String())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pg.Close)
	return name, u.String(), pg
}
