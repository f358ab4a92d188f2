// A campaign's payout ledger: one line per video, filtered by status,
// payee, period and bound (kept in the address), picked and reviewed or
// paid in bulk by owners and admins, and exported.
import { useEffect, useRef, useState } from 'preact/hooks'
import { get, post, put, withQuery } from '../api'
import { day, exact, platformName, videoKind } from '../format'
import { setQuery } from '../router'
import { isClient, useWorkspace } from '../session'
import {
  BOUNDS,
  LINE_STATUSES,
  type Bound,
  type CampaignPage as PageData,
  type CreatorList,
  type Line,
  type LineList,
  type LineStatus,
  type ReviewAction,
  type ReviewResult,
} from '../types'
import { Confirm, Empty, ErrorBox, ErrorNote, Pager, PlatformBadge, Spinner, Time, numCol, useAction, useApi, useQuestion, type Loaded } from '../ui'
import { Amount, BOUND_TEXT, HOLD_TEXT, LineStatusBadge, Quality, lineStatusLabel, money, payeeName, periodText, type Currency } from './campaign-parts'
import { useSelection, type ListSelection } from './organise'
import './campaigns.css'

const LIMIT = 50
const DATE = /^\d{4}-\d{2}-\d{2}$/

// The ledger's filters, as the address keeps them.
export interface LedgerQuery {
  status: LineStatus | ''
  payee: string
  period: string
  bound: Bound
  offset: number
}

export function readLedger(q: URLSearchParams): LedgerQuery {
  const st = q.get('status') as LineStatus | null
  const b = q.get('bound') as Bound | null
  const p = q.get('period') ?? ''
  const o = Number.parseInt(q.get('offset') ?? '', 10)
  return {
    status: st && LINE_STATUSES.includes(st) ? st : '',
    payee: q.get('payee') ?? '',
    period: DATE.test(p) ? p : '',
    bound: b && (BOUNDS as string[]).includes(b) ? b : '',
    offset: Number.isFinite(o) && o > 0 ? Math.min(o, 1_000_000) : 0,
  }
}

// filterLedger changes the ledger's filters in the address and keeps the
// page where it is: the ledger is far down it.
export function filterLedger(changes: Record<string, string | number | null>) {
  const y = window.scrollY
  setQuery(changes)
  window.scrollTo(0, y)
}

// showLedger filters the ledger and brings it into view.
export function showLedger(changes: Record<string, string | null>) {
  filterLedger({ status: null, payee: null, period: null, bound: null, offset: null, ...changes })
  requestAnimationFrame(() => document.getElementById('ledger')?.scrollIntoView({ block: 'start' }))
}

export const periodKey = (start: string) => start.slice(0, 10)

// VideoCell is a line's video: its caption (or kind) leading to its page,
// its account and platform; full adds when it was published and its link.
export function VideoCell({ l, full }: { l: Line; full?: boolean }) {
  const title = l.caption.trim() || videoKind(l.platform, l.url)
  return (
    <td class="cp-video card-title">
      <a href={`/videos/${l.videoId}`} class="caption" title={title}>
        {title}
      </a>
      <div class="cp-meta">
        {l.accountHandle && <span>@{l.accountHandle.replace(/^@/, '')}</span>}
        <PlatformBadge platform={l.platform} />
        {l.postKind === 'collab' && (
          <span class="badge cp-collab" data-testid="collab" title="A post of another account that the creator’s account co-authored: paid as the campaign’s collabs setting says">
            Collab
          </span>
        )}
        {full && (
          <>
            {l.publishedAt ? (
              <span class="muted">
                published <Time at={l.publishedAt} show={day} />
              </span>
            ) : (
              <span class="muted" data-testid="publish-unknown" title="Neither the platform nor the post’s id gave a publish time: the window is counted from when the video was first seen, and the line is held for a check">
                publish time unknown
              </span>
            )}
            <a href={l.url} target="_blank" rel="noopener noreferrer" aria-label={`Open on ${platformName(l.platform)} (opens in a new tab)`}>
              Open ↗
            </a>
          </>
        )}
      </div>
    </td>
  )
}

// What each review action takes, and says when done.
const REVIEW: { action: ReviewAction; label: string; from: LineStatus[]; done: string; title: string }[] = [
  { action: 'approve', label: 'Approve', from: ['locked', 'held'], done: 'Approved', title: 'Approve locked or held lines for payment' },
  { action: 'clear', label: 'Clear hold', from: ['held'], done: 'Cleared the hold of', title: 'Held lines go back to locked, to review' },
  { action: 'reject', label: 'Reject…', from: ['locked', 'held', 'approved'], done: 'Rejected', title: 'Not paid, with a reason' },
  { action: 'reopen', label: 'Reopen', from: ['rejected'], done: 'Reopened', title: 'Rejected lines go back to locked' },
  { action: 'pay', label: 'Mark paid…', from: ['approved'], done: 'Marked as paid:', title: 'Approved lines are recorded as paid' },
]

export const lines = (n: number) => `${exact(n)} ${n === 1 ? 'line' : 'lines'}`

function ReasonDialog({ count, onCancel, onReject }: { count: number; onCancel: () => void; onReject: (reason: string) => void }) {
  const ref = useRef<HTMLDialogElement>(null)
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState('')
  useEffect(() => {
    ref.current?.showModal()
  }, [])
  const submit = (e: Event) => {
    e.preventDefault()
    const t = reason.trim()
    if (!t) return setProblem('Give a reason: it is kept with the lines and in the export.')
    if (t.length > 500) return setProblem(`At most 500 characters (${t.length} now).`)
    onReject(t)
  }
  return (
    <dialog ref={ref} class="dialog reason-dialog" aria-labelledby="reject-title" onCancel={onCancel} onClose={onCancel}>
      <form onSubmit={submit} noValidate>
        <h2 id="reject-title">Reject {lines(count)}?</h2>
        <p>
          They are not paid. Their amounts stay counted against the budget and the creators’ caps, so no later line is paid more; reopening them
          restores them unchanged.
        </p>
        <label for="reject-reason">Reason</label>
        <textarea
          id="reject-reason"
          name="reason"
          maxLength={500}
          required
          value={reason}
          onInput={(e) => setReason((e.target as HTMLTextAreaElement).value)}
          aria-invalid={!!problem}
          aria-describedby={problem ? 'reject-reason-error' : 'reject-reason-hint'}
        />
        {problem ? (
          <small id="reject-reason-error" class="field-error" role="alert">
            {problem}
          </small>
        ) : (
          <small id="reject-reason-hint" class="muted">
            Up to 500 characters, e.g. “bought views” or “posted outside the brief”.
          </small>
        )}
        <div class="actions">
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="submit" class="danger">
            Reject {lines(count)}
          </button>
        </div>
      </form>
    </dialog>
  )
}

// ReviewBar acts on the picked lines of the ledger's page: all or nothing,
// so a line that cannot take the action refuses them all (the server says
// which).
function ReviewBar({ id, c, picked, sel, onDone }: { id: string; c: Currency; picked: Line[]; sel: ListSelection; onDone: () => void }) {
  const { busy, error, setError, run } = useAction<ReviewAction>()
  const [done, setDone] = useState('')
  const [rejecting, setRejecting] = useState(false)
  const paying = useQuestion()
  const act = (action: ReviewAction, reason?: string) => {
    setDone('')
    const say = REVIEW.find((a) => a.action === action)!.done
    run(
      async () => {
        const r = await post<ReviewResult>(`/campaigns/${encodeURIComponent(id)}/lines/review`, {
          action,
          videoIds: picked.map((l) => l.videoId),
          ...(reason ? { reason } : {}),
        })
        const changed = r.payeeChanged.length
        setDone(
          `${say} ${lines(r.changed)}.` +
            (changed ? ` ${changed === 1 ? 'One of them was' : `${exact(changed)} of them were`} given another payee while open: see “payee changed” on ${changed === 1 ? 'its line' : 'their lines'}.` : ''),
        )
        sel.clear()
        onDone()
      },
      { key: action },
    )
  }
  if (picked.length === 0)
    return done ? (
      <p class="review-done" role="status" data-testid="review-done">
        {done}
      </p>
    ) : null
  const total = picked.reduce((n, l) => n + l.amount, 0)
  const approved = picked.filter((l) => l.status === 'approved')
  return (
    <section class="review-bar" aria-label="Review the picked lines" data-testid="review-bar">
      <span class="bulk-count" data-testid="review-count">
        {lines(picked.length)} picked · {money(total, c)}
      </span>
      <button
        type="button"
        class="link"
        onClick={() => {
          sel.clear()
          setError(null)
        }}
      >
        Unpick all
      </button>
      <div class="review-buttons">
        {REVIEW.map((a) => (
          <button
            type="button"
            data-action={a.action}
            disabled={!!busy || !picked.some((l) => a.from.includes(l.status))}
            title={`${a.title} (${a.from.map(lineStatusLabel).join(', ').toLowerCase()})`}
            onClick={() => (a.action === 'reject' ? setRejecting(true) : a.action === 'pay' ? paying.ask() : act(a.action))}
          >
            {busy === a.action ? 'Saving…' : a.label}
          </button>
        ))}
      </div>
      {error && (
        <div class="inline-error field-error" role="alert" data-testid="review-error">
          {error.status === 409 ? `Nothing was changed: ${error.message}` : error.message}
        </div>
      )}
      {rejecting && (
        <ReasonDialog
          count={picked.length}
          onCancel={() => setRejecting(false)}
          onReject={(reason) => {
            setRejecting(false)
            act('reject', reason)
          }}
        />
      )}
      <Confirm question={paying} title={`Mark ${lines(picked.length)} as paid?`} confirm="Mark as paid" onConfirm={() => act('pay')}>
        <p>
          Record that {money(approved.reduce((n, l) => n + l.amount, 0), c)} of {lines(approved.length)} was paid to the creators. A paid line cannot change
          again.
        </p>
        {approved.length < picked.length && <p class="muted">Only approved lines can be paid: with others picked, nothing changes.</p>}
      </Confirm>
    </section>
  )
}

function PickBox({ checked, mixed, disabled, label, onChange }: { checked: boolean; mixed?: boolean; disabled?: boolean; label: string; onChange: (on: boolean) => void }) {
  return (
    <input
      type="checkbox"
      class="select-box"
      checked={checked}
      disabled={disabled}
      aria-label={label}
      ref={(el) => {
        if (el) el.indeterminate = !!mixed
      }}
      onChange={(e) => onChange((e.target as HTMLInputElement).checked)}
    />
  )
}

function LineStatusCell({ l }: { l: Line }) {
  return (
    <td class="cp-status" data-label="Status">
      <LineStatusBadge status={l.status} />
      {l.holdReason && (
        <div class={l.status === 'projected' ? 'small cp-will-hold' : 'small'} data-testid="hold-reason" data-reason={l.holdReason}>
          {l.status === 'projected' && 'Will be held: '}
          {l.status === 'projected' ? lower(HOLD_TEXT[l.holdReason] ?? l.holdReason) : (HOLD_TEXT[l.holdReason] ?? l.holdReason)}
          {l.fellTo !== null && ` (to ${exact(l.fellTo)} views)`}
          {l.holdDetail && <span class="muted">: {l.holdDetail}</span>}
        </div>
      )}
      {l.status === 'rejected' && l.rejectReason && (
        <div class="small" data-testid="reject-reason">
          “{l.rejectReason}”
        </div>
      )}
      {l.decidedBy && l.decidedAt && (
        <div class="small muted">
          {l.status === 'rejected' ? 'rejected' : l.status === 'locked' ? 'reopened' : 'decided'} by {l.decidedBy}, <Time at={l.decidedAt} show={day} />
        </div>
      )}
      {l.paidAt && (
        <div class="small muted">
          paid{l.paidBy && ` by ${l.paidBy}`}, <Time at={l.paidAt} show={day} />
        </div>
      )}
      {l.status !== 'projected' && l.fellTo !== null && !l.holdReason && <div class="small muted">views fell to {exact(l.fellTo)} after the lock</div>}
      {l.quality !== null && (
        <div>
          <Quality q={l.quality} />
        </div>
      )}
      {l.validatingUntil && (
        <div class="small muted" data-testid="validating">
          counting ended; locks <Time at={l.validatingUntil} show={day} /> after its validation window
        </div>
      )}
      <div class="small muted" title={`Priced under version ${l.rulesVersion} of the rules`}>
        rules v{l.rulesVersion}
      </div>
    </td>
  )
}

// lower starts a sentence in the middle of another.
const lower = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)

// PayeePick chooses the creator a video of no tracked account is paid to
// (or none: the video itself); its projected lines take the choice at once.
function PayeePick({ l, creators, value, onSet }: { l: Line; creators: Loaded<CreatorList | null>; value: string; onSet: (creatorId: string) => void }) {
  const { busy, error, run } = useAction()
  const id = `payee-${l.videoId}`
  const handle = l.accountHandle ? '@' + l.accountHandle.replace(/^@/, '') : 'the video'
  const list = creators.data?.creators ?? []
  const pick = (creatorId: string) =>
    run(async () => {
      await put(`/videos/${encodeURIComponent(l.videoId)}/payee`, { creatorId: creatorId || null })
      onSet(creatorId)
    })
  return (
    <div class="payee-pick" data-testid="payee-pick">
      <label for={id}>
        Choose payee<span class="sr-only"> of {l.caption.trim() || videoKind(l.platform, l.url)}</span>
      </label>
      <select id={id} name="payee-creator" value={value} disabled={!!busy || !creators.data} onChange={(e) => pick((e.target as HTMLSelectElement).value)}>
        <option value="">None: pay {handle}</option>
        {value && !list.some((k) => k.id === value) && <option value={value}>(a creator)</option>}
        {list.map((k) => (
          <option value={k.id}>{k.name}</option>
        ))}
      </select>
      {busy && <span role="status">Saving…</span>}
      {creators.data && list.length === 0 && (
        <span>
          No creators yet: <a href="/creators">add one</a>.
        </span>
      )}
      <ErrorNote error={error ?? creators.error} />
    </div>
  )
}

function LineRow({
  l,
  c,
  manage,
  sel,
  creators,
  chosen,
  onChoose,
}: {
  l: Line
  c: Currency
  manage: boolean
  sel: ListSelection
  creators: Loaded<CreatorList | null>
  // the payee chosen here for the line's video, if any ('' for none)
  chosen: string | undefined
  onChoose: (creatorId: string) => void
}) {
  const projected = l.status === 'projected'
  // a video of no tracked account: owners and admins choose its creator;
  // its projected line takes the choice, a locked one keeps its payee
  const pickable = manage && projected && (l.payee.kind === 'video' || chosen !== undefined)
  return (
    <tr data-testid="line" data-id={l.videoId} data-status={l.status}>
      {manage && (
        <td class="cp-select card-pick">
          <PickBox
            checked={sel.ids.has(l.videoId)}
            disabled={projected}
            label={projected ? `${l.caption || 'Video'}: projected, cannot be reviewed yet` : `Pick ${l.caption || 'this video'}`}
            onChange={() => sel.toggle(l.videoId)}
          />
        </td>
      )}
      <VideoCell l={l} full />
      <td data-label="Payee">
        {payeeName(l.payee)}
        {l.payee.kind !== 'creator' && <div class="muted small">{l.payee.kind === 'account' ? 'account, no creator' : 'no tracked account'}</div>}
        {l.payeeChange && (
          <div class="small cp-payee-change" data-testid="payee-change" title="The payee was changed after the video was published">
            payee changed{l.payeeChange.by && ` by ${l.payeeChange.by}`}, <Time at={l.payeeChange.at} show={day} />
          </div>
        )}
        {pickable && <PayeePick l={l} creators={creators} value={chosen ?? (l.payee.kind === 'creator' ? l.payee.id : '')} onSet={onChoose} />}
      </td>
      <LineStatusCell l={l} />
      <td class="nowrap" data-label="Window ends">
        <Time at={l.windowEnd} />
        <div class="muted small">{projected ? 'window still open' : l.lockedAt ? <>locked {day(l.lockedAt)}</> : 'window closed'}</div>
      </td>
      <td class="num" data-testid="views" data-value={l.views} data-label="Views">
        <span title={l.snapshotAt ? `counted at ${new Date(l.snapshotAt).toLocaleString()}` : 'no views recorded by the window’s end'}>{exact(l.views)}</span>
        {l.paidViews !== l.views && <div class="muted small">{exact(l.paidViews)} paid</div>}
      </td>
      <td class="num" data-testid="amount" data-value={l.amount} data-label="Amount">
        <Amount v={l.amount} c={c} projected={projected} />
        {l.price !== l.amount && <div class="muted small">priced {money(l.price, c)}</div>}
        {l.bound && (
          <div class="cp-bound" data-testid="bound">
            {BOUND_TEXT[l.bound] ?? l.bound}
          </div>
        )}
      </td>
    </tr>
  )
}

export function Ledger({ d, q, manage, onChanged }: { d: PageData; q: LedgerQuery; manage: boolean; onChanged: () => void }) {
  const c = d.campaign
  const id = c.id
  const lq = { status: q.status || undefined, payee: q.payee || undefined, period: q.period || undefined, bound: q.bound || undefined }
  const req = { ...lq, limit: LIMIT, offset: q.offset || undefined }
  const r = useApi((s) => get<LineList>(`/campaigns/${encodeURIComponent(id)}/lines`, req, s), id + JSON.stringify(req))
  const sel = useSelection(id + JSON.stringify(req))
  const list = r.data
  // the payees chosen here for videos of no tracked account, by video: the
  // control stays on their lines to change the choice again
  const [chosen, setChosen] = useState<Record<string, string>>({})
  const needCreators = manage && (list?.lines ?? []).some((l) => l.status === 'projected' && (l.payee.kind === 'video' || l.videoId in chosen))
  const creators = useApi((s) => (needCreators ? get<CreatorList>('/creators', undefined, s) : Promise.resolve(null)), `creators:${needCreators}`)
  const reviewable = (list?.lines ?? []).filter((l) => l.status !== 'projected')
  const picked = reviewable.filter((l) => sel.ids.has(l.videoId))
  const filtered = !!(q.status || q.payee || q.period || q.bound)
  const payees = d.creators.map((s) => s.payee)
  const period = d.periods.find((p) => periodKey(p.start) === q.period)
  const exportBase = `/api/campaigns/${encodeURIComponent(id)}/export`
  // a client viewer shown payouts reads the lines; the exports are the team's
  const client = isClient(useWorkspace())
  const cols = [
    'Video',
    'Payee',
    'Status',
    'Window ends',
    numCol('Views'),
    numCol('Amount'),
  ]
  return (
    <section class="card" id="ledger" aria-labelledby="ledger-title">
      <div class="section-head">
        <h2 id="ledger-title">Ledger</h2>
        {!client && (
          <div class="exports">
            <a
              class="button"
              href={withQuery(exportBase, { kind: 'lines', period: q.period || undefined, status: q.status || undefined, bom: 'true' })}
              download
              data-testid="export-lines"
            >
              Export lines (CSV)
            </a>
            <a class="button" href={withQuery(exportBase, { kind: 'creators', period: q.period || undefined, bom: 'true' })} download data-testid="export-creators">
              Export creators (CSV)
            </a>
          </div>
        )}
      </div>
      {!client && (
        <p class="muted small">
          One line per video: projected while its counting window is open, then locked with its amount fixed under the rules of its version. Exports cover{' '}
          {period ? `the period ${periodText(period.start, period.end)}` : 'every period'}
          {q.status ? ` (lines: ${lineStatusLabel(q.status).toLowerCase()} only)` : ''}
          <span data-testid="export-note">
            {q.status ? '' : ': the lines file holds every line, the projected ones marked “projected” with the amount they would have now'}; the creators
            file sums the locked, approved, paid and held lines per payee and period.
          </span>
        </p>
      )}
      <div class="filters" role="group" aria-label="Ledger filters">
        <label class="inline">
          <span>Status</span>
          <select name="status" value={q.status} onChange={(e) => filterLedger({ status: (e.target as HTMLSelectElement).value || null, offset: null })}>
            <option value="">All statuses</option>
            {LINE_STATUSES.map((s) => (
              <option value={s}>{lineStatusLabel(s)}</option>
            ))}
          </select>
        </label>
        <label class="inline">
          <span>Payee</span>
          <select name="payee" value={q.payee} onChange={(e) => filterLedger({ payee: (e.target as HTMLSelectElement).value || null, offset: null })}>
            <option value="">All payees</option>
            {q.payee && !payees.some((p) => p.id === q.payee) && <option value={q.payee}>(another payee)</option>}
            {payees.map((p) => (
              <option value={p.id}>{payeeName(p)}</option>
            ))}
          </select>
        </label>
        <label class="inline">
          <span>Period</span>
          <select name="period" value={q.period} onChange={(e) => filterLedger({ period: (e.target as HTMLSelectElement).value || null, offset: null })}>
            <option value="">All periods</option>
            {q.period && !period && <option value={q.period}>Period from {q.period}</option>}
            {d.periods.map((p) => (
              <option value={periodKey(p.start)}>{periodText(p.start, p.end)}</option>
            ))}
          </select>
        </label>
        <label class="inline">
          <span>Bound</span>
          <select name="bound" value={q.bound} onChange={(e) => filterLedger({ bound: (e.target as HTMLSelectElement).value || null, offset: null })}>
            <option value="">Any</option>
            {BOUNDS.map((b) => (
              <option value={b}>{BOUND_TEXT[b]}</option>
            ))}
          </select>
        </label>
        {filtered && (
          <button type="button" class="link" onClick={() => filterLedger({ status: null, payee: null, period: null, bound: null, offset: null })}>
            Show all lines
          </button>
        )}
      </div>
      {!manage && !client && <p class="muted small">Only the workspace’s owner or an admin can review lines and mark them paid.</p>}
      {r.error && <ErrorBox error={r.error} retry={r.reload} />}
      {!list && !r.error && <Spinner />}
      {list && (
        <>
          {manage && (
            <ReviewBar
              id={id}
              c={c}
              picked={picked}
              sel={sel}
              onDone={() => {
                r.reload()
                onChanged()
              }}
            />
          )}
          <p class="ledger-summary" aria-live="polite">
            <strong data-testid="lines-total" data-value={list.total}>
              {lines(list.total)}
            </strong>
            {list.lines.length > 0 && (
              <span class="muted">
                {' '}
                · showing {exact(q.offset + 1)}–{exact(q.offset + list.lines.length)}
              </span>
            )}
            {r.loading && <span class="muted"> · updating…</span>}
          </p>
          {list.total === 0 ? (
            <Empty title={filtered ? 'No line matches these filters' : 'No lines yet'}>
              {filtered
                ? 'Try another status, payee, period or bound.'
                : 'A line appears for each video of the collection published in the campaign’s days on its platforms.'}
            </Empty>
          ) : (
            <div class={`table-wrap phone-cards${r.loading ? ' stale' : ''}`} aria-busy={r.loading}>
              <table class="cp-table phone-cards" data-testid="ledger" aria-labelledby="ledger-title">
                <thead>
                  <tr>
                    {manage && (
                      <th scope="col" class="cp-select">
                        <PickBox
                          checked={reviewable.length > 0 && picked.length === reviewable.length}
                          mixed={picked.length > 0 && picked.length < reviewable.length}
                          disabled={reviewable.length === 0}
                          label="Pick every line of this page that can be reviewed"
                          onChange={(on) =>
                            sel.setPage(
                              reviewable.map((l) => l.videoId),
                              on,
                            )
                          }
                        />
                      </th>
                    )}
                    {cols.map((col) => {
                      const x = typeof col === 'string' ? { label: col, num: false } : col
                      return (
                        <th scope="col" class={x.num ? 'num' : undefined}>
                          {x.label}
                        </th>
                      )
                    })}
                  </tr>
                </thead>
                <tbody>
                  {list.lines.map((l) => (
                    <LineRow
                      key={l.videoId}
                      l={l}
                      c={c}
                      manage={manage}
                      sel={sel}
                      creators={creators}
                      chosen={chosen[l.videoId]}
                      onChoose={(creatorId) => {
                        setChosen((x) => ({ ...x, [l.videoId]: creatorId }))
                        r.reload()
                        onChanged()
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager total={list.total} limit={LIMIT} offset={q.offset} onPage={(o) => filterLedger({ offset: o || null })} />
        </>
      )}
    </section>
  )
}

