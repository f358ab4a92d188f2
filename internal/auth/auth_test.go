package auth

import (
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
)

func TestIssueAndVerify(t *testing.T) {
	tok := NewTokens("0123456789abcdef0123456789abcdef", time.Hour)
	id := uuid.New()
	raw, issued, err := tok.Issue(id, "a@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if time.Until(issued.ExpiresAt) < 59*time.Minute {
		t.Fatalf("expiry %v, want an hour from now", issued.ExpiresAt)
	}
	s, err := tok.Verify(raw)
	if err != nil || s.UserID != id || s.Email != "a@example.com" {
		t.Fatalf("Verify = %+v, %v", s, err)
	}
	if s.ID == "" || s.ID != issued.ID || !s.IssuedAt.Equal(issued.IssuedAt) || !s.ExpiresAt.Equal(issued.ExpiresAt) {
		t.Fatalf("Verify = %+v, want the issued session %+v", s, issued)
	}
	if again, _, _ := tok.Issue(id, "a@example.com"); again == raw {
		t.Fatal("two sessions of one user share a token")
	}

	later := NewTokens("0123456789abcdef0123456789abcdef", time.Hour)
	later.now = func() time.Time { return time.Now().Add(2 * time.Hour) }
	if _, err := later.Verify(raw); err == nil {
		t.Fatal("an expired token verified")
	}
	other := NewTokens("another-secret-another-secret-0000", time.Hour)
	if _, err := other.Verify(raw); err == nil {
		t.Fatal("a token of another secret verified")
	}
}

func TestVerifyRefusesOtherAlgorithms(t *testing.T) {
	secret := "0123456789abcdef0123456789abcdef"
	tok := NewTokens(secret, time.Hour)
	claims := jwt.MapClaims{"sub": uuid.NewString(), "exp": time.Now().Add(time.Hour).Unix()}
	for _, m := range []jwt.SigningMethod{jwt.SigningMethodHS384, jwt.SigningMethodHS512} {
		raw, err := jwt.NewWithClaims(m, claims).SignedString([]byte(secret))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := tok.Verify(raw); err == nil {
			t.Fatalf("%s token verified", m.Alg())
		}
	}
	none, err := jwt.NewWithClaims(jwt.SigningMethodNone, claims).SignedString(jwt.UnsafeAllowNoneSignatureType)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tok.Verify(none); err == nil {
		t.Fatal("alg none verified")
	}
}

func TestPasswords(t *testing.T) {
	p, err := NewPasswords(4)
	if err != nil {
		t.Fatal(err)
	}
	h, err := p.Hash("correct horse")
	if err != nil || !strings.HasPrefix(h, "$2a$04$") {
		t.Fatalf("hash %q, %v", h, err)
	}
	if ok, err := p.Check(h, "correct horse"); !ok || err != nil {
		t.Fatalf("right password: %v %v", ok, err)
	}
	if ok, _ := p.Check(h, "wrong horse"); ok {
		t.Fatal("wrong password accepted")
	}
	if ok, _ := p.Check("", "anything"); ok {
		t.Fatal("empty hash accepted a password")
	}
}

func TestLinkTokens(t *testing.T) {
	raw, hash, err := NewLinkToken()
	if err != nil {
		t.Fatal(err)
	}
	if !LooksLikeLinkToken(raw) || string(HashLinkToken(raw)) != string(hash) || strings.Contains(string(hash), raw) {
		t.Fatalf("token %q: shape or hash wrong", raw)
	}
	other, _, _ := NewLinkToken()
	if other == raw {
		t.Fatal("two link tokens are equal")
	}
	for _, bad := range []string{"", "short", raw + "x", raw[:len(raw)-1] + "*"} {
		if LooksLikeLinkToken(bad) {
			t.Errorf("%q looks like a link token", bad)
		}
	}
}
