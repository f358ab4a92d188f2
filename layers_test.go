package reeltrack_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
)

const module = "github.com/reeltrack/reeltrack"

// architectureDoc states the packages and the import rules these tests
// hold the code to.
const architectureDoc = "docs/architecture.md"

// importRules are the rules of docs/architecture.md, "Import rules", one
// entry per rule under the rule's name there. Packages are named by their
// path in the module ("." is the root package); a pattern ending in "/..."
// also names every package below it. The rules hold for the packages' own
// code: the graph leaves tests out.
var importRules = []importRule{
	{"wiring", importedOnlyBy("cmd/...", "cmd/server", "cmd/bench", "cmd/soak")},
	{"binaries", all(
		onlyImports("cmd/migrate", "schema", "projections", "projections/analytics", "command/dataversion", "internal/..."),
		onlyImports("cmd/backup", "schema", "projections", "projections/analytics", "command/dataversion", "internal/..."),
		onlyImports("cmd/faultdrill", "internal/..."),
		onlyImports("cmd/scrapersim", "internal/insight", "internal/refresh"),
		onlyImports("cmd/chdbhttp"),
	)},
	{"api", onlyImports("api", "api/...", "command/...", "query/...", "ingest", "web", "internal/...")},
	{"api-importers", all(
		importedOnlyBy("api", "cmd/server/wiring", "cmd/server", "cmd/bench", "cmd/soak"),
		importedOnlyBy("api/httpx", "api/..."),
		importedOnlyBy("api/team", "api"),
		importedOnlyBy("api/tracking", "api"),
		importedOnlyBy("api/numbers", "api"),
		importedOnlyBy("api/collections", "api"),
		importedOnlyBy("api/campaigns", "api"),
		importedOnlyBy("api/alerts", "api"),
		importedOnlyBy("api/sharing", "api"),
		importedOnlyBy("api/billing", "api"),
		importedOnlyBy("api/health", "api"),
		importedOnlyBy("api/watches", "api"),
		importedOnlyBy("api/organisations", "api"),
		importedOnlyBy("api/reports", "api"),
	)},
	{"api-plumbing", onlyImports("api/httpx", "query", "query/chread", "query/answercache", "query/numbers", "query/team", "internal/...")},
	{"api-rooms", all(
		onlyImports("api/team", apiRoom("command/team", "query/team")...),
		onlyImports("api/tracking", apiRoom("command/tracking", "command/collections", "query/numbers")...),
		onlyImports("api/numbers", apiRoom("query/numbers")...),
		onlyImports("api/collections", apiRoom("command/collections", "command/team", "query/collections")...),
		onlyImports("api/campaigns", apiRoom("command/campaigns", "query/campaigns")...),
		onlyImports("api/alerts", apiRoom("command/alerts", "query/alerts")...),
		onlyImports("api/sharing", apiRoom("command/sharing", "query/sharing", "query/numbers", "query/campaigns", "query/organisations", "query/answercache", "web")...),
		onlyImports("api/billing", apiRoom("command/billing")...),
		onlyImports("api/health", apiRoom("query/health")...),
		onlyImports("api/portal", apiRoom("command/collections", "command/campaigns", "query/campaigns")...),
		onlyImports("api/watches", apiRoom("command/watches", "query/watches")...),
		onlyImports("api/competitors", apiRoom("command/competitors", "query/competitors")...),
		onlyImports("api/organisations", apiRoom("command/organisations", "query/organisations")...),
		onlyImports("api/reports", apiRoom("command/reports", "query/reports")...),
	)},
	{"siblings", all(
		noneDependsOn("command/...", "query/..."),
		noneDependsOn("query/...", "command/..."),
	)},
	{"command", onlyImports("command")},
	{"write-machinery", all(
		onlyImports("command/activitylog", "internal/..."),
		onlyImports("command/dataversion", "internal/..."),
		onlyImports("command/eventlog", "internal/..."),
		onlyImports("command/outbox", "internal/..."),
		onlyImports("command/input", "internal/..."),
	)},
	{"contexts", all(
		onlyImports("command/team", writeMachinery("internal/...")...),
		onlyImports("command/tracking", writeMachinery("ingest", "ingest/normalize", "internal/...")...),
		onlyImports("command/collections", writeMachinery("command/tracking", "internal/...")...),
		onlyImports("command/campaigns", writeMachinery("command/tracking", "internal/...")...),
		onlyImports("command/watches", writeMachinery("command/tracking", "ingest", "internal/...")...),
		onlyImports("command/competitors", writeMachinery("command/tracking", "internal/...")...),
		onlyImports("command/organisations", writeMachinery("internal/...")...),
		onlyImports("command/reports", writeMachinery("internal/...")...),
		onlyImports("command/alerts", writeMachinery("internal/...")...),
		onlyImports("command/sharing", writeMachinery("internal/...")...),
		onlyImports("command/billing", writeMachinery("internal/...")...),
		onlyImports("command/cron", writeMachinery("command/alerts", "command/campaigns", "command/reports", "command/tracking", "internal/...")...),
		importedOnlyBy("command/cron", "api", "cmd/server/wiring"),
	)},
	{"query", onlyImports("query", "query/chread", "internal/...")},
	{"read-rooms", all(
		onlyImports("query/numbers", "query", "query/chread", "internal/..."),
		onlyImports("query/collections", "query", "query/chread", "internal/..."),
		onlyImports("query/campaigns", "query", "query/chread", "internal/..."),
		onlyImports("query/alerts", "query", "query/numbers", "query/chread", "internal/..."),
		onlyImports("query/team", "query", "query/chread", "internal/..."),
		onlyImports("query/competitors", "query", "query/numbers", "query/chread", "internal/..."),
		onlyImports("query/sharing", "query", "query/numbers", "query/team", "query/chread", "internal/..."),
		onlyImports("query/health", "query", "query/chread", "internal/..."),
		onlyImports("query/watches", "query", "internal/..."),
		onlyImports("query/organisations", "query", "query/numbers", "query/campaigns", "query/health", "query/answercache", "query/chread", "internal/..."),
		onlyImports("query/reports", "query", "query/numbers", "query/campaigns", "query/organisations", "query/chread", "internal/..."),
	)},
	{"querytest", all(
		onlyImports("query/querytest", "query/chread", "ingest", "internal/..."),
		importedOnlyBy("query/querytest"),
	)},
	{"chread", onlyImports("query/chread", "internal/...")},
	{"answercache", onlyImports("query/answercache", "internal/...")},
	{"ingest", onlyImports("ingest", "ingest/normalize", "internal/...")},
	{"normalize", all(
		onlyImports("ingest/normalize", "internal/platform", "internal/domain"),
		importsNoneOf("ingest/normalize",
			"net/http/...", "github.com/gofiber/fiber/...", "github.com/ClickHouse/...",
			"github.com/jackc/pgx/...", "github.com/redis/..."),
	)},
	{"projections", onlyImports("projections", "schema", "internal/domain")},
	{"projections-analytics", onlyImports("projections/analytics", "schema")},
	{"internal", onlyImports("internal/...", "internal/...", "schema")},
	{"testenv", all(
		importedOnlyBy("internal/testenv"),
		importedOnlyBy("ingest/ingesttest"),
		onlyImports("ingest/ingesttest", "ingest"),
	)},
	{"leaves", all(
		onlyImports("schema"),
		onlyImports("web"),
		onlyImports("."),
	)},
	{"no-grab-bags", noPackageNamed("utils", "common", "helpers")},
}

// TestImportRules checks every rule of docs/architecture.md against the
// packages' imports as go list reports them.
func TestImportRules(t *testing.T) {
	g := loadGraph(t)
	for _, r := range importRules {
		t.Run(r.name, func(t *testing.T) { checkRule(t, g, r) })
	}
}

// TestCommandAndQueryAreSiblings holds the write side and the read side
// apart: neither imports the other, directly or through another package.
// A use case that needs both is composed in the layer above (api, cmd).
// It is the rule "siblings" of TestImportRules, on its own for make lint.
func TestCommandAndQueryAreSiblings(t *testing.T) {
	g := loadGraph(t)
	for _, r := range importRules {
		if r.name == "siblings" {
			checkRule(t, g, r)
			return
		}
	}
	t.Fatal(`no import rule "siblings"`)
}

// TestImportRulesAreTheDocs fails when docs/architecture.md states a rule
// that importRules does not check, or importRules checks one the document
// does not state: each rule there is a list item starting with its name in
// bold.
func TestImportRulesAreTheDocs(t *testing.T) {
	section := docSection(t, "### Import rules")
	var stated []string
	for _, m := range regexp.MustCompile(`(?m)^- \*\*([^*]+)\*\*`).FindAllStringSubmatch(section, -1) {
		stated = append(stated, m[1])
	}
	if len(stated) == 0 {
		t.Fatalf("%s, Import rules: no rule found (each is a list item starting with its name in bold: - **name**: …)", architectureDoc)
	}
	var checked []string
	for _, r := range importRules {
		checked = append(checked, r.name)
	}
	for _, name := range stated {
		if !slices.Contains(checked, name) {
			t.Errorf("%s states the import rule %q, which layers_test.go does not check: add it to importRules", architectureDoc, name)
		}
	}
	for _, name := range checked {
		if !slices.Contains(stated, name) {
			t.Errorf("layers_test.go checks the import rule %q, which %s, Import rules, does not state", name, architectureDoc)
		}
	}
}

// TestArchitectureNamesEveryPackage fails when the package table of
// docs/architecture.md (between <!-- packages:begin --> and
// <!-- packages:end -->, each row's first cell a package's path in the
// module) leaves out a Go package of the module, or names one that does
// not exist.
func TestArchitectureNamesEveryPackage(t *testing.T) {
	g := loadGraph(t)
	doc := readDoc(t)
	begin, end := strings.Index(doc, "<!-- packages:begin -->"), strings.Index(doc, "<!-- packages:end -->")
	if begin < 0 || end < begin {
		t.Fatalf("%s: no package table between <!-- packages:begin --> and <!-- packages:end -->", architectureDoc)
	}
	row := regexp.MustCompile("^\\| `([^`]+)` \\|")
	named := map[string]bool{}
	for _, line := range strings.Split(doc[begin:end], "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		m := row.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("%s, package table: a row's first cell must be one package path in backquotes: %q", architectureDoc, line)
			continue
		}
		if named[m[1]] {
			t.Errorf("%s, package table: %s has two rows", architectureDoc, m[1])
		}
		named[m[1]] = true
	}
	for _, p := range g.names {
		if !named[p] {
			t.Errorf("%s, package table: the Go package %s has no row", architectureDoc, p)
		}
	}
	for p := range named {
		if g.pkgs[p] == nil {
			t.Errorf("%s, package table: %s is not a Go package of the module (go list ./...)", architectureDoc, p)
		}
	}
}

// importRule is one rule of docs/architecture.md and how to check it.
type importRule struct {
	name  string
	check check
}

// check returns what breaks a rule in the graph, one line per offence.
type check func(g *graph) []string

func checkRule(t *testing.T, g *graph, r importRule) {
	t.Helper()
	for _, v := range r.check(g) {
		t.Errorf("import rule %q (%s, Import rules) is broken: %s", r.name, architectureDoc, v)
	}
}

func all(checks ...check) check {
	return func(g *graph) []string {
		var out []string
		for _, c := range checks {
			out = append(out, c(g)...)
		}
		return out
	}
}

// onlyImports: the packages that from names import, of the module, only
// packages that allowed names (none when allowed is empty).
func onlyImports(from string, allowed ...string) check {
	return func(g *graph) []string {
		out := g.unknown(append([]string{from}, allowed...)...)
		for _, p := range g.matching(from) {
			for _, imp := range g.pkgs[p].imports {
				if !matchesAny(imp, allowed) {
					out = append(out, fmt.Sprintf("%s imports %s; of the module it may import %s", p, imp, onlyOrNothing(allowed)))
				}
			}
		}
		return out
	}
}

// importedOnlyBy: the packages that target names are imported only by
// packages that importers names (by none when importers is empty).
func importedOnlyBy(target string, importers ...string) check {
	return func(g *graph) []string {
		out := g.unknown(append([]string{target}, importers...)...)
		for _, p := range g.names {
			if matchesAny(p, importers) {
				continue
			}
			for _, imp := range g.pkgs[p].imports {
				if matches(imp, target) {
					out = append(out, fmt.Sprintf("%s imports %s; %s may import %s", p, imp, onlyOrNothing(importers), target))
				}
			}
		}
		return out
	}
}

// writeMachinery is the shared write machinery, which every feature of the
// write side may import, followed by more.
func writeMachinery(more ...string) []string {
	return append([]string{"command/activitylog", "command/dataversion", "command/eventlog", "command/outbox", "command/input"}, more...)
}

// apiRoom is what every room of api may import, its plumbing (api/httpx),
// the read side's base and internal/, followed by its contexts' rooms of
// command and query.
func apiRoom(more ...string) []string {
	return append([]string{"api/httpx", "query", "internal/..."}, more...)
}

// noneDependsOn: no package that from names depends on a package that
// other names, directly or through another package.
func noneDependsOn(from, other string) check {
	return func(g *graph) []string {
		out := g.unknown(from, other)
		if len(out) > 0 {
			return out
		}
		for _, f := range g.matching(from) {
			for _, o := range g.matching(other) {
				if path := g.path(f, o); path != nil {
					out = append(out, fmt.Sprintf("%s depends on %s: %s", f, o, strings.Join(path, " imports ")))
				}
			}
		}
		return out
	}
}

// importsNoneOf: the packages that from names import none of the
// packages outside the module that forbidden names (import paths; "/..."
// also names the packages below).
func importsNoneOf(from string, forbidden ...string) check {
	return func(g *graph) []string {
		out := g.unknown(from)
		for _, p := range g.matching(from) {
			for _, imp := range g.pkgs[p].external {
				if matchesAny(imp, forbidden) {
					out = append(out, fmt.Sprintf("%s imports %s", p, imp))
				}
			}
		}
		return out
	}
}

// noPackageNamed: no package's path ends in one of names.
func noPackageNamed(names ...string) check {
	return func(g *graph) []string {
		var out []string
		for _, p := range g.names {
			if last := p[strings.LastIndex(p, "/")+1:]; slices.Contains(names, last) {
				out = append(out, fmt.Sprintf("package %s: name it after what it holds", p))
			}
		}
		return out
	}
}

// graph is the module's packages and their imports, tests left out.
type graph struct {
	names []string // paths in the module, sorted; "." is the root
	pkgs  map[string]*pkg
}

type pkg struct {
	imports  []string // of the module, by path in the module
	external []string // the others, by import path
}

// matching returns the packages that pattern names.
func (g *graph) matching(pattern string) []string {
	var out []string
	for _, p := range g.names {
		if matches(p, pattern) {
			out = append(out, p)
		}
	}
	return out
}

// unknown reports the patterns that name no package: a rule about a
// package that was moved or renamed would otherwise hold by itself.
func (g *graph) unknown(patterns ...string) []string {
	var out []string
	for _, pattern := range patterns {
		if len(g.matching(pattern)) == 0 {
			out = append(out, fmt.Sprintf("the rule names %s, which is no package of the module", pattern))
		}
	}
	return out
}

// path returns a chain of imports from one package to another, or nil.
func (g *graph) path(from, to string) []string {
	prev := map[string]string{from: ""}
	queue := []string{from}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if p == to {
			var chain []string
			for ; p != ""; p = prev[p] {
				chain = append(chain, p)
			}
			slices.Reverse(chain)
			return chain
		}
		for _, imp := range g.pkgs[p].imports {
			if _, seen := prev[imp]; !seen {
				prev[imp] = p
				queue = append(queue, imp)
			}
		}
	}
	return nil
}

// matches reports whether pattern names the package p: the same path, or
// for a pattern ending in "/...", that path or one below it.
func matches(p, pattern string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return p == base || strings.HasPrefix(p, base+"/")
	}
	return p == pattern
}

func matchesAny(p string, patterns []string) bool {
	return slices.ContainsFunc(patterns, func(pattern string) bool { return matches(p, pattern) })
}

func onlyOrNothing(names []string) string {
	if len(names) == 0 {
		return "no package"
	}
	return "only " + strings.Join(names, ", ")
}

var (
	graphOnce sync.Once
	graphErr  error
	theGraph  *graph
)

// loadGraph reads the module's packages from go list once per test run.
func loadGraph(t *testing.T) *graph {
	t.Helper()
	graphOnce.Do(func() { theGraph, graphErr = listPackages() })
	if graphErr != nil {
		t.Fatal(graphErr)
	}
	return theGraph
}

func listPackages() (*graph, error) {
	cmd := exec.Command("go", "list", "-json=ImportPath,Imports", "./...")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list ./...: %v\n%s", err, stderr.String())
	}
	g := &graph{pkgs: map[string]*pkg{}}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct {
			ImportPath string
			Imports    []string
		}
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else if err != nil {
			return nil, fmt.Errorf("go list ./...: %v", err)
		}
		name, ok := inModule(p.ImportPath)
		if !ok {
			return nil, fmt.Errorf("go list ./... lists %s, outside module %s", p.ImportPath, module)
		}
		node := &pkg{}
		for _, imp := range p.Imports {
			if rel, ok := inModule(imp); ok {
				node.imports = append(node.imports, rel)
			} else {
				node.external = append(node.external, imp)
			}
		}
		g.names = append(g.names, name)
		g.pkgs[name] = node
	}
	if len(g.names) == 0 {
		return nil, errors.New("go list ./... lists no package")
	}
	slices.Sort(g.names)
	return g, nil
}

// inModule returns an import path's path in the module ("." for the root).
func inModule(importPath string) (string, bool) {
	if importPath == module {
		return ".", true
	}
	rel, ok := strings.CutPrefix(importPath, module+"/")
	return rel, ok
}

func readDoc(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(architectureDoc)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// docSection returns the part of docs/architecture.md under heading, up to
// the next heading of its level or above.
func docSection(t *testing.T, heading string) string {
	t.Helper()
	level := strings.Index(heading, " ")
	var section []string
	in := false
	for _, line := range strings.Split(readDoc(t), "\n") {
		if h := len(line) - len(strings.TrimLeft(line, "#")); h > 0 && strings.HasPrefix(line[h:], " ") {
			if in && h <= level {
				break
			}
			if line == heading {
				in = true
				continue
			}
		}
		if in {
			section = append(section, line)
		}
	}
	if !in {
		t.Fatalf("%s: no heading %q", architectureDoc, heading)
	}
	return strings.Join(section, "\n")
}
