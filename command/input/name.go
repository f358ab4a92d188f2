// Package input checks what a user typed into a command: names
// (CheckName), e-mail addresses (NormalizeEmail) and passwords
// (ValidatePassword), each refused as invalid input naming its field.
package input

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// CheckName trims a name and checks that it is given, at most maxChars
// characters long and free of control characters.
func CheckName(name string, maxChars int) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return name, apperr.Invalid("name", "is required")
	case utf8.RuneCountInString(name) > maxChars:
		return name, apperr.Invalid("name", fmt.Sprintf("must be at most %d characters", maxChars))
	case strings.IndexFunc(name, unicode.IsControl) >= 0:
		return name, apperr.Invalid("name", "must not contain control characters")
	}
	return name, nil
}
