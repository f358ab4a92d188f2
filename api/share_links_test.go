package api_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
	"github.com/reeltrack/reeltrack/query/numbers"
	querysharing "github.com/reeltrack/reeltrack/query/sharing"
)

// sharedLinkOut is the answer of a link's creation.
type sharedLinkOut struct {
	querysharing.ShareLink
	Token string `json:"token"`
	URL   string `json:"url"`
}

// shareFixture is the dashboard's workspace with a second collection (v3
// in it) and the first one a campaign, and another workspace with a
// collection of its own.
type shareFixture struct {
	*dashboard
	second    uuid.UUID
	otherWS   uuid.UUID
	otherColl uuid.UUID
	other     *http.Cookie
}

func seedShare(t *testing.T) *shareFixture {
	t.Helper()
	d := seedDashboard(t)
	f := &shareFixture{dashboard: d, second: env.Collection(t, d.ws, "Second")}
	exec(t, `UPDATE videos SET collection_id = $2 WHERE id = $1`, d.videos["v3"], f.second)
	d.app.request("POST", "/api/campaigns", map[string]any{
		"collectionId": d.collection, "currency": "usd", "startsAt": dashNow.AddDate(0, 0, -60), "budget": 500000, "period": "monthly",
		"platforms": []string{"tiktok", "x"},
		"rules":     map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 100}}},
	}, d.cookie).expect(t, 201)
	f.other = d.app.signUp(uniqueEmail("share-other"))
	f.otherWS = d.app.bootstrap(f.other).Workspace.ID
	f.otherColl = env.Collection(t, f.otherWS, "Theirs")
	return f
}

// share makes a link as the dashboard's owner.
func (f *shareFixture) share(t *testing.T, body map[string]any) sharedLinkOut {
	t.Helper()
	var out sharedLinkOut
	f.app.request("POST", "/api/share-links", body, f.cookie).expect(t, 201).decode(t, &out)
	return out
}

// open requests a public route of a link.
func (f *shareFixture) open(token, path string, cookies ...*http.Cookie) response {
	return f.app.request("GET", "/api/shared/"+token+path, nil, cookies...)
}

// jsonKeys lists every object key of a JSON document, at any depth.
func jsonKeys(t *testing.T, raw []byte) []string {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("decode %s: %v", raw, err)
	}
	var keys []string
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				keys = append(keys, k)
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return keys
}

// sameJSON reports whether two documents hold the same values.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ax, _ := json.Marshal(x)
	by, _ := json.Marshal(y)
	return bytes.Equal(ax, by)
}

// TestShareLinkShowsOnlyItsScope: a link to a collection answers the
// dashboard's own overview and videos of that collection with the link's
// filters, whatever parameters a visitor adds (other collections, another
// workspace's, other platforms, other windows); its videos carry no ids
// of other entities; its campaign summary has no amount at all until
// payouts are switched on; nothing names the team. Its token is stored
// only hashed and the answer of its creation gives the page's URL.
func TestShareLinkShowsOnlyItsScope(t *testing.T) {
	t.Parallel()
	f := seedShare(t)
	link := f.share(t, map[string]any{"name": "Client view", "collectionId": f.collection, "platforms": []string{"tiktok"}, "datePreset": "7d"})
	if link.URL != "http://127.0.0.1:8080/s/"+link.Token || len(link.Token) != 43 || link.Scope.Kind != "campaign" || link.Scope.Name != "Launch" ||
		link.IncludePayouts || link.AllowEmbedding || link.HasPassword || link.ViewCount != 0 {
		t.Fatalf("created %+v", link)
	}
	sum := sha256.Sum256([]byte(link.Token))
	if n := count(t, `SELECT count(*) FROM share_links WHERE id = $1 AND token_hash = $2`, link.ID, sum[:]); n != 1 {
		t.Fatalf("the token's hash is not what is stored")
	}
	var listed struct {
		ShareLinks []map[string]any `json:"shareLinks"`
	}
	f.app.request("GET", "/api/share-links", nil, f.cookie).expect(t, 200).decode(t, &listed)
	if len(listed.ShareLinks) != 1 || listed.ShareLinks[0]["token"] != nil || listed.ShareLinks[0]["url"] != nil {
		t.Fatalf("the list shows %v", listed.ShareLinks)
	}

	var info map[string]any
	f.open(link.Token, "").expect(t, 200).decode(t, &info)
	if info["name"] != "Client view" || info["passwordRequired"] != false || info["scope"].(map[string]any)["name"] != "Launch" {
		t.Fatalf("info %v", info)
	}

	dash := f.app.request("GET", "/api/overview?"+url.Values{"collectionId": {f.collection.String()}, "platforms": {"tiktok"}, "datePreset": {"7d"}}.Encode(), nil, f.cookie).expect(t, 200)
	var o numbers.Overview
	dash.decode(t, &o)
	if o.Totals.Videos == 0 || o.Totals.Views == 0 {
		t.Fatalf("the dashboard's overview of the scope is empty: %s", dash.Body)
	}
	probes := []url.Values{
		{},
		{"collectionId": {f.second.String()}},
		{"collectionId": {f.otherColl.String()}, "platforms": {"x,instagram"}},
		{"datePreset": {"all"}, "status": {"error"}, "individualOnly": {"true"}},
		{"from": {"2026-01-01"}, "to": {"2026-11-01"}, "workspaceId": {f.otherWS.String()}},
	}
	for _, p := range probes {
		got := f.open(link.Token, "/overview?"+p.Encode()).expect(t, 200)
		if !sameJSON(t, got.Body, dash.Body) {
			t.Errorf("overview with %v differs from the dashboard's:\n%s\n%s", p, got.Body, dash.Body)
		}
	}

	dashVideos := f.app.request("GET", "/api/videos?"+url.Values{"collectionId": {f.collection.String()}, "platforms": {"tiktok"}}.Encode(), nil, f.cookie).expect(t, 200)
	var dv videoList
	dashVideos.decode(t, &dv)
	for _, p := range append(probes, url.Values{"platforms": {"x"}, "sort": {"views"}}) {
		got := f.open(link.Token, "/videos?"+p.Encode()).expect(t, 200)
		var sv videoList
		got.decode(t, &sv)
		if sv.Total != dv.Total || len(sv.Videos) != len(dv.Videos) {
			t.Fatalf("videos with %v: %d of %d, dashboard %d of %d", p, len(sv.Videos), sv.Total, len(dv.Videos), dv.Total)
		}
		for i, v := range sv.Videos {
			want := dv.Videos[i]
			if v.ID != want.ID || !ptrEq(v.Metrics.Views, want.Metrics.Views) || v.Platform != "tiktok" {
				t.Errorf("videos with %v: #%d is %v (%s views), dashboard %v (%s)", p, i, v.ID, show(v.Metrics.Views), want.ID, show(want.Metrics.Views))
			}
		}
		for _, k := range jsonKeys(t, got.Body) {
			if k == "accountId" || k == "collectionId" || k == "statusReason" || k == "addedAt" {
				t.Errorf("the shared videos carry %q", k)
			}
		}
	}
	// paging and sorting are the visitor's
	var page videoList
	f.open(link.Token, "/videos?limit=1&offset=1&sort=likes").expect(t, 200).decode(t, &page)
	if page.Limit != 1 || page.Offset != 1 || len(page.Videos) != min(1, dv.Total-1) {
		t.Errorf("page %+v", page)
	}
	f.open(link.Token, "/videos?limit=0").expectError(t, 400, "invalid_request")

	// the campaign: no money at all unless the link includes payouts
	noMoney := []string{"amount", "budget", "spend", "committed", "paid", "projected", "price", "effectiveCpm", "currency", "payouts", "paidViews", "minorDigits"}
	camp := f.open(link.Token, "/campaign").expect(t, 200)
	for _, k := range jsonKeys(t, camp.Body) {
		if slices.Contains(noMoney, k) {
			t.Errorf("the campaign without payouts has %q: %s", k, camp.Body)
		}
	}
	var c struct {
		Name      string           `json:"name"`
		TopVideos []map[string]any `json:"topVideos"`
	}
	camp.decode(t, &c)
	if c.Name != "Launch" || len(c.TopVideos) == 0 {
		t.Fatalf("campaign %s", camp.Body)
	}
	f.app.request("PATCH", "/api/share-links/"+link.ID.String(), map[string]any{"includePayouts": true}, f.cookie).expect(t, 200)
	var paid struct {
		Payouts *struct {
			Currency string           `json:"currency"`
			Budget   int64            `json:"budget"`
			Lines    []map[string]any `json:"lines"`
		} `json:"payouts"`
	}
	f.open(link.Token, "/campaign").expect(t, 200).decode(t, &paid)
	if paid.Payouts == nil || paid.Payouts.Currency != "USD" || paid.Payouts.Budget != 500000 || len(paid.Payouts.Lines) == 0 || paid.Payouts.Lines[0]["amount"] == nil {
		t.Fatalf("payouts %+v", paid.Payouts)
	}

	// nothing of the team: no e-mail anywhere, no member or role
	for _, path := range []string{"", "/overview", "/videos", "/campaign"} {
		body := f.open(link.Token, path).expect(t, 200).Body
		if bytes.Contains(body, []byte("@")) {
			t.Errorf("%s names an e-mail: %s", path, body)
		}
		for _, k := range jsonKeys(t, body) {
			if k == "email" || k == "members" || k == "role" || k == "workspaceId" || k == "collectionId" {
				t.Errorf("%s carries %q", path, k)
			}
		}
	}

	// a link to the whole workspace has no campaign; one to a plain
	// collection neither
	whole := f.share(t, map[string]any{"name": "All of it"})
	f.open(whole.Token, "/campaign").expectError(t, 404, "not_found")
	plain := f.share(t, map[string]any{"name": "Second", "collectionId": f.second})
	f.open(plain.Token, "/campaign").expectError(t, 404, "not_found")
	var pv videoList
	f.open(plain.Token, "/videos").expect(t, 200).decode(t, &pv)
	if pv.Total != 1 || pv.Videos[0].ID != f.videos["v3"] {
		t.Errorf("the second collection's link lists %+v", pv)
	}
}

// TestShareLinkManagement: bad input is a 400 and writes nothing; another
// workspace's collection or link is a 404; members list but do not make,
// change or revoke; each change is in the activity log.
func TestShareLinkManagement(t *testing.T) {
	t.Parallel()
	f := seedShare(t)
	links := func() int { return count(t, `SELECT count(*) FROM share_links WHERE workspace_id = $1`, f.ws) }
	for _, body := range []map[string]any{
		{"name": ""},
		{"name": "x", "platforms": []string{"myspace"}},
		{"name": "x", "datePreset": "1y"},
		{"name": "x", "datePreset": "custom", "from": "2026-11-10"},
		{"name": "x", "password": "short"},
		{"name": "x", "expiresAt": dashNow.Add(-time.Hour)},
		{"name": "x", "frozenAt": dashNow.Add(time.Hour)},
		{"name": "x", "allowEmbedding": true, "embedOrigins": []string{"https://a.example/path"}},
		{"name": "x", "embedOrigins": []string{"https://a.example"}},
		{"name": "x", "token": "mine"},
	} {
		f.app.request("POST", "/api/share-links", body, f.cookie).expectError(t, 400, "invalid_request")
	}
	f.app.request("POST", "/api/share-links", map[string]any{"name": "x", "collectionId": f.otherColl}, f.cookie).expectError(t, 404, "not_found")
	if n := links(); n != 0 {
		t.Fatalf("refused input wrote %d links", n)
	}

	theirs := sharedLinkOut{}
	f.app.request("POST", "/api/share-links", map[string]any{"name": "Theirs", "collectionId": f.otherColl}, f.other).expect(t, 201).decode(t, &theirs)
	f.app.request("PATCH", "/api/share-links/"+theirs.ID.String(), map[string]any{"name": "Mine now"}, f.cookie).expectError(t, 404, "not_found")
	f.app.request("DELETE", "/api/share-links/"+theirs.ID.String(), nil, f.cookie).expectError(t, 404, "not_found")
	f.open(theirs.Token, "/overview").expect(t, 200)

	link := f.share(t, map[string]any{"name": "Client", "datePreset": "custom", "from": "2026-11-01", "to": "2026-11-10",
		"allowEmbedding": true, "embedOrigins": []string{"HTTPS://Client.Example"}})
	if link.DatePreset != "custom" || *link.From != "2026-11-01" || *link.To != "2026-11-10" || !slices.Equal(link.EmbedOrigins, []string{"https://client.example"}) {
		t.Fatalf("created %+v", link)
	}

	email := uniqueEmail("share-member")
	member := f.app.signUp(email)
	var uid uuid.UUID
	if err := env.PG.QueryRow(context.Background(), `SELECT id FROM users WHERE email = $1`, email).Scan(&uid); err != nil {
		t.Fatal(err)
	}
	env.Member(t, f.ws, uid, domain.RoleMember)
	f.app.request("GET", "/api/share-links", nil, member).expect(t, 200)
	f.app.request("POST", "/api/share-links", map[string]any{"name": "y"}, member).expectError(t, 403, "forbidden")
	f.app.request("PATCH", "/api/share-links/"+link.ID.String(), map[string]any{"name": "y"}, member).expectError(t, 403, "forbidden")
	f.app.request("DELETE", "/api/share-links/"+link.ID.String(), nil, member).expectError(t, 403, "forbidden")

	var changed querysharing.ShareLink
	f.app.request("PATCH", "/api/share-links/"+link.ID.String(), map[string]any{"name": "Client, renamed", "password": "a long password", "allowEmbedding": false}, f.cookie).expect(t, 200).decode(t, &changed)
	if changed.Name != "Client, renamed" || !changed.HasPassword || changed.AllowEmbedding || len(changed.EmbedOrigins) != 0 {
		t.Fatalf("changed %+v", changed)
	}
	f.app.request("PATCH", "/api/share-links/"+link.ID.String(), map[string]any{"frozenAt": "yesterday"}, f.cookie).expectError(t, 400, "invalid_request")
	f.app.request("DELETE", "/api/share-links/"+link.ID.String(), nil, f.cookie).expect(t, 204)
	f.app.request("DELETE", "/api/share-links/"+link.ID.String(), nil, f.cookie).expectError(t, 404, "not_found")
	for action, want := range map[domain.Action]int{domain.ActionShareLinkCreated: 1, domain.ActionShareLinkChanged: 1, domain.ActionShareLinkRevoked: 1} {
		if n := count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = $2`, f.ws, string(action)); n != want {
			t.Errorf("%d %s entries, want %d", n, action, want)
		}
	}
}

// TestShareLinkEndsAtOnce: a revoked link and an expired one answer, from
// the next request on, the very 404 of a token never issued or malformed;
// views are counted as the link is opened.
func TestShareLinkEndsAtOnce(t *testing.T) {
	t.Parallel()
	f := seedShare(t)
	link := f.share(t, map[string]any{"name": "Client", "expiresAt": time.Now().Add(24 * time.Hour)})
	soon := f.share(t, map[string]any{"name": "Soon", "expiresAt": time.Now().Add(24 * time.Hour)})
	f.open(link.Token, "").expect(t, 200)
	f.open(link.Token, "").expect(t, 200)
	f.open(link.Token, "/overview").expect(t, 200)
	var got querysharing.ShareLink
	f.app.request("GET", "/api/share-links", nil, f.cookie).expect(t, 200)
	var listed struct {
		ShareLinks []querysharing.ShareLink `json:"shareLinks"`
	}
	f.app.request("GET", "/api/share-links", nil, f.cookie).expect(t, 200).decode(t, &listed)
	for _, l := range listed.ShareLinks {
		if l.ID == link.ID {
			got = l
		}
	}
	if got.ViewCount != 2 || got.LastViewedAt == nil || !got.LastViewedAt.Equal(dashNow) {
		t.Fatalf("views %d, last %v", got.ViewCount, got.LastViewedAt)
	}

	unknown := f.open(strings.Repeat("A", 43), "/overview")
	unknown.expectError(t, 404, "not_found")
	strip := func(r response) string {
		var e struct {
			Error struct{ Code, Message string } `json:"error"`
		}
		r.decode(t, &e)
		return e.Error.Code + ":" + e.Error.Message
	}
	want := strip(unknown)
	f.app.request("DELETE", "/api/share-links/"+link.ID.String(), nil, f.cookie).expect(t, 204)
	exec(t, `UPDATE share_links SET expires_at = $2 WHERE id = $1`, soon.ID, dashNow.Add(-time.Second))
	for _, r := range []response{
		f.open(link.Token, ""), f.open(link.Token, "/overview"), f.open(link.Token, "/videos"),
		f.open(soon.Token, ""), f.open(soon.Token, "/overview"),
		f.open("not-a-token", "/overview"),
		f.app.request("POST", "/api/shared/"+link.Token+"/unlock", map[string]any{"password": "x"}),
	} {
		r.expectError(t, 404, "not_found")
		if got := strip(r); got != want {
			t.Errorf("answered %q, want the unknown token's %q", got, want)
		}
	}
}

// TestShareLinkPassword: a link with a password shows its numbers only
// after the right password: wrong ones answer 401, then 429 for the link
// and client; the right one sets an HttpOnly, SameSite=Lax cookie for a
// day on that link's path, which opens it; a tampered cookie, another
// link's and one from before the password changed do not.
func TestShareLinkPassword(t *testing.T) {
	t.Parallel()
	f := seedShare(t)
	link := f.share(t, map[string]any{"name": "Locked", "password": "correct horse"})
	other := f.share(t, map[string]any{"name": "Also locked", "password": "correct horse"})
	if !link.HasPassword {
		t.Fatal("no password")
	}
	if n := count(t, `SELECT count(*) FROM share_links WHERE id = $1 AND password_hash LIKE '$2%'`, link.ID); n != 1 {
		t.Fatal("the password is not stored as a bcrypt hash")
	}
	var info map[string]any
	f.open(link.Token, "").expect(t, 200).decode(t, &info)
	if info["passwordRequired"] != true || info["unlocked"] != false {
		t.Fatalf("info %v", info)
	}
	for _, p := range []string{"/overview", "/videos"} {
		f.open(link.Token, p).expectError(t, 401, "unauthenticated")
	}
	unlock := func(token, password string) response {
		return f.app.request("POST", "/api/shared/"+token+"/unlock", map[string]any{"password": password})
	}
	// the right password first, on the other link
	res := unlock(other.Token, "correct horse").expect(t, 200)
	var cookie *http.Cookie
	for _, c := range res.Cookies {
		if c.Name == "reeltrack_share" {
			cookie = c
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.Path != "/api/shared/"+other.Token || cookie.MaxAge != 86400 {
		t.Fatalf("cookie %+v", cookie)
	}
	f.open(other.Token, "/overview", cookie).expect(t, 200)
	f.open(other.Token, "/videos", cookie).expect(t, 200)
	// another link's cookie opens nothing
	f.open(link.Token, "/overview", cookie).expectError(t, 401, "unauthenticated")
	tampered := *cookie
	raw := []byte(tampered.Value)
	raw[len(raw)-5] ^= 1
	if raw[len(raw)-5] == '-' || raw[len(raw)-5] == '_' {
		raw[len(raw)-5] = 'A'
	}
	tampered.Value = string(raw)
	f.open(other.Token, "/overview", &tampered).expectError(t, 401, "unauthenticated")

	for i := 0; i < 5; i++ {
		unlock(link.Token, "wrong guess").expectError(t, 401, "unauthenticated")
	}
	r := unlock(link.Token, "correct horse")
	if r.Status != 429 || r.Header.Get("Retry-After") == "" {
		t.Fatalf("after 5 wrong passwords: %d %s", r.Status, r.Body)
	}

	// a new password ends the unlocks made with the old one
	f.app.request("PATCH", "/api/share-links/"+other.ID.String(), map[string]any{"password": "another long one"}, f.cookie).expect(t, 200)
	f.open(other.Token, "/overview", cookie).expectError(t, 401, "unauthenticated")
	// removing it opens the link to everyone
	f.app.request("PATCH", "/api/share-links/"+other.ID.String(), map[string]any{"password": ""}, f.cookie).expect(t, 200)
	f.open(other.Token, "/overview").expect(t, 200)
}

// TestShareLinkHeaders: every answer of a link, errors included, is kept
// from indexes, referrers and caches and from frames, unless the link
// allows embedding: then its origins, or any when it names none.
func TestShareLinkHeaders(t *testing.T) {
	t.Parallel()
	f := seedShare(t)
	plain := f.share(t, map[string]any{"name": "Plain"})
	some := f.share(t, map[string]any{"name": "Some", "allowEmbedding": true, "embedOrigins": []string{"https://b.example", "https://a.example:8443"}})
	anyOrigin := f.share(t, map[string]any{"name": "Any", "allowEmbedding": true})
	check := func(name string, r response, frame string, deny bool) {
		t.Helper()
		h := r.Header
		if h.Get("X-Robots-Tag") != "noindex, nofollow" || h.Get("Referrer-Policy") != "no-referrer" || h.Get("Cache-Control") != "no-store" {
			t.Errorf("%s: robots %q, referrer %q, cache %q", name, h.Get("X-Robots-Tag"), h.Get("Referrer-Policy"), h.Get("Cache-Control"))
		}
		if !strings.Contains(h.Get("Content-Security-Policy"), frame) || (h.Get("X-Frame-Options") == "DENY") != deny {
			t.Errorf("%s: CSP %q, X-Frame-Options %q", name, h.Get("Content-Security-Policy"), h.Get("X-Frame-Options"))
		}
	}
	check("info", f.open(plain.Token, ""), "frame-ancestors 'none'", true)
	check("overview", f.open(plain.Token, "/overview"), "frame-ancestors 'none'", true)
	check("unknown", f.open(strings.Repeat("B", 43), ""), "frame-ancestors 'none'", true)
	check("origins", f.open(some.Token, "/overview"), "frame-ancestors https://a.example:8443 https://b.example", false)
	check("any", f.open(anyOrigin.Token, "/videos"), "frame-ancestors *", false)

	// the dashboard's page of a link carries them too
	a := newApp(t, withSite(testBuild()))
	for _, c := range []struct {
		token, frame string
		deny         bool
	}{{plain.Token, "frame-ancestors 'none'", true}, {some.Token, "frame-ancestors https://a.example:8443 https://b.example", false}, {"unknown", "frame-ancestors 'none'", true}} {
		r := a.request("GET", "/s/"+c.token, nil)
		if r.Status != 200 || !strings.Contains(string(r.Body), "<") {
			t.Fatalf("/s/%s: %d", c.token, r.Status)
		}
		if r.Header.Get("X-Robots-Tag") != "noindex, nofollow" || r.Header.Get("Referrer-Policy") != "no-referrer" ||
			!strings.HasSuffix(r.Header.Get("Content-Security-Policy"), c.frame) || !strings.HasPrefix(r.Header.Get("Content-Security-Policy"), "default-src 'self'") ||
			(r.Header.Get("X-Frame-Options") == "DENY") != c.deny {
			t.Errorf("/s/%s: %v", c.token, r.Header)
		}
	}
}

// TestShareLinkFrozen: a frozen link's numbers are those recorded before
// its freeze, equal to the raw snapshots', and stay so when later
// snapshots arrive, which a live link of the same scope shows.
func TestShareLinkFrozen(t *testing.T) {
	t.Parallel()
	f := seedShare(t)
	at := dashNow.Add(-72 * time.Hour) // 12:30 three days ago: frozen at 12:00
	frozen := f.share(t, map[string]any{"name": "Final", "collectionId": f.collection, "platforms": []string{"tiktok"}, "datePreset": "7d", "frozenAt": at})
	if frozen.FrozenAt == nil || !frozen.FrozenAt.Equal(at.Truncate(time.Hour)) {
		t.Fatalf("frozen at %v", frozen.FrozenAt)
	}
	live := f.share(t, map[string]any{"name": "Live", "collectionId": f.collection, "platforms": []string{"tiktok"}, "datePreset": "7d"})
	cut := at.Truncate(time.Hour)

	// as of the freeze, from the raw snapshots: v2 was first scraped after
	// it, v1 counts its last views before it
	hist := f.history(t, "video")
	var want uint64
	videos := 0
	for _, k := range []string{"v1", "v2"} {
		var last *uint64
		for _, s := range hist[f.videos[k]] {
			if s.at.Before(cut) && s.metrics[0] != nil {
				last = s.metrics[0]
			}
		}
		if last != nil {
			want += *last
			videos++
		}
	}
	var before numbers.Overview
	first := f.open(frozen.Token, "/overview").expect(t, 200)
	first.decode(t, &before)
	if before.Totals.Views != want || before.Totals.Videos != videos || !before.End.Equal(cut) || before.NextScrapeAt != nil {
		t.Fatalf("frozen totals %d views of %d videos to %v, raw snapshots say %d of %d to %v", before.Totals.Views, before.Totals.Videos, before.End, want, videos, cut)
	}
	if n := len(before.Series); n == 0 || before.Series[n-1].Total != int64(want) || before.Series[n-1].T.After(cut) {
		t.Fatalf("frozen series ends %+v", before.Series[max(0, n-1)])
	}
	var fv videoList
	f.open(frozen.Token, "/videos").expect(t, 200).decode(t, &fv)
	if fv.Total != videos || fv.Videos[0].ID != f.videos["v1"] || fv.Videos[0].Metrics.Views == nil || *fv.Videos[0].Metrics.Views != want {
		t.Fatalf("frozen videos %+v", fv)
	}
	var liveBefore numbers.Overview
	f.open(live.Token, "/overview").expect(t, 200).decode(t, &liveBefore)

	// a later snapshot of v1, and a scrape of it recorded
	w := ingest.NewSnapshotWriter(env.CH, 10, time.Now().Add(time.Minute))
	ctx := context.Background()
	if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: f.ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: f.videos["v1"], AccountID: f.accounts["acc1"],
		ScrapedAt: dashNow.Add(-10 * time.Minute), Metrics: ingest.Metrics{Views: u64(900_000_000)}, JobID: uuid.New()}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, f.ws)

	again := f.open(frozen.Token, "/overview").expect(t, 200)
	if !sameJSON(t, again.Body, first.Body) {
		t.Errorf("the frozen overview moved:\n%s\n%s", first.Body, again.Body)
	}
	var fv2 videoList
	f.open(frozen.Token, "/videos").expect(t, 200).decode(t, &fv2)
	if *fv2.Videos[0].Metrics.Views != want {
		t.Errorf("the frozen videos moved to %d", *fv2.Videos[0].Metrics.Views)
	}
	var liveAfter numbers.Overview
	f.open(live.Token, "/overview").expect(t, 200).decode(t, &liveAfter)
	if liveAfter.Totals.Views < 900_000_000 || liveAfter.Totals.Views == liveBefore.Totals.Views {
		t.Errorf("the live link shows %d views after the new snapshot (before %d)", liveAfter.Totals.Views, liveBefore.Totals.Views)
	}
}

// TestShareLinkTokenNotLogged: the access log masks a link's token, in
// its routes and in its page's path, and logs no unlock cookie.
func TestShareLinkTokenNotLogged(t *testing.T) {
	t.Parallel()
	var logs syncBuffer
	a := newApp(t, func(d *wiring.Deps) { d.Log = slog.New(slog.NewJSONHandler(&logs, nil)) }, withSite(testBuild()))
	c := a.signUp(uniqueEmail("share-log"))
	a.bootstrap(c)
	var link sharedLinkOut
	a.request("POST", "/api/share-links", map[string]any{"name": "Logged", "password": "a long password"}, c).expect(t, 201).decode(t, &link)
	a.request("GET", "/api/shared/"+link.Token, nil).expect(t, 200)
	res := a.request("POST", "/api/shared/"+link.Token+"/unlock", map[string]any{"password": "a long password"}).expect(t, 200)
	a.request("GET", "/api/shared/"+link.Token+"/overview", nil, res.cookie("reeltrack_share")).expect(t, 200)
	a.request("GET", "/s/"+link.Token, nil).expect(t, 200)
	out := logs.String()
	for _, secret := range []string{link.Token, res.cookie("reeltrack_share").Value, "a long password"} {
		if strings.Contains(out, secret) {
			t.Fatalf("logs contain a secret %q:\n%s", secret, out)
		}
	}
	if !strings.Contains(out, `"path":"/api/shared/`+link.Token[:4]+`…/overview"`) {
		t.Fatalf("no masked path of the overview in:\n%s", out)
	}
}

// TestShareLinkCampaignByViews: a campaign's link lists its top videos by
// views, most first, and, with payouts, its lines by views too, each with
// the rule that bound its amount: a video whose creator reached the cap
// for the period shows no amount and says "creator_cap", as the owner's
// ledger does.
func TestShareLinkCampaignByViews(t *testing.T) {
	t.Parallel()
	f := seedShare(t)
	// a campaign of acc1's videos with a cap of one dollar per payee and
	// period, which its most viewed video reaches: v2, whose window ends
	// last, is cut to nothing
	capped := env.Collection(t, f.ws, "Capped")
	exec(t, `UPDATE videos SET collection_id = $1 WHERE id = ANY($2)`, capped, []uuid.UUID{f.videos["v1"], f.videos["v2"]})
	acc := f.accounts["acc1"]
	published := dashNow.Add(-4 * 24 * time.Hour)
	top := env.Video(t, f.ws, testenv.VideoOptions{AccountID: acc, AccountHandle: "acc1", CollectionID: &capped, Status: domain.ItemActive,
		URL: "https://example.com/v/top", PublishedAt: published})
	w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
	views := uint64(10_000)
	if err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: f.ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: top, AccountID: acc,
		ScrapedAt: dashNow.Add(-time.Hour), Metrics: ingest.Metrics{Views: &views}, JobID: uuid.New(), PublishedAt: published}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	f.app.request("POST", "/api/campaigns", map[string]any{
		"collectionId": capped, "currency": "usd", "startsAt": dashNow.AddDate(0, 0, -60), "period": "monthly", "platforms": []string{"tiktok"},
		"rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 100}}, "creatorCap": 100},
	}, f.cookie).expect(t, 201)
	var owner querycampaigns.LinesPage
	f.app.request("GET", "/api/campaigns/"+capped.String()+"/lines?limit=500", nil, f.cookie).expect(t, 200).decode(t, &owner)
	atCap := 0
	for _, l := range owner.Lines {
		if l.Bound == "creator_cap" {
			atCap++
		}
	}
	if len(owner.Lines) != 3 || atCap == 0 || owner.Lines[0].URL == "https://example.com/v/top" {
		t.Fatalf("the owner's ledger has %d lines, %d capped by the creator cap, want 3 lines, some capped, the most viewed not first: %+v",
			len(owner.Lines), atCap, owner.Lines)
	}

	link := f.share(t, map[string]any{"name": "Campaign", "collectionId": capped, "includePayouts": true})
	var shared struct {
		TopVideos []struct {
			URL   string `json:"url"`
			Views int64  `json:"views"`
		} `json:"topVideos"`
		Payouts struct {
			Lines []struct {
				URL    string `json:"url"`
				Views  int64  `json:"views"`
				Amount int64  `json:"amount"`
				Bound  string `json:"bound"`
			} `json:"lines"`
		} `json:"payouts"`
	}
	f.open(link.Token, "/campaign").expect(t, 200).decode(t, &shared)
	if len(shared.TopVideos) == 0 || len(shared.Payouts.Lines) != len(owner.Lines) {
		t.Fatalf("the link shows %d top videos and %d lines of %d", len(shared.TopVideos), len(shared.Payouts.Lines), len(owner.Lines))
	}
	for i := 1; i < len(shared.TopVideos); i++ {
		if shared.TopVideos[i].Views > shared.TopVideos[i-1].Views {
			t.Errorf("top videos not by views: %+v", shared.TopVideos)
		}
	}
	bound := map[string]string{}
	for _, l := range owner.Lines {
		bound[l.URL] = l.Bound
	}
	sharedCapped := 0
	for i, l := range shared.Payouts.Lines {
		if i > 0 && l.Views > shared.Payouts.Lines[i-1].Views {
			t.Errorf("payout lines not by views: %+v", shared.Payouts.Lines)
		}
		if l.Bound != bound[l.URL] {
			t.Errorf("%s: bound %q on the link, %q in the ledger", l.URL, l.Bound, bound[l.URL])
		}
		if l.Bound == "creator_cap" {
			sharedCapped++
		}
	}
	if sharedCapped != atCap {
		t.Errorf("the link says %d lines were capped by the creator cap, the ledger %d", sharedCapped, atCap)
	}
}
