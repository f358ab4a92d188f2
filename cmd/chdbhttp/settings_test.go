package main

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestSettingsHoldForTheirRequestOnly sends requests as clickhouse-go does,
// settings as parameters, to one engine: a setting applies to its request,
// a changed value to the next, and a request without it reads the
// engine's default again, however the earlier requests set it.
func TestSettingsHoldForTheirRequestOnly(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	addr, stop, err := testenv.StartCurrentEngine(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	read := func(settings url.Values) string {
		t.Helper()
		q := url.Values{"query": {"SELECT value FROM system.settings WHERE name = 'max_block_size'"}}
		for k, v := range settings {
			q[k] = v
		}
		resp, err := http.Get(strings.TrimSuffix(addr, "/") + "/?" + q.Encode())
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("%d %v: %s", resp.StatusCode, err, b)
		}
		return strings.TrimSpace(string(b))
	}
	def := read(nil)
	if def == "1000" || def == "2000" {
		t.Fatalf("the engine's default max_block_size is %s, one of the values the test sets", def)
	}
	for i, c := range []struct {
		set  url.Values
		want string
	}{
		{url.Values{"max_block_size": {"1000"}}, "1000"},
		{url.Values{"max_block_size": {"1000"}}, "1000"}, // the same value again
		{url.Values{"max_block_size": {"2000"}}, "2000"}, // a changed value
		{nil, def}, // none: the default
		{url.Values{"max_block_size": {"2000"}}, "2000"}, // the value of two requests before
		{url.Values{"max_threads": {"1"}}, def},          // another setting only
	} {
		if got := read(c.set); got != c.want {
			t.Errorf("request %d (%v): max_block_size %s, want %s", i+1, c.set, got, c.want)
		}
	}
}
