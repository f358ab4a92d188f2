package input

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// bcrypt reads only a password's first 72 bytes.
const (
	minPasswordLength = 8
	maxPasswordBytes  = 72
)

// ValidatePassword checks password p of the account email against the rules.
func ValidatePassword(field, p, email string) error {
	switch {
	case p == "":
		return apperr.Invalid(field, "is required")
	case utf8.RuneCountInString(p) < minPasswordLength:
		return apperr.Invalid(field, fmt.Sprintf("must be at least %d characters", minPasswordLength))
	case len(p) > maxPasswordBytes:
		return apperr.Invalid(field, fmt.Sprintf("must be at most %d bytes", maxPasswordBytes))
	case strings.TrimSpace(p) == "":
		return apperr.Invalid(field, "must not be only spaces")
	case email != "" && strings.EqualFold(p, email):
		return apperr.Invalid(field, "must not be the e-mail address")
	}
	return nil
}
