// Package input checks what a user typed into a command, refusing it as invalid
// input naming its field (names, e-mails, passwords), and drops repeated ids.
package input

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// CheckName trims a name and checks it is given, short enough and printable.
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
