package api_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
)

// requestWith sends body (with contentType when not empty) and the given
// headers, as a browser would.
func (a *testApp) requestWith(method, path, body, contentType string, headers map[string]string, cookies ...*http.Cookie) response {
	a.t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	for _, c := range cookies {
		req.AddCookie(c)
	}
	return a.send(req)
}

const landingOrigin = "https://landing.example.com"

func TestCrossSiteWritesAreRefused(t *testing.T) {
	a, _ := newScrapingAppWith(t, func(d *wiring.Deps) { d.Config.AllowedOrigins = []string{landingOrigin} })
	self := a.deps.Config.PublicBaseURL
	owner := a.signUp(uniqueEmail("csrf-owner"))
	ws := a.bootstrap(owner).Workspace
	exec(t, `UPDATE workspaces SET plan = 'starter', video_limit = 250, seat_limit = 10 WHERE id = $1`, ws.ID)
	attacker := uniqueEmail("attacker")

	foreign := []map[string]string{
		{"Origin": "https://evil.example"},
		{"Origin": "null"},
		{"Origin": strings.Replace(self, "127.0.0.1", "localhost", 1)}, // same host, other origin
		{"Origin": "https://evil.example", "Sec-Fetch-Site": "same-origin"},
		{"Sec-Fetch-Site": "cross-site"},
		{"Sec-Fetch-Site": "same-site"},
	}
	for i, h := range foreign {
		for _, ct := range []string{"application/json", "text/plain"} {
			url := fmt.Sprintf("https://www.tiktok.com/@victim%d/video/73012345678901234%02d", i, i)
			e := a.requestWith("POST", "/api/track", `{"url":"`+url+`"}`, ct, h, owner).expectError(t, 403, "forbidden")
			if !strings.Contains(e.Message, "cross-site") {
				t.Fatalf("%v: message %q", h, e.Message)
			}
			a.requestWith("POST", "/api/workspace/team", `{"email":"`+attacker+`","role":"admin"}`, ct, h, owner).expectError(t, 403, "forbidden")
			a.requestWith("DELETE", "/api/accounts/"+ws.ID.String(), "", "", h, owner).expectError(t, 403, "forbidden")
		}
	}
	if n := count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1`, ws.ID); n != 0 {
		t.Fatalf("cross-site requests tracked %d videos", n)
	}
	if n := count(t, `SELECT count(*) FROM workspace_invites WHERE workspace_id = $1`, ws.ID); n != 0 {
		t.Fatalf("cross-site requests stored %d invites", n)
	}

	// Our own origin, an allow-listed one, a same-origin fetch and a client
	// that is no browser all pass.
	ours := []map[string]string{
		{"Origin": self},
		{"Origin": landingOrigin},
		{"Origin": strings.ToUpper(landingOrigin) + ":443"},
		{"Sec-Fetch-Site": "same-origin"},
		{"Sec-Fetch-Site": "none"},
		nil,
	}
	for i, h := range ours {
		url := fmt.Sprintf("https://www.youtube.com/shorts/ours%07d", i)
		a.requestWith("POST", "/api/track", `{"url":"`+url+`"}`, "application/json; charset=UTF-8", h, owner).expect(t, 200)
		a.requestWith("POST", "/api/workspace/team", `{"email":"`+uniqueEmail("mate")+`"}`, "application/json", h, owner).expect(t, 200)
	}
	if n := count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1`, ws.ID); n != len(ours) {
		t.Fatalf("%d videos tracked, want %d", n, len(ours))
	}
	if n := count(t, `SELECT count(*) FROM workspace_invites WHERE workspace_id = $1`, ws.ID); n != len(ours) {
		t.Fatalf("%d invites stored, want %d", n, len(ours))
	}

	// Reads change nothing and stay open to any origin.
	a.requestWith("GET", "/api/workspace/team", "", "", foreign[0], owner).expect(t, 200)

	// The browser forms without a session are checked too: login CSRF, and
	// leads posted by pages that are not ours.
	email := uniqueEmail("victim")
	for _, path := range []string{"/api/auth/signup", "/api/auth/login", "/api/auth/logout", "/api/lead"} {
		res := a.requestWith("POST", path, `{"email":"`+email+`","password":"correct horse"}`, "application/json", foreign[0])
		res.expectError(t, 403, "forbidden")
		if res.cookie("session-access-token") != nil {
			t.Fatalf("%s refused but set a session cookie", path)
		}
	}
	if n := count(t, `SELECT (SELECT count(*) FROM users WHERE email = $1) + (SELECT count(*) FROM leads WHERE email = $1)`, email); n != 0 {
		t.Fatalf("cross-site forms stored %d rows", n)
	}
	// A landing page of an allow-listed origin may post a lead with JSON:
	// the browser asks first (CORS preflight) and may read the answer.
	pre := a.requestWith("OPTIONS", "/api/lead", "", "", map[string]string{
		"Origin": landingOrigin, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "content-type",
	}).expect(t, 204)
	if pre.Header.Get("Access-Control-Allow-Origin") != landingOrigin || pre.Header.Get("Access-Control-Allow-Methods") != "POST" ||
		!strings.Contains(pre.Header.Get("Access-Control-Allow-Headers"), "Content-Type") {
		t.Fatalf("preflight headers %v", pre.Header)
	}
	a.requestWith("OPTIONS", "/api/lead", "", "", map[string]string{"Origin": "https://evil.example", "Access-Control-Request-Method": "POST"}).
		expectError(t, 403, "forbidden")
	lead := a.requestWith("POST", "/api/lead", `{"email":"`+email+`","source":"landing"}`, "application/json", map[string]string{"Origin": landingOrigin}).expect(t, 200)
	if lead.Header.Get("Access-Control-Allow-Origin") != landingOrigin {
		t.Fatalf("lead answer headers %v", lead.Header)
	}
	a.requestWith("POST", "/api/auth/signup", `{"email":"`+email+`","password":"correct horse"}`, "application/json", map[string]string{"Origin": self}).expect(t, 200)
	a.requestWith("POST", "/api/auth/login", `{"email":"`+email+`","password":"correct horse"}`, "application/json", map[string]string{"Sec-Fetch-Site": "same-origin"}).expect(t, 200)
	a.requestWith("POST", "/api/auth/logout", "", "", map[string]string{"Origin": self}).expect(t, 200)

	// Machine routes carry their own credentials and ignore the origin.
	cross := map[string]string{"Origin": "https://evil.example", "Sec-Fetch-Site": "cross-site", "Authorization": "Bearer " + cronSecret}
	a.requestWith("GET", "/api/cron/refresh", "", "", cross).expect(t, 200)
	a.requestWith("POST", "/api/webhooks/scraper", `{}`, "text/plain", cross).expectError(t, 400, "invalid_request")
	a.requestWith("POST", "/api/webhook/payment", `{}`, "text/plain", cross).expectError(t, 503, "unavailable")
}

func TestJSONBodiesMustSayApplicationJSON(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := a.signUp(uniqueEmail("ctype"))
	ws := a.bootstrap(c).Workspace
	for _, ct := range []string{"", "text/plain", "text/plain; charset=utf-8", "application/x-www-form-urlencoded", "application/jsonx"} {
		e := a.requestWith("POST", "/api/collections", `{"name":"Smuggled"}`, ct, nil, c).expectError(t, 415, "unsupported_media_type")
		if !strings.Contains(e.Message, "application/json") {
			t.Fatalf("415 message %q", e.Message)
		}
		a.requestWith("POST", "/api/workspace/team", `{"email":"x@example.com"}`, ct, nil, c).expectError(t, 415, "unsupported_media_type")
		a.requestWith("POST", "/api/lead", `{"email":"ct@example.com"}`, ct, nil).expectError(t, 415, "unsupported_media_type")
	}
	if n := count(t, `SELECT count(*) FROM collections WHERE workspace_id = $1`, ws.ID); n != 0 {
		t.Fatalf("%d collections stored from bodies that were not application/json", n)
	}
	if n := count(t, `SELECT count(*) FROM leads WHERE email = 'ct@example.com'`); n != 0 {
		t.Fatalf("%d leads stored from bodies that were not application/json", n)
	}
	// Parameters and case do not matter; routes whose body is optional still
	// take none.
	a.requestWith("POST", "/api/collections", `{"name":"Typed"}`, "Application/JSON; charset=utf-8", nil, c).expect(t, 200)
	a.requestWith("POST", "/api/workspace/bootstrap", "", "", nil, c).expect(t, 200)
	a.requestWith("POST", "/api/workspace/bootstrap", "", "text/plain", nil, c).expect(t, 200)
}
