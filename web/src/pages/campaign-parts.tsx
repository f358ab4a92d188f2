// What the campaign pages share: money in a campaign's currency (integer
// minor units in the API), the spend bar, the ledger's badges and words,
// a version of the rules in words, and the fields that edit one.
import { DASH, day, exact, filled, pct, platformName, when } from '../format'
import {
  COLLABS,
  PLATFORMS,
  type Bound,
  type Collabs,
  type GoalStatus,
  type HoldReason,
  type LineStatus,
  type Payee,
  type PayoutPeriod,
  type Platform,
  type RulesIn,
  type RulesVersion,
  type Spend,
} from '../types'
import './campaigns.css'

// Currency is what money of a campaign is counted in.
export interface Currency {
  currency: string
  minorDigits: number
}

const moneyFormats = new Map<string, Intl.NumberFormat>()

function moneyFormat(c: Currency): Intl.NumberFormat {
  const key = `${c.currency}:${c.minorDigits}`
  let f = moneyFormats.get(key)
  if (!f) {
    const digits = { minimumFractionDigits: c.minorDigits, maximumFractionDigits: c.minorDigits }
    try {
      f = new Intl.NumberFormat(undefined, { style: 'currency', currency: c.currency, ...digits })
    } catch {
      // a code this browser does not know: the figure, named by the code
      f = new Intl.NumberFormat(undefined, digits)
    }
    moneyFormats.set(key, f)
  }
  return f
}

// money words an amount of minor units (cents for USD, yen for JPY) in its
// currency: "$1,234.50", "¥1,500".
export function money(minor: number | null | undefined, c: Currency): string {
  if (minor === null || minor === undefined) return DASH
  const f = moneyFormat(c)
  const s = f.format(minor / 10 ** c.minorDigits)
  return f.resolvedOptions().style === 'currency' ? s : `${c.currency} ${s}`
}

// Amount is an amount of a line or a total; a projected one (its counting
// window still open) reads "~$12.30 projected".
export function Amount({ v, c, projected }: { v: number | null | undefined; c: Currency; projected?: boolean }) {
  if (!projected) return <span title={v === null || v === undefined ? undefined : `${exact(v)} minor units`}>{money(v, c)}</span>
  return (
    <span class="projected" title="Projected: the counting window is still open, so the amount changes until the line locks">
      ~{money(v, c)} <span class="projected-word">projected</span>
    </span>
  )
}

// currencyDigits is how many decimals an ISO 4217 currency has (USD 2,
// JPY 0, BHD 3), or null for a code that is not a currency.
export function currencyDigits(code: string): number | null {
  if (!/^[A-Z]{3}$/.test(code)) return null
  const known = (Intl as { supportedValuesOf?: (k: 'currency') => string[] }).supportedValuesOf?.('currency')
  if (known && !known.includes(code)) return null
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency: code }).resolvedOptions().maximumFractionDigits ?? 2
  } catch {
    return null
  }
}

export const COMMON_CURRENCIES = ['USD', 'EUR', 'GBP', 'CAD', 'AUD', 'NZD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'JPY', 'KRW', 'INR', 'SGD', 'HKD', 'BRL', 'MXN', 'ZAR', 'AED']

// parseMoney reads an amount typed in major units ("1500", "1,500.50",
// "12,5") as minor units; '' is 0. It answers a message for what it cannot
// read.
export function parseMoney(text: string, digits: number): number | string {
  let t = text.trim().replace(/[\s_']/g, '')
  if (t === '') return 0
  // a comma before three digits groups thousands; another is the decimal mark
  t = t.replace(/,(?=\d{3}(?:\D|$))/g, '').replace(',', '.')
  if (!/^\d+(\.\d*)?$/.test(t)) return 'must be an amount such as 1500 or 1500.50'
  const [whole, frac = ''] = t.split('.')
  if (frac.length > digits) return digits === 0 ? 'takes no decimals in this currency' : `takes at most ${digits} decimals`
  const n = Number(whole) * 10 ** digits + Number(frac.padEnd(digits, '0') || '0')
  return Number.isSafeInteger(n) ? n : 'is too large'
}

// moneyInput is minor units as a form shows them, in major units; 0 is ''.
export function moneyInput(minor: number, digits: number): string {
  return minor ? (minor / 10 ** digits).toFixed(digits) : ''
}

// Dates of a campaign are UTC days: it pays the videos published from its
// first day's start to its last day's end.
const utcDayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' })

export function utcDay(iso: string | null | undefined): string {
  return iso ? utcDayFormat.format(new Date(iso)) : DASH
}

// lastDay is the UTC day before an exclusive end, as YYYY-MM-DD.
export function lastDay(end: string): string {
  return new Date(Date.parse(end) - 1).toISOString().slice(0, 10)
}

export const dayStart = (d: string) => `${d}T00:00:00Z`

// dayEnd is the exclusive end of the UTC day d: the next day's start.
export function dayEnd(d: string): string {
  return new Date(Date.parse(dayStart(d)) + 86_400_000).toISOString().replace('.000Z', 'Z')
}

export const todayUTC = () => new Date().toISOString().slice(0, 10)

// runText says a campaign's days: "1 Nov 2026 – 30 Nov 2026", or from its
// first day on when it has no end.
export function runText(startsAt: string, endsAt: string | null): string {
  return endsAt ? `${utcDay(startsAt)} – ${utcDay(lastDay(endsAt))}` : `from ${utcDay(startsAt)}, no end`
}

// periodText says one payout period's days.
export function periodText(start: string, end: string): string {
  return `${utcDay(start)} – ${utcDay(lastDay(end))}`
}

export const PERIOD_NAMES: Record<PayoutPeriod, string> = { weekly: 'Weekly (Monday to Sunday, UTC)', monthly: 'Monthly (calendar months, UTC)' }
export const PERIOD_SHORT: Record<PayoutPeriod, string> = { weekly: 'Weekly', monthly: 'Monthly' }

// SpendMeter is committed spend against the budget: a bar that turns amber
// at 80 % and red at 100 %, with the projected spend lighter after it.
// short leaves the committed amount out, for where it shows already.
export function SpendMeter({ spend, budget, c, name, short }: { spend: Spend; budget: number; c: Currency; name: string; short?: boolean }) {
  if (budget <= 0)
    return (
      <div class="spend" data-testid="spend">
        <span>
          <strong data-testid="spend-committed" data-value={spend.committed}>
            {money(spend.committed, c)}
          </strong>{' '}
          committed
        </span>
        <span class="muted"> · no budget</span>
      </div>
    )
  const used = spend.budgetUsedPct ?? (spend.committed / budget) * 100
  const level = used >= 100 ? 'over' : used >= 80 ? 'near' : 'ok'
  const projectedWidth = Math.max(0, Math.min(100 - Math.min(100, used), ((spend.projected ?? 0) / budget) * 100))
  return (
    <div class="spend" data-testid="spend" data-level={level}>
      <div>
        {!short && (
          <>
            <strong data-testid="spend-committed" data-value={spend.committed}>
              {money(spend.committed, c)}
            </strong>{' '}
          </>
        )}
        of {money(budget, c)} <span class="muted">({pct(used)})</span>
        {level === 'over' && <span class="spend-flag over"> · budget spent</span>}
        {level === 'near' && <span class="spend-flag near"> · over 80 %</span>}
      </div>
      <div
        class="spend-meter"
        role="progressbar"
        aria-label={`Budget of ${name} committed`}
        aria-valuemin={0}
        aria-valuemax={budget}
        aria-valuenow={Math.min(spend.committed, budget)}
        aria-valuetext={`${money(spend.committed, c)} of ${money(budget, c)}, ${pct(used)}`}
      >
        <span class={`spend-fill ${level}`} style={{ width: filled(spend.committed, budget) }} />
        {projectedWidth > 0 && <span class="spend-projected" style={{ width: `${projectedWidth}%` }} title={`~${money(spend.projected, c)} projected`} />}
      </div>
    </div>
  )
}

const LINE_STATUS_TEXT: Record<LineStatus, string> = {
  projected: 'Projected',
  locked: 'Locked',
  held: 'Held',
  approved: 'Approved',
  rejected: 'Rejected',
  paid: 'Paid',
}

// LINE_STATUS_HELP says what each status of a line means.
export const LINE_STATUS_HELP: Record<LineStatus, string> = {
  projected: 'The counting window is still open: the amount is an estimate and the line cannot be reviewed yet',
  locked: 'The window closed and the amount is fixed: waiting for review',
  held: 'Locked, but held for a check before it can be approved',
  approved: 'Approved for payment',
  rejected: 'Rejected: not paid; it keeps its share of the budget and the creator’s cap, so no later line is paid more',
  paid: 'Marked as paid',
}

export const lineStatusLabel = (s: LineStatus) => LINE_STATUS_TEXT[s] ?? s

export function LineStatusBadge({ status }: { status: LineStatus }) {
  return (
    <span class={`badge line-${status}`} data-status={status} title={LINE_STATUS_HELP[status]}>
      {lineStatusLabel(status)}
    </span>
  )
}

// BOUND_TEXT says which rule cut a line's amount last.
export const BOUND_TEXT: Record<Exclude<Bound, ''>, string> = {
  min_views: 'below the minimum views',
  view_cap: 'capped by the view cap',
  min_amount: 'raised to the minimum amount',
  max_amount: 'capped by the maximum amount',
  cross_post: 'cross-post: the clip is paid once',
  creator_cap: 'capped by creator cap',
  budget: 'capped by the budget',
}

export const HOLD_TEXT: Record<Exclude<HoldReason, ''>, string> = {
  burst: 'Views jumped suddenly',
  views_fell: 'Views fell after the lock',
  unavailable: 'Video unavailable',
  no_snapshot: 'No views recorded by the window’s end',
  stale_snapshot: 'The last views recorded were too old at the window’s end',
  publish_time_unknown: 'Publish time unknown, so its window could not be dated',
  collab: 'A collab, for a person to approve or reject',
  campaign_ended: 'The campaign ended before the window closed',
  unverified_account: 'The account is not verified as the creator’s',
  tax_form_missing: 'No tax form on file for the payee',
  low_quality: 'View quality below the campaign’s minimum',
}

// qualityText is a view-quality score in words, for its title.
export function qualityText(q: number): string {
  if (q >= 90) return `${q}: views like the account’s own`
  if (q >= 60) return `${q}: some views unlike the account’s own`
  return `${q}: views far unlike the account’s own (a burst, little engagement, or views taken back)`
}

// Quality is a view-quality score (0–100) as a small badge.
export function Quality({ q }: { q: number | null }) {
  if (q === null) return null
  return (
    <span class={`badge quality ${q >= 90 ? 'q-good' : q >= 60 ? 'q-fair' : 'q-poor'}`} data-testid="quality" data-value={q} title={`View quality ${qualityText(q)}`}>
      Quality {q}
    </span>
  )
}

// COLLABS_TEXT says what a campaign does with collabs (posts of another
// account the creator's account co-authored).
export const COLLABS_TEXT: Record<Collabs, string> = {
  hold: 'hold for review',
  pay: 'pay',
  exclude: 'leave out',
}

// COLLABS_HELP says it at length.
export const COLLABS_HELP: Record<Collabs, string> = {
  hold: 'A collab’s line locks held, for a person to approve or reject.',
  pay: 'Collabs are paid like the creators’ own posts.',
  exclude: 'Collabs get no line; they are counted among the posts not paid.',
}

// CollabsSelect chooses what a campaign does with collabs.
export function CollabsSelect({ id, value, onChange }: { id: string; value: Collabs; onChange: (v: Collabs) => void }) {
  return (
    <div class="field">
      <label for={id}>Collabs</label>
      <select id={id} name="collabs" value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value as Collabs)} aria-describedby={`${id}-hint`}>
        {COLLABS.map((k) => (
          <option value={k}>{COLLABS_TEXT[k][0].toUpperCase() + COLLABS_TEXT[k].slice(1)}</option>
        ))}
      </select>
      <small id={`${id}-hint`} class="muted">
        Posts of another account the creator co-authored. {COLLABS_HELP[value]}
      </small>
    </div>
  )
}

// notPaidText says what a campaign's posts without a line are: "3 posts
// not paid: not the creators' own".
export function notPaidText(n: number, collabs: Collabs): string {
  return `${exact(n)} ${n === 1 ? 'post' : 'posts'} not paid: not the creators’ own${collabs === 'exclude' ? ', or collabs left out' : ''}`
}

// EndedBadge marks a campaign ended by deleting its collection.
export function EndedBadge({ at }: { at: string }) {
  return (
    <span class="badge cp-ended" data-testid="ended" data-value={at} title={`Ended ${when(at)} by deleting its collection: the ledger is kept, read-only; its lines can still be reviewed and paid`}>
      Ended on {day(at)}
    </span>
  )
}

// payeeName names a payee: a creator or an account by its name, a video of
// no tracked account by its handle.
export function payeeName(p: Payee): string {
  if (!p.name) return DASH
  return p.kind === 'video' && !p.name.startsWith('@') ? '@' + p.name : p.name
}

const GOAL_TEXT: Record<GoalStatus, string> = { on_track: 'On track', behind: 'Behind', at_risk: 'At risk' }

export function GoalBadge({ status }: { status: GoalStatus }) {
  return (
    <span class={`badge goal-${status}`} data-status={status}>
      {GOAL_TEXT[status] ?? status}
    </span>
  )
}

// windowText says a counting window: "7 days", "36 hours".
export function windowText(hours: number): string {
  if (hours % 24 === 0) return `${exact(hours / 24)} ${hours === 24 ? 'day' : 'days'}`
  return `${exact(hours)} hours`
}

const none = (v: number, show: (n: number) => string) => (v > 0 ? show(v) : 'none')

// tiersText says the rates of pay: "$1.50 per 1,000 views; from 100,000
// views $1.00".
export function tiersText(r: RulesVersion, c: Currency): string {
  return r.tiers.map((t, i) => (i === 0 ? `${money(t.cpm, c)} per 1,000 views` : `from ${exact(t.fromViews)} views ${money(t.cpm, c)}`)).join('; ')
}

// RulesFacts is a version of the rules in words.
export function RulesFacts({ r, c }: { r: RulesVersion; c: Currency }) {
  const views = (n: number) => `${exact(n)} views`
  const amount = (n: number) => money(n, c)
  return (
    <dl class="facts rules-facts" data-testid="rules-facts">
      <dt>CPM tiers</dt>
      <dd>
        <ul class="tier-list">
          {r.tiers.map((t, i) => (
            <li>
              {i === 0 ? 'From 0' : `From ${exact(t.fromViews)}`} views: <strong>{money(t.cpm, c)}</strong> per 1,000
            </li>
          ))}
        </ul>
        <small class="muted">Each tier pays the views from its start to the next tier’s.</small>
      </dd>
      <dt>View cap</dt>
      <dd>{none(r.viewCap, views)}</dd>
      <dt>Minimum views</dt>
      <dd>{none(r.minViews, views)}</dd>
      <dt>Minimum amount</dt>
      <dd>{none(r.minAmount, amount)}</dd>
      <dt>Maximum amount</dt>
      <dd>{none(r.maxAmount, amount)}</dd>
      <dt>Creator cap</dt>
      <dd>{r.creatorCap > 0 ? `${money(r.creatorCap, c)} per period` : 'none'}</dd>
      <dt>Counting window</dt>
      <dd>the first {windowText(r.windowHours)} after publishing</dd>
    </dl>
  )
}

// RulesForm is a version of the rules as its fields hold it: amounts in
// major units, the window in days.
export interface RulesForm {
  tiers: { fromViews: string; cpm: string }[]
  viewCap: string
  minViews: string
  minAmount: string
  maxAmount: string
  creatorCap: string
  windowDays: string
}

const MAX_TIERS = 10

export function rulesForm(r: RulesVersion | null, digits: number): RulesForm {
  const count = (n: number) => (n ? String(n) : '')
  if (!r) return { tiers: [{ fromViews: '0', cpm: '' }], viewCap: '', minViews: '', minAmount: '', maxAmount: '', creatorCap: '', windowDays: '7' }
  return {
    tiers: r.tiers.map((t) => ({ fromViews: String(t.fromViews), cpm: moneyInput(t.cpm, digits) || '0' })),
    viewCap: count(r.viewCap),
    minViews: count(r.minViews),
    minAmount: moneyInput(r.minAmount, digits),
    maxAmount: moneyInput(r.maxAmount, digits),
    creatorCap: moneyInput(r.creatorCap, digits),
    windowDays: String(Math.round((r.windowHours / 24) * 1000) / 1000),
  }
}

// readRules turns the fields into the API's rules, or names each field it
// cannot (keys as the API names them: "tiers[1].cpm", "viewCap").
export function readRules(f: RulesForm, digits: number): { rules: RulesIn | null; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const count = (k: string, s: string): number => {
    const t = s.trim()
    if (!t) return 0
    if (!/^\d+$/.test(t.replace(/[,\s]/g, ''))) {
      errors[k] = 'must be a whole number, 0 or more'
      return 0
    }
    return Number(t.replace(/[,\s]/g, ''))
  }
  const amount = (k: string, s: string): number => {
    const v = parseMoney(s, digits)
    if (typeof v === 'string') {
      errors[k] = v
      return 0
    }
    return v
  }
  const tiers = f.tiers.map((t, i) => {
    const fromViews = i === 0 ? 0 : count(`tiers[${i}].fromViews`, t.fromViews)
    if (!t.cpm.trim()) errors[`tiers[${i}].cpm`] = 'is required (0 pays nothing)'
    const cpm = amount(`tiers[${i}].cpm`, t.cpm)
    return { fromViews, cpm }
  })
  tiers.forEach((t, i) => {
    if (i > 0 && !errors[`tiers[${i}].fromViews`] && t.fromViews <= tiers[i - 1].fromViews)
      errors[`tiers[${i}].fromViews`] = `must be above the tier before (${exact(tiers[i - 1].fromViews)} views)`
  })
  const rules = {
    tiers,
    viewCap: count('viewCap', f.viewCap),
    minViews: count('minViews', f.minViews),
    minAmount: amount('minAmount', f.minAmount),
    maxAmount: amount('maxAmount', f.maxAmount),
    creatorCap: amount('creatorCap', f.creatorCap),
    windowHours: 0,
  }
  const days = Number(f.windowDays.trim().replace(',', '.'))
  const hours = Math.round(days * 24)
  if (!f.windowDays.trim() || !Number.isFinite(days) || hours < 1 || hours > 8760) errors.windowHours = 'must be from 1 hour (0.05 days) to 365 days'
  else rules.windowHours = hours
  if (!errors.maxAmount && rules.maxAmount > 0 && rules.maxAmount < rules.minAmount) errors.maxAmount = 'must not be below the minimum amount'
  if (!errors.viewCap && rules.viewCap > 0 && rules.viewCap < rules.minViews) errors.viewCap = 'must not be below the minimum views'
  return Object.keys(errors).length ? { rules: null, errors } : { rules, errors }
}

// FieldNote is a field's error, else its hint, under it.
function FieldNote({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error)
    return (
      <small id={`${id}-error`} class="field-error">
        {error}
      </small>
    )
  return hint ? (
    <small id={`${id}-hint`} class="muted">
      {hint}
    </small>
  ) : null
}

// invalid marks a field and points it at its error or hint.
export function described(id: string, error?: string, hint = true) {
  return { id, 'aria-invalid': !!error, 'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined }
}

// RulesFields edits a version of the rules: the CPM tiers (added and
// removed), the caps and minimums, and the counting window. errors are
// keyed as readRules names them; uid keeps the ids of two forms apart.
export function RulesFields({
  f,
  set,
  currency,
  errors,
  uid,
}: {
  f: RulesForm
  set: (f: RulesForm) => void
  currency: string
  errors: Record<string, string>
  uid: string
}) {
  const field = (k: Exclude<keyof RulesForm, 'tiers'>) => ({
    name: k,
    value: f[k],
    onInput: (e: Event) => set({ ...f, [k]: (e.target as HTMLInputElement).value }),
  })
  const tier = (i: number, k: 'fromViews' | 'cpm', v: string) => set({ ...f, tiers: f.tiers.map((t, j) => (j === i ? { ...t, [k]: v } : t)) })
  const add = () => {
    const last = f.tiers[f.tiers.length - 1]
    const from = Number(last.fromViews) || 0
    set({ ...f, tiers: [...f.tiers, { fromViews: String(from ? from * 10 : 100000), cpm: last.cpm }] })
  }
  const remove = (i: number) => set({ ...f, tiers: f.tiers.filter((_, j) => j !== i) })
  const cur = currency || 'the currency'
  const amountField = (k: 'minAmount' | 'maxAmount' | 'creatorCap', label: string, hint: string) => {
    const id = `${uid}-${k}`
    return (
      <div class="field">
        <label for={id}>{label}</label>
        <input type="text" inputMode="decimal" autocomplete="off" placeholder="none" {...field(k)} {...described(id, errors[k])} />
        <FieldNote id={id} error={errors[k]} hint={hint} />
      </div>
    )
  }
  const countField = (k: 'viewCap' | 'minViews', label: string, hint: string) => {
    const id = `${uid}-${k}`
    return (
      <div class="field">
        <label for={id}>{label}</label>
        <input type="text" inputMode="numeric" autocomplete="off" placeholder="none" {...field(k)} {...described(id, errors[k])} />
        <FieldNote id={id} error={errors[k]} hint={hint} />
      </div>
    )
  }
  const win = `${uid}-window`
  const hours = Math.round(Number(f.windowDays.replace(',', '.')) * 24)
  return (
    <div class="rules-fields">
      <fieldset class="tiers" data-testid="tiers">
        <legend>CPM tiers</legend>
        <p class="muted small">
          What 1,000 views pay, in {cur}. Tiers are marginal: each pays the views from its start up to the next tier’s start.
        </p>
        <ol class="tier-rows">
          {f.tiers.map((t, i) => {
            const fromId = `${uid}-tier-${i}-from`
            const cpmId = `${uid}-tier-${i}-cpm`
            const fromErr = errors[`tiers[${i}].fromViews`]
            const cpmErr = errors[`tiers[${i}].cpm`]
            return (
              <li class="tier-row" data-testid="tier">
                <div class="field">
                  <label for={fromId}>
                    From views<span class="sr-only"> (tier {i + 1})</span>
                  </label>
                  <input
                    type="text"
                    inputMode="numeric"
                    autocomplete="off"
                    name={`tier-${i}-from`}
                    value={i === 0 ? '0' : t.fromViews}
                    readOnly={i === 0}
                    onInput={(e) => tier(i, 'fromViews', (e.target as HTMLInputElement).value)}
                    {...described(fromId, fromErr, i === 0)}
                  />
                  <FieldNote id={fromId} error={fromErr} hint={i === 0 ? 'the first tier starts at 0' : undefined} />
                </div>
                <div class="field">
                  <label for={cpmId}>
                    CPM ({cur} per 1,000)<span class="sr-only"> of tier {i + 1}</span>
                  </label>
                  <input
                    type="text"
                    inputMode="decimal"
                    autocomplete="off"
                    name={`tier-${i}-cpm`}
                    placeholder="e.g. 1.50"
                    value={t.cpm}
                    onInput={(e) => tier(i, 'cpm', (e.target as HTMLInputElement).value)}
                    {...described(cpmId, cpmErr, false)}
                  />
                  <FieldNote id={cpmId} error={cpmErr} />
                </div>
                {i > 0 && (
                  <button type="button" class="tier-remove" onClick={() => remove(i)} aria-label={`Remove tier ${i + 1}`}>
                    Remove
                  </button>
                )}
              </li>
            )
          })}
        </ol>
        <button type="button" onClick={add} disabled={f.tiers.length >= MAX_TIERS} data-testid="add-tier">
          Add tier
        </button>
        {f.tiers.length >= MAX_TIERS && <small class="muted"> At most {MAX_TIERS} tiers.</small>}
        {errors.tiers && <small class="field-error block">{errors.tiers}</small>}
      </fieldset>
      <div class="rules-grid">
        {countField('viewCap', 'View cap', 'Most views of one video that are paid; empty: none.')}
        {countField('minViews', 'Minimum views', 'A video with fewer views earns nothing; empty: none.')}
        {amountField('minAmount', `Minimum amount (${cur})`, 'A video that qualifies earns at least this; empty: none.')}
        {amountField('maxAmount', `Maximum amount (${cur})`, 'Most one video earns; empty: none.')}
        {amountField('creatorCap', `Creator cap per period (${cur})`, 'Most one creator earns in a payout period; empty: none.')}
        <div class="field">
          <label for={win}>Counting window (days)</label>
          <input type="text" inputMode="decimal" autocomplete="off" {...field('windowDays')} {...described(win, errors.windowHours)} />
          <FieldNote
            id={win}
            error={errors.windowHours}
            hint={`The views of a video’s first ${Number.isFinite(hours) && hours > 0 ? windowText(hours) : '…'} after publishing are paid; then its line locks.`}
          />
        </div>
      </div>
    </div>
  )
}

// RULE_FIELDS are the fields of a version of the rules, as the API and
// readRules name them ("tiers[1].cpm" is one of the tiers).
export const RULE_FIELDS = ['tiers', 'viewCap', 'minViews', 'minAmount', 'maxAmount', 'creatorCap', 'windowHours']
export const isRuleField = (k: string) => RULE_FIELDS.includes(k.replace(/\[.*$/, ''))

// fieldText joins a field's label and the API's words for it: "Budget must
// be…", "Currency: an ISO 4217 code…".
export function fieldText(label: string, message: string): string {
  return /^(is|are|must|may|has|was|takes) /.test(message) ? `${label} ${message}` : `${label}: ${message}`
}

/** The checkboxes of the platforms a campaign pays for. */
export function PlatformChecks({ value, onChange }: { value: Set<Platform>; onChange: (next: Set<Platform>) => void }) {
  return (
    <div class="cp-checks">
      {PLATFORMS.map((p) => (
        <label class="check">
          <input
            type="checkbox"
            name="platforms"
            value={p}
            checked={value.has(p)}
            onChange={(e) => {
              const next = new Set(value)
              if ((e.target as HTMLInputElement).checked) next.add(p)
              else next.delete(p)
              onChange(next)
            }}
          />
          {platformName(p)}
        </label>
      ))}
    </div>
  )
}
