// What a plan is, in words, wherever plans are shown: the landing's
// pricing and Billing. GET /api/plans (Plans) says what each plan allows
// and the payment provider's prices when the server could read them (null
// otherwise: the provider shows them at checkout). A price's amount is in
// the currency's minor unit.
import { exact } from './format'
import type { PlanLimits, PlanPrice, Workspace } from './types'

const PLAN_NAMES: Record<string, string> = { trial: 'Trial', starter: 'Starter', growth: 'Growth', agency: 'Agency' }

export const planName = (p: string) => PLAN_NAMES[p] ?? p

// money formats a price's amount in its currency, with the currency's own
// number of decimals (2 for USD, 0 for JPY).
export function money(p: PlanPrice): string {
  try {
    const f = new Intl.NumberFormat(undefined, { style: 'currency', currency: p.currency.toUpperCase() })
    return f.format(p.amount / 10 ** (f.resolvedOptions().maximumFractionDigits ?? 2))
  } catch {
    return `${(p.amount / 100).toFixed(2)} ${p.currency.toUpperCase()}`
  }
}

// period says how often a price is paid: "per month", "every 3 months".
export const period = (p: PlanPrice) => (p.intervalCount > 1 ? `every ${p.intervalCount} ${p.interval}s` : `per ${p.interval}`)

export function PriceTag({ p, testid }: { p: PlanPrice; testid?: string }) {
  return (
    <span data-testid={testid}>
      <strong>{money(p)}</strong> {period(p)}
    </span>
  )
}

export const every = (h: number) => (h === 1 ? 'every hour' : `every ${h} h`)

// Limits lists what a plan allows.
export function Limits({ p }: { p: PlanLimits }) {
  return (
    <ul class="limits">
      <li>
        <strong>{exact(p.videoLimit)}</strong> tracked videos
      </li>
      <li>
        <strong>{exact(p.seatLimit)}</strong> {p.seatLimit === 1 ? 'seat' : 'seats'}
      </li>
      <li>up to {exact(p.maxVideosPerAccount)} videos per tracked account</li>
      <li>numbers refreshed {every(p.refreshIntervalHours)}</li>
      {p.manualRefreshesPerDay > 0 && <li>{exact(p.manualRefreshesPerDay)} items a day refreshed on demand</li>}
      {p.scrapeBudget !== undefined && <li>up to {exact(p.scrapeBudget)} scrapes a day</li>}
    </ul>
  )
}

const DAY = 24 * 60 * 60 * 1000

// trialLeft says how long the workspace's trial still runs: "9 days left",
// "last day", "ended"; null off the trial or without an end.
export function trialLeft(ws: Workspace, now = Date.now()): string | null {
  if (ws.plan !== 'trial' || !ws.trialEndsAt) return null
  const ms = Date.parse(ws.trialEndsAt) - now
  if (!(ms > 0)) return 'ended'
  const days = Math.ceil(ms / DAY)
  return days <= 1 ? 'last day' : `${days} days left`
}
