package normalize

import (
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// transport are the packages of HTTP, the databases and the cache, which
// the normalizers must not know: they read JSON and nothing else.
var transport = []string{
	"net/http",
	"database/sql",
	"github.com/ClickHouse/clickhouse-go",
	"github.com/jackc/pgx",
	"github.com/redis/go-redis",
	"github.com/gofiber/fiber",
	"github.com/hashicorp/go-retryablehttp",
}

func isTransport(path string) bool {
	for _, t := range transport {
		if path == t || strings.HasPrefix(path, t+"/") {
			return true
		}
	}
	return false
}

// TestImportsNoTransport: no file of the package imports HTTP, a database
// driver or the cache client.
func TestImportsNoTransport(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files: %v", err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			if isTransport(path) {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
}

// TestDependenciesNoDatabase: nothing the package depends on, directly or
// not, is a database driver or the cache client. net/http is not checked
// here: internal/platform, whose Platform type the items carry, has a
// short-link resolver that imports it. Nor is database/sql/driver, the
// standard library's driver interfaces (no driver): internal/domain, whose
// PostKind KindFor returns, brings github.com/google/uuid, whose UUID
// implements driver.Valuer.
func TestDependenciesNoDatabase(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 {
		t.Fatalf("go list -deps listed only %q", deps)
	}
	for _, dep := range deps {
		if isTransport(dep) && !strings.HasPrefix(dep, "net/http") && dep != "database/sql/driver" {
			t.Errorf("depends on %s", dep)
		}
	}
}
