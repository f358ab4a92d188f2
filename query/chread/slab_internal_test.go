package chread

import "testing"

// TestSlabSlicesStayApart: the numbers a read hands out from shared blocks
// each keep their own value, across blocks and for sizes larger than a
// block, and start at zero.
func TestSlabSlicesStayApart(t *testing.T) {
	var s Slab[int64]
	var taken [][]int64
	for i, n := range []int{1, 3, slabBlock - 2, 2, slabBlock + 5, 1, 7} {
		x := s.Take(n)
		if len(x) != n || cap(x) != n {
			t.Fatalf("take(%d): len %d, cap %d", n, len(x), cap(x))
		}
		for j := range x {
			if x[j] != 0 {
				t.Fatalf("take(%d)[%d] = %d, not zeroed", n, j, x[j])
			}
			x[j] = int64(i*10_000 + j)
		}
		taken = append(taken, x)
	}
	for i, x := range taken {
		for j := range x {
			if x[j] != int64(i*10_000+j) {
				t.Fatalf("slice %d [%d] = %d: overwritten by a later one", i, j, x[j])
			}
		}
	}
}
