package api_test

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// panickingTransport panics on every request, as a bug in a client would.
type panickingTransport struct{}

func (panickingTransport) RoundTrip(*http.Request) (*http.Response, error) {
	panic("transport bug")
}

// panickingClickHouse panics on every query.
type panickingClickHouse struct{ driver.Conn }

func (panickingClickHouse) Query(context.Context, string, ...any) (driver.Rows, error) {
	panic("clickhouse driver bug")
}

// TestPanicInARequestsGoroutineAnswers500 makes code that requests run in
// goroutines of their own panic: the resolution of a short link when
// tracking, the ClickHouse reads of the overview, the collections, the
// videos list's page, one video, the accounts and an account's analytics.
// Such a panic would end the process; instead each request answers the
// usual 500 with its request id, the panic is logged under that id,
// nothing is written, and the server keeps serving.
func TestPanicInARequestsGoroutineAnswers500(t *testing.T) {
	var logs syncBuffer
	a := newApp(t, func(d *wiring.Deps) {
		d.Log = slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelError}))
		d.Resolver = platform.Resolver{Client: &http.Client{Transport: panickingTransport{}}}
		d.CH = panickingClickHouse{d.CH}
	})
	c := a.signUp(uniqueEmail("panic"))
	ws := a.bootstrap(c).Workspace.ID
	// a video and an account, so that the lists read their numbers
	account := env.Account(t, ws, testenv.AccountOptions{Handle: "panicker", TrackingLimit: 5, Status: domain.ItemActive})
	video := env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemActive})

	for _, r := range []struct {
		method, path, panic string
		body                any
	}{
		{"POST", "/api/track", "transport bug", map[string]string{"url": "https://vm.tiktok.com/ZMabc123/"}},
		{"POST", "/api/track/bulk", "transport bug", map[string][]string{"urls": {"https://youtu.be/panicpanic1", "https://vm.tiktok.com/ZMabc123/"}}},
		{"GET", "/api/overview", "clickhouse driver bug", nil},
		{"GET", "/api/collections", "clickhouse driver bug", nil},
		// the page's numbers, read beside its details
		{"GET", "/api/videos?sort=added", "clickhouse driver bug", nil},
		{"GET", "/api/videos/" + video.String(), "clickhouse driver bug", nil},
		{"GET", "/api/accounts", "clickhouse driver bug", nil},
		{"GET", "/api/accounts/" + account.String() + "/analytics", "clickhouse driver bug", nil},
	} {
		res := a.request(r.method, r.path, r.body, c)
		e := res.expectError(t, 500, "internal")
		id := res.Header.Get("X-Request-ID")
		if id == "" || e.RequestID != id || e.Message != "internal error" {
			t.Fatalf("%s %s: %s, want the generic 500 with request id %q", r.method, r.path, res.Body, id)
		}
		logged := false
		for _, line := range strings.Split(logs.String(), "\n") {
			if strings.Contains(line, `"requestId":"`+id+`"`) && strings.Contains(line, "panic: "+r.panic) {
				logged = true
			}
		}
		if !logged {
			t.Fatalf("%s %s: no log line with the request id and the panic:\n%s", r.method, r.path, logs.String())
		}
	}
	if n := count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1 AND id <> $2`, ws, video); n != 0 {
		t.Fatalf("%d videos tracked by requests that failed", n)
	}
	a.request("GET", "/api/workspace/team", nil, c).expect(t, 200)
}
