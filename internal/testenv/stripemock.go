package testenv

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// StripeMockModule is the stripe-mock release the tests and `make run` use.
const StripeMockModule = "github.com/stripe/stripe-mock@v0.203.0"

var (
	stripeMockOnce sync.Once
	stripeMockBin  string
	stripeMockErr  error
)

// StripeMock starts stripe-mock on a free loopback port and returns its base
// URL, installing it with `go install` when missing; it stops with the test.
func StripeMock(t testing.TB) string {
	t.Helper()
	stripeMockOnce.Do(func() { stripeMockBin, stripeMockErr = findStripeMock() })
	if stripeMockErr != nil {
		t.Fatal(stripeMockErr)
	}
	return serve(t, "stripe-mock", stripeMockBin, func(addr string) []string {
		// Its HTTPS listener (unused) takes a port of its own choosing too.
		return []string{"-http-addr", addr, "-https-addr", "127.0.0.1:"}
	}, "/v1/customers", 2*time.Minute) // a 401 without a key is an answer; a loaded machine loads its spec slowly
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
