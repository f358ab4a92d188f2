// Reports (docs/reports.md): a report's PDF of the overview, a collection
// or a campaign to download, and the reports e-mailed on a schedule. Every
// member downloads and sees the schedule; owners and admins schedule,
// send and delete reports.
import { useState } from 'preact/hooks'
import { ApiError, del, get, post, withQuery } from '../api'
import { ago, when } from '../format'
import { canManage, useWorkspace } from '../session'
import {
  allOf,
  type CampaignList,
  type CollectionList,
  type Report,
  type ReportFrequency,
  type ReportList,
  type ReportRequest,
  type ReportSent,
  type ReportSubject,
  type ReportWindow,
} from '../types'
import { Confirm, Empty, ErrorBox, ErrorNote, FormError, PageHeader, Spinner, Time, useAction, useApi, useQuestion, type Loaded } from '../ui'
import './reports.css'

const SUBJECTS = allOf<ReportSubject>()(['overview', 'collection', 'campaign'])
const SUBJECT_OPTIONS: Record<ReportSubject, string> = {
  overview: 'The overview (whole workspace)',
  collection: 'A collection',
  campaign: 'A campaign',
}

const WINDOWS = allOf<ReportWindow>()(['7d', '30d', '90d'])
const WINDOW_NAMES: Record<ReportWindow, string> = { '7d': 'The last 7 days', '30d': 'The last 30 days', '90d': 'The last 90 days' }

const FREQUENCIES = allOf<ReportFrequency>()(['weekly', 'monthly'])
const FREQUENCY_NAMES: Record<ReportFrequency, string> = { weekly: 'Weekly', monthly: 'Monthly' }
const FREQUENCY_SHORT: Record<ReportFrequency, string> = { weekly: 'Mondays 08:00 UTC · last 7 days', monthly: 'The 1st, 08:00 UTC · last 30 days' }
const FREQUENCY_WHEN: Record<ReportFrequency, string> = {
  weekly: 'Mondays at 08:00 UTC, over the last 7 days',
  monthly: 'the 1st of the month at 08:00 UTC, over the last 30 days',
}

// The API's limits of a scheduled report.
const NAME_MAX = 80
const RECIPIENTS_MAX = 20

// The collections and campaigns a report can be of.
interface Sources {
  cols: Loaded<CollectionList>
  camps: Loaded<CampaignList>
}

// fieldText makes one of the API's field messages a sentence about the
// field: "Name is required.", "Recipients: at least one e-mail address."
function fieldText(label: string, message: string): string {
  const s = /^(is|are|must|may|has|have) /.test(message) ? `${label} ${message}` : `${label}: ${message}`
  return /[.!?]$/.test(s) ? s : s + '.'
}

// splitEmails reads the recipients as typed: separated by commas,
// semicolons, spaces or new lines.
const splitEmails = (s: string) =>
  s
    .split(/[\s,;]+/)
    .map((x) => x.trim())
    .filter(Boolean)

const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+\.[^\s@.]+$/.test(s)

// SubjectText says what a scheduled report covers, linked to its page.
function SubjectText({ r }: { r: Report }) {
  if (r.subject === 'overview') return <>Overview</>
  const kind = r.subject === 'campaign' ? 'Campaign' : 'Collection'
  if (!r.subjectId || !r.subjectName) return <span class="muted">{kind} (deleted)</span>
  const href = r.subject === 'campaign' ? `/campaigns/${encodeURIComponent(r.subjectId)}` : withQuery('/', { collectionId: r.subjectId })
  return (
    <>
      <span class="muted">{kind} · </span>
      <a href={href}>{r.subjectName}</a>
    </>
  )
}

// SubjectFields picks what a report is of: the overview, or one of the
// workspace's collections or campaigns (a second select, shown for those).
// uid keeps the ids of the page's two forms apart; errors are the API's
// field messages (subject, subjectId).
function SubjectFields({
  uid,
  src,
  subject,
  id,
  onSubject,
  onId,
  errors = {},
}: {
  uid: string
  src: Sources
  subject: ReportSubject
  id: string
  onSubject: (s: ReportSubject) => void
  onId: (id: string) => void
  errors?: Record<string, string>
}) {
  const kind = subject === 'campaign' ? 'campaign' : 'collection'
  const r: Loaded<unknown> = subject === 'campaign' ? src.camps : src.cols
  const items: { id: string; name: string }[] = (subject === 'campaign' ? src.camps.data?.campaigns : src.cols.data?.collections) ?? []
  const idError = errors.subjectId
  return (
    <>
      <div class="rp-field">
        <label for={`${uid}-subject`}>Report of</label>
        <select
          id={`${uid}-subject`}
          name="subject"
          value={subject}
          onChange={(e) => {
            onSubject((e.target as HTMLSelectElement).value as ReportSubject)
            onId('')
          }}
          aria-invalid={!!errors.subject}
          aria-describedby={errors.subject ? `${uid}-subject-error` : undefined}
        >
          {SUBJECTS.map((s) => (
            <option value={s}>{SUBJECT_OPTIONS[s]}</option>
          ))}
        </select>
        {errors.subject && (
          <small id={`${uid}-subject-error`} class="field-error">
            {fieldText('Report of', errors.subject)}
          </small>
        )}
      </div>
      {subject !== 'overview' && (
        <div class="rp-field">
          <label for={`${uid}-subjectId`}>{kind === 'campaign' ? 'Campaign' : 'Collection'}</label>
          <select
            id={`${uid}-subjectId`}
            name="subjectId"
            value={id}
            disabled={!r.data && !r.error}
            title={items.find((x) => x.id === id)?.name}
            onChange={(e) => onId((e.target as HTMLSelectElement).value)}
            aria-invalid={!!idError}
            aria-describedby={idError ? `${uid}-subjectId-error` : `${uid}-subjectId-hint`}
          >
            <option value="">{!r.data ? (r.error ? `The ${kind}s could not be loaded` : 'Loading…') : items.length ? `Choose a ${kind}…` : `No ${kind}s yet`}</option>
            {items.map((x) => (
              <option value={x.id} title={x.name}>
                {x.name}
              </option>
            ))}
          </select>
          {idError ? (
            <small id={`${uid}-subjectId-error`} class="field-error">
              {fieldText(kind === 'campaign' ? 'Campaign' : 'Collection', idError)}
            </small>
          ) : r.error ? (
            <small id={`${uid}-subjectId-hint`} class="field-error" role="alert">
              {r.error.message}{' '}
              <button type="button" class="link" onClick={r.reload}>
                Try again
              </button>
            </small>
          ) : r.data && !items.length ? (
            <small id={`${uid}-subjectId-hint`} class="muted">
              The workspace has no {kind}s yet: <a href={kind === 'campaign' ? '/campaigns' : '/collections'}>make one</a> first.
            </small>
          ) : (
            <small id={`${uid}-subjectId-hint`} class="muted">
              {kind === 'campaign' ? 'Its numbers, budget, spend and creators.' : 'The overview of its videos and accounts.'}
            </small>
          )}
        </div>
      )}
    </>
  )
}

// DownloadCard offers a report's PDF as a plain link: the browser
// downloads what the server prints (the session cookie goes along).
function DownloadCard({ src }: { src: Sources }) {
  const [subject, setSubject] = useState<ReportSubject>('overview')
  const [id, setId] = useState('')
  const [win, setWin] = useState<ReportWindow>('30d')
  const ready = subject === 'overview' || !!id
  const href = withQuery('/api/reports/pdf', { subject, id: subject === 'overview' ? undefined : id, datePreset: win })
  return (
    <section class="card" aria-labelledby="rp-download-title" data-testid="report-download-card">
      <h2 id="rp-download-title">Download a report</h2>
      <div class="rp-grid">
        <SubjectFields uid="rp-dl" src={src} subject={subject} id={id} onSubject={setSubject} onId={setId} />
        <div class="rp-field">
          <label for="rp-dl-window">Window</label>
          <select id="rp-dl-window" name="datePreset" value={win} onChange={(e) => setWin((e.target as HTMLSelectElement).value as ReportWindow)}>
            {WINDOWS.map((w) => (
              <option value={w}>{WINDOW_NAMES[w]}</option>
            ))}
          </select>
        </div>
      </div>
      <div class="rp-download">
        {ready ? (
          <a class="button primary" href={href} download aria-describedby="rp-dl-note" data-testid="report-download">
            Download PDF
          </a>
        ) : (
          // not a link until there is something to print: focusable, so the
          // reason below is read with it
          <a class="button primary rp-off" role="link" aria-disabled="true" tabIndex={0} aria-describedby="rp-dl-note" data-testid="report-download">
            Download PDF
          </a>
        )}
        <small id="rp-dl-note" class="muted" aria-live="polite">
          {ready ? 'Printing takes a few seconds; each person can print up to 12 reports a minute.' : `Choose a ${subject} first.`}
        </small>
      </div>
    </section>
  )
}

// ReportRow is one scheduled report; managers send it now or delete it.
function ReportRow({ r, manage, onDeleted }: { r: Report; manage: boolean; onDeleted: () => void }) {
  const { busy, error, run } = useAction<'send' | 'delete'>()
  const question = useQuestion()
  const [sent, setSent] = useState('')
  const send = () => {
    setSent('')
    run(
      async () => {
        const a = await post<ReportSent>(`/reports/${encodeURIComponent(r.id)}/send`)
        setSent(`Sent to ${a.queued} ${a.queued === 1 ? 'recipient' : 'recipients'}.`)
      },
      { key: 'send' },
    )
  }
  const remove = () =>
    run(
      async () => {
        await del(`/reports/${encodeURIComponent(r.id)}`)
        onDeleted()
      },
      { key: 'delete', stay: true },
    )
  return (
    <li class="rp-item" data-testid="report-row" data-id={r.id} aria-labelledby={`rp-item-${r.id}`}>
      <div class="rp-head">
        <h3 id={`rp-item-${r.id}`} class="rp-title">
          {r.name}
        </h3>
        {manage && (
          <div class="rp-buttons">
            <button type="button" disabled={!!busy} onClick={send} aria-label={`Send “${r.name}” now`} data-testid="report-send">
              {busy === 'send' ? 'Sending…' : 'Send now'}
            </button>
            <button type="button" disabled={!!busy} onClick={question.ask} aria-label={`Delete “${r.name}”`} data-testid="report-delete">
              {busy === 'delete' ? 'Deleting…' : 'Delete'}
            </button>
          </div>
        )}
      </div>
      <dl class="rp-facts">
        <div>
          <dt>Covers</dt>
          <dd>
            <SubjectText r={r} />
          </dd>
        </div>
        <div>
          <dt>Frequency</dt>
          <dd>
            {FREQUENCY_NAMES[r.frequency]}
            <span class="muted rp-line">{FREQUENCY_SHORT[r.frequency]}</span>
          </dd>
        </div>
        <div>
          <dt>Next run</dt>
          <dd data-testid="report-next-run">
            <Time at={r.nextRunAt} />
          </dd>
        </div>
        <div>
          <dt>Last sent</dt>
          <dd data-testid="report-last-sent">{r.lastSentAt ? <Time at={r.lastSentAt} show={ago} /> : <span class="muted">Not yet</span>}</dd>
        </div>
        <div class="rp-wide">
          <dt>
            Recipients <span class="muted">({r.recipients.length})</span>
          </dt>
          <dd class="rp-recipients">{r.recipients.join(', ')}</dd>
        </div>
      </dl>
      <ErrorNote error={error} />
      {manage && (
        <>
          <p class="notice rp-sent" role="status" data-testid="report-sent">
            {sent}
          </p>
          <Confirm question={question} title="Delete this scheduled report?" confirm="Delete report" onConfirm={remove}>
            <p>
              “{r.name}” is no longer sent: its {r.recipients.length === 1 ? 'recipient gets' : `${r.recipients.length} recipients get`} no more
              e-mails from it. The reports already sent stay in their inboxes.
            </p>
          </Confirm>
        </>
      )}
    </li>
  )
}

interface FormState {
  name: string
  subject: ReportSubject
  subjectId: string
  frequency: ReportFrequency
  recipients: string
}

const BLANK: FormState = { name: '', subject: 'overview', subjectId: '', frequency: 'weekly', recipients: '' }

// checkForm names every field the API would refuse, in its words, before
// anything is sent.
function checkForm(f: FormState, recipients: string[]): Record<string, string> {
  const out: Record<string, string> = {}
  const name = f.name.trim()
  if (!name) out.name = 'is required'
  else if ([...name].length > NAME_MAX) out.name = `must be at most ${NAME_MAX} characters`
  if (f.subject !== 'overview' && !f.subjectId) out.subjectId = `is required: choose the ${f.subject} the report is of`
  const bad = recipients.filter((r) => !looksLikeEmail(r))
  if (recipients.length === 0) out.recipients = 'must name at least one e-mail address'
  else if (recipients.length > RECIPIENTS_MAX) out.recipients = `must be at most ${RECIPIENTS_MAX} addresses (${recipients.length} now)`
  else if (bad.length) out.recipients = `must be e-mail addresses: ${bad.map((b) => `“${b}”`).join(', ')} ${bad.length === 1 ? 'is' : 'are'} not`
  return out
}

// The fields the form shows the API's errors next to.
const KNOWN = ['name', 'subject', 'subjectId', 'frequency', 'recipients']

// ScheduleForm schedules a report (owners and admins); onSaved gets the
// workspace's reports the API answers.
function ScheduleForm({ src, onSaved }: { src: Sources; onSaved: (reports: Report[]) => string }) {
  const [f, setF] = useState<FormState>(BLANK)
  const [notice, setNotice] = useState('')
  const { busy, error, setError, run } = useAction()
  const set = <K extends keyof FormState>(k: K, v: FormState[K]) => setF((x) => ({ ...x, [k]: v }))
  const recips = splitEmails(f.recipients)
  const errs = error?.fields ?? {}
  const unplaced = Object.entries(errs).filter(([k]) => !KNOWN.includes(k))
  const described = (k: string, hint = true) => ({
    'aria-invalid': !!errs[k],
    'aria-describedby': errs[k] ? `rp-new-${k}-error` : hint ? `rp-new-${k}-hint` : undefined,
  })
  const err = (k: string, label: string) =>
    errs[k] ? (
      <small id={`rp-new-${k}-error`} class="field-error">
        {fieldText(label, errs[k])}
      </small>
    ) : null

  const submit = (e: Event) => {
    e.preventDefault()
    setNotice('')
    const bad = checkForm(f, recips)
    if (Object.keys(bad).length) {
      setError(new ApiError(400, 'invalid_request', 'Some fields need a change.', bad))
      requestAnimationFrame(() => document.querySelector<HTMLElement>('form[aria-label="Schedule a report"] [aria-invalid="true"]')?.focus())
      return
    }
    const body: ReportRequest = { name: f.name.trim(), subject: f.subject, frequency: f.frequency, recipients: recips }
    if (f.subject !== 'overview') body.subjectId = f.subjectId
    run(async () => {
      const a = await post<ReportList>('/reports', body)
      setNotice(onSaved(a.reports))
      setF(BLANK)
    })
  }

  return (
    <form class="card rp-form" aria-label="Schedule a report" onSubmit={submit} noValidate data-testid="report-form">
      <h2>Schedule a report</h2>
      <div class="rp-grid">
        <div class="rp-field">
          <label for="rp-new-name">Name</label>
          <input
            id="rp-new-name"
            name="name"
            type="text"
            maxLength={NAME_MAX}
            required
            placeholder="Weekly for Acme"
            value={f.name}
            onInput={(e) => set('name', (e.target as HTMLInputElement).value)}
            {...described('name')}
          />
          {err('name', 'Name') ?? (
            <small id="rp-new-name-hint" class="muted">
              The e-mail’s subject names it; up to {NAME_MAX} characters.
            </small>
          )}
        </div>
        <SubjectFields
          uid="rp-new"
          src={src}
          subject={f.subject}
          id={f.subjectId}
          onSubject={(s) => set('subject', s)}
          onId={(id) => set('subjectId', id)}
          errors={errs}
        />
        <div class="rp-field">
          <label for="rp-new-frequency">Frequency</label>
          <select
            id="rp-new-frequency"
            name="frequency"
            value={f.frequency}
            onChange={(e) => set('frequency', (e.target as HTMLSelectElement).value as ReportFrequency)}
            {...described('frequency')}
          >
            {FREQUENCIES.map((x) => (
              <option value={x}>{FREQUENCY_NAMES[x]}</option>
            ))}
          </select>
          {err('frequency', 'Frequency') ?? (
            <small id="rp-new-frequency-hint" class="muted">
              Sent {FREQUENCY_WHEN[f.frequency]}.
            </small>
          )}
        </div>
        <div class="rp-field rp-wide">
          <label for="rp-new-recipients">Recipients</label>
          <textarea
            id="rp-new-recipients"
            name="recipients"
            rows={3}
            autocomplete="off"
            autocapitalize="off"
            spellcheck={false}
            placeholder="marketing@client.example, boss@client.example"
            value={f.recipients}
            onInput={(e) => set('recipients', (e.target as HTMLTextAreaElement).value)}
            {...described('recipients')}
          />
          {err('recipients', 'Recipients') ?? (
            <small id="rp-new-recipients-hint" class="muted">
              1 to {RECIPIENTS_MAX} e-mail addresses, separated by commas, spaces or new lines; anyone’s: they need no login.
              {recips.length > 0 && ` ${recips.length} ${recips.length === 1 ? 'address' : 'addresses'} so far.`}
            </small>
          )}
        </div>
      </div>
      {error && (Object.keys(errs).length === 0 || unplaced.length > 0) && (
        <FormError error={error} say={(m) => (unplaced.length ? `${m} ${unplaced.map(([k, v]) => `${k}: ${v}`).join('; ')}` : m)} />
      )}
      <div class="actions rp-submit">
        <button type="submit" class="primary" disabled={!!busy}>
          {busy ? 'Scheduling…' : 'Schedule report'}
        </button>
        <p class="notice rp-notice" role="status" data-testid="report-saved">
          {notice}
        </p>
      </div>
    </form>
  )
}

export default function Reports() {
  const ws = useWorkspace()
  const manage = canManage(ws)
  const reports = useApi((s) => get<ReportList>('/reports', undefined, s), `reports:${ws?.id ?? ''}`)
  const cols = useApi((s) => get<CollectionList>('/collections', undefined, s), `collections:${ws?.id ?? ''}`)
  const camps = useApi((s) => get<CampaignList>('/campaigns', undefined, s), `campaigns:${ws?.id ?? ''}`)
  const src: Sources = { cols, camps }
  // the list as the last write answered it, in place of the read's
  const [local, setLocal] = useState<Report[] | null>(null)
  const [notice, setNotice] = useState('')
  const list = local ?? reports.data?.reports

  const saved = (next: Report[]): string => {
    const before = new Set((list ?? []).map((r) => r.id))
    setLocal(next)
    setNotice('')
    const fresh = next.find((r) => !before.has(r.id))
    return fresh ? `Scheduled “${fresh.name}”: it goes out first on ${when(fresh.nextRunAt)}.` : 'Scheduled.'
  }

  return (
    <>
      <PageHeader title="Reports" />
      <p class="muted rp-intro">
        A report is a PDF of the overview, a collection or a campaign, under your agency’s brand when the workspace belongs to an agency, to
        download here or to e-mail on a schedule: weekly reports go out on Mondays at 08:00 UTC and cover the last 7 days, monthly ones on the
        1st at 08:00 UTC and cover the last 30 days.
      </p>
      <DownloadCard src={src} />
      <section class="card" aria-labelledby="rp-list-title">
        <h2 id="rp-list-title">Scheduled reports</h2>
        {!manage && (
          <p class="muted" data-testid="report-members-note">
            Owners and admins schedule reports, send them and delete them; you can download a report above at any time.
          </p>
        )}
        {reports.error && !list ? (
          <ErrorBox error={reports.error} retry={reports.reload} />
        ) : !list ? (
          <Spinner />
        ) : list.length === 0 ? (
          <Empty title="No scheduled reports yet">
            {manage ? 'Schedule one below to e-mail a PDF to a client every week or every month.' : 'None of the workspace’s reports is e-mailed on a schedule.'}
          </Empty>
        ) : (
          <ul class="rp-list" aria-label="Scheduled reports" data-testid="reports">
            {list.map((r) => (
              <ReportRow
                key={r.id}
                r={r}
                manage={manage}
                onDeleted={() => {
                  setLocal(list.filter((x) => x.id !== r.id))
                  setNotice(`Deleted “${r.name}”.`)
                }}
              />
            ))}
          </ul>
        )}
        <p class="notice rp-notice" role="status">
          {notice}
        </p>
      </section>
      {manage && <ScheduleForm src={src} onSaved={saved} />}
    </>
  )
}
