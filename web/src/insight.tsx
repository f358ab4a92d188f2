// Insights in words: how a video compares with its account's earlier
// videos at the same age (its outlier score), what it is forecast to
// reach, and why its next scrape comes when it does.
import { useEffect, useState } from 'preact/hooks'
import { DASH, exact, num, signed, when } from './format'
import type { Forecast, ForecastState, Outlier, OutlierState, ScrapeReason } from './types'
import './insight.css'

const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 })

// ageText words an age in hours: "6 h", "24 h", "3 d".
export function ageText(hours: number): string {
  return hours <= 24 ? `${hours} h` : `${Math.round(hours / 24)} d`
}

// times words a multiplier: "3.4×".
export const times = (m: number) => `${decimal.format(m)}×`

// outlierText is a scored video's score in short: "3.4× · p97 at 24 h".
export function outlierText(o: Outlier): string {
  return `${times(o.multiplier ?? 0)} · p${o.percentile ?? 0} at ${ageText(o.ageHours ?? 0)}`
}

// OUTLIER_WHY says in a few words why a video has no score.
export const OUTLIER_WHY: Record<Exclude<OutlierState, 'scored'>, string> = {
  too_young: 'too young',
  no_early_views: 'first seen too late',
  too_few_videos: 'account history too short',
  no_account: 'tracked alone',
  no_publish_time: 'publish time unknown',
  pending: 'not scored yet',
}

// OUTLIER_WHY_LONG says it in a sentence.
export const OUTLIER_WHY_LONG: Record<Exclude<OutlierState, 'scored'>, string> = {
  too_young: 'The video is not an hour old yet: it is scored from its first hour on.',
  no_early_views:
    'The video was first scraped too long after it was published: its views at the ages it is compared at (1 h, 6 h, 24 h, 3 d, 7 d, 30 d) are not known.',
  too_few_videos: 'Its account has fewer than 5 earlier tracked videos with views known at the same age to compare it with.',
  no_account: 'It is tracked by its own link, not through an account: there are no videos of the same account to compare it with.',
  no_publish_time: 'Neither the platform nor the post’s id gave its publish time: it has no age to be compared with its account’s videos at.',
  pending: 'The video has not been scored yet: scores are worked out every hour.',
}

// SCORED_AGES are the ages a video is scored at, in hours after publishing.
export const SCORED_AGES = [1, 6, 24, 72, 168, 720]

// nextScoredAge is the first scored age a video published at iso has not
// reached yet; null past the last (30 d) or without a publish time.
export function nextScoredAge(published: string | null | undefined, now = Date.now()): number | null {
  if (!published) return null
  const age = (now - Date.parse(published)) / 3_600_000
  return SCORED_AGES.find((a) => a > age) ?? null
}

// outlierWhy says in a few words why a video has no score; one first
// seen after some ages says the next it is compared at ("scored from 3
// d"), the ages it has passed being unknown.
export function outlierWhy(o: Outlier, published?: string | null): string {
  if (o.state === 'scored') return ''
  if (o.state === 'no_early_views') {
    const next = nextScoredAge(published)
    return next ? `scored from ${ageText(next)}` : 'first seen after 30 d'
  }
  return OUTLIER_WHY[o.state] ?? o.state
}

// outlierWhyLong says it in a sentence.
export function outlierWhyLong(o: Outlier, published?: string | null): string {
  if (o.state === 'scored') return ''
  if (o.state === 'no_early_views') {
    const next = nextScoredAge(published)
    if (!next) return 'The video was first scraped after 30 days, the last age videos are compared at: it is not scored.'
    const at = when(new Date(Date.parse(published!) + next * 3_600_000).toISOString())
    return `The video was first scraped after the ages it had passed, so its views then are not known. It is compared at the next one it reaches while tracked, ${ageText(next)} after publishing (${at}), once 5 earlier videos of its account have views known at that age too.`
  }
  return OUTLIER_WHY_LONG[o.state] ?? o.state
}

// outlierTitle explains a score: the views at the age against the median
// of the account's earlier videos.
export function outlierTitle(o: Outlier, published?: string | null): string {
  if (o.state !== 'scored') return outlierWhyLong(o, published)
  const more = (o.percentile ?? 0) >= 100 ? 'more than any of them' : `more than ${o.percentile} % of them`
  return `${exact(o.views)} views at ${ageText(o.ageHours ?? 0)}: ${times(o.multiplier ?? 0)} the median (${num(o.median)} views) of the account's ${exact(o.baseline)} earlier videos at the same age, ${more}`
}

// OutlierCell is a table's outlier cell: the score, or why there is none.
export function OutlierCell({ o, published }: { o: Outlier | undefined; published?: string | null }) {
  if (!o) return <span class="muted">{DASH}</span>
  if (o.state !== 'scored')
    return (
      <span class="muted small insight-why" title={outlierWhyLong(o, published)} data-state={o.state}>
        {outlierWhy(o, published)}
      </span>
    )
  return (
    <span class={(o.multiplier ?? 0) >= 2 ? 'insight-hot' : ''} title={outlierTitle(o)} data-state="scored">
      {outlierText(o)}
    </span>
  )
}

// FORECAST_WHY says in a few words why a video has no forecast.
export const FORECAST_WHY: Record<Exclude<ForecastState, 'forecast'>, string> = {
  too_old: 'over 30 days old',
  too_young: 'too young',
  no_history: 'not enough history',
  pending: 'not forecast yet',
}

export const FORECAST_WHY_LONG: Record<Exclude<ForecastState, 'forecast'>, string> = {
  too_old: 'The video was published 30 days ago or more: its views have mostly settled, and it is not forecast.',
  too_young: 'The video has no snapshot an hour or more after publishing yet: it is forecast once it has.',
  no_history: 'Too few videos of its account or of the workspace have views known at this age and later to forecast from.',
  pending: 'The video has not been forecast yet: forecasts are worked out every hour.',
}

// bandText words a forecast's 80 % band: "40.1K–51.3K".
export const bandText = (low: number | null, high: number | null) => `${num(low)}–${num(high)}`

// ForecastCell is a table's cell of the views a video is forecast to gain
// in the next 7 days, its band as the tooltip; or a dash and why.
export function ForecastCell({ f }: { f: Forecast | undefined }) {
  if (!f) return <span class="muted">{DASH}</span>
  if (f.state !== 'forecast')
    return (
      <span class="muted small insight-why" title={FORECAST_WHY_LONG[f.state]} data-state={f.state}>
        {DASH} {FORECAST_WHY[f.state] ?? f.state}
      </span>
    )
  return (
    <span
      data-state="forecast"
      title={
        `${exact(f.views7d)} views in 7 days (80 % between ${exact(f.views7dLow)} and ${exact(f.views7dHigh)})` +
        (f.views30d !== null ? `; ${exact(f.views30d)} in 30 days (${exact(f.views30dLow)}–${exact(f.views30dHigh)})` : '')
      }
    >
      {signed(f.gain7d)}
    </span>
  )
}

// SCRAPE_REASONS words why the next scrape comes when it does.
export const SCRAPE_REASONS: Record<ScrapeReason, string> = {
  new: 'first scrape',
  first_day: 'first-day refresh',
  young: 'a video under 48 hours old: refreshed often',
  growing: 'growing fast',
  campaign: "in a campaign's counting window",
  alert_rule: 'watched by an alert rule',
  settled: 'settled: refreshed less often',
  budget: 'held back by the scrape budget',
}

// RefreshState is what tells why an item is refreshed as it is, or not at
// all: the workspace's access, the item's status, whether it is a video
// found through an account (refreshed with it), and that account's
// tracking limit.
export interface RefreshState {
  hasAccess: boolean
  status?: string
  viaAccount?: boolean
  limit?: number | null
}

// notRefreshed says why an item has no next scrape, in words true for it:
// "paused", "the plan has no access", "not refreshed: beyond the
// account's limit of 30 newest posts".
export function notRefreshed(s: RefreshState): string {
  if (!s.hasAccess) return 'the plan has no access'
  if (s.status === 'paused') return 'paused'
  if (s.status === 'beyond_limit')
    return s.limit != null
      ? `not refreshed: beyond the account's limit of ${exact(s.limit)} newest ${s.limit === 1 ? 'post' : 'posts'}`
      : "not refreshed: beyond its account's tracking limit"
  // a video refreshed with its account, whose account is not refreshed
  if (s.viaAccount) return 'not refreshed: its account is paused'
  return 'none planned'
}

// reasonText words a reason, for a video found through an account the
// account's: "with its account (settled: refreshed less often)".
export function reasonText(reason: ScrapeReason | null | undefined, viaAccount = false): string {
  const r = reason ? SCRAPE_REASONS[reason] : ''
  if (viaAccount) return r ? `with its account (${r})` : 'with its account'
  return r
}

// refreshIn says how soon a scrape at iso comes: "in about 3 h".
export function refreshIn(iso: string, now = Date.now()): string {
  const min = Math.round((Date.parse(iso) - now) / 60000)
  if (min <= 1) return 'under way'
  if (min < 90) return `in about ${min} min`
  const h = Math.round(min / 60)
  if (h < 36) return `in about ${h} h`
  return `in about ${Math.round(h / 24)} days`
}

// NextRefresh says when the next scrape comes and why ("in about 3 h ·
// a video under 48 hours old: refreshed often"), or why none is planned.
export function NextRefresh({ at, reason, state }: { at: string | null | undefined; reason: ScrapeReason | null | undefined; state: RefreshState }) {
  const [, tick] = useState(0)
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 30000)
    return () => clearInterval(t)
  }, [])
  if (!at)
    return (
      <span class="muted" data-testid="next-refresh" data-reason="">
        {notRefreshed(state)}
      </span>
    )
  const why = reasonText(reason, state.viaAccount)
  return (
    <span data-testid="next-refresh" data-reason={reason ?? ''}>
      <time dateTime={at} title={when(at)}>
        {refreshIn(at)}
      </time>
      {why && <span class="muted"> · {why}</span>}
    </span>
  )
}
