package testenv

import (
	"net"
	"net/http"
	"os/exec"
	"sync"
	"testing"
	"time"
)

// FreeAddr returns a loopback address with a port nothing listens on: for a
// server a test starts, or for one that must not answer.
func FreeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// serve starts a stand-in server on a free loopback port, waits until it
// answers HTTP at probe, and stops it when the test ends. args gets the
// address to listen on. It returns the base URL. A server that exits or
// does not answer within wait fails the test with its output.
func serve(t testing.TB, name, bin string, args func(addr string) []string, probe string, wait time.Duration) string {
	t.Helper()
	addr := FreeAddr(t)
	cmd := exec.Command(bin, args(addr)...)
	var out lockedBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	base := "http://" + addr
	deadline := time.Now().Add(wait)
	for {
		// Any answer means it serves.
		res, err := http.Get(base + probe)
		if err == nil {
			res.Body.Close()
			return base
		}
		select {
		case <-exited:
			t.Fatalf("%s exited before answering on %s:\n%s", name, addr, out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not answer on %s: %v\n%s", name, addr, err, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// lockedBuffer keeps the last 64 KiB of a process's output for a failure
// message.
type lockedBuffer struct {
	mu  sync.Mutex
	buf []byte
}

const keepOutput = 64 << 10

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if len(b.buf) > keepOutput {
		b.buf = append(b.buf[:0], b.buf[len(b.buf)-keepOutput:]...)
	}
	return len(p), nil
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}
