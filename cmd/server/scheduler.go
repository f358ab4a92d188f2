package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/reeltrack/reeltrack/internal/metrics"
)

type cronTask struct {
	name string
	path string
}

// cronTasks are the routes the scheduler calls each interval, in order.
var cronTasks = []cronTask{
	{name: metrics.TaskRefresh, path: "/api/cron/refresh"},
	{name: metrics.TaskAlerts, path: "/api/cron/alerts"},
}

// scheduler calls the server's own cron routes as an external cron would, so
// one path does the work; due rows are claimed with SKIP LOCKED.
type scheduler struct {
	base       string // the server's own base URL
	secret     string
	interval   time.Duration
	tasks      []cronTask
	client     *http.Client
	log        *slog.Logger
	afterRound func()
	metrics    *metrics.Metrics // nil: none
}

// run calls every task once per interval until ctx ends; ticks during a
// round are dropped, so rounds never overlap.
func (s scheduler) run(ctx context.Context) {
	s.log.Info("scheduler started", "interval", s.interval, "tasks", len(s.tasks))
	t := time.NewTicker(s.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			s.log.Info("scheduler stopped")
			return
		case <-t.C:
		}
		for _, task := range s.tasks {
			if ctx.Err() != nil {
				break
			}
			s.call(ctx, task)
		}
		if s.afterRound != nil {
			s.afterRound()
		}
	}
}

// call runs one task and logs a failure; the route's access log records it.
func (s scheduler) call(ctx context.Context, task cronTask) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.base+task.path, nil)
	if err != nil {
		s.log.Error("scheduled task", "task", task.name, "error", err)
		return
	}
	req.Header.Set("Authorization", "Bearer "+s.secret)
	began := time.Now()
	res, err := s.client.Do(req)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Warn("scheduled task failed", "task", task.name, "error", err)
		}
		return
	}
	body, _ := io.ReadAll(io.LimitReader(res.Body, 4<<10))
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		s.log.Warn("scheduled task failed", "task", task.name, "status", res.StatusCode, "answer", string(body))
		return
	}
	s.metrics.TaskSucceeded(task.name, time.Now())
	s.log.Debug("scheduled task ran", "task", task.name, "took", time.Since(began), "answer", string(body))
}

// selfURL is the base URL of the server's own HTTP_ADDR.
func selfURL(addr string) (string, error) {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return "", fmt.Errorf("HTTP_ADDR %q: %w", addr, err)
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return "http://" + net.JoinHostPort(host, port), nil
}
