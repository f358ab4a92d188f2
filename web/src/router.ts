// A small client-side router: the address bar is the state, so every view
// (page, filters, sort, paging) can be bookmarked and shared.
import { useEffect, useState } from 'preact/hooks'
import { Signal } from './signal'

const moved = new Signal()
const notify = moved.notify

window.addEventListener('popstate', notify)

export function navigate(to: string, replace = false) {
  if (to === location.pathname + location.search) return
  if (replace) history.replaceState(null, '', to)
  else history.pushState(null, '', to)
  window.scrollTo(0, 0)
  notify()
}

// Links inside the app are followed without a page load.
document.addEventListener('click', (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
  const a = (e.target as Element | null)?.closest?.('a')
  if (!a || a.target || a.hasAttribute('download') || a.origin !== location.origin) return
  if (a.pathname.startsWith('/api/')) return
  e.preventDefault()
  navigate(a.pathname + a.search)
})

export interface Route {
  path: string
  query: URLSearchParams
}

function current(): Route {
  return { path: location.pathname, query: new URLSearchParams(location.search) }
}

export function useRoute(): Route {
  const [route, setRoute] = useState(current)
  useEffect(() => moved.listen(() => setRoute(current())), [])
  return route
}

// setQuery changes some query parameters of the current address; empty
// values are dropped. Filters replace the history entry, so Back leaves
// the page rather than stepping through every click.
export function setQuery(changes: Record<string, string | number | null | undefined>, replace = true) {
  const q = new URLSearchParams(location.search)
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === undefined || v === '') q.delete(k)
    else q.set(k, String(v))
  }
  const s = q.toString()
  navigate(location.pathname + (s ? '?' + s : ''), replace)
}

// match reports the parameters of pattern ("/videos/:id") in path, or null.
export function match(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/')
  const s = path.replace(/\/+$/, '').split('/')
  if (path === '/') s.splice(1, 1, '')
  if (p.length !== s.length) return null
  const out: Record<string, string> = {}
  for (let i = 0; i < p.length; i++) {
    if (p[i].startsWith(':')) out[p[i].slice(1)] = decodeURIComponent(s[i])
    else if (p[i] !== s[i]) return null
  }
  return out
}
