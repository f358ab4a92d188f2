package main

import (
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
)

// studies are the simulations -study runs instead of serving, by name; each
// registers itself from its own file.
var studies = map[string]func(w io.Writer) error{}

func studyNames() string {
	names := make([]string, 0, len(studies))
	for name := range studies {
		names = append(names, name)
	}
	slices.Sort(names)
	return strings.Join(names, ", ")
}

// runStudy runs the study called name, writing to w, headed by the
// command and the machine's load average.
func runStudy(name string, w io.Writer) error {
	study, ok := studies[name]
	if !ok {
		return fmt.Errorf("no study %q (studies: %s)", name, studyNames())
	}
	load, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		load = []byte("unknown")
	}
	fmt.Fprintf(w, "`go run ./cmd/scrapersim -study %s` (load average before: %s)\n\n", name, strings.TrimSpace(string(load)))
	if err := study(w); err != nil {
		return fmt.Errorf("study %s: %w", name, err)
	}
	return nil
}
