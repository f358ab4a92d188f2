package api_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"gopkg.in/yaml.v3"

	"github.com/reeltrack/reeltrack"
	"github.com/reeltrack/reeltrack/api"
	"github.com/reeltrack/reeltrack/cmd/server/wiring"
)

type apiKeyBody struct {
	ID         uuid.UUID  `json:"id"`
	Name       string     `json:"name"`
	Prefix     string     `json:"prefix"`
	Scope      string     `json:"scope"`
	Status     string     `json:"status"`
	CreatedAt  time.Time  `json:"createdAt"`
	ExpiresAt  *time.Time `json:"expiresAt"`
	LastUsedAt *time.Time `json:"lastUsedAt"`
	LastUsedIP string     `json:"lastUsedIp"`
	RevokedAt  *time.Time `json:"revokedAt"`
	CreatedBy  struct {
		ID    uuid.UUID `json:"id"`
		Email string    `json:"email"`
	} `json:"createdBy"`
}

type apiKeyCreated struct {
	Key    string     `json:"key"`
	APIKey apiKeyBody `json:"apiKey"`
}

// newKey creates a key with the cookie's session and returns its answer.
func (a *testApp) newKey(c *http.Cookie, name, scope string) apiKeyCreated {
	a.t.Helper()
	var out apiKeyCreated
	a.request("POST", "/api/api-keys", map[string]any{"name": name, "scope": scope}, c).expect(a.t, 201).decode(a.t, &out)
	if !strings.HasPrefix(out.Key, "rt_") || len(out.Key) != 46 || out.APIKey.ID == uuid.Nil {
		a.t.Fatalf("created key %+v", out)
	}
	return out
}

// withKey sends one request with the key as its bearer credential and no
// cookie, unless cookies are given too.
func (a *testApp) withKey(key, method, path string, body any, cookies ...*http.Cookie) response {
	a.t.Helper()
	var r io.Reader
	if body != nil {
		raw, err := json.Marshal(body)
		if err != nil {
			a.t.Fatal(err)
		}
		r = bytes.NewReader(raw)
	}
	req := httptest.NewRequest(method, path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Authorization", "Bearer "+key)
	for _, c := range cookies {
		req.AddCookie(c)
	}
	return a.send(req)
}

func (a *testApp) keys(c *http.Cookie) []apiKeyBody {
	a.t.Helper()
	var out struct {
		Keys []apiKeyBody `json:"keys"`
	}
	a.request("GET", "/api/api-keys", nil, c).expect(a.t, 200).decode(a.t, &out)
	return out.Keys
}

func collectionCount(t *testing.T, ws uuid.UUID) int {
	t.Helper()
	return count(t, `SELECT count(*) FROM collections WHERE workspace_id = $1`, ws)
}

// TestAPIKeyActsAsItsCreator: a key made on the dashboard reads and writes
// as its creator without the cookie, the activity log names it on the
// entries of its requests, and only its hash is stored.
func TestAPIKeyActsAsItsCreator(t *testing.T) {
	t.Parallel()
	tm := seedTeam(t)
	a := tm.a
	k := a.newKey(tm.admin, "CI export", "write")
	if k.APIKey.Scope != "write" || k.APIKey.Status != "active" || k.APIKey.CreatedBy.ID != tm.adminID || !strings.HasPrefix(k.Key, k.APIKey.Prefix) ||
		len(k.APIKey.Prefix) < 6 || len(k.APIKey.Prefix) > 12 || k.APIKey.LastUsedAt != nil {
		t.Fatalf("created %+v", k)
	}

	// reads, as the creator with their role
	a.withKey(k.Key, "GET", "/api/videos", nil).expect(t, 200)
	var me struct {
		User struct {
			ID    uuid.UUID `json:"id"`
			Email string    `json:"email"`
		} `json:"user"`
	}
	res := a.withKey(k.Key, "GET", "/api/auth/me", nil).expect(t, 200)
	res.decode(t, &me)
	if me.User.ID != tm.adminID || res.Header.Get("Cache-Control") != "private, no-store" {
		t.Fatalf("me %+v, cache %q", me, res.Header.Get("Cache-Control"))
	}
	a.withKey(k.Key, "GET", "/api/workspace/activity", nil).expect(t, 200)

	// writes, with a foreign Origin too: a bearer request is no browser's
	before := collectionCount(t, tm.ws)
	req := httptest.NewRequest("POST", "/api/collections", strings.NewReader(`{"name":"From CI"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "bearer "+k.Key)
	req.Header.Set("Origin", "https://evil.example")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	var coll struct {
		ID uuid.UUID `json:"id"`
	}
	a.send(req).expect(t, 200).decode(t, &coll)
	if collectionCount(t, tm.ws) != before+1 {
		t.Fatal("the key's write did not land in the creator's workspace")
	}
	// the same request with the session cookie and no key is refused
	req = httptest.NewRequest("POST", "/api/collections", strings.NewReader(`{"name":"From evil"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "https://evil.example")
	req.AddCookie(tm.admin)
	a.send(req).expectError(t, 403, "forbidden")

	// the activity log names the key on the entry its request made
	var log struct {
		Entries []struct {
			Action string `json:"action"`
			Target string `json:"target"`
			Actor  *struct {
				Email string `json:"email"`
			} `json:"actor"`
			APIKey *struct {
				ID     uuid.UUID `json:"id"`
				Name   string    `json:"name"`
				Prefix string    `json:"prefix"`
			} `json:"apiKey"`
		} `json:"entries"`
	}
	a.request("GET", "/api/workspace/activity", nil, tm.owner).expect(t, 200).decode(t, &log)
	var created, made bool
	for _, e := range log.Entries {
		switch {
		case e.Action == "collection_created" && e.Target == "From CI":
			made = true
			if e.APIKey == nil || e.APIKey.ID != k.APIKey.ID || e.APIKey.Name != "CI export" || e.Actor == nil || e.Actor.Email == "" {
				t.Fatalf("entry made with the key: %+v", e)
			}
		case e.Action == "api_key_created" && e.Target == "CI export":
			created = true
			if e.APIKey != nil {
				t.Fatalf("the creation, made with the session, names a key: %+v", e)
			}
		case e.APIKey != nil:
			t.Fatalf("an entry not made with the key names it: %+v", e)
		}
	}
	if !created || !made {
		t.Fatalf("activity misses the key's entries: %+v", log.Entries)
	}

	// the table holds the key's hash, never the key
	var stored []byte
	var prefix string
	if err := env.PG.QueryRow(t.Context(), `SELECT key_hash, prefix FROM api_keys WHERE id = $1`, k.APIKey.ID).Scan(&stored, &prefix); err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256([]byte(k.Key))
	if !bytes.Equal(stored, sum[:]) || prefix != k.APIKey.Prefix {
		t.Fatalf("stored hash %x, want %x; prefix %q", stored, sum, prefix)
	}
	if n := count(t, `SELECT count(*) FROM api_keys k WHERE k::text LIKE '%' || $1 || '%'`, k.Key[3:]); n != 0 {
		t.Fatal("the api_keys row holds the key")
	}

	// later answers never hold the key; the list shows its last use
	for _, r := range []response{
		a.request("GET", "/api/api-keys", nil, tm.owner),
		a.withKey(k.Key, "GET", "/api/api-keys", nil),
		a.request("GET", "/api/workspace/activity", nil, tm.owner),
	} {
		r.expect(t, 200)
		if bytes.Contains(r.Body, []byte(k.Key[3:])) {
			t.Fatalf("a later answer holds the key: %s", r.Body)
		}
	}
	keys := a.keys(tm.owner)
	if len(keys) != 1 || keys[0].LastUsedAt == nil || keys[0].LastUsedIP == "" || keys[0].Status != "active" {
		t.Fatalf("keys after use: %+v", keys)
	}
}

// TestReadKeyOnlyReads: a read key reads, and every write it tries answers
// 403 insufficient_scope and writes nothing.
func TestReadKeyOnlyReads(t *testing.T) {
	t.Parallel()
	tm := seedTeam(t)
	a := tm.a
	k := a.newKey(tm.owner, "Looker", "read")
	a.withKey(k.Key, "GET", "/api/videos", nil).expect(t, 200)
	a.withKey(k.Key, "HEAD", "/api/collections", nil).expect(t, 200)
	before := collectionCount(t, tm.ws)
	entries := count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1`, tm.ws)
	for _, r := range []response{
		a.withKey(k.Key, "POST", "/api/collections", map[string]string{"name": "nope"}),
		a.withKey(k.Key, "POST", "/api/track", map[string]string{"url": "https://www.tiktok.com/@a/video/7300000000000000001"}),
		a.withKey(k.Key, "DELETE", "/api/api-keys/"+k.APIKey.ID.String(), nil),
		a.withKey(k.Key, "PATCH", "/api/collections/"+uuid.NewString(), map[string]string{"name": "x"}),
	} {
		r.expectError(t, 403, "insufficient_scope")
		if !strings.Contains(r.Header.Get("WWW-Authenticate"), "insufficient_scope") {
			t.Fatalf("WWW-Authenticate %q", r.Header.Get("WWW-Authenticate"))
		}
	}
	if collectionCount(t, tm.ws) != before || count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1`, tm.ws) != entries ||
		count(t, `SELECT count(*) FROM api_keys WHERE id = $1 AND revoked_at IS NULL`, k.APIKey.ID) != 1 {
		t.Fatal("a read key's write was written")
	}
}

// TestAPIKeysStayInTheirWorkspace: a key reaches its own workspace only;
// the ids of another answer 404 and nothing of it changes.
func TestAPIKeysStayInTheirWorkspace(t *testing.T) {
	t.Parallel()
	ours, theirs := seedTeam(t), seedTeam(t)
	a := ours.a
	k := a.newKey(ours.owner, "ours", "write")
	var coll struct {
		ID uuid.UUID `json:"id"`
	}
	a.request("POST", "/api/collections", map[string]string{"name": "Theirs"}, theirs.owner).expect(t, 200).decode(t, &coll)
	theirKey := a.newKey(theirs.owner, "theirs", "write")

	a.withKey(k.Key, "PATCH", "/api/collections/"+coll.ID.String(), map[string]string{"name": "Taken"}).expectError(t, 404, "not_found")
	a.withKey(k.Key, "DELETE", "/api/collections/"+coll.ID.String(), nil).expectError(t, 404, "not_found")
	a.withKey(k.Key, "DELETE", "/api/api-keys/"+theirKey.APIKey.ID.String(), nil).expectError(t, 404, "not_found")
	a.request("DELETE", "/api/api-keys/"+theirKey.APIKey.ID.String(), nil, ours.owner).expectError(t, 404, "not_found")
	if count(t, `SELECT count(*) FROM collections WHERE id = $1 AND name = 'Theirs'`, coll.ID) != 1 {
		t.Fatal("another workspace's collection changed")
	}
	a.withKey(theirKey.Key, "GET", "/api/videos", nil).expect(t, 200)

	// each key lists its own workspace's keys, and sees its collections
	var listed struct {
		Keys []apiKeyBody `json:"keys"`
	}
	a.withKey(k.Key, "GET", "/api/api-keys", nil).expect(t, 200).decode(t, &listed)
	if len(listed.Keys) != 1 || listed.Keys[0].ID != k.APIKey.ID {
		t.Fatalf("our key lists %+v", listed.Keys)
	}
	res := a.withKey(k.Key, "GET", "/api/collections", nil).expect(t, 200)
	if bytes.Contains(res.Body, []byte(coll.ID.String())) {
		t.Fatal("our key sees their collection")
	}
	// the cookie of another workspace's user is ignored next to our key
	a.withKey(k.Key, "GET", "/api/collections", nil, theirs.owner).expect(t, 200)
	if res := a.withKey(k.Key, "GET", "/api/collections", nil, theirs.owner); bytes.Contains(res.Body, []byte(coll.ID.String())) {
		t.Fatal("the cookie beside the key was used")
	}
}

// TestAPIKeyStopsWorking: revocation, expiry, a demotion or a removal of
// its creator end a key at once with 401 and the Bearer challenge; a bad
// header is 401 too, whatever cookie comes with it.
func TestAPIKeyStopsWorking(t *testing.T) {
	t.Parallel()
	tm := seedTeam(t)
	a := tm.a
	refused := func(key string, cookies ...*http.Cookie) {
		t.Helper()
		res := a.withKey(key, "GET", "/api/videos", nil, cookies...)
		res.expectError(t, 401, "invalid_api_key")
		if got := res.Header.Get("WWW-Authenticate"); !strings.HasPrefix(got, "Bearer ") {
			t.Fatalf("WWW-Authenticate %q", got)
		}
	}

	revoked := a.newKey(tm.owner, "revoked", "write")
	a.withKey(revoked.Key, "GET", "/api/videos", nil).expect(t, 200)
	a.request("DELETE", "/api/api-keys/"+revoked.APIKey.ID.String(), nil, tm.admin).expect(t, 204)
	refused(revoked.Key)
	refused(revoked.Key, tm.owner) // the cookie beside it does not count
	a.request("DELETE", "/api/api-keys/"+revoked.APIKey.ID.String(), nil, tm.owner).expect(t, 204)
	if n := count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = 'api_key_revoked'`, tm.ws); n != 1 {
		t.Fatalf("%d revocations logged, want 1", n)
	}

	expiring := a.newKey(tm.owner, "expiring", "read")
	a.withKey(expiring.Key, "GET", "/api/videos", nil).expect(t, 200)
	exec(t, `UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, expiring.APIKey.ID)
	refused(expiring.Key)

	demoted := a.newKey(tm.admin, "admin's", "write")
	a.withKey(demoted.Key, "GET", "/api/videos", nil).expect(t, 200)
	a.request("PATCH", members("members", tm.adminID), map[string]string{"role": "member"}, tm.owner).expect(t, 200)
	refused(demoted.Key)
	a.request("PATCH", members("members", tm.adminID), map[string]string{"role": "admin"}, tm.owner).expect(t, 200)
	a.withKey(demoted.Key, "GET", "/api/videos", nil).expect(t, 200)
	// removed, then back in the workspace: the old key stays refused
	a.request("DELETE", members("members", tm.adminID), nil, tm.owner).expect(t, 200)
	refused(demoted.Key)
	exec(t, `INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, 'admin')`, tm.ws, tm.adminID)
	refused(demoted.Key)

	keys := map[uuid.UUID]string{}
	for _, k := range a.keys(tm.owner) {
		keys[k.ID] = k.Status
	}
	if keys[revoked.APIKey.ID] != "revoked" || keys[expiring.APIKey.ID] != "expired" || keys[demoted.APIKey.ID] != "inactive" {
		t.Fatalf("statuses %v", keys)
	}

	for _, bad := range []string{"", "rt_", "rt_short", "nope-" + strings.Repeat("a", 41), "rt_" + strings.Repeat("A", 43), revoked.Key + "x"} {
		refused(bad, tm.owner)
	}
	// another scheme is not the service's: the cookie signs in
	req := httptest.NewRequest("GET", "/api/videos", nil)
	req.Header.Set("Authorization", "Basic dXNlcjpwYXNz")
	req.AddCookie(tm.owner)
	a.send(req).expect(t, 200)
}

// TestRoutesThatRefuseAPIKeys: the routes of the person's own account and
// sessions, of keys, the team and billing answer 403 api_key_not_allowed
// to a write key and do nothing.
func TestRoutesThatRefuseAPIKeys(t *testing.T) {
	t.Parallel()
	tm := seedTeam(t)
	a := tm.a
	k := a.newKey(tm.owner, "automation", "write")
	keys := count(t, `SELECT count(*) FROM api_keys WHERE workspace_id = $1`, tm.ws)
	sessions := count(t, `SELECT count(*) FROM sessions WHERE user_id = $1 AND ended_at IS NULL`, tm.ownerID)
	for _, r := range []struct {
		method, path string
		body         any
	}{
		{"POST", "/api/auth/logout", nil},
		{"POST", "/api/auth/logout-everywhere", nil},
		{"POST", "/api/auth/verify-email/resend", nil},
		{"POST", "/api/auth/password/change", map[string]string{"currentPassword": "correct horse", "newPassword": "another horse"}},
		{"POST", "/api/invites/accept", map[string]string{"token": "x"}},
		{"POST", "/api/workspace/bootstrap", nil},
		{"POST", "/api/api-keys", map[string]string{"name": "child", "scope": "write"}},
		{"POST", "/api/workspace/team", map[string]string{"email": uniqueEmail("x"), "role": "admin"}},
		{"PATCH", members("members", tm.bobID), map[string]string{"role": "admin"}},
		{"DELETE", members("members", tm.bobID), nil},
		{"POST", members("invites", tm.invite) + "/resend", nil},
		{"DELETE", members("invites", tm.invite), nil},
		{"POST", "/api/payment/create-checkout", map[string]string{"plan": "growth", "interval": "month"}},
		{"POST", "/api/payment/create-portal", nil},
	} {
		a.withKey(k.Key, r.method, r.path, r.body, tm.owner).expectError(t, 403, "api_key_not_allowed")
	}
	if count(t, `SELECT count(*) FROM api_keys WHERE workspace_id = $1`, tm.ws) != keys || tm.role(t, tm.bobID) != "member" ||
		count(t, `SELECT count(*) FROM workspace_invites WHERE id = $1`, tm.invite) != 1 ||
		count(t, `SELECT count(*) FROM sessions WHERE user_id = $1 AND ended_at IS NULL`, tm.ownerID) != sessions {
		t.Fatal("a refused request wrote")
	}
	// the key still revokes keys, itself included
	a.withKey(k.Key, "DELETE", "/api/api-keys/"+k.APIKey.ID.String(), nil).expect(t, 204)
	a.withKey(k.Key, "GET", "/api/videos", nil).expectError(t, 401, "invalid_api_key")
}

// TestAPIKeyManagement: owners and admins create, list and revoke keys;
// members may not; bad input writes nothing.
func TestAPIKeyManagement(t *testing.T) {
	t.Parallel()
	tm := seedTeam(t)
	a := tm.a
	a.request("GET", "/api/api-keys", nil, tm.bob).expectError(t, 403, "forbidden")
	a.request("POST", "/api/api-keys", map[string]string{"name": "mine", "scope": "read"}, tm.bob).expectError(t, 403, "forbidden")
	k := a.newKey(tm.owner, "  Nightly  ", "read")
	if k.APIKey.Name != "Nightly" {
		t.Fatalf("name %q", k.APIKey.Name)
	}
	a.request("DELETE", "/api/api-keys/"+k.APIKey.ID.String(), nil, tm.bob).expectError(t, 403, "forbidden")

	expires := time.Now().Add(48 * time.Hour).UTC().Truncate(time.Second)
	var out apiKeyCreated
	a.request("POST", "/api/api-keys", map[string]any{"name": "Short", "scope": "write", "expiresAt": expires}, tm.admin).expect(t, 201).decode(t, &out)
	if out.APIKey.ExpiresAt == nil || !out.APIKey.ExpiresAt.Equal(expires) {
		t.Fatalf("expiry %v, want %v", out.APIKey.ExpiresAt, expires)
	}
	before := count(t, `SELECT count(*) FROM api_keys WHERE workspace_id = $1`, tm.ws)
	for _, body := range []any{
		map[string]any{"name": "", "scope": "read"},
		map[string]any{"name": "x", "scope": "admin"},
		map[string]any{"name": "x"},
		map[string]any{"name": "x", "scope": "read", "expiresAt": time.Now().Add(-time.Hour)},
		map[string]any{"name": "x", "scope": "read", "expiresAt": time.Now().AddDate(6, 0, 0)},
		map[string]any{"name": "x", "scope": "read", "expiresAt": "tomorrow"},
		map[string]any{"name": "x", "scope": "read", "key": "rt_mine"},
		map[string]any{"name": strings.Repeat("x", 101), "scope": "read"},
	} {
		a.request("POST", "/api/api-keys", body, tm.owner).expectError(t, 400, "invalid_request")
	}
	a.request("DELETE", "/api/api-keys/"+uuid.NewString(), nil, tm.owner).expectError(t, 404, "not_found")
	a.request("DELETE", "/api/api-keys/nope", nil, tm.owner).expectError(t, 400, "invalid_request")
	if count(t, `SELECT count(*) FROM api_keys WHERE workspace_id = $1`, tm.ws) != before {
		t.Fatal("bad input was written")
	}
	keys := a.keys(tm.admin)
	if len(keys) != 2 || keys[0].ID != out.APIKey.ID || keys[1].ID != k.APIKey.ID {
		t.Fatalf("listed %+v", keys)
	}
}

// TestAPIKeysAreNotLogged: neither a key's creation nor its use writes the
// key to the log; the access log names the key by its id.
func TestAPIKeysAreNotLogged(t *testing.T) {
	t.Parallel()
	var logs syncBuffer
	a := newApp(t, func(d *wiring.Deps) {
		d.Log = slog.New(slog.NewJSONHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	owner := a.signUp(uniqueEmail("logged-keys"))
	a.bootstrap(owner)
	k := a.newKey(owner, "logged", "read")
	used := a.withKey(k.Key, "GET", "/api/videos", nil).expect(t, 200)
	a.withKey(k.Key, "POST", "/api/collections", map[string]string{"name": "x"}).expect(t, 403)
	a.withKey(k.Key+"x", "GET", "/api/videos", nil).expect(t, 401)
	a.withKey("rt_"+strings.Repeat("B", 43), "GET", "/api/videos", nil).expect(t, 401)

	out := logs.String()
	if strings.Contains(out, k.Key[3:]) || strings.Contains(out, strings.Repeat("B", 43)) || strings.Contains(strings.ToLower(out), "bearer") {
		t.Fatalf("the log holds a key:\n%s", out)
	}
	if line := requestLine(t, &logs, used); line["apiKeyId"] != k.APIKey.ID.String() {
		t.Fatalf("access log line %v does not name the key", line)
	}
}

// TestAPIKeyRateLimit: a key has its own bucket of
// RATE_LIMIT_API_KEY_PER_MINUTE requests; past it 429 with Retry-After,
// while the creator's session and another key go on.
func TestAPIKeyRateLimit(t *testing.T) {
	t.Parallel()
	a := newApp(t, func(d *wiring.Deps) {
		d.Config.RateLimitAPIKey = 3
		d.Config.RateLimitUser = 100
	})
	owner := a.signUp(uniqueEmail("limited-keys"))
	a.bootstrap(owner)
	k, other := a.newKey(owner, "busy", "read"), a.newKey(owner, "quiet", "read")
	for range 3 {
		a.withKey(k.Key, "GET", "/api/videos", nil).expect(t, 200)
	}
	a.withKey(k.Key, "GET", "/api/videos", nil).expectError(t, 429, "rate_limited")
	r := a.withKey(k.Key, "GET", "/api/collections", nil)
	if r.Status != 429 || r.Header.Get("Retry-After") == "" {
		t.Fatalf("status %d, Retry-After %q", r.Status, r.Header.Get("Retry-After"))
	}
	a.withKey(other.Key, "GET", "/api/videos", nil).expect(t, 200)
	a.request("GET", "/api/videos", nil, owner).expect(t, 200)
}

// TestAPIKeyLastUseIsWrittenOnceAMinute: the key's last use is written on
// its first request and not again within the minute.
func TestAPIKeyLastUseIsWrittenOnceAMinute(t *testing.T) {
	t.Parallel()
	tm := seedTeam(t)
	a := tm.a
	k := a.newKey(tm.owner, "often", "read")
	a.withKey(k.Key, "GET", "/api/videos", nil).expect(t, 200)
	var first time.Time
	if err := env.PG.QueryRow(t.Context(), `SELECT last_used_at FROM api_keys WHERE id = $1`, k.APIKey.ID).Scan(&first); err != nil {
		t.Fatal(err)
	}
	exec(t, `UPDATE api_keys SET last_used_ip = 'marker' WHERE id = $1`, k.APIKey.ID)
	a.withKey(k.Key, "GET", "/api/videos", nil).expect(t, 200)
	if n := count(t, `SELECT count(*) FROM api_keys WHERE id = $1 AND last_used_at = $2 AND last_used_ip = 'marker'`, k.APIKey.ID, first); n != 1 {
		t.Fatal("the last use was written again within the minute")
	}
	exec(t, `UPDATE api_keys SET last_used_at = last_used_at - interval '61 seconds' WHERE id = $1`, k.APIKey.ID)
	a.withKey(k.Key, "GET", "/api/videos", nil).expect(t, 200)
	if n := count(t, `SELECT count(*) FROM api_keys WHERE id = $1 AND last_used_at > $2 AND last_used_ip <> 'marker'`, k.APIKey.ID, first); n != 1 {
		t.Fatal("the last use was not written after a minute")
	}
}

// TestOpenAPIListsWhereKeysWork: a session route lists bearerAuth in
// openapi.yaml exactly when it takes an API key; the others answer 403
// api_key_not_allowed to one.
func TestOpenAPIListsWhereKeysWork(t *testing.T) {
	t.Parallel()
	var doc struct {
		Paths map[string]map[string]yaml.Node `yaml:"paths"`
	}
	if err := yaml.Unmarshal(reeltrack.OpenAPI, &doc); err != nil {
		t.Fatal(err)
	}
	tm := seedTeam(t)
	a := tm.a
	k := a.newKey(tm.owner, "every route", "write")
	checked := 0
	for path, item := range doc.Paths {
		for method, node := range item {
			var op struct {
				Security []map[string][]string `yaml:"security"`
			}
			if method == "parameters" {
				continue
			}
			if err := node.Decode(&op); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			var cookie, bearer bool
			for _, alt := range op.Security {
				_, c := alt["sessionCookie"]
				_, b := alt["bearerAuth"]
				cookie, bearer = cookie || c, bearer || b
			}
			if !cookie && !bearer {
				continue
			}
			// an id of no row: the request is refused or answers 4xx
			// before it changes anything
			p := regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(path, uuid.NewString())
			req := httptest.NewRequest(strings.ToUpper(method), p, strings.NewReader(`{"x":1}`))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Authorization", "Bearer "+k.Key)
			res := a.send(req)
			var body api.ErrorBody
			_ = json.Unmarshal(res.Body, &body)
			refused := res.Status == 403 && body.Error.Code == "api_key_not_allowed"
			switch {
			case bearer && (refused || res.Status == 401):
				t.Errorf("%s %s lists bearerAuth but answers a key %d %s", method, path, res.Status, res.Body)
			case !bearer && !refused:
				t.Errorf("%s %s does not list bearerAuth but answers a key %d %s", method, path, res.Status, res.Body)
			}
			checked++
		}
	}
	if checked < 40 {
		t.Fatalf("only %d session routes checked", checked)
	}
}
