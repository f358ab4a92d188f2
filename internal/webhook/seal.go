package webhook

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"strings"
)

// sealVersion starts every sealed value; another key derivation would take
// another.
const sealVersion = "v1:"

// Sealer seals a channel's credentials (URL, signing secrets) with
// AES-256-GCM under a key derived from SESSION_SECRET.
type Sealer struct{ aead cipher.AEAD }

// NewSealer derives the sealing key from the session secret; changing
// SESSION_SECRET means saving the channels again.
func NewSealer(sessionSecret string) *Sealer {
	mac := hmac.New(sha256.New, []byte(sessionSecret))
	mac.Write([]byte("reeltrack channel sealing key v1"))
	block, err := aes.NewCipher(mac.Sum(nil))
	if err != nil {
		panic(err) // a 32-byte key is always valid
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		panic(err)
	}
	return &Sealer{aead: aead}
}

// ErrUnseal: tampered with, of another row, or under another SESSION_SECRET.
var ErrUnseal = errors.New("sealed value does not open: sealed under another SESSION_SECRET, or altered")

// Seal binds plain to context (its row and column), so a value moved to
// another row does not open there.
func (s *Sealer) Seal(plain, context string) string {
	nonce := make([]byte, s.aead.NonceSize())
	_, _ = rand.Read(nonce)
	out := s.aead.Seal(nonce, nonce, []byte(plain), []byte(context))
	return sealVersion + base64.RawStdEncoding.EncodeToString(out)
}

// Open opens what Seal sealed under the same context; "" opens to "".
func (s *Sealer) Open(sealed, context string) (string, error) {
	if sealed == "" {
		return "", nil
	}
	raw, ok := strings.CutPrefix(sealed, sealVersion)
	if !ok {
		return "", ErrUnseal
	}
	b, err := base64.RawStdEncoding.DecodeString(raw)
	if err != nil || len(b) < s.aead.NonceSize() {
		return "", ErrUnseal
	}
	n := s.aead.NonceSize()
	plain, err := s.aead.Open(nil, b[:n], b[n:], []byte(context))
	if err != nil {
		return "", ErrUnseal
	}
	return string(plain), nil
}
