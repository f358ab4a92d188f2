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

// requestLine returns the access log line of the request that answered
// res, decoded, and fails the test when there is none.
func requestLine(t *testing.T, logs *syncBuffer, res response) map[string]any {
	t.Helper()
	id := res.Header.Get("X-Request-ID")
	sc := bufio.NewScanner(strings.NewReader(logs.String()))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var line map[string]any
		if json.Unmarshal(sc.Bytes(), &line) == nil && line["msg"] == "request" && line["requestId"] == id && id != "" {
			return line
		}
	}
	t.Fatalf("no request log line with request id %q:\n%s", id, logs)
	return nil
}

// expectFailureLine checks the access log line of a failed request: its
// level, status and error code, and an error that holds cause.
func expectFailureLine(t *testing.T, logs *syncBuffer, res response, level, code, cause string) {
	t.Helper()
	line := requestLine(t, logs, res)
	err, _ := line["error"].(string)
	if line["level"] != level || line["status"] != float64(res.Status) || line["code"] != code || !strings.Contains(err, cause) {
		t.Fatalf("request log line %v, want level %s, status %d, code %s and an error with %q", line, level, res.Status, code, cause)
	}
}
