package normalize

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	json "github.com/goccy/go-json"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// Items are read without decoding them into maps: one pass checks that an
// item is valid JSON and indexes its top-level members, and a value is
// decoded only when a normalizer asks for it. An item has dozens of fields
// (music, hashtags, stickers, ...) of which a normalizer reads a handful, so
// this does a fraction of the work of a full decode. The rules are those of
// the JSON decoders: RFC 8259 syntax, at most maxJSONDepth levels of
// nesting, the last of duplicate keys wins, keys match exactly, strings
// decode as encoding/json does (invalid UTF-8 becomes U+FFFD).

// maxJSONDepth is the nesting limit of encoding/json and goccy/go-json.
const maxJSONDepth = 10000

// errJSONEnd is returned when the input ends inside a value; a streaming
// reader then reads more and scans again.
var errJSONEnd = errors.New("unexpected end of JSON input")

// jsonSyntaxError reports invalid JSON at an offset.
func jsonSyntaxError(b []byte, i int, what string) error {
	return fmt.Errorf("invalid character %q %s at offset %d", b[i], what, i)
}

// isSpace reports JSON whitespace.
func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// scanValue checks the JSON value starting at b[i] (no leading whitespace)
// and returns the offset just after it.
func scanValue(b []byte, i, depth int) (int, error) {
	if i >= len(b) {
		return i, errJSONEnd
	}
	switch c := b[i]; {
	case c == '"':
		end, _, err := scanString(b, i)
		return end, err
	case c == '{':
		return scanObject(b, i, depth+1, nil)
	case c == '[':
		return scanArray(b, i, depth+1, nil)
	case c == 't':
		return scanLiteral(b, i, "true")
	case c == 'f':
		return scanLiteral(b, i, "false")
	case c == 'n':
		return scanLiteral(b, i, "null")
	case c == '-' || '0' <= c && c <= '9':
		return scanNumber(b, i)
	}
	return i, jsonSyntaxError(b, i, "looking for beginning of value")
}

func scanLiteral(b []byte, i int, lit string) (int, error) {
	for k := 0; k < len(lit); k++ {
		if i+k >= len(b) {
			return i + k, errJSONEnd
		}
		if b[i+k] != lit[k] {
			return i + k, jsonSyntaxError(b, i+k, "in literal "+lit)
		}
	}
	return i + len(lit), nil
}

// scanNumber checks -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?. A
// number that reaches the end of the input may go on in the next read, so
// that is errJSONEnd too; no item ends with a bare number.
func scanNumber(b []byte, i int) (int, error) {
	digits := func(i int) (int, error) {
		if i >= len(b) {
			return i, errJSONEnd
		}
		if b[i] < '0' || b[i] > '9' {
			return i, jsonSyntaxError(b, i, "in numeric literal")
		}
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		if i >= len(b) {
			return i, errJSONEnd
		}
		return i, nil
	}
	if b[i] == '-' {
		i++
	}
	var err error
	if i < len(b) && b[i] == '0' {
		if i++; i >= len(b) {
			return i, errJSONEnd
		}
	} else if i, err = digits(i); err != nil {
		return i, err
	}
	if b[i] == '.' {
		if i, err = digits(i + 1); err != nil {
			return i, err
		}
	}
	if b[i] == 'e' || b[i] == 'E' {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if i, err = digits(i); err != nil {
			return i, err
		}
	}
	return i, nil
}

const (
	lsb = 0x0101010101010101
	msb = 0x8080808080808080
)

// scanString checks the string starting at b[i] == '"' and returns the
// offset after its closing quote; plain reports that the string has no
// escapes and is ASCII, so its bytes are its value. Eight bytes at a time
// are let through when none of them is a quote, a backslash, a control
// character or non-ASCII; non-ASCII bytes are allowed (invalid UTF-8 is
// replaced when the string is decoded), only checked byte by byte.
func scanString(b []byte, i int) (end int, plain bool, err error) {
	i++
	plain = true
	for {
		for i+8 <= len(b) {
			x := binary.LittleEndian.Uint64(b[i:])
			q := x ^ (lsb * '"')
			s := x ^ (lsb * '\\')
			// A byte is flagged when it is zero after the xor (a quote or
			// backslash), below 0x20, or has its high bit set. Borrows can
			// only flag bytes after a truly flagged one, so the lowest flag
			// is exact.
			m := ((q - lsb) &^ q) | ((s - lsb) &^ s) | ((x - lsb*0x20) &^ x) | x
			if m &= msb; m != 0 {
				i += bits.TrailingZeros64(m) / 8
				break
			}
			i += 8
		}
		if i >= len(b) {
			return i, plain, errJSONEnd
		}
		switch c := b[i]; {
		case c == '"':
			return i + 1, plain, nil
		case c == '\\':
			plain = false
			if i+1 >= len(b) {
				return i + 1, plain, errJSONEnd
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i += 2
			case 'u':
				for k := i + 2; k < i+6; k++ {
					if k >= len(b) {
						return k, plain, errJSONEnd
					}
					if !isHex(b[k]) {
						return k, plain, jsonSyntaxError(b, k, "in \\u hexadecimal character escape")
					}
				}
				i += 6
			default:
				return i + 1, plain, jsonSyntaxError(b, i+1, "in string escape code")
			}
		case c < 0x20:
			return i, plain, jsonSyntaxError(b, i, "in string literal")
		default:
			if c >= utf8.RuneSelf {
				plain = false
			}
			i++
		}
	}
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

// scanObject checks the object starting at b[i] == '{'. When members is
// not nil, each member is appended to *members.
func scanObject(b []byte, i, depth int, members *[]jsonMember) (int, error) {
	if depth > maxJSONDepth {
		return i, jsonSyntaxError(b, i, "exceeds the maximum depth")
	}
	i = skipSpace(b, i+1)
	if i >= len(b) {
		return i, errJSONEnd
	}
	if b[i] == '}' {
		return i + 1, nil
	}
	for {
		if i >= len(b) {
			return i, errJSONEnd
		}
		if b[i] != '"' {
			return i, jsonSyntaxError(b, i, "looking for beginning of object key string")
		}
		keyStart := i
		end, plain, err := scanString(b, i)
		if err != nil {
			return end, err
		}
		i = skipSpace(b, end)
		if i >= len(b) {
			return i, errJSONEnd
		}
		if b[i] != ':' {
			return i, jsonSyntaxError(b, i, "after object key")
		}
		i = skipSpace(b, i+1)
		valStart := i
		if i, err = scanValue(b, i, depth); err != nil {
			return i, err
		}
		if members != nil {
			*members = append(*members, jsonMember{uint32(keyStart), uint32(end), uint32(valStart), uint32(i), plain})
		}
		i = skipSpace(b, i)
		if i >= len(b) {
			return i, errJSONEnd
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case '}':
			return i + 1, nil
		default:
			return i, jsonSyntaxError(b, i, "after object key:value pair")
		}
	}
}

// scanArray checks the array starting at b[i] == '['. When elems is not
// nil, each element is appended to *elems.
func scanArray(b []byte, i, depth int, elems *[]jsonValue) (int, error) {
	if depth > maxJSONDepth {
		return i, jsonSyntaxError(b, i, "exceeds the maximum depth")
	}
	i = skipSpace(b, i+1)
	if i >= len(b) {
		return i, errJSONEnd
	}
	if b[i] == ']' {
		return i + 1, nil
	}
	for {
		start := i
		var err error
		if i, err = scanValue(b, i, depth); err != nil {
			return i, err
		}
		if elems != nil {
			*elems = append(*elems, b[start:i])
		}
		i = skipSpace(b, i)
		if i >= len(b) {
			return i, errJSONEnd
		}
		switch b[i] {
		case ',':
			i = skipSpace(b, i+1)
		case ']':
			return i + 1, nil
		default:
			return i, jsonSyntaxError(b, i, "after array element")
		}
	}
}

// plainString returns the contents of a quoted string that decodes to its
// own bytes: no escapes and valid UTF-8.
func plainString(quoted []byte) ([]byte, bool) {
	s := quoted[1 : len(quoted)-1]
	if bytes.IndexByte(s, '\\') >= 0 || !utf8.Valid(s) {
		return nil, false
	}
	return s, true
}

// unquoteSlow decodes a checked JSON string with escapes or invalid UTF-8
// the way the JSON decoders do.
func unquoteSlow(quoted []byte) string {
	var s string
	_ = json.Unmarshal(quoted, &s) // checked by scanString: cannot fail
	return s
}

// jsonValue is the source of one checked JSON value, read on demand; nil
// when absent.
type jsonValue []byte

// jsonMember is where one member of an object is in its source: the
// quoted key and the value. Offsets keep the index free of pointers, which
// makes it cheap to allocate and invisible to the garbage collector.
type jsonMember struct {
	keyStart, keyEnd, valStart, valEnd uint32
	plainKey                           bool // the key is its own bytes
}

// jsonObject is an object's members in source order, duplicates included;
// the zero value is an absent or non-object value. Getters are lenient: a
// field of the wrong type reads as absent, so one odd field never costs the
// item.
type jsonObject struct {
	src     []byte
	members []jsonMember
}

// decodeObject checks one item and indexes its members. Numbers keep their
// literal text, so ids and counts above 2^53 keep every digit.
func decodeObject(raw []byte) (jsonObject, error) {
	i := skipSpace(raw, 0)
	if i >= len(raw) {
		return jsonObject{}, fmt.Errorf("decode: %w", errJSONEnd)
	}
	if len(raw) > math.MaxUint32 {
		return jsonObject{}, errors.New("decode: item larger than 4 GiB")
	}
	if raw[i] != '{' {
		if _, err := scanValue(raw, i, 0); err != nil && !errors.Is(err, errJSONEnd) {
			return jsonObject{}, fmt.Errorf("decode: %w", err)
		}
		return jsonObject{}, errNotObject
	}
	o := jsonObject{src: raw, members: make([]jsonMember, 0, 48)}
	end, err := scanObject(raw, i, 1, &o.members)
	if err != nil {
		return jsonObject{}, fmt.Errorf("decode: %w", err)
	}
	if skipSpace(raw, end) != len(raw) {
		return jsonObject{}, errors.New("decode: data after the item")
	}
	return o, nil
}

// len is the number of members, duplicates included.
func (o jsonObject) len() int { return len(o.members) }

// get returns the value of key, nil if absent; of duplicate keys the last
// wins, as when decoding into a map.
func (o jsonObject) get(key string) jsonValue {
	for i := len(o.members) - 1; i >= 0; i-- {
		m := &o.members[i]
		quoted := o.src[m.keyStart:m.keyEnd]
		if m.plainKey {
			if len(quoted) != len(key)+2 || string(quoted[1:len(quoted)-1]) != key {
				continue
			}
		} else if unquoteSlow(quoted) != key {
			continue
		}
		return o.src[m.valStart:m.valEnd]
	}
	return nil
}

// has reports whether key is present, even as null.
func (o jsonObject) has(key string) bool { return o.get(key) != nil }

// object returns the nested object at key; the zero jsonObject, which has
// no members, if absent or not an object.
func (o jsonObject) object(key string) jsonObject { return o.get(key).object() }

// text returns the string at key; numbers give their literal text (ids come
// both ways), anything else "".
func (o jsonObject) text(key string) string { return o.get(key).text() }

// firstText returns the first non-blank text among keys.
func (o jsonObject) firstText(keys ...string) string {
	for _, k := range keys {
		if s := strings.TrimSpace(o.text(k)); s != "" {
			return s
		}
	}
	return ""
}

// count returns the count at key (see parseCount).
func (o jsonObject) count(key string) *uint64 { return parseCount(o.get(key)) }

// flag returns the boolean at key, nil when absent or not a boolean.
func (o jsonObject) flag(key string) *bool { return parseFlag(o.get(key)) }

// isTrue reports whether key holds true.
func (o jsonObject) isTrue(key string) bool {
	b := o.flag(key)
	return b != nil && *b
}

// kind is the first byte of the value: '"', '{', '[', 't', 'f', 'n', or
// '0' for numbers; 0 when absent.
func (v jsonValue) kind() byte {
	if len(v) == 0 {
		return 0
	}
	switch c := v[0]; c {
	case '"', '{', '[', 't', 'f', 'n':
		return c
	}
	return '0'
}

// str returns the decoded string, ok false when v is not a string.
func (v jsonValue) str() (string, bool) {
	if v.kind() != '"' {
		return "", false
	}
	if s, ok := plainString(v); ok {
		return string(s), true
	}
	return unquoteSlow(v), true
}

// text is the decoded string or the literal text of a number, else "".
func (v jsonValue) text() string {
	switch v.kind() {
	case '"':
		s, _ := v.str()
		return s
	case '0':
		return string(v)
	}
	return ""
}

// object indexes a nested object; the zero jsonObject when v is not one.
func (v jsonValue) object() jsonObject {
	if v.kind() != '{' {
		return jsonObject{}
	}
	o := jsonObject{src: v, members: make([]jsonMember, 0, 24)}
	if _, err := scanObject(v, 0, 1, &o.members); err != nil {
		return jsonObject{} // checked with the item: cannot happen
	}
	return o
}

// elements returns the elements of an array, nil when v is not one.
func (v jsonValue) elements() []jsonValue {
	if v.kind() != '[' {
		return nil
	}
	var elems []jsonValue
	if _, err := scanArray(v, 0, 1, &elems); err != nil {
		return nil // checked with the item: cannot happen
	}
	return elems
}

// empty reports whether an object or array has no members.
func (v jsonValue) empty() bool {
	return len(v) >= 2 && skipSpace(v, 1) == len(v)-1
}

// number returns the literal text of a number, ok false when v is not one.
func (v jsonValue) number() (string, bool) {
	if v.kind() != '0' {
		return "", false
	}
	return string(v), true
}

// float reads a number as strconv.ParseFloat does.
func (v jsonValue) float() (float64, error) {
	return strconv.ParseFloat(string(v), 64)
}

// arrayReader reads a JSON array one element at a time as it streams in,
// checking that each element is valid JSON (see scanValue). It holds the
// current read and no more, except that an element larger than the buffer
// grows it.
type arrayReader struct {
	r        io.Reader
	buf      []byte
	pos, end int // the unread bytes are buf[pos:end]
	eof      bool
	state    int
}

const (
	arrayFirst = iota // after '[': an element or ']'
	arrayAfter        // after an element: ',' or ']'
	arrayDone         // after ']'
)

// open reads up to the opening bracket.
func (a *arrayReader) open() error {
	c, err := a.peek()
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return err
	}
	if err != nil || c != '[' {
		return errors.New("answer is not a JSON array")
	}
	a.pos++
	a.state = arrayFirst
	return nil
}

// next returns the next element, nil after the last one; it points into
// the reader's buffer and holds until the next call. When members is not
// nil and the element is an object, it is also indexed (see decodeObject)
// into *members, which o then holds; else o is the zero jsonObject. The
// array ending early gives io.ErrUnexpectedEOF.
func (a *arrayReader) next(members *[]jsonMember) (raw []byte, o jsonObject, err error) {
	if a.state == arrayDone {
		return nil, jsonObject{}, nil
	}
	c, err := a.peek()
	if err != nil {
		return nil, jsonObject{}, err
	}
	switch {
	case c == ']':
		a.pos++
		a.state = arrayDone
		return nil, jsonObject{}, nil
	case a.state == arrayAfter && c != ',':
		return nil, jsonObject{}, jsonSyntaxError(a.buf[:a.end], a.pos, "after array element")
	case a.state == arrayAfter:
		a.pos++
		if c, err = a.peek(); err != nil {
			return nil, jsonObject{}, err
		}
	}
	index := members != nil && c == '{'
	for {
		var end int
		if index {
			*members = (*members)[:0]
			end, err = scanObject(a.buf[:a.end], a.pos, 1, members)
		} else {
			end, err = scanValue(a.buf[:a.end], a.pos, 0)
		}
		if err == nil {
			raw = a.buf[a.pos:end]
			if index {
				o = jsonObject{src: a.buf[:end], members: *members}
			}
			a.pos, a.state = end, arrayAfter
			return raw, o, nil
		}
		if !errors.Is(err, errJSONEnd) {
			return nil, jsonObject{}, err
		}
		// The element goes on past what was read: read more, scan again.
		if err := a.more(); err != nil {
			return nil, jsonObject{}, err
		}
	}
}

// peek skips whitespace and returns the next byte without consuming it.
func (a *arrayReader) peek() (byte, error) {
	for {
		a.pos = skipSpace(a.buf[:a.end], a.pos)
		if a.pos < a.end {
			return a.buf[a.pos], nil
		}
		if err := a.more(); err != nil {
			return 0, err
		}
	}
}

// more moves the unread bytes to the front of the buffer, doubling it when
// they fill it, and fills the rest: a large element is then scanned again
// only a few times. The end of the input gives io.ErrUnexpectedEOF, since
// more is only asked for before the closing bracket.
func (a *arrayReader) more() error {
	if a.eof {
		return io.ErrUnexpectedEOF
	}
	a.end = copy(a.buf, a.buf[a.pos:a.end])
	a.pos = 0
	if a.end == len(a.buf) {
		grown := make([]byte, 2*len(a.buf))
		copy(grown, a.buf[:a.end])
		a.buf = grown
	}
	n, err := io.ReadFull(a.r, a.buf[a.end:])
	a.end += n
	switch {
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		a.eof = true
		if n == 0 {
			return io.ErrUnexpectedEOF
		}
	case err != nil:
		return err
	}
	return nil
}

// ItemReader reads a JSON array of items one at a time as it streams in, as
// a dataset page arrives: it holds the current read and no more, except that
// an item larger than its buffer grows it. Each item is checked and, when it
// is an object, indexed once, so that Normalize can map it without reading
// it again.
type ItemReader struct {
	a       arrayReader
	members []jsonMember // reused: an item is done with before the next
	cur     jsonObject
}

// NewItemReader returns a reader of the array r holds.
func NewItemReader(r io.Reader) *ItemReader {
	return &ItemReader{
		a:       arrayReader{r: r, buf: make([]byte, 64<<10)},
		members: make([]jsonMember, 0, 64),
	}
}

// Open reads up to the opening bracket.
func (r *ItemReader) Open() error { return r.a.open() }

// Next returns the next item, nil after the last one; it points into the
// reader's buffer and holds until the next call. Invalid JSON is an error;
// the array ending early gives io.ErrUnexpectedEOF.
func (r *ItemReader) Next() ([]byte, error) {
	raw, o, err := r.a.next(&r.members)
	r.cur = o
	return raw, err
}

// Normalize normalizes the item Next last returned as Normalize does for
// platform p.
func (r *ItemReader) Normalize(p platform.Platform, now time.Time) (Item, error) {
	return normalizeObject(p, r.cur, now)
}
