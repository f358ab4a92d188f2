// Accounts: every tracked account with its followers and the figures of the
// videos found through it; pause, resume, remove, and how many of its newest
// videos are tracked. Filters and sort live in the address.
import { get } from '../api'
import { FilterBar, readFilters } from '../filters'
import { exact, num, pct, signed } from '../format'
import { setQuery } from '../router'
import { isClient, useWorkspace } from '../session'
import { Sparkline } from '../sparkline'
import type { Account, AccountList } from '../types'
import { Empty, Freshness, PageHeader, PlatformBadge, Show, Stale, StatusBadge, Updating, useApi } from '../ui'
import { AccountActions, Avatar, Num, accountName, gainClass, notOwnText } from './account-actions'
import { SelectCell, SelectTable, useSelection, type ListSelection } from './organise'

const SORTS: [string, string][] = [
  ['followers', 'Followers'],
  ['followersGained7d', 'Followers gained (7 d)'],
  ['views', 'Total views'],
  ['gained7d', 'Views gained (7 d)'],
  ['saves', 'Saves'],
  ['engagement', 'Engagement'],
  ['videos', 'Tracked videos'],
  ['added', 'Recently added'],
]

function SortHead({ label, sort, current, title }: { label: string; sort?: string; current: string; title?: string }) {
  if (!sort)
    return (
      <th class="num" scope="col" title={title}>
        {label}
      </th>
    )
  const on = current === sort
  return (
    <th class="num" scope="col" aria-sort={on ? 'descending' : undefined} title={title}>
      <button type="button" class="sort" onClick={() => setQuery({ sort: sort === 'followers' ? null : sort })} aria-label={`Sort by ${label}, highest first`}>
        {label}
        {on ? ' ↓' : ''}
      </button>
    </th>
  )
}

function Row({ a, reload, sel }: { a: Account; reload: () => void; sel: ListSelection }) {
  const name = accountName(a)
  const client = isClient(useWorkspace())
  return (
    <tr data-testid="row" data-id={a.id}>
      <SelectCell sel={sel} id={a.id} cls="acc-select" label={`Select ${name}`} />
      <td>
        <div class="who">
          <Avatar a={a} />
          <div>
            <a href={`/accounts/${a.id}`}>{name}</a>
            <div class="muted">{a.displayName || 'name after the first scrape'}</div>
            <PlatformBadge platform={a.platform} />
          </div>
        </div>
      </td>
      <td>
        <StatusBadge status={a.status} reason={a.statusReason} />
        {a.statusReason && a.status !== 'error' && <div class="muted small">{a.statusReason}</div>}
        <div class="small" data-testid="last-scraped">
          <Freshness at={a.lastScrapedAt} status={a.status} />
        </div>
      </td>
      <Num v={a.followers} testid="followers" />
      <Num v={a.followersGained7d} testid="followers-gained-7d" fmt={signed} cls={gainClass(a.followersGained7d)} />
      <td
        class="num"
        data-testid="tracked-videos"
        data-value={a.trackedVideos}
        title={`${a.trackedVideos} tracked of its newest ${a.tracking_limit}${a.videosBeyondLimit ? `; ${a.videosBeyondLimit} older beyond the limit (kept, not refreshed or counted)` : ''}${a.videosNotOwn ? `; ${notOwnText(a.videosNotOwn)}` : ''}`}
      >
        {exact(a.trackedVideos)}
        <span class="muted small"> / {a.tracking_limit}</span>
        {a.videosBeyondLimit > 0 && (
          <div class="muted small" data-testid="beyond-limit">
            +{exact(a.videosBeyondLimit)} beyond
          </div>
        )}
        {a.videosNotOwn > 0 && (
          <div class="muted small" data-testid="not-own" data-value={a.videosNotOwn}>
            +{exact(a.videosNotOwn)} not theirs<span class="sr-only"> (reposts, replies…), not counted</span>
          </div>
        )}
      </td>
      <td class="num" data-testid="total-views" data-value={a.totalViews ?? ''} title={a.totalViews === null ? 'not available' : exact(a.totalViews)}>
        {num(a.totalViews)}
        {a.totalSaves != null && (
          <div class="muted small" data-testid="total-saves" data-value={a.totalSaves} title={`${exact(a.totalSaves)} saves`}>
            {num(a.totalSaves)} saves
          </div>
        )}
      </td>
      <Num v={a.averageViews} testid="average-views" />
      <Num v={a.engagementRate} testid="engagement" fmt={pct} />
      <td class="num acc-gain" data-testid="views-gained-7d" data-value={a.viewsGained7d ?? ''} title={a.viewsGained7d === null ? 'not available' : exact(a.viewsGained7d)}>
        <span class={gainClass(a.viewsGained7d)}>{signed(a.viewsGained7d)}</span>
        {a.views7d && <Sparkline values={a.views7d} />}
      </td>
      {!client && (
        <td>
          <AccountActions a={a} onChanged={reload} />
        </td>
      )}
    </tr>
  )
}

export default function Accounts({ query }: { query: URLSearchParams }) {
  const f = readFilters(query)
  const sortParam = query.get('sort') ?? ''
  const sort = SORTS.some(([k]) => k === sortParam) ? sortParam : 'followers'
  const q = { platforms: f.platforms.join(',') || undefined, collectionId: f.collectionId || undefined, sort }
  const r = useApi((s) => get<AccountList>('/accounts', q, s), JSON.stringify(q))
  const filtered = f.platforms.length > 0 || !!f.collectionId
  // the rows a bulk action on "all matching" selects: the list's filter
  const matching: Record<string, string> = {}
  if (q.platforms) matching.platforms = q.platforms
  if (q.collectionId) matching.collectionId = q.collectionId
  const sel = useSelection(JSON.stringify(matching))
  // a client viewer reads: it tracks and changes nothing
  const client = isClient(useWorkspace())
  return (
    <>
      <PageHeader title="Accounts">
        {!client && (
          <a class="button-link" href="/track">
            Track an account
          </a>
        )}
      </PageHeader>
      <div class="toolbar">
        <FilterBar f={f} presets={false} />
        <label class="inline filters">
          <span>Sort by</span>
          <select name="sort" value={sort} onChange={(e) => setQuery({ sort: (e.target as HTMLSelectElement).value === 'followers' ? null : (e.target as HTMLSelectElement).value })}>
            {SORTS.map(([k, label]) => (
              <option value={k}>{label}</option>
            ))}
          </select>
        </label>
      </div>
      <Show r={r}>
        {(d) => {
          if (d.accounts.length === 0)
            return filtered ? (
              <Empty title="No accounts match these filters">
                Try other platforms or another collection, or{' '}
                <button type="button" class="link" onClick={() => setQuery({ platforms: null, collectionId: null })}>
                  show all accounts
                </button>
                .
              </Empty>
            ) : (
              <Empty title="No accounts tracked yet">
                {client ? (
                  'The workspace’s team has not tracked an account you can see yet.'
                ) : (
                  <>
                    Paste a TikTok, Instagram, YouTube or X profile link on the <a href="/track">Track</a> page: its newest videos are tracked and its
                    followers appear here after the first scrape.
                  </>
                )}
              </Empty>
            )
          return (
            <Stale r={r}>
              {!d.metricsAvailable && (
                <div class="notice" role="status">
                  The numbers are temporarily unavailable: the accounts are listed without their figures. Try again in a few minutes.{' '}
                  <button type="button" class="link" onClick={r.reload}>
                    Reload
                  </button>
                </div>
              )}
              <p class="muted" aria-live="polite">
                {d.total} {d.total === 1 ? 'account' : 'accounts'}. Views and engagement cover the tracked videos found through each account; gains are over the
                last 7 days.
              </p>
              <SelectTable
                sel={sel}
                kind="account"
                total={d.total}
                ids={d.accounts.map((a) => a.id)}
                matching={matching}
                onDone={r.reload}
                cls="acc-select"
                label="Select every account listed"
                class="compact"
                data-testid="accounts-table"
                aria-label="Tracked accounts"
                head={
                  <>
                    <th scope="col">Account</th>
                    <th scope="col" title="Status and last scrape">
                      Status
                    </th>
                    <SortHead label="Followers" sort="followers" current={sort} />
                    <SortHead label="Followers 7 d" sort="followersGained7d" current={sort} title="Followers gained in the last 7 days" />
                    <SortHead label="Videos" sort="videos" current={sort} title="Videos the account tracks / its tracking limit (older ones beyond it below)" />
                    <SortHead label="Total views" sort="views" current={sort} title="Latest views of the account's videos, and their saves below" />
                    <SortHead label="Avg. views" current={sort} title="Average views per video with views" />
                    <SortHead label="Engagement" sort="engagement" current={sort} title="(likes + comments + shares + saves) / views" />
                    <SortHead label="Views 7 d" sort="gained7d" current={sort} title="Views gained in the last 7 days; the line shows each day's (UTC days; today, dashed, is not over yet)" />
                    {!client && <th scope="col">Actions</th>}
                  </>
                }
              >
                {d.accounts.map((a) => (
                  <Row key={a.id} a={a} reload={r.reload} sel={sel} />
                ))}
              </SelectTable>
            </Stale>
          )
        }}
      </Show>
      <Updating r={r} />
    </>
  )
}
