package api_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/openapi3filter"
	"github.com/getkin/kin-openapi/routers"
	"github.com/getkin/kin-openapi/routers/legacy"

	"github.com/reeltrack/reeltrack"
)

// The contract: every answer the tests of this package receive is checked
// against openapi.yaml (status, the headers it declares, Content-Type and
// body), so the document cannot drift from what the server sends.

var contract struct {
	once   sync.Once
	doc    *openapi3.T
	router routers.Router
	err    error

	mu      sync.Mutex
	checked map[string]bool // "GET /api/videos 200"
}

// loadContract loads openapi.yaml once per package.
func loadContract() (*openapi3.T, routers.Router, error) {
	contract.once.Do(func() {
		// uuid is not checked by kin-openapi unless defined.
		openapi3.DefineStringFormatValidator("uuid", openapi3.NewRegexpFormatValidator(
			`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`))
		loader := openapi3.NewLoader()
		doc, err := loader.LoadFromData(reeltrack.OpenAPI)
		if err != nil {
			contract.err = fmt.Errorf("load openapi.yaml: %w", err)
			return
		}
		if err := doc.Validate(loader.Context); err != nil {
			contract.err = fmt.Errorf("openapi.yaml is not a valid document: %w", err)
			return
		}
		// Paths are matched whatever the host: the tests reach the app
		// through fiber's Test and through loopback listeners.
		doc.Servers = nil
		r, err := legacy.NewRouter(doc)
		if err != nil {
			contract.err = fmt.Errorf("route openapi.yaml: %w", err)
			return
		}
		contract.doc, contract.router = doc, r
		contract.checked = map[string]bool{}
	})
	return contract.doc, contract.router, contract.err
}

// contractError says how an answer differs from openapi.yaml, or nil when
// it matches. The request's body is not read.
func contractError(req *http.Request, status int, header http.Header, body []byte) error {
	_, router, err := loadContract()
	if err != nil {
		return err
	}
	if req.Method == http.MethodHead {
		// HEAD is answered for every GET route and not listed.
		return nil
	}
	route, params, err := router.FindRoute(req)
	if err != nil {
		if !strings.HasPrefix(req.URL.Path, "/api/") {
			// The dashboard's pages and files, outside the API.
			return nil
		}
		// A path or method the document does not list: the server
		// answers it with the error body (404 or 405).
		if status != http.StatusNotFound && status != http.StatusMethodNotAllowed {
			return fmt.Errorf("%s %s is not in openapi.yaml and answered %d", req.Method, req.URL.Path, status)
		}
		if err := errorBodyError(status, header, body); err != nil {
			return err
		}
		return errorBodyRules(status, header, body)
	}
	in := &openapi3filter.ResponseValidationInput{
		RequestValidationInput: &openapi3filter.RequestValidationInput{
			Request:    req,
			PathParams: params,
			Route:      route,
		},
		Status: status,
		Header: header,
		Body:   io.NopCloser(bytes.NewReader(body)),
		Options: &openapi3filter.Options{
			IncludeResponseStatus: true,
			MultiError:            true,
		},
	}
	if err := openapi3filter.ValidateResponse(context.Background(), in); err != nil {
		return fmt.Errorf("%s %s answered %d, which openapi.yaml does not allow: %w", req.Method, route.Path, status, err)
	}
	if err := documentedHeaders(route, status, header); err != nil {
		return fmt.Errorf("%s %s answered %d: %w", req.Method, route.Path, status, err)
	}
	if err := errorBodyRules(status, header, body); err != nil {
		return fmt.Errorf("%s %s answered %d: %w", req.Method, route.Path, status, err)
	}
	contract.mu.Lock()
	contract.checked[req.Method+" "+route.Path+" "+strconv.Itoa(status)] = true
	contract.mu.Unlock()
	return nil
}

// documentedHeaders checks the headers that openapi.yaml's introduction
// and the /api/shared routes' description promise for every answer,
// errors included, which the document does not repeat on each response:
// X-Request-ID (but on a 413), nosniff, and the caching ones.
func documentedHeaders(route *routers.Route, status int, header http.Header) error {
	want := map[string]string{"X-Content-Type-Options": "nosniff"}
	private := false
	if route.Operation.Security != nil {
		for _, r := range *route.Operation.Security {
			if _, ok := r["sessionCookie"]; ok {
				private = true
			}
		}
	}
	switch route.Path {
	case "/api/auth/signup", "/api/auth/login", "/api/auth/logout":
		private = true
	case "/healthz", "/readyz":
		delete(want, "X-Content-Type-Options")
	}
	if private {
		want["Cache-Control"] = "private, no-store"
	}
	if strings.HasPrefix(route.Path, "/api/shared/") {
		want["Cache-Control"] = "no-store"
		want["X-Robots-Tag"] = "noindex, nofollow"
		want["Referrer-Policy"] = "no-referrer"
	}
	if status == http.StatusRequestEntityTooLarge {
		// raised while the body is read, before any middleware
		return nil
	}
	var bad []string
	if header.Get("X-Request-ID") == "" {
		bad = append(bad, "X-Request-ID is missing")
	}
	for name, value := range want {
		if got := header.Get(name); got != value {
			bad = append(bad, fmt.Sprintf("%s is %q, want %q", name, got, value))
		}
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		return errors.New(strings.Join(bad, "; "))
	}
	return nil
}

// errorBodyRules checks what the introduction says of the error body
// beyond its schema: error.requestId repeats the X-Request-ID header
// (a 413 has neither), and fields appear only on 400s and 422s.
func errorBodyRules(status int, header http.Header, body []byte) error {
	if status < 400 || !strings.HasPrefix(header.Get("Content-Type"), "application/json") {
		return nil
	}
	var e struct {
		Error *struct {
			RequestID *string         `json:"requestId"`
			Fields    json.RawMessage `json:"fields"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil || e.Error == nil {
		return nil // not the error body (the readiness answer)
	}
	if status != http.StatusRequestEntityTooLarge {
		if e.Error.RequestID == nil || *e.Error.RequestID != header.Get("X-Request-ID") || *e.Error.RequestID == "" {
			return fmt.Errorf("error.requestId %v does not repeat X-Request-ID %q", e.Error.RequestID, header.Get("X-Request-ID"))
		}
	}
	if e.Error.Fields != nil && status != http.StatusBadRequest && status != http.StatusUnprocessableEntity {
		return fmt.Errorf("error.fields on a %d", status)
	}
	return nil
}

// errorBodyError checks an answer of an unlisted route against the shared
// error shape.
func errorBodyError(status int, header http.Header, body []byte) error {
	doc, _, _ := loadContract()
	if !strings.HasPrefix(header.Get("Content-Type"), "application/json") {
		return fmt.Errorf("unlisted route answered %d with Content-Type %q", status, header.Get("Content-Type"))
	}
	schema := doc.Components.Schemas["Error"]
	var v any
	if err := json.Unmarshal(body, &v); err != nil {
		return fmt.Errorf("unlisted route answered %d with a body that is not JSON: %w", status, err)
	}
	if err := schema.Value.VisitJSON(v, openapi3.MultiErrors()); err != nil {
		return fmt.Errorf("unlisted route answered %d with a body that is not the error shape: %w", status, err)
	}
	return nil
}

// checkContract fails the test when the answer differs from openapi.yaml,
// or when the server accepted (2xx) a request that openapi.yaml does not
// allow: its parameters or its body (reqBody, as sent).
func checkContract(t testing.TB, req *http.Request, reqBody []byte, status int, header http.Header, body []byte) {
	t.Helper()
	if err := contractError(req, status, header, body); err != nil {
		t.Errorf("contract: %v\nbody: %.2000s", err, body)
	}
	if status >= 200 && status < 300 {
		if err := requestError(req, reqBody); err != nil {
			t.Errorf("contract: %v\nrequest body: %.2000s", err, reqBody)
		}
	}
}

// requestError says how a request differs from openapi.yaml, or nil when it
// matches. Credentials are not checked: the server checks them.
func requestError(req *http.Request, body []byte) error {
	_, router, err := loadContract()
	if err != nil || req.Method == http.MethodHead {
		return err
	}
	route, params, err := router.FindRoute(req)
	if err != nil {
		return nil // answered by contractError
	}
	r := req.Clone(context.Background())
	r.Body = io.NopCloser(bytes.NewReader(body))
	// A query parameter sent empty is as left out (openapi.yaml's
	// introduction); an empty UUID is refused, so never reaches here.
	q := r.URL.Query()
	for k, v := range q {
		if len(v) == 1 && v[0] == "" {
			q.Del(k)
		}
	}
	r.URL.RawQuery = q.Encode()
	in := &openapi3filter.RequestValidationInput{
		Request:    r,
		PathParams: params,
		Route:      route,
		Options: &openapi3filter.Options{
			AuthenticationFunc:  openapi3filter.NoopAuthenticationFunc,
			SkipSettingDefaults: true,
			MultiError:          true,
		},
	}
	if err := openapi3filter.ValidateRequest(context.Background(), in); err != nil {
		return fmt.Errorf("%s %s was accepted, but openapi.yaml does not allow the request: %w", req.Method, route.Path, err)
	}
	return nil
}

// doChecked sends req with a real HTTP client, reads the whole answer and
// checks it against openapi.yaml.
func doChecked(t testing.TB, req *http.Request) (response, error) {
	t.Helper()
	reqBody := readBody(t, req)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return response{}, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return response{}, err
	}
	checkContract(t, req, reqBody, res.StatusCode, res.Header, raw)
	return response{Status: res.StatusCode, Header: res.Header, Body: raw, Cookies: res.Cookies()}, nil
}

// contractRun runs the package's tests and then, when every test ran (no
// -run, -skip or -short), fails listing the documented 2xx answers that no
// test received.
type contractRun struct{ m *testing.M }

func (c contractRun) Run() int {
	code := c.m.Run()
	if !wholePackage() {
		return code
	}
	if missing := unexercised(); len(missing) > 0 {
		fmt.Fprintf(os.Stderr, "contract: no test received these documented answers (openapi.yaml):\n  %s\n", strings.Join(missing, "\n  "))
		return 1
	}
	return code
}

func wholePackage() bool {
	for _, name := range []string{"test.run", "test.skip"} {
		if f := flag.Lookup(name); f != nil && f.Value.String() != "" {
			return false
		}
	}
	return !testing.Short()
}

// notExercised lists the documented 2xx answers the tests do not reach on
// purpose, with the reason.
var notExercised = map[string]string{}

var success = regexp.MustCompile(`^2\d\d$`)

// unexercised lists the documented 2xx answers of the document that no test
// received.
func unexercised() []string {
	doc, _, err := loadContract()
	if err != nil {
		return []string{err.Error()}
	}
	contract.mu.Lock()
	defer contract.mu.Unlock()
	var missing []string
	for path, item := range doc.Paths.Map() {
		for method, op := range item.Operations() {
			for code := range op.Responses.Map() {
				if !success.MatchString(code) {
					continue
				}
				key := method + " " + path + " " + code
				if !contract.checked[key] && notExercised[key] == "" {
					missing = append(missing, key)
				}
			}
		}
	}
	sort.Strings(missing)
	return missing
}

func TestContractLoads(t *testing.T) {
	if _, _, err := loadContract(); err != nil {
		t.Fatal(err)
	}
}

// TestContractRejectsChangedAnswers takes real answers (the workspace,
// as bootstrap answers it, and the videos list) and changes them the ways a server change would: each
// change must be refused by the contract check, and the answers as sent
// must pass it.
func TestContractRejectsChangedAnswers(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	type answer struct {
		req *http.Request
		res response
	}
	get := func(method, path string) answer {
		req := httptest.NewRequest(method, path, nil)
		req.AddCookie(d.cookie)
		return answer{req, d.app.send(req).expect(t, 200)}
	}
	workspace := get("POST", "/api/workspace/bootstrap")
	videos := get("GET", "/api/videos")

	// change decodes the answer's body, lets f change it and encodes it
	// again.
	change := func(a answer, f func(body map[string]any)) []byte {
		var body map[string]any
		if err := json.Unmarshal(a.res.Body, &body); err != nil {
			t.Fatal(err)
		}
		f(body)
		raw, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		return raw
	}
	ws := func(body map[string]any) map[string]any { return body["workspace"].(map[string]any) }
	firstVideo := func(body map[string]any) map[string]any {
		list := body["videos"].([]any)
		if len(list) == 0 {
			t.Fatal("the videos list is empty")
		}
		return list[0].(map[string]any)
	}
	for _, a := range []answer{workspace, videos} {
		if err := contractError(a.req, a.res.Status, a.res.Header, a.res.Body); err != nil {
			t.Fatalf("the answer as sent fails the contract: %v", err)
		}
	}
	cases := []struct {
		name   string
		a      answer
		status int
		header http.Header
		body   []byte
		want   string // in kin-openapi's message
	}{
		{name: "a field added", a: workspace, body: change(workspace, func(b map[string]any) { ws(b)["nickname"] = "x" }), want: `"nickname" is unsupported`},
		{name: "a field renamed", a: workspace, body: change(workspace, func(b map[string]any) { w := ws(b); w["plan_name"] = w["plan"]; delete(w, "plan") }), want: `"plan"`},
		{name: "a number sent as a string", a: workspace, body: change(workspace, func(b map[string]any) { ws(b)["videoLimit"] = "5000" }), want: "must be an integer"},
		{name: "a required field dropped", a: workspace, body: change(workspace, func(b map[string]any) { delete(ws(b), "hasAccess") }), want: `"hasAccess" is missing`},
		{name: "a non-nullable field null", a: workspace, body: change(workspace, func(b map[string]any) { ws(b)["name"] = nil }), want: "doesn't match schema"},
		{name: "a value outside its enum", a: workspace, body: change(workspace, func(b map[string]any) { ws(b)["plan"] = "platinum" }), want: "not one of the allowed values"},
		{name: "a nested field added", a: videos, body: change(videos, func(b map[string]any) { firstVideo(b)["rank"] = 1 }), want: `"rank" is unsupported`},
		{name: "a nested field typed differently", a: videos, body: change(videos, func(b map[string]any) { firstVideo(b)["addedAt"] = 17 }), want: "must be a string"},
		{name: "a nested required field dropped", a: videos, body: change(videos, func(b map[string]any) { delete(firstVideo(b), "metrics") }), want: `"metrics" is missing`},
		{name: "not a uuid", a: videos, body: change(videos, func(b map[string]any) { firstVideo(b)["id"] = "v1" }), want: "uuid"},
		{name: "an undocumented status", a: videos, status: http.StatusAccepted, want: "status is not supported"},
		{name: "another content type", a: videos, header: http.Header{"Content-Type": {"text/plain"}}, want: "Content-Type"},
		{name: "a required header missing", a: videos, header: http.Header{"Content-Type": {"application/json"}, "Cache-Control": {"private, no-store"}, "X-Content-Type-Options": {"nosniff"}}, want: "X-Request-ID"},
		{name: "a promised header missing", a: videos, header: withoutHeader(videos.res.Header, "Cache-Control"), want: "Cache-Control"},
	}
	for _, c := range cases {
		status, header, body := c.a.res.Status, c.a.res.Header, c.a.res.Body
		if c.status != 0 {
			status = c.status
		}
		if c.header != nil {
			header = c.header
		}
		if c.body != nil {
			body = c.body
		}
		err := contractError(c.a.req, status, header, body)
		if err == nil {
			t.Errorf("%s: the contract check passed it", c.name)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: refused, but the message does not say %q: %v", c.name, c.want, err)
		}
	}
}

// TestContractExtendedSchemas: a schema marked x-extends (a base schema's
// properties and more, written out in full because additionalProperties:
// false rules out allOf) has every property of its base, defined alike,
// and requires what the base requires.
func TestContractExtendedSchemas(t *testing.T) {
	doc, _, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	var visit func(name string, s *openapi3.SchemaRef)
	seen := map[*openapi3.Schema]bool{}
	n := 0
	visit = func(name string, s *openapi3.SchemaRef) {
		if s == nil || s.Value == nil || seen[s.Value] {
			return
		}
		v := s.Value
		seen[v] = true
		if base, ok := v.Extensions["x-extends"].(string); ok {
			n++
			b := doc.Components.Schemas[base]
			if b == nil {
				t.Errorf("%s extends %s, which is not a schema", name, base)
				return
			}
			for p, ps := range b.Value.Properties {
				got, ok := v.Properties[p]
				if !ok {
					t.Errorf("%s lacks %s.%s", name, base, p)
					continue
				}
				want, _ := json.Marshal(ps)
				have, _ := json.Marshal(got)
				if string(want) != string(have) {
					t.Errorf("%s.%s differs from %s.%s:\n  %s\n  %s", name, p, base, p, have, want)
				}
			}
			for _, r := range b.Value.Required {
				if !slices.Contains(v.Required, r) {
					t.Errorf("%s does not require %s, which %s requires", name, r, base)
				}
			}
		}
		for p, ps := range v.Properties {
			visit(name+"."+p, ps)
		}
		visit(name+"[]", v.Items)
	}
	for name, s := range doc.Components.Schemas {
		visit(name, s)
	}
	if n < 5 {
		t.Fatalf("found %d schemas marked x-extends", n)
	}
}

// readBody reads the request's body and puts it back, for the contract
// check.
func readBody(t testing.TB, req *http.Request) []byte {
	t.Helper()
	if req.Body == nil {
		return nil
	}
	raw, err := io.ReadAll(req.Body)
	if err != nil {
		t.Fatal(err)
	}
	req.Body = io.NopCloser(bytes.NewReader(raw))
	return raw
}

// withoutHeader is a copy of h without name.
func withoutHeader(h http.Header, name string) http.Header {
	c := h.Clone()
	c.Del(name)
	return c
}
