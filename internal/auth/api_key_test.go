package auth_test

import (
	"bytes"
	"crypto/sha256"
	"strings"
	"testing"

	"github.com/reeltrack/reeltrack/internal/auth"
)

func TestAPIKeysAreFoundByTheirHash(t *testing.T) {
	key, prefix, hash, err := auth.NewAPIKey()
	if err != nil {
		t.Fatal(err)
	}
	if len(key) != 46 || !strings.HasPrefix(key, "rt_") || prefix != key[:9] {
		t.Fatalf("key %q, prefix %q", key, prefix)
	}
	sum := sha256.Sum256([]byte(key))
	if !bytes.Equal(hash, sum[:]) {
		t.Fatal("the hash is not the key's SHA-256")
	}
	got, ok := auth.APIKeyHash(key)
	if !ok || !bytes.Equal(got, hash) {
		t.Fatalf("APIKeyHash(%q) = %x, %v", key, got, ok)
	}
	other, _, _, _ := auth.NewAPIKey()
	if other == key {
		t.Fatal("two keys are the same")
	}
	for _, bad := range []string{"", "rt_", key[:45], key + "A", "xx" + key[2:], "rt_" + strings.Repeat("!", 43), strings.ToUpper(key[:3]) + key[3:]} {
		if _, ok := auth.APIKeyHash(bad); ok {
			t.Errorf("APIKeyHash(%q) accepted", bad)
		}
	}
}

func FuzzAPIKeyHash(f *testing.F) {
	key, _, _, _ := auth.NewAPIKey()
	for _, s := range []string{"", "rt_", key, key + "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		h, ok := auth.APIKeyHash(s)
		if ok != (len(h) == sha256.Size) {
			t.Fatalf("APIKeyHash(%q) = %x, %v", s, h, ok)
		}
		if ok && (len(s) != 46 || !strings.HasPrefix(s, "rt_")) {
			t.Fatalf("APIKeyHash accepted %q", s)
		}
	})
}
