package fanout

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
)

func TestAPanicIsItsPartsError(t *testing.T) {
	g, _ := WithContext(context.Background())
	g.Go(func() error { panic("boom") })
	g.Go(func() error { return nil })
	if err := g.Wait(); err == nil {
		t.Fatal("a panicking part returned no error")
	}

	err := All(func() error { return errors.New("first") }, func() error { panic("second") }, func() error { return nil })
	if err == nil || !strings.Contains(err.Error(), "first") {
		t.Fatalf("All lost an error: %v", err)
	}
	if !strings.Contains(err.Error(), "panic: second") {
		t.Fatalf("All lost the panic: %v", err)
	}
}

func TestEachBoundsThePartsAtOnce(t *testing.T) {
	var running, most atomic.Int32
	seen := make([]bool, 50)
	err := Each(len(seen), 3, func(i int) error {
		n := running.Add(1)
		defer running.Add(-1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		seen[i] = true
		if i == 7 {
			return errors.New("seven")
		}
		return nil
	})
	if err == nil || err.Error() != "seven" {
		t.Fatalf("Each returned %v, want the error of part 7", err)
	}
	if most.Load() > 3 {
		t.Errorf("%d parts ran at once, limit 3", most.Load())
	}
	for i, s := range seen {
		if !s {
			t.Errorf("part %d did not run", i)
		}
	}
}
