package input

import (
	"net/mail"
	"strings"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// MaxEmailLength is the longest e-mail address accepted, in bytes.
const MaxEmailLength = 254

// NormalizeEmail trims and lower-cases a bare e-mail address and checks it.
func NormalizeEmail(field, raw string) (string, error) {
	e := strings.ToLower(strings.TrimSpace(raw))
	switch {
	case e == "":
		return "", apperr.Invalid(field, "is required")
	case len(e) > MaxEmailLength:
		return "", apperr.Invalid(field, "must be at most 254 characters")
	}
	addr, err := mail.ParseAddress(e)
	if err != nil || addr.Address != e || addr.Name != "" {
		return "", apperr.Invalid(field, "must be a valid e-mail address")
	}
	at := strings.LastIndexByte(e, '@')
	domain := e[at+1:]
	if strings.ContainsAny(e, " \t\r\n\"(),:;<>[\\]") || !strings.Contains(domain, ".") ||
		strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") || strings.Contains(domain, "..") {
		return "", apperr.Invalid(field, "must be a valid e-mail address")
	}
	return e, nil
}
