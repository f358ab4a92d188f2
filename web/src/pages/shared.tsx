// The page of a share link (/s/<token>): what a client sees without an
// account. A password prompt when the link has one, then its key figures,
// chart, top videos and, for a campaign, its summary; read-only, without
// the dashboard's navigation.
import { useEffect, useState } from 'preact/hooks'
import { get, post, sentence, tooManyText, type ApiError } from '../api'
import { TimeChart } from '../chart'
import { gainedSeries, periodNames } from '../filters'
import { day, exact, num, pct, platformName, when } from '../format'
import type { Overview as OverviewData, SharedCampaign, SharedInfo, SharedVideoList } from '../types'
import { Kpi } from './overview'
import { BOUND_TEXT, lineStatusLabel } from './campaign-parts'
import { ErrorBox, PlatformBadge, Show, Spinner, Thumb, useAction, useApi } from '../ui'
import './shared.css'

function money(minor: number, currency: string, digits: number): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits)
}

// emptyChart says why the chart of views gained would be empty, or '' when
// it has something to draw: no scrape in the window yet, or no growth yet
// (a video gains from its second scrape on); with when the next scrape is
// due, while the link is live.
function emptyChart(d: OverviewData): string {
  if (d.series.some((p) => p.viewsGained !== 0)) return ''
  const next = d.nextScrapeAt ? ` The next scrape is due ${when(d.nextScrapeAt)}.` : ''
  if (d.series.every((p) => p.views === 0)) return `No scrape yet in this period: the chart fills in as the videos are scraped.${next}`
  return `No views gained in this period yet: a video’s growth shows from its second scrape on.${next}`
}

export default function Shared({ params }: { params: Record<string, string> }) {
  const token = params.token
  const base = `/shared/${encodeURIComponent(token)}`
  const info = useApi((s) => get<SharedInfo>(base, undefined, s), token)
  useEffect(() => {
    if (info.data) document.title = `${info.data.name} · reeltrack`
  }, [info.data])
  return (
    <div class="shared">
      <main id="main" tabIndex={-1}>
        {info.error?.status === 404 ? (
          <div class="shared-gone card">
            <h1>This link does not work</h1>
            <p>It may have been revoked or may have expired. Ask whoever shared it for a new one.</p>
          </div>
        ) : info.error ? (
          <ErrorBox error={info.error} retry={info.reload} />
        ) : !info.data ? (
          <Spinner />
        ) : info.data.passwordRequired && !info.data.unlocked ? (
          <Unlock base={base} name={info.data.name} unlocked={info.reload} />
        ) : (
          <Report base={base} info={info.data} />
        )}
      </main>
      <footer class="shared-footer">
        Shared from <strong>reeltrack</strong>
      </footer>
    </div>
  )
}

function Unlock({ base, name, unlocked }: { base: string; name: string; unlocked: () => void }) {
  const [password, setPassword] = useState('')
  const { busy, error, run } = useAction()
  const submit = (e: Event) => {
    e.preventDefault()
    run(() => post(base + '/unlock', { password }).then(unlocked))
  }
  const say = (err: ApiError) => (err.status === 401 ? 'Wrong password.' : err.status === 429 ? tooManyText(err) : sentence(err.message))
  return (
    <form class="card shared-unlock" onSubmit={submit} aria-label="Password">
      <h1>{name}</h1>
      <p>This shared report is protected. Enter the password you were given.</p>
      <label>
        Password
        <input type="password" autoComplete="current-password" value={password} required onInput={(e) => setPassword((e.target as HTMLInputElement).value)} />
      </label>
      {error && (
        <p class="error" role="alert">
          {say(error)}
        </p>
      )}
      <button type="submit" class="primary" disabled={busy !== '' || !password}>
        {busy ? 'Opening…' : 'Open'}
      </button>
    </form>
  )
}

function Report({ base, info }: { base: string; info: SharedInfo }) {
  const o = useApi((s) => get<OverviewData>(base + '/overview', undefined, s), base)
  const v = useApi((s) => get<SharedVideoList>(base + '/videos', { sort: 'views', limit: 10 }, s), base)
  const scope = info.scope.kind === 'workspace' ? 'All tracked videos' : info.scope.name
  const plats = info.platforms.length ? info.platforms.map(platformName).join(', ') : 'All platforms'
  return (
    <>
      <header class="shared-head">
        <h1>{info.name}</h1>
        <p class="muted">
          {scope} · {plats}
          {info.frozenAt && <> · figures as of {when(info.frozenAt)}</>}
        </p>
      </header>
      <Show r={o}>
        {(d) => {
          const { name: windowName, phrase } = periodNames(d)
          const gained = gainedSeries(d.series)
          const empty = emptyChart(d)
          return (
            <>
              <section class="kpis" aria-label="Key figures">
                <Kpi label="Views" value={num(d.totals.views)} raw={d.totals.views} change={d.gained.views} windowName={windowName} phrase={phrase} tracked={d.previousTracked} />
                <Kpi label="Likes" value={num(d.totals.likes)} raw={d.totals.likes} change={d.gained.likes} windowName={windowName} phrase={phrase} tracked={d.previousTracked} />
                <Kpi label="Comments" value={num(d.totals.comments)} raw={d.totals.comments} change={d.gained.comments} windowName={windowName} phrase={phrase} tracked={d.previousTracked} />
                <Kpi label="Shares" value={num(d.totals.shares)} raw={d.totals.shares} change={d.gained.shares} windowName={windowName} phrase={phrase} tracked={d.previousTracked} />
                <Kpi label="Engagement" value={pct(d.totals.engagementRate)} raw={d.totals.engagementRate} hint="interactions per view" />
                <Kpi label="Videos" value={num(d.totals.videos)} raw={d.totals.videos} hint="tracked" />
              </section>
              <section class="card">
                <h2>
                  Views gained {phrase}
                  <small class="muted"> · per {d.granularity}</small>
                </h2>
                {empty ? (
                  <p class="muted" data-testid="shared-chart-empty">
                    {empty}
                  </p>
                ) : (
                  <TimeChart
                    label={`Views gained per ${d.granularity}`}
                    granularity={d.granularity}
                    times={gained.times}
                    series={[{ label: 'Views gained', values: gained.values, bars: true }]}
                  />
                )}
              </section>
            </>
          )
        }}
      </Show>
      <section class="card" aria-labelledby="top-h">
        <h2 id="top-h">
          Top videos <small class="muted">· by views</small>
        </h2>
        <Show r={v}>
          {(d) =>
            d.videos.length ? (
              <ol class="shared-videos" data-testid="shared-videos">
                {d.videos.map((x) => (
                  <li data-views={x.metrics.views ?? ''}>
                    <Thumb src={x.thumbnailUrl} alt="" />
                    <div class="shared-video-text">
                      <a href={x.url} target="_blank" rel="noopener noreferrer">
                        {x.caption || x.url}
                      </a>
                      <div class="muted">
                        <PlatformBadge platform={x.platform} /> {x.accountHandle && '@' + x.accountHandle}
                        {x.publishedAt && ` · ${day(x.publishedAt)}`}
                      </div>
                    </div>
                    <div class="shared-video-num">
                      <strong>{num(x.metrics.views)}</strong>
                      <div class="muted">views</div>
                    </div>
                  </li>
                ))}
              </ol>
            ) : (
              <p class="muted">No videos yet.</p>
            )
          }
        </Show>
      </section>
      {info.scope.kind === 'campaign' && <Campaign base={base} />}
    </>
  )
}

function Campaign({ base }: { base: string }) {
  const r = useApi((s) => get<SharedCampaign>(base + '/campaign', undefined, s), base)
  return (
    <section class="card" aria-labelledby="campaign-h" data-testid="shared-campaign">
      <h2 id="campaign-h">Campaign</h2>
      <Show r={r}>
        {(c) => {
          const p = c.payouts
          return (
            <>
              <dl class="shared-facts">
                <div>
                  <dt>Runs</dt>
                  <dd>
                    {day(c.startsAt)} – {c.endsAt ? day(c.endsAt) : 'open'}
                  </dd>
                </div>
                <div>
                  <dt>Platforms</dt>
                  <dd>{c.platforms.map(platformName).join(', ')}</dd>
                </div>
                <div>
                  <dt>Videos</dt>
                  <dd>{exact(c.videos)}</dd>
                </div>
                <div>
                  <dt>Creators</dt>
                  <dd>{exact(c.creators)}</dd>
                </div>
                {p && (
                  <>
                    <div>
                      <dt>Budget</dt>
                      <dd>{p.budget ? money(p.budget, p.currency, p.minorDigits) : 'none'}</dd>
                    </div>
                    <div>
                      <dt>Committed</dt>
                      <dd data-testid="shared-committed">{money(p.spend.committed, p.currency, p.minorDigits)}</dd>
                    </div>
                    <div>
                      <dt>Paid</dt>
                      <dd>{money(p.spend.paid, p.currency, p.minorDigits)}</dd>
                    </div>
                  </>
                )}
              </dl>
              {p && p.lines.length > 0 && (
                <>
                  <p class="muted small">
                    Payout lines by views, most first{p.totalLines > p.lines.length ? ` (the first ${exact(p.lines.length)} of ${exact(p.totalLines)})` : ''}. An
                    amount cut by a rule of the campaign says which.
                  </p>
                  <div class="table-wrap phone-cards">
                    <table class="shared-lines phone-cards">
                      <caption class="sr-only">Payout lines</caption>
                      <thead>
                        <tr>
                          <th scope="col">Video</th>
                          <th scope="col">Creator</th>
                          <th scope="col">Status</th>
                          <th scope="col" class="num">
                            Paid views
                          </th>
                          <th scope="col" class="num">
                            Amount
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {p.lines.map((l) => (
                          <tr data-testid="shared-line" data-views={l.views}>
                            <td class="card-title">
                              <a href={l.url} target="_blank" rel="noopener noreferrer">
                                {l.caption || l.url}
                              </a>
                              <div class="muted small">{exact(l.views)} views</div>
                            </td>
                            <td data-label="Creator">{l.creator}</td>
                            <td data-label="Status">{l.status ? lineStatusLabel(l.status) : ''}</td>
                            <td class="num" data-label="Paid views">
                              {exact(l.paidViews ?? 0)}
                            </td>
                            <td class="num" data-label="Amount">
                              {money(l.amount ?? 0, p.currency, p.minorDigits)}
                              {l.bound && (
                                <div class="muted small" data-testid="shared-bound">
                                  {BOUND_TEXT[l.bound]}
                                </div>
                              )}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </>
              )}
              {!p && c.topVideos.length > 0 && (
                <ol class="shared-videos" aria-label="The campaign's top videos by views" data-testid="shared-campaign-top">
                  {c.topVideos.slice(0, 5).map((x) => (
                    <li data-views={x.views}>
                      <div class="shared-video-text">
                        <a href={x.url} target="_blank" rel="noopener noreferrer">
                          {x.caption || x.url}
                        </a>
                        <div class="muted">
                          <PlatformBadge platform={x.platform} /> {x.accountHandle && '@' + x.accountHandle}
                          {x.publishedAt ? ` · ${day(x.publishedAt)}` : ' · publish time unknown'}
                        </div>
                      </div>
                      <div class="shared-video-num">
                        <strong>{num(x.views)}</strong>
                        <div class="muted">views</div>
                      </div>
                    </li>
                  ))}
                </ol>
              )}
            </>
          )
        }}
      </Show>
    </section>
  )
}
