package analyst

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"time"

	"github.com/reeltrack/reeltrack/internal/store"
)

// UsersDir is where the local ClickHouse reads extra users configs.
const UsersDir = "/etc/clickhouse-server/users.d"

// UserFor names the analyst user of a test or bench of database db.
func UserFor(db string) string { return "analyst_" + db }

// Installed is an analyst user of its own, installed by Install.
type Installed struct {
	Options store.ClickHouseOptions // log in as the user, database its analytics database
	File    string                  // the users config in UsersDir
}

// Remove deletes the user's config; ClickHouse drops the user on reread.
func (i *Installed) Remove() error {
	if err := os.Remove(i.File); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	return nil
}

// Install makes a ClickHouse user with the analyst's profile and quota,
// reading only analyticsDB, and waits until it is loaded (needs root).
func Install(ctx context.Context, addr, user, analyticsDB string) (*Installed, error) {
	return InstallIn(ctx, UsersDir, []string{addr}, user, analyticsDB)
}

// InstallIn is Install for servers reading their users configs from dir.
func InstallIn(ctx context.Context, dir string, addrs []string, user, analyticsDB string) (*Installed, error) {
	if err := CheckUsersDir(dir); err != nil {
		return nil, fmt.Errorf("analyst user %s: %w", user, err)
	}
	removeStale(dir, time.Hour)

	script, err := renderScript()
	if err != nil {
		return nil, err
	}
	var b [16]byte
	_, _ = rand.Read(b[:])
	password := hex.EncodeToString(b[:])
	file := filepath.Join(dir, "reeltrack-analyst-"+user+".xml")
	cmd := exec.CommandContext(ctx, "sh", script, file)
	cmd.Env = append(os.Environ(),
		"CLICKHOUSE_ANALYST_PASSWORD="+password,
		"CLICKHOUSE_ANALYST_USER="+user,
		"CLICKHOUSE_ANALYST_DATABASE="+analyticsDB,
		"CLICKHOUSE_ANALYST_NETWORKS=::1,127.0.0.1",
	)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("analyst user %s: %s: %v\n%s", user, script, err, out)
	}
	in := &Installed{
		Options: store.ClickHouseOptions{Addr: addrs[0], Database: analyticsDB, User: user, Password: password},
		File:    file,
	}
	for _, addr := range addrs {
		on := *in
		on.Options.Addr = addr
		if err := on.wait(ctx); err != nil {
			_ = in.Remove()
			return nil, err
		}
	}
	return in, nil
}

func (i *Installed) wait(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	var last error
	for {
		last = i.loaded(ctx)
		if last == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("analyst user %s (%s) is not in effect on %s after 60 s; check that ClickHouse reads %s: %w", i.Options.User, i.File, i.Options.Addr, filepath.Dir(i.File), last)
		case <-time.After(300 * time.Millisecond):
		}
	}
}

func (i *Installed) loaded(ctx context.Context) error {
	conn, err := store.OpenClickHouse(ctx, i.Options)
	if err != nil {
		return err
	}
	defer conn.Close()
	var readonly, maxTime string
	err = conn.QueryRow(ctx, `SELECT anyIf(value, name = 'readonly'), anyIf(value, name = 'max_execution_time') FROM system.settings`).Scan(&readonly, &maxTime)
	if err != nil {
		return err
	}
	if readonly != "1" || maxTime != "30" {
		return fmt.Errorf("session has readonly %s, max_execution_time %s: not the analyst profile yet", readonly, maxTime)
	}
	return nil
}

func renderScript() (string, error) {
	const rel = "deploy/clickhouse/render-analyst-users.sh"
	var tried []string
	if _, file, _, ok := runtime.Caller(0); ok {
		p := filepath.Join(filepath.Dir(file), "..", "..", rel)
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		tried = append(tried, p)
	}
	if dir, err := os.Getwd(); err == nil {
		for {
			p := filepath.Join(dir, rel)
			if _, err := os.Stat(p); err == nil {
				return p, nil
			}
			tried = append(tried, p)
			parent := filepath.Dir(dir)
			if parent == dir {
				break
			}
			dir = parent
		}
	}
	return "", fmt.Errorf("cannot find %s (tried %v): run from the repository", rel, tried)
}

// removeStale: a test killed before its cleanup leaves its config behind.
func removeStale(dir string, age time.Duration) {
	files, _ := filepath.Glob(filepath.Join(dir, "reeltrack-analyst-"+UserFor("rt_")+"*.xml"))
	for _, f := range files {
		if st, err := os.Stat(f); err == nil && time.Since(st.ModTime()) > age {
			_ = os.Remove(f)
		}
	}
}

// CheckUsersDir reports why users cannot be installed into dir.
func CheckUsersDir(dir string) error {
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("%s is missing: it needs the local ClickHouse of `make services` (or the cluster of `make cluster`)", dir)
	}
	probe, err := os.CreateTemp(dir, ".reeltrack-probe-*")
	if err != nil {
		return fmt.Errorf("cannot write into %s (%v): run as root, like `make services`", dir, err)
	}
	probe.Close()
	return os.Remove(probe.Name())
}
