package api_test

import (
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/google/uuid"
	"gopkg.in/yaml.v3"

	"github.com/reeltrack/reeltrack"
)

// TestPrivateAnswersAreNotKept: every operation of openapi.yaml that needs
// the session cookie, and sign-up, login and logout, answers with
// Cache-Control: private, no-store, whatever the answer (a list, a 404 of
// an unknown id, a 400 of an empty body, the export); every API answer,
// the public ones and an unknown path's 404 too, carries
// X-Content-Type-Options: nosniff.
func TestPrivateAnswersAreNotKept(t *testing.T) {
	t.Parallel()
	var doc struct {
		Paths map[string]map[string]yaml.Node `yaml:"paths"`
	}
	if err := yaml.Unmarshal(reeltrack.OpenAPI, &doc); err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	a := newApp(t)
	cookie := a.signUp(uniqueEmail("private"))
	a.bootstrap(cookie)
	placeholder := regexp.MustCompile(`\{[A-Za-z]+\}`)
	private := 0
	for path, item := range doc.Paths {
		if !strings.HasPrefix(path, "/api/") {
			continue
		}
		for method, node := range item {
			method = strings.ToUpper(method)
			if method != "GET" && method != "POST" && method != "PATCH" && method != "PUT" && method != "DELETE" {
				continue
			}
			var op struct {
				Security []map[string][]string `yaml:"security"`
			}
			if err := node.Decode(&op); err != nil {
				t.Fatalf("%s %s: %v", method, path, err)
			}
			session := false
			for _, s := range op.Security {
				_, ok := s["sessionCookie"]
				session = session || ok
			}
			auth := path == "/api/auth/signup" || path == "/api/auth/login" || path == "/api/auth/logout"
			url := placeholder.ReplaceAllStringFunc(path, func(string) string { return uuid.NewString() })
			var res response
			switch {
			case path == "/api/auth/logout":
				// last: it would end the session the others use
				defer func() {
					res := a.request(method, url, nil, cookie)
					checkPrivate(t, method+" "+path, res, true)
				}()
				private++
				continue
			case method == "GET" || method == "DELETE":
				res = a.request(method, url, nil, cookie)
			default:
				res = a.request(method, url, "{}", cookie)
			}
			if session || auth {
				private++
			}
			checkPrivate(t, method+" "+path, res, session || auth)
		}
	}
	if private < 25 {
		t.Fatalf("only %d private operations in openapi.yaml", private)
	}
	res := a.send(httptest.NewRequest("GET", "/api/no-such-route", nil))
	checkPrivate(t, "an unknown path", res, false)
}

func checkPrivate(t *testing.T, what string, res response, private bool) {
	t.Helper()
	if got := res.Header.Get("X-Content-Type-Options"); got != "nosniff" {
		t.Errorf("%s (%d): X-Content-Type-Options %q, want nosniff", what, res.Status, got)
	}
	if got := res.Header.Get("Cache-Control"); private && got != "private, no-store" {
		t.Errorf("%s (%d): Cache-Control %q, want private, no-store", what, res.Status, got)
	}
}
