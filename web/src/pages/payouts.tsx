// Payout batches (GET/POST /api/payouts/batches): the approved lines of
// each creator and currency gathered to be paid together, exported as the
// file PayPal or Wise takes, then marked paid (every line of it) or
// cancelled. Owners and admins make and close batches; members read them.
import { useState } from 'preact/hooks'
import { get, post } from '../api'
import { day, exact } from '../format'
import { setQuery } from '../router'
import { canManage, useWorkspace } from '../session'
import type { BatchesMade, BatchStatus, PayoutBatch, PayoutBatches } from '../types'
import { Empty, ErrorNote, PageHeader, Pager, Show, TableHead, Updating, numCol, useAction, useApi } from '../ui'
import { money } from './campaign-parts'
import './portal.css'

const STATUSES: BatchStatus[] = ['open', 'paid', 'cancelled']
const STATUS_TEXT: Record<BatchStatus, string> = { open: 'To pay', paid: 'Paid', cancelled: 'Cancelled' }
const METHOD_TEXT = { none: 'None', paypal: 'PayPal', wise: 'Wise', other: 'Other' } as const
const LIMIT = 100

function Actions({ b, onDone }: { b: PayoutBatch; onDone: () => void }) {
  const { busy, error, run } = useAction<'paid' | 'cancel'>()
  const close = (what: 'paid' | 'cancel') =>
    run(
      async () => {
        await post(`/payouts/batches/${b.id}/${what}`)
        onDone()
      },
      { key: what },
    )
  const file = (format: string) => `/api/payouts/batches/export?format=${format}&ids=${b.id}`
  return (
    <div class="batch-actions">
      {b.status !== 'cancelled' && (
        <>
          {(b.method === 'paypal' || b.method === 'wise') && (
            <a class="button" href={file(b.method)} download data-testid="batch-file">
              {METHOD_TEXT[b.method]} file
            </a>
          )}
          <a class="button" href={file('generic')} download>
            CSV
          </a>
        </>
      )}
      {b.status === 'open' && (
        <>
          <button type="button" class="primary" disabled={!!busy} onClick={() => close('paid')} data-testid="batch-paid">
            {busy === 'paid' ? 'Marking…' : 'Mark paid'}
          </button>
          <button type="button" disabled={!!busy} onClick={() => close('cancel')}>
            {busy === 'cancel' ? 'Cancelling…' : 'Cancel'}
          </button>
        </>
      )}
      <ErrorNote error={error} />
    </div>
  )
}

function Make({ onDone }: { onDone: () => void }) {
  const { busy, error, run } = useAction()
  const [made, setMade] = useState<BatchesMade | null>(null)
  const make = () =>
    run(async () => {
      setMade(await post<BatchesMade>('/payouts/batches', {}))
      onDone()
    })
  return (
    <section class="card" aria-labelledby="make-title">
      <h2 id="make-title">Make batches</h2>
      <p class="muted small">
        Gathers every approved line in no batch yet into one batch per creator and currency, with the payout method the creator chose. A line goes into
        one batch only.
      </p>
      <button type="button" class="primary" disabled={!!busy} onClick={make} data-testid="make-batches">
        {busy ? 'Making…' : 'Make batches from approved lines'}
      </button>
      {made && (
        <p role="status" data-testid="batches-made">
          {made.batchIds.length === 0 ? 'No approved line waits for a batch.' : `${made.batchIds.length} ${made.batchIds.length === 1 ? 'batch' : 'batches'} of ${exact(made.lines)} lines.`}
          {made.noMethod > 0 && ` ${exact(made.noMethod)} lines of creators without a payout method wait until they choose one.`}
          {made.notCreators > 0 && ` ${exact(made.notCreators)} lines pay an account or video of no creator: pay them by hand.`}
        </p>
      )}
      <ErrorNote error={error} />
    </section>
  )
}

export default function Payouts({ query }: { query: URLSearchParams }) {
  const manage = canManage(useWorkspace())
  const status = (query.get('status') ?? 'open') as BatchStatus | 'any'
  const offset = Number(query.get('offset') ?? 0) || 0
  const qs = new URLSearchParams({ limit: String(LIMIT), offset: String(offset) })
  if (status !== 'any') qs.set('status', status)
  const r = useApi((s) => get<PayoutBatches>(`/payouts/batches?${qs}`, undefined, s), `batches-${qs}`)
  return (
    <>
      <PageHeader title="Payouts" />
      <p class="muted intro">
        Approved lines are paid in batches: one per creator and currency. Export a batch as the file PayPal or Wise takes, send it there, then mark it
        paid. A batch’s id is its payment’s key: marking it paid again pays nothing twice.
      </p>
      {manage && <Make onDone={r.reload} />}
      <div class="portal-filter">
        <label for="batch-status">Status</label>
        <select id="batch-status" value={status} onChange={(e) => setQuery({ status: (e.target as HTMLSelectElement).value, offset: null })}>
          {STATUSES.map((s) => (
            <option value={s}>{STATUS_TEXT[s]}</option>
          ))}
          <option value="any">Any</option>
        </select>
      </div>
      <Show r={r}>
        {(d) =>
          d.batches.length === 0 ? (
            <Empty title="No batches">{status === 'open' ? 'No batch waits to be paid.' : 'No batch has this status.'}</Empty>
          ) : (
            <>
              <div class="table-wrap phone-cards">
                <table class="phone-cards" data-testid="batches">
                  <TableHead cols={['Creator', 'Paid by', numCol('Amount'), numCol('Lines'), 'Status', 'Made', { label: 'Actions', hidden: true }]} />
                  <tbody>
                    {d.batches.map((b) => (
                      <tr data-testid="batch" data-id={b.id} data-status={b.status}>
                        <td class="card-title">{b.creator.name}</td>
                        <td data-label="Paid by">
                          {METHOD_TEXT[b.method]}
                          {b.payeeEmail && <div class="muted small">{b.payeeEmail}</div>}
                        </td>
                        <td class="num" data-label="Amount">
                          {money(b.amount, b)}
                        </td>
                        <td class="num" data-label="Lines">
                          {exact(b.lines)}
                        </td>
                        <td data-label="Status">
                          {STATUS_TEXT[b.status]}
                          {b.closedAt && <div class="muted small">{day(b.closedAt)}</div>}
                        </td>
                        <td data-label="Made">{day(b.createdAt)}</td>
                        <td>{manage && <Actions b={b} onDone={r.reload} />}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager total={d.total} limit={LIMIT} offset={offset} onPage={(o) => setQuery({ offset: o ? String(o) : null })} />
            </>
          )
        }
      </Show>
      <Updating r={r} />
    </>
  )
}
