package analytics_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/projections/analytics"
)

// countingConn is a ClickHouse connection that records how many rows each
// INSERT it sent carried, per table (the sync sends one at a time).
type countingConn struct {
	driver.Conn
	sizes map[string][]int
}

type countingBatch struct {
	driver.Batch
	conn  *countingConn
	table string
	rows  int
}

func (c *countingConn) PrepareBatch(ctx context.Context, query string, opts ...driver.PrepareBatchOption) (driver.Batch, error) {
	b, err := c.Conn.PrepareBatch(ctx, query, opts...)
	if err != nil {
		return nil, err
	}
	table, _, _ := strings.Cut(strings.TrimPrefix(query, "INSERT INTO "), " ")
	_, table, _ = strings.Cut(table, ".")
	return &countingBatch{Batch: b, conn: c, table: table}, nil
}

func (b *countingBatch) Append(v ...any) error {
	if err := b.Batch.Append(v...); err != nil {
		return err
	}
	b.rows++
	return nil
}

func (b *countingBatch) Send() error {
	if err := b.Batch.Send(); err != nil {
		return err
	}
	if b.conn.sizes == nil {
		b.conn.sizes = map[string][]int{}
	}
	b.conn.sizes[b.table] = append(b.conn.sizes[b.table], b.rows)
	return nil
}

// TestCopiesInBoundedBatches: a copy sends its rows in INSERTs of at most
// the batch size, each table's and each kind of delete's in several when
// they are more, and the analytics database ends as it does when every
// table's rows go in one INSERT; an incremental sync batches the same way.
// A copy that held every row of a workspace until its end would send one
// INSERT per table.
func TestCopiesInBoundedBatches(t *testing.T) {
	ctx := context.Background()
	ws := workspace(t)
	collection := uuid.New()
	env.Exec(t, `INSERT INTO collections (id, workspace_id, name) VALUES ($1, $2, 'Launch')`, collection, ws)
	var accounts []uuid.UUID
	for range 9 {
		accounts = append(accounts, env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, CollectionID: &collection}))
	}
	var videos []uuid.UUID
	for i := range 40 {
		o := testenv.VideoOptions{Status: domain.ItemActive, Caption: "video"}
		if i%2 == 0 {
			o.AccountID, o.AccountHandle = accounts[i%7], "acct"
		}
		videos = append(videos, env.Video(t, ws, o))
	}
	// 12 videos and the 2 accounts without videos deleted: recorded deletes
	// of two kinds.
	for i := 1; i < 25; i += 2 {
		env.Exec(t, `DELETE FROM videos WHERE id = $1`, videos[i])
	}
	env.Exec(t, `DELETE FROM accounts WHERE id = ANY($1)`, accounts[7:])

	dims := func() []string {
		var all []string
		for _, d := range analytics.Dimensions {
			all = append(all, rows(t, `SELECT toString(tuple(*)) FROM A.`+d+` WHERE workspace_id = ? ORDER BY tuple(*)`, ws)...)
			// the deleted rows, but for their version and when they were copied
			cols := rows(t, `SELECT name FROM system.columns WHERE database = ? AND table = ? AND name NOT IN ('version', 'synced_at')`, db(), d+"_rows")
			all = append(all, rows(t, `SELECT concat('deleted ', toString(tuple(`+strings.Join(cols, ", ")+`)))
				FROM (SELECT * FROM A.`+d+`_rows FINAL WHERE workspace_id = ?) WHERE deleted = 1`, ws)...)
		}
		slices.Sort(all)
		return all
	}
	rebuild := func(batch int) (analytics.Synced, map[string][]int) {
		t.Helper()
		defer analytics.SetBatchRows(batch)()
		conn := &countingConn{Conn: env.CH}
		res, err := analytics.RebuildDimensions(ctx, env.PG, conn, db(), env.CHOptions.Cluster)
		if err != nil {
			t.Fatal(err)
		}
		return res, conn.sizes
	}

	whole, oneEach := rebuild(1 << 30)
	// one INSERT for the rows and one for the deletes
	for table, sizes := range oneEach {
		if len(sizes) > 2 {
			t.Errorf("unbatched: %s in %d INSERTs %v, want at most 2", table, len(sizes), sizes)
		}
	}
	want := dims()
	if len(want) < 40 {
		t.Fatalf("the analytics database holds %d rows of the workspace: %q", len(want), want)
	}

	const batch = 5
	batched, sizes := rebuild(batch)
	if got := dims(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("copied in batches of %d:\n%s\nin one INSERT per table:\n%s", batch, strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, d := range analytics.Dimensions {
		if batched.Rows[d] != whole.Rows[d] {
			t.Errorf("%s: %d rows copied in batches, %d in one INSERT", d, batched.Rows[d], whole.Rows[d])
		}
	}
	// videos: 28 left (6 INSERTs) and 12 deletes (3); accounts: 7 left (2)
	// and 2 deletes (1).
	for table, least := range map[string]int{"videos_rows": 9, "accounts_rows": 3} {
		if got := sizes[table]; len(got) < least {
			t.Errorf("%s in %d INSERTs %v, want at least %d of at most %d rows", table, len(got), got, least, batch)
		}
	}
	for table, got := range sizes {
		if slices.Max(got) > batch {
			t.Errorf("%s: an INSERT of %d rows, over the batch size %d: %v", table, slices.Max(got), batch, got)
		}
	}

	// An incremental sync: 15 videos changed since the rebuild.
	env.Exec(t, `UPDATE videos SET caption = 'changed' WHERE id = ANY($1)`, videos[25:])
	defer analytics.SetBatchRows(3)()
	conn := &countingConn{Conn: env.CH}
	if _, err := analytics.Sync(ctx, env.PG, conn, db()); err != nil {
		t.Fatal(err)
	}
	if got := rows(t, `SELECT toString(count()) FROM A.videos WHERE workspace_id = ? AND caption = 'changed'`, ws); len(got) != 1 || got[0] != "15" {
		t.Errorf("changed videos after the sync: %q, want 15", got)
	}
	if got := conn.sizes["videos_rows"]; len(got) < 5 || slices.Max(got) > 3 {
		t.Errorf("videos_rows of the sync in INSERTs of %v rows, want at least 5 of at most 3", got)
	}
}
