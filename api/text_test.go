package api_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api"
)

// alertRule is the members of a valid new alert rule.
const alertRule = `"name":"Spikes","metric":"views","condition":"gain","threshold":50,"windowHours":24`

// TestBadTextIsA400NamingTheField sends NUL characters and invalid UTF-8 in
// JSON fields (raw, escaped, in keys, in arrays) and in query parameters to
// every kind of route: each is a 400 that names where the bad text sits,
// and nothing is written.
func TestBadTextIsA400NamingTheField(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingApp(t)
	email := uniqueEmail("text")
	c := a.signUp(email)
	ws := a.bootstrap(c).Workspace
	account := uuid.NewString()
	freshEmail := uniqueEmail("fresh")
	fresh := a.signUp(freshEmail) // no workspace yet: bootstrap would store its name

	const nul, badUTF8 = "NUL", "UTF-8"
	for _, tc := range []struct {
		method, path, body string
		field, want        string
	}{
		{"POST", "/api/lead", `{"email":"a\u0000@example.com"}`, "email", nul},
		{"POST", "/api/lead", "{\"email\":\"x@example.com\",\"source\":\"a\x00b\"}", "source", nul},
		{"POST", "/api/lead", `{"email":"x@example.com","source":"a\u0000b"}`, "source", nul},
		{"POST", "/api/lead", "{\"email\":\"a\xff@example.com\"}", "email", badUTF8},
		{"POST", "/api/auth/login", `{"email":"x@example.com","password":"pa\u0000ss"}`, "password", nul},
		{"POST", "/api/auth/login", "{\"email\":\"\xc3\x28@example.com\",\"password\":\"correct horse\"}", "email", badUTF8},
		{"POST", "/api/auth/signup", `{"email":"` + "\u0000" + `x@example.com","password":"correct horse"}`, "email", nul},
		{"POST", "/api/workspace/bootstrap", `{"name":"Acme\u0000"}`, "name", nul},
		{"POST", "/api/workspace/bootstrap", "{\"name\":\"Acme \xe2\x82\"}", "name", badUTF8},
		{"POST", "/api/workspace/team", `{"em\u0000ail":"x@example.com"}`, "em\uFFFDail", nul},
		{"POST", "/api/track", `{"url":"https://www.tiktok.com/@x\u0000"}`, "url", nul},
		{"POST", "/api/track/bulk", "{\"urls\":[\"https://youtu.be/txtbulk0001\",\"https://youtu.be/txtbulk0002\",\"https://youtu.be/\xffxtbulk0003\"]}", "urls[2]", badUTF8},
		{"POST", "/api/collections", `{"name":"Launch\ud800"}`, "name", badUTF8},
		{"POST", "/api/collections", `{"name":"Launch\udc00\ud83d\ude00"}`, "name", badUTF8},
		{"POST", "/api/alerts", `{` + alertRule + `,"recipients":["a@example.com","b\u0000@example.com"]}`, "recipients[1]", nul},
		{"POST", "/api/payment/create-checkout", `{"plan":"starter\u0000","interval":"month"}`, "plan", nul},
		{"PATCH", "/api/accounts/" + account, `{"status":"active\u0000"}`, "status", nul},

		{"GET", "/api/videos?sort=%ff", "", "sort", badUTF8},
		{"GET", "/api/videos?platforms=tiktok%00", "", "platforms", nul},
		{"GET", "/api/overview?datePreset=%c3%28", "", "datePreset", badUTF8},
		{"GET", "/api/export?type=videos&datePreset=7d%00", "", "datePreset", nul},
		{"GET", "/api/export?type=vid%ffeos", "", "type", badUTF8},
		{"GET", "/api/accounts?sort%00=followers", "", "sort\uFFFD", nul},
		{"GET", "/api/alerts/events?ruleId=%00", "", "ruleId", nul},
		{"GET", "/api/accounts/" + account + "/analytics?granularity=day%ff", "", "granularity", badUTF8},
	} {
		cookie := c
		if tc.path == "/api/workspace/bootstrap" {
			cookie = fresh
		}
		var res response
		if tc.body == "" {
			res = a.request(tc.method, tc.path, nil, cookie)
		} else {
			res = a.request(tc.method, tc.path, tc.body, cookie)
		}
		var body api.ErrorBody
		_ = json.Unmarshal(res.Body, &body)
		if res.Status != 400 || body.Error.Code != "invalid_request" || !strings.Contains(body.Error.Fields[tc.field], tc.want) {
			t.Errorf("%s %s %q: %d %s, want 400 naming %q (%s)", tc.method, tc.path, tc.body, res.Status, res.Body, tc.field, tc.want)
		}
	}
	if n := count(t, `SELECT count(*) FROM leads WHERE email LIKE '%@example.com' AND (email LIKE 'a%' OR source LIKE 'a%')`); n != 0 {
		t.Fatalf("%d leads stored from bad text", n)
	}
	if n := count(t, `SELECT (SELECT count(*) FROM videos WHERE workspace_id = $1) + (SELECT count(*) FROM collections WHERE workspace_id = $1)
		+ (SELECT count(*) FROM alert_rules WHERE workspace_id = $1) + (SELECT count(*) FROM workspace_invites WHERE workspace_id = $1)`, ws.ID); n != 0 {
		t.Fatalf("%d rows written from bad text", n)
	}
	if n := count(t, `SELECT count(*) FROM workspace_members m JOIN users u ON u.id = m.user_id WHERE u.email = $1`, freshEmail); n != 0 {
		t.Fatalf("%d workspaces stored with a bad name", n)
	}

	// Good text that only looks odd passes: escapes, a surrogate pair,
	// non-ASCII letters.
	a.request("POST", "/api/collections", `{"name":"Caf\u00e9 \ud83d\ude00 \"launch\" \\u0000"}`, c).expect(t, 200)
	a.request("POST", "/api/collections", `{"name":"Ünïcödé ✓"}`, c).expect(t, 200)
	a.request("GET", "/api/videos?platforms=tiktok&datePreset=7d", nil, c).expect(t, 200)
}

// TestEmptyUUIDIsA400 checks that an empty string where a UUID goes is
// refused, in bodies and in query parameters, while null and absence keep
// meaning none.
func TestEmptyUUIDIsA400(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingApp(t)
	c := a.signUp(uniqueEmail("uuid"))
	ws := a.bootstrap(c).Workspace
	for _, tc := range []struct {
		method, path, body, field string
	}{
		{"POST", "/api/track", `{"url":"https://youtu.be/emptyuuid01","collection_id":""}`, "collection_id"},
		{"POST", "/api/track/bulk", `{"urls":["https://youtu.be/emptyuuid01"],"collection_id":""}`, "collection_id"},
		{"POST", "/api/alerts", `{` + alertRule + `,"collectionId":""}`, "collectionId"},
		{"POST", "/api/alerts", `{` + alertRule + `,"id":""}`, "id"},
		{"GET", "/api/videos?collectionId=", "", "collectionId"},
		{"GET", "/api/overview?platforms=tiktok&collectionId", "", "collectionId"},
		{"GET", "/api/accounts?collectionId=", "", "collectionId"},
		{"GET", "/api/export?type=accounts&collectionId=", "", "collectionId"},
		{"GET", "/api/export?type=videos&collectionId=", "", "collectionId"},
		{"GET", "/api/alerts/events?ruleId=", "", "ruleId"},
	} {
		var res response
		if tc.body == "" {
			res = a.request(tc.method, tc.path, nil, c)
		} else {
			res = a.request(tc.method, tc.path, tc.body, c)
		}
		if e := res.expectError(t, 400, "invalid_request"); !strings.Contains(e.Fields[tc.field], "UUID") {
			t.Errorf("%s %s %s: fields %q, want %s named", tc.method, tc.path, tc.body, e.Fields, tc.field)
		}
	}
	if n := count(t, `SELECT (SELECT count(*) FROM videos WHERE workspace_id = $1) + (SELECT count(*) FROM alert_rules WHERE workspace_id = $1)`, ws.ID); n != 0 {
		t.Fatalf("%d rows written with an empty UUID", n)
	}
	a.request("POST", "/api/track", `{"url":"https://youtu.be/emptyuuid01","collection_id":null}`, c).expect(t, 200)
	a.request("POST", "/api/alerts", `{`+alertRule+`,"collectionId":null}`, c).expect(t, 200)
	a.request("GET", "/api/videos", nil, c).expect(t, 200)
}
