// A video: what it is, its latest numbers, how they grew (by hour over the
// last 30 days or by day since tracking started) and its scrape history.
import type { ComponentChildren } from 'preact'
import { get } from '../api'
import { TimeChart, type ChartForecast } from '../chart'
import { LIKES_HIDDEN_WHY, likesHidden } from '../engagement'
import { useCollections } from '../filters'
import { DASH, day, exact, num, pct, platformName, signed, videoKind, when } from '../format'
import { FORECAST_WHY_LONG, NextRefresh, type RefreshState, ageText, bandText, notRefreshed, outlierWhyLong, times } from '../insight'
import { KeptBadge, KindBadge, counted, kindSentence } from '../post-kind'
import { navigate, setQuery } from '../router'
import { useWorkspace } from '../session'
import type { Counts, Forecast, Outlier, VideoDetail, VideoScrape } from '../types'
import { Empty, ErrorBox, Freshness, NextScrape, PageHeader, PlatformBadge, Spinner, StatusBadge, TableHead, Thumb, Time, numCol, useApi } from '../ui'
import './videos.css'
import './video.css'
import { VideoActions } from './organise'

// GET /api/videos/{id} (VideoDetail): the video plus its series and the
// scrapes that covered it.
type ScrapeStatus = VideoScrape['status']

function Kpi({
  id,
  label,
  value,
  raw,
  children,
}: {
  id: string
  label: string
  value: string
  raw: number | null | undefined
  children?: ComponentChildren
}) {
  return (
    <div class="kpi card" data-testid={'video-' + id} data-value={raw ?? ''}>
      <div class="kpi-label">{label}</div>
      <div class="kpi-value" title={raw === null || raw === undefined ? 'Not recorded' : exact(raw)}>
        {value}
      </div>
      {children && <div class="kpi-change muted">{children}</div>}
    </div>
  )
}

// The counts of the latest scrape: key, name, and what a missing one means
// once the video was scraped.
const COUNTS: [keyof Counts, string, string][] = [
  ['views', 'Views', 'not given in the last scrape'],
  ['likes', 'Likes', 'hidden by the platform'],
  ['comments', 'Comments', 'hidden by the platform'],
  ['shares', 'Shares', 'not given by the platform'],
  ['saves', 'Saves', 'not given by the platform'],
]

// GainKpi is a window's views gained; a video tracked inside the window
// counts from its first scrape, and says so.
function GainKpi({ id, label, raw, window, hours, added }: { id: string; label: string; raw: number | null | undefined; window: string; hours: number; added: string }) {
  const newer = Date.now() - Date.parse(added) < hours * 3600 * 1000
  return (
    <Kpi id={id} label={label} value={signed(raw)} raw={raw}>
      {raw === null || raw === undefined ? 'needs two scrapes' : newer ? 'views since its first scrape' : `views in the last ${window}`}
    </Kpi>
  )
}

// chartForecast is the views forecast drawn after the chart's last point:
// 7 and 30 days from now (the 30-day one when the forecast has it).
function chartForecast(f: Forecast | undefined): ChartForecast | undefined {
  if (f?.state !== 'forecast') return undefined
  const at = (days: number) => new Date(Date.now() + days * 24 * 3600 * 1000).toISOString()
  const points: ChartForecast['points'] = []
  if (f.views7d !== null) points.push({ t: at(7), views: f.views7d, low: f.views7dLow ?? f.views7d, high: f.views7dHigh ?? f.views7d })
  if (f.views30d !== null) points.push({ t: at(30), views: f.views30d, low: f.views30dLow ?? f.views30d, high: f.views30dHigh ?? f.views30d })
  return points.length ? { label: 'Forecast views', points } : undefined
}

function Growth({ v, by, refresh }: { v: VideoDetail; by: 'hour' | 'day'; refresh: RefreshState }) {
  const since = Date.now() - 30 * 24 * 3600 * 1000
  const forecast = chartForecast(v.forecast)
  // by hour: every scrape, two of one hour as two points
  const pts = by === 'hour' ? v.scrapes.filter((p) => Date.parse(p.t) >= since) : v.daily
  const series = [
    { label: 'Views', values: pts.map((p) => p.views) },
    { label: 'Likes', values: pts.map((p) => p.likes), right: true },
    { label: 'Comments', values: pts.map((p) => p.comments), right: true },
  ]
  return (
    <section class="card" aria-labelledby="growth-title">
      <div class="vt-chart-head">
        <h2 id="growth-title">
          Growth <small class="muted">· {by === 'hour' ? 'every scrape, last 30 days' : 'by day, since tracking started'}</small>
        </h2>
        <div class="segmented" role="group" aria-label="Chart buckets">
          <button type="button" aria-pressed={by === 'hour'} class={by === 'hour' ? 'on' : ''} onClick={() => setQuery({ by: null })}>
            Every scrape
          </button>
          <button type="button" aria-pressed={by === 'day'} class={by === 'day' ? 'on' : ''} onClick={() => setQuery({ by: 'day' })}>
            By day
          </button>
        </div>
      </div>
      {v.lastScrapedAt && v.scrapes.length < 2 && v.daily.length < 2 ? (
        // scraped once: no growth to draw yet
        <NextScrape at={v.nextScrapeAt} reason={v.nextScrapeReason} item="the video" idle={notRefreshed(refresh)} viaAccount={refresh.viaAccount} />
      ) : pts.length ? (
        <>
          <TimeChart
            label={`Views, likes and comments of this video ${by === 'hour' ? 'at every scrape over the last 30 days' : 'by day since tracking started'}`}
            granularity={by}
            times={pts.map((p) => p.t)}
            series={series}
            forecast={forecast}
          />
          <p class="muted vt-axes">
            Views on the left axis; likes and comments on the right axis.
            {forecast && ` Dashed: the views forecast ${forecast.points.length > 1 ? '7 and 30 days' : '7 days'} from now; shaded: its 80 % band.`}
          </p>
        </>
      ) : (
        <p class="muted">
          {v.lastScrapedAt
            ? `No ${by === 'hour' ? 'scrapes in the last 30 days' : 'daily points'} yet: the chart fills in as the video is scraped again.`
            : 'The first scrape is queued: the chart starts with it.'}
        </p>
      )}
    </section>
  )
}

// ahead words a percentile: "more than 97 % of them", "more than any of them".
const ahead = (p: number | null) => (p !== null && p >= 100 ? 'more than any of them' : `more than ${p ?? 0} % of them`)

// OutlierPart is the video's outlier score in full, or why it has none.
function OutlierPart({ o, published }: { o: Outlier | undefined; published: string | null }) {
  return (
    <div class="insight-part" data-testid="insight-outlier" data-state={o?.state ?? ''} data-value={o?.state === 'scored' ? (o.multiplier ?? '') : ''}>
      <h3>Outlier at the same age</h3>
      {!o ? (
        <p class="muted">Not available.</p>
      ) : o.state === 'scored' ? (
        <>
          <div class={'insight-big' + ((o.multiplier ?? 0) >= 2 ? ' insight-hot' : '')}>
            {times(o.multiplier ?? 0)} <small class="muted">· p{o.percentile} at {ageText(o.ageHours ?? 0)}</small>
          </div>
          <p>
            At {ageText(o.ageHours ?? 0)} old it had <strong>{exact(o.views)}</strong> views: {times(o.multiplier ?? 0)} the median ({num(o.median)} views) of the
            account’s {exact(o.baseline)} earlier {o.baseline === 1 ? 'video' : 'videos'} at the same age, {ahead(o.percentile)}.
          </p>
        </>
      ) : (
        <p class="muted">{outlierWhyLong(o, published)}</p>
      )}
    </div>
  )
}

function Horizon({ label, views, low, high, testid }: { label: string; views: number | null; low: number | null; high: number | null; testid: string }) {
  return (
    <div class="insight-horizon" data-testid={testid} data-value={views ?? ''}>
      <div class="kpi-label">{label}</div>
      <div class="insight-big" title={exact(views)}>
        {num(views)}
      </div>
      <div class="muted small" title={`80 % between ${exact(low)} and ${exact(high)}`}>
        80 %: {bandText(low, high)}
      </div>
    </div>
  )
}

// ForecastPart is the views the video is forecast to have 7 and 30 days
// from now with their 80 % bands, or why there is no forecast.
function ForecastPart({ f, views }: { f: Forecast | undefined; views: number | null }) {
  return (
    <div class="insight-part" data-testid="insight-forecast" data-state={f?.state ?? ''}>
      <h3>Forecast</h3>
      {!f ? (
        <p class="muted">Not available.</p>
      ) : f.state === 'forecast' ? (
        <>
          <div class="insight-horizons">
            <Horizon label="Views in 7 days" views={f.views7d} low={f.views7dLow} high={f.views7dHigh} testid="forecast-7d" />
            {f.views30d !== null ? (
              <Horizon label="Views in 30 days" views={f.views30d} low={f.views30dLow} high={f.views30dHigh} testid="forecast-30d" />
            ) : (
              <div class="insight-horizon" data-testid="forecast-30d" data-value="">
                <div class="kpi-label">Views in 30 days</div>
                <div class="insight-big muted">{DASH}</div>
                <div class="muted small">too few videos of this age have grown 30 days on to go by</div>
              </div>
            )}
          </div>
          <p class="muted small">
            {signed(f.gain7d)} in the next 7 days from {num(views)} now. From its own curve and those of its account’s (or else the workspace’s) videos at the same age; the band holds 8 in
            10 outcomes.
          </p>
        </>
      ) : (
        <p class="muted">{FORECAST_WHY_LONG[f.state] ?? f.state}</p>
      )}
    </div>
  )
}

function Insights({ v }: { v: VideoDetail }) {
  return (
    <section class="card insight-panel" aria-labelledby="insight-title" data-testid="insight-panel">
      <h2 id="insight-title">Insights</h2>
      <div class="insight-parts">
        <OutlierPart o={v.outlier} published={v.publishedAt} />
        <ForecastPart f={v.forecast} views={v.metrics.views} />
      </div>
    </section>
  )
}

const SCRAPE_TEXT: Record<ScrapeStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Finished, saving results',
  processed: 'Done',
  failed: 'Failed',
}
// The badge colours of the video statuses: done is good, failed is bad,
// the rest is still under way.
const SCRAPE_BADGE: Record<ScrapeStatus, string> = {
  queued: 'status-pending',
  running: 'status-pending',
  succeeded: 'status-pending',
  processed: 'status-active',
  failed: 'status-error',
}

function At({ iso }: { iso: string | null }) {
  if (!iso) return <span class="muted">{DASH}</span>
  return <Time at={iso} />
}

function History({ history }: { history: VideoScrape[] }) {
  return (
    <section class="card" aria-labelledby="history-title">
      <h2 id="history-title">Scrape history</h2>
      {history.length ? (
        <>
          <p class="muted">
            The scrapes of this video and of its account, newest first{history.length >= 50 ? ' (the latest 50)' : ''}.
          </p>
          <div class="table-wrap">
            <table class="vt-scrapes" data-testid="history-table" aria-label="Scrape history">
              <TableHead scoped cols={['Last change', 'Status', 'Scrape', numCol('Attempts'), 'Queued', 'Scraped']} />
              <tbody>
                {history.map((e) => (
                  <tr key={e.jobId} data-testid="history-row" data-id={e.jobId} data-status={e.status}>
                    <td>
                      <At iso={e.at} />
                    </td>
                    <td>
                      <span class={`badge ${SCRAPE_BADGE[e.status] ?? ''}`}>{SCRAPE_TEXT[e.status] ?? e.status}</span>
                      {e.givenUp && <span class="badge status-error vt-gaveup">Given up</span>}
                      {e.reason && <div class="vt-reason">{e.reason}</div>}
                      {!e.givenUp && e.status === 'queued' && e.reason && <div class="muted small">will be tried again</div>}
                    </td>
                    <td>
                      {e.trigger === 'track' ? 'First scrape after tracking' : e.trigger === 'manual' ? 'Refresh now (asked for)' : 'Refresh'}
                      <div class="muted small">{e.via === 'account' ? 'of its account' : 'of this video'}</div>
                    </td>
                    <td class="num">{exact(e.attempts)}</td>
                    <td>
                      <At iso={e.queuedAt} />
                    </td>
                    <td>{e.scrapedAt ? <At iso={e.scrapedAt} /> : <span class="muted">{e.status === 'failed' ? 'no results' : 'not yet'}</span>}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : (
        <p class="muted">No scrapes recorded yet.</p>
      )}
    </section>
  )
}

export default function VideoPage({ params, query }: { params: Record<string, string>; query: URLSearchParams }) {
  const id = params.id
  const by: 'hour' | 'day' = query.get('by') === 'day' ? 'day' : 'hour'
  const r = useApi((s) => get<VideoDetail>(`/videos/${encodeURIComponent(id)}`, undefined, s), id)
  const cols = useCollections()
  const ws = useWorkspace()
  const v = r.data

  if (r.error && !v && (r.error.status === 404 || r.error.status === 400))
    return (
      <>
        <PageHeader title="Video not found">
          <a class="vt-btn" href="/videos">
            ← All videos
          </a>
        </PageHeader>
        <Empty title="This video is not tracked in this workspace">
          It may have been removed, or it belongs to another workspace. See <a href="/videos">your videos</a>.
        </Empty>
      </>
    )
  if (r.error && !v)
    return (
      <>
        <PageHeader title="Video" />
        <ErrorBox error={r.error} retry={r.reload} />
        <p>
          <a href="/videos">← All videos</a>
        </p>
      </>
    )
  if (!v)
    return (
      <>
        <PageHeader title="Video" />
        <Spinner />
      </>
    )

  const caption = v.caption?.trim() || ''
  const title = caption ? (caption.length > 60 ? caption.slice(0, 57).trimEnd() + '…' : caption) : videoKind(v.platform, v.url)
  const collection = v.collectionId ? cols.data?.collections.find((c) => c.id === v.collectionId) : undefined
  const m = v.metrics
  const fresh = () => <Freshness at={v.lastScrapedAt} status={v.status} />
  // a video found through an account is scraped with it, unless a
  // campaign keeps it refreshed by its own link past the account's limit
  const refresh: RefreshState = {
    hasAccess: ws?.hasAccess ?? true,
    status: v.status,
    viaAccount: !v.trackedIndividually && !v.keptUntil && !!v.accountId,
    limit: v.accountTrackingLimit,
  }

  return (
    <>
      <PageHeader title={title}>
        <a class="vt-btn" href="/videos">
          ← All videos
        </a>
      </PageHeader>
      {r.error && <ErrorBox error={r.error} retry={r.reload} />}
      <section class="card vt-head" aria-label="About this video">
        <Thumb src={v.thumbnailUrl} alt="" />
        <div class="vt-head-text">
          {caption ? caption !== title && <p class="vt-head-caption">{caption}</p> : <p class="vt-head-caption muted">No caption</p>}
          <dl class="facts">
            <dt>Platform</dt>
            <dd>
              <PlatformBadge platform={v.platform} />
              {v.isShop && <span class="badge vt-shop">Shop video</span>}
            </dd>
            {v.postKind !== 'own' && v.accountId ? (
              <>
                <dt>Author</dt>
                <dd>{v.accountHandle ? '@' + v.accountHandle : <span class="muted">{DASH}</span>}</dd>
                <dt>Found through</dt>
                <dd>
                  <a href={`/accounts/${v.accountId}`}>the tracked account whose feed listed it</a>
                </dd>
              </>
            ) : (
              <>
                <dt>Account</dt>
                <dd>
                  {v.accountHandle ? (
                    v.accountId ? (
                      <a href={`/accounts/${v.accountId}`}>@{v.accountHandle}</a>
                    ) : (
                      '@' + v.accountHandle
                    )
                  ) : (
                    <span class="muted">{DASH}</span>
                  )}
                </dd>
              </>
            )}
            <dt>Post</dt>
            <dd data-testid="post-kind" data-kind={v.postKind}>
              {v.postKind !== 'own' && (
                <>
                  <KindBadge kind={v.postKind} handle={v.relatedHandle} />{' '}
                </>
              )}
              {kindSentence(v.postKind, v.relatedHandle)}
            </dd>
            <dt>Published</dt>
            <dd data-testid="published" data-source={v.publishedSource ?? ''}>
              {v.publishedAt ? (
                <>
                  <time dateTime={v.publishedAt}>{when(v.publishedAt)}</time>
                  {v.publishedSource === 'id' && <span class="muted"> · from the post’s id (the platform did not give it)</span>}
                </>
              ) : (
                <span class="muted">
                  publish time unknown: neither the platform nor the post’s id gave it{counted(v.postKind) ? '; a campaign holds its line for a check' : ''}
                </span>
              )}
            </dd>
            <dt>Status</dt>
            <dd>
              <StatusBadge status={v.status} reason={v.statusReason} />
            </dd>
            <dt>Tracked</dt>
            <dd>
              {v.trackedIndividually ? 'by its own link' : 'through its account'} since <time dateTime={v.addedAt}>{day(v.addedAt)}</time>
              {v.keptUntil && (
                <div class="vt-kept" data-testid="kept">
                  <KeptBadge until={v.keptUntil} />{' '}
                  <span class="muted">
                    Beyond its account’s tracking limit, it is kept tracked and refreshed by its own link until {when(v.keptUntil)}, while a campaign counts its
                    views; then it is kept with its history, no longer refreshed.
                  </span>
                </div>
              )}
            </dd>
            {v.collectionId && (
              <>
                <dt>Collection</dt>
                <dd>{collection ? collection.name : <span class="muted">{cols.error ? 'not available' : '…'}</span>}</dd>
              </>
            )}
            <dt>Last scraped</dt>
            <dd>{fresh()}</dd>
            <dt>Next refresh</dt>
            <dd>
              <NextRefresh at={v.nextScrapeAt} reason={v.nextScrapeReason} state={refresh} />
            </dd>
          </dl>
          <div class="actions">
            <a class="vt-btn" href={v.url} target="_blank" rel="noopener noreferrer">
              Open on {platformName(v.platform)} ↗<span class="sr-only"> (opens in a new tab)</span>
            </a>
            {v.accountId && (
              <a class="vt-btn" href={`/accounts/${v.accountId}`}>
                Account analytics
              </a>
            )}
          </div>
          <VideoActions v={v} onChanged={r.reload} onRemoved={() => navigate('/videos')} />
        </div>
      </section>

      <section class="kpis vt-kpis" aria-label="Latest numbers">
        {COUNTS.map(([k, label, missing]) => (
          <Kpi id={k} label={label} value={num(m[k])} raw={m[k]}>
            {m[k] === null && v.lastScrapedAt ? missing : fresh()}
          </Kpi>
        ))}
        <Kpi id="engagement" label="Engagement" value={pct(v.engagementRate)} raw={v.engagementRate}>
          {likesHidden(v) ? (
            <span data-testid="likes-hidden" title={LIKES_HIDDEN_WHY}>
              likes hidden: no rate
            </span>
          ) : (
            'interactions per view'
          )}
        </Kpi>
        <GainKpi id="gained24h" label="Gained 24 h" raw={v.viewsGained24h} window="24 hours" hours={24} added={v.addedAt} />
        <GainKpi id="gained7d" label="Gained 7 d" raw={v.viewsGained7d} window="7 days" hours={24 * 7} added={v.addedAt} />
      </section>

      <Insights v={v} />

      <Growth v={v} by={by} refresh={refresh} />

      <History history={v.history} />
    </>
  )
}
