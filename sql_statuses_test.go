package reeltrack_test

import (
	"bufio"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// TestStatusesReachSQLAsParameters holds the rule of docs/architecture.md
// that statuses reach SQL as typed parameters of internal/domain: no Go
// source of the service spells a status as an SQL string literal, except
// where a comment in the lines just above says it is written out (the
// predicate of a partial index, which a parameter could not use).
func TestStatusesReachSQLAsParameters(t *testing.T) {
	var names []string
	for _, s := range domain.Jobs {
		names = append(names, string(s))
	}
	for _, s := range domain.Videos {
		names = append(names, string(s))
	}
	for _, s := range domain.Lines {
		names = append(names, string(s))
	}
	for _, s := range domain.Mails {
		names = append(names, string(s))
	}
	for _, r := range []domain.Role{domain.RoleOwner, domain.RoleAdmin, domain.RoleMember} {
		names = append(names, string(r))
	}
	literal := regexp.MustCompile(`'(` + strings.Join(names, "|") + `)'`)

	out, err := exec.Command("git", "ls-files", "*.go").Output()
	if err != nil {
		t.Skipf("git ls-files: %v", err)
	}
	for _, file := range strings.Fields(string(out)) {
		// tests seed rows as they like; the stand-ins, the bench and the
		// soak (which read the service's tables from outside, as a check)
		// are not the service
		if strings.HasSuffix(file, "_test.go") || strings.HasPrefix(file, "cmd/scrapersim/") || strings.HasPrefix(file, "cmd/bench/") || strings.HasPrefix(file, "cmd/soak/") {
			continue
		}
		f, err := os.Open(file)
		if err != nil {
			t.Fatal(err)
		}
		var recent []string
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 0, 1<<20), 1<<20)
		for n := 1; sc.Scan(); n++ {
			line := sc.Text()
			if m := literal.FindString(line); m != "" && !writtenOut(recent) {
				t.Errorf("%s:%d: the status %s is an SQL literal: pass it as a parameter of internal/domain (or say above why it is written out)", file, n, m)
			}
			recent = append(recent, line)
			if len(recent) > 4 {
				recent = recent[1:]
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
	}
}

// writtenOut reports whether one of the lines says the statuses below are
// written out on purpose.
func writtenOut(lines []string) bool {
	for _, l := range lines {
		if strings.Contains(l, "written out") {
			return true
		}
	}
	return false
}
