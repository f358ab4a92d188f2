package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strconv"
	"time"
)

// client calls the server's API as the workspace's owner (a session
// cookie) and its cron routes (the cron secret).
type client struct {
	base, cronSecret string
	http             *http.Client
}

func newClient(base, cronSecret string) *client {
	jar, _ := cookiejar.New(nil)
	// a cron round over thousands of items takes long on a loaded machine
	return &client{base: base, cronSecret: cronSecret, http: &http.Client{Jar: jar, Timeout: 10 * time.Minute}}
}

// do sends body (JSON, when not nil) and decodes a 2xx answer into out
// (when not nil); any other status is an error naming the answer.
func (c *client) do(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if len(path) > 10 && path[:10] == "/api/cron/" {
		req.Header.Set("Authorization", "Bearer "+c.cronSecret)
	}
	res, err := c.http.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(res.Body, 64<<20))
	if err != nil {
		return fmt.Errorf("%s %s: %w", method, path, err)
	}
	if res.StatusCode/100 != 2 {
		if len(raw) > 2000 {
			raw = raw[:2000]
		}
		wait, _ := strconv.Atoi(res.Header.Get("Retry-After"))
		return &answerError{route: method + " " + path, status: res.StatusCode, retryAfter: time.Duration(wait) * time.Second, body: string(raw)}
	}
	if out != nil {
		if err := json.Unmarshal(raw, out); err != nil {
			return fmt.Errorf("%s %s: decode the answer: %w", method, path, err)
		}
	}
	return nil
}

// answerError is an answer other than 2xx.
type answerError struct {
	route      string
	status     int
	retryAfter time.Duration
	body       string
}

func (e *answerError) Error() string {
	return fmt.Sprintf("%s answered %d: %s", e.route, e.status, e.body)
}

// busy reports whether err is the server's answer to come back later (503
// or 429), as a loaded machine's storage timeouts give.
func busy(err error) (time.Duration, bool) {
	var a *answerError
	if !errors.As(err, &a) || (a.status != http.StatusServiceUnavailable && a.status != http.StatusTooManyRequests) {
		return 0, false
	}
	return min(max(a.retryAfter, time.Second), 10*time.Second), true
}

// retries bounds the tries of a call the server answers busy.
const retries = 5

// patiently calls do until the server does not answer busy, retries times
// at most, waiting what it asks; it returns the busy answers seen.
func (c *client) patiently(ctx context.Context, method, path string, body, out any) (busyAnswers int, err error) {
	for try := 1; ; try++ {
		err = c.do(ctx, method, path, body, out)
		wait, ok := busy(err)
		if !ok || try == retries {
			return busyAnswers, err
		}
		busyAnswers++
		select {
		case <-ctx.Done():
			return busyAnswers, ctx.Err()
		case <-time.After(wait):
		}
	}
}

// moveClock moves a clock (the simulator's or the served server's) on by d and
// returns the time it then reads.
func moveClock(ctx context.Context, url, token string, d time.Duration) (time.Time, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url+"?by="+d.String(), nil)
	if err != nil {
		return time.Time{}, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return time.Time{}, fmt.Errorf("move the clock at %s: %w", url, err)
	}
	defer res.Body.Close()
	var out struct {
		Now  time.Time `json:"now"`
		Data struct {
			Now time.Time `json:"now"`
		} `json:"data"`
	}
	if err := json.NewDecoder(res.Body).Decode(&out); err != nil || res.StatusCode != http.StatusOK {
		return time.Time{}, fmt.Errorf("move the clock at %s: %d, %v", url, res.StatusCode, err)
	}
	if out.Now.IsZero() {
		return out.Data.Now, nil
	}
	return out.Now, nil
}
