package testenv

import (
	"runtime"
	"sync/atomic"
	"time"
)

// PeakHeap runs f and returns how far HeapInuse rose above its level after
// a collection before f, sampled every few milliseconds while f runs: the
// Go heap a job needs, for benchmarks of memory that must stay bounded.
func PeakHeap(f func()) uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	base := m.HeapInuse
	var peak atomic.Uint64
	peak.Store(base)
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
			select {
			case <-done:
				return
			case <-tick.C:
			}
		}
	}()
	f()
	close(done)
	<-sampled
	runtime.ReadMemStats(&m)
	if m.HeapInuse > peak.Load() {
		peak.Store(m.HeapInuse)
	}
	return peak.Load() - base
}
