package auth

import (
	"errors"
	"fmt"

	"golang.org/x/crypto/bcrypt"
)

// Passwords hashes and checks passwords with bcrypt at a configured cost.
type Passwords struct {
	Cost int
	// dummy is compared against when a login names no user, so that a wrong
	// e-mail and a wrong password take the same time.
	dummy []byte
}

// NewPasswords prepares a hasher for the given bcrypt cost.
func NewPasswords(cost int) (*Passwords, error) {
	dummy, err := bcrypt.GenerateFromPassword([]byte("reeltrack-dummy-password"), cost)
	if err != nil {
		return nil, fmt.Errorf("prepare password hasher: %w", err)
	}
	return &Passwords{Cost: cost, dummy: dummy}, nil
}

// Hash returns the bcrypt hash of password.
func (p *Passwords) Hash(password string) (string, error) {
	h, err := bcrypt.GenerateFromPassword([]byte(password), p.Cost)
	if err != nil {
		return "", fmt.Errorf("hash password: %w", err)
	}
	return string(h), nil
}

// Check reports whether password matches hash; an empty one costs the same.
func (p *Passwords) Check(hash, password string) (bool, error) {
	if hash == "" {
		_ = bcrypt.CompareHashAndPassword(p.dummy, []byte(password))
		return false, nil
	}
	err := bcrypt.CompareHashAndPassword([]byte(hash), []byte(password))
	switch {
	case err == nil:
		return true, nil
	case errors.Is(err, bcrypt.ErrMismatchedHashAndPassword):
		return false, nil
	default:
		return false, fmt.Errorf("check password: %w", err)
	}
}
