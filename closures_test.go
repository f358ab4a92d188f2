package reeltrack_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

// outliving names the calls whose function argument may run after the
// handler that made it has returned: the shared computation of a cached
// answer (api/httpx's Cached and CachedFor, or a package's own cached;
// answercache's JSON; singleflight's Do and DoChan) and the work left
// running after an answer (background.Tasks.Go).
var outliving = map[string]bool{"cached": true, "Cached": true, "CachedFor": true, "JSON": true, "Do": true, "DoChan": true, "Go": true}

// TestNoFiberCtxInSharedWork refuses a *fiber.Ctx captured by a closure
// that may outlive its handler (an argument of an outliving call, or a go
// statement's function): fiber hands the Ctx to the next request once the
// handler returns, so such a closure could read another request's
// workspace. What the work needs is read before it starts.
func TestNoFiberCtxInSharedWork(t *testing.T) {
	fset := token.NewFileSet()
	err := filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); name == "node_modules" || strings.HasPrefix(name, ".") && path != "." {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		for _, p := range capturedCtx(f) {
			t.Errorf("%s: a *fiber.Ctx (%s) is read by a closure that may outlive its handler; read what it needs before", fset.Position(p.pos), p.name)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

type capture struct {
	name string
	pos  token.Pos
}

// capturedCtx lists the uses of *fiber.Ctx parameters inside outliving
// closures of f.
func capturedCtx(f *ast.File) []capture {
	var out []capture
	var visit func(n ast.Node, ctxNames map[string]bool)
	check := func(lit *ast.FuncLit, ctxNames map[string]bool) {
		inner := withoutShadowed(ctxNames, lit.Type)
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && inner[id.Name] {
				out = append(out, capture{id.Name, id.Pos()})
			}
			return true
		})
	}
	visit = func(n ast.Node, ctxNames map[string]bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				if n.Body == nil {
					return false
				}
				visit(n.Body, withCtxParams(withoutShadowed(ctxNames, n.Type), n.Type))
				return false
			case *ast.GoStmt:
				if lit, ok := n.Call.Fun.(*ast.FuncLit); ok && len(ctxNames) > 0 {
					check(lit, ctxNames)
				}
			case *ast.CallExpr:
				if len(ctxNames) == 0 || !outliving[calledName(n)] {
					return true
				}
				for _, a := range n.Args {
					if lit, ok := a.(*ast.FuncLit); ok {
						check(lit, ctxNames)
					}
				}
			}
			return true
		})
	}
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		visit(fd.Body, withCtxParams(map[string]bool{}, fd.Type))
	}
	return out
}

func calledName(c *ast.CallExpr) string {
	switch f := c.Fun.(type) {
	case *ast.SelectorExpr:
		return f.Sel.Name
	case *ast.Ident:
		return f.Name
	}
	return ""
}

// withCtxParams adds the *fiber.Ctx parameters of t to names.
func withCtxParams(names map[string]bool, t *ast.FuncType) map[string]bool {
	out := map[string]bool{}
	for k := range names {
		out[k] = true
	}
	for _, p := range t.Params.List {
		star, ok := p.Type.(*ast.StarExpr)
		if !ok {
			continue
		}
		sel, ok := star.X.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Ctx" {
			continue
		}
		if pkg, ok := sel.X.(*ast.Ident); !ok || pkg.Name != "fiber" {
			continue
		}
		for _, n := range p.Names {
			out[n.Name] = true
		}
	}
	return out
}

// withoutShadowed drops the names t's parameters declare again.
func withoutShadowed(names map[string]bool, t *ast.FuncType) map[string]bool {
	out := map[string]bool{}
	for k := range names {
		out[k] = true
	}
	for _, p := range t.Params.List {
		for _, n := range p.Names {
			delete(out, n.Name)
		}
	}
	return out
}

// TestCapturedCtxIsFound holds the check to what it refuses.
func TestCapturedCtxIsFound(t *testing.T) {
	src := `package api
func (s *server) bad(c *fiber.Ctx) error {
	return s.cached(c, "n", "", func(ctx context.Context, ws uuid.UUID) (any, error) { return membership(c), nil })
}
func (s *server) worse(c *fiber.Ctx) error {
	go func() { _ = c.Path() }()
	return nil
}
func (s *server) fine(c *fiber.Ctx) error {
	ws := membership(c).WorkspaceID
	return s.cached(c, "n", "", func(ctx context.Context, w uuid.UUID) (any, error) { return ws, nil })
}
func (s *Room) badRoom(c *fiber.Ctx) error {
	return s.CachedFor(c, answercache.Key{}, func(ctx context.Context) (any, error) { return httpx.Membership(c), nil })
}
func (s *server) shadowed(c *fiber.Ctx) error {
	return s.cached(c, "n", "", func(c context.Context, w uuid.UUID) (any, error) { return c, nil })
}`
	f, err := parser.ParseFile(token.NewFileSet(), "x.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	if got := capturedCtx(f); len(got) != 3 {
		t.Fatalf("found %d captures, want the 3 of bad, worse and badRoom: %v", len(got), got)
	}
}
