package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/auth"
)

type stats struct {
	N             int
	P50, P95, P99 time.Duration
	PerSec        float64 // requests per second of wall time; 0 when not measured
	Errors        int
}

// summarize computes nearest-rank percentiles; wall gives the rate (0: none).
func summarize(ds []time.Duration, wall time.Duration) stats {
	s := stats{N: len(ds)}
	if len(ds) == 0 {
		return s
	}
	slices.Sort(ds)
	pct := func(p float64) time.Duration {
		i := int(p*float64(len(ds))+0.999999) - 1
		return ds[min(max(i, 0), len(ds)-1)]
	}
	s.P50, s.P95, s.P99 = pct(0.50), pct(0.95), pct(0.99)
	if wall > 0 {
		s.PerSec = float64(len(ds)) / wall.Seconds()
	}
	return s
}

// client sends the dashboard's requests as a workspace's owner.
type client struct {
	base   string
	cookie string
	http   *http.Client
	db     *pgxpool.Pool
	ws     uuid.UUID
	// forget makes invalidate also bump the history version, as a late scrape
	// does, and cold wait for the server's background work after each request
	forget bool
	settle func()
	// before, when set, runs before each cold request, after the invalidation.
	before func(context.Context) error
}

func newClient(base string, tokens *auth.Tokens, ws workspace, db *pgxpool.Pool, conns int) (*client, error) {
	tok, sess, err := tokens.Issue(ws.Owner, ws.Email)
	if err != nil {
		return nil, err
	}
	// The session is recorded as the login route records it, so every
	// request checks it as a signed-in user's.
	if _, err := db.Exec(context.Background(), `INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)`,
		sess.ID, sess.UserID, sess.IssuedAt, sess.ExpiresAt); err != nil {
		return nil, fmt.Errorf("record the bench session: %w", err)
	}
	tr := &http.Transport{
		MaxIdleConns:        conns + 8,
		MaxIdleConnsPerHost: conns + 8,
		IdleConnTimeout:     time.Minute,
		DisableCompression:  true,
	}
	return &client{
		base:   base,
		cookie: auth.CookieName + "=" + tok,
		http:   &http.Client{Transport: tr, Timeout: 2 * time.Minute},
		db:     db,
		ws:     ws.ID,
	}, nil
}

var errRouteMissing = fmt.Errorf("route not found")

func (c *client) get(ctx context.Context, path string, body *bytes.Buffer) error {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+path, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Cookie", c.cookie)
	resp, err := c.http.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	body.Reset()
	if _, err := body.ReadFrom(resp.Body); err != nil {
		return fmt.Errorf("GET %s: read body: %w", path, err)
	}
	if resp.StatusCode == http.StatusOK {
		return nil
	}
	var e struct {
		Error struct{ Code, Message string }
	}
	_ = json.Unmarshal(body.Bytes(), &e)
	if resp.StatusCode == http.StatusNotFound && strings.HasPrefix(e.Error.Message, "no route for ") {
		return errRouteMissing
	}
	return fmt.Errorf("GET %s: HTTP %d: %s", path, resp.StatusCode, strings.TrimSpace(body.String()))
}

// invalidate does what a write does to the workspace's cached answers.
func (c *client) invalidate(ctx context.Context) error {
	sql := `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`
	if c.forget {
		sql = `UPDATE workspaces SET data_version = data_version + 1, history_version = history_version + 1 WHERE id = $1`
	}
	if _, err := c.db.Exec(ctx, sql, c.ws); err != nil {
		return fmt.Errorf("bump data version: %w", err)
	}
	return nil
}

// cold measures n requests of path, each after a cache invalidation, one at a
// time: the latency of a cache miss.
func (c *client) cold(ctx context.Context, path string, n int, check func([]byte) error) (stats, error) {
	ds, err := c.coldDurations(ctx, path, n, check)
	if err != nil {
		return stats{}, err
	}
	return summarize(ds, 0), nil
}

func (c *client) coldDurations(ctx context.Context, path string, n int, check func([]byte) error) ([]time.Duration, error) {
	var ds []time.Duration
	var body bytes.Buffer
	for range n {
		if err := c.invalidate(ctx); err != nil {
			return nil, err
		}
		if c.before != nil {
			if err := c.before(ctx); err != nil {
				return nil, err
			}
		}
		t := time.Now()
		if err := c.get(ctx, path, &body); err != nil {
			return nil, err
		}
		ds = append(ds, time.Since(t))
		if c.forget && c.settle != nil {
			c.settle()
		}
		if check != nil {
			if err := check(body.Bytes()); err != nil {
				return nil, fmt.Errorf("GET %s: %w", path, err)
			}
		}
	}
	return ds, nil
}

func (c *client) coldNothingKept(ctx context.Context, path string, n int, check func([]byte) error) (stats, error) {
	c.forget = true
	defer func() { c.forget = false }()
	return c.cold(ctx, path, n, check)
}

// warm measures path answered from the cache: priming, a short warm-up, then
// workers requests in parallel for d.
func (c *client) warm(ctx context.Context, path string, workers int, d time.Duration) (stats, error) {
	var body bytes.Buffer
	if err := c.get(ctx, path, &body); err != nil {
		return stats{}, err
	}
	run := func(d time.Duration, record bool) ([]time.Duration, time.Duration, int, error) {
		var (
			mu       sync.Mutex
			all      []time.Duration
			errs     int
			firstErr error
			wg       sync.WaitGroup
		)
		start := time.Now()
		stop := start.Add(d)
		for range workers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var b bytes.Buffer
				ds := make([]time.Duration, 0, 1<<14)
				nerr := 0
				var ferr error
				for time.Now().Before(stop) && ctx.Err() == nil {
					t := time.Now()
					if err := c.get(ctx, path, &b); err != nil {
						nerr++
						if ferr == nil {
							ferr = err
						}
						continue
					}
					if record {
						ds = append(ds, time.Since(t))
					}
				}
				mu.Lock()
				all = append(all, ds...)
				errs += nerr
				if firstErr == nil {
					firstErr = ferr
				}
				mu.Unlock()
			}()
		}
		wg.Wait()
		return all, time.Since(start), errs, firstErr
	}
	if _, _, _, err := run(d/10, false); err != nil {
		return stats{}, err
	}
	ds, wall, errs, err := run(d, true)
	if err != nil {
		return stats{}, err
	}
	s := summarize(ds, wall)
	s.Errors = errs
	return s, nil
}

func (c *client) export(ctx context.Context, path string, n int) (stats, int, error) {
	var ds []time.Duration
	var body bytes.Buffer
	rows := 0
	for range n {
		if err := c.invalidate(ctx); err != nil {
			return stats{}, 0, err
		}
		t := time.Now()
		if err := c.get(ctx, path, &body); err != nil {
			return stats{}, 0, err
		}
		ds = append(ds, time.Since(t))
		rows = bytes.Count(body.Bytes(), []byte("\n"))
		if b := body.Bytes(); len(b) > 0 && b[len(b)-1] != '\n' {
			rows++
		}
		rows-- // the header
	}
	return summarize(ds, 0), rows, nil
}
