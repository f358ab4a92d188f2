package webhook_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/webhook"
)

// verify checks a Standard Webhooks request as the specification's text
// describes it, independently of the package: the signed content is
// "msg_id.timestamp.body", the key the base64 part of the secret after
// "whsec_", the header a space-delimited list of "v1,<base64>" of which
// one must match, and the timestamp within five minutes of now.
func verify(secret string, h http.Header, body []byte, now time.Time) error {
	id, ts, sigs := h.Get("webhook-id"), h.Get("webhook-timestamp"), h.Get("webhook-signature")
	if id == "" || ts == "" || sigs == "" {
		return errors.New("missing headers")
	}
	sec, err := strconv.ParseInt(ts, 10, 64)
	if err != nil {
		return errors.New("bad timestamp")
	}
	if d := now.Sub(time.Unix(sec, 0)); d > 5*time.Minute || d < -5*time.Minute {
		return errors.New("timestamp out of tolerance")
	}
	key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(secret, "whsec_"))
	if err != nil {
		return err
	}
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(id + "." + ts + "." + string(body)))
	want := mac.Sum(nil)
	for _, s := range strings.Split(sigs, " ") {
		version, sig, ok := strings.Cut(s, ",")
		if !ok || version != "v1" {
			continue
		}
		got, err := base64.StdEncoding.DecodeString(sig)
		if err == nil && hmac.Equal(got, want) {
			return nil
		}
	}
	return errors.New("no matching signature")
}

// TestSignature: a signature verifies with an implementation written from
// the specification; during a rotation both secrets sign and either
// verifies; a changed body or another secret does not.
func TestSignature(t *testing.T) {
	oldSecret, newSecret := webhook.NewSecret(), webhook.NewSecret()
	if !strings.HasPrefix(newSecret, "whsec_") || oldSecret == newSecret {
		t.Fatalf("secrets %q %q", oldSecret, newSecret)
	}
	if raw, _ := base64.StdEncoding.DecodeString(strings.TrimPrefix(newSecret, "whsec_")); len(raw) != 32 {
		t.Fatalf("secret of %d bytes, want 32", len(raw))
	}
	now := time.Now()
	body := []byte(`{"type":"video.spike","timestamp":"2026-01-01T00:00:00Z","data":{}}`)
	h := http.Header{}
	if err := webhook.SignRequest(h, []string{newSecret}, "msg_1", now, body); err != nil {
		t.Fatal(err)
	}
	if err := verify(newSecret, h, body, now); err != nil {
		t.Fatalf("verify: %v", err)
	}
	if verify(oldSecret, h, body, now) == nil {
		t.Fatal("another secret verified")
	}
	if verify(newSecret, h, append(body, ' '), now) == nil {
		t.Fatal("a changed body verified")
	}
	// the specification's own example
	ex := http.Header{}
	exSecret := "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"
	exBody := []byte(`{"test": 2432232314}`)
	if err := webhook.SignRequest(ex, []string{exSecret}, "msg_p5jXN8AQM9LWM0D4loKWxJek", time.Unix(1614265330, 0), exBody); err != nil {
		t.Fatal(err)
	}
	if got := ex.Get("webhook-signature"); got != "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=" {
		t.Fatalf("example signature %q", got)
	}

	rot := http.Header{}
	if err := webhook.SignRequest(rot, []string{newSecret, oldSecret}, "msg_2", now, body); err != nil {
		t.Fatal(err)
	}
	if n := len(strings.Split(rot.Get("webhook-signature"), " ")); n != 2 {
		t.Fatalf("%d signatures during a rotation, want 2", n)
	}
	for _, s := range []string{newSecret, oldSecret} {
		if err := verify(s, rot, body, now); err != nil {
			t.Fatalf("rotation: %v", err)
		}
	}
	if _, err := webhook.Signature([]string{"nope"}, "x", now, body); err == nil {
		t.Fatal("a secret without whsec_ signed")
	}
}

// TestSealer: a sealed value opens under the same key and context only.
func TestSealer(t *testing.T) {
	s := webhook.NewSealer("a-session-secret-of-32-characters!!")
	sealed := s.Seal("https://hooks.slack.com/services/T/B/secret", "channel:1:url")
	if strings.Contains(sealed, "secret") {
		t.Fatalf("sealed value shows the plain text: %s", sealed)
	}
	if got, err := s.Open(sealed, "channel:1:url"); err != nil || got != "https://hooks.slack.com/services/T/B/secret" {
		t.Fatalf("open: %q %v", got, err)
	}
	if _, err := s.Open(sealed, "channel:2:url"); err == nil {
		t.Fatal("opened under another context")
	}
	if _, err := webhook.NewSealer("another-session-secret-of-32-chars!").Open(sealed, "channel:1:url"); err == nil {
		t.Fatal("opened under another key")
	}
}

// TestCheckURL: https only (http to an allowed address), no credentials,
// no literal address the rule refuses, in any spelling.
func TestCheckURL(t *testing.T) {
	none := webhook.AllowList{}
	for _, raw := range []string{
		"http://example.com/hook",
		"http://localhost:8080/hook",
		"https://localhost/hook",
		"https://app.localhost/hook",
		"https://127.0.0.1/hook",
		"https://127.1.2.3:8443/hook",
		"https://[::1]/hook",
		"https://169.254.169.254/latest/meta-data",
		"https://10.0.0.7/hook",
		"https://172.16.5.4/hook",
		"https://192.168.1.1/hook",
		"https://100.64.0.1/hook",
		"https://0.0.0.0/hook",
		"https://224.0.0.1/hook",
		"https://[::ffff:127.0.0.1]/hook",
		"https://[::ffff:169.254.169.254]/hook",
		"https://[fd00::1]/hook",
		"https://[fe80::1]/hook",
		"https://[64:ff9b::a00:1]/hook",
		"https://[2002:7f00:1::]/hook",
		"https://2130706433/hook",
		"https://0x7f000001/hook",
		"https://0x7f.1/hook",
		"https://017700000001/hook",
		"https://localhost./hook",
		"https://user:pass@example.com/hook",
		"ftp://example.com/hook",
	} {
		_, err := webhook.CheckURL(raw, none)
		if !errors.Is(err, webhook.ErrAddress) {
			t.Errorf("%s: %v, want refused", raw, err)
		}
	}
	for _, raw := range []string{"", "not a url", "https://", "https://example.com:99999/"} {
		if _, err := webhook.CheckURL(raw, none); !errors.Is(err, webhook.ErrBadURL) {
			t.Errorf("%q: %v, want a bad URL", raw, err)
		}
	}
	for _, raw := range []string{"https://hooks.slack.com/services/T000/B000/XXXX", "https://discord.com/api/webhooks/1/abc", "https://8.8.8.8/hook",
		"https://bad.cafe/hook", "https://dead.beef.ad/hook", "https://123.example/hook"} {
		if _, err := webhook.CheckURL(raw, none); err != nil {
			t.Errorf("%s: %v", raw, err)
		}
	}
	allow, err := webhook.ParseAllowList("127.0.0.1:9000, 10.0.0.0/8")
	if err != nil {
		t.Fatal(err)
	}
	for _, raw := range []string{"http://127.0.0.1:9000/hook", "https://10.1.2.3/hook", "http://10.1.2.3:81/x"} {
		if _, err := webhook.CheckURL(raw, allow); err != nil {
			t.Errorf("%s with the allow list: %v", raw, err)
		}
	}
	for _, raw := range []string{"http://127.0.0.1:9001/hook", "http://localhost:9000/hook", "https://192.168.0.1/"} {
		if _, err := webhook.CheckURL(raw, allow); err == nil {
			t.Errorf("%s passed with the allow list", raw)
		}
	}
	if _, err := webhook.ParseAllowList("127.0.0.1, nonsense"); err == nil {
		t.Fatal("a bad allow list parsed")
	}
}

// TestRefusalSaysWhatTheServerWouldAllow: an address the rule refuses,
// when the URL is saved or when it is dialled, is answered with what would
// let it through: the entry of CHANNEL_ALLOWED_ADDRESSES for that address
// and port, that it is a setting of the server (not of the workspace) that
// takes a restart, and the page of the documentation. What no setting
// allows says nothing of it.
func TestRefusalSaysWhatTheServerWouldAllow(t *testing.T) {
	says := func(what, msg, entry string) {
		t.Helper()
		for _, want := range []string{entry + " to CHANNEL_ALLOWED_ADDRESSES", "setting of the server", "restarts it", "docs/webhooks.md"} {
			if !strings.Contains(msg, want) {
				t.Errorf("%s: %q does not say %q", what, msg, want)
			}
		}
	}
	for raw, entry := range map[string]string{
		"http://127.0.0.1:9000/hook":  "127.0.0.1:9000",
		"https://192.168.1.5/hook":    "192.168.1.5:443",
		"http://10.1.2.3/hook":        "10.1.2.3:80",
		"https://[::1]:8443/hook":     "[::1]:8443",
		"http://localhost:9000/hook":  "127.0.0.1:9000",
		"https://app.localhost/hook":  "127.0.0.1:443",
		"https://10.0.0.7:9443/hook?": "10.0.0.7:9443",
	} {
		_, err := webhook.CheckURL(raw, webhook.AllowList{})
		if !errors.Is(err, webhook.ErrAddress) {
			t.Fatalf("%s: %v, want refused", raw, err)
		}
		says(raw, err.Error(), entry)
	}
	if _, err := webhook.CheckURL("http://hooks.internal/x", webhook.AllowList{}); err == nil ||
		!strings.Contains(err.Error(), "CHANNEL_ALLOWED_ADDRESSES, a setting of the server") {
		t.Errorf("plain http to a name: %v", err)
	}
	for _, raw := range []string{"https://user:pass@example.com/hook", "https://2130706433/hook", "ftp://example.com/x"} {
		if _, err := webhook.CheckURL(raw, webhook.AllowList{}); err == nil || strings.Contains(err.Error(), "CHANNEL_ALLOWED_ADDRESSES") {
			t.Errorf("%s: %v, want refused without the setting", raw, err)
		}
	}
	// at dial time: a name that resolves to loopback
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) }))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	_, err := webhook.NewClient(webhook.AllowList{}).Get("http://localhost:" + u.Port() + "/")
	d := webhook.DescribeError(err)
	if !strings.HasPrefix(d, "refused: ") {
		t.Fatalf("described as %q", d)
	}
	says("the dial", d, ":"+u.Port())
}

// TestRefused names the addresses the rule refuses, and lets public ones
// through.
func TestRefused(t *testing.T) {
	for _, s := range []string{"127.0.0.1", "::1", "10.1.1.1", "172.31.255.255", "192.168.0.1", "169.254.169.254", "100.64.0.1",
		"100.127.255.255", "0.0.0.0", "::", "224.0.0.1", "ff02::1", "fc00::1", "fe80::1", "::ffff:10.0.0.1", "::ffff:127.0.0.1",
		"255.255.255.255", "::127.0.0.1", "64:ff9b::7f00:1"} {
		if webhook.Refused(netip.MustParseAddr(s)) == "" {
			t.Errorf("%s not refused", s)
		}
	}
	for _, s := range []string{"8.8.8.8", "1.1.1.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"} {
		if why := webhook.Refused(netip.MustParseAddr(s)); why != "" {
			t.Errorf("%s refused: %s", s, why)
		}
	}
}

// TestClientDialCheck: the client refuses at dial time a host name that
// resolves to loopback, and a loopback literal, unless the allow list
// holds that address and port; it follows no redirect and takes no proxy
// from the environment.
func TestClientDialCheck(t *testing.T) {
	t.Setenv("HTTP_PROXY", "http://127.0.0.1:1")
	t.Setenv("HTTPS_PROXY", "http://127.0.0.1:1")
	hits := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		if r.URL.Path == "/redirect" {
			http.Redirect(w, r, "/target", http.StatusFound)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	defer srv.Close()
	u, _ := url.Parse(srv.URL)
	port := u.Port()

	refusing := webhook.NewClient(webhook.AllowList{})
	for _, target := range []string{"http://localhost:" + port + "/", srv.URL + "/"} {
		_, err := refusing.Get(target)
		if !errors.Is(err, webhook.ErrAddress) {
			t.Fatalf("%s: %v, want refused at dial time", target, err)
		}
		if d := webhook.DescribeError(err); !strings.HasPrefix(d, "refused: ") || strings.Contains(d, "http://") {
			t.Fatalf("described as %q", d)
		}
	}
	if hits != 0 {
		t.Fatalf("%d requests reached the loopback receiver", hits)
	}

	allow, err := webhook.ParseAllowList("127.0.0.1:" + port)
	if err != nil {
		t.Fatal(err)
	}
	client := webhook.NewClient(allow)
	resp, err := client.Get(srv.URL + "/redirect")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound || hits != 1 {
		t.Fatalf("status %d after %d requests: a redirect was followed", resp.StatusCode, hits)
	}
	other, _ := webhook.ParseAllowList("127.0.0.1:1")
	if _, err := webhook.NewClient(other).Get(srv.URL); !errors.Is(err, webhook.ErrAddress) {
		t.Fatalf("another port of an allowed address: %v", err)
	}
}

// TestRetryAfter reads seconds and HTTP dates.
func TestRetryAfter(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"120", 2 * time.Minute, true},
		{"0", 0, true},
		{"1.5", 1500 * time.Millisecond, true},
		{now.Add(90 * time.Second).Format(http.TimeFormat), 90 * time.Second, true},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0, true},
		{"", 0, false},
		{"soon", 0, false},
		{"-5", 0, false},
	} {
		got, ok := webhook.RetryAfter(c.in, now)
		if got != c.want || ok != c.ok {
			t.Errorf("%q: %v %v, want %v %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func events(n int) []webhook.Event {
	out := make([]webhook.Event, n)
	for i := range out {
		out[i] = webhook.Event{ID: strconv.Itoa(i), Type: "video.milestone", OccurredAt: time.Unix(int64(1_700_000_000+i), 0),
			Payload: json.RawMessage(`{"summary":"@maker's video passed 1M views","url":"https://www.tiktok.com/@maker/video/1"}`)}
	}
	return out
}

// TestBodies: Slack and Discord fold a burst into one message and count
// what they do not list; a webhook body is one event as the
// specification's envelope.
func TestBodies(t *testing.T) {
	var slack struct {
		Text   string `json:"text"`
		Blocks []struct {
			Type     string `json:"type"`
			Elements []struct {
				Text string `json:"text"`
			} `json:"elements"`
		} `json:"blocks"`
	}
	b, err := webhook.SlackBody(events(13), "https://reeltrack.example")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &slack); err != nil {
		t.Fatal(err)
	}
	if len(slack.Blocks) != 11 || slack.Blocks[10].Type != "context" || !strings.Contains(slack.Blocks[10].Elements[0].Text, "and 3 more") {
		t.Fatalf("slack body %s", b)
	}
	if !strings.Contains(slack.Text, "and 3 more") || !strings.Contains(string(b), "passed 1M views") {
		t.Fatalf("slack text %q", slack.Text)
	}
	var discord struct {
		Content string            `json:"content"`
		Embeds  []json.RawMessage `json:"embeds"`
	}
	b, err = webhook.DiscordBody(events(12))
	if err != nil {
		t.Fatal(err)
	}
	_ = json.Unmarshal(b, &discord)
	if len(discord.Embeds) != 10 || !strings.Contains(discord.Content, "and 2 more") {
		t.Fatalf("discord body %s", b)
	}
	b, err = webhook.WebhookBody(events(1)[0])
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != `{"type":"video.milestone","timestamp":"2023-11-14T22:13:20Z","data":{"summary":"@maker's video passed 1M views","url":"https://www.tiktok.com/@maker/video/1"}}` {
		t.Fatalf("webhook body %s", b)
	}
}

// TestURLHint masks a webhook URL's secret path.
func TestURLHint(t *testing.T) {
	for raw, want := range map[string]string{
		"https://hooks.slack.com/services/T0123/B0456/abcdefSECRET": "https://hooks.slack.com/services/T0…/…",
		"https://discord.com/api/webhooks/123/SECRET":               "https://discord.com/api/we…/…",
		"https://example.com/SECRETTOKEN?x=1":                       "https://example.com/SE…",
		"https://example.com":                                       "https://example.com/",
	} {
		u, _ := url.Parse(raw)
		if got := webhook.URLHint(u); got != want {
			t.Errorf("%s: %q, want %q", raw, got, want)
		}
	}
}

// TestMaskedURLHint: a webhook channel's hint shows scheme, host and port
// and only the shape of its path, wherever its token is.
func TestMaskedURLHint(t *testing.T) {
	for raw, want := range map[string]string{
		"https://hooks.example.com/SECRETTOKEN/events": "https://hooks.example.com/…/…",
		"https://hooks.example.com:8443/a/b/c?token=x": "https://hooks.example.com:8443/…/…/…",
		"https://hooks.example.com/SECRET":             "https://hooks.example.com/…",
		"https://hooks.example.com":                    "https://hooks.example.com/",
	} {
		u, _ := url.Parse(raw)
		got := webhook.MaskedURLHint(u)
		if got != want || strings.Contains(got, "SECRET") || strings.Contains(got, "token") {
			t.Errorf("%s: %q, want %q", raw, got, want)
		}
	}
}

// TestAllowListMeansItsPort: an ip:port entry allows that port only, and a
// URL without a port is checked at its scheme's (443, 80), in IPv4, IPv6
// and IPv4-mapped forms, when saved and when dialled.
func TestAllowListMeansItsPort(t *testing.T) {
	allow, err := webhook.ParseAllowList("127.0.0.1:9000,[::1]:9000,127.0.0.2:443")
	if err != nil {
		t.Fatal(err)
	}
	for raw, ok := range map[string]bool{
		"https://127.0.0.1/":               false,
		"http://127.0.0.1/x":               false,
		"https://[::ffff:127.0.0.1]/x":     false,
		"http://[::1]/x":                   false,
		"https://127.0.0.1:9001/x":         false,
		"http://127.0.0.1:9000/x":          true,
		"https://[::ffff:127.0.0.1]:9000/": true,
		"http://[::1]:9000/x":              true,
		"https://127.0.0.2/":               true,
		"http://127.0.0.2/":                false,
	} {
		if _, err := webhook.CheckURL(raw, allow); (err == nil) != ok {
			t.Errorf("%s: saved %t (%v), want %t", raw, err == nil, err, ok)
		}
	}
	for addr, ok := range map[string]bool{"127.0.0.1:443": false, "127.0.0.1:9000": true, "[::ffff:127.0.0.1]:80": false, "[::1]:9000": true} {
		ap := netip.MustParseAddrPort(addr)
		if got := allow.Allows(ap.Addr(), ap.Port()); got != ok {
			t.Errorf("dial %s: allowed %t, want %t", addr, got, ok)
		}
	}
}

// FuzzCheckURL: whatever a user types, an accepted URL is https (or http
// to an allowed address), has no credentials, and names no refused
// literal address; its hint never holds more than the first path segment
// and two characters.
func FuzzCheckURL(f *testing.F) {
	for _, s := range []string{"https://hooks.slack.com/services/T/B/X", "http://127.0.0.1:9/x", "https://[::ffff:10.0.0.1]/", "https://u:p@h/", "https://0x7f.1/"} {
		f.Add(s)
	}
	allow, _ := webhook.ParseAllowList("127.0.0.1:9")
	f.Fuzz(func(t *testing.T, raw string) {
		u, err := webhook.CheckURL(raw, allow)
		if err != nil {
			return
		}
		if u.User != nil || (u.Scheme != "https" && u.Scheme != "http") {
			t.Fatalf("accepted %q", raw)
		}
		if ip, err := netip.ParseAddr(strings.Trim(u.Hostname(), "[]")); err == nil && webhook.Refused(ip) != "" && !allow.Allows(ip, webhook.EffectivePort(u)) {
			t.Fatalf("accepted the refused address of %q", raw)
		}
		_ = webhook.URLHint(u)
	})
}

// FuzzRetryAfter never answers a negative wait.
func FuzzRetryAfter(f *testing.F) {
	for _, s := range []string{"120", "Wed, 21 Oct 2015 07:28:00 GMT", "1.5", "-1", "1e309"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		if d, ok := webhook.RetryAfter(v, time.Now()); ok && d < 0 {
			t.Fatalf("%q: %v", v, d)
		}
	})
}

// TestLinkOfCatalogEvents: a chat message links to the video or account
// the catalog's payloads carry.
func TestLinkOfCatalogEvents(t *testing.T) {
	for payload, want := range map[string]string{
		`{"summary":"s","video":{"url":"https://www.tiktok.com/@a/video/1"}}`: "https://www.tiktok.com/@a/video/1",
		`{"summary":"s","account":{"url":"https://x.com/a"}}`:                 "https://x.com/a",
		`{"url":"https://example.com/x","video":{"url":"https://v"}}`:         "https://example.com/x",
		`{"video":{"url":"javascript:alert(1)"}}`:                             "",
	} {
		if got := webhook.Link(webhook.Event{Type: "video.milestone", Payload: json.RawMessage(payload)}); got != want {
			t.Errorf("Link(%s) = %q, want %q", payload, got, want)
		}
	}
}
