// Watches and the capture inbox (docs/watches.md): owners and admins watch
// a hashtag, a mention, a sound or a search, with its cost against the
// plan's scrape budget shown before saving (GET /api/watches/estimate);
// every member of the team tracks, dismisses or restores the posts the
// watches found (GET /api/captures, POST /api/captures/review).
import { useState } from 'preact/hooks'
import { del, get, patch, post, withQuery } from '../api'
import { day, exact, platformName, when } from '../format'
import { setQuery } from '../router'
import { canManage, useWorkspace } from '../session'
import type { Capture, CaptureStatus, Captures, CollectionList, Watch, WatchBudget, WatchEstimate, WatchList } from '../types'
import { Empty, ErrorNote, PageHeader, Pager, PlatformBadge, Show, TableHead, Updating, useAction, useApi } from '../ui'
import { useSelection } from './organise'
import './portal.css'
import './submissions.css'

const KINDS = { hashtag: 'Hashtag', mention: 'Mention', sound: 'Sound', search: 'Search' } as const
type Kind = keyof typeof KINDS
const PLACEHOLDER: Record<Kind, string> = {
  hashtag: '#glowlab',
  mention: '@glowlab',
  sound: 'https://www.tiktok.com/music/…',
  search: 'morning routine',
}
const INTERVALS = [6, 12, 24, 48, 168]
type WatchPlatform = 'tiktok' | 'instagram' | 'youtube' | 'x'
// what the provider's actors find on each platform (docs/watches.md)
const KINDS_ON: Record<WatchPlatform, Kind[]> = {
  tiktok: ['hashtag', 'mention', 'sound', 'search'],
  instagram: ['hashtag', 'mention'],
  youtube: ['hashtag', 'mention', 'search'],
  x: ['hashtag', 'mention', 'search'],
}
const STATUS_TEXT: Record<CaptureStatus, string> = { new: 'New', tracked: 'Tracked', dismissed: 'Dismissed' }
const LIMIT = 50

const every = (h: number) => (h === 168 ? 'every week' : h === 24 ? 'every day' : h === 48 ? 'every 2 days' : `every ${h} hours`)

export function what(w: Pick<Watch, 'kind' | 'term'>): string {
  switch (w.kind) {
    case 'hashtag':
      return `#${w.term}`
    case 'mention':
      return `@${w.term}`
    case 'sound':
      return `sound ${w.term}`
  }
  return `“${w.term}”`
}

function BudgetLine({ b }: { b: WatchBudget }) {
  return (
    <p class="muted small" data-testid="watch-budget">
      The plan’s scrape budget: {exact(b.perDay)} posts and snapshots a day; the last 24 hours spent {exact(b.spent)}; the active watches read{' '}
      {exact(b.watches)} a day. A run that does not fit waits for the budget.
    </p>
  )
}

// WatchForm adds a watch, its cost shown as it is filled in.
function WatchForm({ onDone }: { onDone: () => void }) {
  const [platform, setPlatform] = useState<WatchPlatform>('tiktok')
  const [kind, setKind] = useState<Kind>('hashtag')
  const [term, setTerm] = useState('')
  const [results, setResults] = useState(30)
  const [hours, setHours] = useState(24)
  const [autoTracked, setAutoTracked] = useState(false)
  const [autoCreators, setAutoCreators] = useState(false)
  const { busy, error, run } = useAction()
  const errs = error?.fields ?? {}
  const est = useApi((s) => get<WatchEstimate>('/watches/estimate', { results, intervalHours: hours }, s), `estimate-${results}-${hours}`)
  const save = (e: Event) => {
    e.preventDefault()
    run(async () => {
      await post('/watches', { platform, kind, term, results, intervalHours: hours, autoTracked, autoCreators })
      setTerm('')
      onDone()
    })
  }
  return (
    <form class="card watch-form" aria-labelledby="watch-form-title" onSubmit={save} noValidate>
      <h2 id="watch-form-title">Watch</h2>
      <div class="watch-fields">
        <label>
          Platform
          <select
            name="platform"
            value={platform}
            onChange={(e) => {
              const p = (e.target as HTMLSelectElement).value as WatchPlatform
              setPlatform(p)
              if (!KINDS_ON[p].includes(kind)) setKind('hashtag')
            }}
          >
            {(Object.keys(KINDS_ON) as WatchPlatform[]).map((p) => (
              <option value={p}>{platformName(p)}</option>
            ))}
          </select>
        </label>
        <label>
          Kind
          <select name="kind" value={kind} onChange={(e) => setKind((e.target as HTMLSelectElement).value as Kind)}>
            {(Object.keys(KINDS) as Kind[]).map((k) => (
              <option value={k} disabled={!KINDS_ON[platform].includes(k)}>
                {KINDS[k]}
              </option>
            ))}
          </select>
        </label>
        <label class="watch-term">
          {kind === 'sound' ? 'Sound’s link or id' : kind === 'search' ? 'Words' : KINDS[kind]}
          <input name="term" type="text" value={term} placeholder={PLACEHOLDER[kind]} onInput={(e) => setTerm((e.target as HTMLInputElement).value)}
            aria-invalid={!!errs.term} aria-describedby={errs.term ? 'term-error' : undefined} />
          {errs.term && (
            <small id="term-error" class="field-error">
              {errs.term}
            </small>
          )}
        </label>
        <label>
          Posts a run
          <input name="results" type="number" min={10} max={200} value={results} onInput={(e) => setResults(Number((e.target as HTMLInputElement).value) || 0)}
            aria-invalid={!!errs.results} />
        </label>
        <label>
          Runs
          <select name="intervalHours" value={hours} onChange={(e) => setHours(Number((e.target as HTMLSelectElement).value))}>
            {INTERVALS.map((h) => (
              <option value={h}>{every(h)}</option>
            ))}
          </select>
        </label>
      </div>
      <label class="check">
        <input type="checkbox" checked={autoTracked} onChange={(e) => setAutoTracked((e.target as HTMLInputElement).checked)} /> Track at once the posts of
        accounts the workspace tracks
      </label>
      <label class="check">
        <input type="checkbox" checked={autoCreators} onChange={(e) => setAutoCreators((e.target as HTMLInputElement).checked)} /> Track at once the posts of
        creators’ accounts
      </label>
      {est.data && (
        <p class={est.data.fits ? 'muted small' : 'field-error'} data-testid="watch-cost" role="status">
          Costs {exact(est.data.perRun)} posts a run, {exact(est.data.perDay)} a day, of the plan’s {exact(est.data.budget.perDay)} a day
          {est.data.fits ? '.' : ': more than the whole budget.'}
        </p>
      )}
      {errs.results && <p class="field-error">{errs.results}</p>}
      <div class="actions">
        <button type="submit" class="primary" disabled={!!busy} data-testid="watch-save">
          {busy ? 'Saving…' : 'Watch'}
        </button>
      </div>
      {error && Object.keys(errs).length === 0 && <ErrorNote error={error} />}
    </form>
  )
}

function WatchRow({ w, manage, onDone }: { w: Watch; manage: boolean; onDone: () => void }) {
  const { busy, error, run } = useAction<'pause' | 'delete'>()
  const act = (key: 'pause' | 'delete') =>
    run(
      async () => {
        if (key === 'delete') await del(`/watches/${w.id}`)
        else await patch(`/watches/${w.id}`, { status: w.status === 'active' ? 'paused' : 'active' })
        onDone()
      },
      { key },
    )
  return (
    <tr data-testid="watch" data-id={w.id}>
      <td class="card-title">
        <PlatformBadge platform={w.platform} /> <a href={`/watches/${w.id}`}>{what(w)}</a>
        <div class="muted small">{KINDS[w.kind]}</div>
      </td>
      <td data-label="Reads">
        {exact(w.results)} posts {every(w.intervalHours)}
        <div class="muted small">{exact(w.perDay)} a day</div>
      </td>
      <td data-label="Runs">
        {w.status === 'paused' ? 'Paused' : w.lastRunAt ? `Last ${when(w.lastRunAt)}` : 'Not run yet'}
        {w.status === 'active' && w.nextRunAt && <div class="muted small">Next {when(w.nextRunAt)}</div>}
        {w.lastError && <div class="field-error small">{w.lastError}</div>}
      </td>
      <td data-label="Found">
        {exact(w.found)}
        {w.inbox > 0 && (
          <div>
            <a href={`/watches?watchId=${w.id}`}>{exact(w.inbox)} in the inbox</a>
          </div>
        )}
      </td>
      <td>
        {manage && (
          <div class="batch-actions">
            <button type="button" disabled={!!busy} onClick={() => act('pause')}>
              {w.status === 'active' ? 'Pause' : 'Resume'}
            </button>
            <button type="button" disabled={!!busy} onClick={() => act('delete')}>
              {busy === 'delete' ? 'Deleting…' : 'Delete'}
            </button>
          </div>
        )}
        <ErrorNote error={error} />
      </td>
    </tr>
  )
}

// Review is the bar of bulk actions over the selected posts.
function Review({ status, selected, onDone }: { status: CaptureStatus; selected: Capture[]; onDone: () => void }) {
  const [collection, setCollection] = useState('')
  const collections = useApi((s) => get<CollectionList>('/collections', undefined, s), 'collections')
  const { busy, error, run } = useAction<'track' | 'dismiss' | 'restore'>()
  const [note, setNote] = useState('')
  const act = (action: 'track' | 'dismiss' | 'restore') =>
    run(
      async () => {
        const r = await post<{ results: { id: string; error: string }[] }>('/captures/review', {
          action,
          ids: selected.map((c) => c.id),
          ...(action === 'track' && collection ? { collectionId: collection } : {}),
        })
        const refused = r.results.filter((x) => x.error)
        setNote(refused.length ? `${refused.length} not tracked: ${refused[0].error}` : '')
        onDone()
      },
      { key: action },
    )
  return (
    <div class="inbox-actions" role="group" aria-label="Decide the selected posts">
      <span class="muted small">{selected.length} selected</span>
      {status !== 'tracked' && (
        <>
          <label class="sr-only" for="capture-collection">
            Collection
          </label>
          <select id="capture-collection" value={collection} onChange={(e) => setCollection((e.target as HTMLSelectElement).value)}>
            <option value="">No collection</option>
            {collections.data?.collections.map((c) => (
              <option value={c.id}>{c.name}</option>
            ))}
          </select>
          <button type="button" class="primary" disabled={!!busy} onClick={() => act('track')} data-testid="capture-track">
            {busy === 'track' ? 'Tracking…' : `Track ${selected.length}`}
          </button>
        </>
      )}
      {status === 'new' && (
        <button type="button" disabled={!!busy} onClick={() => act('dismiss')} data-testid="capture-dismiss">
          {busy === 'dismiss' ? 'Dismissing…' : `Dismiss ${selected.length}`}
        </button>
      )}
      {status === 'dismissed' && (
        <button type="button" disabled={!!busy} onClick={() => act('restore')}>
          {busy === 'restore' ? 'Restoring…' : `Restore ${selected.length}`}
        </button>
      )}
      {note && <span class="notice">{note}</span>}
      <ErrorNote error={error} />
    </div>
  )
}

function Inbox({ query, watches }: { query: URLSearchParams; watches: Watch[] }) {
  const status = (query.get('status') ?? 'new') as CaptureStatus
  const watchId = query.get('watchId') ?? ''
  const offset = Number(query.get('offset') ?? 0) || 0
  const qs = new URLSearchParams({ status, limit: String(LIMIT), offset: String(offset) })
  if (watchId) qs.set('watchId', watchId)
  const r = useApi((s) => get<Captures>(`/captures?${qs}`, undefined, s), `captures-${qs}`)
  const sel = useSelection(`captures-${qs}`)
  const reload = () => {
    sel.clear()
    r.reload()
  }
  return (
    <section class="watches-inbox" aria-labelledby="inbox-title">
      <h2 id="inbox-title">Inbox</h2>
      <div class="portal-filter">
        <label for="capture-status">Status</label>
        <select id="capture-status" value={status} onChange={(e) => { sel.clear(); setQuery({ status: (e.target as HTMLSelectElement).value, offset: null }) }}>
          {(['new', 'tracked', 'dismissed'] as CaptureStatus[]).map((s) => (
            <option value={s}>
              {STATUS_TEXT[s]}
              {r.data ? ` (${r.data.counts[s]})` : ''}
            </option>
          ))}
        </select>
        <label for="capture-watch">Watch</label>
        <select id="capture-watch" value={watchId} onChange={(e) => { sel.clear(); setQuery({ watchId: (e.target as HTMLSelectElement).value || null, offset: null }) }}>
          <option value="">Every watch</option>
          {watches.map((w) => (
            <option value={w.id}>
              {platformName(w.platform)} {what(w)}
            </option>
          ))}
        </select>
        <a class="button" href={withQuery('/api/captures/export', { status, watchId: watchId || undefined, bom: 'true' })} download data-testid="export-captures">
          Export CSV
        </a>
      </div>
      <Show r={r}>
        {(d) => {
          const selected = d.captures.filter((c) => sel.ids.has(c.id))
          return d.captures.length === 0 ? (
            <Empty title="No posts">{status === 'new' ? 'The watches have found nothing new yet: they run on their schedule.' : 'No post has this status.'}</Empty>
          ) : (
            <>
              {selected.length > 0 && <Review status={status} selected={selected} onDone={reload} />}
              <div class="table-wrap phone-cards">
                <table class="inbox-table phone-cards" data-testid="captures">
                  <TableHead cols={[{ label: 'Select', hidden: true }, { label: 'Post' }, { label: 'Why' }, { label: 'Views' }, { label: 'Found' }]} />
                  <tbody>
                    {d.captures.map((c) => (
                      <tr data-testid="capture" data-id={c.id} data-status={c.status}>
                        <td class="card-pick">
                          {c.status !== 'tracked' && (
                            <input type="checkbox" aria-label={`Select ${c.url}`} checked={sel.ids.has(c.id)} onChange={() => sel.toggle(c.id)} />
                          )}
                        </td>
                        <td class="inbox-post card-title">
                          <PlatformBadge platform={c.platform} />{' '}
                          <a href={c.url} rel="noopener noreferrer" target="_blank">
                            {c.caption || c.url}
                          </a>
                          <div class="muted small">
                            @{c.authorHandle}
                            {c.publishedAt && ` · posted ${day(c.publishedAt)}`}
                            {c.soundName && ` · ♪ ${c.soundName}`}
                          </div>
                          {c.videoId && (
                            <div class="small">
                              <a href={`/videos/${c.videoId}`}>Tracked{c.auto ? ' by a rule' : ''}</a>
                            </div>
                          )}
                        </td>
                        <td class="card-wide" data-label="Why" data-testid="capture-why">
                          {c.matches.map((m) => (
                            <div class="small">{m.reason}</div>
                          ))}
                        </td>
                        <td class="num" data-label="Views">
                          {c.views == null ? '—' : exact(c.views)}
                        </td>
                        <td data-label="Found">{day(c.firstSeenAt)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager total={d.total} limit={LIMIT} offset={offset} onPage={(o) => setQuery({ offset: o ? String(o) : null })} />
            </>
          )
        }}
      </Show>
      <Updating r={r} />
    </section>
  )
}

export default function Watches({ query }: { query: URLSearchParams }) {
  const manage = canManage(useWorkspace())
  const r = useApi((s) => get<WatchList>('/watches', undefined, s), 'watches')
  return (
    <>
      <PageHeader title="Watches" />
      <p class="muted intro">
        A watch finds posts nobody pasted: a hashtag, a mention, a sound or a search on TikTok, Instagram, YouTube or X. What it finds waits in the
        inbox below with why it matched, to track or dismiss; a dismissed post never comes back. Open a watch for its tracker.
      </p>
      {manage && <WatchForm onDone={r.reload} />}
      <Show r={r}>
        {(d) => (
          <>
            <BudgetLine b={d.budget} />
            {d.watches.length === 0 ? (
              <Empty title="No watches">{manage ? 'Add a hashtag, a mention, a sound or a search above.' : 'Owners and admins add watches.'}</Empty>
            ) : (
              <div class="table-wrap phone-cards">
                <table class="phone-cards" data-testid="watches">
                  <TableHead cols={['Watch', 'Reads', 'Runs', 'Found', { label: 'Actions', hidden: true }]} />
                  <tbody>
                    {d.watches.map((w) => (
                      <WatchRow w={w} manage={manage} onDone={r.reload} />
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Inbox query={query} watches={d.watches} />
          </>
        )}
      </Show>
      <Updating r={r} />
    </>
  )
}
