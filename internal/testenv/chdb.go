package testenv

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// EngineCurrent is the CLICKHOUSE_ENGINE value that runs a test package's
// ClickHouse on the current engine (chDB behind cmd/chdbhttp).
const EngineCurrent = "current"

// CurrentEngine reports whether the package runs on the current engine.
func CurrentEngine() bool {
	return strings.TrimSpace(os.Getenv("CLICKHOUSE_ENGINE")) == EngineCurrent
}

// SkipOnCurrentEngine skips a test about the server, not the SQL, when the
// package runs on the current engine, saying why.
func SkipOnCurrentEngine(t testing.TB, why string) {
	t.Helper()
	if CurrentEngine() {
		t.Skip("not on the current engine (chDB behind cmd/chdbhttp): " + why)
	}
}

// ChDBLibrary is the path of libchdb.so: CHDB_LIB, else where
// `scripts/services.sh chdb` installs it.
func ChDBLibrary() string {
	if p := strings.TrimSpace(os.Getenv("CHDB_LIB")); p != "" {
		return p
	}
	version := "unknown"
	if b, err := os.ReadFile(filepath.Join(Root(), "scripts", "chdb", "package.json")); err == nil {
		var pkg struct {
			Dependencies map[string]string `json:"dependencies"`
		}
		if json.Unmarshal(b, &pkg) == nil && pkg.Dependencies[chdbPackage] != "" {
			version = pkg.Dependencies[chdbPackage]
		}
	}
	cache := os.Getenv("XDG_CACHE_HOME")
	if cache == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			home = "/root"
		}
		cache = filepath.Join(home, ".cache")
	}
	return filepath.Join(cache, "reeltrack", "chdb-"+version, "node_modules", chdbPackage, "libchdb.so")
}

const chdbPackage = "@chdb/lib-linux-x64-gnu"

// StartCurrentEngine starts cmd/chdbhttp on a free loopback port and returns
// its address and a stop function.
func StartCurrentEngine(ctx context.Context) (string, func(), error) {
	return startCurrentEngine(ctx)
}

// StartCurrentEngineAs runs every query as the `default` of the users config
// at usersFile, read once at start, so a test can check grants.
func StartCurrentEngineAs(ctx context.Context, usersFile string) (string, func(), error) {
	return startCurrentEngine(ctx, "-users", usersFile)
}

func startCurrentEngine(ctx context.Context, args ...string) (string, func(), error) {
	lib := ChDBLibrary()
	if _, err := os.Stat(lib); err != nil {
		return "", nil, fmt.Errorf("the current ClickHouse engine (chDB) is not installed at %s: run `make chdb` (scripts/services.sh chdb)", lib)
	}
	bin, err := build("./cmd/chdbhttp")
	if err != nil {
		return "", nil, err
	}
	data, err := os.MkdirTemp("", "reeltrack-chdb")
	if err != nil {
		return "", nil, err
	}
	// the server inherits the bound socket: a port released before the
	// engine has loaded could be taken by another test's server meanwhile
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		os.RemoveAll(data)
		return "", nil, err
	}
	addr := ln.Addr().String()
	sock, err := ln.(*net.TCPListener).File()
	ln.Close()
	if err != nil {
		os.RemoveAll(data)
		return "", nil, err
	}
	cmd := exec.Command(bin, append([]string{"-addr", addr, "-listen-fd", "3", "-path", data, "-lib", lib}, args...)...)
	cmd.ExtraFiles = []*os.File{sock}
	out := LogBuffer{Keep: keepOutput}
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Start()
	sock.Close()
	if err != nil {
		os.RemoveAll(data)
		return "", nil, err
	}
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	stop := func() {
		_ = cmd.Process.Signal(os.Interrupt)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
		os.RemoveAll(data)
	}
	base := "http://" + addr
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	for {
		// the socket queues the ping until the engine has loaded
		res, err := (&http.Client{Timeout: 10 * time.Second}).Get(base + "/ping")
		if err == nil {
			res.Body.Close()
			// another server's answer is not the engine's
			if res.StatusCode == http.StatusOK {
				return base, stop, nil
			}
		}
		select {
		case <-exited:
			os.RemoveAll(data)
			return "", nil, fmt.Errorf("chdbhttp exited before answering on %s:\n%s", addr, out.String())
		case <-ctx.Done():
			stop()
			return "", nil, errors.Join(fmt.Errorf("chdbhttp did not answer on %s:\n%s", addr, out.String()), ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}
