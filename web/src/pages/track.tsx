// Track: paste one link, or up to 50 (one per line), optionally into a
// collection; see what each became, and what the plan still allows.
import { useEffect, useState } from 'preact/hooks'
import { ApiError, post } from '../api'
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
        what fits what is left, at most {Math.min(30, ws.maxVideosPerAccount)}; up to {ws.maxVideosPerAccount} on your plan, changeable later on the{' '}
        <a href="/accounts">Accounts</a> page). Links already tracked cost nothing.
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

  useEffect(() => keep(DRAFT, url || urls || collection || limit ? { url, urls, collection, limit } : null), [url, urls, collection, limit])
  useEffect(() => keep(RESULTS, results), [results])

  const pasted = lines(urls)
  const bulk = pasted.length > 0
  const all = bulk ? (url.trim() ? [url.trim(), ...pasted] : pasted) : url.trim() ? [url.trim()] : []
  const tooMany = all.length > MAX
  const accounts = all.filter(isAccountLink).length
  // the tracking limit an account link gets: the API's default is what
  // fits the plan's videos left, at most 30 and the plan's maximum
  const left = ws ? Math.max(0, ws.videoLimit - ws.usage.videos) : 0
  const maxPer = ws?.maxVideosPerAccount ?? 30
  const defaultLimit = Math.max(1, Math.min(30, maxPer, left))
  const limitText = limit.trim()
  const limitValue = limitText ? Number(limitText) : null
  const limitBad = limitValue !== null && (!Number.isInteger(limitValue) || limitValue < 1 || limitValue > maxPer)

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
    const collection_id = collection || null
    const extra = accounts > 0 && limitValue !== null ? { tracking_limit: limitValue } : {}
    const failed = await run(async () => {
      let out: BulkTrackResult[]
      if (bulk) {
        const r = await post<BulkTrackResults>('/track/bulk', { urls: all, collection_id, ...extra })
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
      loadWorkspace().catch(() => {})
    })
    if (failed) setResults(null)
  }

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
            onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
            aria-describedby="url-hint"
          />
        </label>
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
                placeholder={String(defaultLimit)}
                value={limit}
                set={setLimit}
                aria-describedby="tracking-limit-hint"
                aria-invalid={limitBad}
              />
            </label>
            <div id="tracking-limit-hint" class={limitBad ? 'field-error' : 'muted small'} data-testid="tracking-limit-hint">
              {accounts === 1 ? 'The account' : `Each of the ${accounts} accounts`} tracks its newest{' '}
              <strong>{limitValue !== null && !limitBad ? exact(limitValue) : exact(defaultLimit)}</strong> videos
              {limitText ? '' : ' (the default: what fits what is left)'}. Up to {exact(maxPer)} per account on the {ws.plan} plan;{' '}
              <span data-testid="slots-left">{exact(left)}</span> of {exact(ws.videoLimit)} video slots left.
              {limitValue !== null && !limitBad && limitValue * accounts > left ? ' That is more than is left: the plan would refuse it.' : ''}
            </div>
          </div>
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
        <InlineError error={error} />
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
            <h2 id="results-h">Results</h2>
            <button type="button" class="link" onClick={() => setResults(null)}>
              Clear
            </button>
          </div>
          <p aria-live="polite" class="muted">
            {[ok && `${ok} now tracked`, existing && `${existing} already tracked`, failed && `${failed} not tracked`].filter(Boolean).join(' · ')}.
            {ok > 0 && ` The first scrape of ${ok === 1 ? 'it' : 'each new item'} is queued.`}
            {failed > 0 && results.length > 1 && ' The links that failed are left in the box above, to fix and send again.'}
          </p>
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
