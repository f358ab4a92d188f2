package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strings"
)

// APIKeyPrefix starts every API key, so secret scanners recognise keys.
const APIKeyPrefix = "rt_"

const apiKeyBytes = 32

var apiKeyLen = len(APIKeyPrefix) + base64.RawURLEncoding.EncodedLen(apiKeyBytes)

// apiKeyShown is how many characters of a key are kept to tell it apart:
// the prefix and 6 of the 43 random characters, 36 of its 256 bits.
var apiKeyShown = len(APIKeyPrefix) + 6

// NewAPIKey makes a key (shown once, never stored), its shown part and hash.
func NewAPIKey() (key, prefix string, hash []byte, err error) {
	b := make([]byte, apiKeyBytes)
	if _, err := rand.Read(b); err != nil {
		return "", "", nil, fmt.Errorf("make api key: %w", err)
	}
	key = APIKeyPrefix + base64.RawURLEncoding.EncodeToString(b)
	sum := sha256.Sum256([]byte(key))
	return key, key[:apiKeyShown], sum[:], nil
}

// APIKeyHash is the SHA-256 under which key is stored; false if malformed.
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
