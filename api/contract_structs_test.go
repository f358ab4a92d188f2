package api_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/getkin/kin-openapi/openapi3"
)

// goField is one JSON field of a Go answer struct.
type goField struct {
	omitempty bool
	nullable  bool // a pointer, slice, map or interface: may encode as null
	pointer   bool
}

// goStructs reads the structs of the packages that encode answers (api and
// its rooms, query, command), by name (a name may be used in more than
// one), with their JSON fields; embedded structs are flattened in, those
// of another package of the module (internal/domain's shapes) too.
func goStructs(t *testing.T) map[string][]map[string]goField {
	t.Helper()
	out := map[string][]map[string]goField{}
	dirs := []string{"."}
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && e.Name() != "testdata" {
			dirs = append(dirs, e.Name())
		}
	}
	if len(dirs) < 9 {
		t.Fatalf("api's rooms not found: only %v", dirs)
	}
	pkgs := map[string]map[string]goStruct{}
	load := func(dir string) map[string]goStruct {
		if types, ok := pkgs[dir]; ok {
			return types
		}
		types := parseStructs(t, dir)
		pkgs[dir] = types
		return types
	}
	var fields func(st goStruct, types map[string]goStruct, depth int) map[string]goField
	fields = func(st goStruct, types map[string]goStruct, depth int) map[string]goField {
		m := map[string]goField{}
		for _, f := range st.Fields.List {
			if len(f.Names) == 0 { // embedded
				name := strings.TrimPrefix(exprString(f.Type), "*")
				in := types
				if pkg, typ, ok := strings.Cut(name, "."); ok {
					path, ok := st.imports[pkg]
					if !ok || !strings.HasPrefix(path, modulePath+"/") {
						continue
					}
					in, name = load("../"+strings.TrimPrefix(path, modulePath+"/")), typ
				}
				if inner, ok := in[name]; ok && depth < 5 && f.Tag == nil {
					for k, v := range fields(inner, in, depth+1) {
						m[k] = v
					}
				}
				continue
			}
			if f.Tag == nil {
				continue
			}
			tag := reflect.StructTag(strings.Trim(f.Tag.Value, "`")).Get("json")
			if tag == "" || tag == "-" {
				continue
			}
			parts := strings.Split(tag, ",")
			typ := exprString(f.Type)
			m[parts[0]] = goField{
				omitempty: strings.Contains(tag, ",omitempty"),
				pointer:   strings.HasPrefix(typ, "*"),
				nullable:  strings.HasPrefix(typ, "*") || strings.HasPrefix(typ, "[]") || strings.HasPrefix(typ, "map[") || typ == "any" || typ == "json.RawMessage",
			}
		}
		return m
	}
	for _, dir := range append(dirs, "../query", "../query/numbers", "../query/collections", "../query/campaigns",
		"../query/alerts", "../query/team", "../query/sharing", "../query/health", "../command") {
		types := load(dir)
		for name, st := range types {
			if f := fields(st, types, 0); len(f) > 0 {
				out[name] = append(out[name], f)
			}
		}
	}
	return out
}

const modulePath = "github.com/reeltrack/reeltrack"

// goStruct is a struct type with the imports of its file, by the name the
// file uses.
type goStruct struct {
	*ast.StructType
	imports map[string]string
}

// parseStructs reads the struct types of a package's own files.
func parseStructs(t *testing.T, dir string) map[string]goStruct {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	types := map[string]goStruct{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		imports := map[string]string{}
		for _, imp := range file.Imports {
			p := strings.Trim(imp.Path.Value, `"`)
			name := p[strings.LastIndex(p, "/")+1:]
			if imp.Name != nil {
				name = imp.Name.Name
			}
			imports[name] = p
		}
		ast.Inspect(file, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok {
				if st, ok := ts.Type.(*ast.StructType); ok {
					types[ts.Name.Name] = goStruct{st, imports}
				}
			}
			return true
		})
	}
	return types
}

func exprString(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.StarExpr:
		return "*" + exprString(x.X)
	case *ast.ArrayType:
		return "[]" + exprString(x.Elt)
	case *ast.MapType:
		return "map[" + exprString(x.Key) + "]" + exprString(x.Value)
	case *ast.SelectorExpr:
		return exprString(x.X) + "." + x.Sel.Name
	case *ast.InterfaceType:
		return "any"
	}
	return "?"
}

// TestContractMatchesGoStructs holds each schema of openapi.yaml named like
// a Go struct the server encodes (Video and numbers.Video, SharedInfo and
// api's sharedInfo) to that struct: the same properties, required exactly
// when the field has no omitempty, nullable only where the field can be
// null, and nullable wherever a pointer is always sent. It covers answers
// no test happens to receive with a null or a missing field.
func TestContractMatchesGoStructs(t *testing.T) {
	doc, _, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	structs := goStructs(t)
	matched := 0
	for name, candidates := range structs {
		schemaName := string(unicode.ToUpper(rune(name[0]))) + name[1:]
		ref := doc.Components.Schemas[schemaName]
		if ref == nil || ref.Value == nil || len(ref.Value.Properties) == 0 {
			continue
		}
		matched++
		// a name used in two packages: the schema must match one of them
		var best []string
		for i, fields := range candidates {
			problems := structProblems(ref.Value, fields)
			if i == 0 || len(problems) < len(best) {
				best = problems
			}
		}
		if len(best) > 0 {
			t.Errorf("schema %s and the Go struct %s differ:\n  %s", schemaName, name, strings.Join(best, "\n  "))
		}
	}
	if matched < 40 {
		t.Fatalf("only %d schemas matched a Go struct", matched)
	}
}

// structProblems lists how a schema differs from a Go struct's fields.
func structProblems(s *openapi3.Schema, fields map[string]goField) []string {
	var problems []string
	for k, f := range fields {
		p, ok := s.Properties[k]
		if !ok {
			problems = append(problems, k+": sent, not in the schema")
			continue
		}
		required := slices.Contains(s.Required, k)
		if !f.omitempty && !required {
			problems = append(problems, k+": always sent, not required")
		}
		if f.omitempty && required {
			problems = append(problems, k+": omitempty, but required")
		}
		if p.Value != nil && p.Value.Nullable && !f.nullable {
			problems = append(problems, k+": nullable, but the field cannot be null")
		}
		if p.Value != nil && !p.Value.Nullable && f.pointer && !f.omitempty {
			problems = append(problems, k+": a pointer always sent, not nullable")
		}
	}
	for k := range s.Properties {
		if _, ok := fields[k]; !ok {
			problems = append(problems, k+": in the schema, not sent")
		}
	}
	sort.Strings(problems)
	return problems
}

// TestContractListsEveryActivityAction holds ActivityEntry.action's enum to
// the actions internal/domain declares: an action the activity log can
// record is one the spec names, and no other.
func TestContractListsEveryActivityAction(t *testing.T) {
	t.Parallel()
	file, err := parser.ParseFile(token.NewFileSet(), "../internal/domain/status.go", nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var declared []string
	ast.Inspect(file, func(n ast.Node) bool {
		vs, ok := n.(*ast.ValueSpec)
		if !ok || exprString(vs.Type) != "Action" {
			return true
		}
		for _, v := range vs.Values {
			if lit, ok := v.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				declared = append(declared, strings.Trim(lit.Value, `"`))
			}
		}
		return true
	})
	doc, _, err := loadContract()
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, v := range doc.Components.Schemas["ActivityEntry"].Value.Properties["action"].Value.Enum {
		listed = append(listed, v.(string))
	}
	sort.Strings(declared)
	sort.Strings(listed)
	if len(declared) < 10 || !slices.Equal(declared, listed) {
		t.Fatalf("ActivityEntry.action lists %v;\ninternal/domain declares %v", listed, declared)
	}
}
