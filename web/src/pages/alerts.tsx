// Alerts: the workspace's rules (the event each sends, its scope, the spike
// condition, e-mail and channels, on/off), a form to create or edit one,
// and the spike alerts they raised.
import type { ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { ApiError, del, get, post } from '../api'
import { CollectionSelect, useCollections } from '../filters'
import { ago, exact, num, platformName, signed, signedPct, videoKind, when } from '../format'
import { setQuery } from '../router'
import { PLATFORMS, allOf, type AlertCondition, type AlertEvent, type AlertEvents, type AlertMetric, type AlertRule, type AlertRules, type ChannelList, type EventType } from '../types'
import { ACTIONS, Confirm, Empty, ErrorBox, ErrorNote, PageHeader, PlatformBadge, Show, Spinner, TableHead, Time, numCol, useAction, useApi, useQuestion } from '../ui'
import './alerts.css'

const METRICS = allOf<AlertMetric>()(['views', 'likes', 'comments', 'shares'])
const CONDITIONS: { value: AlertCondition; label: string; hint: string }[] = [
  { value: 'gain', label: 'Gain', hint: 'the metric grows by at least the threshold (a whole number) within the window' },
  { value: 'growth_pct', label: 'Growth %', hint: 'the metric grows by at least the threshold in percent of its value at the window’s start' },
  {
    value: 'velocity_vs_baseline',
    label: 'Velocity vs baseline',
    hint: 'the gain is at least the threshold (above 1) times the median gain of the same account’s other videos at the same age; videos are judged in their first 7 days',
  },
]

// EVENTS are the events a rule may send, with what each means.
export const EVENTS: { value: EventType; label: string; hint: string }[] = [
  { value: 'video.spike', label: 'Spike', hint: 'a video’s metric grows as the condition below says' },
  { value: 'video.outlier', label: 'Outlier at the same age', hint: 'a video’s views at a fixed age (1 h, 6 h, 24 h, 3 d, 7 d, 30 d) reach the multiple below of its account’s earlier videos’ median at that age' },
  { value: 'video.milestone', label: 'Video milestone', hint: 'a video’s views pass the number below, once' },
  { value: 'account.milestone', label: 'Account milestone', hint: 'an account’s tracked videos together pass the number of views below, once' },
  { value: 'tracking.failed', label: 'Tracking failing', hint: 'an item’s scrapes bring no data 3 times in a row (private, deleted, failed runs)' },
  { value: 'account.new_post', label: 'New post', hint: 'a tracked account posts a new video' },
  { value: 'campaign.budget', label: 'Campaign budget', hint: 'a campaign has committed 80 % or 100 % of its budget' },
  { value: 'payout.line_locked', label: 'Payout line locked', hint: 'a campaign’s payout line locks at its window’s end' },
  { value: 'payout.line_held', label: 'Payout line held', hint: 'a payout line is held for review' },
]

export const eventLabel = (t: EventType) => EVENTS.find((e) => e.value === t)?.label ?? t

// conditionText says a rule's condition in words: "views gain ≥ 10,000 within 24 h".
export function conditionText(r: Pick<AlertRule, 'metric' | 'condition' | 'threshold' | 'windowHours' | 'minStartValue'>): string {
  const within = `within ${r.windowHours} h`
  let s: string
  if (r.condition === 'gain') s = `${r.metric} gain ≥ ${exact(r.threshold)} ${within}`
  else if (r.condition === 'growth_pct') s = `${r.metric} grow ≥ ${exact(r.threshold)} % ${within}`
  else s = `${r.metric} gain ≥ ${exact(r.threshold)}× the account’s usual ${within}`
  if (r.minStartValue > 0) s += `, from at least ${exact(r.minStartValue)}`
  return s
}

// OUTLIER_DEFAULT is the least multiplier of a new outlier rule; the API
// takes 2 or more.
const OUTLIER_DEFAULT = '3'
const OUTLIER_MIN = 2
const OUTLIER_MAX = 1000

// outlierText says an outlier rule's threshold in words.
const outlierText = (r: Pick<AlertRule, 'threshold'>) => `views ≥ ${r.threshold}× the account’s median at the same age`

// MILESTONE_DEFAULT is the views of a new milestone rule, as the API's
// default; the API takes a whole number from 1 to MILESTONE_MAX.
const MILESTONE_DEFAULT = '100000'
const MILESTONE_MAX = 1_000_000_000_000
const isMilestone = (t: EventType) => t === 'video.milestone' || t === 'account.milestone'

// milestoneText says a milestone rule's threshold in words.
const milestoneText = (r: Pick<AlertRule, 'eventType' | 'threshold'>) =>
  `${r.eventType === 'account.milestone' ? 'an account’s videos pass' : 'a video passes'} ${exact(r.threshold)} views`

// ruleText is what a rule watches, in words: its condition, or its event.
export function ruleText(r: AlertRule): string {
  if (r.eventType === 'video.spike') return conditionText(r)
  if (r.eventType === 'video.outlier') return outlierText(r)
  if (isMilestone(r.eventType)) return milestoneText(r)
  return eventLabel(r.eventType)
}

interface FormState {
  id?: string
  eventType: EventType
  email: boolean
  channelIds: string[]
  name: string
  metric: AlertMetric
  condition: AlertCondition
  threshold: string
  windowHours: string
  minStartValue: string
  cooldownHours: string
  recipients: string
  collectionId: string
  platform: string
  enabled: boolean
}

const BLANK: FormState = {
  eventType: 'video.spike',
  email: true,
  channelIds: [],
  name: '',
  metric: 'views',
  condition: 'gain',
  threshold: '',
  windowHours: '24',
  minStartValue: '0',
  cooldownHours: '24',
  recipients: '',
  collectionId: '',
  platform: '',
  enabled: true,
}

// fromRule fills the form with a rule.
function fromRule(r: AlertRule): FormState {
  return {
    id: r.id,
    eventType: r.eventType,
    email: r.email,
    channelIds: r.channelIds,
    name: r.name,
    metric: r.metric,
    condition: r.condition,
    threshold: String(r.threshold),
    windowHours: String(r.windowHours),
    minStartValue: String(r.minStartValue),
    cooldownHours: String(r.cooldownHours),
    recipients: r.recipients.join('\n'),
    collectionId: r.collectionId ?? '',
    platform: r.platform ?? '',
    enabled: r.enabled,
  }
}

const splitEmails = (s: string) =>
  s
    .split(/[\s,;]+/)
    .map((x) => x.trim())
    .filter(Boolean)

// A number field's text as the API expects it: empty stays out (the
// default), anything else is sent as a number (the API names bad ones).
function numberOrText(s: string): number | string | undefined {
  const t = s.trim()
  if (!t) return undefined
  const n = Number(t)
  return Number.isFinite(n) ? n : t
}

// checkForm names every field of the form the API would refuse, at once,
// in the API's words, before anything is sent.
function checkForm(f: FormState, recipients: number): Record<string, string> {
  const out: Record<string, string> = {}
  const whole = (s: string) => /^-?\d+$/.test(s.trim())
  if (!f.name.trim()) out.name = 'is required'
  else if (f.name.trim().length > 100) out.name = 'must be at most 100 characters'
  if (recipients > 20) out.recipients = 'must have at most 20 addresses'
  if (f.enabled && !f.email && f.channelIds.length === 0) out.channelIds = 'must name a channel when e-mail is off: an enabled rule needs somewhere to send'
  if (f.eventType === 'video.outlier') {
    const m = Number(f.threshold.trim())
    if (!f.threshold.trim()) out.threshold = 'is required'
    else if (!Number.isFinite(m) || m < OUTLIER_MIN || m > OUTLIER_MAX) out.threshold = `must be a number from ${OUTLIER_MIN} to ${OUTLIER_MAX} (times the account’s median)`
    return out
  }
  if (isMilestone(f.eventType)) {
    const m = Number(f.threshold.trim())
    if (!f.threshold.trim()) out.threshold = 'is required'
    else if (!whole(f.threshold) || m < 1 || m > MILESTONE_MAX) out.threshold = `must be a whole number of views from 1 to ${exact(MILESTONE_MAX)}`
    return out
  }
  if (f.eventType !== 'video.spike') return out
  const t = Number(f.threshold.trim())
  if (!f.threshold.trim()) out.threshold = 'is required'
  else if (!Number.isFinite(t) || t <= 0) out.threshold = 'must be a number above 0'
  else if (f.condition === 'gain' && !whole(f.threshold)) out.threshold = `must be a whole number of ${f.metric} for the gain condition`
  else if (f.condition === 'velocity_vs_baseline' && (t <= 1 || t > 1000)) out.threshold = 'must be above 1 and at most 1000 (times the median)'
  const w = Number(f.windowHours.trim())
  if (!f.windowHours.trim()) out.windowHours = 'is required'
  else if (!whole(f.windowHours) || w < 1 || w > 168) out.windowHours = 'must be a whole number from 1 to 168'
  if (f.minStartValue.trim() && (!whole(f.minStartValue) || Number(f.minStartValue) < 0)) out.minStartValue = 'must be a whole number, 0 or more'
  if (f.cooldownHours.trim() && (!whole(f.cooldownHours) || Number(f.cooldownHours) < 0 || Number(f.cooldownHours) > 720))
    out.cooldownHours = 'must be a whole number from 0 to 720'
  return out
}

// RuleField is one field of the rule form: its control, hint and errors.
function RuleField({
  k,
  label,
  hint,
  error,
  cls = '',
  hintCls = 'muted',
  children,
}: {
  k: string
  label: string
  hint: ComponentChildren
  error: ComponentChildren
  cls?: string
  hintCls?: string
  children: ComponentChildren
}) {
  return (
    <div class={'field' + cls}>
      <label>
        {label}
        {children}
      </label>
      <small id={`alert-${k}-hint`} class={hintCls}>
        {hint}
      </small>
      {error}
    </div>
  )
}

function RuleForm({
  initial,
  onSaved,
  onCancel,
  notice,
}: {
  initial: FormState
  onSaved: (r: AlertRule) => void
  onCancel?: () => void
  notice?: string
}) {
  const [f, setF] = useState<FormState>(initial)
  const { busy, error, setError, run } = useAction()
  const cols = useCollections()
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setF((x) => ({ ...x, [k]: v }))
  const recips = splitEmails(f.recipients)
  // the saved rule's notice is by the button, scrolled into view
  const noticeRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => noticeRef.current?.scrollIntoView({ block: 'nearest' }), [notice])

  // fields maps the API's field names ("threshold", "recipients[1]",
  // "rule.name") to the form's fields.
  const fieldErr: Record<string, string[]> = {}
  for (const [k, msg] of Object.entries(error?.fields ?? {})) {
    const key = k.replace(/^rule\./, '')
    const m = /^(\w+)\[(\d+)\]/.exec(key)
    const base = m ? m[1] : key
    const text = m && base === 'recipients' && recips[Number(m[2])] ? `${recips[Number(m[2])]}: ${msg}` : msg
    ;(fieldErr[base] ??= []).push(text)
  }
  const known = ['name', 'eventType', 'email', 'channelIds', 'metric', 'condition', 'threshold', 'windowHours', 'minStartValue', 'cooldownHours', 'recipients', 'collectionId', 'platform', 'enabled']
  const channels = useApi((s) => get<ChannelList>('/channels', undefined, s), 'channels')
  const spike = f.eventType === 'video.spike'
  const outlier = f.eventType === 'video.outlier'
  const milestone = isMilestone(f.eventType)
  const unplaced = error && Object.keys(fieldErr).filter((k) => !known.includes(k))

  const fe = (k: string) =>
    fieldErr[k] ? (
      <small id={`alert-${k}-error`} class="field-error">
        {fieldErr[k].join('; ')}
      </small>
    ) : null
  const inv = (k: string, hint = true) => ({
    name: k,
    'aria-invalid': !!fieldErr[k],
    'aria-describedby': fieldErr[k] ? `alert-${k}-error` : hint ? `alert-${k}-hint` : undefined,
  })

  const submit = (e: Event) => {
    e.preventDefault()
    const bad = checkForm(f, recips.length)
    if (Object.keys(bad).length) {
      setError(new ApiError(400, 'invalid_request', 'Some fields need a change.', bad))
      requestAnimationFrame(() => (document.querySelector('form[aria-label="Alert rule"] [aria-invalid="true"]') as HTMLElement | null)?.focus())
      return
    }
    run(async () => {
      const body: Record<string, unknown> = {
        name: f.name,
        eventType: f.eventType,
        email: f.email,
        channelIds: f.channelIds,
        recipients: recips,
        collectionId: f.collectionId || null,
        platform: f.platform || null,
        enabled: f.enabled,
      }
      if (spike)
        Object.assign(body, {
          metric: f.metric,
          condition: f.condition,
          threshold: numberOrText(f.threshold),
          windowHours: numberOrText(f.windowHours),
          minStartValue: numberOrText(f.minStartValue),
          cooldownHours: numberOrText(f.cooldownHours),
        })
      if (outlier || milestone) body.threshold = numberOrText(f.threshold)
      if (f.id) body.id = f.id
      const saved = await post<AlertRule>('/alerts', body)
      onSaved(saved)
      if (!f.id) setF(BLANK)
    })
  }

  const cond = CONDITIONS.find((c) => c.value === f.condition)!
  const thresholdUnit = f.condition === 'gain' ? f.metric : f.condition === 'growth_pct' ? '%' : '× baseline'
  const collectionMissing = f.collectionId && cols.data && !cols.data.collections.some((c) => c.id === f.collectionId)

  return (
    <form class="card alert-form" aria-label="Alert rule" onSubmit={submit} noValidate>
      <h2>{f.id ? `Edit “${initial.name}”` : 'New alert rule'}</h2>
      <div class="alert-grid">
        <RuleField k="name" label="Name" hint="Shown in the alert e-mail, up to 100 characters." error={fe('name')}>
          <input type="text" maxLength={100} required value={f.name} onInput={(e) => set('name', (e.target as HTMLInputElement).value)} {...inv('name')} />
        </RuleField>
        <RuleField k="eventType" label="Event" hint={`Send when ${EVENTS.find((e) => e.value === f.eventType)?.hint ?? ''}.`} error={fe('eventType')}>
          <select
            value={f.eventType}
            disabled={!!f.id}
            onChange={(e) => {
              const t = (e.target as HTMLSelectElement).value as EventType
              // the thresholds mean different things: each event starts from its own
              setF((x) => ({
                ...x,
                eventType: t,
                threshold: t === 'video.outlier' ? OUTLIER_DEFAULT : isMilestone(t) ? MILESTONE_DEFAULT : t === 'video.spike' ? '' : x.threshold,
              }))
            }}
            {...inv('eventType')}
          >
            {EVENTS.map((e) => (
              <option value={e.value}>{e.label}</option>
            ))}
          </select>
        </RuleField>
        {outlier && (
          <RuleField
            k="threshold"
            label="At least N× the account’s median"
            hint={`A video is told of when its views at a fixed age are at least this many times the median of its account’s earlier videos at that age (${OUTLIER_MIN} to ${OUTLIER_MAX}, default ${OUTLIER_DEFAULT}).`}
            error={fe('threshold')}
          >
            <input
              type="number"
              inputMode="decimal"
              min={OUTLIER_MIN}
              max={OUTLIER_MAX}
              step="any"
              required
              value={f.threshold}
              onInput={(e) => set('threshold', (e.target as HTMLInputElement).value)}
              {...inv('threshold')}
            />
          </RuleField>
        )}
        {milestone && (
          <RuleField
            k="threshold"
            label="Views"
            hint={`Told once per ${f.eventType === 'account.milestone' ? 'account' : 'video'} when its views pass this number, and of no other milestone: make one rule per mark (default ${exact(Number(MILESTONE_DEFAULT))}). Items already past it when the rule is saved are not told.`}
            error={fe('threshold')}
          >
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={MILESTONE_MAX}
              step={1}
              required
              value={f.threshold}
              onInput={(e) => set('threshold', (e.target as HTMLInputElement).value)}
              {...inv('threshold')}
            />
          </RuleField>
        )}
        {spike && (<>
        <RuleField k="metric" label="Metric" hint="The number of each video that is watched." error={fe('metric')}>
          <select value={f.metric} onChange={(e) => set('metric', (e.target as HTMLSelectElement).value as AlertMetric)} {...inv('metric')}>
            {METRICS.map((m) => (
              <option value={m}>{m[0].toUpperCase() + m.slice(1)}</option>
            ))}
          </select>
        </RuleField>
        <RuleField k="condition" label="Condition" hint={`Alert when ${cond.hint}.`} error={fe('condition')}>
          <select value={f.condition} onChange={(e) => set('condition', (e.target as HTMLSelectElement).value as AlertCondition)} {...inv('condition')}>
            {CONDITIONS.map((c) => (
              <option value={c.value}>{c.label}</option>
            ))}
          </select>
        </RuleField>
        <RuleField
          k="threshold"
          label={`Threshold (${thresholdUnit})`}
          hint={
            f.condition === 'gain'
              ? 'A whole number above 0, e.g. 10000.'
              : f.condition === 'growth_pct'
                ? 'Percent above 0, e.g. 50 for +50 %.'
                : 'A factor above 1, e.g. 3 for three times the usual gain.'
          }
          error={fe('threshold')}
        >
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step={f.condition === 'gain' ? 1 : 'any'}
            required
            value={f.threshold}
            onInput={(e) => set('threshold', (e.target as HTMLInputElement).value)}
            {...inv('threshold')}
          />
        </RuleField>
        <RuleField k="windowHours" label="Window (hours)" hint="The growth is measured over the last 1–168 hours." error={fe('windowHours')}>
          <input type="number" min={1} max={168} step={1} required value={f.windowHours} onInput={(e) => set('windowHours', (e.target as HTMLInputElement).value)} {...inv('windowHours')} />
        </RuleField>
        <RuleField k="minStartValue" label="Minimum start value" hint="Ignore videos below this value at the window’s start (0: none)." error={fe('minStartValue')}>
          <input type="number" min={0} step={1} value={f.minStartValue} onInput={(e) => set('minStartValue', (e.target as HTMLInputElement).value)} {...inv('minStartValue')} />
        </RuleField>
        <RuleField
          k="cooldownHours"
          label="Cooldown (hours)"
          hint="After an alert about a video, stay quiet about it for 0–720 hours (default 24)."
          error={fe('cooldownHours')}
        >
          <input type="number" min={0} max={720} step={1} value={f.cooldownHours} onInput={(e) => set('cooldownHours', (e.target as HTMLInputElement).value)} {...inv('cooldownHours')} />
        </RuleField>
        </>)}
        <RuleField
          k="collectionId"
          label="Collection"
          hint={cols.error ? `Collections could not be loaded: ${cols.error.message}` : 'Only watch the videos of one collection, or all of them.'}
          error={fe('collectionId')}
        >
          <CollectionSelect cols={cols} none="Whole workspace" value={f.collectionId} onPick={(v) => set('collectionId', v)} {...inv('collectionId')}>
            {collectionMissing && <option value={f.collectionId}>(unknown collection)</option>}
          </CollectionSelect>
        </RuleField>
        <RuleField k="platform" label="Platform" hint="Only watch videos of one platform." error={fe('platform')}>
          <select value={f.platform} onChange={(e) => set('platform', (e.target as HTMLSelectElement).value)} {...inv('platform')}>
            <option value="">All platforms</option>
            {PLATFORMS.map((p) => (
              <option value={p}>{platformName(p)}</option>
            ))}
          </select>
        </RuleField>
        <RuleField
          k="channelIds"
          cls=" alert-recipients"
          label="Channels"
          hint={
            channels.error ? (
              `Channels could not be loaded: ${channels.error.message}`
            ) : (
              <>
                Slack, Discord and webhook destinations this rule also sends to. <a href="/channels">Channels</a>
              </>
            )
          }
          error={fe('channelIds')}
        >
          <div class="channel-picks" role="group" aria-label="Channels">
            {channels.data && channels.data.channels.length === 0 && <span class="muted">No channels yet.</span>}
            {channels.data?.channels.map((c) => (
              <label class="check">
                <input
                  type="checkbox"
                  checked={f.channelIds.includes(c.id)}
                  onChange={(e) =>
                    set('channelIds', (e.target as HTMLInputElement).checked ? [...f.channelIds, c.id] : f.channelIds.filter((x) => x !== c.id))
                  }
                />
                {c.name} <span class="muted">({c.kind}{c.enabled ? '' : ', disabled'})</span>
              </label>
            ))}
          </div>
        </RuleField>
        <label class="check">
          <input type="checkbox" name="email" checked={f.email} onChange={(e) => set('email', (e.target as HTMLInputElement).checked)} />
          Send by e-mail
        </label>
        {f.email && (
        <RuleField
          k="recipients"
          cls=" alert-recipients"
          label="Recipients"
          hintCls={recips.length > 20 ? 'field-error' : 'muted'}
          hint={
            <>
              E-mails of workspace members, separated by commas or new lines, at most 20 ({recips.length} now). Empty: every member.{' '}
              <a href="/team">Team</a>
            </>
          }
          error={fe('recipients')}
        >
          <textarea
            rows={3}
            placeholder="ana@example.com, ben@example.com"
            value={f.recipients}
            onInput={(e) => set('recipients', (e.target as HTMLTextAreaElement).value)}
            {...inv('recipients')}
          />
        </RuleField>
        )}
      </div>
      <label class="check">
        <input type="checkbox" checked={f.enabled} onChange={(e) => set('enabled', (e.target as HTMLInputElement).checked)} />
        Enabled: send this rule’s events
      </label>
      {fe('enabled')}
      {error && (Object.keys(error.fields).length === 0 || (unplaced && unplaced.length > 0)) && <ErrorBox error={error} />}
      <div class="actions">
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
        <button type="submit" class="primary" disabled={!!busy}>
          {busy ? 'Saving…' : f.id ? 'Save changes' : 'Create rule'}
        </button>
        {notice && (
          <p class="notice" role="status" data-testid="alert-saved" ref={noticeRef}>
            {notice}
          </p>
        )}
      </div>
    </form>
  )
}

function RuleRow({
  r,
  collectionName,
  onEdit,
  onChanged,
  onDeleted,
}: {
  r: AlertRule
  collectionName: (id: string) => string
  onEdit: () => void
  onChanged: (r: AlertRule) => void
  onDeleted: () => void
}) {
  const { busy, error, run } = useAction()
  const question = useQuestion()

  const toggle = () => run(async () => onChanged(await post<AlertRule>('/alerts', { id: r.id, enabled: !r.enabled })))
  const remove = () =>
    run(
      async () => {
        await del(`/alerts/${r.id}`)
        onDeleted()
      },
      { stay: true },
    )

  return (
    <tr data-testid="row" data-id={r.id}>
      <td>
        <strong>{r.name}</strong>
        <ErrorNote error={error} />
      </td>
      <td>{r.collectionId ? collectionName(r.collectionId) : 'Whole workspace'}</td>
      <td>{r.platform ? <PlatformBadge platform={r.platform} /> : 'All platforms'}</td>
      <td class="cond">{ruleText(r)}</td>
      <td class="num">{r.eventType === 'video.spike' ? `${r.cooldownHours} h` : '—'}</td>
      <td class="recipients">
        {!r.email ? <span class="muted">No e-mail</span> : r.recipients.length ? r.recipients.join(', ') : <span class="muted">All members</span>}
        {r.channelIds.length > 0 && <div class="muted">{r.channelIds.length === 1 ? '1 channel' : `${r.channelIds.length} channels`}</div>}
      </td>
      <td>
        <label class="switch">
          <input type="checkbox" role="switch" checked={r.enabled} disabled={!!busy} onChange={toggle} aria-label={`Enabled: ${r.name}`} />
          <span>{r.enabled ? 'On' : 'Off'}</span>
        </label>
      </td>
      <td>
        {r.lastTriggeredAt ? (
          <Time at={r.lastTriggeredAt} show={ago} />
        ) : (
          <span class="muted">never</span>
        )}
      </td>
      <td class="num" data-testid="trigger-count">
        {exact(r.triggerCount)}
      </td>
      <td class="row-actions">
        <button type="button" onClick={onEdit} disabled={!!busy} aria-label={`Edit ${r.name}`}>
          Edit
        </button>
        <button type="button" onClick={question.ask} disabled={!!busy} aria-label={`Delete ${r.name}`}>
          Delete
        </button>
        <Confirm question={question} title="Delete this alert rule?" confirm="Delete rule" onConfirm={remove}>
          <p>
            “{r.name}” stops alerting. The alerts it already raised are kept in the history below as long as the server keeps them.
          </p>
        </Confirm>
      </td>
    </tr>
  )
}

function Events({ rules, ruleId }: { rules: AlertRule[]; ruleId: string }) {
  const q = { ruleId: ruleId || undefined, limit: 100 }
  const r = useApi((s) => get<AlertEvents>('/alerts/events', q, s), JSON.stringify(q))
  return (
    <section class="card" aria-labelledby="events-title">
      <div class="section-head">
        <h2 id="events-title">Recent alerts</h2>
        <label class="inline">
          <span>Rule</span>
          <select value={ruleId} onChange={(e) => setQuery({ ruleId: (e.target as HTMLSelectElement).value })}>
            <option value="">All rules</option>
            {ruleId && !rules.some((x) => x.id === ruleId) && <option value={ruleId}>(deleted rule)</option>}
            {rules.map((x) => (
              <option value={x.id}>{x.name}</option>
            ))}
          </select>
        </label>
      </div>
      <Show r={r}>
        {(d) =>
          d.events.length === 0 ? (
            <p class="muted">
              No alerts raised {ruleId ? 'by this rule ' : ''}yet. Rules are checked every few minutes against the latest scrapes.
            </p>
          ) : (
            <div class={`table-wrap${r.loading ? ' stale' : ''}`}>
              <table data-testid="alert-events" aria-label="Recent alerts">
                <TableHead cols={['Rule', 'Video', 'Account', 'Metric', numCol('Start → end'), numCol('Gain'), numCol('Growth'), 'Triggered']} />
                <tbody>
                  {d.events.map((e) => (
                    <tr data-testid="row" data-id={e.id}>
                      <td>{e.ruleName}</td>
                      <td class="event-video">
                        <a href={`/videos/${e.videoId}`} class="event-caption" data-testid="event-caption" title={e.videoCaption || undefined}>
                          {e.videoCaption?.trim() || videoKind(e.platform, e.videoUrl)}
                        </a>
                        <div class="muted small">
                          {e.platform && <PlatformBadge platform={e.platform} />}{' '}
                          <a href={e.videoUrl} target="_blank" rel="noopener noreferrer" aria-label={`Open on ${platformName(e.platform)} (new tab)`}>
                            on {platformName(e.platform)} ↗
                          </a>
                        </div>
                      </td>
                      <td>{e.accountHandle ? '@' + e.accountHandle : <span class="muted">—</span>}</td>
                      <td>{e.metric}</td>
                      <td class="num" title={`${exact(e.startValue)} → ${exact(e.endValue)}, ${when(e.windowStart)} – ${when(e.windowEnd)}`}>
                        {num(e.startValue)} → {num(e.endValue)}
                      </td>
                      <td class="num up" data-testid="gain">
                        {signed(e.gain)}
                        <div class="muted small" data-testid="gain-span">{gainSpan(e)}</div>
                        {e.baseline !== null && e.baseline !== undefined && <div class="muted small">baseline {num(e.baseline)}</div>}
                      </td>
                      <td class="num">{signedPct(e.growthPct)}</td>
                      <td>
                        {e.triggeredAt && <Time at={e.triggeredAt} />}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <p class="muted small" data-testid="gain-note">
                An alert’s gain runs up to the video’s latest scrape and counts from the video’s first scrape: views a video had before it was
                tracked are no spike. A new post of a tracked account, published inside the window, counts from 0 at publishing. The lists’
                “Gained 24 h” counts every video from its first scrape, so a new post scraped once shows a gain here and 0 there until its next
                scrape.
              </p>
            </div>
          )
        }
      </Show>
    </section>
  )
}

// gainSpan says what an alert's gain covers: the hours of its window, or
// the time since publishing for a new post published inside it.
function gainSpan(e: AlertEvent): string {
  if (e.sincePublished) return 'since it was published'
  if (!e.windowStart || !e.windowEnd) return ''
  const h = Math.round((Date.parse(e.windowEnd) - Date.parse(e.windowStart)) / 3600000)
  return `in ${h} h to its last scrape`
}

export default function Alerts({ query }: { query: URLSearchParams }) {
  const rules = useApi((s) => get<AlertRules>('/alerts', undefined, s), 'alerts')
  const cols = useCollections()
  const [editing, setEditing] = useState<AlertRule | null>(null)
  const [local, setLocal] = useState<AlertRule[] | null>(null)
  const [notice, setNotice] = useState('')
  const [saveNotice, setSaveNotice] = useState('')
  const [formKey, setFormKey] = useState(0)
  const list = local ?? rules.data?.rules
  const ruleId = query.get('ruleId') ?? ''

  const collectionName = (id: string) => cols.data?.collections.find((c) => c.id === id)?.name ?? 'A collection'
  const replace = (r: AlertRule) => {
    const cur = list ?? []
    setLocal(cur.some((x) => x.id === r.id) ? cur.map((x) => (x.id === r.id ? r : x)) : [...cur, r])
  }
  const saved = (r: AlertRule) => {
    replace(r)
    setNotice('')
    setSaveNotice(editing ? `Saved “${r.name}”.` : `Created “${r.name}”.`)
    setEditing(null)
    setFormKey((k) => k + 1)
  }
  const edit = (r: AlertRule) => {
    setEditing(r)
    setNotice('')
    setSaveNotice('')
    setFormKey((k) => k + 1)
    requestAnimationFrame(() => document.querySelector<HTMLElement>('form[aria-label="Alert rule"] input')?.focus())
  }

  return (
    <>
      <PageHeader title="Alerts" />
      <p class="muted intro">
        Hear when a tracked video spikes, outpaces its account’s earlier videos at the same age or passes a views milestone, tracking keeps failing, an account posts, or a campaign locks payouts: each rule sends one event by e-mail and to your <a href="/channels">channels</a>.
      </p>
      <section class="card" aria-labelledby="rules-title">
        <h2 id="rules-title">Rules</h2>
        {rules.error ? (
          <ErrorBox error={rules.error} retry={rules.reload} />
        ) : !list ? (
          <Spinner />
        ) : list.length === 0 ? (
          <Empty title="No alert rules yet">Create your first rule with the form below, e.g. views gain ≥ 10,000 within 24 h.</Empty>
        ) : (
          <div class="table-wrap">
            <table data-testid="alert-rules" aria-label="Alert rules">
              <TableHead cols={['Name', 'Scope', 'Platform', 'Event', numCol('Cooldown'), 'Sends to', 'Enabled', 'Last triggered', numCol('Alerts'), ACTIONS]} />
              <tbody>
                {list.map((r) => (
                  <RuleRow
                    key={r.id}
                    r={r}
                    collectionName={collectionName}
                    onEdit={() => edit(r)}
                    onChanged={replace}
                    onDeleted={() => {
                      setLocal(list.filter((x) => x.id !== r.id))
                      if (editing?.id === r.id) setEditing(null)
                      setSaveNotice('')
                      setNotice(`Deleted “${r.name}”.`)
                    }}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {notice && (
          <p class="notice" role="status">
            {notice}
          </p>
        )}
      </section>
      <RuleForm key={formKey} initial={editing ? fromRule(editing) : BLANK} onSaved={saved} notice={saveNotice} onCancel={editing ? () => (setEditing(null), setFormKey((k) => k + 1)) : undefined} />
      <Events rules={list ?? []} ruleId={ruleId} />
    </>
  )
}
