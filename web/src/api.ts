// The one way the app talks to the server: the documented /api routes,
// JSON in and out, errors as ApiError with the API's own message.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
    readonly requestId = '',
    // Seconds to wait before asking again (Retry-After of a 429 or 503).
    readonly retryAfter: number | null = null,
  ) {
    super(message)
  }
}

type Listener = (err: ApiError) => void
const unauthenticated: Listener[] = []

// onUnauthenticated registers what happens when any request answers 401:
// the app goes back to the login page.
export function onUnauthenticated(l: Listener) {
  unauthenticated.push(l)
}

export type Query = Record<string, string | number | boolean | undefined | null>

export function withQuery(path: string, q?: Query): string {
  if (!q) return path
  const p = new URLSearchParams()
  for (const [k, v] of Object.entries(q)) {
    if (v !== undefined && v !== null && v !== '') p.set(k, String(v))
  }
  const s = p.toString()
  return s ? `${path}?${s}` : path
}

export async function request<T>(method: string, path: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let res: Response
  try {
    res = await fetch('/api' + path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    })
  } catch (e) {
    if ((e as Error).name === 'AbortError') throw e
    throw new ApiError(0, 'network', 'The server could not be reached. Check your connection and try again.')
  }
  if (res.status === 204) return undefined as T
  const text = await res.text()
  let data: unknown = undefined
  try {
    data = text ? JSON.parse(text) : undefined
  } catch {
    // not JSON: handled below
  }
  if (!res.ok) {
    const e = (data as { error?: { code?: string; message?: string; fields?: Record<string, string>; requestId?: string } } | undefined)?.error
    const err = new ApiError(
      res.status,
      e?.code ?? 'error',
      e?.message ?? `The server answered ${res.status} ${res.statusText}.`,
      e?.fields ?? {},
      e?.requestId ?? res.headers.get('X-Request-ID') ?? '',
      retryAfterSeconds(res.headers.get('Retry-After')),
    )
    // a share link's 401 asks for its password, not for a session
    if (res.status === 401 && !path.startsWith('/auth/') && !path.startsWith('/shared/')) unauthenticated.forEach((l) => l(err))
    throw err
  }
  return data as T
}

// retryAfterSeconds reads a Retry-After header: seconds, or an HTTP date.
function retryAfterSeconds(h: string | null): number | null {
  if (!h) return null
  const n = Number(h)
  if (Number.isFinite(n)) return Math.max(0, Math.ceil(n))
  const t = Date.parse(h)
  return Number.isNaN(t) ? null : Math.max(0, Math.ceil((t - Date.now()) / 1000))
}

// waitText says how long a Retry-After asks to wait: "in 40 seconds",
// "in 3 minutes", "in 2 hours".
export function waitText(seconds: number): string {
  if (seconds < 90) return `in ${Math.max(1, seconds)} second${seconds === 1 ? '' : 's'}`
  if (seconds < 90 * 60) return `in ${Math.round(seconds / 60)} minutes`
  return `in ${Math.round(seconds / 3600)} hours`
}

// sentence makes one of the API's messages a sentence: capital, full stop.
export const sentence = (m: string) => m.replace(/^./, (c) => c.toUpperCase()).replace(/([^.!?])$/, '$1.')

// tooManyText is what a 429 says: the server's message and, when the
// answer tells, how long to wait.
export function tooManyText(e: ApiError): string {
  if (e.retryAfter !== null) return `Too many requests: try again ${waitText(e.retryAfter)}.`
  return sentence(e.message)
}

// toApiError turns anything a request threw into an ApiError.
export function toApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError(0, 'error', String(e))
}

export const get = <T>(path: string, q?: Query, signal?: AbortSignal) => request<T>('GET', withQuery(path, q), undefined, signal)
export const post = <T>(path: string, body?: unknown) => request<T>('POST', path, body ?? {})
export const patch = <T>(path: string, body: unknown) => request<T>('PATCH', path, body)
export const put = <T>(path: string, body: unknown) => request<T>('PUT', path, body)
export const del = <T>(path: string) => request<T>('DELETE', path)
