package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// studies are the reports -study NAME prints: measurements made on the
// simulated accounts and curves, in process, without serving.
var studies = map[string]func(w io.Writer) error{}

// studyNames lists the studies, sorted.
func studyNames() string {
	names := make([]string, 0, len(studies))
	for name := range studies {
		names = append(names, name)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// runStudy runs the named study, writing its report to w.
func runStudy(name string, w io.Writer) error {
	study, ok := studies[name]
	if !ok {
		return fmt.Errorf("study %q: unknown, want one of %s", name, studyNames())
	}
	if err := study(w); err != nil {
		return fmt.Errorf("study %s: %w", name, err)
	}
	return nil
}
