// Export: the videos or the accounts as a CSV file, with the filters of the
// lists (kept in the address, so "Export these videos" on the videos page
// lands here with its filters set). The downloads are plain links: the
// browser saves the file the server streams.
import type { ComponentChildren } from 'preact'
import { get, withQuery } from '../api'
import { FilterBar, VideoOptions, filterQuery, flag, readFilters, useCollections } from '../filters'
import { PRESET_NAMES, exact, platformName } from '../format'
import { KIND_NAMES, KindSelect, readKind } from '../post-kind'
import { setQuery } from '../router'
import type { AccountList, VideoList } from '../types'
import { ErrorBox, PageHeader, useApi, type Loaded } from '../ui'
import './videos.css'

const ACCOUNT_SORTS = ['followers', 'followersGained7d', 'views', 'gained7d', 'saves', 'engagement', 'videos', 'added'] as const
type AccountSort = (typeof ACCOUNT_SORTS)[number]
const ACCOUNT_SORT_NAMES: Record<AccountSort, string> = {
  followers: 'Most followers',
  followersGained7d: 'Most followers gained in 7 days',
  views: 'Most views',
  gained7d: 'Most views gained in 7 days',
  saves: 'Most saves',
  engagement: 'Highest engagement',
  videos: 'Most tracked videos',
  added: 'Most recently tracked',
}

const VIDEO_COLUMNS =
  'id, platform, platform_video_id, url, account_handle, caption, thumbnail_url, published_at, added_at, status, collection_id, collection, tracked_individually, is_shop, views, likes, comments, shares, saves, engagement_rate_pct, views_gained_24h, views_gained_7d, last_scraped_at, outlier_state, outlier_age_hours, outlier_multiplier, outlier_percentile, outlier_baseline, forecast_state, forecast_views_7d, forecast_views_7d_low, forecast_views_7d_high, forecast_views_30d, forecast_views_30d_low, forecast_views_30d_high, post_kind, related_handle, published_source'
const ACCOUNT_COLUMNS =
  'id, platform, handle, url, display_name, status, status_reason, tracking_limit, collection_id, collection, followers, followers_gained_7d, followers_gained_30d, tracked_videos, videos_with_views, total_views, average_views, engagement_rate_pct, views_gained_7d, last_scraped_at, added_at'
const DAILY_COLUMNS =
  'date, item_type, id, platform, account_handle, platform_video_id, url, collection, published_at, views, likes, comments, shares, saves, followers, views_gained, likes_gained, comments_gained, shares_gained, saves_gained, followers_gained, scraped_that_day'

const DATE = /^\d{4}-\d{2}-\d{2}$/

// isoDay is the UTC day n days before today, as YYYY-MM-DD.
function isoDay(daysAgo: number): string {
  return new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
}

function plural(n: number, one: string, many: string) {
  return `${exact(n)} ${n === 1 ? one : many}`
}

// ExportCard is one of the files: what goes into it (children), its
// download link and its columns.
function ExportCard({ kind, title, href, link, columns, children }: { kind: string; title: string; href: string; link: string; columns: string; children: ComponentChildren }) {
  return (
    <section class="card" aria-labelledby={`export-${kind}-title`}>
      <h2 id={`export-${kind}-title`}>{title}</h2>
      {children}
      <div class="actions">
        <a class="vt-btn primary" href={href} download data-testid={`export-${kind}`}>
          {link}
        </a>
      </div>
      <details>
        <summary>Columns</summary>
        <p>
          <code>{columns}</code>
        </p>
      </details>
    </section>
  )
}

// Matches says how many rows a file will have, once counted.
function Matches<T>({ kind, r, value, text }: { kind: string; r: Loaded<T>; value: number | undefined; text: (d: T) => string }) {
  if (r.error) return <ErrorBox error={r.error} retry={r.reload} />
  return (
    <p class="muted" aria-live="polite" data-testid={`export-${kind}-count`} data-value={value ?? ''}>
      {r.data ? text(r.data) + '.' : 'Counting…'}
    </p>
  )
}

export default function Export({ query }: { query: URLSearchParams }) {
  const f = readFilters(query, 'all')
  const individualOnly = flag(query, 'individualOnly')
  const platformShopOnly = flag(query, 'platformShopOnly')
  const kind = readKind(query)
  const s = query.get('sort') as AccountSort | null
  const sort: AccountSort = s && ACCOUNT_SORTS.includes(s) ? s : 'followers'
  const cols = useCollections()

  const base = filterQuery(f)
  const videoQuery = {
    ...base,
    datePreset: f.datePreset === 'all' ? undefined : f.datePreset,
    individualOnly: individualOnly ? 'true' : undefined,
    platformShopOnly: platformShopOnly ? 'true' : undefined,
    kind: kind ?? undefined,
  }
  const accountQuery = { platforms: base.platforms, collectionId: base.collectionId, sort: sort === 'followers' ? undefined : sort }
  // the files start with the byte order mark that tells Excel they are UTF-8
  const videosHref = withQuery('/api/export', { type: 'videos', ...videoQuery, bom: 'true' })
  const accountsHref = withQuery('/api/export', { type: 'accounts', ...accountQuery, bom: 'true' })
  // the daily series' range, kept in the address: the last 30 days unless chosen
  const qFrom = query.get('from') ?? ''
  const qTo = query.get('to') ?? ''
  const dailyFrom = DATE.test(qFrom) ? qFrom : isoDay(29)
  const dailyTo = DATE.test(qTo) ? qTo : isoDay(0)
  const rangeProblem = dailyTo < dailyFrom ? 'The last day comes before the first.' : dailyFrom < isoDay(365) ? 'The first day is more than 365 days ago.' : ''
  const dailyHref = withQuery('/api/export', {
    type: 'daily',
    platforms: base.platforms,
    collectionId: base.collectionId,
    individualOnly: videoQuery.individualOnly,
    platformShopOnly: videoQuery.platformShopOnly,
    from: dailyFrom,
    to: dailyTo,
    bom: 'true',
  })

  // How many rows each file will have; this also checks the filters (an
  // unknown collection answers its error here rather than in a download).
  const vq = { ...videoQuery, limit: 1 }
  const videos = useApi((sig) => get<VideoList>('/videos', vq, sig), JSON.stringify(vq))
  const aq = { platforms: accountQuery.platforms, collectionId: accountQuery.collectionId }
  const accounts = useApi((sig) => get<AccountList>('/accounts', aq, sig), JSON.stringify(aq))

  const collectionName = f.collectionId ? cols.data?.collections.find((c) => c.id === f.collectionId)?.name ?? 'the chosen collection' : ''
  const scope = [
    f.platforms.length ? f.platforms.map(platformName).join(', ') : 'all platforms',
    collectionName ? `collection “${collectionName}”` : 'all collections',
  ].join(' · ')

  return (
    <>
      <PageHeader title="Export" />
      <p class="muted">
        Download your tracked videos or accounts as a CSV file for Excel, Numbers or Google Sheets. The filters below choose what goes into the files; the
        numbers are the latest scraped values. Times are in UTC (ISO 8601); unknown values are empty cells.
      </p>
      <p class="muted" data-testid="formula-note">
        Why some cells start with an apostrophe (<code>'</code>): a caption, name or link that begins with <code>=</code>, <code>+</code>,{' '}
        <code>-</code> or <code>@</code> gets one in the files, because spreadsheets run such a cell as a formula, so a caption such as “@brand
        launch” or “=HYPERLINK(…)” would be run in yours instead of shown; the apostrophe keeps it plain text. Handles are written without their @, so
        they need none. The files are UTF-8 and start with the mark Excel looks for, so “–”, accents and emoji show as they are.
      </p>
      <FilterBar f={f} presetLabel="Filter by publish date" presetNote="exports the videos published in the chosen period" />

      <div class="grid2 vt-exports">
        <ExportCard kind="videos" title="Videos" href={videosHref} link="Download videos CSV" columns={VIDEO_COLUMNS}>
          <p>
            One row per video: {scope}
            {f.datePreset !== 'all' ? `, published in the last ${PRESET_NAMES[f.datePreset]}` : ''}
            {individualOnly ? ', tracked by their own link only' : ''}
            {platformShopOnly ? ', shop videos only' : ''}
            {kind ? `, ${KIND_NAMES[kind].toLowerCase()} only` : ', the posts that count (the accounts’ own and collabs)'}. Rows are ordered by platform, then account, then publish
            time (oldest first).
          </p>
          <div class="filters">
            <VideoOptions individualOnly={individualOnly} platformShopOnly={platformShopOnly} />
            <KindSelect value={kind} />
          </div>
          <Matches kind="videos" r={videos} value={videos.data?.total} text={(d) => plural(d.total, 'video matches', 'videos match')} />
        </ExportCard>

        <ExportCard kind="accounts" title="Accounts" href={accountsHref} link="Download accounts CSV" columns={ACCOUNT_COLUMNS}>
          <p>
            One row per tracked account: {scope}, in the order you choose. The period and the video options do not apply to accounts; their figures
            cover the videos found through each account.
          </p>
          <div class="filters">
            <label class="inline">
              <span>Order</span>
              <select value={sort} onChange={(e) => setQuery({ sort: (e.target as HTMLSelectElement).value === 'followers' ? null : (e.target as HTMLSelectElement).value })}>
                {ACCOUNT_SORTS.map((k) => (
                  <option value={k}>{ACCOUNT_SORT_NAMES[k]}</option>
                ))}
              </select>
            </label>
          </div>
          <Matches
            kind="accounts"
            r={accounts}
            value={accounts.data?.accounts.length}
            text={(d) => plural(d.total ?? d.accounts.length, 'account matches', 'accounts match')}
          />
        </ExportCard>
        <ExportCard kind="daily" title="Daily series" href={dailyHref} link="Download daily series CSV" columns={DAILY_COLUMNS}>
          <p>
            One row per video and per account for each day of the range: the numbers at the end of the day and what they gained since the day before
            (on an item’s first day, since its first scrape, as Overview’s chart counts it; {scope}; videos first, in the order of the videos file, then accounts). The period above does not apply; the video options do. Its videos are the posts that count (the accounts’ own and collabs).
          </p>
          <div class="filters">
            <label class="inline">
              <span>From</span>
              <input type="date" name="daily-from" value={dailyFrom} max={dailyTo} onChange={(e) => setQuery({ from: (e.target as HTMLInputElement).value || null })} />
            </label>
            <label class="inline">
              <span>to</span>
              <input type="date" name="daily-to" value={dailyTo} min={dailyFrom} max={isoDay(0)} onChange={(e) => setQuery({ to: (e.target as HTMLInputElement).value || null })} />
            </label>
          </div>
          {rangeProblem && (
            <p class="range-error" role="alert">
              {rangeProblem}
            </p>
          )}
        </ExportCard>
      </div>
      <p class="muted">
        A workspace can run two exports at a time; if a download fails with “too many exports”, wait for the other one to finish and try again.
      </p>
    </>
  )
}
