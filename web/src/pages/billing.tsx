// Billing: the current plan with its usage and access, the paid plans
// (from the server's catalogue) with checkout, the founding offer and the
// customer portal.
import { useEffect, useState } from 'preact/hooks'
import { ApiError, get, post } from '../api'
import { day, exact, when } from '../format'
import { setQuery } from '../router'
import { canManage, loadWorkspace, useWorkspace } from '../session'
import type { FoundingStats, Workspace } from '../types'
import { ErrorBox, PageHeader, Spinner, useApi } from '../ui'
import './billing.css'

type Paid = 'starter' | 'growth' | 'agency'
type Interval = 'month' | 'year'
const PAID: Paid[] = ['starter', 'growth', 'agency']
const PLAN_NAMES: Record<string, string> = { trial: 'Trial', starter: 'Starter', growth: 'Growth', agency: 'Agency' }
const planName = (p: string) => PLAN_NAMES[p] ?? p
const toErr = (e: unknown) => (e instanceof ApiError ? e : new ApiError(0, 'error', String(e)))

// The plan catalogue as GET /api/plans may describe it. Read loosely: a
// limit or price the answer does not carry is simply not shown.
interface Price {
  amount: number // in the currency's minor unit (cents)
  currency: string
}
interface PlanInfo {
  name: string
  videoLimit?: number
  seatLimit?: number
  refreshIntervalHours?: number
  maxVideosPerAccount?: number
  prices: Partial<Record<Interval | 'founding', Price>>
}

type Loose = Record<string, unknown>
const isObj = (x: unknown): x is Loose => typeof x === 'object' && x !== null && !Array.isArray(x)
const numOr = (x: unknown) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined)

function readPrice(x: unknown, currency: string): Price | undefined {
  if (typeof x === 'number') return { amount: x, currency }
  if (!isObj(x)) return undefined
  const amount = numOr(x.amount) ?? numOr(x.unitAmount) ?? numOr(x.unit_amount) ?? numOr(x.cents)
  if (amount === undefined) return undefined
  return { amount, currency: typeof x.currency === 'string' ? x.currency : currency }
}

function readPlans(d: unknown): PlanInfo[] {
  const list = Array.isArray(d) ? d : isObj(d) && Array.isArray(d.plans) ? d.plans : []
  const cur = isObj(d) && typeof d.currency === 'string' ? d.currency : 'usd'
  return list.filter(isObj).map((p) => {
    const lim = isObj(p.limits) ? p.limits : p
    const pr = isObj(p.prices) ? p.prices : isObj(p.price) ? p.price : {}
    const currency = typeof p.currency === 'string' ? p.currency : cur
    const prices: PlanInfo['prices'] = {}
    for (const k of ['month', 'year', 'founding'] as const) {
      const v = readPrice(pr[k] ?? pr[k + 'ly'] ?? p[k + 'Price'], currency)
      if (v) prices[k] = v
    }
    return {
      name: String(p.name ?? p.plan ?? p.id ?? ''),
      videoLimit: numOr(lim.videoLimit),
      seatLimit: numOr(lim.seatLimit),
      refreshIntervalHours: numOr(lim.refreshIntervalHours),
      maxVideosPerAccount: numOr(lim.maxVideosPerAccount),
      prices,
    }
  })
}

function money(p: Price): string {
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency: p.currency.toUpperCase(), minimumFractionDigits: p.amount % 100 ? 2 : 0 }).format(p.amount / 100)
  } catch {
    return `${(p.amount / 100).toFixed(2)} ${p.currency.toUpperCase()}`
  }
}

const SUBSCRIBED = ['active', 'trialing', 'past_due']
const STATUS_TEXT: Record<string, string> = {
  active: 'Active',
  trialing: 'Trialing',
  past_due: 'Payment past due',
  incomplete: 'First payment pending',
  incomplete_expired: 'First payment failed',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  paused: 'Paused',
}

// noAccessReason says in words why the workspace has no access.
function noAccessReason(ws: Workspace): string {
  const s = ws.subscriptionStatus
  if (s === 'past_due') return `The last payment failed and the grace period ended${ws.graceEndsAt ? ` on ${when(ws.graceEndsAt)}` : ''}. Update your payment details in the customer portal to get access back.`
  if (s === 'canceled') return 'Your subscription was canceled. Choose a plan to start tracking again.'
  if (s === 'unpaid') return 'Your subscription is unpaid. Update your payment details in the customer portal, or choose a plan.'
  if (s === 'incomplete_expired') return 'The first payment of your subscription failed. Choose a plan to try again.'
  if (s === 'paused') return 'Your subscription is paused. Resume it in the customer portal, or choose a plan.'
  if (ws.plan === 'trial' && ws.trialEndsAt && new Date(ws.trialEndsAt).getTime() <= Date.now())
    return `Your free trial ended on ${when(ws.trialEndsAt)}. Choose a plan to keep tracking.`
  return 'This workspace has no active plan. Choose a plan to keep tracking.'
}

function Usage({ label, used, limit, testid }: { label: string; used: number; limit: number; testid: string }) {
  const over = used > limit
  return (
    <div class="usage-row">
      <div>
        {label}: <strong data-testid={`${testid}-used`}>{exact(used)}</strong> of <strong data-testid={`${testid}-limit`}>{exact(limit)}</strong>
        {used > limit && <span class="down"> · over the limit</span>}
      </div>
      <div class="bar" role="progressbar" aria-label={`${label} used`} aria-valuemin={0} aria-valuemax={limit} aria-valuenow={used}>
        <span class={over ? 'full' : ''} style={{ width: `${Math.min(100, (used / Math.max(1, limit)) * 100)}%` }} />
      </div>
    </div>
  )
}

function CurrentPlan({ ws }: { ws: Workspace }) {
  const subscribed = !!ws.subscriptionStatus
  return (
    <section class="card" data-testid="plan-current" aria-labelledby="plan-title">
      <h2 id="plan-title">
        Current plan: <span data-testid="plan-name">{planName(ws.plan)}</span>
        {ws.founding && <span class="badge founding-badge">Founding member</span>}
      </h2>
      {!ws.hasAccess && (
        <div class="error-box" role="alert" data-testid="no-access">
          <strong>No access.</strong> {noAccessReason(ws)} Your tracked videos and data are kept.
        </div>
      )}
      <dl class="facts">
        <dt>Status</dt>
        <dd>
          {ws.subscriptionStatus ? STATUS_TEXT[ws.subscriptionStatus] ?? ws.subscriptionStatus : ws.plan === 'trial' ? 'Free trial' : 'No subscription'}
          {ws.hasAccess ? '' : ' (no access)'}
        </dd>
        {ws.plan === 'trial' && ws.trialEndsAt && (
          <>
            <dt>{new Date(ws.trialEndsAt).getTime() > Date.now() ? 'Trial ends' : 'Trial ended'}</dt>
            <dd>
              <time dateTime={ws.trialEndsAt}>{when(ws.trialEndsAt)}</time>
            </dd>
          </>
        )}
        {ws.graceEndsAt && (
          <>
            <dt>Access until</dt>
            <dd>
              <time dateTime={ws.graceEndsAt}>{when(ws.graceEndsAt)}</time> <span class="muted">(grace period after the failed payment)</span>
            </dd>
          </>
        )}
        <dt>Refreshed</dt>
        <dd>every {ws.refreshIntervalHours} h</dd>
        <dt>Per account</dt>
        <dd>up to {exact(ws.maxVideosPerAccount)} videos</dd>
        {!subscribed && ws.plan !== 'trial' && (
          <>
            <dt>Since</dt>
            <dd>{day(ws.createdAt)}</dd>
          </>
        )}
      </dl>
      <div class="usage-list">
        <Usage label="Videos" used={ws.usage.videos} limit={ws.videoLimit} testid="videos" />
        <Usage label="Seats" used={ws.usage.seats} limit={ws.seatLimit} testid="seats" />
      </div>
      {ws.usage.videos > ws.videoLimit && (
        <p class="muted">Tracking more is blocked until the usage is back within the limit: remove accounts, lower their tracking limit, or upgrade.</p>
      )}
    </section>
  )
}

function Portal({ manage }: { manage: boolean }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const open = async () => {
    setBusy(true)
    setError(null)
    try {
      const r = await post<{ url: string }>('/payment/create-portal')
      location.assign(r.url)
    } catch (e) {
      setError(toErr(e))
      setBusy(false)
    }
  }
  return (
    <section class="card" aria-labelledby="portal-title">
      <h2 id="portal-title">Subscription</h2>
      <p class="muted">Change plan or billing interval, update payment details, see invoices or cancel in the customer portal.</p>
      <button type="button" class="primary" onClick={open} disabled={busy || !manage}>
        {busy ? 'Opening…' : 'Manage subscription'}
      </button>
      {error && <ErrorBox error={error} />}
    </section>
  )
}

export default function Billing({ query }: { query: URLSearchParams }) {
  const ws = useWorkspace()
  const [wsError, setWsError] = useState<ApiError | null>(null)
  const [busy, setBusy] = useState<string>('')
  const [error, setError] = useState<{ key: string; err: ApiError } | null>(null)
  const interval: Interval = query.get('interval') === 'year' ? 'year' : 'month'
  const plans = useApi((s) => get<unknown>('/plans', undefined, s), 'plans')
  const founding = useApi((s) => get<FoundingStats>('/founding/stats', undefined, s), 'founding')

  const reloadWs = () => {
    setWsError(null)
    loadWorkspace().catch((e) => setWsError(toErr(e)))
  }
  useEffect(reloadWs, [])

  if (!ws) return (
    <>
      <PageHeader title="Billing" />
      {wsError ? <ErrorBox error={wsError} retry={reloadWs} /> : <Spinner />}
    </>
  )

  const manage = canManage(ws)
  const subscribed = !!ws.subscriptionStatus && SUBSCRIBED.includes(ws.subscriptionStatus)
  const catalogue = plans.data !== undefined ? readPlans(plans.data) : []
  const info = (p: Paid) => catalogue.find((x) => x.name === p)

  const checkout = async (plan: Paid, iv: Interval, isFounding = false) => {
    const key = isFounding ? 'founding' : plan
    setBusy(key)
    setError(null)
    try {
      const r = await post<{ url: string }>('/payment/create-checkout', isFounding ? { plan, interval: iv, founding: true } : { plan, interval: iv })
      location.assign(r.url)
    } catch (e) {
      setError({ key, err: toErr(e) })
      setBusy('')
      if (isFounding) founding.reload()
    }
  }

  const f = founding.data
  const foundingPrice = info('growth')?.prices.founding

  return (
    <>
      <PageHeader title="Billing" />
      {wsError && <ErrorBox error={wsError} retry={reloadWs} />}
      <CurrentPlan ws={ws} />
      {!manage && (
        <p class="note" role="note" id="billing-role-note">
          Only the workspace’s owner or an admin can choose a plan or manage the subscription. Ask them to upgrade.
        </p>
      )}
      {ws.subscriptionStatus && <Portal manage={manage} />}

      <section aria-labelledby="plans-title">
        <div class="plans-head">
          <h2 id="plans-title">Plans</h2>
          <div class="segmented" role="radiogroup" aria-label="Billing interval">
            {(['month', 'year'] as const).map((iv) => (
              <button type="button" role="radio" aria-checked={interval === iv} class={interval === iv ? 'on' : ''} onClick={() => setQuery({ interval: iv })}>
                {iv === 'month' ? 'Monthly' : 'Yearly'}
              </button>
            ))}
          </div>
        </div>
        {subscribed && (
          <p class="muted">You have a subscription: switch plans or billing interval under “Manage subscription” above.</p>
        )}
        {plans.error && plans.error.status !== 404 && <ErrorBox error={plans.error} retry={plans.reload} />}
        <div class="plans">
          {PAID.map((p) => {
            const pi = info(p)
            const price = pi?.prices[interval]
            const current = ws.plan === p && subscribed
            return (
              <article class={`card plan${current ? ' plan-on' : ''}`} aria-labelledby={`plan-${p}`} data-testid={`plan-${p}`}>
                <h3 id={`plan-${p}`}>
                  {planName(p)} {current && <span class="badge">Your plan</span>}
                </h3>
                {price ? (
                  <p class="price">
                    <strong>{money(price)}</strong> <span class="muted">/ {interval}</span>
                  </p>
                ) : plans.loading && plans.data === undefined ? (
                  <p class="muted">Loading prices…</p>
                ) : null}
                {pi && (pi.videoLimit !== undefined || pi.seatLimit !== undefined) && (
                  <ul class="limits">
                    {pi.videoLimit !== undefined && <li>{exact(pi.videoLimit)} videos</li>}
                    {pi.seatLimit !== undefined && <li>{exact(pi.seatLimit)} seats</li>}
                    {pi.refreshIntervalHours !== undefined && <li>refreshed every {pi.refreshIntervalHours} h</li>}
                    {pi.maxVideosPerAccount !== undefined && <li>up to {exact(pi.maxVideosPerAccount)} videos per account</li>}
                  </ul>
                )}
                <button
                  type="button"
                  class="primary"
                  disabled={!manage || subscribed || !!busy}
                  aria-describedby={!manage ? 'billing-role-note' : undefined}
                  onClick={() => checkout(p, interval)}
                >
                  {busy === p ? 'Opening checkout…' : `Choose ${planName(p)}`}
                </button>
                {error?.key === p && <ErrorBox error={error.err} />}
              </article>
            )
          })}
        </div>
        {plans.error?.status === 404 && <p class="muted small">Plan limits and prices are shown at checkout.</p>}
      </section>

      {founding.error ? (
        <ErrorBox error={founding.error} retry={founding.reload} />
      ) : f && (f.remaining > 0 || ws.founding) ? (
        <section class="card founding" data-testid="founding" aria-labelledby="founding-title">
          <h2 id="founding-title">Founding offer</h2>
          {ws.founding ? (
            <p>You hold a founding yearly subscription. Thank you for being one of the first!</p>
          ) : (
            <>
              <p>
                The Growth plan billed yearly at the founding price{foundingPrice ? <> of <strong>{money(foundingPrice)}</strong> / year</> : ''}, for the first{' '}
                {exact(f.total)} workspaces.{' '}
                <strong data-testid="founding-remaining">{exact(f.remaining)}</strong> of {exact(f.total)} spots left.
              </p>
              <p class="muted small">Starting the checkout holds a spot for you for about two hours while you pay.</p>
              <button
                type="button"
                class="primary"
                disabled={!manage || subscribed || !!busy}
                aria-describedby={!manage ? 'billing-role-note' : undefined}
                onClick={() => checkout('growth', 'year', true)}
              >
                {busy === 'founding' ? 'Opening checkout…' : 'Claim a founding spot'}
              </button>
              {error?.key === 'founding' && <ErrorBox error={error.err} />}
            </>
          )}
        </section>
      ) : null}
    </>
  )
}
