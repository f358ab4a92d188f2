package httpx

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

func TestCheckJSONText(t *testing.T) {
	for _, tc := range []struct {
		body  string
		field string // "" when the body is fine
		msg   string
	}{
		{`{"name":"ok","n":1,"b":true,"x":null}`, "", ""},
		{`{"name":"caf\u00e9 \ud83d\ude00 \\u0000 \"q\""}`, "", ""},
		{"{\"name\":\"\xc3\xa9\xe2\x9c\x93\"}", "", ""},
		{`{"name":"a\u0000"}`, "name", msgNUL},
		{"{\"name\":\"a\x00\"}", "name", msgNUL},
		{"{\"name\":\"a\xff\"}", "name", msgBadUTF8},
		{"{\"name\":\"\xed\xa0\x80\"}", "name", msgBadUTF8}, // a surrogate encoded in UTF-8
		{`{"name":"\ud800x"}`, "name", msgBadUTF8},
		{`{"name":"\ud800\u0041"}`, "name", msgBadUTF8},
		{`{"name":"\udc00"}`, "name", msgBadUTF8},
		{`{"name":"\ud800"}`, "name", msgBadUTF8},
		{`{"urls":["a","b","c\u0000"]}`, "urls[2]", msgNUL},
		{`{"a":{"b":[1,{"c":["x","\u0000"]}]}}`, "a.b[1].c[1]", msgNUL},
		{`{"a":[[],["x"],["y","z\u0000"]]}`, "a[2][1]", msgNUL},
		{`{"ok":"x","na\u0000me":1}`, "na\uFFFDme", "key " + msgNUL},
		{"{\"a\":{\"k\xff\":1}}", "a.k\uFFFD", "key " + msgBadUTF8},
		{`{"a\"b":{"c":"\u0000"}}`, `a"b.c`, msgNUL},
		{`{"a": "x" , "b" : [ "y" , "\u0000" ] }`, "b[1]", msgNUL},
		{"{\"name\":\"a\x00", "name", ""}, // unterminated: left to the decoder
		{`{"name":"\u00`, "", ""},
		{"[\"\x00\"]", "[0]", msgNUL},
	} {
		err := checkJSONText([]byte(tc.body))
		if tc.msg == "" {
			if tc.field == "" && err != nil {
				t.Errorf("%q: %v, want no error", tc.body, err)
			}
			continue
		}
		if apperr.KindOf(err) != apperr.KindInvalid {
			t.Errorf("%q: %v, want a 400", tc.body, err)
			continue
		}
		if got := apperr.Fields(err); got[tc.field] != tc.msg || len(got) != 1 {
			t.Errorf("%q: fields %q, want %q: %q", tc.body, got, tc.field, tc.msg)
		}
	}
}

// FuzzCheckJSONText checks checkJSONText against encoding/json on any valid
// JSON: it passes exactly the documents whose decoded strings (keys
// included) hold no NUL and no U+FFFD that the decoder made up.
func FuzzCheckJSONText(f *testing.F) {
	for _, s := range []string{
		`{"a":"b"}`, `{"a":["\u0000"]}`, "{\"a\":\"\xff\"}", `{"a\ud800":1}`, `{"a":"\ud83d\ude00"}`,
		`{"a":{"b":[{"c":"d"}]}}`, `["x",1,null,{"k":"\\u0000"}]`, "{\"\xef\xbf\xbd\":\"\\ufffd\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		err := checkJSONText(body) // never panics, whatever the bytes
		if !json.Valid(body) {
			return
		}
		if err != nil && apperr.KindOf(err) != apperr.KindInvalid {
			t.Fatalf("%q: %v", body, err)
		}
		if bytes.Contains(body, []byte("\xef\xbf\xbd")) || bytes.Contains(bytes.ToLower(body), []byte(`\ufffd`)) {
			return // a real U+FFFD is fine and cannot be told from a made-up one
		}
		var v any
		if e := json.Unmarshal(body, &v); e != nil {
			return // too deep for the decoder
		}
		if bad := hasBadString(v); bad != (err != nil) {
			t.Fatalf("%q: decoded strings bad=%v, check said %v", body, bad, err)
		}
	})
}

func hasBadString(v any) bool {
	bad := func(s string) bool { return strings.ContainsAny(s, "\x00\uFFFD") }
	switch x := v.(type) {
	case string:
		return bad(x)
	case []any:
		for _, e := range x {
			if hasBadString(e) {
				return true
			}
		}
	case map[string]any:
		for k, e := range x {
			if bad(k) || hasBadString(e) {
				return true
			}
		}
	}
	return false
}
