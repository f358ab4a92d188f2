package web_test

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The dashboard's API types are generated from openapi.yaml by its build
// (`npm run build` runs `npm run gen`, then tsc, then vite), so a page that
// reads a field the spec does not have fails the build. These tests run the
// build's own type check (`npm run check`) on a copy of the sources against
// the real spec, which must pass, and against specs changed the way a
// contract drifts, which must fail and name what changed.

func TestDashboardTypesMatchTheSpec(t *testing.T) {
	t.Parallel()
	if out, err := typecheck(t, spec(t)); err != nil {
		t.Fatalf("the dashboard does not type-check against openapi.yaml: %v\n%s", err, out)
	}
}

func TestSpecDriftFailsTheTypeCheck(t *testing.T) {
	t.Parallel()
	// Each change is one a page relies on; tsc reports every error, so one
	// run with all of them shows each failing on its own.
	changes := []struct {
		name   string
		change func(t *testing.T, doc *yaml.Node)
		// want is what the type check's errors must mention
		want string
	}{
		{
			// the video page says how a video is tracked from it; the
			// field is renamed wherever the spec has it (Video and the
			// schemas that copy its fields), as a real rename would be
			name: "a Video field renamed",
			change: func(t *testing.T, doc *yaml.Node) {
				mapKey(t, mapValue(t, schema(t, doc, "Video"), "properties"), "trackedIndividually")
				rename(doc, "trackedIndividually", "trackedByLink")
			},
			want: "'trackedIndividually' does not exist",
		},
		{
			// the Videos page filters by every status and words each
			name: "a video status dropped",
			change: func(t *testing.T, doc *yaml.Node) {
				enum := mapValue(t, mapValue(t, mapValue(t, schema(t, doc, "Video"), "properties"), "status"), "enum")
				kept := enum.Content[:0]
				for _, v := range enum.Content {
					if v.Value != "beyond_limit" {
						kept = append(kept, v)
					}
				}
				if len(kept) == len(enum.Content) {
					t.Fatal("Video.status has no beyond_limit to drop")
				}
				enum.Content = kept
			},
			want: `"beyond_limit"`,
		},
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(spec(t), &doc); err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	for _, c := range changes {
		c.change(t, &doc)
	}
	changed, err := yaml.Marshal(&doc)
	if err != nil {
		t.Fatal(err)
	}
	out, err := typecheck(t, changed)
	if err == nil {
		t.Fatalf("the type check passed against a spec with %d changes the pages rely on", len(changes))
	}
	for _, c := range changes {
		if !strings.Contains(out, c.want) {
			t.Errorf("%s: the type check's errors do not mention %s:\n%s", c.name, c.want, out)
		}
	}
}

// spec is the repository's openapi.yaml.
func spec(t *testing.T) []byte {
	t.Helper()
	b, err := os.ReadFile("../openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// typecheck lays out a copy of the dashboard's sources beside the given
// spec, as the repository has them (web/ beside openapi.yaml), and runs
// `npm run check` there: the build's generation and tsc. It returns what
// they printed.
func typecheck(t *testing.T, spec []byte) (string, error) {
	t.Helper()
	modules, err := filepath.Abs("node_modules")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(modules, "openapi-typescript")); err != nil {
		t.Fatal("web/node_modules has no openapi-typescript: the dashboard's packages are not installed; run `make web` (or `make test`, which runs it)")
	}
	if _, err := exec.LookPath("npm"); err != nil {
		t.Fatal("npm is not on PATH: run `scripts/services.sh node` (or `make web`, which runs it)")
	}
	root := t.TempDir()
	web := filepath.Join(root, "web")
	if err := os.WriteFile(filepath.Join(root, "openapi.yaml"), spec, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"package.json", "tsconfig.json", "vite.config.ts"} {
		copyFile(t, f, filepath.Join(web, f))
	}
	err = filepath.WalkDir("src", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p == filepath.Join("src", "generated") {
			return filepath.SkipDir // the check writes its own
		}
		if !d.IsDir() {
			copyFile(t, p, filepath.Join(web, p))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(modules, filepath.Join(web, "node_modules")); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("npm", "run", "--silent", "check")
	cmd.Dir = web
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("npm run check: %v", err)
	}
	return string(out), err
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// schema is components.schemas.<name> of the spec.
func schema(t *testing.T, doc *yaml.Node, name string) *yaml.Node {
	t.Helper()
	return mapValue(t, mapValue(t, mapValue(t, doc.Content[0], "components"), "schemas"), name)
}

// mapValue is the value of key in the mapping m.
func mapValue(t *testing.T, m *yaml.Node, key string) *yaml.Node {
	t.Helper()
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	t.Fatalf("openapi.yaml: no %q where the test looks for it", key)
	return nil
}

// mapKey is the key node of key in the mapping m.
func mapKey(t *testing.T, m *yaml.Node, key string) *yaml.Node {
	t.Helper()
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i]
		}
	}
	t.Fatalf("openapi.yaml: no %q where the test looks for it", key)
	return nil
}

// rename renames the property from to to in every schema of the document,
// and in their required lists.
func rename(n *yaml.Node, from, to string) {
	if n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Value == "properties" && v.Kind == yaml.MappingNode {
				for j := 0; j < len(v.Content); j += 2 {
					if v.Content[j].Value == from {
						v.Content[j].Value = to
					}
				}
			}
			if k.Value == "required" && v.Kind == yaml.SequenceNode {
				for _, r := range v.Content {
					if r.Value == from {
						r.Value = to
					}
				}
			}
		}
	}
	for _, c := range n.Content {
		rename(c, from, to)
	}
}
