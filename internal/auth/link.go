package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
)

const linkTokenBytes = 32

// NewLinkToken returns a single-use link's token, for the e-mail, and hash.
func NewLinkToken() (string, []byte, error) {
	b := make([]byte, linkTokenBytes)
	if _, err := rand.Read(b); err != nil {
		return "", nil, fmt.Errorf("make link token: %w", err)
	}
	raw := base64.RawURLEncoding.EncodeToString(b)
	return raw, HashLinkToken(raw), nil
}

// HashLinkToken is a link token's SHA-256: 256 random bits need no slow hash.
func HashLinkToken(raw string) []byte {
	h := sha256.Sum256([]byte(raw))
	return h[:]
}

// LooksLikeLinkToken reports whether raw has the shape NewLinkToken makes.
func LooksLikeLinkToken(raw string) bool {
	if len(raw) != base64.RawURLEncoding.EncodedLen(linkTokenBytes) {
		return false
	}
	_, err := base64.RawURLEncoding.DecodeString(raw)
	return err == nil
}
