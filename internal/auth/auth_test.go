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
	raw, exp, err := tok.Issue(id, "a@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if time.Until(exp) < 59*time.Minute {
		t.Fatalf("expiry %v, want an hour from now", exp)
	}
	s, err := tok.Verify(raw)
	if err != nil || s.UserID != id || s.Email != "a@example.com" {
		t.Fatalf("Verify = %+v, %v", s, err)
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
