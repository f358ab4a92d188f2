// Overview: the workspace's KPIs over a window, the views-gained chart and
// the videos that moved most.
import { useEffect } from 'preact/hooks'
import { get } from '../api'
import { TimeChart } from '../chart'
import { FilterBar, filterQuery, gainedSeries, periodNames, readFilters } from '../filters'
import { exact, num, pct, signed, signedPct } from '../format'
import { outlierText, outlierTitle } from '../insight'
import { setQuery } from '../router'
import { loadWorkspace, useWorkspace } from '../session'
import type { Overview as OverviewData, PeriodGained, VideoList } from '../types'
import { Empty, NextScrape, PageHeader, PlatformBadge, Show, Stale, Thumb, Updating, useApi } from '../ui'
import { ShareSection } from './share-links'


// Kpi is one key figure; change, when given, is what it gained in the
// window (named by windowName) and in the window before.
export function Kpi({
  label,
  value,
  raw,
  change,
  hint,
  windowName = '',
  phrase = 'since tracking started',
}: {
  label: string
  value: string
  raw: number | null | undefined
  change?: PeriodGained | null
  hint?: string
  windowName?: string
  phrase?: string
}) {
  return (
    <div class="kpi card" data-testid={'kpi-' + label.toLowerCase()} data-value={raw ?? ''}>
      <div class="kpi-label">{label}</div>
      <div class="kpi-value" title={raw === null || raw === undefined ? undefined : String(raw)}>
        {value}
      </div>
      {change ? (
        <div class="kpi-change" data-testid={'kpi-change-' + label.toLowerCase()}>
          <span class={change.changePct === null ? '' : change.changePct >= 0 ? 'up' : 'down'}>{signed(change.period)}</span>
          <span class="muted"> {phrase}</span>
          {change.previous !== null && windowName && (
            <div class="muted">
              previous {windowName}: {num(change.previous)}
              {change.changePct !== null && ` (${signedPct(change.changePct)})`}
            </div>
          )}
        </div>
      ) : (
        hint && <div class="kpi-change muted">{hint}</div>
      )}
    </div>
  )
}

// CheckoutReturn greets a payer back from the payment page, where the
// checkout's success address leads, and reads the plan again: the payment
// provider's event may take a moment to arrive.
function CheckoutReturn() {
  const ws = useWorkspace()
  useEffect(() => {
    let n = 0
    const timer = setInterval(() => {
      if (++n > 10) clearInterval(timer)
      loadWorkspace().then((w) => w.plan !== 'trial' && w.subscriptionStatus && clearInterval(timer), () => clearInterval(timer))
    }, 2000)
    return () => clearInterval(timer)
  }, [])
  const active = ws && ws.plan !== 'trial' && ws.subscriptionStatus
  return (
    <div class="banner" role="status">
      {active ? `Thank you! Your workspace is on the ${ws.plan} plan.` : 'Thank you! Your payment is being confirmed; your plan updates here in a moment.'}{' '}
      <button type="button" class="link" onClick={() => setQuery({ checkout: null, session_id: null })}>
        Dismiss
      </button>
    </div>
  )
}

// noGrowth: nothing gained in the window or the one before it, as in a
// workspace whose videos were scraped once so far; the chart would be flat.
function noGrowth(o: OverviewData): boolean {
  const g = o.gained.views
  return g.period === 0 && !g.previous && o.series.every((p) => p.viewsGained === 0)
}

// SPIKE is the least multiplier the Spiking now panel shows.
const SPIKE = 2

// Spiking is the videos published in the last 7 days (of the overview's
// platforms and collection) whose views at the same age are at least
// twice the median of their account's earlier videos, biggest first.
function Spiking({ platforms, collectionId }: { platforms?: string; collectionId?: string }) {
  const q = { sort: 'outlier', datePreset: '7d', limit: 5, platforms, collectionId }
  const r = useApi((s) => get<VideoList>('/videos', q, s), JSON.stringify(q))
  const spiking = (r.data?.videos ?? []).filter((v) => v.outlier?.state === 'scored' && (v.outlier.multiplier ?? 0) >= SPIKE)
  return (
    <section class="card spiking" aria-labelledby="spiking-title" data-testid="spiking">
      <h2 id="spiking-title">
        Spiking now <small class="muted">· published in the last 7 days, against their account’s earlier videos at the same age</small>
      </h2>
      <Show r={r}>
        {() =>
          spiking.length ? (
            <ol class="movers">
              {spiking.map((v) => (
                <li data-testid="spiking-row" data-id={v.id}>
                  <Thumb src={v.thumbnailUrl} alt="" />
                  <div class="mover-text">
                    <a href={`/videos/${v.id}`}>{v.caption || v.url}</a>
                    <div class="muted">
                      <PlatformBadge platform={v.platform} /> {v.accountHandle && '@' + v.accountHandle}
                    </div>
                  </div>
                  <div class="mover-num" title={outlierTitle(v.outlier!)}>
                    <strong class="up">{outlierText(v.outlier!)}</strong>
                    <div class="muted">{exact(v.outlier!.views)} views</div>
                  </div>
                </li>
              ))}
            </ol>
          ) : (
            <p class="muted" data-testid="spiking-empty">
              No video published in the last 7 days has {SPIKE}× or more of its account’s median views at the same age yet. Videos are scored from their first hour,
              against at least 5 earlier videos of the same account, every hour: one shows here as soon as it outpaces them.
            </p>
          )
        }
      </Show>
    </section>
  )
}

export default function Overview({ query }: { query: URLSearchParams }) {
  const f = readFilters(query, '7d', true)
  const q = filterQuery(f)
  const r = useApi((s) => get<OverviewData>('/overview', q, s), JSON.stringify(q))
  return (
    <>
      <PageHeader title="Overview" />
      {query.get('checkout') === 'success' && <CheckoutReturn />}
      <FilterBar f={f} range />
      <Show r={r}>
        {(o) => {
          const { name: windowName, phrase } = periodNames(o)
          const gained = gainedSeries(o.series)
          if (o.totals.videos === 0)
            return (
              <Empty title="Nothing tracked yet">
                Paste a TikTok, Instagram, YouTube or X link on the <a href="/track">Track</a> page: its numbers appear here after the first scrape.
              </Empty>
            )
          return (
            <Stale r={r}>
              <section class="kpis" aria-label="Key figures">
                <Kpi label="Views" value={num(o.totals.views)} raw={o.totals.views} change={o.gained.views} windowName={windowName} phrase={phrase} />
                <Kpi label="Likes" value={num(o.totals.likes)} raw={o.totals.likes} change={o.gained.likes} windowName={windowName} phrase={phrase} />
                <Kpi label="Comments" value={num(o.totals.comments)} raw={o.totals.comments} change={o.gained.comments} windowName={windowName} phrase={phrase} />
                <Kpi label="Shares" value={num(o.totals.shares)} raw={o.totals.shares} change={o.gained.shares} windowName={windowName} phrase={phrase} />
                <Kpi label="Saves" value={num(o.totals.saves)} raw={o.totals.saves} change={o.gained.saves} windowName={windowName} phrase={phrase} />
                <Kpi label="Engagement" value={pct(o.totals.engagementRate)} raw={o.totals.engagementRate} hint="interactions per view" />
                <Kpi label="Videos" value={num(o.totals.videos)} raw={o.totals.videos} hint="tracked" />
                <Kpi label="Accounts" value={num(o.totals.accounts)} raw={o.totals.accounts} hint="tracked" />
              </section>
              <section class="card">
                <h2>
                  Views gained {phrase}
                  <small class="muted"> · per {o.granularity}</small>
                </h2>
                {noGrowth(o) ? (
                  <NextScrape at={o.nextScrapeAt} reason={o.nextScrapeReason} item="a video" />
                ) : o.series.length ? (
                  <TimeChart
                    label={`Views gained per ${o.granularity}`}
                    granularity={o.granularity}
                    times={gained.times}
                    series={[{ label: 'Views gained', values: gained.values, bars: true }]}
                  />
                ) : (
                  <p class="muted">No snapshots in this window yet.</p>
                )}
              </section>
              <Spiking platforms={q.platforms} collectionId={q.collectionId} />
              <section class="card">
                <h2>Top movers</h2>
                {o.topMovers.length ? (
                  <ol class="movers">
                    {o.topMovers.map((m) => (
                      <li>
                        <Thumb src={m.thumbnailUrl} alt="" />
                        <div class="mover-text">
                          <a href={`/videos/${m.id}`}>{m.caption || m.url}</a>
                          <div class="muted">
                            {m.platform && <PlatformBadge platform={m.platform} />} {m.accountHandle && '@' + m.accountHandle}
                          </div>
                        </div>
                        <div class="mover-num">
                          <strong class="up">{signed(m.viewsGained)}</strong>
                          <div class="muted">{num(m.views)} views</div>
                        </div>
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p class="muted">No video gained views in this window.</p>
                )}
              </section>
            </Stale>
          )
        }}
      </Show>
      <Updating r={r} />
      <ShareSection scope={{ ...f, title: f.collectionId ? 'Collection report' : 'Overview report', what: f.collectionId ? 'this collection' : 'the overview' }} />
    </>
  )
}
