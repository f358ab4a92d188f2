package reeltrack_test

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestGoTestScriptReportsWhatFailed runs scripts/gotest.sh, which runs
// make test's packages, over a module of its own: a package whose test
// fails, one that does not build and one without tests must each be
// reported as go test reports them, with an exit status of 1, beside two
// packages of the same name that pass; and a package that built once and
// then stopped building must not run its older binary.
func TestGoTestScriptReportsWhatFailed(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	script, err := os.ReadFile("scripts/gotest.sh")
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("scripts/gotest.sh", string(script))
	write("go.mod", "module example.com/m\n\ngo 1.22\n")
	passing := func(pkg string) string {
		return "package " + pkg + "\n\nimport \"testing\"\n\nfunc TestPasses(t *testing.T) {}\n"
	}
	write("a/a.go", "package a\n")
	write("a/a_test.go", passing("a"))
	write("x/a/a_test.go", passing("a")) // the same last element: another group
	write("b/b_test.go", "package b\n\nimport \"testing\"\n\nfunc TestFails(t *testing.T) { t.Fatal(\"the expected failure\") }\n")
	write("c/c_test.go", passing("c"))
	write("d/d.go", "package d\n")

	run := func(args ...string) (string, int) {
		t.Helper()
		cmd := exec.Command("bash", append([]string{filepath.Join(dir, "scripts/gotest.sh"), "-count=1"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOTEST_BUILT=", "GOFLAGS=", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		var exit *exec.ExitError
		switch {
		case err == nil:
			return string(out), 0
		case errors.As(err, &exit):
			return string(out), exit.ExitCode()
		}
		t.Fatalf("gotest.sh: %v\n%s", err, out)
		return "", 0
	}
	expect := func(out string, lines ...string) {
		t.Helper()
		for _, l := range lines {
			if !strings.Contains(out, l) {
				t.Errorf("the output has no %q:\n%s", l, out)
			}
		}
	}

	out, code := run("./...")
	if code != 1 {
		t.Errorf("exit status %d with a failing test, want 1:\n%s", code, out)
	}
	expect(out, "ok  \texample.com/m/a\t", "ok  \texample.com/m/x/a\t", "ok  \texample.com/m/c\t",
		"the expected failure", "FAIL\texample.com/m/b\t", "?   \texample.com/m/d\t[no test files]")

	out, code = run("-run", "Passes", "./a", "./x/a", "./c")
	if code != 0 {
		t.Errorf("exit status %d with passing tests, want 0:\n%s", code, out)
	}

	write("c/c_test.go", "package c\n\nfunc broken( {\n")
	out, code = run("./a", "./c")
	if code != 1 {
		t.Errorf("exit status %d with a package that does not build, want 1:\n%s", code, out)
	}
	expect(out, "ok  \texample.com/m/a\t", "FAIL\texample.com/m/c [build failed]")
	if strings.Contains(out, "ok  \texample.com/m/c") {
		t.Errorf("the package that no longer builds ran its older binary:\n%s", out)
	}
}
