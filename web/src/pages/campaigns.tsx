// Campaigns: the collections that pay their creators per 1,000 views, each
// with its budget and what is committed of it; owners and admins make a
// collection a campaign with its currency, days, budget, platforms, payout
// period and first version of the rules.
import { useState } from 'preact/hooks'
import { ApiError, get, post } from '../api'
import { CollectionSelect, useCollections } from '../filters'
import { exact } from '../format'
import { navigate } from '../router'
import { canManage, isClient, useWorkspace } from '../session'
import { PLATFORMS, type Campaign, type CampaignList, type CampaignSummary, type Collabs, type CollectionList, type PayoutPeriod, type Platform } from '../types'
import { Empty, FormError, PageHeader, PlatformBadge, Show, Stale, TableHead, Updating, numCol, useAction, useApi, type Loaded } from '../ui'
import {
  COMMON_CURRENCIES,
  CollabsSelect,
  EndedBadge,
  PERIOD_SHORT,
  RulesFields,
  SpendMeter,
  currencyDigits,
  dayEnd,
  dayStart,
  described,
  fieldText,
  isRuleField,
  money,
  parseMoney,
  readRules,
  rulesForm,
  runText,
  notPaidText,
  todayUTC,
  type RulesForm,
  PlatformChecks,
} from './campaign-parts'
import './campaigns.css'

interface FormState {
  collectionId: string
  currency: string
  startsAt: string
  lastDay: string
  budget: string
  platforms: Set<Platform>
  period: PayoutPeriod
  collabs: Collabs
  rules: RulesForm
}

// Err is a field's error under it.
function Err({ id, error, label }: { id: string; error?: string; label: string }) {
  return error ? (
    <small id={`${id}-error`} class="field-error">
      {fieldText(label, error)}
    </small>
  ) : null
}

function NewCampaign({ campaigns, onCancel }: { campaigns: CampaignSummary[]; onCancel: () => void }) {
  const cols = useCollections()
  const [f, setF] = useState<FormState>(() => ({
    collectionId: '',
    currency: 'USD',
    startsAt: todayUTC(),
    lastDay: '',
    budget: '',
    platforms: new Set(PLATFORMS),
    period: 'monthly',
    collabs: 'hold',
    rules: rulesForm(null, 2),
  }))
  const { busy, error, setError, run } = useAction()
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setF((x) => ({ ...x, [k]: v }))
  const code = f.currency.trim().toUpperCase()
  const digits = currencyDigits(code)
  const errs = error?.fields ?? {}
  // a collection that is a campaign already is not offered
  const taken = new Set(campaigns.map((c) => c.id))
  const free: Loaded<CollectionList> = { ...cols, data: cols.data && { ...cols.data, collections: cols.data.collections.filter((c) => !taken.has(c.id)) } }

  const submit = (e: Event) => {
    e.preventDefault()
    const bad: Record<string, string> = {}
    if (!f.collectionId) bad.collectionId = 'is required: choose the collection whose videos the campaign pays'
    if (digits === null) bad.currency = 'must be an ISO 4217 code such as USD, EUR or JPY'
    if (!f.startsAt) bad.startsAt = 'is required'
    if (f.lastDay && f.startsAt && f.lastDay < f.startsAt) bad.endsAt = 'must not be before the first day'
    const budget = parseMoney(f.budget, digits ?? 2)
    if (typeof budget === 'string') bad.budget = budget
    if (f.platforms.size === 0) bad.platforms = 'must name at least one platform'
    const { rules, errors } = readRules(f.rules, digits ?? 2)
    Object.assign(bad, errors)
    if (Object.keys(bad).length || !rules || typeof budget === 'string') {
      setError(new ApiError(400, 'invalid_request', 'Some fields need a change.', bad))
      requestAnimationFrame(() => document.querySelector<HTMLElement>('form[aria-label="New campaign"] [aria-invalid="true"]')?.focus())
      return
    }
    run(
      async () => {
        const c = await post<Campaign>('/campaigns', {
          collectionId: f.collectionId,
          currency: code,
          startsAt: dayStart(f.startsAt),
          endsAt: f.lastDay ? dayEnd(f.lastDay) : null,
          budget,
          platforms: PLATFORMS.filter((p) => f.platforms.has(p)),
          period: f.period,
          collabs: f.collabs,
          rules,
        })
        navigate(`/campaigns/${encodeURIComponent(c.id)}`)
      },
      { stay: true },
    )
  }
  const known = ['collectionId', 'currency', 'startsAt', 'endsAt', 'budget', 'platforms', 'period', 'collabs']
  const unplaced = Object.entries(errs).filter(([k]) => !known.includes(k) && !isRuleField(k))
  const cur = digits === null ? '' : code
  return (
    <form class="card cp-form" aria-label="New campaign" onSubmit={submit} noValidate>
      <h2>New campaign</h2>
      <div class="cp-grid">
        <div class="field">
          <label for="campaign-collection">Collection</label>
          <CollectionSelect
            cols={free}
            none="Choose a collection…"
            value={f.collectionId}
            onPick={(id) => set('collectionId', id)}
            id="campaign-collection"
            name="collectionId"
            aria-invalid={!!errs.collectionId}
            aria-describedby={errs.collectionId ? 'campaign-collection-error' : 'campaign-collection-hint'}
          />
          {errs.collectionId ? (
            <Err id="campaign-collection" label="Collection" error={errs.collectionId} />
          ) : (
            <small id="campaign-collection-hint" class="muted">
              {cols.data && free.data?.collections.length === 0 ? (
                <>
                  Every collection is a campaign already: <a href="/collections">create a collection</a> first.
                </>
              ) : (
                'The campaign pays the videos of this collection (and of its accounts).'
              )}
            </small>
          )}
        </div>
        <div class="field">
          <label for="campaign-currency">Currency</label>
          <input
            name="currency"
            list="currency-codes"
            maxLength={3}
            autocomplete="off"
            autocapitalize="characters"
            spellcheck={false}
            value={f.currency}
            onInput={(e) => set('currency', (e.target as HTMLInputElement).value.toUpperCase())}
            {...described('campaign-currency', errs.currency)}
          />
          <datalist id="currency-codes">
            {COMMON_CURRENCIES.map((c) => (
              <option value={c} />
            ))}
          </datalist>
          {errs.currency ? (
            <Err id="campaign-currency" label="Currency" error={errs.currency} />
          ) : (
            <small id="campaign-currency-hint" class="muted">
              {digits === null
                ? 'An ISO 4217 code: USD, EUR, GBP, JPY…'
                : `ISO code; amounts in ${code} have ${digits} ${digits === 1 ? 'decimal' : 'decimals'}. It cannot change later.`}
            </small>
          )}
        </div>
        <div class="field">
          <label for="campaign-startsAt">First day</label>
          <input type="date" name="startsAt" required value={f.startsAt} onInput={(e) => set('startsAt', (e.target as HTMLInputElement).value)} {...described('campaign-startsAt', errs.startsAt)} />
          {errs.startsAt ? (
            <Err id="campaign-startsAt" label="First day" error={errs.startsAt} />
          ) : (
            <small id="campaign-startsAt-hint" class="muted">
              Videos published from this day on (UTC) are paid.
            </small>
          )}
        </div>
        <div class="field">
          <label for="campaign-endsAt">Last day (optional)</label>
          <input type="date" name="endsAt" min={f.startsAt || undefined} value={f.lastDay} onInput={(e) => set('lastDay', (e.target as HTMLInputElement).value)} {...described('campaign-endsAt', errs.endsAt)} />
          {errs.endsAt ? (
            <Err id="campaign-endsAt" label="Last day" error={errs.endsAt} />
          ) : (
            <small id="campaign-endsAt-hint" class="muted">
              The last day of publishing that is paid (UTC); empty: no end.
            </small>
          )}
        </div>
        <div class="field">
          <label for="campaign-budget">Budget{cur && ` (${cur})`}</label>
          <input
            type="text"
            inputMode="decimal"
            name="budget"
            autocomplete="off"
            placeholder="none"
            value={f.budget}
            onInput={(e) => set('budget', (e.target as HTMLInputElement).value)}
            {...described('campaign-budget', errs.budget)}
          />
          {errs.budget ? (
            <Err id="campaign-budget" label="Budget" error={errs.budget} />
          ) : (
            <small id="campaign-budget-hint" class="muted">
              The most the campaign pays in all; empty: no budget.
            </small>
          )}
        </div>
        <div class="field">
          <label for="campaign-period">Payout period</label>
          <select id="campaign-period" name="period" value={f.period} onChange={(e) => set('period', (e.target as HTMLSelectElement).value as PayoutPeriod)} aria-describedby="campaign-period-hint">
            <option value="weekly">Weekly (Monday to Sunday)</option>
            <option value="monthly">Monthly</option>
          </select>
          {errs.period ? (
            <Err id="campaign-period" label="Payout period" error={errs.period} />
          ) : (
            <small id="campaign-period-hint" class="muted">
              Groups the lines (in UTC) for payroll and the creators’ caps and goals. It cannot change later.
            </small>
          )}
        </div>
        <CollabsSelect id="campaign-collabs" value={f.collabs} onChange={(v) => set('collabs', v)} />
      </div>
      <fieldset aria-describedby={errs.platforms ? 'campaign-platforms-error' : undefined}>
        <legend>Platforms paid</legend>
        <PlatformChecks value={f.platforms} onChange={(next) => set('platforms', next)} />
        <Err id="campaign-platforms" label="Platforms" error={errs.platforms} />
      </fieldset>
      <fieldset>
        <legend>Rules (version 1)</legend>
        <RulesFields f={f.rules} set={(r) => set('rules', r)} currency={cur} errors={errs} uid="new-rules" />
      </fieldset>
      {error && (Object.keys(errs).length === 0 || unplaced.length > 0) && (
        <FormError error={error} say={(m) => (unplaced.length ? `${m} ${unplaced.map(([k, v]) => `${k}: ${v}`).join('; ')}` : m)} />
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={!!busy}>
          {busy ? 'Creating…' : 'Create campaign'}
        </button>
        <button type="button" onClick={onCancel} disabled={!!busy}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function Row({ c }: { c: CampaignSummary }) {
  return (
    <tr data-testid="row" data-id={c.id} data-ended={c.endedAt ? 'true' : undefined}>
      <td>
        <a class="cp-name" href={`/campaigns/${encodeURIComponent(c.id)}`}>
          {c.name}
        </a>
        {c.endedAt && (
          <div>
            <EndedBadge at={c.endedAt} />
          </div>
        )}
        <div class="cp-platforms">
          {c.platforms.length === PLATFORMS.length ? <span class="muted small">All platforms</span> : c.platforms.map((p) => <PlatformBadge platform={p} />)}
        </div>
      </td>
      <td class="nowrap">
        {runText(c.startsAt, c.endsAt)}
        <div class="muted small">{PERIOD_SHORT[c.period]} payouts</div>
      </td>
      <td class="num" data-testid="budget" data-value={c.budget}>
        {c.budget > 0 ? money(c.budget, c) : <span class="muted">none</span>}
      </td>
      <td>
        <SpendMeter spend={c.spend} budget={c.budget} c={c} name={c.name} />
      </td>
      <td class="num" data-testid="videos" data-value={c.videos}>
        {exact(c.videos)}
        {c.notPaid > 0 && (
          <div class="muted small cp-not-paid" data-testid="not-paid" data-value={c.notPaid}>
            {notPaidText(c.notPaid, c.collabs)}
          </div>
        )}
      </td>
      <td class="num">{exact(c.creators)}</td>
    </tr>
  )
}

export default function Campaigns() {
  const ws = useWorkspace()
  const manage = canManage(ws)
  const client = isClient(ws)
  const r = useApi((s) => get<CampaignList>('/campaigns', undefined, s), 'campaigns')
  const [creating, setCreating] = useState(false)
  const start = () => {
    setCreating(true)
    requestAnimationFrame(() => document.querySelector<HTMLElement>('form[aria-label="New campaign"] select')?.focus())
  }
  return (
    <>
      <PageHeader title="Campaigns">
        {!client && (
          <a class="button" href="/creators">
            Creators
          </a>
        )}
        {manage && !creating && (
          <button type="button" class="primary" onClick={start} data-testid="new-campaign">
            New campaign
          </button>
        )}
      </PageHeader>
      <p class="muted intro">
        A campaign pays the creators of a collection’s videos for their views, per 1,000 views, under rules you set. Each video’s views are counted for a
        window after it is published; then its line locks and waits for review.
      </p>
      {!manage && !client && <p class="muted">Only the workspace’s owner or an admin can create campaigns, change their rules and review payouts.</p>}
      {creating && r.data && <NewCampaign campaigns={r.data.campaigns} onCancel={() => setCreating(false)} />}
      <Show r={r}>
        {(d) =>
          d.campaigns.length === 0 ? (
            !creating && (
              <Empty title="No campaigns yet">
                {manage ? (
                  <>
                    Make a collection a campaign with <strong>New campaign</strong>: its creators are paid per 1,000 views of its videos.
                  </>
                ) : (
                  'An owner or admin can make a collection a campaign.'
                )}
              </Empty>
            )
          ) : (
            <Stale r={r}>
              <div class="table-wrap">
                <table class="cp-table" data-testid="campaigns-table" aria-label="Campaigns">
                  <TableHead scoped cols={['Campaign', 'Runs', numCol('Budget'), 'Committed', numCol('Videos'), numCol('Creators')]} />
                  <tbody>
                    {d.campaigns.map((c) => (
                      <Row key={c.id} c={c} />
                    ))}
                  </tbody>
                </table>
              </div>
            </Stale>
          )
        }
      </Show>
      <Updating r={r} />
    </>
  )
}
