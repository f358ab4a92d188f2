package schema

import "testing"

// TestSlots: the shards own consecutive runs of the sharding key's slots,
// as long as their weights, in shard order, as a Distributed table places
// rows.
func TestSlots(t *testing.T) {
	shards := []Shard{{Num: 1, Weight: 1}, {Num: 2, Weight: 3}, {Num: 3, Weight: 2}}
	for num, want := range map[int][3]uint64{1: {0, 1, 6}, 2: {1, 4, 6}, 3: {4, 6, 6}} {
		from, to, total := Slots(shards, num)
		if got := [3]uint64{from, to, total}; got != want {
			t.Errorf("shard %d: slots [%d, %d) of %d, want [%d, %d) of %d", num, from, to, total, want[0], want[1], want[2])
		}
	}
}
