package api_test

import (
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/store"
)

// TestExportWaitsForTheDashboard: while a request someone waits on is being
// answered, an export's next page waits (docs/operations.md, "Fair
// sharing"); the dashboard's own requests are answered meanwhile, and the
// export goes on, whole, once the request is over.
func TestExportWaitsForTheDashboard(t *testing.T) {
	d := seedDashboard(t)
	addBulkVideos(t, d.ws, 3000)
	fg := d.app.foreground
	if fg == nil {
		t.Fatal("the server counts no requests")
	}
	// nothing goes on beside the request in this test
	fg.Pass = time.Hour
	base := d.app.listen()

	var list videoList
	d.get(t, "/api/videos", nil, &list)
	leave := fg.Enter() // a dashboard request in flight
	defer leave()
	type result struct {
		status int
		body   []byte
		err    error
	}
	done := make(chan result, 1)
	go func() {
		req, _ := http.NewRequest("GET", base+"/api/export?type=videos", nil)
		req.AddCookie(d.cookie)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			done <- result{err: err}
			return
		}
		defer res.Body.Close()
		body, err := io.ReadAll(res.Body)
		done <- result{status: res.StatusCode, body: body, err: err}
	}()
	eventually(t, time.Minute, "the export to wait for the request in flight", func() bool {
		_, waiting := fg.Load()
		return waiting == 1
	})
	// the dashboard does not wait for the export, nor the export's wait for it
	var again videoList
	d.get(t, "/api/videos", nil, &again)
	if inFlight, waiting := fg.Load(); inFlight != 1 || waiting != 1 {
		t.Fatalf("after a dashboard request: %d in flight, %d waiting; want 1 (the test's) and 1 (the export)", inFlight, waiting)
	}
	select {
	case r := <-done:
		t.Fatalf("the export answered %d while a request was in flight", r.status)
	default:
	}

	leave()
	r := <-done
	if r.err != nil {
		t.Fatal(r.err)
	}
	if r.status != 200 {
		t.Fatalf("export: %d %s", r.status, r.body)
	}
	if rows := len(readCSV(t, r.body)) - 1; rows != list.Total {
		t.Fatalf("the export has %d rows, the list %d", rows, list.Total)
	}
}

// TestBackgroundReadsWaitForTheDashboard: a ClickHouse read of background
// work (store.Background) starts only once the requests in flight are
// answered; the dashboard's reads do not wait.
func TestBackgroundReadsWaitForTheDashboard(t *testing.T) {
	t.Parallel()
	fg := &background.Foreground{Pass: time.Hour}
	ctx := background.WithForeground(context.Background(), fg)
	leave := fg.Enter()
	defer leave()

	var one uint8
	if err := env.CH.QueryRow(ctx, `SELECT toUInt8(1)`).Scan(&one); err != nil || one != 1 {
		t.Fatalf("a dashboard read beside the request: %v %v", one, err)
	}
	done := make(chan error, 1)
	var got uint8
	go func() { done <- env.CH.QueryRow(store.Background(ctx), `SELECT toUInt8(2)`).Scan(&got) }()
	eventually(t, time.Minute, "the background read to wait", func() bool {
		_, waiting := fg.Load()
		return waiting == 1
	})
	select {
	case err := <-done:
		t.Fatalf("the background read ran while a request was in flight (%v)", err)
	default:
	}
	leave()
	if err := <-done; err != nil || got != 2 {
		t.Fatalf("the background read after the request: %v %v", got, err)
	}

	// it runs behind the dashboard's statements: one thread, priority 2
	// against the service's 1, small blocks
	leave()
	settings := func(ctx context.Context) map[string]string {
		rows, err := env.CH.Query(ctx, `SELECT name, value FROM system.settings WHERE name IN ('priority', 'max_threads', 'max_block_size')`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		out := map[string]string{}
		for rows.Next() {
			var name, value string
			if err := rows.Scan(&name, &value); err != nil {
				t.Fatal(err)
			}
			out[name] = value
		}
		return out
	}
	if s := settings(store.Background(ctx)); s["priority"] != "2" || s["max_threads"] != "1" || s["max_block_size"] != "4096" {
		t.Fatalf("a background statement's settings: %v; want priority 2, max_threads 1, max_block_size 4096", s)
	}
	if s := settings(ctx); s["priority"] == "2" || s["max_block_size"] == "4096" {
		t.Fatalf("a dashboard statement runs with the background's settings: %v", s)
	}
}
