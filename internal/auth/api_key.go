package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strings"
)

// APIKeyPrefix starts every API key, so that a key is recognised in a
// configuration file or by a secret scanner.
const APIKeyPrefix = "rt_"

const apiKeyBytes = 32

var apiKeyLen = len(APIKeyPrefix) + base64.RawURLEncoding.EncodedLen(apiKeyBytes)

// apiKeyShown is how many characters of a key are kept to tell it apart:
// the prefix and 6 of the 43 random characters, 36 of its 256 bits.
var apiKeyShown = len(APIKeyPrefix) + 6

// NewAPIKey makes a key ("rt_" and base64url of 32 random bytes), shown once
// and never stored, its first characters for display, and its stored SHA-256.
func NewAPIKey() (key, prefix string, hash []byte, err error) {
	b := make([]byte, apiKeyBytes)
	if _, err := rand.Read(b); err != nil {
		return "", "", nil, fmt.Errorf("make api key: %w", err)
	}
	key = APIKeyPrefix + base64.RawURLEncoding.EncodeToString(b)
	sum := sha256.Sum256([]byte(key))
	return key, key[:apiKeyShown], sum[:], nil
}

// APIKeyHash is the SHA-256 under which key is stored; false when key does
// not have the shape of a key, which no stored key then matches.
func APIKeyHash(key string) ([]byte, bool) {
	if len(key) != apiKeyLen || !strings.HasPrefix(key, APIKeyPrefix) {
		return nil, false
	}
	b, err := base64.RawURLEncoding.DecodeString(key[len(APIKeyPrefix):])
	if err != nil || len(b) != apiKeyBytes {
		return nil, false
	}
	sum := sha256.Sum256([]byte(key))
	return sum[:], true
}
