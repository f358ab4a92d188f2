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

// Items are not decoded into maps: one pass checks an item and indexes its
// top-level members, and a value is decoded only when a normalizer asks.
// The rules are the JSON decoders': RFC 8259, at most maxJSONDepth levels,
// the last duplicate key wins, exact key match, invalid UTF-8 to U+FFFD.

// maxJSONDepth is the nesting limit of encoding/json and goccy/go-json.
const maxJSONDepth = 10000

// errJSONEnd: the input ended inside a value; a streaming reader reads more.
var errJSONEnd = errors.New("unexpected end of JSON input")

func jsonSyntaxError(b []byte, i int, what string) error {
	return fmt.Errorf("invalid character %q %s at offset %d", b[i], what, i)
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

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

// scanNumber: a number reaching the input's end may go on in the next
// read, so that is errJSONEnd too; no item ends with a bare number.
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

// scanString returns the offset after the closing quote; plain: no escapes
// and ASCII, so its bytes are its value. Eight bytes at a time pass when
// none is a quote, backslash, control or non-ASCII byte.
func scanString(b []byte, i int) (end int, plain bool, err error) {
	i++
	plain = true
	for {
		for i+8 <= len(b) {
			x := binary.LittleEndian.Uint64(b[i:])
			q := x ^ (lsb * '"')
			s := x ^ (lsb * '\\')
			// A byte is flagged when zero after the xor (quote or backslash), below
			// 0x20, or high-bit set. Borrows only flag bytes after a truly flagged one,
			// so the lowest flag is exact.
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

// scanObject checks the object at b[i] == '{', appending to non-nil members.
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

// scanArray checks the array at b[i] == '[', appending to non-nil elems.
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

func plainString(quoted []byte) ([]byte, bool) {
	s := quoted[1 : len(quoted)-1]
	if bytes.IndexByte(s, '\\') >= 0 || !utf8.Valid(s) {
		return nil, false
	}
	return s, true
}

// unquoteSlow decodes a checked JSON string as the JSON decoders do.
func unquoteSlow(quoted []byte) string {
	var s string
	_ = json.Unmarshal(quoted, &s) // checked by scanString: cannot fail
	return s
}

// jsonValue is the source of one checked JSON value; nil when absent.
type jsonValue []byte

// jsonMember holds offsets into the source, keeping the index free of
// pointers: cheap to allocate and invisible to the garbage collector.
type jsonMember struct {
	keyStart, keyEnd, valStart, valEnd uint32
	plainKey                           bool // the key is its own bytes
}

// jsonObject is an object's members in source order, duplicates included.
// Getters are lenient: a field of the wrong type reads as absent, so one odd
// field never costs the item.
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

func (o jsonObject) len() int { return len(o.members) }

// get returns the value of key, nil if absent; the last duplicate wins.
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

// optText is the member's text, nil when the object has no such member (or a null).
func (o jsonObject) optText(key string) *string {
	v := o.get(key)
	if v == nil {
		return nil
	}
	if _, ok := v.str(); !ok {
		return nil
	}
	t := v.text()
	return &t
}

func (o jsonObject) object(key string) jsonObject { return o.get(key).object() }

// text returns the string at key; numbers give their literal text (ids come
// both ways), anything else "".
func (o jsonObject) text(key string) string { return o.get(key).text() }

func (o jsonObject) firstText(keys ...string) string {
	for _, k := range keys {
		if s := strings.TrimSpace(o.text(k)); s != "" {
			return s
		}
	}
	return ""
}

func (o jsonObject) count(key string) *uint64 { return parseCount(o.get(key)) }

func (o jsonObject) flag(key string) *bool { return parseFlag(o.get(key)) }

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

func (v jsonValue) str() (string, bool) {
	if v.kind() != '"' {
		return "", false
	}
	if s, ok := plainString(v); ok {
		return string(s), true
	}
	return unquoteSlow(v), true
}

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

func (v jsonValue) empty() bool {
	return len(v) >= 2 && skipSpace(v, 1) == len(v)-1
}

func (v jsonValue) number() (string, bool) {
	if v.kind() != '0' {
		return "", false
	}
	return string(v), true
}

func (v jsonValue) float() (float64, error) {
	return strconv.ParseFloat(string(v), 64)
}

// arrayReader reads a JSON array one checked element at a time as it streams in.
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

// next returns the next element, nil after the last; it points into the
// buffer until the next call. With members, an object element is also
// indexed into *members. Ending early gives io.ErrUnexpectedEOF.
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

// more moves the unread bytes to the buffer's front, doubling it when they
// fill it, so a large element is rescanned only a few times.
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

// ItemReader reads a JSON array of items as it streams in, checking and
// indexing each object once so Normalize need not read it again.
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

// Next returns the next item, nil after the last, valid until the next call.
func (r *ItemReader) Next() ([]byte, error) {
	raw, o, err := r.a.next(&r.members)
	r.cur = o
	return raw, err
}

// Normalize normalizes the item Next last returned, for platform p.
func (r *ItemReader) Normalize(p platform.Platform, now time.Time) (Item, error) {
	return normalizeObject(p, r.cur, now)
}
