package api_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
)

// syncBuffer is a log sink safe for the app's concurrent writes.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestRequestLogsAreJSONWithoutSecrets(t *testing.T) {
	var logs syncBuffer
	a := newApp(t, func(d *wiring.Deps) { d.Log = slog.New(slog.NewJSONHandler(&logs, nil)) })
	email := uniqueEmail("logged")
	const password = "very-secret-password"
	res := a.request("POST", "/api/auth/signup?token=query-secret", map[string]string{"email": email, "password": password}).expect(t, 200)
	cookie := res.cookie("session-access-token")
	a.request("POST", "/api/workspace/bootstrap", nil, cookie).expect(t, 200)
	a.request("POST", "/api/auth/login", map[string]string{"email": email, "password": "wrong-" + password}).expect(t, 401)

	out := logs.String()
	for _, secret := range []string{password, cookie.Value, "query-secret", testSecret} {
		if strings.Contains(out, secret) {
			t.Fatalf("logs contain a secret %q:\n%s", secret, out)
		}
	}
	lines := 0
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		var line map[string]any
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("log line is not JSON: %s", sc.Text())
		}
		if line["msg"] == "request" {
			lines++
			if line["requestId"] == "" || line["status"] == nil || line["path"] == nil {
				t.Fatalf("request log line misses fields: %s", sc.Text())
			}
		}
	}
	if lines != 3 {
		t.Fatalf("%d request log lines, want 3:\n%s", lines, out)
	}
}
