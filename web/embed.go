// Package web serves the dashboard, the single-page app built by Vite from
// this directory's sources into dist/ (`make web`), from inside the binary:
// dist is embedded with go:embed, so the server needs no file on disk and
// works offline.
//
// What a Site answers (GET and HEAD; the router decides which paths reach it):
//
//   - /assets/...: the hashed files Vite writes, cached for a year
//     (immutable: a new build gives them new names); an unknown one is 404.
//   - the other files of the build (favicon.svg, ...): cached an hour.
//   - any other path: the HTML shell, index.html, so that the app's own
//     router handles /videos, /accounts/abc, /login, ...; never cached
//     without asking again (no-cache + ETag), so a deploy is picked up at
//     the next page load. Without a build it is a plain-text 503 saying to
//     run `make web`.
//   - dotfiles and dot-directories (the build's .vite/manifest.json,
//     .gitkeep) are never served: 404.
//
// Compressible files (HTML, JS, CSS, SVG, JSON) are sent with brotli or gzip
// as the client accepts (brotli preferred), each compressed once at the best
// level and kept in memory. Every answer carries a Content-Security-Policy
// (CSP) that allows no inline script and no third-party origin except
// https: images (the videos' thumbnails and the accounts' avatars are on the
// platforms' CDNs).
package web

import (
	"embed"
	"io/fs"
)

// embedded holds the build. `all:` keeps dist/.gitkeep, the only file a fresh
// clone has there, so that the package compiles before `make web`; the Site
// never serves dotfiles.
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
