package normalize

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	gojson "github.com/goccy/go-json"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// refDecode decodes an item the way Normalize did before items were read
// lazily: goccy/go-json into map[string]any with json.Number, nothing after
// the item. It is the reference the lazy reading must agree with.
func refDecode(raw []byte) (map[string]any, bool) {
	dec := gojson.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false
	}
	m, ok := v.(map[string]any)
	return m, ok
}

// sameValue reports whether the lazily read v holds what the reference
// decoder made of it, recursively.
func sameValue(v jsonValue, ref any) bool {
	switch r := ref.(type) {
	case nil:
		return v.kind() == 'n'
	case bool:
		return v.kind() == 't' && r || v.kind() == 'f' && !r
	case string:
		s, ok := v.str()
		return ok && s == r && v.text() == r
	case json.Number:
		n, ok := v.number()
		return ok && n == r.String() && v.text() == r.String()
	case []any:
		elems := v.elements()
		if v.kind() != '[' || len(elems) != len(r) || v.empty() != (len(r) == 0) {
			return false
		}
		for i := range elems {
			if !sameValue(elems[i], r[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		return v.kind() == '{' && v.empty() == (len(r) == 0) && sameObject(v.object(), r)
	}
	return false
}

// sameObject checks every key both ways: each key the reference has reads
// the same (the last of duplicates), and every member's key is one of them.
func sameObject(o jsonObject, ref map[string]any) bool {
	for k, want := range ref {
		if !o.has(k) || !sameValue(o.get(k), want) {
			return false
		}
	}
	for _, m := range o.members {
		if _, ok := ref[unquoteSlow(o.src[m.keyStart:m.keyEnd])]; !ok {
			return false
		}
	}
	return true
}

func checkDecodeObject(t *testing.T, raw []byte) {
	t.Helper()
	ref, refOK := refDecode(raw)
	o, err := decodeObject(raw)
	if (err == nil) != refOK {
		t.Fatalf("decodeObject(%q): error %v, reference decoder accepts: %v", raw, err, refOK)
	}
	if err == nil && !sameObject(o, ref) {
		t.Fatalf("decodeObject(%q) reads differently from the reference decoder %#v", raw, ref)
	}
}

var decodeObjectCases = []string{
	`{}`, ` {"a":1} `, "{\"a\":1}\n", `{"a":"b","a":"c"}`, `{"a":{"x":1},"a":{"y":2}}`, `{"a":{"x":1},"a":"s"}`,
	`{"n":-0,"e":1E+2,"f":-12.5e-3,"big":18446744073709551616123}`, `{"a":[1,[2,[]],{},{"b":null}],"t":true,"f":false}`,
	`{"s":"\u00e9\ud83d\ude00\n\t\"\\\/"}`, `{"s":"\ud800"}`, "{\"s\":\"\xff\xfe\"}", "{\"\xff\":1}", `{"play\u0043ount":5}`,
	`{"a" : [ 1 , 2 ] , "b" : { } }`, `{"":1}`, `{"a":"` + strings.Repeat("x", 100) + `é"}`,
	// rejected
	``, ` `, `null`, `[{"a":1}]`, `"s"`, `12`, `{"a":1}x`, `{"a":1}}`, `{"a":1} {"b":2}`, `{"a":01}`, `{"a":1.}`,
	`{"a":-}`, `{"a":.5}`, `{"a":1e}`, `{"a":+1}`, "{\"a\":\"x\x01y\"}", `{"a":"\x"}`, `{"a":"\u12"}`, `{"a":tru}`,
	`{"a":nul}`, `{"a":[1,]}`, `{"a":1,}`, `{"a" 1}`, `{a:1}`, `{"a":1 "b":2}`, `{"a":[1 2]}`, `{"a": truex}`,
	`{"a":"unterminated}`, `{"a":`, `{"a"`, `{`,
}

func TestDecodeObjectReadsAsTheDecoder(t *testing.T) {
	for _, c := range decodeObjectCases {
		checkDecodeObject(t, []byte(c))
	}
	for _, depth := range []int{maxJSONDepth - 2, maxJSONDepth - 1, maxJSONDepth, maxJSONDepth + 1} {
		for _, open := range []string{"[", `{"a":`} {
			end := strings.Repeat("]", depth)
			if open != "[" {
				end = strings.Repeat("}", depth)
			}
			checkDecodeObject(t, []byte(`{"x":`+strings.Repeat(open, depth)+end+`}`))
		}
	}
	for file := range fixtureFiles {
		for _, raw := range loadFixture(t, file) {
			checkDecodeObject(t, raw)
		}
	}
}

// FuzzDecodeObject checks that any input is accepted or refused, and read,
// exactly as by the decoder Normalize used before.
func FuzzDecodeObject(f *testing.F) {
	for _, c := range decodeObjectCases {
		f.Add([]byte(c))
	}
	for file := range fixtureFiles {
		for _, raw := range loadFixture(f, file) {
			f.Add([]byte(raw))
		}
	}
	f.Fuzz(func(t *testing.T, raw []byte) { checkDecodeObject(t, raw) })
}

// refItems splits a dataset page the way the provider client did before:
// goccy's stream decoder, one json.RawMessage per element.
func refItems(page []byte) ([]string, bool) {
	dec := gojson.NewDecoder(bytes.NewReader(page))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return nil, false
	}
	var items []string
	for dec.More() {
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return items, false
		}
		items = append(items, string(raw))
	}
	if _, err := dec.Token(); err != nil {
		return items, false
	}
	return items, true
}

// readItems splits page with an arrayReader over r and a first buffer of
// size bytes. With index set, it also checks that each element that is an
// object comes indexed as decodeObject would index it, and others not.
func readItems(t *testing.T, r io.Reader, size int, index bool) ([]string, error) {
	a := arrayReader{r: r, buf: make([]byte, size)}
	if err := a.open(); err != nil {
		return nil, err
	}
	var members *[]jsonMember
	if index {
		members = new([]jsonMember)
	}
	var items []string
	for {
		raw, o, err := a.next(members)
		if err != nil {
			return items, err
		}
		if raw == nil {
			return items, nil
		}
		if index {
			ref, isObject := refDecode(raw)
			if isObject != (o.src != nil) || isObject && !sameObject(o, ref) {
				t.Fatalf("element %q indexed as %+v", raw, o.members)
			}
		}
		items = append(items, string(raw))
	}
}

func checkArrayReader(t *testing.T, page []byte) {
	t.Helper()
	want, ok := refItems(page)
	readers := map[string]func() io.Reader{
		"whole":    func() io.Reader { return bytes.NewReader(page) },
		"one byte": func() io.Reader { return iotest.OneByteReader(bytes.NewReader(page)) },
		"halves":   func() io.Reader { return iotest.HalfReader(bytes.NewReader(page)) },
	}
	for name, r := range readers {
		for _, size := range []int{1, 7, 64 << 10} {
			for _, index := range []bool{false, true} {
				got, err := readItems(t, r(), size, index)
				if (err == nil) != ok {
					t.Fatalf("%q (%s, buffer %d): error %v, reference accepts: %v", page, name, size, err, ok)
				}
				// On an error the reference may have read one element less
				// or more; what was read before must agree.
				n := min(len(got), len(want))
				if err == nil && len(got) != len(want) || strings.Join(got[:n], "\n") != strings.Join(want[:n], "\n") {
					t.Fatalf("%q (%s, buffer %d): items\n%q\nwant\n%q", page, name, size, got, want)
				}
			}
		}
	}
}

var arrayReaderCases = []string{
	`[]`, ` [ ] `, "[\n]\n", `[{"a":1}]`, ` [ {"a":1} , {"b":[1,2]} ,"x",1, null, true, -0.5e3 ] `,
	`[{"a":1}]trailing`, `[{"a":1}]]`, `[{"s":"]},\"["},{"t":"\\"}]`, `[1]`, `[12345]`,
	`[{"a":"` + strings.Repeat("é", 5000) + `"},{"b":2}]`,
	// refused
	``, ` `, `{"a":1}`, `"x"`, `[`, `[{"a":1}`, `[{"a":1`, `[{"a":1},]`, `[{"a":1} {"b":1}]`, `[{"a":01}]`, `[,]`,
	`[{"a":tru}]`, "[{\"a\":\"\x01\"}]", `[{"a":"\x"}]`, `[1`, `[1,`, `[1 2]`,
}

func TestArrayReaderSplitsAsTheDecoder(t *testing.T) {
	for _, c := range arrayReaderCases {
		checkArrayReader(t, []byte(c))
	}
	for file := range fixtureFiles {
		items := loadFixture(t, file)
		var page bytes.Buffer
		page.WriteString("[")
		for i, raw := range items {
			if i > 0 {
				page.WriteString(",\n")
			}
			page.Write(raw)
		}
		page.WriteString("]")
		checkArrayReader(t, page.Bytes())
	}
}

// TestArrayReaderReadErrors: a failing read is passed on, and the end of
// the input before the closing bracket is io.ErrUnexpectedEOF.
func TestArrayReaderReadErrors(t *testing.T) {
	broken := errors.New("connection reset")
	r := io.MultiReader(strings.NewReader(`[{"a":1},{"b":`), iotest.ErrReader(broken))
	got, err := readItems(t, r, 8, true)
	if !errors.Is(err, broken) || len(got) != 1 {
		t.Fatalf("read error mid-item: %q, %v", got, err)
	}
	for _, page := range []string{`[{"a":1}`, `[{"a":1},`, `[{"a":1`} {
		if _, err := readItems(t, strings.NewReader(page), 64, true); !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("%q: %v, want io.ErrUnexpectedEOF", page, err)
		}
	}
}

// FuzzArrayReader checks that any page is split, or refused, as by the
// stream decoder the provider client used before.
func FuzzArrayReader(f *testing.F) {
	for _, c := range arrayReaderCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, page []byte) { checkArrayReader(t, page) })
}

// TestItemReaderNormalizesAsNormalize: an ItemReader gives, item for item,
// the raw items of the array and what Normalize makes of each.
func TestItemReaderNormalizesAsNormalize(t *testing.T) {
	var all []string
	for file := range fixtureFiles {
		for _, raw := range loadFixture(t, file) {
			all = append(all, string(raw))
		}
	}
	page := `[1, "x", null, [], {}, {"noResults": true}, {"error": "no_items", "url": "u"}, ` + strings.Join(all, ",") + `]`
	result := func(it Item, err error) string {
		if err != nil {
			return "error: " + err.Error()
		}
		return dump(it)
	}
	for _, p := range []platform.Platform{platform.TikTok, platform.Instagram, platform.YouTube, platform.X, "vine"} {
		r := NewItemReader(iotest.HalfReader(strings.NewReader(page)))
		if err := r.Open(); err != nil {
			t.Fatal(err)
		}
		want, ok := refItems([]byte(page))
		if !ok {
			t.Fatal("reference refuses the page")
		}
		for i := 0; ; i++ {
			raw, err := r.Next()
			if err != nil {
				t.Fatalf("%s item %d: %v", p, i, err)
			}
			if raw == nil {
				if i != len(want) {
					t.Fatalf("%s: %d items, want %d", p, i, len(want))
				}
				break
			}
			if i >= len(want) || string(raw) != want[i] {
				t.Fatalf("%s item %d: %s", p, i, raw)
			}
			got := result(r.Normalize(p, testNow))
			if w := result(Normalize(p, raw, testNow)); got != w {
				t.Fatalf("%s item %d:\n got: %s\nwant: %s", p, i, got, w)
			}
		}
	}
}
