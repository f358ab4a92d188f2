// Videos: every tracked video with its latest numbers, filtered, sorted
// and paged by the server (only one page of rows is ever in the page), all
// of it kept in the address.
import { get, withQuery } from '../api'
import { FilterBar, VideoOptions, filterQuery, flag, readFilters } from '../filters'
import type { ComponentChild } from 'preact'
import { useState } from 'preact/hooks'
import { Engagement } from '../engagement'
import { DASH, day, exact, num, platformName, signed } from '../format'
import { ForecastCell, OutlierCell } from '../insight'
import { KeptBadge, KindBadge, KindSelect, readKind } from '../post-kind'
import { setQuery } from '../router'
import { isClient, useWorkspace } from '../session'
import { Sparkline } from '../sparkline'
import { allOf, type Video, type VideoList, type VideoStatus } from '../types'
import { Empty, ErrorBox, Freshness, PageHeader, Pager, PlatformBadge, Spinner, StatusBadge, Thumb, Time, statusLabel, useApi } from '../ui'
import { SelectCell, SelectTable, useSelection, type ListSelection } from './organise'
import './videos.css'

const LIMIT = 50

const SORTS = ['views', 'likes', 'comments', 'shares', 'saves', 'engagement', 'gained24h', 'gained7d', 'outlier', 'forecast7d', 'published', 'added'] as const
type Sort = (typeof SORTS)[number]
const SORT_NAMES: Record<Sort, string> = {
  views: 'Most views',
  likes: 'Most likes',
  comments: 'Most comments',
  shares: 'Most shares',
  saves: 'Most saves',
  engagement: 'Highest engagement',
  gained24h: 'Most views gained in 24 h',
  gained7d: 'Most views gained in 7 days',
  outlier: 'Biggest outlier at the same age',
  forecast7d: 'Most views forecast in the next 7 days',
  published: 'Newest published',
  added: 'Most recently tracked',
}

// The statuses the list can keep; without one it lists the videos that
// count (all but those beyond their account's limit).
const STATUSES = allOf<VideoStatus>()(['active', 'pending', 'error', 'paused', 'beyond_limit'])

// readVideoQuery is the list's state as the address holds it.
function readVideoQuery(q: URLSearchParams) {
  const f = readFilters(q, 'all')
  const s = q.get('sort') as Sort | null
  const sort: Sort = s && SORTS.includes(s) ? s : 'views'
  const o = Number.parseInt(q.get('offset') ?? '', 10)
  const offset = Number.isFinite(o) && o > 0 ? Math.min(o, 1_000_000) : 0
  const st = q.get('status') as VideoStatus | null
  const status = st && STATUSES.includes(st) ? st : null
  return { f, sort, offset, status, kind: readKind(q), individualOnly: flag(q, 'individualOnly'), platformShopOnly: flag(q, 'platformShopOnly') }
}

// The table's columns after the video itself. Each can be hidden (the
// choice is kept in this browser), so that the table fits the window; at
// phone width every row is a card of the shown columns.
interface Column {
  key: string
  label: string
  title?: string
  sort?: Sort
  num?: boolean
  cell: (v: Video) => ComponentChild
  // the number the cell shows, exact, for its data-value
  value?: (v: Video) => number | null | undefined
  // shown unless the viewer hides it
  shown: boolean
}

function Count({ v }: { v: number | null | undefined }) {
  return (
    <span title={v === null || v === undefined ? 'Not recorded' : exact(v)}>
      {num(v)}
    </span>
  )
}

function Gain({ v }: { v: number | null | undefined }) {
  return (
    <span title={v === null || v === undefined ? undefined : exact(v)} class={v ? (v > 0 ? 'up' : 'down') : ''}>
      {signed(v)}
    </span>
  )
}

const COLUMNS: Column[] = [
  { key: 'views', label: 'Views', sort: 'views', num: true, shown: true, value: (v) => v.metrics.views, cell: (v) => <Count v={v.metrics.views} /> },
  { key: 'likes', label: 'Likes', sort: 'likes', num: true, shown: true, value: (v) => v.metrics.likes, cell: (v) => <Count v={v.metrics.likes} /> },
  { key: 'comments', label: 'Comments', sort: 'comments', num: true, shown: true, value: (v) => v.metrics.comments, cell: (v) => <Count v={v.metrics.comments} /> },
  { key: 'shares', label: 'Shares', sort: 'shares', num: true, shown: false, value: (v) => v.metrics.shares, cell: (v) => <Count v={v.metrics.shares} /> },
  { key: 'saves', label: 'Saves', sort: 'saves', num: true, shown: false, value: (v) => v.metrics.saves, cell: (v) => <Count v={v.metrics.saves} /> },
  {
    key: 'engagement',
    label: 'Engagement',
    title: '(likes + comments + shares + saves) / views',
    sort: 'engagement',
    num: true,
    shown: true,
    value: (v) => v.engagementRate,
    cell: (v) => <Engagement v={v} />,
  },
  { key: 'gained24h', label: 'Gained 24 h', title: 'Views gained in the last 24 hours; a video tracked since counts from its first scrape', sort: 'gained24h', num: true, shown: true, value: (v) => v.viewsGained24h, cell: (v) => <Gain v={v.viewsGained24h} /> },
  { key: 'gained7d', label: 'Gained 7 d', title: 'Views gained in the last 7 days; a video tracked since counts from its first scrape', sort: 'gained7d', num: true, shown: true, value: (v) => v.viewsGained7d, cell: (v) => <Gain v={v.viewsGained7d} /> },
  {
    key: 'outlier',
    label: 'Outlier',
    title: "Views at the same age as a multiple of the median of the account's earlier videos, and the percentile among them (p97: more than 97 % of them)",
    sort: 'outlier',
    shown: true,
    value: (v) => (v.outlier?.state === 'scored' ? v.outlier.multiplier : null),
    cell: (v) => <OutlierCell o={v.outlier} published={v.publishedAt} />,
  },
  {
    key: 'forecast7d',
    label: 'Next 7 d',
    title: 'Views the video is forecast to gain in the next 7 days (the 80 % band in its tooltip)',
    sort: 'forecast7d',
    num: true,
    shown: true,
    value: (v) => (v.forecast?.state === 'forecast' ? v.forecast.gain7d : null),
    cell: (v) => <ForecastCell f={v.forecast} />,
  },
  { key: 'trend', label: 'Last 7 days', title: 'Views gained per day over the last 7 days (UTC days; today, dashed, is not over yet)', shown: true, cell: (v) => <Sparkline values={v.views7d} /> },
  {
    key: 'published',
    label: 'Published',
    sort: 'published',
    shown: false,
    cell: (v) =>
      v.publishedAt ? (
        <Time at={v.publishedAt} show={day} />
      ) : (
        <span class="muted" title="Publish time unknown">
          {DASH}
        </span>
      ),
  },
  { key: 'scraped', label: 'Last scraped', shown: false, cell: (v) => <Freshness at={v.lastScrapedAt} status={v.status} /> },
]

const COLUMNS_KEY = 'reeltrack.videos.columns'

// useColumns is the set of shown columns, kept in this browser.
function useColumns(): [Set<string>, (key: string, on: boolean) => void] {
  const [shown, setShown] = useState<Set<string>>(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(COLUMNS_KEY) ?? 'null')
      if (Array.isArray(saved)) return new Set(saved.filter((k) => COLUMNS.some((c) => c.key === k)))
    } catch {
      // a broken or unavailable store falls back to the defaults
    }
    return new Set(COLUMNS.filter((c) => c.shown).map((c) => c.key))
  })
  const set = (key: string, on: boolean) => {
    const next = new Set(shown)
    if (on) next.add(key)
    else next.delete(key)
    setShown(next)
    try {
      localStorage.setItem(COLUMNS_KEY, JSON.stringify(COLUMNS.filter((c) => next.has(c.key)).map((c) => c.key)))
    } catch {
      // not kept: the choice lasts for this page
    }
  }
  return [shown, set]
}

function ColumnPicker({ shown, set }: { shown: Set<string>; set: (key: string, on: boolean) => void }) {
  return (
    <details class="vt-columns">
      <summary>Columns</summary>
      <fieldset>
        <legend class="sr-only">Columns to show</legend>
        {COLUMNS.map((c) => (
          <label class="check">
            <input type="checkbox" name={`column-${c.key}`} checked={shown.has(c.key)} onChange={(e) => set(c.key, (e.target as HTMLInputElement).checked)} />
            {c.label}
          </label>
        ))}
      </fieldset>
    </details>
  )
}

function Head({ c, current }: { c: Column; current: Sort }) {
  const cls = c.num ? 'num' : undefined
  if (!c.sort)
    return (
      <th class={cls} scope="col" title={c.title}>
        {c.label}
      </th>
    )
  const sort = c.sort
  const on = sort === current
  return (
    <th class={cls} scope="col" aria-sort={on ? 'descending' : undefined} title={c.title}>
      <button
        type="button"
        class="sort"
        onClick={() => setQuery({ sort: sort === 'views' ? null : sort, offset: null })}
        title={on ? `Sorted: ${SORT_NAMES[sort].toLowerCase()}` : `Sort: ${SORT_NAMES[sort].toLowerCase()}`}
      >
        {c.label}
        <span aria-hidden="true">{on ? ' ▼' : ''}</span>
      </button>
    </th>
  )
}

function Row({ v, columns, sel }: { v: Video; columns: Column[]; sel: ListSelection }) {
  const title = v.caption?.trim() || `${platformName(v.platform)} video ${v.platformVideoId}`
  return (
    <tr data-testid="row" data-id={v.id}>
      <SelectCell sel={sel} id={v.id} cls="vt-select" label={`Select ${title}`} />
      <td class="vt-video">
        <div class="video-cell">
          <Thumb src={v.thumbnailUrl} alt="" />
          <div class="video-text">
            <a href={`/videos/${v.id}`} class="caption" title={title}>
              {title}
            </a>
            <div class="vt-meta">
              {v.postKind !== 'own' && v.accountId ? (
                // the handle is the post's author's: the link goes to the
                // tracked account whose feed listed it
                <>
                  {v.accountHandle && v.accountHandle !== v.relatedHandle && <span>@{v.accountHandle}</span>}
                  <a href={`/accounts/${v.accountId}`} data-testid="account" title="The tracked account whose feed listed it">
                    via its account
                  </a>
                </>
              ) : v.accountHandle ? (
                v.accountId ? (
                  <a href={`/accounts/${v.accountId}`} data-testid="account">
                    @{v.accountHandle}
                  </a>
                ) : (
                  <span data-testid="account">@{v.accountHandle}</span>
                )
              ) : null}
              <PlatformBadge platform={v.platform} />
              <KindBadge kind={v.postKind} handle={v.relatedHandle} />
              {v.isShop && <span class="badge vt-shop">Shop</span>}
              {v.status !== 'active' && <StatusBadge status={v.status} reason={v.statusReason} />}
              <KeptBadge until={v.keptUntil} />
              <a class="ext" href={v.url} target="_blank" rel="noopener noreferrer" aria-label={`Open on ${platformName(v.platform)} (opens in a new tab)`}>
                Open ↗
              </a>
            </div>
          </div>
        </div>
      </td>
      {columns.map((c) => (
        <td class={c.num ? 'num' : c.key === 'trend' ? 'vt-trend' : 'nowrap'} data-testid={c.key} data-label={c.label} data-value={c.value ? (c.value(v) ?? '') : undefined}>
          {c.cell(v)}
        </td>
      ))}
    </tr>
  )
}

export default function Videos({ query }: { query: URLSearchParams }) {
  const st = readVideoQuery(query)
  const fq = {
    ...filterQuery(st.f),
    individualOnly: st.individualOnly ? 'true' : undefined,
    platformShopOnly: st.platformShopOnly ? 'true' : undefined,
    status: st.status ?? undefined,
    kind: st.kind ?? undefined,
  }
  const q = { ...fq, sort: st.sort, limit: LIMIT, offset: st.offset || undefined }
  const r = useApi((s) => get<VideoList>('/videos', q, s), JSON.stringify(q))
  const filtered = st.f.datePreset !== 'all' || st.f.platforms.length > 0 || !!st.f.collectionId || st.individualOnly || st.platformShopOnly || !!st.status || !!st.kind
  // the rows a bulk action on "all matching" selects: the list's filter
  const matching: Record<string, string> = {}
  for (const [k, v] of Object.entries(fq)) if (typeof v === 'string' && k !== 'from' && k !== 'to') matching[k] = v
  const sel = useSelection(JSON.stringify(matching))
  const exportHref = withQuery('/export', { ...fq, datePreset: st.f.datePreset === 'all' ? undefined : st.f.datePreset })
  const list = r.data
  const [shown, setShown] = useColumns()
  const columns = COLUMNS.filter((c) => shown.has(c.key))
  // on a phone the filters fold behind a button, so the first screen shows
  // videos; how many are on says whether the list is narrowed
  const [filtersOpen, setFiltersOpen] = useState(false)
  // a client viewer reads: it tracks nothing
  const client = isClient(useWorkspace())
  const active = [st.f.datePreset !== 'all', st.f.platforms.length > 0, !!st.f.collectionId, st.individualOnly, st.platformShopOnly, !!st.status, !!st.kind].filter(Boolean).length

  return (
    <>
      <PageHeader title="Videos">
        <a class="vt-btn" href={exportHref}>
          Export these videos
        </a>
        {!client && (
          <a class="vt-btn primary" href="/track">
            Track videos
          </a>
        )}
      </PageHeader>
      <button
        type="button"
        class="vt-filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls="video-filters"
        onClick={() => setFiltersOpen(!filtersOpen)}
        data-testid="filters-toggle"
      >
        Filters and sort{active ? ` · ${active} ${active === 1 ? 'filter' : 'filters'} on` : ''}
      </button>
      <div id="video-filters" class={`vt-filters${filtersOpen ? ' open' : ''}`}>
      <FilterBar f={st.f} presetLabel="Filter by publish date" presetNote="shows the videos published in the chosen period" />
      <div class="filters vt-controls">
        <VideoOptions individualOnly={st.individualOnly} platformShopOnly={st.platformShopOnly} />
        <label class="inline">
          <span>Status</span>
          <select
            name="status"
            value={st.status ?? ''}
            onChange={(e) => setQuery({ status: (e.target as HTMLSelectElement).value || null, offset: null })}
          >
            <option value="">Tracked and counted</option>
            {STATUSES.map((s) => (
              <option value={s}>{statusLabel(s)}</option>
            ))}
          </select>
        </label>
        <KindSelect value={st.kind} />
        <label class="inline">
          <span>Sort by</span>
          <select name="sort" value={st.sort} onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value
            setQuery({ sort: v === 'views' ? null : v, offset: null })
          }}>
            {SORTS.map((s) => (
              <option value={s}>{SORT_NAMES[s]}</option>
            ))}
          </select>
        </label>
        <ColumnPicker shown={shown} set={setShown} />
      </div>
      </div>

      {r.error && <ErrorBox error={r.error} retry={r.reload} />}
      {!list && !r.error && <Spinner />}
      {list && (
        <>
          <p class="vt-summary" aria-live="polite">
            <strong data-testid="videos-total" data-value={list.total}>
              {exact(list.total)} {list.total === 1 ? 'video' : 'videos'}
            </strong>
            {list.total > 0 && list.videos.length > 0 && (
              <span class="muted">
                {' '}
                · showing {exact(list.offset + 1)}–{exact(list.offset + list.videos.length)} · {SORT_NAMES[st.sort].toLowerCase()} first
              </span>
            )}
            {r.loading && <span class="muted"> · updating…</span>}
          </p>
          {list.total === 0 ? (
            filtered ? (
              <Empty title="No videos match these filters">
                Try another period, platform, collection, status or kind, or{' '}
                <a href="/videos">
                  show all videos
                </a>
                .{!client && (
                  <>
                    {' '}
                    New videos are added on the <a href="/track">Track</a> page.
                  </>
                )}
              </Empty>
            ) : (
              <Empty title="No videos tracked yet">
                {client ? (
                  'The workspace’s team has not tracked a video you can see yet.'
                ) : (
                  <>
                    Paste a TikTok, Instagram, YouTube or X link on the <a href="/track">Track</a> page, or track an account to follow all its new videos.
                  </>
                )}
              </Empty>
            )
          ) : list.videos.length === 0 ? (
            <Empty title="This page is empty">
              There are only {exact(list.total)} {list.total === 1 ? 'video' : 'videos'} here.{' '}
              <button type="button" class="link" onClick={() => setQuery({ offset: Math.floor((list.total - 1) / LIMIT) * LIMIT || null })}>
                Go to the last page
              </button>{' '}
              or{' '}
              <button type="button" class="link" onClick={() => setQuery({ offset: null })}>
                the first
              </button>
              .
            </Empty>
          ) : (
            <div class={`vt-list${r.loading ? ' stale' : ''}`} aria-busy={r.loading}>
              <SelectTable
                sel={sel}
                kind="video"
                total={list.total}
                ids={list.videos.map((v) => v.id)}
                matching={matching}
                onDone={r.reload}
                cls="vt-select"
                label="Select the videos of this page"
                class="vt-table"
                data-testid="videos-table"
                aria-label="Tracked videos"
                head={
                  <>
                    <th scope="col">Video</th>
                    {columns.map((c) => (
                      <Head c={c} current={st.sort} />
                    ))}
                  </>
                }
              >
                {list.videos.map((v) => (
                  <Row key={v.id} v={v} columns={columns} sel={sel} />
                ))}
              </SelectTable>
            </div>
          )}
          <Pager total={list.total} limit={LIMIT} offset={st.offset} onPage={(o) => setQuery({ offset: o || null }, false)} />
        </>
      )}
    </>
  )
}
