package reeltrack_test

import (
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/reeltrack/reeltrack/"

// TestCommandAndQueryAreSiblings holds the write side and the read side
// apart: neither imports the other, directly or through another package.
// A use case that needs both is composed in the layer above (api, cmd).
func TestCommandAndQueryAreSiblings(t *testing.T) {
	for _, c := range []struct{ pkg, mustNotImport string }{
		{"command", "query"},
		{"query", "command"},
	} {
		deps := goListDeps(t, "./"+c.pkg)
		if !slices.Contains(deps, module+c.pkg) {
			t.Fatalf("go list -deps ./%s does not list the package itself: %v", c.pkg, deps)
		}
		if slices.Contains(deps, module+c.mustNotImport) {
			t.Errorf("%s imports %s (directly or through another package); compose them one layer up, through an interface the consumer declares", c.pkg, c.mustNotImport)
		}
	}
}

// goListDeps returns the import paths that pkg depends on, itself included.
func goListDeps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{.ImportPath}}", pkg).Output()
	if err != nil {
		var msg string
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			msg = string(ee.Stderr)
		}
		t.Fatalf("go list -deps %s: %v\n%s", pkg, err, msg)
	}
	return strings.Fields(string(out))
}
