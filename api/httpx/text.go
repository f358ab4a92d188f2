package httpx

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// Text that reaches the databases must be valid UTF-8 without NUL
// characters: PostgreSQL refuses NUL in text, and encoding/json would
// quietly turn invalid bytes into U+FFFD. These checks find such text in a
// request before anything reads it, and name where it sits.

const (
	msgNUL     = "must not hold a NUL character"
	msgBadUTF8 = "must be valid UTF-8"
)

func textProblem(s []byte) string {
	if bytes.IndexByte(s, 0) >= 0 {
		return msgNUL
	}
	if !utf8.Valid(s) {
		return msgBadUTF8
	}
	return ""
}

// printable makes a name that failed textProblem fit to show in an answer.
func printable(name []byte) string {
	return strings.ReplaceAll(strings.ToValidUTF8(string(name), "\uFFFD"), "\x00", "\uFFFD")
}

// CheckQueryText answers 400, naming the parameter, when a query name or
// value is not valid UTF-8 or holds a NUL (after percent-decoding).
func CheckQueryText(c *fiber.Ctx) error {
	var err error
	c.Context().QueryArgs().VisitAll(func(k, v []byte) {
		if err != nil {
			return
		}
		if p := textProblem(k); p != "" {
			err = apperr.Invalid(printable(k), "parameter name "+p)
		} else if p := textProblem(v); p != "" {
			err = apperr.Invalid(string(k), p)
		}
	})
	if err != nil {
		// Refused before the route's own middleware runs: the answer is
		// marked as api's privateAnswer would, as openapi.yaml promises for
		// every answer of the session routes, errors included.
		c.Set(fiber.HeaderCacheControl, "private, no-store")
		return err
	}
	return c.Next()
}

type jsonFrame struct {
	array     bool
	index     int    // arrays: the current element
	key       []byte // objects: the current member's raw key
	expectKey bool
}

// checkJSONText returns a 400 naming the path ("urls[2]") of the first string
// or key that is not valid UTF-8 or holds a NUL, raw or escaped (an unpaired
// surrogate is invalid). Malformed JSON is left to the decoder.
func checkJSONText(body []byte) error {
	if bytes.IndexByte(body, 0) < 0 && utf8.Valid(body) && !bytes.Contains(body, []byte(`\u`)) {
		return nil
	}
	var stack []jsonFrame
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '{':
			stack = append(stack, jsonFrame{expectKey: true})
		case '[':
			stack = append(stack, jsonFrame{array: true})
		case '}', ']':
			if len(stack) == 0 {
				return nil
			}
			stack = stack[:len(stack)-1]
		case ',':
			if len(stack) > 0 {
				top := &stack[len(stack)-1]
				top.index++
				top.expectKey = !top.array
			}
		case ':':
			if len(stack) > 0 {
				stack[len(stack)-1].expectKey = false
			}
		case '"':
			end, problem := scanJSONString(body, i+1)
			if end < 0 {
				return nil
			}
			raw := body[i+1 : end]
			isKey := len(stack) > 0 && !stack[len(stack)-1].array && stack[len(stack)-1].expectKey
			if isKey {
				stack[len(stack)-1].key = raw
			}
			if problem != "" {
				if isKey {
					return apperr.Invalid(jsonPath(stack), "key "+problem)
				}
				return apperr.Invalid(jsonPath(stack), problem)
			}
			i = end
		}
	}
	return nil
}

// scanJSONString returns the index of the closing quote of the string
// starting at body[start] (-1 for none) and its text's first problem.
func scanJSONString(body []byte, start int) (int, string) {
	problem := ""
	note := func(p string) {
		if problem == "" {
			problem = p
		}
	}
	for i := start; i < len(body); {
		b := body[i]
		switch {
		case b == '"':
			return i, problem
		case b == '\\':
			if i+1 >= len(body) {
				return -1, problem
			}
			if body[i+1] != 'u' {
				i += 2
				continue
			}
			r, ok := hex4(body, i+2)
			if !ok {
				return -1, problem
			}
			i += 6
			switch {
			case r == 0:
				note(msgNUL)
			case r >= 0xDC00 && r <= 0xDFFF:
				note(msgBadUTF8)
			case r >= 0xD800 && r <= 0xDBFF:
				if i+1 < len(body) && body[i] == '\\' && body[i+1] == 'u' {
					if lo, ok := hex4(body, i+2); ok && lo >= 0xDC00 && lo <= 0xDFFF {
						i += 6
						continue
					}
				}
				note(msgBadUTF8)
			}
		case b == 0:
			note(msgNUL)
			i++
		case b < utf8.RuneSelf:
			i++
		default:
			r, size := utf8.DecodeRune(body[i:])
			if r == utf8.RuneError && size == 1 {
				note(msgBadUTF8)
			}
			i += size
		}
	}
	return -1, problem
}

func hex4(body []byte, at int) (rune, bool) {
	if at+4 > len(body) {
		return 0, false
	}
	n, err := strconv.ParseUint(string(body[at:at+4]), 16, 32)
	return rune(n), err == nil
}

// jsonPath names the scanner's place: members joined with ".", elements [i].
func jsonPath(stack []jsonFrame) string {
	var b strings.Builder
	for _, f := range stack {
		if f.array {
			b.WriteString("[" + strconv.Itoa(f.index) + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(printable(unescapeKey(f.key)))
	}
	if b.Len() == 0 {
		return "body"
	}
	return b.String()
}

// unescapeKey decodes a raw JSON key for naming it, else shows it as it came.
func unescapeKey(raw []byte) []byte {
	if bytes.IndexByte(raw, '\\') < 0 {
		return raw
	}
	s, err := strconv.Unquote(`"` + string(raw) + `"`)
	if err != nil {
		return raw
	}
	return []byte(s)
}
