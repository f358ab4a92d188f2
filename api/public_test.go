package api_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api"
	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	queryteam "github.com/reeltrack/reeltrack/query/team"
)

func TestLeadIsStoredOnce(t *testing.T) {
	a := newApp(t)
	email := uniqueEmail("lead")
	a.request("POST", "/api/lead", map[string]string{"email": email, "source": "pricing"}).expect(t, 200)
	a.request("POST", "/api/lead", map[string]string{"email": strings.ToUpper(email)}).expect(t, 200)
	if n := count(t, `SELECT count(*) FROM leads WHERE email = $1`, email); n != 1 {
		t.Fatalf("%d lead rows, want 1", n)
	}
	before := count(t, `SELECT count(*) FROM leads`)
	for _, body := range []string{`{"email": "nope"}`, `{}`, `{"email": 1}`, `{"email": "a@example.com", "source": "` + strings.Repeat("s", 101) + `"}`, `{"email": "a@example.com", "extra": 1}`, `not json`} {
		a.request("POST", "/api/lead", body).expectError(t, 400, "invalid_request")
	}
	if after := count(t, `SELECT count(*) FROM leads`); after != before {
		t.Fatal("a rejected lead was stored")
	}
}

func TestFoundingStats(t *testing.T) {
	a := newApp(t, func(d *wiring.Deps) { d.Config.FoundingSpots = 1000 })
	var before struct{ Total, Claimed, Held, Remaining int }
	a.request("GET", "/api/founding/stats", nil).expect(t, 200).decode(t, &before)
	if before.Total != 1000 || before.Remaining != before.Total-before.Claimed-before.Held {
		t.Fatalf("stats %+v", before)
	}
	c := a.signUp(uniqueEmail("founder"))
	ws := a.bootstrap(c).Workspace
	exec(t, `UPDATE workspaces SET founding = true WHERE id = $1`, ws.ID)
	// the answer is kept for a few seconds: the new spot shows within them
	var after struct{ Total, Claimed, Held, Remaining int }
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(200 * time.Millisecond) {
		a.request("GET", "/api/founding/stats", nil).expect(t, 200).decode(t, &after)
		if after.Claimed == before.Claimed+1 || time.Now().After(deadline) {
			break
		}
	}
	if after.Claimed != before.Claimed+1 || after.Remaining != before.Remaining-1 {
		t.Fatalf("stats after a founding workspace %+v, before %+v", after, before)
	}
	// Remaining never goes below zero.
	small := newApp(t, func(d *wiring.Deps) { d.Config.FoundingSpots = 0 })
	var zero struct{ Total, Claimed, Remaining int }
	small.request("GET", "/api/founding/stats", nil).expect(t, 200).decode(t, &zero)
	if zero.Remaining != 0 || zero.Claimed < 1 {
		t.Fatalf("stats %+v", zero)
	}
}

func TestUnknownRoutesAnswerJSON404(t *testing.T) {
	a := newApp(t)
	a.request("GET", "/api/nope", nil).expectError(t, 404, "not_found")
	a.request("DELETE", "/api/lead", nil).expectError(t, 404, "not_found")
}

func TestBodyLimit(t *testing.T) {
	// Over a real listener: the HTTP server refuses a body announced larger
	// than the limit before reading it. The request is written by hand,
	// headers only: a client still writing the body when the server answers
	// and closes would see a reset instead of the answer.
	a := newApp(t)
	base := a.listen()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := fmt.Fprintf(conn, "POST /api/lead HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", 70<<10); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var body api.ErrorBody
	if err := json.NewDecoder(res.Body).Decode(&body); err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != 413 || body.Error.Code != "payload_too_large" {
		t.Fatalf("status %d body %+v, want 413 payload_too_large", res.StatusCode, body)
	}
}

func TestRequestID(t *testing.T) {
	a := newApp(t)
	res := a.request("GET", "/healthz", nil).expect(t, 200)
	if _, err := uuid.Parse(res.Header.Get("X-Request-ID")); err != nil {
		t.Fatalf("generated request id %q is not a uuid", res.Header.Get("X-Request-ID"))
	}
	e := a.request("GET", "/api/nope", nil).expectError(t, 404, "not_found")
	if e.RequestID == "" {
		t.Fatal("error body has no request id")
	}
}

func TestHealthAndReadiness(t *testing.T) {
	a := newApp(t)
	a.request("GET", "/healthz", nil).expect(t, 200)
	var r struct {
		Status string
		Checks map[string]string
	}
	a.request("GET", "/readyz", nil).expect(t, 200).decode(t, &r)
	if r.Status != "ok" || r.Checks["postgres"] != "ok" || r.Checks["clickhouse"] != "ok" || r.Checks["redis"] != "ok" {
		t.Fatalf("readiness %+v", r)
	}
	degraded := newApp(t, deadRedis(t))
	degraded.request("GET", "/readyz", nil).expect(t, 200).decode(t, &r)
	if r.Status != "degraded" || r.Checks["redis"] != "down" {
		t.Fatalf("readiness without redis %+v", r)
	}
}

// TestPublicReadsAreKeptAndLimited: the founding stats are read from
// PostgreSQL once for many requests, and a client over the public limit
// gets 429, on both public reads.
func TestPublicReadsAreKeptAndLimited(t *testing.T) {
	a := newApp(t, func(d *wiring.Deps) { d.Config.FoundingSpots = 1000 })
	var first struct{ Claimed int }
	a.request("GET", "/api/founding/stats", nil).expect(t, 200).decode(t, &first)
	c := a.signUp(uniqueEmail("kept"))
	ws := a.bootstrap(c).Workspace
	exec(t, `UPDATE workspaces SET founding = true WHERE id = $1`, ws.ID)
	// read again at once: the kept answer, not a new count
	start := time.Now()
	var again struct{ Claimed int }
	a.request("GET", "/api/founding/stats", nil).expect(t, 200).decode(t, &again)
	if time.Since(start) < queryteam.FoundingStatsKept/2 && again.Claimed != first.Claimed {
		t.Fatalf("a read right after another counted anew: %d, then %d", first.Claimed, again.Claimed)
	}

	limited := newApp(t, func(d *wiring.Deps) { d.Config.RateLimitPublic = 3 })
	for _, path := range []string{"/api/founding/stats", "/api/plans"} {
		got := map[int]int{}
		for range 30 {
			got[limited.request("GET", path, nil).Status]++
		}
		if got[200] == 0 || got[429] == 0 || got[200]+got[429] != 30 {
			t.Errorf("%s: statuses %v, want some 200 then 429", path, got)
		}
	}
}
