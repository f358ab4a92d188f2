package query

import (
	"regexp"
	"slices"
	"testing"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// TestCountedSQLIsTheDomains: the statuses and kinds counted.go writes out
// are those of internal/domain, and Counted() in Go agrees with them.
func TestCountedSQLIsTheDomains(t *testing.T) {
	quoted := regexp.MustCompile(`'([a-z_]+)'`)
	var kinds []string
	for _, m := range quoted.FindAllStringSubmatch(CountedKindSQL, -1) {
		kinds = append(kinds, m[1])
	}
	var want []string
	for _, k := range domain.CountedKinds {
		want = append(want, string(k))
	}
	if !slices.Equal(kinds, want) {
		t.Errorf("CountedKindSQL names %v, the domain counts %v", kinds, want)
	}
	var statuses []string
	for _, m := range quoted.FindAllStringSubmatch(CountedStatusSQL, -1) {
		statuses = append(statuses, m[1])
	}
	for _, s := range UncountedVideos {
		if !slices.Contains(statuses, string(s)) {
			t.Errorf("CountedStatusSQL does not leave out %s", s)
		}
	}
	for _, k := range domain.PostKinds {
		for _, s := range domain.Videos {
			want := !slices.Contains(UncountedVideos, s) && slices.Contains(domain.CountedKinds, k)
			if got := Counted(s, k, false, domain.ItemActive); got != want {
				t.Errorf("counted(%s, %s) = %t, want %t", s, k, got, want)
			}
		}
		if Counted(domain.ItemActive, k, false, domain.ItemRemoved) {
			t.Errorf("a %s video of a removed account counts", k)
		}
	}
}
