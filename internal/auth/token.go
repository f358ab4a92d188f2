// Package auth issues and checks session tokens and hashes passwords.
package auth

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
)

// CookieName is the session cookie the dashboard sends.
const CookieName = "session-access-token"

// Session is who a valid token speaks for.
type Session struct {
	// ID is the token's jti, its sessions row; "" from an external provider.
	ID        string
	UserID    uuid.UUID
	Email     string
	IssuedAt  time.Time
	ExpiresAt time.Time
}

// Tokens signs and verifies HS256 session tokens with one shared secret,
// which an external auth provider may hold too.
type Tokens struct {
	secret []byte
	ttl    time.Duration
	now    func() time.Time
}

// NewTokens returns a signer for secret with tokens valid for ttl.
func NewTokens(secret string, ttl time.Duration) *Tokens {
	return &Tokens{secret: []byte(secret), ttl: ttl, now: time.Now}
}

// TTL is how long an issued token is valid.
func (t *Tokens) TTL() time.Duration { return t.ttl }

type claims struct {
	Email string `json:"email,omitempty"`
	jwt.RegisteredClaims
}

// Issue signs a token for the user, with a new session id.
func (t *Tokens) Issue(userID uuid.UUID, email string) (string, Session, error) {
	now := t.now().Truncate(time.Second)
	s := Session{ID: uuid.NewString(), UserID: userID, Email: email, IssuedAt: now, ExpiresAt: now.Add(t.ttl)}
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, claims{
		Email: email,
		RegisteredClaims: jwt.RegisteredClaims{
			Subject:   userID.String(),
			IssuedAt:  jwt.NewNumericDate(s.IssuedAt),
			ExpiresAt: jwt.NewNumericDate(s.ExpiresAt),
			ID:        s.ID,
		},
	})
	raw, err := tok.SignedString(t.secret)
	if err != nil {
		return "", Session{}, fmt.Errorf("sign session token: %w", err)
	}
	return raw, s, nil
}

// ErrInvalidToken is every failed verification: answers never say why.
var ErrInvalidToken = errors.New("invalid session token")

// Verify checks the signature (HS256 only), the expiry and the subject.
func (t *Tokens) Verify(raw string) (Session, error) {
	var c claims
	_, err := jwt.ParseWithClaims(raw, &c, func(*jwt.Token) (any, error) { return t.secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(t.now),
		jwt.WithLeeway(30*time.Second),
	)
	if err != nil {
		return Session{}, fmt.Errorf("%w: %v", ErrInvalidToken, err)
	}
	id, err := uuid.Parse(c.Subject)
	if err != nil || id == uuid.Nil {
		return Session{}, fmt.Errorf("%w: subject is not a user id", ErrInvalidToken)
	}
	s := Session{ID: c.ID, UserID: id, Email: strings.ToLower(strings.TrimSpace(c.Email)), ExpiresAt: c.ExpiresAt.Time}
	if c.IssuedAt != nil {
		s.IssuedAt = c.IssuedAt.Time
	}
	return s, nil
}
