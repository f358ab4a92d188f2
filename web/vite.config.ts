import { defineConfig } from 'vite'

// The app is served by the Go binary from web/dist (embedded with go:embed).
// `manifest` lets the Go side's budget test find what the first screen loads.
export default defineConfig({
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
})
