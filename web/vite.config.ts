import { defineConfig } from 'vite'

// The app is served by the Go binary from web/dist (embedded with go:embed).
// `manifest` lets the Go side's budget test find what the first screen loads.
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2020',
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
  },
  // `npm run dev`: the app with live reload on :5173, the API of a local
  // server (`make run`) behind it. The server refuses writes from another
  // origin, so the proxy presents the server's own.
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:8080', headers: { origin: 'http://127.0.0.1:8080' } } },
  },
})
