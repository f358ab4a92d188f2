// Billing: the current plan with its usage and access, the paid plans
// (from the server's catalogue) with checkout, the founding offer and the
// customer portal.
import type { ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { ApiError, get, post, toApiError } from '../api'
import { day, exact, filled, when } from '../format'
import { every, Limits, money, planName, PriceTag } from '../plans'
import { setQuery } from '../router'
import { canManage, loadWorkspace, useWorkspace } from '../session'
import type { FoundingStats, PlanName, Plans, SessionURL, Workspace } from '../types'
import { Empty, ErrorBox, PageHeader, Show, Spinner, useApi } from '../ui'
import './billing.css'

type Interval = 'month' | 'year'
const INTERVALS: Interval[] = ['month', 'year']
const INTERVAL_NAMES: Record<Interval, string> = { month: 'Monthly', year: 'Yearly' }

// useBusyUntilBack is the busy state of buttons that send the browser to
// the payment provider. Coming back with the browser's Back button shows
// the page as it was left, busy: the state is cleared when the page is
// restored from the back-forward cache or shown again after leaving.
function useBusyUntilBack(): [string, (key: string) => void, (url: string) => void] {
  const [busy, setBusy] = useState('')
  const away = useRef(false)
  useEffect(() => {
    const back = () => {
      away.current = false
      setBusy('')
    }
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) back()
    }
    const onVisible = () => {
      if (document.visibilityState === 'visible' && away.current) back()
    }
    addEventListener('pageshow', onShow)
    document.addEventListener('visibilitychange', onVisible)
    return () => {
      removeEventListener('pageshow', onShow)
      document.removeEventListener('visibilitychange', onVisible)
    }
  }, [])
  const leave = (url: string) => {
    away.current = true
    location.assign(url)
  }
  return [busy, setBusy, leave]
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

function Usage({ label, used, limit, testid, of = 'of', children }: { label: string; used: number; limit: number; testid: string; of?: string; children?: ComponentChildren }) {
  const over = used > limit
  return (
    <div class="usage-row">
      <div>
        {label}: <strong data-testid={`${testid}-used`}>{exact(used)}</strong> {of} <strong data-testid={`${testid}-limit`}>{exact(limit)}</strong>
        {used > limit && <span class="down"> · over the limit</span>}
      </div>
      <div class="bar" role="progressbar" aria-label={`${label} used`} aria-valuemin={0} aria-valuemax={limit} aria-valuenow={used}>
        <span class={over ? 'full' : ''} style={{ width: filled(used, limit) }} />
      </div>
      {children && <small class="muted">{children}</small>}
    </div>
  )
}

function CurrentPlan({ ws, trial }: { ws: Workspace; trial: Plans['trial'] | undefined }) {
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
        {ws.plan === 'trial' && trial && (
          <>
            <dt>Trial length</dt>
            <dd>{trial.lengthDays} days</dd>
          </>
        )}
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
        <dd>{every(ws.refreshIntervalHours)}</dd>
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
        {ws.scrapeBudget && (
          <Usage label="Scrapes in the last 24 h" used={ws.scrapeBudget.usedLast24h} limit={ws.scrapeBudget.perDay} of="of a budget of" testid="scrape-budget">
            Young and fast-growing videos, those in a campaign's counting window and those an alert rule watches are refreshed first; when the budget runs short,
            settled videos wait.
          </Usage>
        )}
      </div>
      {ws.plan === 'trial' && trial && (
        <div class="trial-limits" data-testid="trial-limits">
          <h3>Your {trial.lengthDays}-day free trial includes</h3>
          <Limits p={trial} />
          {trial.seatLimit > 1 && (
            <p class="muted small">
              The trial includes {trial.seatLimit} seats: invite a teammate from <a href="/team">Team</a>.
            </p>
          )}
        </div>
      )}
      {ws.billedTogether > 1 && ws.ownUsage && (
        <p class="muted" data-testid="billed-together">
          The agency’s {ws.billedTogether} workspaces share these limits: the numbers above are theirs together; this workspace uses {exact(ws.ownUsage.videos)}{' '}
          {ws.ownUsage.videos === 1 ? 'video' : 'videos'} and {exact(ws.ownUsage.seats)} {ws.ownUsage.seats === 1 ? 'seat' : 'seats'} of them.
        </p>
      )}
      {ws.usage.videos > ws.videoLimit && (
        <p class="muted">Tracking more is blocked until the usage is back within the limit: remove accounts, lower their tracking limit, or upgrade.</p>
      )}
    </section>
  )
}

function Portal({ manage }: { manage: boolean }) {
  const [busy, setBusy, leave] = useBusyUntilBack()
  const [error, setError] = useState<ApiError | null>(null)
  const open = async () => {
    setBusy('portal')
    setError(null)
    try {
      const r = await post<SessionURL>('/payment/create-portal')
      leave(r.url)
    } catch (e) {
      setError(toApiError(e))
      setBusy('')
    }
  }
  return (
    <section class="card" aria-labelledby="portal-title">
      <h2 id="portal-title">Subscription</h2>
      <p class="muted">Change plan or billing interval, update payment details, see invoices or cancel in the customer portal.</p>
      <button type="button" class="primary" onClick={open} disabled={!!busy || !manage}>
        {busy ? 'Opening…' : 'Manage subscription'}
      </button>
      {error && <ErrorBox error={error} />}
    </section>
  )
}

export default function Billing({ query }: { query: URLSearchParams }) {
  const ws = useWorkspace()
  const [wsError, setWsError] = useState<ApiError | null>(null)
  const [busy, setBusy, leave] = useBusyUntilBack()
  const [error, setError] = useState<{ key: string; err: ApiError } | null>(null)
  const plans = useApi((s) => get<Plans>('/plans', undefined, s), 'plans')
  const founding = useApi((s) => get<FoundingStats>('/founding/stats', undefined, s), 'founding')
  const catalogue = plans.data?.plans ?? []
  // Only the intervals some plan can be bought with; the URL may ask for one.
  const offered = INTERVALS.filter((iv) => catalogue.some((p) => p.intervals.includes(iv)))
  const asked = query.get('interval') === 'year' ? 'year' : 'month'
  const interval: Interval = offered.includes(asked) || offered.length === 0 ? asked : offered[0]

  const reloadWs = () => {
    setWsError(null)
    loadWorkspace().catch((e) => setWsError(toApiError(e)))
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
  const checkout = async (plan: PlanName, iv: Interval, isFounding = false) => {
    const key = isFounding ? 'founding' : plan
    setBusy(key)
    setError(null)
    try {
      const r = await post<SessionURL>('/payment/create-checkout', isFounding ? { plan, interval: iv, founding: true } : { plan, interval: iv })
      leave(r.url)
    } catch (e) {
      setError({ key, err: toApiError(e) })
      setBusy('')
      if (isFounding) founding.reload()
    }
  }

  const f = founding.data
  const growth = catalogue.find((p) => p.name === 'growth')
  const foundingPrice = plans.data?.founding?.price ?? null
  const growthYearly = growth?.prices.year ?? null

  return (
    <>
      <PageHeader title="Billing" />
      {wsError && <ErrorBox error={wsError} retry={reloadWs} />}
      <CurrentPlan ws={ws} trial={plans.data?.trial} />
      {ws.billedBy && (
        <section class="card" data-testid="billed-by" aria-labelledby="billed-by-title">
          <h2 id="billed-by-title">Billed by the agency</h2>
          <p>
            This workspace is on the subscription of <strong>{ws.billedBy.name}</strong>, the agency’s own workspace: its plan, limits and access are the
            agency’s, and its subscription is managed there. <a href="/agency">The agency’s billing</a>
          </p>
        </section>
      )}
      {!ws.billedBy && (
        <>
      {!manage && (
        <p class="note" role="note" id="billing-role-note">
          Only the workspace’s owner or an admin can choose a plan or manage the subscription. Ask them to upgrade.
        </p>
      )}
      {ws.subscriptionStatus && <Portal manage={manage} />}

      <section aria-labelledby="plans-title">
        <div class="plans-head">
          <h2 id="plans-title">Plans</h2>
          {offered.length > 1 && (
            <div class="segmented" role="radiogroup" aria-label="Billing interval">
              {offered.map((iv) => (
                <button type="button" role="radio" aria-checked={interval === iv} class={interval === iv ? 'on' : ''} onClick={() => setQuery({ interval: iv })}>
                  {INTERVAL_NAMES[iv]}
                </button>
              ))}
            </div>
          )}
          {offered.length === 1 && <span class="muted">Billed {offered[0] === 'month' ? 'monthly' : 'yearly'}</span>}
        </div>
        {subscribed && (
          <p class="muted">You have a subscription: switch plans or billing interval under “Manage subscription” above.</p>
        )}
        <Show r={plans}>
          {(d) =>
            d.plans.length === 0 ? (
              <Empty title="No plans to choose from">This server has no paid plans configured.</Empty>
            ) : (
              <>
                <div class="plans">
                  {d.plans.map((p) => {
                    const current = ws.plan === p.name && subscribed
                    const sellable = p.intervals.includes(interval)
                    return (
                      <article class={`card plan${current ? ' plan-on' : ''}`} aria-labelledby={`plan-${p.name}`} data-testid={`plan-${p.name}`}>
                        <h3 id={`plan-${p.name}`}>
                          {planName(p.name)} {current && <span class="badge">Your plan</span>}
                        </h3>
                        {sellable && (
                          <p class="price">
                            {p.prices[interval] ? <PriceTag p={p.prices[interval]!} testid={`price-${p.name}`} /> : <span class="muted">Price shown at checkout</span>}
                          </p>
                        )}
                        <Limits p={p} />
                        <p class="muted small">
                          {p.intervals.length === 0
                            ? 'Not for sale on this server: billing is not configured.'
                            : `Billed ${p.intervals.map((iv) => (iv === 'month' ? 'monthly' : 'yearly')).join(' or ')}`}
                        </p>
                        {p.intervals.length > 0 && (
                          <button
                            type="button"
                            class="primary"
                            disabled={!manage || subscribed || !!busy || !sellable}
                            aria-describedby={!manage ? 'billing-role-note' : undefined}
                            onClick={() => checkout(p.name, interval)}
                          >
                            {busy === p.name ? 'Opening checkout…' : sellable ? `Choose ${planName(p.name)} ${interval === 'month' ? 'monthly' : 'yearly'}` : `Not billed ${interval === 'month' ? 'monthly' : 'yearly'}`}
                          </button>
                        )}
                        {error?.key === p.name && <ErrorBox error={error.err} />}
                      </article>
                    )
                  })}
                </div>
                <p class="muted small">
                  {d.plans.every((p) => p.intervals.every((iv) => p.prices[iv]))
                    ? 'Taxes, where they apply, are shown at checkout.'
                    : 'Prices and taxes are shown at checkout.'}
                </p>
              </>
            )
          }
        </Show>
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
                The Growth plan{growth ? ` (${exact(growth.videoLimit)} videos, ${exact(growth.seatLimit)} seats)` : ''} billed yearly at a founding price
                {foundingPrice ? (
                  <>
                    {' '}of <PriceTag p={foundingPrice} testid="founding-price" />
                    {growthYearly && growthYearly.amount !== foundingPrice.amount && growthYearly.currency === foundingPrice.currency
                      ? ` instead of ${money(growthYearly)}`
                      : ''}
                  </>
                ) : (
                  ' (shown at checkout)'
                )}
                , for the first {exact(f.total)} workspaces.{' '}
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
      )}
    </>
  )
}
