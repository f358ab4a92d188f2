package team_test

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/activitylog"
	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/command/team"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// passwords hashes at bcrypt's lowest cost, for speed.
var passwords = sync.OnceValue(func() *auth.Passwords {
	p, err := auth.NewPasswords(4)
	if err != nil {
		panic(err)
	}
	return p
})

func signUp(email, password string) (team.User, error) {
	return team.SignUpHandler{DB: env.PG, Passwords: passwords(), Links: links, Now: time.Now}.Handle(context.Background(),
		team.SignUp{Email: email, Password: password})
}

func logIn(email, password string) (team.User, error) {
	return team.LogInHandler{DB: env.PG, Passwords: passwords()}.Handle(context.Background(), team.LogIn{Email: email, Password: password})
}

// signedUp signs a new user up with the password "correct horse", the
// address made of who, and returns the address and the user.
func signedUp(t *testing.T, who string) (string, team.User) {
	t.Helper()
	email := uniqueEmail(who)
	u, err := signUp(email, "correct horse")
	if err != nil {
		t.Fatal(err)
	}
	return email, u
}

// userActivity is the user's activity log entries, oldest first.
func userActivity(t *testing.T, user uuid.UUID) []string {
	t.Helper()
	return scalar[[]string](t, `SELECT coalesce(array_agg(action ORDER BY id), '{}') FROM activity_log WHERE actor_id = $1`, user)
}

// liveSessions counts the user's sessions that are not ended.
func liveSessions(t *testing.T, user uuid.UUID) int {
	t.Helper()
	return scalar[int](t, `SELECT count(*) FROM sessions WHERE user_id = $1 AND ended_at IS NULL`, user)
}

// startSession records a live session of the user and returns it.
func startSession(t *testing.T, user uuid.UUID) auth.Session {
	t.Helper()
	s := auth.Session{ID: uuid.NewString(), UserID: user, IssuedAt: time.Now(), ExpiresAt: time.Now().Add(time.Hour)}
	if err := (team.SessionsHandler{DB: env.PG, Now: time.Now}).Start(context.Background(), s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSignUp: signing up stores the address lower-cased, unverified, with
// the password hashed, and queues a verification link to it; an address
// taken in any case is a conflict, and bad input names every bad field.
// Nothing is written for a refused sign-up.
func TestSignUp(t *testing.T) {
	t.Parallel()
	email := uniqueEmail("signup")
	u, err := signUp("  "+strings.ToUpper(email)+" ", "correct horse")
	if err != nil || u.Email != email || u.EmailVerified {
		t.Fatalf("sign up: %+v, %v", u, err)
	}
	if hash := scalar[string](t, `SELECT password_hash FROM users WHERE id = $1`, u.ID); strings.Contains(hash, "correct horse") {
		t.Fatal("the password is stored as it is")
	}
	if linkToken(t, email) == "" {
		t.Fatal("no verification link")
	}
	if n := scalar[int](t, `SELECT count(*) FROM workspace_members WHERE user_id = $1`, u.ID); n != 0 {
		t.Fatalf("a new user is in %d workspaces, want none", n)
	}
	if _, err := signUp(strings.ToUpper(email), "another password"); apperr.KindOf(err) != apperr.KindConflict {
		t.Fatalf("a taken address: %v, want conflict", err)
	}

	for _, c := range []struct {
		name, email, password string
		want                  []string
	}{
		{"nothing", "", "", []string{"email", "password"}},
		{"not an address", "someone", "correct horse", []string{"email"}},
		{"a display name", "Someone <someone@example.com>", "correct horse", []string{"email"}},
		{"no dotted domain", "someone@localhost", "correct horse", []string{"email"}},
		{"short password", "", "short", []string{"email", "password"}},
		{"password over 72 bytes", "x@example.com", strings.Repeat("p", 73), []string{"password"}},
		{"only spaces", "x@example.com", "          ", []string{"password"}},
		{"the address as password", "same@example.com", "SAME@example.com", []string{"password"}},
	} {
		if _, err := signUp(c.email, c.password); !slices.Equal(invalidFields(t, err), c.want) {
			t.Errorf("%s: fields %q, want %q", c.name, invalidFields(t, err), c.want)
		}
	}
	if n := scalar[int](t, `SELECT count(*) FROM users WHERE email IN ('someone@localhost', 'x@example.com', 'same@example.com')`); n != 0 {
		t.Fatalf("%d users written by refused sign-ups", n)
	}
}

// TestLogIn: the right password logs in, in any case of the address; a
// wrong password and an unknown address get the same answer, the former
// logged on the account; missing input names its fields.
func TestLogIn(t *testing.T) {
	t.Parallel()
	email, u := signedUp(t, "login")
	if got, err := logIn(" "+strings.ToUpper(email), "correct horse"); err != nil || got.ID != u.ID {
		t.Fatalf("log in: %+v, %v", got, err)
	}
	wrong, wrongErr := logIn(email, "wrong horse")
	_, unknownErr := logIn(uniqueEmail("nobody"), "correct horse")
	if apperr.KindOf(wrongErr) != apperr.KindUnauthenticated || wrong.ID != uuid.Nil || unknownErr == nil || wrongErr.Error() != unknownErr.Error() {
		t.Fatalf("wrong password: %v; unknown address: %v; want the same unauthenticated answer", wrongErr, unknownErr)
	}
	if got := userActivity(t, u.ID); !slices.Equal(got, []string{"login", "login_failed"}) {
		t.Fatalf("activity %q", got)
	}
	if _, err := logIn(" ", ""); !slices.Equal(invalidFields(t, err), []string{"email", "password"}) {
		t.Fatalf("nothing given: %v", err)
	}
	// a user of an external provider has no password to log in with
	external := env.User(t, testenv.UserOptions{})
	if _, err := logIn(scalar[string](t, `SELECT email FROM users WHERE id = $1`, external), "anything at all"); apperr.KindOf(err) != apperr.KindUnauthenticated {
		t.Fatalf("a user without a password: %v, want unauthenticated", err)
	}
}

// TestResetPassword: a reset link is e-mailed for an address with an
// account (nothing for one without); the link sets the password once,
// verifies the address and ends every session. A used or bad link and a
// bad password are refused, the password kept.
func TestResetPassword(t *testing.T) {
	t.Parallel()
	email, u := signedUp(t, "reset")
	startSession(t, u.ID)
	sending := &background.Tasks{}
	h := team.PasswordHandler{DB: env.PG, Passwords: passwords(), Outbox: outbox.Outbox{Sending: sending, Log: slog.New(slog.DiscardHandler)}, Links: links, Now: time.Now}
	ctx := context.Background()
	forgot := func(email string) {
		if err := h.Forgot(ctx, email); err != nil {
			t.Fatal(err)
		}
		if err := sending.Wait(ctx); err != nil {
			t.Fatal(err)
		}
	}
	nobody := uniqueEmail("nobody")
	forgot(nobody)
	if n := scalar[int](t, `SELECT count(*) FROM mail_outbox WHERE recipient = $1`, nobody); n != 0 {
		t.Fatalf("%d e-mails to an address without an account", n)
	}
	if err := h.Forgot(ctx, "not an address"); !slices.Equal(invalidFields(t, err), []string{"email"}) {
		t.Fatalf("a malformed address: %v", err)
	}
	forgot(strings.ToUpper(email))
	token := linkToken(t, email)

	if _, err := h.Reset(ctx, team.ResetPassword{Token: token, Password: "short"}); !slices.Equal(invalidFields(t, err), []string{"password"}) {
		t.Fatalf("a short password: %v", err)
	}
	if _, err := h.Reset(ctx, team.ResetPassword{Token: token, Password: email}); !slices.Equal(invalidFields(t, err), []string{"password"}) {
		t.Fatalf("the address as password: %v", err)
	}
	got, err := h.Reset(ctx, team.ResetPassword{Token: token, Password: "battery staple"})
	if err != nil || got.ID != u.ID || !got.EmailVerified {
		t.Fatalf("reset: %+v, %v", got, err)
	}
	if liveSessions(t, u.ID) != 0 {
		t.Fatal("sessions still live after a reset")
	}
	if _, err := logIn(email, "battery staple"); err != nil {
		t.Fatalf("log in with the new password: %v", err)
	}
	for _, bad := range []string{token, "nope"} {
		if _, err := h.Reset(ctx, team.ResetPassword{Token: bad, Password: "another staple"}); !slices.Equal(invalidFields(t, err), []string{"token"}) {
			t.Errorf("link %q: %v, want the token refused", bad, err)
		}
	}
	if _, err := logIn(email, "battery staple"); err != nil {
		t.Fatalf("a refused reset changed the password: %v", err)
	}
}

// TestChangePassword: the current password is needed; a wrong one and a
// bad new one are named together, and change nothing; a change ends every
// session.
func TestChangePassword(t *testing.T) {
	t.Parallel()
	email, u := signedUp(t, "change")
	startSession(t, u.ID)
	change := func(current, next string) error {
		_, err := team.PasswordHandler{DB: env.PG, Passwords: passwords(), Links: links, Now: time.Now}.Change(context.Background(),
			team.ChangePassword{UserID: u.ID, CurrentPassword: current, NewPassword: next})
		return err
	}
	for _, c := range []struct {
		name, current, next string
		want                []string
	}{
		{"no current password", "", "battery staple", []string{"currentPassword"}},
		{"wrong and short", "wrong horse", "short", []string{"currentPassword", "newPassword"}},
		{"the address", "correct horse", email, []string{"newPassword"}},
	} {
		if got := invalidFields(t, change(c.current, c.next)); !slices.Equal(got, c.want) {
			t.Errorf("%s: fields %q, want %q", c.name, got, c.want)
		}
	}
	if liveSessions(t, u.ID) != 1 {
		t.Fatal("a refused change ended the session")
	}
	if err := change("correct horse", "battery staple"); err != nil {
		t.Fatal(err)
	}
	if liveSessions(t, u.ID) != 0 {
		t.Fatal("sessions still live after a change")
	}
	if _, err := logIn(email, "correct horse"); err == nil {
		t.Fatal("the old password still logs in")
	}
	if _, err := logIn(email, "battery staple"); err != nil {
		t.Fatalf("the new password: %v", err)
	}
}

// TestSessions: a session is recorded with its client; logging out ends
// that session only, signing out everywhere ends them all, and a session
// id of another user cannot be ended.
func TestSessions(t *testing.T) {
	t.Parallel()
	user, other := env.User(t, testenv.UserOptions{}), env.User(t, testenv.UserOptions{})
	h := team.SessionsHandler{DB: env.PG, Now: time.Now}
	ctx := activitylog.WithClient(context.Background(), activitylog.Client{IP: "203.0.113.7", UserAgent: "Firefox"})
	s := auth.Session{ID: uuid.NewString(), UserID: user, IssuedAt: time.Now(), ExpiresAt: time.Now().Add(time.Hour)}
	if err := h.Start(ctx, s); err != nil {
		t.Fatal(err)
	}
	if got := scalar[string](t, `SELECT client_ip || ' ' || user_agent FROM sessions WHERE id = $1`, s.ID); got != "203.0.113.7 Firefox" {
		t.Fatalf("session client %q", got)
	}
	startSession(t, user)
	theirs := startSession(t, other)

	forged := theirs
	forged.UserID = user
	if err := h.End(ctx, forged); err != nil || liveSessions(t, other) != 1 {
		t.Fatalf("ending another user's session: %v, %d live; want it live", err, liveSessions(t, other))
	}
	if err := h.End(ctx, s); err != nil || liveSessions(t, user) != 1 {
		t.Fatalf("log out: %v, %d live; want the other session live", err, liveSessions(t, user))
	}
	if err := h.EndAll(ctx, user); err != nil || liveSessions(t, user) != 0 || liveSessions(t, other) != 1 {
		t.Fatalf("sign out everywhere: %v, %d live, %d of the other user", err, liveSessions(t, user), liveSessions(t, other))
	}
	if got := userActivity(t, user); !slices.Equal(got, []string{"logout_everywhere"}) {
		t.Fatalf("activity %q", got)
	}
}
