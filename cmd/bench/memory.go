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

// targetExportGrowth is the bound on what the server's memory
// grows by while one workspace's clients run 20 parallel exports.
const targetExportGrowth = 100 << 20

// memGrowth is how the process's memory grew during a measurement. The
// server runs in the bench's process, so the figures include the bench's
// own clients (a little: they count the rows of each body as they read
// it), an upper bound on the server's.
type memGrowth struct {
	// Before is the resident set once the Go heap was collected and
	// returned to the system; Peak is the largest resident set during the
	// measurement (the kernel's high-water mark when it can be reset,
	// else the largest of samples taken every 10 ms).
	Before, Peak uint64
	// HeapBefore and HeapPeak are the bytes of live and not yet collected
	// Go objects, sampled the same way.
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

// memMeter measures the process's memory from start to stop.
type memMeter struct {
	m    memGrowth
	stop chan struct{}
	done sync.WaitGroup
}

// startMem collects the Go heap and gives its free pages back to the
// system, so that the baseline holds no memory the measured work could
// reuse without growing, then resets the kernel's high-water mark and
// samples until stop.
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

// end stops the sampling and returns the growth.
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

// rss is the process's resident set in bytes, 0 when unknown.
func rss() uint64 {
	n, _ := procStatus("VmRSS:")
	return n
}

// procStatus reads a "kB" field of /proc/self/status, in bytes.
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

// heapObjects is the bytes of Go heap objects, live or not yet collected.
func heapObjects() uint64 {
	s := make([]metrics.Sample, len(heapSample))
	copy(s, heapSample)
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
