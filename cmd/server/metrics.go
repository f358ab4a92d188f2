package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/reeltrack/reeltrack/internal/metrics"
)

// serveMetrics serves GET /metrics on a listener of its own (none for an
// empty addr), off the public address and the API's middleware.
func serveMetrics(addr string, m *metrics.Metrics, log *slog.Logger) (stop func(), err error) {
	if addr == "" {
		log.Info("METRICS_ADDR is empty: no metrics listener")
		return func() {}, nil
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("metrics listener on %s: %w", addr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", m.Handler())
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second}
	done := make(chan struct{})
	go func() {
		defer close(done)
		log.Info("serving metrics", "addr", ln.Addr().String(), "path", "/metrics")
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics listener stopped", "error", err)
		}
	}()
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
		<-done
	}, nil
}
