package testenv

import (
	"bytes"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// StripeMockModule is the stripe-mock release the tests and `make run` use
// (the Makefile installs the same one).
const StripeMockModule = "github.com/stripe/stripe-mock@v0.203.0"

var (
	stripeMockOnce sync.Once
	stripeMockBin  string
	stripeMockErr  error
)

// StripeMock starts stripe-mock, Stripe's API stand-in, on a free loopback
// port and returns its base URL; it is stopped when the test ends. The
// binary is taken from PATH or GOPATH/bin, and installed with `go install`
// when it is in neither.
func StripeMock(t testing.TB) string {
	t.Helper()
	stripeMockOnce.Do(func() { stripeMockBin, stripeMockErr = findStripeMock() })
	if stripeMockErr != nil {
		t.Fatal(stripeMockErr)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	// Its HTTPS listener (unused) takes a port of its own choosing too.
	cmd := exec.Command(stripeMockBin, "-http-addr", addr, "-https-addr", "127.0.0.1:")
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
	deadline := time.Now().Add(20 * time.Second)
	for {
		// Any answer, even the 401 of a request without a key, means it serves.
		res, err := http.Get(base + "/v1/customers")
		if err == nil {
			res.Body.Close()
			return base
		}
		select {
		case <-exited:
			t.Fatalf("stripe-mock exited before answering on %s:\n%s", addr, out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("stripe-mock did not answer on %s: %v\n%s", addr, err, out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// lockedBuffer collects a process's output for a failure message.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func findStripeMock() (string, error) {
	if p, err := exec.LookPath("stripe-mock"); err == nil {
		return p, nil
	}
	out, err := exec.Command("go", "env", "GOPATH").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOPATH: %w", err)
	}
	gopath := strings.Split(strings.TrimSpace(string(out)), string(os.PathListSeparator))[0]
	bin := filepath.Join(gopath, "bin", "stripe-mock")
	if _, err := os.Stat(bin); err == nil {
		return bin, nil
	}
	install := exec.Command("go", "install", StripeMockModule)
	install.Env = append(os.Environ(), "GOBIN="+filepath.Dir(bin))
	if out, err := install.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go install %s: %v\n%s", StripeMockModule, err, out)
	}
	return bin, nil
}
