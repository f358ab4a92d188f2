// Package web serves the dashboard, the single-page app Vite builds from
// this directory's sources into dist/, embedded in the binary. `make web`
// builds dist; a fresh clone compiles (dist/.gitkeep) and answers 503. The
// TypeScript types come from openapi.yaml (checked by spec_types_test.go).
//
// api.New mounts the Site for GET and HEAD outside /api, without the
// session, cross-site and rate-limit middleware. Unknown paths get the
// index.html shell for the app's router; dotfiles are never served. The
// browser tests are in web/e2e.
package web

import (
	"embed"
	"io/fs"
)

// embedded holds the build. `all:` keeps dist/.gitkeep so the package
// compiles before `make web`; the Site never serves dotfiles.
//
//go:embed all:dist
var embedded embed.FS

// Dist is the embedded build, rooted at dist/ (index.html, assets/, ...).
func Dist() fs.FS {
	sub, err := fs.Sub(embedded, "dist")
	if err != nil {
		panic(err) // "dist" is a valid path: cannot happen
	}
	return sub
}
