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

// stripeMock is the test process's stripe-mock, started by the first test
// that asks for it.
var stripeMock struct {
	once sync.Once
	base string
	err  error
}

// StripeMock returns the base URL of the test process's stripe-mock, on a
// free loopback port, installing it with `go install` when missing. It
// keeps no state between requests, so the process's tests share it (each
// would otherwise load Stripe's whole API description again); Main stops
// it when the tests end.
func StripeMock(t testing.TB) string {
	t.Helper()
	stripeMock.once.Do(func() {
		bin, err := findStripeMock()
		if err != nil {
			stripeMock.err = err
			return
		}
		addr, err := freeAddr()
		if err != nil {
			stripeMock.err = err
			return
		}
		r, err := start(Process{
			Name: "stripe-mock", Binary: bin,
			// Its HTTPS listener (unused) takes a port of its own choosing too.
			Args:  func(addr string) []string { return []string{"-http-addr", addr, "-https-addr", "127.0.0.1:"} },
			Probe: "/v1/customers", // a 401 without a key is an answer
			Wait:  2 * time.Minute, // a loaded machine loads its spec slowly
		}, addr)
		if r != nil {
			atExit(r.stop)
			stripeMock.base = r.base
		}
		stripeMock.err = err
	})
	if stripeMock.err != nil {
		t.Fatal(stripeMock.err)
	}
	return stripeMock.base
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
