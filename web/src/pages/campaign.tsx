// One campaign: spend against the budget, views and spend by day, the
// payout periods, the creators' standings and top videos, the ledger of
// lines (filtered, reviewed and paid in bulk by owners and admins), the
// versions of the rules, the settings and the exports.
import type { ComponentChildren } from 'preact'
import { useEffect, useMemo, useState } from 'preact/hooks'
import { ApiError, get, patch, post } from '../api'
import { TimeChart, type ChartSeries } from '../chart'
import { ChartModes, PublishedChart, chartMode, type ChartMode } from '../published-chart'
import { ago, day, exact, num, when } from '../format'
import { canManage, isClient, useWorkspace } from '../session'
import { LINE_STATUSES, PLATFORMS, type Campaign, type CampaignPage as PageData, type Collabs, type CreatorStanding, type Platform, type RulesVersion, type RulesVersions, type Submissions } from '../types'
import { Empty, ErrorNote, PageHeader, PlatformBadge, Show, Stale, TableHead, Time, numCol, useAction, useApi } from '../ui'
import {
  Amount,
  COLLABS_HELP,
  COLLABS_TEXT,
  CollabsSelect,
  EndedBadge,
  GoalBadge,
  LineStatusBadge,
  PERIOD_NAMES,
  PERIOD_SHORT,
  RulesFacts,
  RulesFields,
  SpendMeter,
  dayEnd,
  dayStart,
  described,
  fieldText,
  lastDay,
  lineStatusLabel,
  money,
  moneyInput,
  notPaidText,
  parseMoney,
  payeeName,
  periodText,
  readRules,
  rulesForm,
  runText,
  tiersText,
  windowText,
  PlatformChecks,
  Quality,
} from './campaign-parts'
import { ShareSection } from './share-links'
import { Ledger, VideoCell, lines, periodKey, readLedger, showLedger, type LedgerQuery } from './campaign-ledger'
import './campaigns.css'

const decimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1 })

// CHART_DAYS is how many days the chart of views and spend covers.
const CHART_DAYS = 92

function Kpi({ label, testid, value, raw, children }: { label: string; testid: string; value: ComponentChildren; raw?: number | null; children?: ComponentChildren }) {
  return (
    <div class="kpi card" data-testid={testid} data-value={raw ?? ''}>
      <div class="kpi-label">{label}</div>
      <div class="kpi-value">{value}</div>
      {children && <div class="kpi-change muted">{children}</div>}
    </div>
  )
}

function Head({ c }: { c: Campaign }) {
  return (
    <section class="card cp-head" aria-label="Campaign">
      <dl class="facts">
        <dt>Collection</dt>
        <dd>
          {c.endedAt ? <span>{c.name} (deleted)</span> : <a href={`/videos?collectionId=${encodeURIComponent(c.id)}`}>{c.name}</a>}
          <span class="muted"> · {exact(c.videos)} {c.videos === 1 ? 'video' : 'videos'}, {exact(c.creators)} {c.creators === 1 ? 'payee' : 'payees'}</span>
          {c.notPaid > 0 && (
            <div class="muted small" data-testid="not-paid" data-value={c.notPaid} title="Reposts, quotes, replies and posts by other authors get no line">
              {notPaidText(c.notPaid, c.collabs)}
            </div>
          )}
        </dd>
        <dt>Runs</dt>
        <dd data-testid="campaign-run">{runText(c.startsAt, c.endsAt)}</dd>
        <dt>Currency</dt>
        <dd>{c.currency}</dd>
        <dt>Payouts</dt>
        <dd>{PERIOD_NAMES[c.period]}</dd>
        <dt>Collabs</dt>
        <dd data-testid="campaign-collabs" data-value={c.collabs}>
          {COLLABS_TEXT[c.collabs][0].toUpperCase() + COLLABS_TEXT[c.collabs].slice(1)}
          <span class="muted"> · {COLLABS_HELP[c.collabs]}</span>
        </dd>
        <dt>Creators</dt>
        <dd data-testid="campaign-creators-settings">
          {c.verifiedAccountsOnly ? 'Verified accounts only' : 'Any account of a creator'}
          {c.requiresTaxForm && ' · a tax form on file required'}
          <span class="muted"> · {c.showRulesToCreators ? 'the portal shows the rules and budget' : 'the portal shows their amounts only'}</span>
        </dd>
        <dt>Platforms</dt>
        <dd class="cp-platforms">{c.platforms.length === PLATFORMS.length ? 'All platforms' : c.platforms.map((p) => <PlatformBadge platform={p} />)}</dd>
        <dt>Rules</dt>
        <dd>
          <a href="#rules">Version {c.rules.version}</a>
          <span class="muted">
            {' '}
            · {tiersText(c.rules, c)} · counted for {windowText(c.rules.windowHours)}
          </span>
        </dd>
      </dl>
    </section>
  )
}

function Kpis({ d }: { d: PageData }) {
  const c = d.campaign
  const s = c.spend
  return (
    <section class="kpis cp-kpis" aria-label="Key figures">
      <Kpi label="Committed of the budget" testid="kpi-committed" raw={s.committed} value={money(s.committed, c)}>
        <SpendMeter spend={s} budget={c.budget} c={c} name={c.name} short />
      </Kpi>
      <Kpi label="Remaining" testid="kpi-remaining" raw={s.remaining} value={s.remaining === null ? 'no budget' : money(s.remaining, c)}>
        {c.budget > 0 ? `of ${money(c.budget, c)}, for the lines still to lock; rejected lines keep their share` : 'the campaign has no budget'}
      </Kpi>
      <Kpi label="Projected" testid="kpi-projected" raw={s.projected} value={s.projected === null ? '—' : <Amount v={s.projected} c={c} projected />}>
        {exact(d.counts.projected)} {d.counts.projected === 1 ? 'video' : 'videos'} still counting
      </Kpi>
      <Kpi label="Paid" testid="kpi-paid" raw={s.paid} value={money(s.paid, c)}>
        {exact(d.counts.paid)} {d.counts.paid === 1 ? 'line' : 'lines'}
      </Kpi>
      <Kpi label="Approved, to pay" testid="kpi-approved" raw={s.approved} value={money(s.approved, c)}>
        {exact(d.counts.approved)} {d.counts.approved === 1 ? 'line' : 'lines'}
      </Kpi>
      <Kpi label="Held for a check" testid="kpi-held" raw={s.held} value={money(s.held, c)}>
        {exact(d.counts.held)} {d.counts.held === 1 ? 'line' : 'lines'}; {money(s.rejected, c)} rejected
      </Kpi>
      <Kpi label="Effective CPM" testid="kpi-cpm" raw={d.effectiveCpm} value={d.effectiveCpm === null ? '—' : money(Math.round(d.effectiveCpm), c)}>
        per 1,000 paid views of committed lines
      </Kpi>
      <Kpi label="Locked, to review" testid="kpi-locked" raw={d.counts.locked} value={exact(d.counts.locked)}>
        {d.counts.locked === 1 ? 'line waits' : 'lines wait'} for approval
      </Kpi>
    </section>
  )
}

// Counts are the lines of each status; each filters the ledger.
function Counts({ d }: { d: PageData }) {
  return (
    <ul class="cp-counts" aria-label="Lines by status" data-testid="status-counts">
      {LINE_STATUSES.map((s) => (
        <li>
          <button type="button" class="link cp-count" data-status={s} data-value={d.counts[s] ?? 0} onClick={() => showLedger({ status: s })}>
            <LineStatusBadge status={s} /> {exact(d.counts[s] ?? 0)}
            <span class="sr-only"> {lineStatusLabel(s).toLowerCase()} lines: show them in the ledger</span>
          </button>
        </li>
      ))}
    </ul>
  )
}

function SpendChart({ d, mode }: { d: PageData; mode: ChartMode }) {
  const c = d.campaign
  const chart = useMemo(() => {
    // the latest days only: a few old lines would stretch the axis over years
    const last = d.series.length ? Date.parse(d.series[d.series.length - 1].date) : 0
    const shown = d.series.filter((p) => Date.parse(p.date) > last - CHART_DAYS * 86_400_000)
    const days = shown.map((p) => p.date)
    const major = 10 ** c.minorDigits
    const views = shown.map((p) => p.views)
    // a day without an amount of its kind draws no point
    const committed = shown.map((p) => (p.amount ? p.amount / major : null))
    const projected = shown.map((p) => (p.projected ? p.projected / major : null))
    const fmt = (n: number) => money(Math.round(n * major), c)
    const series: ChartSeries[] = [{ label: 'Paid views', values: views, bars: true }]
    if (committed.some((v) => v !== null)) series.push({ label: `Committed (${c.currency})`, values: committed, right: true, format: fmt })
    if (projected.some((v) => v !== null)) series.push({ label: `Projected (${c.currency})`, values: projected, right: true, format: (n) => `~${fmt(n)} projected` })
    return { times: days, series, cut: shown.length < d.series.length }
  }, [d])
  return (
    <section class="card" aria-labelledby="chart-title">
      <div class="chart-head">
        <h2 id="chart-title">
          {mode === 'published' ? (
            <>
              Videos by publish date <small class="muted">· per day (UTC)</small>
            </>
          ) : (
            <>
              Views and spend <small class="muted">· per day a counting window ends (UTC)</small>
            </>
          )}
        </h2>
        <ChartModes mode={mode} accrual="Views and spend" />
      </div>
      {mode === 'published' ? (
        <PublishedChart q={{ collectionId: d.campaign.id, datePreset: 'all' }} />
      ) : chart.times.length ? (
        <>
          <TimeChart label="Paid views and spend per day" granularity="day" times={chart.times} series={chart.series} />
          {chart.cut && <p class="muted small">The latest {CHART_DAYS} days; the payout periods below cover every line.</p>}
        </>
      ) : (
        <p class="muted">No video of the campaign yet: its views and spend show here as they are counted.</p>
      )}
    </section>
  )
}

function Periods({ d, current }: { d: PageData; current: string }) {
  const c = d.campaign
  return (
    <section class="card" aria-labelledby="periods-title">
      <h2 id="periods-title">Payout periods</h2>
      {d.periods.length === 0 ? (
        <p class="muted">No lines yet.</p>
      ) : (
        <div class="table-wrap">
          <table class="cp-table" data-testid="periods-table" aria-labelledby="periods-title">
            <TableHead scoped cols={['Period', numCol('Committed'), numCol('Projected'), numCol('Paid'), 'Ledger']} />
            <tbody>
              {[...d.periods].reverse().map((p) => {
                const key = periodKey(p.start)
                return (
                  <tr data-testid="row" data-id={key} aria-current={key === current ? 'true' : undefined}>
                    <td class="nowrap">{periodText(p.start, p.end)}</td>
                    <td class="num" data-value={p.committed}>
                      {money(p.committed, c)}
                    </td>
                    <td class="num" data-value={p.projected}>
                      {p.projected ? <Amount v={p.projected} c={c} projected /> : <span class="muted">—</span>}
                    </td>
                    <td class="num" data-value={p.paid}>
                      {money(p.paid, c)}
                    </td>
                    <td>
                      <button type="button" class="link nowrap" onClick={() => showLedger({ period: key })} aria-label={`Show the ${lines(p.lines)} of ${periodText(p.start, p.end)}`}>
                        {lines(p.lines)}
                      </button>
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function Goal({ s }: { s: CreatorStanding }) {
  if (!s.goal) return <span class="muted">no goal</span>
  const g = s.goal
  return (
    <>
      <GoalBadge status={g.status} />
      <div class="small" data-testid="goal">
        {exact(g.posted)} of {exact(g.perPeriod)} this period
        <span class="muted"> · {decimal.format(g.expected)} expected by now</span>
      </div>
    </>
  )
}

function Leaderboard({ d }: { d: PageData }) {
  const c = d.campaign
  const client = isClient(useWorkspace())
  return (
    <section class="card" aria-labelledby="creators-title">
      <div class="section-head">
        <h2 id="creators-title">Creators</h2>
        {!client && <a href="/creators">Manage creators</a>}
      </div>
      {d.creators.length === 0 ? (
        <p class="muted">No payee has a video in the campaign yet.</p>
      ) : (
        <div class="table-wrap phone-cards">
          <table class="cp-table phone-cards" data-testid="leaderboard" aria-labelledby="creators-title">
            <TableHead
              scoped
              cols={[numCol('#'), 'Payee', numCol('Videos'), numCol('Paid views'), numCol('Committed'), numCol('Projected'), numCol('Paid'), 'View quality', 'Posting goal', 'Last posted']}
            />
            <tbody>
              {d.creators.map((s, i) => (
                <tr data-testid="row" data-id={s.payee.id} data-kind={s.payee.kind}>
                  <td class="num card-pick">
                    {i + 1}
                  </td>
                  <td class="card-title">
                    <button type="button" class="link cp-name" onClick={() => showLedger({ payee: s.payee.id })} title="Show their lines in the ledger">
                      {payeeName(s.payee)}
                    </button>
                    {s.payee.kind !== 'creator' && <div class="muted small">{s.payee.kind === 'account' ? 'an account without a creator' : 'a video of no tracked account'}</div>}
                    {s.stoppedPosting && (
                      <div>
                        <span class="badge stopped" data-testid="stopped-posting" title="No new video for longer than they used to post">
                          Stopped posting
                        </span>
                      </div>
                    )}
                  </td>
                  <td class="num" data-label="Videos">
                    {exact(s.videos)}
                  </td>
                  <td class="num" title={exact(s.views)} data-label="Paid views">
                    {num(s.views)}
                  </td>
                  <td class="num" data-testid="committed" data-value={s.committed} data-label="Committed">
                    {money(s.committed, c)}
                  </td>
                  <td class="num" data-label="Projected">
                    {s.projected ? <Amount v={s.projected} c={c} projected /> : <span class="muted">—</span>}
                  </td>
                  <td class="num" data-label="Paid">
                    {money(s.paid, c)}
                  </td>
                  <td data-label="View quality">{s.quality === null ? <span class="muted">—</span> : <Quality q={s.quality} />}</td>
                  <td data-label="Posting goal">
                    <Goal s={s} />
                  </td>
                  <td class="nowrap" data-label="Last posted">
                    {s.lastPostedAt ? <Time at={s.lastPostedAt} show={ago} /> : <span class="muted">never</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function TopVideos({ d }: { d: PageData }) {
  const c = d.campaign
  return (
    <section class="card" aria-labelledby="top-title">
      <h2 id="top-title">Top videos</h2>
      {d.topVideos.length === 0 ? (
        <p class="muted">No video yet.</p>
      ) : (
        <div class="table-wrap phone-cards">
          <table class="cp-table phone-cards" data-testid="top-videos" aria-labelledby="top-title">
            <TableHead scoped cols={['Video', 'Payee', 'Status', numCol('Paid views'), numCol('Amount')]} />
            <tbody>
              {d.topVideos.map((l) => (
                <tr data-testid="row" data-id={l.videoId}>
                  <VideoCell l={l} />
                  <td data-label="Payee">{payeeName(l.payee)}</td>
                  <td data-label="Status">
                    <LineStatusBadge status={l.status} />
                  </td>
                  <td class="num" title={exact(l.paidViews)} data-label="Paid views">
                    {num(l.paidViews)}
                  </td>
                  <td class="num" data-value={l.amount} data-label="Amount">
                    <Amount v={l.amount} c={c} projected={l.status === 'projected'} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function ChangeRules({ c, onSaved, onCancel }: { c: Campaign; onSaved: (v: RulesVersion) => void; onCancel: () => void }) {
  const [f, setF] = useState(() => rulesForm(c.rules, c.minorDigits))
  const { busy, error, setError, run } = useAction()
  const errs = error?.fields ?? {}
  const submit = (e: Event) => {
    e.preventDefault()
    const { rules, errors } = readRules(f, c.minorDigits)
    if (!rules) {
      setError(new ApiError(400, 'invalid_request', 'Some fields need a change.', errors))
      requestAnimationFrame(() => document.querySelector<HTMLElement>('form[aria-label="Change rules"] [aria-invalid="true"]')?.focus())
      return
    }
    run(async () => onSaved(await post<RulesVersion>(`/campaigns/${encodeURIComponent(c.id)}/rules`, rules)))
  }
  return (
    <form class="cp-form" aria-label="Change rules" onSubmit={submit} noValidate>
      <p class="rules-note" data-testid="rules-note">
        Saving makes <strong>version {c.rules.version + 1}</strong>. Locked lines keep the version they were priced under and never change; a video is
        priced under the version in force when it was published, so only videos published from now on use the new one.
      </p>
      <RulesFields f={f} set={setF} currency={c.currency} errors={errs} uid="change-rules" />
      {error && Object.keys(errs).length === 0 && <ErrorNote error={error} />}
      <div class="actions">
        <button type="submit" class="primary" disabled={!!busy}>
          {busy ? 'Saving…' : `Save as version ${c.rules.version + 1}`}
        </button>
        <button type="button" onClick={onCancel} disabled={!!busy}>
          Cancel
        </button>
      </div>
    </form>
  )
}

function Rules({ c, manage, onChanged }: { c: Campaign; manage: boolean; onChanged: () => void }) {
  // an ended campaign's rules no longer change
  const editable = manage && !c.endedAt
  const r = useApi((s) => get<RulesVersions>(`/campaigns/${encodeURIComponent(c.id)}/rules`, undefined, s), `${c.id}:${c.rules.version}`)
  const [editing, setEditing] = useState(false)
  const [notice, setNotice] = useState('')
  return (
    <section class="card" id="rules" aria-labelledby="rules-title">
      <div class="section-head">
        <h2 id="rules-title">Rules · version {c.rules.version}</h2>
        {editable && !editing && (
          <button
            type="button"
            onClick={() => {
              setNotice('')
              setEditing(true)
            }}
            data-testid="change-rules"
          >
            Change rules
          </button>
        )}
      </div>
      {editing && editable ? (
        <ChangeRules
          c={c}
          onCancel={() => setEditing(false)}
          onSaved={(v) => {
            setEditing(false)
            setNotice(`Version ${v.version} saved. Locked lines keep their version; videos published from now on are priced under version ${v.version}.`)
            onChanged()
          }}
        />
      ) : (
        <RulesFacts r={c.rules} c={c} />
      )}
      {notice && (
        <p class="notice" role="status" data-testid="rules-saved">
          {notice}
        </p>
      )}
      <h3 class="cp-history">Versions</h3>
      <Show r={r}>
        {(d) => (
          <div class="table-wrap">
            <table class="cp-table" data-testid="rules-versions" aria-label="Versions of the rules">
              <TableHead scoped cols={['Version', 'Made', 'CPM tiers', numCol('View cap'), numCol('Min views'), 'Amount per video', numCol('Creator cap'), 'Window']} />
              <tbody>
                {d.versions.map((v) => (
                  <tr data-testid="row" data-id={v.version} aria-current={v.version === c.rules.version ? 'true' : undefined}>
                    <td class="nowrap">
                      v{v.version}
                      {v.version === c.rules.version && <span class="muted small"> (current)</span>}
                    </td>
                    <td>
                      <Time at={v.createdAt} show={day} />
                      {v.createdBy && <div class="muted small cp-email">{v.createdBy}</div>}
                    </td>
                    <td>{tiersText(v, c)}</td>
                    <td class="num">{v.viewCap ? exact(v.viewCap) : '—'}</td>
                    <td class="num">{v.minViews ? exact(v.minViews) : '—'}</td>
                    <td class="nowrap">
                      {v.minAmount || v.maxAmount ? `${v.minAmount ? money(v.minAmount, c) : '0'} – ${v.maxAmount ? money(v.maxAmount, c) : 'no max'}` : '—'}
                    </td>
                    <td class="num">{v.creatorCap ? money(v.creatorCap, c) : '—'}</td>
                    <td class="nowrap">{windowText(v.windowHours)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Show>
    </section>
  )
}

// words splits what a manager typed into hashtags or mentions, without
// their sign, lower-case and without repeats.
function words(s: string, sign: string): string[] {
  const out: string[] = []
  for (const w of s.split(/[\s,]+/)) {
    const v = w.replace(sign, '').trim().toLowerCase()
    if (v && !out.includes(v)) out.push(v)
  }
  return out
}

function Settings({ c, onSaved }: { c: Campaign; onSaved: () => void }) {
  const initial = () => ({
    startsAt: c.startsAt.slice(0, 10),
    lastDay: c.endsAt ? lastDay(c.endsAt) : '',
    budget: moneyInput(c.budget, c.minorDigits),
    platforms: new Set<Platform>(c.platforms),
    collabs: c.collabs as Collabs,
    showRules: c.showRulesToCreators,
    verifiedOnly: c.verifiedAccountsOnly,
    taxForm: c.requiresTaxForm,
    submissions: c.submissions,
    hashtags: c.requiredHashtags.map((h) => '#' + h).join(' '),
    mentions: c.requiredMentions.map((m) => '@' + m).join(' '),
    sound: c.requiredSound,
    validation: String(c.validationHours),
    minQuality: String(c.minQuality),
  })
  const [f, setF] = useState(initial)
  // the fields follow the campaign as it is read again (after a save)
  useEffect(() => setF(initial()), [c.startsAt, c.endsAt, c.budget, c.platforms.join(), c.collabs, c.showRulesToCreators, c.verifiedAccountsOnly, c.requiresTaxForm, c.submissions, c.requiredHashtags.join(), c.requiredMentions.join(), c.requiredSound, c.validationHours, c.minQuality])
  const { busy, error, setError, run } = useAction()
  const [saved, setSaved] = useState(false)
  const errs = error?.fields ?? {}
  const submit = (e: Event) => {
    e.preventDefault()
    setSaved(false)
    const bad: Record<string, string> = {}
    const budget = parseMoney(f.budget, c.minorDigits)
    if (typeof budget === 'string') bad.budget = budget
    if (!f.startsAt) bad.startsAt = 'is required'
    if (f.lastDay && f.lastDay < f.startsAt) bad.endsAt = 'must not be before the first day'
    if (f.platforms.size === 0) bad.platforms = 'must name at least one platform'
    const validation = Number(f.validation || 0)
    if (!Number.isInteger(validation) || validation < 0 || validation > 720) bad.validationHours = 'between 0 and 720 hours'
    const minQuality = Number(f.minQuality || 0)
    if (!Number.isInteger(minQuality) || minQuality < 0 || minQuality > 100) bad.minQuality = 'a score between 0 and 100'
    if (Object.keys(bad).length || typeof budget === 'string') {
      setError(new ApiError(400, 'invalid_request', 'Some fields need a change.', bad))
      return
    }
    // only what changed is sent
    const body: Record<string, unknown> = {}
    if (dayStart(f.startsAt) !== dayStart(c.startsAt.slice(0, 10)) || c.startsAt.slice(10) !== 'T00:00:00Z') body.startsAt = dayStart(f.startsAt)
    const endsAt = f.lastDay ? dayEnd(f.lastDay) : null
    if ((c.endsAt ? lastDay(c.endsAt) : '') !== f.lastDay) body.endsAt = endsAt
    if (budget !== c.budget) body.budget = budget
    const platforms = PLATFORMS.filter((p) => f.platforms.has(p))
    if (platforms.join() !== PLATFORMS.filter((p) => c.platforms.includes(p)).join()) body.platforms = platforms
    if (f.collabs !== c.collabs) body.collabs = f.collabs
    if (f.showRules !== c.showRulesToCreators) body.showRulesToCreators = f.showRules
    if (f.verifiedOnly !== c.verifiedAccountsOnly) body.verifiedAccountsOnly = f.verifiedOnly
    if (f.taxForm !== c.requiresTaxForm) body.requiresTaxForm = f.taxForm
    if (f.submissions !== c.submissions) body.submissions = f.submissions
    const hashtags = words(f.hashtags, '#')
    if (hashtags.join() !== c.requiredHashtags.join()) body.requiredHashtags = hashtags
    const mentions = words(f.mentions, '@')
    if (mentions.join() !== c.requiredMentions.join()) body.requiredMentions = mentions
    if (f.sound.trim() !== c.requiredSound) body.requiredSound = f.sound.trim()
    if (validation !== c.validationHours) body.validationHours = validation
    if (minQuality !== c.minQuality) body.minQuality = minQuality
    if (Object.keys(body).length === 0) {
      setSaved(true)
      return
    }
    run(async () => {
      await patch<Campaign>(`/campaigns/${encodeURIComponent(c.id)}`, body)
      setSaved(true)
      onSaved()
    })
  }
  const err = (k: string, label: string) =>
    errs[k] ? (
      <small id={`settings-${k}-error`} class="field-error">
        {fieldText(label, errs[k])}
      </small>
    ) : null
  return (
    <form class="card cp-form cp-settings" aria-label="Campaign settings" onSubmit={submit} noValidate>
      <h2>Settings</h2>
      <p class="muted small">
        The currency ({c.currency}) and the payout period ({PERIOD_SHORT[c.period].toLowerCase()}) are fixed. Locked lines keep their amounts whatever
        changes here.
      </p>
      <div class="cp-grid">
        <div class="field">
          <label for="settings-startsAt">First day</label>
          <input type="date" name="startsAt" value={f.startsAt} onInput={(e) => setF({ ...f, startsAt: (e.target as HTMLInputElement).value })} {...described('settings-startsAt', errs.startsAt, false)} />
          {err('startsAt', 'First day')}
        </div>
        <div class="field">
          <label for="settings-endsAt">Last day (optional)</label>
          <input type="date" name="endsAt" min={f.startsAt || undefined} value={f.lastDay} onInput={(e) => setF({ ...f, lastDay: (e.target as HTMLInputElement).value })} {...described('settings-endsAt', errs.endsAt)} />
          {err('endsAt', 'Last day') ?? (
            <small id="settings-endsAt-hint" class="muted">
              Empty: no end.
            </small>
          )}
        </div>
        <div class="field">
          <label for="settings-budget">Budget ({c.currency})</label>
          <input
            type="text"
            inputMode="decimal"
            name="budget"
            autocomplete="off"
            placeholder="none"
            value={f.budget}
            onInput={(e) => setF({ ...f, budget: (e.target as HTMLInputElement).value })}
            {...described('settings-budget', errs.budget)}
          />
          {err('budget', 'Budget') ?? (
            <small id="settings-budget-hint" class="muted">
              Empty: no budget. Lines that lock once it is spent are cut to what is left.
            </small>
          )}
        </div>
        <CollabsSelect id="settings-collabs" value={f.collabs} onChange={(v) => setF({ ...f, collabs: v })} />
      </div>
      <fieldset>
        <legend>Platforms paid</legend>
        <PlatformChecks value={f.platforms} onChange={(next) => setF({ ...f, platforms: next })} />
        {err('platforms', 'Platforms')}
      </fieldset>
      <fieldset>
        <legend>Creators</legend>
        <label class="check">
          <input type="checkbox" name="verifiedAccountsOnly" checked={f.verifiedOnly} onChange={(e) => setF({ ...f, verifiedOnly: (e.target as HTMLInputElement).checked })} />{' '}
          Pay verified accounts only: the lines of accounts not proven to be their creator’s are held for review when they lock
        </label>
        <label class="check">
          <input type="checkbox" name="showRulesToCreators" checked={f.showRules} onChange={(e) => setF({ ...f, showRules: (e.target as HTMLInputElement).checked })} />{' '}
          Show the CPM tiers, caps and budget to creators on their portal
        </label>
        <label class="check">
          <input type="checkbox" name="requiresTaxForm" checked={f.taxForm} onChange={(e) => setF({ ...f, taxForm: (e.target as HTMLInputElement).checked })} />{' '}
          Require a tax form on file: the lines of creators without one are held for review when they lock
        </label>
      </fieldset>
      <fieldset>
        <legend>View quality</legend>
        <div class="cp-grid">
          <div class="field">
            <label for="settings-validationHours">Validation window (hours)</label>
            <input type="number" min={0} max={720} step={1} name="validationHours" value={f.validation} onInput={(e) => setF({ ...f, validation: (e.target as HTMLInputElement).value })} {...described('settings-validationHours', errs.validationHours)} />
            {err('validationHours', 'Validation window') ?? (
              <small id="settings-validationHours-hint" class="muted">
                How long after a post’s counting window closes its line locks: views the platform takes back meanwhile lower its score. 0: at once.
              </small>
            )}
          </div>
          <div class="field">
            <label for="settings-minQuality">Minimum view quality</label>
            <input type="number" min={0} max={100} step={1} name="minQuality" value={f.minQuality} onInput={(e) => setF({ ...f, minQuality: (e.target as HTMLInputElement).value })} {...described('settings-minQuality', errs.minQuality)} />
            {err('minQuality', 'Minimum view quality') ?? (
              <small id="settings-minQuality-hint" class="muted">
                Lines scoring below it (0–100, against the account’s own videos) are held for review when they lock. 0: never.
              </small>
            )}
          </div>
        </div>
      </fieldset>
      <fieldset>
        <legend>Posts creators submit</legend>
        <div class="cp-grid">
          <div class="field">
            <label for="settings-submissions">Submissions</label>
            <select id="settings-submissions" name="submissions" value={f.submissions} onChange={(e) => setF({ ...f, submissions: (e.target as HTMLSelectElement).value as Campaign['submissions'] })}>
              <option value="closed">Closed</option>
              <option value="review">Open, reviewed by the team</option>
              <option value="auto">Open, accepted if checks pass</option>
            </select>
          </div>
          <div class="field">
            <label for="settings-requiredHashtags">Required hashtags</label>
            <input type="text" name="requiredHashtags" autocomplete="off" placeholder="#launchweek" value={f.hashtags} onInput={(e) => setF({ ...f, hashtags: (e.target as HTMLInputElement).value })} {...described('settings-requiredHashtags', errs.requiredHashtags)} />
            {err('requiredHashtags', 'Required hashtags') ?? (
              <small id="settings-requiredHashtags-hint" class="muted">
                Each must be in a submitted post’s caption.
              </small>
            )}
          </div>
          <div class="field">
            <label for="settings-requiredMentions">Required mentions</label>
            <input type="text" name="requiredMentions" autocomplete="off" placeholder="@yourbrand" value={f.mentions} onInput={(e) => setF({ ...f, mentions: (e.target as HTMLInputElement).value })} {...described('settings-requiredMentions', errs.requiredMentions)} />
            {err('requiredMentions', 'Required mentions')}
          </div>
          <div class="field">
            <label for="settings-requiredSound">Required sound</label>
            <input type="text" name="requiredSound" autocomplete="off" placeholder="a sound’s link, id or name" value={f.sound} onInput={(e) => setF({ ...f, sound: (e.target as HTMLInputElement).value })} {...described('settings-requiredSound', errs.requiredSound)} />
            {err('requiredSound', 'Required sound') ?? (
              <small id="settings-requiredSound-hint" class="muted">
                A TikTok sound’s or an Instagram audio’s link, its id, or its name. Empty: any.
              </small>
            )}
          </div>
        </div>
      </fieldset>
      {error && (Object.keys(errs).length === 0 || Object.keys(errs).some((k) => !['startsAt', 'endsAt', 'budget', 'platforms', 'collabs', 'requiredHashtags', 'requiredMentions', 'requiredSound', 'validationHours', 'minQuality'].includes(k))) && (
        <ErrorNote error={error} />
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={!!busy}>
          {busy ? 'Saving…' : 'Save settings'}
        </button>
        {saved && (
          <span class="notice" role="status" data-testid="settings-saved">
            Saved.
          </span>
        )}
      </div>
    </form>
  )
}

// Ended says that the campaign was ended by deleting its collection, and
// what that leaves.
function Ended({ at }: { at: string }) {
  return (
    <section class="banner cp-ended-banner" aria-label="Campaign ended" data-testid="ended-banner">
      <EndedBadge at={at} />
      <p>
        The campaign was ended on {when(at)}, when its collection was deleted. Its ledger is kept, read-only: its lines can still be reviewed, paid and
        exported; its settings and rules no longer change.
      </p>
    </section>
  )
}

// SubmissionsLink leads to the inbox of the posts creators submitted, with
// how many wait for review.
function SubmissionsLink({ c }: { c: Campaign }) {
  const r = useApi((s) => get<Submissions>(`/campaigns/${encodeURIComponent(c.id)}/submissions?limit=1`, undefined, s), `submissions-count-${c.id}`)
  const n = r.data?.counts
  if (c.submissions === 'closed' && (!n || n.checking + n.pending + n.accepted + n.rejected === 0)) return null
  return (
    <p class="notice" data-testid="submissions-link">
      {c.submissions === 'closed' ? 'The campaign no longer takes submitted posts.' : `Creators submit posts to this campaign${c.submissions === 'auto' ? ' (accepted at once when they pass every check)' : ''}.`}{' '}
      <a href={`/campaigns/${encodeURIComponent(c.id)}/submissions`}>
        {n ? `${n.pending} waiting for review` : 'See the submissions'}
        {n && n.checking > 0 ? `, ${n.checking} being checked` : ''}
      </a>
    </p>
  )
}

function Panel({ d, q, mode, manage, reload }: { d: PageData; q: LedgerQuery; mode: ChartMode; manage: boolean; reload: () => void }) {
  const c = d.campaign
  // a client viewer shown payouts reads the campaign: not its submissions,
  // its rules' versions or its settings
  const client = isClient(useWorkspace())
  return (
    <>
      {c.endedAt && <Ended at={c.endedAt} />}
      <Head c={c} />
      {!client && <SubmissionsLink c={c} />}
      <Kpis d={d} />
      <Counts d={d} />
      {d.awaitingLock > 0 && (
        <p class="muted small" role="status" data-testid="awaiting-lock">
          The counting windows of {lines(d.awaitingLock)} have closed: {d.awaitingLock === 1 ? 'it is' : 'they are'} still projected until the next
          run locks {d.awaitingLock === 1 ? 'it' : 'them'}, within minutes; then {d.awaitingLock === 1 ? 'it' : 'they'} can be reviewed.{' '}
          <button type="button" class="link" onClick={reload}>
            Reload
          </button>
        </p>
      )}
      {d.validating > 0 && (
        <p class="muted small" role="status" data-testid="validating-count">
          The counting windows of {lines(d.validating)} have closed: {d.validating === 1 ? 'it waits' : 'they wait'} out the campaign’s{' '}
          {d.campaign.validationHours}-hour validation window before {d.validating === 1 ? 'it locks' : 'they lock'}.
        </p>
      )}
      <SpendChart d={d} mode={mode} />
      <Periods d={d} current={q.period} />
      <Leaderboard d={d} />
      <TopVideos d={d} />
      <Ledger d={d} q={q} manage={manage} onChanged={reload} />
      {client ? (
        <section class="card" id="rules" aria-labelledby="rules-title">
          <h2 id="rules-title">Rules · version {c.rules.version}</h2>
          <RulesFacts r={c.rules} c={c} />
        </section>
      ) : (
        <Rules c={c} manage={manage} onChanged={reload} />
      )}
      {c.endedAt || client ? null : manage ? (
        <Settings c={c} onSaved={reload} />
      ) : (
        <p class="muted">Only the workspace’s owner or an admin can change the campaign’s settings and rules.</p>
      )}
    </>
  )
}

export default function CampaignPage({ params, query }: { params: Record<string, string>; query: URLSearchParams }) {
  const id = params.id
  const ws = useWorkspace()
  const manage = canManage(ws)
  const r = useApi((s) => get<PageData>(`/campaigns/${encodeURIComponent(id)}`, undefined, s), id)
  const q = readLedger(query)
  const title = r.data && r.data.campaign.id === id ? r.data.campaign.name : 'Campaign'
  return (
    <>
      <PageHeader title={title}>
        <a href="/campaigns">← All campaigns</a>
      </PageHeader>
      {r.error?.status === 404 || r.error?.status === 400 ? (
        <Empty title="Campaign not found">
          It may have been removed, or it belongs to another workspace. See <a href="/campaigns">your campaigns</a>.
        </Empty>
      ) : (
        <Show r={r}>
          {(d) => (
            <Stale r={r}>
              <Panel d={d} q={q} mode={chartMode(query)} manage={manage} reload={r.reload} />
              {!isClient(ws) && <ShareSection scope={{ collectionId: id, datePreset: 'all', campaign: true, title: d.campaign.name, what: 'this campaign' }} />}
            </Stale>
          )}
        </Show>
      )}
    </>
  )
}
