// One account: who it is and how fresh its numbers are, its KPIs, follower
// and views-gained series, best video, every tracked video, how often it
// publishes, and the same changes as the list (pause, remove, limit).
import { createContext, type ComponentChildren } from 'preact'
import { useContext, useMemo } from 'preact/hooks'
import { get } from '../api'
import { TimeChart } from '../chart'
import { Engagement } from '../engagement'
import { day, exact, num, pct, signed, when } from '../format'
import { NextRefresh, OutlierCell, notRefreshed } from '../insight'
import { KeptBadge, KindBadge } from '../post-kind'
import { navigate, setQuery } from '../router'
import { useWorkspace } from '../session'
import type { AccountAnalytics, Video } from '../types'
import { Empty, Freshness, NextScrape, PageHeader, PlatformBadge, Show, Stale, StatusBadge, TableHead, Thumb, Updating, numCol, useApi } from '../ui'
import { AccountActions, Avatar, Num, accountName, gainClass, notOwnText } from './account-actions'
import { Organise } from './organise'

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 })

function Kpi({ label, value, raw, testid, hint, cls = '' }: { label: string; value: string; raw: number | null; testid?: string; hint?: string; cls?: string }) {
  return (
    <div class="kpi card" data-testid={testid} data-value={raw ?? ''}>
      <div class="kpi-label">{label}</div>
      <div class={'kpi-value ' + cls} title={raw === null ? 'not available' : exact(raw)}>
        {value}
      </div>
      {hint && <div class="kpi-change muted">{hint}</div>}
    </div>
  )
}

// Bars: a small accessible table of counts with a proportional bar each.
function Bars({ caption, labels, values, unit }: { caption: string; labels: string[]; values: number[]; unit: string }) {
  const max = Math.max(1, ...values)
  return (
    <table class="bars">
      <caption class="sr-only">{caption}</caption>
      <thead class="sr-only">
        <tr>
          <th scope="col">{unit}</th>
          <th scope="col">Videos</th>
          <th scope="col">Share</th>
        </tr>
      </thead>
      <tbody>
        {labels.map((l, i) => (
          <tr>
            <th scope="row">{l}</th>
            <td class="num">{values[i] ?? 0}</td>
            <td class="bar-cell" aria-hidden="true">
              <span class={'bar' + (values[i] ? '' : ' zero')} style={{ width: `${((values[i] ?? 0) / max) * 100}%` }} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

// Competitor marks a competitor's panel (pages/competitor.tsx): its
// videos are not the workspace's, so they link to the platform, and it has
// no actions.
const Competitor = createContext(false)

// VideoLink opens a video's page, or a competitor's video on its platform.
function VideoLink({ v, children }: { v: Pick<Video, 'id' | 'url'>; children: ComponentChildren }) {
  return useContext(Competitor) ? (
    <a class="caption" href={v.url} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ) : (
    <a class="caption" href={`/videos/${v.id}`}>
      {children}
    </a>
  )
}

function VideoRow({ v }: { v: Video }) {
  return (
    <tr data-testid="row" data-id={v.id}>
      <td>
        <div class="who">
          <Thumb src={v.thumbnailUrl} alt="" />
          <div class="acc-video-text">
            <VideoLink v={v}>{v.caption || v.url}</VideoLink>
            {(v.postKind !== 'own' || v.keptUntil) && (
              <div class="acc-video-badges">
                <KindBadge kind={v.postKind} handle={v.relatedHandle} />
                <KeptBadge until={v.keptUntil} />
              </div>
            )}
          </div>
        </div>
      </td>
      <td>{v.publishedAt ? <time dateTime={v.publishedAt}>{day(v.publishedAt)}</time> : <span class="muted" title="Publish time unknown">—</span>}</td>
      <Num v={v.metrics.views} testid="views" />
      <Num v={v.metrics.likes} testid="likes" />
      <Num v={v.metrics.comments} testid="comments" />
      <Num v={v.metrics.shares} testid="shares" />
      <td class="num" data-value={v.engagementRate ?? ''}>
        <Engagement v={v} />
      </td>
      <Num v={v.viewsGained24h ?? null} fmt={signed} cls={gainClass(v.viewsGained24h)} />
      <Num v={v.viewsGained7d ?? null} fmt={signed} cls={gainClass(v.viewsGained7d)} />
      <td class="nowrap" data-testid="outlier" data-value={v.outlier?.state === 'scored' ? (v.outlier.multiplier ?? '') : ''}>
        <OutlierCell o={v.outlier} published={v.publishedAt} />
      </td>
      <td>
        <StatusBadge status={v.status} reason={v.statusReason} />
        <div class="small nowrap">
          <Freshness at={v.lastScrapedAt} status={v.status} />
        </div>
      </td>
    </tr>
  )
}

function OneBucket({ onHourly }: { onHourly: () => void }) {
  return (
    <p class="muted">
      Only today has been recorded so far: a daily chart needs two days.{' '}
      <button type="button" class="link" onClick={onHourly}>
        See it hour by hour
      </button>
    </p>
  )
}

export function Panel({ d, reload, competitor = false }: { d: AccountAnalytics; reload: () => void; competitor?: boolean }) {
  const a = d.account
  const ws = useWorkspace()
  const name = accountName(a)
  const followers = useMemo(
    () => ({ times: d.followersSeries.map((p) => p.t), series: [{ label: 'Followers', values: d.followersSeries.map((p) => p.followers) }] }),
    [d],
  )
  const views = useMemo(
    () => ({ times: d.viewsSeries.map((p) => p.t), series: [{ label: 'Views gained', values: d.viewsSeries.map((p) => p.viewsGained), bars: true }] }),
    [d],
  )
  const hours = useMemo(() => Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, '0')}:00`), [])
  const per = d.granularity === 'hour' ? 'hour' : 'day'
  const range = d.granularity === 'hour' ? 'last 7 days' : d.start ? `since ${day(d.start)}` : ''
  const best = d.bestVideo
  return (
    <Competitor.Provider value={competitor}>
      <section class="card account-head" aria-label="Account">
        <Avatar a={a} size={72} />
        <div class="facts-col">
          <h2>{a.displayName || name}</h2>
          <div class="badges">
            <span>{name}</span>
            <PlatformBadge platform={a.platform} />
            <StatusBadge status={a.status} reason={a.statusReason} />
          </div>
          <dl class="facts">
            <dt>Profile</dt>
            <dd>
              <a href={a.url} target="_blank" rel="noopener noreferrer">
                Open on the platform<span class="sr-only"> (opens in a new tab)</span> ↗
              </a>
            </dd>
            <dt>Last scraped</dt>
            <dd>
              <Freshness at={a.lastScrapedAt} status={a.status} />
            </dd>
            <dt>Tracking</dt>
            <dd data-testid="tracking">
              newest {a.tracking_limit} {a.tracking_limit === 1 ? 'video' : 'videos'}: {a.trackedVideos} tracked
              {a.videosBeyondLimit > 0 && (
                <span class="muted">
                  {' '}
                  · {a.videosBeyondLimit} older {a.videosBeyondLimit === 1 ? 'one' : 'ones'} beyond the limit, kept with {a.videosBeyondLimit === 1 ? 'its' : 'their'} history but no
                  longer refreshed or counted
                </span>
              )}
              {a.videosNotOwn > 0 && (
                <span class="muted" data-testid="not-own" data-value={a.videosNotOwn}>
                  {' '}
                  · {notOwnText(a.videosNotOwn)}
                </span>
              )}
            </dd>
            <dt>Next refresh</dt>
            <dd>
              <NextRefresh at={d.nextScrapeAt} reason={d.nextScrapeReason} state={{ hasAccess: ws?.hasAccess ?? true, status: a.status }} />
            </dd>
            <dt>Added</dt>
            <dd>{when(a.addedAt)}</dd>
          </dl>
        </div>
        {competitor ? (
          <div class="account-side muted small" data-testid="competitor-note">
            A competitor: tracked apart, never in your totals, campaigns or share links.
          </div>
        ) : (
          <div class="account-side">
            <AccountActions a={a} onChanged={reload} onRemoved={() => navigate('/accounts')} />
            <Organise
              sel={{ accountIds: [a.id] }}
              label={name}
              count={1}
              actions={a.status === 'paused' ? ['move'] : ['move', 'refresh']}
              current={a.collectionId ?? null}
              onDone={reload}
            />
          </div>
        )}
      </section>

      <section class="kpis" aria-label="Key figures">
        <Kpi label="Followers" value={num(a.followers)} raw={a.followers} testid="account-followers" hint="latest recorded" />
        <Kpi label="Followers gained 7 d" value={signed(a.followersGained7d)} raw={a.followersGained7d} testid="account-followers-7d" cls={gainClass(a.followersGained7d)} />
        <Kpi
          label="Followers gained 30 d"
          value={signed(a.followersGained30d)}
          raw={a.followersGained30d}
          testid="account-followers-30d"
          cls={gainClass(a.followersGained30d)}
        />
        <Kpi label="Total views" value={num(a.totalViews)} raw={a.totalViews} testid="account-total-views" hint={`${signed(a.viewsGained7d)} in 7 days`} />
        <Kpi label="Average views" value={num(d.perVideo.views.average)} raw={d.perVideo.views.average} testid="account-average-views" hint="per video" />
        <Kpi label="Median views" value={num(d.perVideo.views.median)} raw={d.perVideo.views.median} testid="account-median-views" hint="per video" />
        <Kpi label="Engagement" value={pct(a.engagementRate)} raw={a.engagementRate} testid="account-engagement" hint="interactions per view" />
        <Kpi label="Videos" value={num(a.trackedVideos)} raw={a.trackedVideos} testid="account-videos" hint={`${d.perVideo.views.videos} with views`} />
      </section>

      <div class="filters">
        <div class="segmented" role="radiogroup" aria-label="Chart detail">
          <button type="button" role="radio" aria-checked={d.granularity === 'day'} class={d.granularity === 'day' ? 'on' : ''} onClick={() => setQuery({ granularity: null })}>
            Daily
          </button>
          <button
            type="button"
            role="radio"
            aria-checked={d.granularity === 'hour'}
            class={d.granularity === 'hour' ? 'on' : ''}
            onClick={() => setQuery({ granularity: 'hour' })}
          >
            Hourly (7 days)
          </button>
        </div>
        <span class="muted small">Buckets are UTC {per}s; times shown in your time zone.</span>
      </div>

      {a.lastScrapedAt && d.followersSeries.every((p) => !p.followersGained) && d.viewsSeries.every((p) => !p.viewsGained) ? (
        // scraped once so far: nothing to chart yet
        <section class="card" aria-label="Growth">
          <NextScrape at={d.nextScrapeAt} reason={d.nextScrapeReason} item="the account" idle={notRefreshed({ hasAccess: ws?.hasAccess ?? true, status: a.status })} />
        </section>
      ) : (
        <div class="grid2">
          <section class="card">
            <h2>
              Followers <small class="muted">· per {per}{range && `, ${range}`}</small>
            </h2>
            {followers.times.length < 2 && d.granularity === 'day' && d.followersSeries.some((p) => p.followers !== null) ? (
              <OneBucket onHourly={() => setQuery({ granularity: 'hour' })} />
            ) : followers.times.length && d.followersSeries.some((p) => p.followers !== null) ? (
              <TimeChart label={`Followers per ${per}`} granularity={d.granularity} times={followers.times} series={followers.series} height={220} />
            ) : (
              <p class="muted">No follower counts recorded yet{a.lastScrapedAt ? '' : ': the first scrape is queued'}.</p>
            )}
          </section>
          <section class="card">
            <h2>
              Views gained <small class="muted">· per {per}{range && `, ${range}`}</small>
            </h2>
            {views.times.length === 1 && d.granularity === 'day' ? (
              <OneBucket onHourly={() => setQuery({ granularity: 'hour' })} />
            ) : views.times.length ? (
              <TimeChart label={`Views gained per ${per}`} granularity={d.granularity} times={views.times} series={views.series} height={220} />
            ) : (
              <p class="muted">No video snapshots yet{a.lastScrapedAt ? '' : ': the first scrape is queued'}.</p>
            )}
          </section>
        </div>
      )}

      <section class="card" aria-labelledby="best-h">
        <h2 id="best-h">Best video of the last 7 days</h2>
        {best ? (
          <div class="best" data-testid="best-video" data-id={best.id}>
            <Thumb src={best.thumbnailUrl} alt="" />
            <div>
              <VideoLink v={best}>{best.caption || best.url}</VideoLink>
              <div>
                <strong class="up">{signed(best.viewsGained ?? null)}</strong> views in 7 days · {num(best.metrics.views)} views in total
                {best.publishedAt && <span class="muted"> · published {day(best.publishedAt)}</span>}
              </div>
            </div>
          </div>
        ) : (
          <p class="muted">No video gained views in the last 7 days.</p>
        )}
      </section>

      <section class="card" aria-labelledby="videos-h">
        <h2 id="videos-h">
          Videos <small class="muted">· most viewed first</small>
        </h2>
        {d.videos.length ? (
          <div class="table-wrap">
            <table data-testid="account-videos-table" aria-labelledby="videos-h">
              <TableHead
                scoped
                cols={['Video', 'Published', numCol('Views'), numCol('Likes'), numCol('Comments'), numCol('Shares'), numCol('Engagement'), numCol('Views 24 h'), numCol('Views 7 d'), 'Outlier', 'Status']}
              />
              <tbody>
                {d.videos.map((v) => (
                  <VideoRow key={v.id} v={v} />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <Empty title="No videos found yet">
            {a.lastScrapedAt ? 'The last scrape found no videos on this account.' : 'The first scrape is queued: the newest videos appear here when it arrives.'}
          </Empty>
        )}
      </section>

      <section class="card" aria-labelledby="cadence-h">
        <h2 id="cadence-h">Publishing cadence</h2>
        <div class="cadence-kpis">
          <div data-testid="cadence-4w" data-value={d.cadence.last4Weeks.perWeek}>
            <strong>{decimal.format(d.cadence.last4Weeks.perWeek)}</strong>
            <span class="muted">videos a week, last 4 weeks ({d.cadence.last4Weeks.videos})</span>
          </div>
          <div data-testid="cadence-12w" data-value={d.cadence.last12Weeks.perWeek}>
            <strong>{decimal.format(d.cadence.last12Weeks.perWeek)}</strong>
            <span class="muted">videos a week, last 12 weeks ({d.cadence.last12Weeks.videos})</span>
          </div>
        </div>
        <p class="muted small">
          Counts the {d.cadence.published} tracked {d.cadence.published === 1 ? 'video' : 'videos'} with a known publish time (only the newest{' '}
          {a.tracking_limit} are tracked, so older weeks may be incomplete). Days and hours are in UTC.
        </p>
        {d.cadence.published > 0 && (
          <div class="grid2">
            <div>
              <h3>By weekday (UTC)</h3>
              <Bars caption="Videos published by weekday (UTC)" labels={WEEKDAYS} values={d.cadence.byWeekday} unit="Weekday" />
            </div>
            <div>
              <h3>By hour of day (UTC)</h3>
              <div class="hours-grid">
                <Bars caption="Videos published by hour, 00:00 to 11:00 UTC" labels={hours.slice(0, 12)} values={d.cadence.byHour.slice(0, 12)} unit="Hour" />
                <Bars caption="Videos published by hour, 12:00 to 23:00 UTC" labels={hours.slice(12)} values={d.cadence.byHour.slice(12)} unit="Hour" />
              </div>
            </div>
          </div>
        )}
      </section>
    </Competitor.Provider>
  )
}

export default function AccountPage({ params, query }: { params: Record<string, string>; query: URLSearchParams }) {
  const granularity = query.get('granularity') === 'hour' ? 'hour' : 'day'
  const id = params.id
  const r = useApi((s) => get<AccountAnalytics>(`/accounts/${encodeURIComponent(id)}/analytics`, { granularity: granularity === 'hour' ? 'hour' : undefined }, s), id + granularity)
  const title = r.data && r.data.account.id === id ? accountName(r.data.account) : 'Account'
  return (
    <>
      <PageHeader title={title}>
        <a href="/accounts">← All accounts</a>
      </PageHeader>
      {r.error?.status === 404 || r.error?.status === 400 ? (
        <Empty title="Account not found">
          It may have been removed, or it belongs to another workspace. See <a href="/accounts">your accounts</a>.
        </Empty>
      ) : (
        <Show r={r}>
          {(d) => (
            <Stale r={r}>
              <Panel d={d} reload={r.reload} />
            </Stale>
          )}
        </Show>
      )}
      <Updating r={r} />
    </>
  )
}
