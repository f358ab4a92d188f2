package testenv

import (
	"fmt"
	"io"
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

var (
	simBuild    sync.Once
	simBinary   string
	simBuildErr error
)

// ScraperSim starts cmd/scrapersim, the scraping provider's stand-in, on a
// free loopback port with the given extra flags, and returns its base URL.
// It is stopped when the test ends.
func ScraperSim(t testing.TB, flags ...string) string {
	t.Helper()
	simBuild.Do(func() {
		_, file, _, _ := runtime.Caller(0)
		root := filepath.Join(filepath.Dir(file), "..", "..")
		dir, err := os.MkdirTemp("", "scrapersim")
		if err != nil {
			simBuildErr = err
			return
		}
		simBinary = filepath.Join(dir, "scrapersim")
		cmd := exec.Command("go", "build", "-o", simBinary, "./cmd/scrapersim")
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			simBuildErr = fmt.Errorf("build scrapersim: %v\n%s", err, out)
		}
	})
	if simBuildErr != nil {
		t.Fatal(simBuildErr)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	cmd := exec.Command(simBinary, append([]string{"-addr", addr, "-token", "sim-token"}, flags...)...)
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	})
	base := "http://" + addr
	deadline := time.Now().Add(10 * time.Second)
	for {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
			return base
		}
		if time.Now().After(deadline) {
			t.Fatalf("scrapersim did not answer on %s: %v", addr, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
