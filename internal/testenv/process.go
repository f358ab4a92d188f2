package testenv

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

// FreeAddr returns a loopback address with a port nothing listens on: for a
// server a test starts, or for one that must not answer.
func FreeAddr(t testing.TB) string {
	t.Helper()
	addr, err := freeAddr()
	if err != nil {
		t.Fatal(err)
	}
	return addr
}

// freeAddr is FreeAddr for a server the whole process shares.
func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func serve(t testing.TB, name, bin string, args func(addr string) []string, probe string, wait time.Duration) string {
	t.Helper()
	return Serve(t, Process{Name: name, Binary: bin, Args: args, Probe: probe, Wait: wait})
}

// Process is a server a test runs as a process of its own.
type Process struct {
	Name   string
	Binary string
	// Args gets the loopback address the process is to listen on.
	Args func(addr string) []string
	// Env, when set, is added to the test's environment.
	Env   func(addr string) []string
	Probe string
	Wait  time.Duration
}

// Serve starts p on a free loopback port, waits until it answers at p.Probe,
// and stops it when the test ends; it returns the base URL.
func Serve(t testing.TB, p Process) string {
	t.Helper()
	r, err := start(p, FreeAddr(t))
	if r != nil {
		t.Cleanup(func() {
			r.stop()
			if t.Failed() {
				t.Logf("%s's output (the last %d KiB):\n%s", p.Name, keepOutput>>10, r.out.String())
			}
		})
	}
	if err != nil {
		t.Fatal(err)
	}
	return r.base
}

// running is a started Process.
type running struct {
	base   string
	out    *LogBuffer
	cmd    *exec.Cmd
	exited chan struct{}
}

// stop kills the process and waits for it to exit.
func (r *running) stop() {
	_ = r.cmd.Process.Kill()
	<-r.exited
}

// start runs p on addr and waits until it answers at p.Probe; when the
// process started but did not answer, r is set (to stop it) beside err.
func start(p Process, addr string) (r *running, err error) {
	var args []string
	if p.Args != nil {
		args = p.Args(addr)
	}
	cmd := exec.Command(p.Binary, args...)
	if p.Env != nil {
		cmd.Env = append(os.Environ(), p.Env(addr)...)
	}
	out := &LogBuffer{Keep: keepOutput}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	r = &running{base: "http://" + addr, out: out, cmd: cmd, exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		close(r.exited)
	}()
	deadline := time.Now().Add(p.Wait)
	for {
		res, err := http.Get(r.base + p.Probe)
		if err == nil {
			res.Body.Close()
			return r, nil
		}
		select {
		case <-r.exited:
			return r, fmt.Errorf("%s exited before answering on %s:\n%s", p.Name, addr, out.String())
		default:
		}
		if time.Now().After(deadline) {
			return r, fmt.Errorf("%s did not answer on %s: %v\n%s", p.Name, addr, err, out.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// LogBuffer is an output sink safe for concurrent writes, keeping the last
// Keep bytes (all when Keep is 0).
type LogBuffer struct {
	Keep int
	mu   sync.Mutex
	buf  []byte
}

// keepOutput is how much of a process's output a failure message shows.
const keepOutput = 64 << 10

func (b *LogBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	if b.Keep > 0 && len(b.buf) > b.Keep {
		b.buf = append(b.buf[:0], b.buf[len(b.buf)-b.Keep:]...)
	}
	return len(p), nil
}

func (b *LogBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}

var (
	buildsMu sync.Mutex
	builds   = map[string]*built{}
)

type built struct {
	once sync.Once
	bin  string
	err  error
}

// Build compiles the command pkg (as "./cmd/server") once per test process.
func Build(t testing.TB, pkg string) string {
	t.Helper()
	bin, err := build(pkg)
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

func build(pkg string) (string, error) {
	buildsMu.Lock()
	b, ok := builds[pkg]
	if !ok {
		b = &built{}
		builds[pkg] = b
	}
	buildsMu.Unlock()
	b.once.Do(func() {
		// make test builds the commands the tests run once, for every test
		// process of the run (TEST_BINARIES), instead of each linking its own.
		if dir := os.Getenv("TEST_BINARIES"); dir != "" {
			p := filepath.Join(dir, filepath.Base(pkg))
			if _, err := os.Stat(p); err == nil {
				b.bin = p
				return
			}
		}
		dir, err := os.MkdirTemp("", "reeltrack-build")
		if err != nil {
			b.err = err
			return
		}
		b.bin = filepath.Join(dir, filepath.Base(pkg))
		cmd := exec.Command("go", "build", "-o", b.bin, pkg)
		cmd.Dir = Root()
		if out, err := cmd.CombinedOutput(); err != nil {
			b.err = fmt.Errorf("build %s: %v\n%s", pkg, err, out)
		}
	})
	return b.bin, b.err
}

// Root is the repository's root folder.
func Root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..")
}

// Patience bounds a test's wait for a condition that a loaded machine
// reaches late (a job processed, a server up, callers arrived): the wait
// polls and returns as soon as the condition holds, so only a failure
// waits this long.
const Patience = 2 * time.Minute
