package main

import (
	"strconv"
	"time"
	"unicode/utf8"
)

// obj is a JSON object whose keys keep their insertion order, as the real
// actors' items do. Items are written with appendJSON, a small encoder that
// avoids encoding/json's reflection and re-validation, because a benchmark
// dataset streams hundreds of thousands of them.
type obj []field

type field struct {
	k string
	v any
}

// omit is a value whose field is left out of the object: the "missing
// metric" case.
type omit struct{}

// add appends a field; a value of type omit adds nothing.
func (o *obj) add(k string, v any) {
	if _, skip := v.(omit); skip {
		return
	}
	*o = append(*o, field{k, v})
}

// MarshalJSON lets an obj go through encoding/json too.
func (o obj) MarshalJSON() ([]byte, error) { return appendJSON(nil, o), nil }

// isoMillis is the timestamp format of Apify and of the actors' items.
const isoMillis = "2006-01-02T15:04:05.000Z"

// appendJSON appends the JSON encoding of v. It knows the value types the
// generators use; anything else is written as null.
func appendJSON(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, "null"...)
	case obj:
		b = append(b, '{')
		for i, f := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, f.k)
			b = append(b, ':')
			b = appendJSON(b, f.v)
		}
		return append(b, '}')
	case []obj:
		return appendArray(b, x, func(b []byte, e obj) []byte { return appendJSON(b, e) })
	case []any:
		return appendArray(b, x, appendJSON)
	case []string:
		return appendArray(b, x, appendString)
	case string:
		return appendString(b, x)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case int64:
		return strconv.AppendInt(b, x, 10)
	case float64:
		return strconv.AppendFloat(b, x, 'f', -1, 64)
	case bool:
		return strconv.AppendBool(b, x)
	case time.Time:
		return appendString(b, x.UTC().Format(isoMillis))
	case rawJSON:
		return append(b, x...)
	}
	return append(b, "null"...)
}

func appendArray[T any](b []byte, xs []T, each func([]byte, T) []byte) []byte {
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(b, x)
	}
	return append(b, ']')
}

type rawJSON []byte

const hexDigits = "0123456789abcdef"

// plain marks the bytes a JSON string can hold as they are.
var plain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

func appendString(b []byte, s string) []byte {
	i := 0
	for i < len(s) && plain[s[i]] {
		i++
	}
	if i == len(s) { // the common case: nothing to escape
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\t':
				b = append(b, '\\', 't')
			case '\r':
				b = append(b, '\\', 'r')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
