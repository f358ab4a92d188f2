// Track: paste one link, or up to 50 (one per line), optionally into a
// collection; see what each became, and what the plan still allows.
import { useEffect, useRef, useState } from 'preact/hooks'
import { ApiError, post, request, toApiError } from '../api'
import { CollectionSelect, useCollections } from '../filters'
import { exact, videoKind } from '../format'
import { loadWorkspace, useWorkspace } from '../session'
import type { BulkTrackResult, BulkTrackResults, TrackResult } from '../types'
import { PageHeader, PlatformBadge, useAction } from '../ui'
import { InlineError, LimitInput, isPlanError, sentence } from './account-actions'
import './track.css'

const MAX = 50

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
}

// What the page keeps in the tab's session storage: the links being
// written (so a sign-in after the session ended on submit finds them
// again) and the last results (so Back from a video's page shows them).
const DRAFT = 'reeltrack.track.draft'
const RESULTS = 'reeltrack.track.results'

interface Draft {
  url: string
  urls: string
  collection: string
  limit: string
}

function recall<T>(key: string): T | null {
  try {
    const raw = sessionStorage.getItem(key)
    return raw ? (JSON.parse(raw) as T) : null
  } catch {
    return null
  }
}

function keep(key: string, value: unknown) {
  try {
    if (value === null) sessionStorage.removeItem(key)
    else sessionStorage.setItem(key, JSON.stringify(value))
  } catch {
    // storage refused (private mode, full): the page works without it
  }
}

// isAccountLink tells a link to an account (profile, channel) from one to
// a video, as the server's parser does for the links it accepts.
export function isAccountLink(raw: string): boolean {
  let u: URL
  try {
    u = new URL(/^[a-z]+:\/\//i.test(raw.trim()) ? raw.trim() : 'https://' + raw.trim())
  } catch {
    return false
  }
  const host = u.hostname.toLowerCase().replace(/^(www|m|mobile)\./, '')
  const parts = u.pathname.split('/').filter(Boolean)
  if (host === 'tiktok.com') return parts.length === 1 && parts[0].startsWith('@')
  if (host === 'instagram.com') return parts.length === 1 && !['reel', 'reels', 'p', 'tv', 'share', 'stories', 'explore'].includes(parts[0].toLowerCase())
  if (host === 'youtube.com')
    return (parts.length >= 1 && parts[0].startsWith('@')) || ['channel', 'c', 'user'].includes((parts[0] ?? '').toLowerCase())
  if (host === 'x.com' || host === 'twitter.com') return parts.length === 1 && !['i', 'home', 'search'].includes(parts[0].toLowerCase())
  return false
}

// accountName is how a preview names an account link: "@alice", or the
// channel's path on YouTube ("channel/UC…").
export function accountName(raw: string): string {
  try {
    const u = new URL(/^[a-z]+:\/\//i.test(raw.trim()) ? raw.trim() : 'https://' + raw.trim())
    const parts = u.pathname.split('/').filter(Boolean)
    if (parts.length === 0) return raw
    if (['channel', 'c', 'user'].includes(parts[0].toLowerCase()) && parts[1]) return `${parts[0]}/${parts[1]}`
    return parts[0].startsWith('@') ? parts[0] : '@' + parts[0]
  } catch {
    return raw
  }
}

const plural = (n: number, one: string, many: string) => `${exact(n)} ${n === 1 ? one : many}`

// The body of a bulk track: the preview sends it with dry_run, the submit
// without, so the one answers for the other.
interface TrackBody {
  urls: string[]
  collection_id: string | null
  tracking_limit?: number
}

// Preview is the dry run's answer for one body (its key).
interface Preview {
  key: string
  results: BulkTrackResult[]
}

// promised says what a preview's result promises, in the words the list
// shows: "@alice — tracks its newest 12 videos", "TikTok video — tracked",
// "@bob — refused: …".
function promised(r: BulkTrackResult): string {
  const name = r.type === 'account' || (!r.type && isAccountLink(r.url)) ? accountName(r.url) : r.type ? videoKind(r.platform, r.url) : r.url
  if (!r.success) return `${name} — refused: ${sentence(r.error?.message ?? r.message)}`
  if (r.existing) return `${name} — already tracked${r.type === 'account' && r.tracking_limit != null ? ` (its newest ${exact(r.tracking_limit)})` : ''}`
  if (r.type === 'account' && r.tracking_limit != null) return `${name} — tracks its newest ${plural(r.tracking_limit, 'video', 'videos')}`
  return `${name} — tracked`
}

// andList joins names: "a", "a and b", "a, b and c".
const andList = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`)

// accountsLine says what the preview gives the list's accounts: the real
// numbers, each account's own when they differ.
function accountsLine(rs: BulkTrackResult[]): string {
  const fresh = rs.filter((r) => r.success && !r.existing && r.type === 'account' && r.tracking_limit != null)
  const limits = fresh.map((r) => r.tracking_limit as number)
  const parts: string[] = []
  if (limits.length === 1) parts.push(`The new account tracks its newest ${plural(limits[0], 'video', 'videos')}`)
  else if (limits.length > 1 && limits.every((n) => n === limits[0])) parts.push(`Each of the ${limits.length} new accounts tracks its newest ${plural(limits[0], 'video', 'videos')}`)
  else if (limits.length > 1) {
    // accounts with the same limit together, in the list's order
    const groups = new Map<number, string[]>()
    for (const r of fresh) groups.set(r.tracking_limit as number, [...(groups.get(r.tracking_limit as number) ?? []), accountName(r.url)])
    const each = [...groups].map(([n, names]) => `${andList(names)} ${names.length === 1 ? 'tracks its' : 'track their'} newest ${plural(n, 'video', 'videos')}`)
    parts.push(`The ${limits.length} new accounts share what is left: ${each.join(', ')}`)
  }
  const known = rs.filter((r) => r.success && r.existing && r.type === 'account').length
  if (known > 0) parts.push(`${plural(known, 'account is', 'accounts are')} already tracked`)
  const refused = rs.filter((r) => !r.success && isAccountLink(r.url))
  const over = refused.filter((r) => isPlanError({ code: r.error?.code, message: r.error?.message ?? r.message })).length
  if (over > 0) parts.push(`${plural(over, 'account does', 'accounts do')} not fit the plan`)
  if (refused.length > over) parts.push(`${plural(refused.length - over, 'account link is', 'account links are')} refused`)
  return parts.join('; ')
}

function Usage() {
  const ws = useWorkspace()
  if (!ws) return null
  const used = ws.usage.videos
  const pctUsed = ws.videoLimit > 0 ? Math.min(100, (used / ws.videoLimit) * 100) : 100
  const left = Math.max(0, ws.videoLimit - used)
  const full = left === 0
  return (
    <section class={'card usage-card' + (full ? ' full' : '')} aria-labelledby="usage-h" data-testid="track-usage">
      <h2 id="usage-h">Plan usage</h2>
      <p>
        <strong data-testid="usage-videos" data-value={used}>
          {exact(used)}
        </strong>{' '}
        of <span data-testid="usage-limit" data-value={ws.videoLimit}>{exact(ws.videoLimit)}</span> videos used on the{' '}
        <span class="plan-name">{ws.plan}</span> plan · {exact(left)} left
      </p>
      <div
        class="usage-meter"
        role="progressbar"
        aria-label="Videos used of the plan's limit"
        aria-valuemin={0}
        aria-valuemax={ws.videoLimit}
        aria-valuenow={used}
      >
        <span style={{ width: pctUsed + '%' }} />
      </div>
      <p class="muted small">
        A video link uses 1. An account link uses its tracking limit: how many of its newest videos it tracks, chosen when you paste it (by default
        what is left once the pasted videos are counted, shared between the pasted accounts, at most {Math.min(30, ws.maxVideosPerAccount)} each; up
        to {ws.maxVideosPerAccount} on your plan, changeable later on the <a href="/accounts">Accounts</a> page). Links already tracked cost nothing.
      </p>
      {(!ws.hasAccess || full) && (
        <p class="plan-warning">
          {!ws.hasAccess ? 'Your workspace has no access: the trial or subscription has ended.' : 'Your plan is full: new links will be refused.'}{' '}
          <a href="/billing">Upgrade your plan</a>
        </p>
      )}
    </section>
  )
}

function ResultItem({ r }: { r: BulkTrackResult }) {
  const failed = !r.success
  const message = r.error?.message ?? r.message
  const href = r.id && r.type ? (r.type === 'account' ? `/accounts/${r.id}` : `/videos/${r.id}`) : ''
  const planProblem = failed && isPlanError({ code: r.error?.code, message })
  return (
    <li class={'track-result ' + (failed ? 'failed' : r.existing ? 'existing' : 'ok')} data-testid="track-result" data-success={r.success} data-id={r.id ?? ''}>
      <div class="result-head">
        <span class="result-state">{failed ? '✕ Not tracked' : r.existing ? '• Already tracked' : '✓ Tracking'}</span>
        {r.platform && <PlatformBadge platform={r.platform} />}
        {r.type && <span class="badge">{r.type === 'account' ? 'Account' : videoKind(r.platform, r.url)}</span>}
        {r.success && r.type === 'account' && r.tracking_limit != null && (
          <span class="muted small" data-testid="result-limit" data-value={r.tracking_limit}>
            tracks its newest {plural(r.tracking_limit, 'video', 'videos')}
          </span>
        )}
      </div>
      <div class="result-url">{r.url}</div>
      <div class="result-msg">
        {failed ? (
          <span class="field-error">{sentence(message)}</span>
        ) : (
          <span class="muted">{sentence(r.message || (r.existing ? 'already tracked; nothing was charged' : 'the first scrape is queued'))}</span>
        )}
        {planProblem && (
          <>
            {' '}
            <a href="/billing">Upgrade your plan</a>
          </>
        )}
        {href && (
          <>
            {' '}
            <a href={href}>Open {r.type === 'account' ? 'account' : videoKind(r.platform, r.url).replace(/^\S+ /, '')}</a>
          </>
        )}
      </div>
    </li>
  )
}

export default function Track() {
  const ws = useWorkspace()
  const cols = useCollections()
  const [draft] = useState(() => recall<Draft>(DRAFT))
  const [url, setUrl] = useState(draft?.url ?? '')
  const [urls, setUrls] = useState(draft?.urls ?? '')
  const [collection, setCollection] = useState(draft?.collection ?? '')
  const [limit, setLimit] = useState(draft?.limit ?? '')
  const { busy, error, setError, run } = useAction()
  const [results, setResults] = useState<BulkTrackResult[] | null>(() => recall<BulkTrackResult[]>(RESULTS))
  const [preview, setPreview] = useState<Preview | null>(null)
  const [previewError, setPreviewError] = useState<{ key: string; error: ApiError } | null>(null)
  // links the submit refused, or gave another limit, after the preview
  // promised otherwise: the workspace changed in between
  const [changed, setChanged] = useState(0)
  // set at each submit that answered, so the results are brought into
  // view (below the fold on a laptop) once they are drawn
  const [answered, setAnswered] = useState(0)
  const resultsHeading = useRef<HTMLHeadingElement>(null)
  const urlInput = useRef<HTMLInputElement>(null)

  useEffect(() => keep(DRAFT, url || urls || collection || limit ? { url, urls, collection, limit } : null), [url, urls, collection, limit])
  useEffect(() => keep(RESULTS, results), [results])

  const pasted = lines(urls)
  const bulk = pasted.length > 0
  const all = bulk ? (url.trim() ? [url.trim(), ...pasted] : pasted) : url.trim() ? [url.trim()] : []
  const tooMany = all.length > MAX
  const accounts = all.filter(isAccountLink).length
  // the tracking limit one account alone would get by default, until the
  // preview says what each account of the list gets
  const left = ws ? Math.max(0, ws.videoLimit - ws.usage.videos) : 0
  const maxPer = ws?.maxVideosPerAccount ?? 30
  const defaultLimit = Math.max(1, Math.min(30, maxPer, left))
  const limitText = limit.trim()
  const limitValue = limitText ? Number(limitText) : null
  const limitBad = limitValue !== null && (!Number.isInteger(limitValue) || limitValue < 1 || limitValue > maxPer)
  const body: TrackBody = { urls: all, collection_id: collection || null, ...(accounts > 0 && limitValue !== null ? { tracking_limit: limitValue } : {}) }
  // a preview holds for this body while the workspace's usage stays
  const used = ws?.usage.videos
  const key = JSON.stringify([body, used])
  const canPreview = all.length > 0 && !tooMany && !(accounts > 0 && limitBad) && ws !== null && ws.hasAccess
  const shown = preview && preview.key === key ? preview.results : null
  const checking = canPreview && !shown && previewError?.key !== key

  // The preview: the same request as the submit, as a dry run, a moment
  // after the list stops changing (and again when the workspace's usage
  // moves), so the form says what each link will get before it is sent.
  useEffect(() => {
    if (!canPreview) return
    const ctl = new AbortController()
    const timer = setTimeout(() => {
      request<BulkTrackResults>('POST', '/track/bulk', { ...body, dry_run: true }, ctl.signal).then(
        (r) => setPreview({ key, results: r.results }),
        (e: unknown) => {
          if ((e as Error).name !== 'AbortError') setPreviewError({ key, error: toApiError(e) })
        },
      )
    }, 300)
    return () => {
      clearTimeout(timer)
      ctl.abort()
    }
  }, [key, canPreview])

  const submit = async (e: Event) => {
    e.preventDefault()
    if (all.length === 0) {
      setError(new ApiError(400, 'invalid_request', 'Paste a link to a video or an account first.'))
      return
    }
    if (tooMany) {
      setError(new ApiError(400, 'invalid_request', `At most ${MAX} links at a time: you pasted ${all.length}. Remove ${all.length - MAX} and try again.`))
      return
    }
    if (accounts > 0 && limitBad) {
      setError(new ApiError(400, 'invalid_request', `Videos per account must be a whole number from 1 to ${maxPer}, the ${ws?.plan ?? ''} plan's maximum.`))
      return
    }
    const { collection_id } = body
    const extra = body.tracking_limit !== undefined ? { tracking_limit: body.tracking_limit } : {}
    const promise = shown
    // a single link the preview promised, refused by the plan: the
    // workspace changed in between
    const wrap = (e: unknown) => {
      const err = toApiError(e)
      if (!promise?.[0]?.success || !isPlanError(err)) return err
      loadWorkspace().catch(() => {})
      return new ApiError(err.status, err.code, `The workspace changed since the preview (another link was tracked there, or its plan changed): ${err.message}`)
    }
    const failed = await run(async () => {
      let out: BulkTrackResult[]
      if (bulk) {
        const r = await post<BulkTrackResults>('/track/bulk', body)
        out = r.results
        // Keep only the links that failed, so they can be fixed and sent again.
        const failed = out.filter((x) => !x.success).map((x) => x.url)
        setUrls(failed.join('\n'))
        setUrl('')
      } else {
        const r = await post<TrackResult>('/track', { url: all[0], collection_id, ...extra })
        out = [r]
        if (r.success) setUrl('')
      }
      setResults(out)
      setAnswered((n) => n + 1)
      setChanged(promise ? out.filter((r, i) => promise[i] && promise[i].success && (!r.success || (r.tracking_limit ?? null) !== (promise[i].tracking_limit ?? null))).length : 0)
      loadWorkspace().catch(() => {})
    }, { wrap })
    if (failed) setResults(null)
    if (failed && !bulk && failed.status === 400 && failed.fields.url) urlInput.current?.focus()
  }

  useEffect(() => {
    const h = resultsHeading.current
    if (!answered || !h) return
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches
    h.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' })
    h.focus({ preventScroll: true })
  }, [answered])

  // a single link refused: its reason goes next to the field, which is
  // marked invalid until it changes
  const urlError = !bulk && error?.status === 400 && error.fields.url ? error.fields.url : ''

  // what the preview gives the accounts, and where a default came from
  const accountsText = shown ? accountsLine(shown) : ''
  const defaultNote =
    limitText || !shown?.some((r) => r.success && !r.existing && r.type === 'account')
      ? ''
      : accounts > 1
        ? ' (the default: what is left once the videos are counted, shared between the accounts)'
        : ' (the default: what fits what is left)'

  const ok = results?.filter((r) => r.success && !r.existing).length ?? 0
  const existing = results?.filter((r) => r.success && r.existing).length ?? 0
  const failed = results?.filter((r) => !r.success).length ?? 0

  return (
    <>
      <PageHeader title="Track" />
      <Usage />
      <form class="card track-form" aria-label="Track a URL" onSubmit={submit} noValidate>
        <label>
          Video or account link
          <input
            type="url"
            name="url"
            inputMode="url"
            autocomplete="off"
            spellcheck={false}
            placeholder="https://www.tiktok.com/@creator/video/7301234567890123456"
            value={url}
            ref={urlInput}
            onInput={(e) => {
              setUrl((e.target as HTMLInputElement).value)
              if (urlError) setError(null)
            }}
            aria-invalid={urlError ? true : undefined}
            aria-describedby={urlError ? 'url-error url-hint' : 'url-hint'}
          />
        </label>
        {urlError && (
          <div id="url-error" class="field-error url-error" data-testid="url-error" role="alert">
            {sentence(`url: ${urlError}`)}
          </div>
        )}
        <div id="url-hint" class="muted small">
          A TikTok, Instagram, YouTube or X link to a video or to an account (profile or channel).
        </div>
        <label>
          <span>
            Or paste several links, one per line (up to {MAX})
          </span>
          <textarea
            name="urls"
            rows={6}
            spellcheck={false}
            value={urls}
            onInput={(e) => setUrls((e.target as HTMLTextAreaElement).value)}
            aria-describedby="urls-count"
            aria-invalid={tooMany}
          />
        </label>
        <div id="urls-count" class={tooMany ? 'field-error' : 'muted small'} aria-live="polite">
          {pasted.length === 0
            ? 'Blank lines are ignored.'
            : `${pasted.length} ${pasted.length === 1 ? 'link' : 'links'} in this box${
                all.length > pasted.length ? `, ${all.length} with the link above,` : ''
              } of at most ${MAX}${tooMany ? ` — remove ${all.length - MAX} to continue` : ''}.`}
        </div>
        {accounts > 0 && ws && (
          <div class="tracking-limit" data-testid="tracking-limit">
            <label>
              Videos to track per account
              <LimitInput
                max={maxPer}
                placeholder={String(shown?.find((r) => r.success && !r.existing && r.tracking_limit != null)?.tracking_limit ?? defaultLimit)}
                value={limit}
                set={setLimit}
                aria-describedby="tracking-limit-hint"
                aria-invalid={limitBad}
              />
            </label>
            <div
              id="tracking-limit-hint"
              class={limitBad ? 'field-error' : 'muted small'}
              data-testid="tracking-limit-hint"
              data-ready={shown ? 'true' : 'false'}
              aria-live="polite"
            >
              {limitBad ? (
                `Videos per account must be a whole number from 1 to ${exact(maxPer)}.`
              ) : shown ? (
                accountsText && (
                  <>
                    <strong>{accountsText}</strong>
                    {defaultNote}.
                  </>
                )
              ) : (
                'Working out what each account gets…'
              )}{' '}
              Up to {exact(maxPer)} per account on the {ws.plan} plan; <span data-testid="slots-left">{exact(left)}</span> of {exact(ws.videoLimit)} video slots
              left.
            </div>
          </div>
        )}
        {canPreview && (
          <section class="track-preview" aria-labelledby="preview-h" data-testid="track-preview" data-ready={shown ? 'true' : 'false'}>
            <h3 id="preview-h">What each link gets</h3>
            {shown ? (
              <>
                <ul>
                  {shown.map((r) => (
                    <li
                      class={'preview-item ' + (!r.success ? 'failed' : r.existing ? 'existing' : 'ok')}
                      data-testid="preview-item"
                      data-success={r.success}
                      data-limit={r.tracking_limit ?? ''}
                    >
                      {promised(r)}
                    </li>
                  ))}
                </ul>
                {shown.some((r) => !r.success) && (
                  <p class="muted small" data-testid="preview-refused">
                    {plural(shown.filter((r) => !r.success).length, 'link', 'links')} would be refused: fix or remove{' '}
                    {shown.filter((r) => !r.success).length === 1 ? 'it' : 'them'}
                    {shown.some((r) => !r.success && isPlanError({ code: r.error?.code, message: r.error?.message ?? r.message })) && (
                      <>
                        , lower the videos per account, or <a href="/billing">upgrade your plan</a>
                      </>
                    )}
                    .
                  </p>
                )}
              </>
            ) : previewError?.key === key ? (
              <p class="muted small">What each link gets could not be worked out ({sentence(previewError.error.message)}); the links can still be sent.</p>
            ) : (
              <p class="muted small">{checking ? 'Checking the links…' : ''}</p>
            )}
          </section>
        )}
        <div class="form-row">
          <label>
            Collection
            <CollectionSelect cols={cols} none="No collection" name="collection" value={collection} onPick={setCollection} />
          </label>
          <button type="submit" class="primary" disabled={!!busy || tooMany || (ws !== null && !ws.hasAccess)}>
            {busy ? 'Tracking…' : all.length > 1 ? `Track ${all.length} links` : 'Track'}
          </button>
        </div>
        {cols.error && <div class="muted small">Collections could not be loaded ({cols.error.message}); links can still be tracked without one.</div>}
        {ws && !ws.hasAccess && (
          <div class="inline-error" role="alert">
            Your workspace has no access, so nothing can be tracked. <a href="/billing">Upgrade your plan</a>
          </div>
        )}
        <InlineError error={urlError ? null : error} />
        <details id="forms-help" class="forms-help">
          <summary>Which links work?</summary>
          <ul>
            <li>
              <strong>TikTok</strong>: videos <code>tiktok.com/@user/video/…</code> (also photo posts and <code>vm.tiktok.com/…</code> short links), accounts{' '}
              <code>tiktok.com/@user</code>
            </li>
            <li>
              <strong>Instagram</strong>: reels and posts <code>instagram.com/reel/…</code>, <code>/p/…</code>, <code>/tv/…</code>, accounts{' '}
              <code>instagram.com/user</code> (share links <code>/share/…</code> are not accepted)
            </li>
            <li>
              <strong>YouTube</strong>: <code>youtube.com/shorts/…</code>, <code>watch?v=…</code>, <code>youtu.be/…</code>, channels{' '}
              <code>youtube.com/@handle</code>, <code>/channel/UC…</code>
            </li>
            <li>
              <strong>X</strong> (or twitter.com): posts <code>x.com/user/status/…</code>, accounts <code>x.com/user</code>
            </li>
          </ul>
          <p class="muted small">
            <code>https://</code> is optional; query strings are ignored. A video link tracks that video; an account link tracks the account's followers and its
            newest videos.
          </p>
        </details>
      </form>

      {results && (
        <section class="card results-card" aria-labelledby="results-h">
          <div class="results-head">
            <h2 id="results-h" tabIndex={-1} ref={resultsHeading} data-testid="results-heading">
              Results
            </h2>
            <button type="button" class="link" onClick={() => setResults(null)}>
              Clear
            </button>
          </div>
          <p aria-live="polite" class="muted">
            {[ok && `${ok} now tracked`, existing && `${existing} already tracked`, failed && `${failed} not tracked`].filter(Boolean).join(' · ')}.
            {ok > 0 && ` The first scrape of ${ok === 1 ? 'it' : 'each new item'} is queued.`}
            {failed > 0 && results.length > 1 && ' The links that failed are left in the box above, to fix and send again.'}
          </p>
          {changed > 0 && (
            <p class="plan-warning" role="status" data-testid="track-changed">
              {plural(changed, 'link', 'links')} did not get what the preview showed: the workspace changed in between (another link was tracked
              there, or its plan changed).
            </p>
          )}
          <ul class="track-results" data-testid="track-results">
            {results.map((r) => (
              <ResultItem r={r} />
            ))}
          </ul>
          <p class="muted small">
            See them on <a href="/videos">Videos</a> and <a href="/accounts">Accounts</a>.
            {ws ? ` After the first scrape, tracked items refresh every ${ws.refreshIntervalHours} h on your plan.` : ''}
          </p>
        </section>
      )}
    </>
  )
}
