package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
)

const linkTokenBytes = 32

// NewLinkToken returns a random token for a single-use link and the hash to
// store: the token itself goes into the e-mail only.
func NewLinkToken() (string, []byte, error) {
	b := make([]byte, linkTokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", nil, fmt.Errorf("make link token: %w", err)
	}
	raw := base64.RawURLEncoding.EncodeToString(b)
	return raw, HashLinkToken(raw), nil
}

// HashLinkToken is the stored form of a link token: its SHA-256. The token
// carries 256 random bits, so a fast hash is enough.
func HashLinkToken(raw string) []byte {
	h := sha256.Sum256([]byte(raw))
	return h[:]
}

// LooksLikeLinkToken reports whether raw has the shape NewLinkToken makes,
// so that malformed input is refused before any lookup.
func LooksLikeLinkToken(raw string) bool {
	if len(raw) != base64.RawURLEncoding.EncodedLen(linkTokenBytes) {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(raw)
	return err == nil
}
