package main

import (
	"bytes"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"sync"
	"time"
)

// targetExportGrowth bounds the server's memory growth while one workspace's
// clients run 20 parallel exports.
const targetExportGrowth = 100 << 20

// memGrowth is how the process's memory grew during a measurement: the
// bench's clients included, an upper bound on the server's.
type memGrowth struct {
	// Before is the resident set after a collection returned the heap; Peak the
	// largest during the measurement (the kernel's high-water mark, else samples).
	Before, Peak uint64
	// HeapBefore and HeapPeak are the bytes of Go heap objects, sampled alike.
	HeapBefore, HeapPeak uint64
	Exact                bool // Peak is the kernel's high-water mark
}

// Growth is Peak less Before.
func (m memGrowth) Growth() uint64 {
	if m.Peak < m.Before {
		return 0
	}
	return m.Peak - m.Before
}

func (m memGrowth) String() string {
	how := "sampled every 10 ms"
	if m.Exact {
		how = "kernel high-water mark"
	}
	return fmt.Sprintf("RSS %s → %s MB (%s), Go heap objects %s → %s MB",
		mib(m.Before), mib(m.Peak), how, mib(m.HeapBefore), mib(m.HeapPeak))
}

func mib(b uint64) string { return fmt.Sprintf("%.1f", float64(b)/(1<<20)) }

type memMeter struct {
	m    memGrowth
	stop chan struct{}
	done sync.WaitGroup
}

// startMem returns the heap's free pages so the baseline holds nothing the
// work could reuse, resets the kernel's high-water mark and samples until stop.
func startMem() *memMeter {
	runtime.GC()
	debug.FreeOSMemory()
	mm := &memMeter{stop: make(chan struct{})}
	mm.m.Before, mm.m.HeapBefore = rss(), heapObjects()
	mm.m.Peak, mm.m.HeapPeak = mm.m.Before, mm.m.HeapBefore
	// "5" resets VmHWM to the current resident set (Linux 4.0+).
	mm.m.Exact = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) == nil
	mm.done.Add(1)
	go func() {
		defer mm.done.Done()
		t := time.NewTicker(10 * time.Millisecond)
		defer t.Stop()
		for {
			mm.m.Peak, mm.m.HeapPeak = max(mm.m.Peak, rss()), max(mm.m.HeapPeak, heapObjects())
			select {
			case <-mm.stop:
				return
			case <-t.C:
			}
		}
	}()
	return mm
}

func (mm *memMeter) end() memGrowth {
	close(mm.stop)
	mm.done.Wait()
	if mm.m.Exact {
		if hwm, ok := procStatus("VmHWM:"); ok {
			mm.m.Peak = max(mm.m.Peak, hwm)
		}
	}
	return mm.m
}

func rss() uint64 {
	n, _ := procStatus("VmRSS:")
	return n
}

func procStatus(field string) (uint64, bool) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, false
	}
	i := bytes.Index(b, []byte(field))
	if i < 0 {
		return 0, false
	}
	line := b[i+len(field):]
	if j := bytes.IndexByte(line, '\n'); j >= 0 {
		line = line[:j]
	}
	f := bytes.Fields(line)
	if len(f) == 0 {
		return 0, false
	}
	n, err := strconv.ParseUint(string(f[0]), 10, 64)
	if err != nil {
		return 0, false
	}
	return n << 10, true
}

var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

func heapObjects() uint64 {
	s := make([]metrics.Sample, len(heapSample))
	copy(s, heapSample)
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
