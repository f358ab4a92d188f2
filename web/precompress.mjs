// Writes name.br and name.gz beside each text file of the build in dist/
// (the extensions and the size floor of web/site.go), at the strongest
// levels, once per build: the server serves them as they are instead of
// compressing the dashboard each time it starts. `npm run build` runs it
// after Vite.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const textFiles = new Set(['.html', '.js', '.mjs', '.css', '.svg', '.json', '.map', '.webmanifest', '.txt', '.xml'])

function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) walk(path)
      continue
    }
    if (!textFiles.has(extname(entry.name))) continue
    const body = readFileSync(path)
    if (body.length < 512) continue
    writeFileSync(path + '.br', brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
    writeFileSync(path + '.gz', gzipSync(body, { level: 9 }))
  }
}

walk(new URL('./dist', import.meta.url).pathname)
