package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/auth"
)

func TestSignUpLogInLogOut(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	email := uniqueEmail("Alice")
	res := a.request("POST", "/api/auth/signup", map[string]string{
		"email": "  " + strings.ToUpper(email) + " ", "password": "correct horse",
	}).expect(t, 200)
	var body struct {
		User struct{ ID, Email string } `json:"user"`
	}
	res.decode(t, &body)
	if body.User.Email != strings.ToLower(email) || body.User.ID == "" {
		t.Fatalf("user %+v, want normalized e-mail %s", body.User, strings.ToLower(email))
	}
	c := res.cookie(auth.CookieName)
	if c == nil || !c.HttpOnly || c.SameSite != http.SameSiteLaxMode || c.Path != "/" || c.Secure {
		t.Fatalf("session cookie %+v: want HttpOnly, SameSite=Lax, Path=/, not Secure by default", c)
	}
	var hash string
	if err := env.PG.QueryRow(t.Context(), `SELECT password_hash FROM users WHERE email = $1`, strings.ToLower(email)).Scan(&hash); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(hash, "$2") || strings.Contains(hash, "correct horse") {
		t.Fatalf("password stored as %q, want a bcrypt hash", hash)
	}

	// The cookie opens the dashboard.
	a.request("POST", "/api/workspace/bootstrap", nil, c).expect(t, 200)

	// Same e-mail in another case: 409, and still one user.
	a.request("POST", "/api/auth/signup", map[string]string{"email": strings.ToUpper(email), "password": "another pass"}).
		expectError(t, 409, "conflict")
	if n := count(t, `SELECT count(*) FROM users WHERE email = $1`, strings.ToLower(email)); n != 1 {
		t.Fatalf("%d users with the e-mail, want 1", n)
	}

	wrongPassword := a.request("POST", "/api/auth/login", map[string]string{"email": email, "password": "wrong horse"}).
		expectError(t, 401, "unauthenticated")
	unknownUser := a.request("POST", "/api/auth/login", map[string]string{"email": uniqueEmail("nobody"), "password": "wrong horse"}).
		expectError(t, 401, "unauthenticated")
	if wrongPassword.Message != unknownUser.Message {
		t.Fatalf("login messages differ: %q vs %q", wrongPassword.Message, unknownUser.Message)
	}

	res = a.request("POST", "/api/auth/login", map[string]string{"email": strings.ToUpper(email), "password": "correct horse"}).expect(t, 200)
	login := res.cookie(auth.CookieName)
	if login == nil || login.Value == "" {
		t.Fatal("login set no session cookie")
	}
	a.request("GET", "/api/workspace/team", nil, login).expect(t, 200)

	res = a.request("POST", "/api/auth/logout", nil, login).expect(t, 200)
	out := res.cookie(auth.CookieName)
	if out == nil || out.Value != "" || !out.Expires.Before(time.Now()) {
		t.Fatalf("logout cookie %+v, want it cleared", out)
	}
}

func TestSecureCookieIsConfigurable(t *testing.T) {
	t.Parallel()
	a := newApp(t, func(d *wiring.Deps) { d.Config.CookieSecure = true })
	res := a.request("POST", "/api/auth/signup", map[string]string{"email": uniqueEmail("secure"), "password": "correct horse"}).expect(t, 200)
	if c := res.cookie(auth.CookieName); c == nil || !c.Secure {
		t.Fatalf("cookie %+v, want Secure", c)
	}
}

func TestSignUpRejectsBadInput(t *testing.T) {
	a := newApp(t)
	before := count(t, `SELECT count(*) FROM users`)
	cases := []struct {
		name, body, field string
	}{
		{"malformed JSON", `{"email": "a@example.com", "password": `, ""},
		{"not an object", `["a@example.com"]`, ""},
		{"empty body", ``, ""},
		{"trailing data", `{"email": "a@example.com", "password": "correct horse"} {}`, ""},
		{"email wrong type", `{"email": 42, "password": "correct horse"}`, "email"},
		{"unknown field", `{"email": "a@example.com", "password": "correct horse", "admin": true}`, "admin"},
		{"missing email", `{"password": "correct horse"}`, "email"},
		{"invalid email", `{"email": "not-an-email", "password": "correct horse"}`, "email"},
		{"display name", `{"email": "Bob <bob@example.com>", "password": "correct horse"}`, "email"},
		{"no dot in domain", `{"email": "bob@localhost", "password": "correct horse"}`, "email"},
		{"header injection", `{"email": "bob@example.com\r\nBcc: x@example.com", "password": "correct horse"}`, "email"},
		{"missing password", `{"email": "a@example.com"}`, "password"},
		{"short password", `{"email": "a@example.com", "password": "short"}`, "password"},
		{"password over 72 bytes", `{"email": "a@example.com", "password": "` + strings.Repeat("x", 73) + `"}`, "password"},
		{"blank password", `{"email": "a@example.com", "password": "          "}`, "password"},
		{"password is the e-mail", `{"email": "long@example.com", "password": "LONG@example.com"}`, "password"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			e := a.request("POST", "/api/auth/signup", tc.body).expectError(t, 400, "invalid_request")
			if tc.field != "" && e.Fields[tc.field] == "" {
				t.Fatalf("error %+v does not name field %q", e, tc.field)
			}
			if tc.field == "" && e.Message == "" {
				t.Fatal("no message")
			}
		})
	}
	if after := count(t, `SELECT count(*) FROM users`); after != before {
		t.Fatalf("bad sign-ups wrote %d users", after-before)
	}
}

func TestAuthMe(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	email := uniqueEmail("me")
	res := a.request("POST", "/api/auth/signup", map[string]string{"email": email, "password": "correct horse"}).expect(t, 200)
	var signedUp struct {
		User struct{ ID, Email string } `json:"user"`
	}
	res.decode(t, &signedUp)
	c := res.cookie(auth.CookieName)

	// No workspace yet: the workspace routes answer 404, /me answers the user.
	a.request("GET", "/api/workspace/team", nil, c).expectError(t, 404, "not_found")
	var me struct {
		User struct{ ID, Email string } `json:"user"`
	}
	a.request("GET", "/api/auth/me", nil, c).expect(t, 200).decode(t, &me)
	if me.User != signedUp.User {
		t.Fatalf("me %+v, want the signed-up user %+v", me.User, signedUp.User)
	}

	// With a workspace, the same.
	a.request("POST", "/api/workspace/bootstrap", nil, c).expect(t, 200)
	a.request("GET", "/api/auth/me", nil, c).expect(t, 200).decode(t, &me)
	if me.User != signedUp.User {
		t.Fatalf("me %+v after bootstrap, want %+v", me.User, signedUp.User)
	}

	// Without a session, or with a forged or cleared one: 401.
	a.request("GET", "/api/auth/me", nil).expectError(t, 401, "unauthenticated")
	a.request("GET", "/api/auth/me", nil, &http.Cookie{Name: auth.CookieName, Value: "not-a-token"}).
		expectError(t, 401, "unauthenticated")
	out := a.request("POST", "/api/auth/logout", nil, c).expect(t, 200).cookie(auth.CookieName)
	a.request("GET", "/api/auth/me", nil, out).expectError(t, 401, "unauthenticated")
}
