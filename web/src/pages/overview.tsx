// Overview: the workspace's KPIs over a window, the views-gained chart and
// the videos that moved most.
import { useEffect } from 'preact/hooks'
import { get } from '../api'
import { TimeChart } from '../chart'
import { ChartModes, PublishedChart, chartMode } from '../published-chart'
import { type Filters, FilterBar, filterQuery, gainedSeries, periodNames, readFilters } from '../filters'
import { exact, num, pct, signed, signedPct, when } from '../format'
import { ageText, outlierText, outlierTitle } from '../insight'
import { setQuery } from '../router'
import { isClient, loadWorkspace, useWorkspace } from '../session'
import type { Overview as OverviewData, PeriodGained, Video, VideoList, Workspace } from '../types'

type CountChange = NonNullable<OverviewData['countChanges']>['joined']
import { Empty, NextScrape, PageHeader, PlatformBadge, Show, Stale, Thumb, Updating, useApi } from '../ui'
import { ShareSection } from './share-links'


// Kpi is one key figure; change, when given, is what it gained in the
// window (named by windowName) and in the window before, which is "not
// tracked yet" when nothing of the selection was (tracked false).
export function Kpi({
  label,
  value,
  raw,
  change,
  hint,
  windowName = '',
  phrase = 'since tracking started',
  tracked = true,
}: {
  label: string
  value: string
  raw: number | null | undefined
  change?: PeriodGained | null
  hint?: string
  windowName?: string
  phrase?: string
  tracked?: boolean
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
            <div class="muted" data-testid={'kpi-previous-' + label.toLowerCase()}>
              previous {windowName}:{' '}
              {tracked ? (
                <>
                  {num(change.previous)}
                  {change.changePct !== null && ` (${signedPct(change.changePct)})`}
                </>
              ) : (
                <span title="None of these videos was recorded before this window started: there is nothing to compare with yet.">not tracked yet</span>
              )}
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

// CountChanges explains the totals: the latest numbers of the videos
// counted now, and the videos that joined or left the count in the window,
// which move the totals beside what the counted videos gained.
function CountChanges({ o, phrase }: { o: OverviewData; phrase: string }) {
  const c = o.countChanges
  if (!c) return null
  const n = o.totals.videos
  const videos = (k: number) => `${exact(k)} ${k === 1 ? 'video' : 'videos'}`
  // the numbers they had, those above 0
  const counts = (x: CountChange) =>
    (
      [
        [x.views, 'views'],
        [x.likes, 'likes'],
        [x.comments, 'comments'],
        [x.shares, 'shares'],
        [x.saves, 'saves'],
      ] as const
    )
      .filter(([n]) => n > 0)
      .map(([n, what]) => `${num(n)} ${what}`)
      .join(', ') || 'no numbers yet'
  const when = phrase.charAt(0).toUpperCase() + phrase.slice(1)
  return (
    <p class="muted small count-changes" data-testid="count-changes" data-joined={c.joined.videos} data-left={c.left.videos}>
      Totals are the latest numbers of the {videos(n)} counted now.{' '}
      {!c.joined.videos && !c.left.videos ? (
        `No video joined or left the count ${phrase}: the totals moved by what these gained.`
      ) : (
        <>
          {when}
          {c.joined.videos > 0 && (
            <span data-testid="count-joined">
              , {videos(c.joined.videos)} joined the count (first scraped, or back in it) with {counts(c.joined)}
            </span>
          )}
          {c.left.videos > 0 && (
            <span data-testid="count-left">
              {c.joined.videos > 0 ? ';' : ','} {videos(c.left.videos)} left it (removed, with their account or alone, beyond their account’s limit, or not its own post) with{' '}
              {counts(c.left)} at the start
            </span>
          )}
          : the totals moved by the gains above, plus what joined{c.left.videos > 0 ? ', less what left' : ''}.
        </>
      )}
    </p>
  )
}

// videosHint says under the videos counted how many joined and left the
// count in the window.
function videosHint(o: OverviewData, phrase: string): string {
  const c = o.countChanges
  if (!c || (!c.joined.videos && !c.left.videos)) return 'counted'
  const parts = [c.joined.videos && `${exact(c.joined.videos)} joined`, c.left.videos && `${exact(c.left.videos)} left`].filter(Boolean)
  return `${parts.join(', ')} ${phrase}`
}

// SPIKE is the least multiplier the Spiking now panel shows.
const SPIKE = 2

// ScoresStart says when the workspace's first outlier scores and forecasts
// come, or what they wait for.
function ScoresStart({ start }: { start: OverviewData['insightsStart'] }) {
  if (!start) return <p class="muted small" data-testid="insights-start" data-state="">Scores and forecasts are worked out within the hour after the first scrapes.</p>
  const soon = (at: string | null) => (!at || Date.parse(at) <= Date.now() ? 'within the hour' : `about ${when(at)}`)
  return (
    <p class="muted small" data-testid="insights-start" data-state={start.outliers} data-forecasts={start.forecasts}>
      {start.outliers === 'expected' && (
        <>
          First scores expected {soon(start.outliersAt)}, at {ageText(start.outliersAgeHours ?? 0)}: a video is compared at 1 h, 6 h, 24 h, 3 d, 7 d and 30 d
          after publishing with at least 5 earlier videos of its account whose views are known at that age. The videos found by an account’s first scrape count at
          the ages they reach while tracked, not those they had passed.{' '}
        </>
      )}
      {start.outliers === 'waiting' && (
        <>
          No scores yet: no tracked account has 6 videos that reach a scored age (1 h to 30 d after publishing) while tracked. They start once an account
          publishes new videos while tracked: its 6th is scored at 1 h.{' '}
        </>
      )}
      {start.forecasts === 'expected' && `Forecasts from ${soon(start.forecastsAt)}: they need 5 videos of a platform tracked for 7 days.`}
      {start.forecasts === 'waiting' && 'Forecasts wait for 6 videos of a platform, one younger than 30 days.'}
    </p>
  )
}

// SpikeRow is a scored video with its score.
function SpikeRow({ v }: { v: Video }) {
  return (
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
  )
}

// Spiking is the videos published in the last 7 days (of the overview's
// platforms and collection) whose views at the same age are at least
// twice the median of their account's earlier videos, biggest first.
function Spiking({ platforms, collectionId, start }: { platforms?: string; collectionId?: string; start: OverviewData['insightsStart'] }) {
  const q = { sort: 'outlier', datePreset: '7d', limit: 5, platforms, collectionId }
  const r = useApi((s) => get<VideoList>('/videos', q, s), JSON.stringify(q))
  const hot = (l: VideoList | null | undefined) => (l?.videos ?? []).filter((v) => v.outlier?.state === 'scored' && (v.outlier.multiplier ?? 0) >= SPIKE)
  const spiking = hot(r.data)
  // with none of the last 7 days, the earlier videos scored at their
  // later ages (3 d, 7 d, 30 d), which come days before a new video's
  const older = !!r.data && !spiking.length
  const q2 = { sort: 'outlier', limit: 5, platforms, collectionId }
  const r2 = useApi((s) => (older ? get<VideoList>('/videos', q2, s) : Promise.resolve(null)), JSON.stringify(q2) + older)
  const earlier = hot(r2.data)
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
                <SpikeRow v={v} />
              ))}
            </ol>
          ) : (
            <>
              <p class="muted" data-testid="spiking-empty">
                No video published in the last 7 days has {SPIKE}× or more of its account’s median views at the same age yet. Videos are scored from their first hour,
                against at least 5 earlier videos of the same account, every hour: one shows here as soon as it outpaces them.
              </p>
              {earlier.length > 0 && (
                <>
                  <h3 class="spiking-earlier">Outliers among earlier videos</h3>
                  <ol class="movers" data-testid="spiking-earlier">
                    {earlier.map((v) => (
                      <SpikeRow v={v} />
                    ))}
                  </ol>
                </>
              )}
              {start?.outliers !== 'scored' || start?.forecasts !== 'forecast' ? <ScoresStart start={start} /> : null}
            </>
          )
        }
      </Show>
    </section>
  )
}

// The windows a report covers; another window downloads the last 30 days.
const REPORT_WINDOWS = ['7d', '30d', '90d']

// reportLink is the PDF report of what a client viewer is looking at: its
// collection's (the one filtered, else its first), or the whole
// workspace's overview when it reads the whole workspace.
function reportLink(ws: Workspace, f: Filters): string {
  const collection = f.collectionId || ws.clientCollections?.[0] || ''
  const q = new URLSearchParams({
    subject: collection ? 'collection' : 'overview',
    datePreset: REPORT_WINDOWS.includes(f.datePreset) && !f.from ? f.datePreset : '30d',
  })
  if (collection) q.set('id', collection)
  return `/api/reports/pdf?${q}`
}

export default function Overview({ query }: { query: URLSearchParams }) {
  const f = readFilters(query, '7d', true)
  const q = filterQuery(f)
  const r = useApi((s) => get<OverviewData>('/overview', q, s), JSON.stringify(q))
  const ws = useWorkspace()
  const mode = chartMode(query)
  return (
    <>
      <PageHeader title="Overview">
        {ws && isClient(ws) && (
          <a class="button" href={reportLink(ws, f)} download data-testid="client-report">
            Download report (PDF)
          </a>
        )}
      </PageHeader>
      {query.get('checkout') === 'success' && <CheckoutReturn />}
      <FilterBar f={f} range />
      <Show r={r}>
        {(o) => {
          const { name: windowName, phrase } = periodNames(o)
          const gained = gainedSeries(o.series)
          if (o.totals.videos === 0)
            return (
              <Empty title="Nothing tracked yet">
                {isClient(ws) ? (
                  'The workspace’s team has not tracked anything you can see yet: its numbers appear here after the first scrape.'
                ) : (
                  <>
                    Paste a TikTok, Instagram, YouTube or X link on the <a href="/track">Track</a> page: its numbers appear here after the first scrape.
                  </>
                )}
              </Empty>
            )
          return (
            <Stale r={r}>
              <section class="kpis" aria-label="Key figures">
                <Kpi label="Views" value={num(o.totals.views)} raw={o.totals.views} change={o.gained.views} windowName={windowName} phrase={phrase} tracked={o.previousTracked} />
                <Kpi label="Likes" value={num(o.totals.likes)} raw={o.totals.likes} change={o.gained.likes} windowName={windowName} phrase={phrase} tracked={o.previousTracked} />
                <Kpi label="Comments" value={num(o.totals.comments)} raw={o.totals.comments} change={o.gained.comments} windowName={windowName} phrase={phrase} tracked={o.previousTracked} />
                <Kpi label="Shares" value={num(o.totals.shares)} raw={o.totals.shares} change={o.gained.shares} windowName={windowName} phrase={phrase} tracked={o.previousTracked} />
                <Kpi label="Saves" value={num(o.totals.saves)} raw={o.totals.saves} change={o.gained.saves} windowName={windowName} phrase={phrase} tracked={o.previousTracked} />
                <Kpi label="Engagement" value={pct(o.totals.engagementRate)} raw={o.totals.engagementRate} hint="interactions per view" />
                <Kpi label="Videos" value={num(o.totals.videos)} raw={o.totals.videos} hint={videosHint(o, phrase)} />
                <Kpi label="Accounts" value={num(o.totals.accounts)} raw={o.totals.accounts} hint="tracked" />
              </section>
              <CountChanges o={o} phrase={phrase} />
              <section class="card" aria-labelledby="overview-chart">
                <div class="chart-head">
                  <h2 id="overview-chart">
                    {mode === 'published' ? 'Videos by publish date' : `Views gained ${phrase}`}
                    <small class="muted"> · per {mode === 'published' ? 'day' : o.granularity}</small>
                  </h2>
                  <ChartModes mode={mode} />
                </div>
                {mode === 'published' ? (
                  <PublishedChart q={q} />
                ) : noGrowth(o) ? (
                  <NextScrape
                    at={o.nextScrapeAt}
                    reason={o.nextScrapeReason}
                    item="a video"
                    idle={ws && !ws.hasAccess ? 'the plan has no access' : 'every tracked item is paused'}
                  />
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
              <Spiking platforms={q.platforms} collectionId={q.collectionId} start={o.insightsStart} />
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
      {!isClient(ws) && (
        <ShareSection scope={{ ...f, title: f.collectionId ? 'Collection report' : 'Overview report', what: f.collectionId ? 'this collection' : 'the overview' }} />
      )}
    </>
  )
}
