// Videos: every tracked video with its latest numbers, filtered, sorted
// and paged by the server (only one page of rows is ever in the page), all
// of it kept in the address.
import { get, withQuery } from '../api'
import { FilterBar, filterQuery, readFilters } from '../filters'
import { DASH, day, exact, num, pct, platformName, signed, when } from '../format'
import { setQuery } from '../router'
import type { Video, VideoList } from '../types'
import { Empty, ErrorBox, Freshness, PageHeader, Pager, PlatformBadge, Spinner, StatusBadge, Thumb, useApi } from '../ui'
import './videos.css'

const LIMIT = 50

const SORTS = ['views', 'likes', 'comments', 'shares', 'engagement', 'gained24h', 'published', 'added'] as const
type Sort = (typeof SORTS)[number]
const SORT_NAMES: Record<Sort, string> = {
  views: 'Most views',
  likes: 'Most likes',
  comments: 'Most comments',
  shares: 'Most shares',
  engagement: 'Highest engagement',
  gained24h: 'Most views gained in 24 h',
  published: 'Newest published',
  added: 'Most recently tracked',
}

function flag(q: URLSearchParams, k: string): boolean {
  const v = q.get(k)
  return v === 'true' || v === '1'
}

// readVideoQuery is the list's state as the address holds it.
function readVideoQuery(q: URLSearchParams) {
  const f = readFilters(q, 'all')
  const s = q.get('sort') as Sort | null
  const sort: Sort = s && SORTS.includes(s) ? s : 'views'
  const o = Number.parseInt(q.get('offset') ?? '', 10)
  const offset = Number.isFinite(o) && o > 0 ? Math.min(o, 1_000_000) : 0
  return { f, sort, offset, individualOnly: flag(q, 'individualOnly'), platformShopOnly: flag(q, 'platformShopOnly') }
}

function Count({ v, testid }: { v: number | null | undefined; testid?: string }) {
  return (
    <td class="num" data-testid={testid} data-value={v ?? ''} title={v === null || v === undefined ? 'Not recorded' : exact(v)}>
      {num(v)}
    </td>
  )
}

function Gain({ v }: { v: number | null | undefined }) {
  return (
    <td class="num" data-value={v ?? ''} title={v === null || v === undefined ? undefined : exact(v)}>
      <span class={v ? (v > 0 ? 'up' : 'down') : ''}>{signed(v)}</span>
    </td>
  )
}

function SortTh({ label, sort, current }: { label: string; sort: Sort; current: Sort }) {
  const on = sort === current
  return (
    <th class="num" scope="col" aria-sort={on ? 'descending' : undefined}>
      <button
        type="button"
        class="sort"
        onClick={() => setQuery({ sort: sort === 'views' ? null : sort, offset: null })}
        title={on ? `Sorted: ${SORT_NAMES[sort].toLowerCase()}` : `Sort: ${SORT_NAMES[sort].toLowerCase()}`}
      >
        {label}
        <span aria-hidden="true">{on ? ' ▼' : ''}</span>
      </button>
    </th>
  )
}

function Row({ v }: { v: Video }) {
  const title = v.caption?.trim() || `${platformName(v.platform)} video ${v.platformVideoId}`
  return (
    <tr data-testid="row" data-id={v.id}>
      <td>
        <div class="video-cell">
          <Thumb src={v.thumbnailUrl} alt="" />
          <div class="video-text">
            <a href={`/videos/${v.id}`} class="caption">
              {title}
            </a>
            <a class="ext" href={v.url} target="_blank" rel="noopener noreferrer" aria-label={`Open on ${platformName(v.platform)} (opens in a new tab)`}>
              Open on {platformName(v.platform)} ↗
            </a>
          </div>
        </div>
      </td>
      <td>
        {v.accountHandle ? (
          v.accountId ? (
            <a href={`/accounts/${v.accountId}`}>@{v.accountHandle}</a>
          ) : (
            <span>@{v.accountHandle}</span>
          )
        ) : (
          <span class="muted">{DASH}</span>
        )}
      </td>
      <td>
        <PlatformBadge platform={v.platform} />
        {v.isShop && <span class="badge vt-shop">Shop</span>}
      </td>
      <td>
        <StatusBadge status={v.status} reason={v.statusReason} />
      </td>
      <Count v={v.metrics.views} testid="views" />
      <Count v={v.metrics.likes} testid="likes" />
      <Count v={v.metrics.comments} testid="comments" />
      <Count v={v.metrics.shares} testid="shares" />
      <Count v={v.metrics.saves} testid="saves" />
      <td class="num" data-testid="engagement" data-value={v.engagementRate ?? ''}>
        {pct(v.engagementRate)}
      </td>
      <Gain v={v.viewsGained24h} />
      <Gain v={v.viewsGained7d} />
      <td class="nowrap">{v.publishedAt ? <time dateTime={v.publishedAt} title={when(v.publishedAt)}>{day(v.publishedAt)}</time> : <span class="muted">{DASH}</span>}</td>
      <td class="nowrap">
        <Freshness at={v.lastScrapedAt} status={v.status} />
      </td>
    </tr>
  )
}

export default function Videos({ query }: { query: URLSearchParams }) {
  const st = readVideoQuery(query)
  const fq = {
    ...filterQuery(st.f),
    individualOnly: st.individualOnly ? 'true' : undefined,
    platformShopOnly: st.platformShopOnly ? 'true' : undefined,
  }
  const q = { ...fq, sort: st.sort, limit: LIMIT, offset: st.offset || undefined }
  const r = useApi((s) => get<VideoList>('/videos', q, s), JSON.stringify(q))
  const filtered = st.f.datePreset !== 'all' || st.f.platforms.length > 0 || !!st.f.collectionId || st.individualOnly || st.platformShopOnly
  const exportHref = withQuery('/export', { ...fq, datePreset: st.f.datePreset === 'all' ? undefined : st.f.datePreset })
  const list = r.data

  return (
    <>
      <PageHeader title="Videos">
        <a class="vt-btn" href={exportHref}>
          Export these videos
        </a>
        <a class="vt-btn primary" href="/track">
          Track videos
        </a>
      </PageHeader>
      <FilterBar f={st.f} presetLabel="Published in" />
      <div class="filters vt-controls">
        <label class="check">
          <input type="checkbox" checked={st.individualOnly} onChange={(e) => setQuery({ individualOnly: (e.target as HTMLInputElement).checked ? 'true' : null, offset: null })} />
          Only videos tracked by their own link
        </label>
        <label class="check">
          <input type="checkbox" checked={st.platformShopOnly} onChange={(e) => setQuery({ platformShopOnly: (e.target as HTMLInputElement).checked ? 'true' : null, offset: null })} />
          Only shop videos
        </label>
        <label class="inline">
          <span>Sort by</span>
          <select value={st.sort} onChange={(e) => {
            const v = (e.target as HTMLSelectElement).value
            setQuery({ sort: v === 'views' ? null : v, offset: null })
          }}>
            {SORTS.map((s) => (
              <option value={s}>{SORT_NAMES[s]}</option>
            ))}
          </select>
        </label>
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
                Try another period, platform or collection, or{' '}
                <a href="/videos">
                  show all videos
                </a>
                . New videos are added on the <a href="/track">Track</a> page.
              </Empty>
            ) : (
              <Empty title="No videos tracked yet">
                Paste a TikTok, Instagram, YouTube or X link on the <a href="/track">Track</a> page, or track an account to follow all its new videos.
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
            <div class={`table-wrap${r.loading ? ' stale' : ''}`} aria-busy={r.loading}>
              <table class="vt-table" data-testid="videos-table" aria-label="Tracked videos">
                <thead>
                  <tr>
                    <th scope="col">Video</th>
                    <th scope="col">Account</th>
                    <th scope="col">Platform</th>
                    <th scope="col">Status</th>
                    <SortTh label="Views" sort="views" current={st.sort} />
                    <SortTh label="Likes" sort="likes" current={st.sort} />
                    <SortTh label="Comments" sort="comments" current={st.sort} />
                    <SortTh label="Shares" sort="shares" current={st.sort} />
                    <th class="num" scope="col">
                      Saves
                    </th>
                    <SortTh label="Engagement" sort="engagement" current={st.sort} />
                    <SortTh label="Gained 24 h" sort="gained24h" current={st.sort} />
                    <th class="num" scope="col">
                      Gained 7 d
                    </th>
                    <th scope="col" aria-sort={st.sort === 'published' ? 'descending' : undefined}>
                      <button type="button" class="sort" onClick={() => setQuery({ sort: 'published', offset: null })}>
                        Published<span aria-hidden="true">{st.sort === 'published' ? ' ▼' : ''}</span>
                      </button>
                    </th>
                    <th scope="col">Last scraped</th>
                  </tr>
                </thead>
                <tbody>
                  {list.videos.map((v) => (
                    <Row key={v.id} v={v} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager total={list.total} limit={LIMIT} offset={st.offset} onPage={(o) => setQuery({ offset: o || null }, false)} />
        </>
      )}
    </>
  )
}
