package api_test

import (
	"encoding/base64"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/auth"
)

// dashboardRoutes lists every route that needs a session.
var dashboardRoutes = []struct{ method, path string }{
	{"POST", "/api/workspace/bootstrap"},
	{"GET", "/api/workspace/team"},
	{"POST", "/api/workspace/team"},
}

func signed(t *testing.T, method jwt.SigningMethod, key any, claims jwt.MapClaims) string {
	t.Helper()
	s, err := jwt.NewWithClaims(method, claims).SignedString(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestDashboardRoutesNeedAValidSession(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	user := uuid.NewString()
	valid := jwt.MapClaims{"sub": user, "email": uniqueEmail("tok"), "exp": time.Now().Add(time.Hour).Unix()}
	noneHeader := base64.RawURLEncoding.EncodeToString([]byte(`{"alg":"none","typ":"JWT"}`))
	noneBody := base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"` + user + `","exp":9999999999}`))

	tokens := map[string]string{
		"no cookie":         "",
		"garbage":           "not-a-jwt",
		"expired":           signed(t, jwt.SigningMethodHS256, []byte(testSecret), jwt.MapClaims{"sub": user, "exp": time.Now().Add(-time.Hour).Unix()}),
		"no expiry":         signed(t, jwt.SigningMethodHS256, []byte(testSecret), jwt.MapClaims{"sub": user}),
		"other secret":      signed(t, jwt.SigningMethodHS256, []byte("another-secret-another-secret-0123"), valid),
		"alg none":          noneHeader + "." + noneBody + ".",
		"HS512 same secret": signed(t, jwt.SigningMethodHS512, []byte(testSecret), valid),
		"subject not uuid":  signed(t, jwt.SigningMethodHS256, []byte(testSecret), jwt.MapClaims{"sub": "admin", "exp": time.Now().Add(time.Hour).Unix()}),
		"tampered payload":  tamper(signed(t, jwt.SigningMethodHS256, []byte(testSecret), valid)),
	}
	for name, tok := range tokens {
		for _, r := range dashboardRoutes {
			t.Run(name+" "+r.method+" "+r.path, func(t *testing.T) {
				var cookies []*http.Cookie
				if tok != "" {
					cookies = append(cookies, &http.Cookie{Name: auth.CookieName, Value: tok})
				}
				a.request(r.method, r.path, `{"email":"x@example.com"}`, cookies...).expectError(t, 401, "unauthenticated")
			})
		}
	}
	if n := count(t, `SELECT count(*) FROM users WHERE id = $1`, user); n != 0 {
		t.Fatalf("a rejected token created its user")
	}

	// The control: the same claims signed correctly are accepted.
	good := &http.Cookie{Name: auth.CookieName, Value: signed(t, jwt.SigningMethodHS256, []byte(testSecret), valid)}
	a.request("POST", "/api/workspace/bootstrap", nil, good).expect(t, 200)
}

// tamper changes the token's payload while keeping its signature.
func tamper(tok string) string {
	parts := strings.Split(tok, ".")
	parts[1] = base64.RawURLEncoding.EncodeToString([]byte(`{"sub":"` + uuid.NewString() + `","exp":9999999999}`))
	return strings.Join(parts, ".")
}
