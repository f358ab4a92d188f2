package api_test

import (
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/reeltrack/reeltrack"
)

// TestRouterMatchesOpenAPI fails when a route exists in the router but not
// in openapi.yaml, or the other way round.
func TestRouterMatchesOpenAPI(t *testing.T) {
	t.Parallel()
	var doc struct {
		Paths map[string]map[string]any `yaml:"paths"`
	}
	if err := yaml.Unmarshal(reeltrack.OpenAPI, &doc); err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	documented := map[string]bool{}
	for path, item := range doc.Paths {
		for method := range item {
			switch method {
			case "get", "post", "put", "patch", "delete", "options":
				documented[strings.ToUpper(method)+" "+path] = true
			}
		}
	}
	routed := map[string]bool{}
	for _, r := range newApp(t).app.GetRoutes(true) {
		if r.Method == "HEAD" || r.Path == "/" {
			continue
		}
		routed[r.Method+" "+fiberToOpenAPI(r.Path)] = true
	}
	var missing, extra []string
	for k := range routed {
		if !documented[k] {
			missing = append(missing, k)
		}
	}
	for k := range documented {
		if !routed[k] {
			extra = append(extra, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing)+len(extra) > 0 {
		t.Fatalf("router and openapi.yaml differ:\n  not documented: %v\n  documented but not routed: %v", missing, extra)
	}
	if len(routed) < 10 {
		t.Fatalf("only %d routes found: %v", len(routed), routed)
	}
}

// fiberToOpenAPI turns /accounts/:id into /accounts/{id}.
func fiberToOpenAPI(p string) string {
	parts := strings.Split(p, "/")
	for i, s := range parts {
		if strings.HasPrefix(s, ":") {
			parts[i] = "{" + strings.TrimSuffix(strings.TrimPrefix(s, ":"), "?") + "}"
		}
	}
	return strings.Join(parts, "/")
}

func TestOpenAPIIsServed(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	res := a.request("GET", "/api/openapi.yaml", nil).expect(t, 200)
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "application/yaml") || string(res.Body) != string(reeltrack.OpenAPI) {
		t.Fatalf("served %q with %d bytes", res.Header.Get("Content-Type"), len(res.Body))
	}
}
