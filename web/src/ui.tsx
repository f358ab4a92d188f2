// Shared pieces of every page: requests with their loading and error
// states, form fields and actions, empty states, confirmations, badges and
// paging.
import type { ComponentChildren, InputHTMLAttributes } from 'preact'
import { useCallback, useEffect, useRef, useState } from 'preact/hooks'
import { ApiError, toApiError, tooManyText, waitText } from './api'
import { ago, platformName, when } from './format'
import { reasonText } from './insight'
import type { ScrapeReason } from './types'

export interface Loaded<T> {
  data: T | undefined
  error: ApiError | null
  loading: boolean
  reload: () => void
}

// useApi runs load whenever key changes, keeps the last answer while the
// next one loads, and drops answers that arrive after a newer request.
export function useApi<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> {
  const [data, setData] = useState<T>()
  const [error, setError] = useState<ApiError | null>(null)
  const [loading, setLoading] = useState(true)
  const [n, setN] = useState(0)
  const loadRef = useRef(load)
  loadRef.current = load
  useEffect(() => {
    const ctl = new AbortController()
    setLoading(true)
    loadRef.current(ctl.signal).then(
      (d) => {
        if (ctl.signal.aborted) return
        setData(d)
        setError(null)
        setLoading(false)
      },
      (e) => {
        if (ctl.signal.aborted) return
        setError(toApiError(e))
        setLoading(false)
      },
    )
    return () => ctl.abort()
  }, [key, n])
  const reload = useCallback(() => setN((x) => x + 1), [])
  return { data, error, loading, reload }
}

// useAction is what a control sends: busy (the key of the run under way,
// '' when none) and the error of the last run. run clears the error, is
// busy with key while act runs, and keeps what act throws (through wrap);
// it answers that error, or null. stay stays busy after a success, for an
// action after which the row goes or the page leaves.
export function useAction<K extends string = 'busy'>() {
  const [busy, setBusy] = useState<K | ''>('')
  const [error, setError] = useState<ApiError | null>(null)
  const run = async (
    act: () => Promise<unknown>,
    { key = 'busy' as K, stay = false, wrap = toApiError }: { key?: K; stay?: boolean; wrap?: (e: unknown) => ApiError } = {},
  ): Promise<ApiError | null> => {
    setBusy(key)
    setError(null)
    try {
      await act()
    } catch (e) {
      const err = wrap(e)
      setError(err)
      setBusy('')
      return err
    }
    if (!stay) setBusy('')
    return null
  }
  return { busy, error, setError, run }
}

// Field is a labelled input and, below it, its error or else its hint
// (with the ids name-error and name-hint the input points to).
export function Field({
  label,
  name,
  value,
  set,
  error,
  hint,
  ...input
}: {
  label: string
  name: string
  value: string
  set: (v: string) => void
  error?: string | false
  hint?: string | false
  type: 'email' | 'password' | 'text'
  autocomplete?: string
  required?: boolean
  minLength?: number
  maxLength?: number
}) {
  return (
    <>
      <label>
        {label}
        <input
          // (preact types each input type apart; these are text inputs)
          {...(input as InputHTMLAttributes)}
          name={name}
          value={value}
          onInput={(e) => set((e.target as HTMLInputElement).value)}
          aria-invalid={!!error}
          aria-describedby={error ? `${name}-error` : hint ? `${name}-hint` : undefined}
        />
      </label>
      {error ? (
        <small id={`${name}-error`} class="field-error">
          {error}
        </small>
      ) : (
        hint && (
          <small id={`${name}-hint`} class="muted">
            {hint}
          </small>
        )
      )}
    </>
  )
}

// FormError is a form's error that none of its fields shows; a 429 says
// how long to wait.
export function FormError({ error, say = (m) => m }: { error: ApiError; say?: (message: string) => string }) {
  return (
    <div class="error-box" role="alert">
      {error.status === 429 ? tooManyText(error) : say(error.message)}
    </div>
  )
}

// ErrorNote is the error of one row's or section's change, under it.
export function ErrorNote({ error }: { error: ApiError | null }) {
  if (!error) return null
  return (
    <div class="field-error" role="alert">
      {error.message}
    </div>
  )
}

export function Spinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div class="loading" role="status" aria-live="polite">
      <span class="spinner" aria-hidden="true" />
      {label}
    </div>
  )
}

// AUTO_RETRIES is how many times a read that answered 503 is asked again by
// itself, each after the answer's Retry-After (5 s when it names none),
// doubled each time up to a minute; then only the button asks again.
const AUTO_RETRIES = 5

// autoRetryDelay is the wait in seconds before the given automatic retry
// (0 for the first) of a read that answered err, or null when none is due.
export function autoRetryDelay(err: ApiError, attempt: number): number | null {
  if (err.status !== 503 || attempt >= AUTO_RETRIES) return null
  const base = Math.min(60, Math.max(1, err.retryAfter ?? 5))
  return Math.min(60, base * 2 ** attempt)
}

// ErrorBox shows a failed request's message and, with retry, a button that
// asks again. A 503 (a store or the provider not answering for a moment)
// is asked again by itself after the wait the server names, a few times.
export function ErrorBox({ error, retry }: { error: ApiError; retry?: () => void }) {
  // the box stays while the retry loads, so it counts its own retries
  const attempts = useRef(0)
  const retryRef = useRef(retry)
  retryRef.current = retry
  const delay = retry ? autoRetryDelay(error, attempts.current) : null
  useEffect(() => {
    if (delay === null) return
    const timer = setTimeout(() => {
      attempts.current++
      retryRef.current?.()
    }, delay * 1000)
    return () => clearTimeout(timer)
  }, [error, delay])
  return (
    <div class="error-box" role="alert">
      <strong>{error.status === 503 ? 'Temporarily unavailable.' : 'Something went wrong.'}</strong> {error.message}
      {delay !== null && <span class="muted"> Trying again {waitText(delay)}.</span>}
      {error.status === 403 && error.message.includes('access') && (
        <>
          {' '}
          <a href="/billing">Choose a plan</a>
        </>
      )}
      {retry && (
        <button type="button" class="link" onClick={retry}>
          Try again
        </button>
      )}
      {error.requestId && <small class="muted"> (request {error.requestId})</small>}
    </div>
  )
}

// Show renders the data once it is there, a spinner before, and the
// error with a retry when the request failed.
export function Show<T>({ r, children }: { r: Loaded<T>; children: (data: T) => ComponentChildren }) {
  if (r.error) return <ErrorBox error={r.error} retry={r.reload} />
  if (r.data === undefined) return <Spinner />
  return <>{children(r.data)}</>
}

// A column of a TableHead: its name, or its name and how it shows (num:
// figures, right-aligned; hidden: named for screen readers only).
export type Column = string | { label: string; num?: boolean; hidden?: boolean }
export const numCol = (label: string): Column => ({ label, num: true })
export const ACTIONS: Column = { label: 'Actions', hidden: true }

// TableHead is a table's row of column names; scoped marks each as the
// header of its column.
export function TableHead({ cols, scoped }: { cols: Column[]; scoped?: boolean }) {
  return (
    <thead>
      <tr>
        {cols.map((c) => {
          const col = typeof c === 'string' ? { label: c, num: false, hidden: false } : c
          return (
            <th scope={scoped ? 'col' : undefined} class={col.num ? 'num' : undefined}>
              {col.hidden ? <span class="sr-only">{col.label}</span> : col.label}
            </th>
          )
        })}
      </tr>
    </thead>
  )
}

// Stale dims what r showed while its next answer loads; Updating says so.
export function Stale<T>({ r, children }: { r: Loaded<T>; children: ComponentChildren }) {
  return (
    <div class={r.loading ? 'stale' : ''} aria-busy={r.loading}>
      {children}
    </div>
  )
}

export function Updating<T>({ r }: { r: Loaded<T> }) {
  return r.loading && r.data ? <Spinner label="Updating…" /> : null
}

export function Empty({ title, children }: { title: string; children?: ComponentChildren }) {
  return (
    <div class="empty">
      <h3>{title}</h3>
      {children && <p>{children}</p>}
    </div>
  )
}

export function PlatformBadge({ platform }: { platform: string }) {
  return <span class={`badge platform-${platform}`}>{platformName(platform)}</span>
}

const STATUS_TEXT: Record<string, string> = {
  pending: 'Scrape queued',
  active: 'Tracking',
  paused: 'Paused',
  removed: 'Removed',
  error: 'Error',
  beyond_limit: 'Beyond limit',
}

// STATUS_TITLE explains the statuses whose badge alone does not say what
// they mean for the numbers.
const STATUS_TITLE: Record<string, string> = {
  paused: 'Not refreshed; still counts against the video limit',
  beyond_limit: "Older than the account's tracking limit keeps: its history stays, it is no longer refreshed or counted",
}

// statusLabel names a tracked item's status for people; a status this
// build does not know yet reads as its words ("some_state" → "Some state").
export function statusLabel(status: string): string {
  const known = STATUS_TEXT[status]
  if (known) return known
  const words = status.replace(/[_-]+/g, ' ').trim()
  return words ? words[0].toUpperCase() + words.slice(1) : 'Unknown'
}

export function StatusBadge({ status, reason }: { status: string; reason?: string }) {
  return (
    <span class={`badge status-${status}`} title={reason || STATUS_TITLE[status] || undefined} data-status={status}>
      {statusLabel(status)}
      {status === 'error' && reason ? <span class="reason">: {reason}</span> : null}
    </span>
  )
}

// Freshness says when a number was last scraped, or that its first
// scrape is still to come.
export function Freshness({ at, status }: { at: string | null | undefined; status?: string }) {
  if (!at) return <span class="muted">{status === 'error' ? 'not scraped' : 'first scrape queued'}</span>
  return <Time at={at} show={ago} />
}

// Time is a moment shown as show words it (by default date and time),
// with the date and time as its tooltip.
export function Time({ at, show = when }: { at: string; show?: (iso: string) => string }) {
  return (
    <time dateTime={at} title={when(at)}>
      {show(at)}
    </time>
  )
}

export function Pager({ total, limit, offset, onPage }: { total: number; limit: number; offset: number; onPage: (offset: number) => void }) {
  if (total <= limit) return null
  const page = Math.floor(offset / limit) + 1
  const pages = Math.ceil(total / limit)
  const last = (pages - 1) * limit
  // an offset past the end (an old link, a list that shrank) has no page
  // number: offer the last page instead of "Page 11 of 3"
  const past = page > pages
  return (
    <nav class="pager" aria-label="Pages">
      <button type="button" disabled={offset === 0} onClick={() => onPage(past ? last : Math.max(0, offset - limit))}>
        ← Previous
      </button>
      {past ? (
        <span>
          {pages} pages ·{' '}
          <button type="button" class="link" onClick={() => onPage(last)}>
            Go to the last page
          </button>
        </span>
      ) : (
        <span>
          Page {page} of {pages}
        </span>
      )}
      <button type="button" disabled={offset + limit >= total} onClick={() => onPage(offset + limit)}>
        Next →
      </button>
    </nav>
  )
}

// A Question is whether a Confirm is open: ask opens it, close closes it.
export interface Question {
  open: boolean
  ask: () => void
  close: () => void
}

export function useQuestion(): Question {
  const [open, setOpen] = useState(false)
  return { open, ask: () => setOpen(true), close: () => setOpen(false) }
}

// Confirm asks, while its question is open, before something that cannot
// be undone; either answer closes it.
export function Confirm({ question, onConfirm, ...ask }: { question: Question; title: string; children?: ComponentChildren; confirm: string; onConfirm: () => void }) {
  if (!question.open) return null
  return (
    <ConfirmDialog
      {...ask}
      onConfirm={() => {
        question.close()
        onConfirm()
      }}
      onCancel={question.close}
    />
  )
}

function ConfirmDialog({
  title,
  children,
  confirm,
  onConfirm,
  onCancel,
}: {
  title: string
  children?: ComponentChildren
  confirm: string
  onConfirm: () => void
  onCancel: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    ref.current?.showModal()
  }, [])
  return (
    <dialog ref={ref} class="dialog" aria-labelledby="confirm-title" onCancel={onCancel} onClose={onCancel}>
      <h2 id="confirm-title">{title}</h2>
      {children}
      <div class="actions">
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="button" class="danger" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>
  )
}

export function PageHeader({ title, children }: { title: string; children?: ComponentChildren }) {
  useEffect(() => {
    document.title = `${title} · reeltrack`
  }, [title])
  return (
    <header class="page-header">
      <h1>{title}</h1>
      {children && <div class="page-actions">{children}</div>}
    </header>
  )
}

export function Thumb({ src, alt }: { src?: string; alt: string }) {
  const [failed, setFailed] = useState(false)
  if (!src || failed) return <span class="thumb thumb-empty" aria-hidden="true" />
  return <img class="thumb" src={src} alt={alt} loading="lazy" referrerpolicy="no-referrer" onError={() => setFailed(true)} />
}

// nextScrapeIn says in words how soon a scrape at iso comes.
export function nextScrapeIn(iso: string, now = Date.now()): string {
  const min = Math.round((Date.parse(iso) - now) / 60000)
  if (min <= 1) return 'The next scrape is under way'
  if (min < 90) return `Next scrape in about ${min} min`
  const h = Math.round(min / 60)
  if (h < 36) return `Next scrape in about ${h} h`
  return `Next scrape in about ${Math.round(h / 24)} days`
}

// NextScrape stands in for a chart with no growth yet (an item scraped
// once): when the next scrape comes (the API's nextScrapeAt) and why,
// after which growth shows; or, when none is planned, why (idle: the
// words of notRefreshed).
export function NextScrape({
  at,
  reason,
  item = 'it',
  idle = 'none planned',
  viaAccount = false,
}: {
  at: string | null | undefined
  reason?: ScrapeReason | null
  item?: string
  idle?: string
  viaAccount?: boolean
}) {
  const [, tick] = useState(0)
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 30000)
    return () => clearInterval(t)
  }, [])
  const why = reasonText(reason, viaAccount)
  return (
    <p class="next-scrape" data-testid="next-scrape" data-reason={reason ?? ''} role="status">
      {at ? (
        <>
          <strong title={when(at)}>{nextScrapeIn(at)}</strong>
          {why && <span class="muted"> ({why})</span>} — growth shows after it.
        </>
      ) : (
        <>
          No growth yet: growth shows once {item} has been scraped twice, and no scrape is planned — {idle}.
        </>
      )}
    </p>
  )
}
