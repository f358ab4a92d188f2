package query

import (
	"bytes"
	"time"
)

// Cell prefixes an apostrophe to text a spreadsheet would run as a formula.
func Cell(s string) string {
	if s != "" && FormulaStart(s[0]) {
		return "'" + s
	}
	return s
}

// FormulaStart reports whether text starting with b is run as a formula
// by a spreadsheet: =, +, -, @, a tab or a carriage return.
func FormulaStart(b byte) bool {
	return bytes.IndexByte([]byte("=+-@\t\r"), b) >= 0
}

// TimeCell is t in UTC as RFC 3339, or an empty cell for nil.
func TimeCell(t *time.Time) string {
	return OptionalCell(t, func(t time.Time) string { return t.UTC().Format(time.RFC3339) })
}

// OptionalCell is *p written by format, or an empty cell for nil.
func OptionalCell[T any](p *T, format func(T) string) string {
	if p == nil {
		return ""
	}
	return format(*p)
}
