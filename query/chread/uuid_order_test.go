package chread_test

import (
	"context"
	"slices"
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/query/chread"
)

// TestCompareUUIDsIsClickHouseOrder sorts random ids, and some whose
// halves order them one way and their bytes the other, in ClickHouse and
// with CompareUUIDs: the orders must be the same.
func TestCompareUUIDsIsClickHouseOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ids := []uuid.UUID{
		uuid.MustParse("ffffffff-ffff-ffff-0000-000000000000"),
		uuid.MustParse("00000000-0000-0000-ffff-ffffffffffff"),
		uuid.MustParse("3f5ffba3-19ff-4f3d-8861-60ae6e1fc1aa"),
		uuid.MustParse("cb5818ab-83b5-48a8-8861-60ae6e1fc1aa"),
	}
	for range 2000 {
		ids = append(ids, uuid.New())
	}
	table, err := chread.IDTable("scope", ids)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := env.CH.Query(clickhouse.Context(ctx, clickhouse.WithExternalTable(table)), `SELECT id FROM scope ORDER BY id`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var clickhouseOrder []uuid.UUID
	for rows.Next() {
		var id uuid.UUID
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		clickhouseOrder = append(clickhouseOrder, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	ours := slices.Clone(ids)
	slices.SortFunc(ours, store.CompareUUIDs)
	if !slices.Equal(ours, clickhouseOrder) {
		for i := range ours {
			if i >= len(clickhouseOrder) || ours[i] != clickhouseOrder[i] {
				t.Fatalf("at %d of %d: CompareUUIDs puts %s, ClickHouse %v", i, len(ids), ours[i], clickhouseOrder[i:min(i+1, len(clickhouseOrder))])
			}
		}
	}
	// and the bytes' order is not it: the test tells the two apart
	if slices.IsSortedFunc(clickhouseOrder, func(a, b uuid.UUID) int { return slices.Compare(a[:], b[:]) }) {
		t.Fatal("ClickHouse ordered the ids by their bytes: the test proves nothing")
	}
}
