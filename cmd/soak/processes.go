package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/schema"
)

// process is a server the soak started, its output in a file.
type process struct {
	name   string
	cmd    *exec.Cmd
	log    string
	exited chan struct{}
}

// startProcess runs bin with args and the soak's environment, its output
// into dir/name.log, and waits until base+probe answers.
func startProcess(name, dir, bin string, args []string, base, probe string, wait time.Duration) (*process, error) {
	logPath := filepath.Join(dir, name+".log")
	f, err := os.Create(logPath)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = f, f
	if err := cmd.Start(); err != nil {
		f.Close()
		return nil, fmt.Errorf("start %s (%s): %w", name, bin, err)
	}
	p := &process{name: name, cmd: cmd, log: logPath, exited: make(chan struct{})}
	go func() {
		_ = cmd.Wait()
		f.Close()
		close(p.exited)
	}()
	deadline := time.Now().Add(wait)
	for {
		res, err := http.Get(base + probe)
		if err == nil {
			res.Body.Close()
			return p, nil
		}
		select {
		case <-p.exited:
			return nil, fmt.Errorf("%s exited before answering on %s:\n%s", name, base, tail(logPath))
		default:
		}
		if time.Now().After(deadline) {
			p.stop()
			return nil, fmt.Errorf("%s did not answer on %s within %s:\n%s", name, base, wait, tail(logPath))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// stop asks the process to end (SIGTERM), then kills it after 30 s.
func (p *process) stop() {
	_ = p.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-p.exited:
	case <-time.After(30 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.exited
	}
}

// alive reports an error when the process has exited.
func (p *process) alive() error {
	select {
	case <-p.exited:
		return fmt.Errorf("%s exited:\n%s", p.name, tail(p.log))
	default:
		return nil
	}
}

// tail is the end of a log file, for an error message.
func tail(path string) string {
	b, _ := os.ReadFile(path)
	const keep = 4 << 10
	if len(b) > keep {
		b = b[len(b)-keep:]
	}
	return string(b)
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// freshDatabases makes empty PostgreSQL and ClickHouse databases named name
// (dropping what has that name), points the environment at them, and
// returns a function that drops them. ClickHouse is reached as its
// administrator, who makes the database; the server runs as it too.
func freshDatabases(ctx context.Context, name string) (drop func(), err error) {
	pgURL := os.Getenv("DATABASE_URL")
	if pgURL == "" {
		pgURL = "postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable&connect_timeout=10"
	}
	admin, err := pgx.Connect(ctx, pgURL)
	if err != nil {
		return nil, fmt.Errorf("PostgreSQL: %w", err)
	}
	defer admin.Close(ctx)
	ident := pgx.Identifier{name}.Sanitize()
	if _, err := admin.Exec(ctx, `DROP DATABASE IF EXISTS `+ident+` WITH (FORCE)`); err != nil {
		return nil, fmt.Errorf("drop PostgreSQL database %s: %w", name, err)
	}
	if _, err := admin.Exec(ctx, `CREATE DATABASE `+ident); err != nil {
		return nil, fmt.Errorf("create PostgreSQL database %s: %w", name, err)
	}
	cfg := admin.Config()
	dbURL := fmt.Sprintf("postgres://%s@%s:%d/%s?sslmode=disable&connect_timeout=10", cfg.User, cfg.Host, cfg.Port, name)
	if cfg.Password != "" {
		dbURL = fmt.Sprintf("postgres://%s:%s@%s:%d/%s?sslmode=disable&connect_timeout=10", cfg.User, cfg.Password, cfg.Host, cfg.Port, name)
	}

	chAddr := os.Getenv("CLICKHOUSE_ADDR")
	if chAddr == "" {
		chAddr = "127.0.0.1:9000"
	}
	chUser, chPassword := store.AdminCredentials(chAddr, os.LookupEnv)
	ch, err := store.OpenClickHouse(ctx, store.ClickHouseOptions{Addr: chAddr, Database: "default", User: chUser, Password: chPassword})
	if err != nil {
		return nil, fmt.Errorf("ClickHouse as %s: %w", chUser, err)
	}
	defer ch.Close()
	for _, db := range []string{schema.AnalyticsDatabase(name), name} {
		if err := ch.Exec(ctx, "DROP DATABASE IF EXISTS "+db); err != nil {
			return nil, fmt.Errorf("drop ClickHouse database %s: %w", db, err)
		}
	}
	if err := ch.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return nil, fmt.Errorf("create ClickHouse database %s: %w", name, err)
	}
	for k, v := range map[string]string{
		"DATABASE_URL": dbURL, "CLICKHOUSE_ADDR": chAddr, "CLICKHOUSE_DATABASE": name,
		"CLICKHOUSE_USER": chUser, "CLICKHOUSE_PASSWORD": chPassword,
	} {
		os.Setenv(k, v)
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if admin, err := pgx.Connect(ctx, pgURL); err == nil {
			_, _ = admin.Exec(ctx, `DROP DATABASE IF EXISTS `+ident+` WITH (FORCE)`)
			admin.Close(ctx)
		}
		if ch, err := store.OpenClickHouse(ctx, store.ClickHouseOptions{Addr: chAddr, Database: "default", User: chUser, Password: chPassword}); err == nil {
			// the analytics database's views read the other: it goes first
			_ = ch.Exec(ctx, "DROP DATABASE IF EXISTS "+schema.AnalyticsDatabase(name))
			_ = ch.Exec(ctx, "DROP DATABASE IF EXISTS "+name)
			ch.Close()
		}
	}, nil
}

// loadavg is the machine's load average over 1, 5 and 15 minutes.
func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
