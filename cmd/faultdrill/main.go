// Command faultdrill measures how the server answers while its servers fail.
// It starts a PostgreSQL cluster and a Redis of its own on their own ports
// and data directories (never touching the machine's), starts bin/server
// against them and the local ClickHouse, keeps a load of dashboard requests
// running, and in turn freezes PostgreSQL (SIGSTOP), restarts it at once
// (kill -9 of its processes, then start again), freezes Redis and stops it. It
// prints, per phase, the answers by status and the latency percentiles.
//
//	make faultdrill     # builds bin/server and bin/faultdrill, then runs it
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/reeltrack/reeltrack/internal/store"
)

type options struct {
	server    string
	dir       string
	pgBin     string
	pgPort    int
	redisPort int
	httpAddr  string
	workers   int
	phase     time.Duration
}

func main() {
	var o options
	flag.StringVar(&o.server, "server", "bin/server", "the server binary")
	flag.StringVar(&o.dir, "dir", filepath.Join(os.TempDir(), "reeltrack-faultdrill"), "data directory of the drill's own servers")
	flag.StringVar(&o.pgBin, "pg-bin", "", "PostgreSQL's bin directory (default: the newest under /usr/lib/postgresql)")
	flag.IntVar(&o.pgPort, "pg-port", 25432, "port of the drill's PostgreSQL")
	flag.IntVar(&o.redisPort, "redis-port", 26379, "port of the drill's Redis")
	flag.StringVar(&o.httpAddr, "http", "127.0.0.1:28080", "address of the drill's server")
	flag.IntVar(&o.workers, "workers", 8, "concurrent clients")
	flag.DurationVar(&o.phase, "phase", 8*time.Second, "length of each phase")
	flag.Parse()
	if err := run(o); err != nil {
		fmt.Fprintln(os.Stderr, "faultdrill:", err)
		os.Exit(1)
	}
}

func run(o options) error {
	if o.pgBin == "" {
		dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
		if len(dirs) == 0 {
			return errors.New("no PostgreSQL binaries under /usr/lib/postgresql: set -pg-bin")
		}
		slices.Sort(dirs)
		o.pgBin = dirs[len(dirs)-1]
	}
	os.RemoveAll(o.dir)
	pg := &postgres{bin: o.pgBin, data: filepath.Join(o.dir, "pg"), port: o.pgPort}
	if err := pg.init(); err != nil {
		return err
	}
	if err := pg.start(); err != nil {
		return err
	}
	defer pg.stop()
	rds := &redisServer{port: o.redisPort, dir: filepath.Join(o.dir, "redis")}
	if err := rds.start(); err != nil {
		return err
	}
	defer rds.stop()

	// The drill's database is not the service's: the server runs as the
	// administrator, who makes it.
	chAddr := os.Getenv("CLICKHOUSE_ADDR")
	if chAddr == "" {
		chAddr = "127.0.0.1:9000"
	}
	chUser, chPassword := store.AdminCredentials(chAddr, os.LookupEnv)
	chAdmin, err := store.OpenClickHouse(context.Background(), store.ClickHouseOptions{Addr: chAddr, Database: "default", User: chUser, Password: chPassword})
	if err != nil {
		return fmt.Errorf("ClickHouse as %s: %w", chUser, err)
	}
	defer chAdmin.Close()
	if err := chAdmin.Exec(context.Background(), "CREATE DATABASE IF NOT EXISTS faultdrill"); err != nil {
		return fmt.Errorf("create the ClickHouse database: %w", err)
	}
	defer func() {
		// best effort; the analytics database's views read the other
		_ = chAdmin.Exec(context.Background(), "DROP DATABASE IF EXISTS faultdrill_analytics")
		_ = chAdmin.Exec(context.Background(), "DROP DATABASE IF EXISTS faultdrill")
	}()

	srv := exec.Command(o.server)
	srv.Env = append(os.Environ(),
		"HTTP_ADDR="+o.httpAddr,
		"PUBLIC_BASE_URL=http://"+o.httpAddr,
		fmt.Sprintf("DATABASE_URL=postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable&connect_timeout=3", o.pgPort),
		fmt.Sprintf("REDIS_URL=redis://127.0.0.1:%d/0", o.redisPort),
		"CLICKHOUSE_ADDR="+chAddr, "CLICKHOUSE_USER="+chUser, "CLICKHOUSE_PASSWORD="+chPassword,
		"CLICKHOUSE_DATABASE=faultdrill", "SCRAPER_TOKEN=", "STRIPE_SECRET_KEY=", "SCHEDULER_INTERVAL=", "LOG_LEVEL=error",
		"RATE_LIMIT_USER_PER_MINUTE=1000000",
		// no metrics listener: `make run` may hold its default address
		"METRICS_ADDR=")
	srv.Stdout, srv.Stderr = io.Discard, os.Stderr
	if err := srv.Start(); err != nil {
		return fmt.Errorf("start %s: %w", o.server, err)
	}
	defer func() { _ = srv.Process.Signal(syscall.SIGTERM); _ = srv.Wait() }()
	base := "http://" + o.httpAddr
	if err := waitHTTP(base+"/healthz", 60*time.Second); err != nil {
		return err
	}
	client, err := session(base)
	if err != nil {
		return err
	}

	type phase struct {
		name        string
		begin, tidy func() error
	}
	phases := []phase{
		{name: "healthy"},
		{name: "PostgreSQL frozen (SIGSTOP)", begin: pg.freeze, tidy: pg.thaw},
		{name: "after the freeze"},
		{name: "PostgreSQL killed (-9), down", begin: pg.kill, tidy: pg.start},
		{name: "after the restart"},
		{name: "Redis frozen (SIGSTOP)", begin: rds.freeze, tidy: rds.thaw},
		{name: "Redis stopped (refusing)", begin: rds.stop, tidy: rds.start},
		{name: "healthy again"},
	}
	routes := []string{"/api/workspace/team", "/api/accounts", "/api/videos", "/api/alerts"}
	fmt.Printf("%d clients, %s per phase, routes %s; load average at start: %s\n\n", o.workers, o.phase, strings.Join(routes, " "), loadavg())
	fmt.Println("| phase | answers | 2xx | 503 (with Retry-After) | other 5xx | p50 ms | p95 ms | max ms |")
	fmt.Println("|---|---:|---:|---:|---:|---:|---:|---:|")
	for _, p := range phases {
		var rec recorder
		if p.begin != nil {
			if err := p.begin(); err != nil {
				return fmt.Errorf("%s: %w", p.name, err)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), o.phase)
		var wg sync.WaitGroup
		for w := range o.workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := w; ctx.Err() == nil; i++ {
					rec.do(client, base+routes[i%len(routes)])
				}
			}()
		}
		wg.Wait()
		cancel()
		if p.tidy != nil {
			if err := p.tidy(); err != nil {
				return fmt.Errorf("%s: %w", p.name, err)
			}
		}
		fmt.Println(rec.row(p.name))
	}
	fmt.Printf("\nload average at the end: %s\n", loadavg())
	return nil
}

type recorder struct {
	mu        sync.Mutex
	latencies []time.Duration
	ok, u503  int
	retryless int
	other5xx  int
	failed    int
}

func (r *recorder) do(c *http.Client, url string) {
	start := time.Now()
	res, err := c.Get(url)
	took := time.Since(start)
	r.mu.Lock()
	defer r.mu.Unlock()
	r.latencies = append(r.latencies, took)
	if err != nil {
		r.failed++
		return
	}
	io.Copy(io.Discard, res.Body) //nolint:errcheck // only the status matters
	res.Body.Close()
	switch {
	case res.StatusCode < 300:
		r.ok++
	case res.StatusCode == 503:
		r.u503++
		if res.Header.Get("Retry-After") == "" {
			r.retryless++
		}
	case res.StatusCode >= 500:
		r.other5xx++
	}
}

func (r *recorder) row(name string) string {
	slices.Sort(r.latencies)
	pct := func(p float64) float64 {
		if len(r.latencies) == 0 {
			return 0
		}
		return float64(r.latencies[min(len(r.latencies)-1, int(p*float64(len(r.latencies))))].Microseconds()) / 1000
	}
	u := strconv.Itoa(r.u503)
	if r.retryless > 0 {
		u += fmt.Sprintf(" (%d without)", r.retryless)
	}
	other := strconv.Itoa(r.other5xx)
	if r.failed > 0 {
		other += fmt.Sprintf(" + %d no answer", r.failed)
	}
	return fmt.Sprintf("| %s | %d | %d | %s | %s | %.1f | %.1f | %.1f |", name, len(r.latencies), r.ok, u, other,
		pct(0.5), pct(0.95), pct(1))
}

func session(base string) (*http.Client, error) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	body, _ := json.Marshal(map[string]string{"email": fmt.Sprintf("drill-%d@example.com", time.Now().UnixNano()), "password": "correct horse"})
	for _, step := range []struct {
		path string
		body []byte
	}{{"/api/auth/signup", body}, {"/api/workspace/bootstrap", nil}} {
		req, _ := http.NewRequest("POST", base+step.path, bytes.NewReader(step.body))
		if step.body != nil {
			req.Header.Set("Content-Type", "application/json")
		}
		res, err := c.Do(req)
		if err != nil {
			return nil, err
		}
		res.Body.Close()
		if res.StatusCode != 200 {
			return nil, fmt.Errorf("%s: %d", step.path, res.StatusCode)
		}
	}
	return c, nil
}

func waitHTTP(url string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if res, err := http.Get(url); err == nil {
			res.Body.Close()
			return nil
		}
		time.Sleep(200 * time.Millisecond)
	}
	return fmt.Errorf("%s did not answer within %s", url, limit)
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}

// postgres is the drill's own PostgreSQL cluster, run as the postgres user.
type postgres struct {
	bin, data string
	port      int
}

func (p *postgres) asPostgres(name string, args ...string) error {
	cmd := exec.Command("runuser", append([]string{"-u", "postgres", "--", filepath.Join(p.bin, name)}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %w: %s", name, strings.Join(args, " "), err, out)
	}
	return nil
}

func (p *postgres) init() error {
	if err := os.MkdirAll(p.data, 0o700); err != nil {
		return err
	}
	if err := exec.Command("chown", "-R", "postgres:postgres", filepath.Dir(p.data)).Run(); err != nil {
		return fmt.Errorf("chown %s: %w", p.data, err)
	}
	return p.asPostgres("initdb", "-D", p.data, "-A", "trust", "-U", "postgres", "--no-sync")
}

func (p *postgres) start() error {
	return p.asPostgres("pg_ctl", "-D", p.data, "-l", filepath.Join(p.data, "log"), "-w", "-o",
		fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off", p.port, p.data), "start")
}

func (p *postgres) stop() error {
	return p.asPostgres("pg_ctl", "-D", p.data, "-m", "immediate", "stop")
}

func (p *postgres) pids() ([]int, error) {
	b, err := os.ReadFile(filepath.Join(p.data, "postmaster.pid"))
	if err != nil {
		return nil, err
	}
	main, err := strconv.Atoi(strings.TrimSpace(strings.SplitN(string(b), "\n", 2)[0]))
	if err != nil {
		return nil, err
	}
	out, _ := exec.Command("pgrep", "-P", strconv.Itoa(main)).Output()
	pids := []int{main}
	for _, f := range strings.Fields(string(out)) {
		if n, err := strconv.Atoi(f); err == nil {
			pids = append(pids, n)
		}
	}
	return pids, nil
}

func (p *postgres) signal(sig syscall.Signal) error {
	pids, err := p.pids()
	if err != nil {
		return err
	}
	for _, pid := range pids {
		_ = syscall.Kill(pid, sig)
	}
	return nil
}

func (p *postgres) freeze() error { return p.signal(syscall.SIGSTOP) }
func (p *postgres) thaw() error   { return p.signal(syscall.SIGCONT) }

// kill ends every process of the cluster at once, as a crash, and clears what
// a killed postmaster leaves behind so start works again.
func (p *postgres) kill() error {
	if err := p.signal(syscall.SIGKILL); err != nil {
		return err
	}
	time.Sleep(500 * time.Millisecond)
	for _, f := range []string{"postmaster.pid", fmt.Sprintf(".s.PGSQL.%d.lock", p.port), fmt.Sprintf(".s.PGSQL.%d", p.port)} {
		os.Remove(filepath.Join(p.data, f))
	}
	return nil
}

type redisServer struct {
	port int
	dir  string
	cmd  *exec.Cmd
}

func (r *redisServer) start() error {
	if err := os.MkdirAll(r.dir, 0o755); err != nil {
		return err
	}
	r.cmd = exec.Command("redis-server", "--port", strconv.Itoa(r.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", r.dir)
	if err := r.cmd.Start(); err != nil {
		return fmt.Errorf("start redis-server: %w", err)
	}
	time.Sleep(300 * time.Millisecond)
	return nil
}

func (r *redisServer) stop() error {
	if r.cmd == nil || r.cmd.Process == nil {
		return nil
	}
	_ = r.cmd.Process.Signal(syscall.SIGCONT)
	_ = r.cmd.Process.Kill()
	_ = r.cmd.Wait()
	r.cmd = nil
	return nil
}

func (r *redisServer) freeze() error { return r.cmd.Process.Signal(syscall.SIGSTOP) }
func (r *redisServer) thaw() error   { return r.cmd.Process.Signal(syscall.SIGCONT) }
