// A watch's tracker (GET /api/watches/{id}/tracker, docs/watches.md): for
// a sound, a hashtag or any watch, the posts it found and their views, by
// publish day and over its runs, the top posts and accounts, and the
// platform's own count where it gives one.
import { get, withQuery } from '../api'
import { TimeChart } from '../chart'
import { day, exact, num, platformName, when } from '../format'
import { setQuery } from '../router'
import type { WatchTracker } from '../types'
import { Empty, numCol, PageHeader, PlatformBadge, Show, TableHead, Updating, useApi } from '../ui'
import { Kpi } from './overview'
import { what } from './watches'
import './submissions.css'
import './watch-tracker.css'

const SPANS = [7, 30, 90, 365]

function Charts({ d }: { d: WatchTracker }) {
  return (
    <>
      <section class="card" aria-labelledby="tracker-days">
        <h2 id="tracker-days">Posts by publish day</h2>
        <p class="muted small">The posts found, by the day (UTC) they were published, and their views now.</p>
        <TimeChart
          label="Posts found by publish day"
          granularity="day"
          times={d.perDay.map((p) => p.day + 'T00:00:00Z')}
          series={[
            { label: 'Posts', values: d.perDay.map((p) => p.posts), bars: true },
            { label: 'Their views', values: d.perDay.map((p) => p.views), right: true },
          ]}
          height={220}
        />
      </section>
      {d.runs.length > 0 && (
        <section class="card" aria-labelledby="tracker-runs">
          <h2 id="tracker-runs">Over the runs</h2>
          <p class="muted small">Every post found so far and their views after each run.</p>
          <TimeChart
            label="Posts found and their views after each run"
            granularity="hour"
            times={d.runs.map((r) => r.at)}
            series={[
              { label: 'Posts found', values: d.runs.map((r) => r.posts) },
              { label: 'Their views', values: d.runs.map((r) => r.views), right: true },
            ]}
            height={220}
          />
        </section>
      )}
    </>
  )
}

function Tops({ d }: { d: WatchTracker }) {
  return (
    <div class="tracker-tops">
      <section class="card" aria-labelledby="tracker-posts">
        <h2 id="tracker-posts">Top posts</h2>
        <table class="inbox-table phone-cards" data-testid="tracker-posts">
          <TableHead cols={['Post', numCol('Views'), 'In the inbox']} />
          <tbody>
            {d.topPosts.map((c) => (
              <tr>
                <td class="inbox-post card-title">
                  <a href={c.url} target="_blank" rel="noopener noreferrer">
                    {c.caption || c.url}
                  </a>
                  <div class="muted small">
                    @{c.authorHandle}
                    {c.publishedAt && ` · posted ${day(c.publishedAt)}`}
                  </div>
                </td>
                <td class="num" data-label="Views">
                  {exact(c.views)}
                </td>
                <td data-label="In the inbox">{c.status === 'new' ? 'New' : c.status === 'tracked' ? 'Tracked' : 'Dismissed'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section class="card" aria-labelledby="tracker-accounts">
        <h2 id="tracker-accounts">Top accounts</h2>
        <table class="phone-cards" data-testid="tracker-accounts">
          <TableHead cols={['Account', numCol('Posts'), numCol('Views')]} />
          <tbody>
            {d.topAccounts.map((a) => (
              <tr>
                <td class="card-title">
                  @{a.handle}
                  {a.tracked && <span class="muted small"> · tracked</span>}
                </td>
                <td class="num" data-label="Posts">
                  {exact(a.posts)}
                </td>
                <td class="num" data-label="Views">
                  {exact(a.views)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  )
}

export default function WatchTrackerPage({ params, query }: { params: Record<string, string>; query: URLSearchParams }) {
  const id = params.id
  const days = Number(query.get('days')) || 30
  const r = useApi((s) => get<WatchTracker>(`/watches/${encodeURIComponent(id)}/tracker`, { days }, s), `tracker-${id}-${days}`)
  return (
    <>
      <PageHeader title={r.data ? `${what(r.data.watch)} on ${platformName(r.data.watch.platform)}` : 'Tracker'}>
        <a href="/watches">All watches</a>{' '}
        <a class="button" href={withQuery('/api/captures/export', { watchId: id, bom: 'true' })} download data-testid="export-captures">
          Export the posts (CSV)
        </a>
      </PageHeader>
      <Updating r={r} />
      <Show r={r}>
        {(d) => (
          <>
            <p class="muted">
              <PlatformBadge platform={d.watch.platform} /> Every post this watch found, whatever became of it in the inbox; views as last read.{' '}
              {d.watch.lastRunAt ? `Last run ${when(d.watch.lastRunAt)}.` : 'Not run yet.'}
            </p>
            <section class="kpis" aria-label="Key figures">
              <Kpi label="Posts" value={num(d.posts)} raw={d.posts} hint={d.undated ? `${exact(d.undated)} without a publish time` : undefined} />
              <Kpi label="Views" value={num(d.views)} raw={d.views} hint={`${num(d.likes)} likes, ${num(d.comments)} comments`} />
              <Kpi label="Accounts" value={num(d.accounts)} raw={d.accounts} />
              {d.platformCount ? (
                <Kpi label={`${platformName(d.watch.platform)}’s count`} value={num(d.platformCount.views)} raw={d.platformCount.views} hint={d.platformCount.note} />
              ) : (
                <Kpi label="Platform’s count" value="—" raw={null} hint={`${platformName(d.watch.platform)} gives no count for this ${d.watch.kind}.`} />
              )}
            </section>
            <div class="tracker-spans">
              <div class="segmented" role="group" aria-label="Days shown">
                {SPANS.map((n) => (
                  <button type="button" class={n === days ? 'on' : ''} aria-pressed={n === days} onClick={() => setQuery({ days: n === 30 ? null : String(n) })}>
                    {n === 365 ? 'A year' : `${n} days`}
                  </button>
                ))}
              </div>
            </div>
            {d.posts === 0 ? (
              <Empty title="Nothing found yet">The watch’s first run fills the tracker.</Empty>
            ) : (
              <>
                <Charts d={d} />
                <Tops d={d} />
              </>
            )}
          </>
        )}
      </Show>
    </>
  )
}
