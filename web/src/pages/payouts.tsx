// Payout batches (GET/POST /api/payouts/batches): the approved lines of
// each creator and currency gathered to be paid together, sent through the
// workspace's PayPal app or exported as the file PayPal or Wise takes,
// then marked paid (every line of it) or cancelled. Owners and admins
// connect PayPal, make, send and close batches; members read them.
import { useState } from 'preact/hooks'
import { del, get, post, put } from '../api'
import { day, exact, when } from '../format'
import { setQuery } from '../router'
import { canManage, useWorkspace } from '../session'
import type { BatchesMade, BatchStatus, PayoutBatch, PayoutBatches, PayPalConnection } from '../types'
import { Empty, ErrorNote, Field, PageHeader, Pager, Show, TableHead, Updating, numCol, useAction, useApi } from '../ui'
import { money } from './campaign-parts'
import './portal.css'

const STATUSES: BatchStatus[] = ['open', 'sent', 'paid', 'failed', 'returned', 'cancelled']
export const STATUS_TEXT: Record<BatchStatus, string> = {
  open: 'To pay',
  sent: 'Sent to PayPal',
  paid: 'Paid',
  failed: 'Failed',
  returned: 'Returned',
  cancelled: 'Cancelled',
}
const METHOD_TEXT = { none: 'None', paypal: 'PayPal', wise: 'Wise', other: 'Other' } as const
const LIMIT = 100

// PAYPAL_TEXT says what PayPal's transaction status of a batch's item means.
export const PAYPAL_TEXT: Record<string, string> = {
  PENDING: 'PayPal is processing it',
  ONHOLD: 'PayPal holds it for a review',
  UNCLAIMED: 'waiting for the creator to claim it (PayPal returns it after 30 days)',
  SUCCESS: 'PayPal paid it',
  FAILED: 'PayPal could not pay it',
  BLOCKED: 'PayPal blocked it',
  RETURNED: 'PayPal returned it',
  REFUNDED: 'the creator refunded it',
  REVERSED: 'PayPal reversed it',
}

// PayPalNote is what PayPal last said of a batch: its item's state, and the
// error or reason when there is one.
function PayPalNote({ b }: { b: PayoutBatch }) {
  const p = b.paypal
  if (!p) return null
  return (
    <div class="muted small" data-testid="batch-paypal">
      {p.transactionStatus && <div>{PAYPAL_TEXT[p.transactionStatus] ?? `PayPal: ${p.transactionStatus.toLowerCase()}`}</div>}
      {p.error && (
        <div class="field-error" data-testid="batch-paypal-error">
          {p.error}
        </div>
      )}
      {b.status === 'sent' && p.nextCheckAt && <div>Asked again {when(p.nextCheckAt)}</div>}
    </div>
  )
}

function Actions({ b, paypal, onDone }: { b: PayoutBatch; paypal: boolean; onDone: () => void }) {
  const { busy, error, run } = useAction<'paid' | 'cancel' | 'send' | 'check'>()
  const close = (what: 'paid' | 'cancel' | 'send' | 'check') =>
    run(
      async () => {
        await post(`/payouts/batches/${b.id}/${what}`)
        onDone()
      },
      { key: what },
    )
  const file = (format: string) => `/api/payouts/batches/export?format=${format}&ids=${b.id}`
  const payable = b.status === 'open'
  return (
    <div class="batch-actions">
      {b.status === 'open' && b.method === 'paypal' && paypal && (
        <button type="button" class="primary" disabled={!!busy} onClick={() => close('send')} data-testid="batch-send">
          {busy === 'send' ? 'Sending…' : 'Send with PayPal'}
        </button>
      )}
      {b.status === 'sent' && (
        <button type="button" disabled={!!busy} onClick={() => close('check')} data-testid="batch-check">
          {busy === 'check' ? 'Asking…' : 'Ask PayPal now'}
        </button>
      )}
      {payable && (
        <>
          {(b.method === 'paypal' || b.method === 'wise') && (
            <a class="button" href={file(b.method)} download data-testid="batch-file">
              {METHOD_TEXT[b.method]} file
            </a>
          )}
        </>
      )}
      {b.status !== 'cancelled' && (
        <a class="button" href={file('generic')} download>
          CSV
        </a>
      )}
      {b.status === 'open' && (
        <>
          <button type="button" class={b.method === 'paypal' && paypal ? undefined : 'primary'} disabled={!!busy} onClick={() => close('paid')} data-testid="batch-paid">
            {busy === 'paid' ? 'Marking…' : 'Mark paid'}
          </button>
          <button type="button" disabled={!!busy} onClick={() => close('cancel')} data-testid="batch-cancel">
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

// PayPalPanel connects the workspace's PayPal app: its client id and
// secret, checked by PayPal before they are saved; the secret is never
// shown again.
function PayPalPanel({ c, manage, onDone }: { c: PayPalConnection; manage: boolean; onDone: () => void }) {
  const [clientId, setClientId] = useState('')
  const [secret, setSecret] = useState('')
  const [sandbox, setSandbox] = useState(false)
  const [editing, setEditing] = useState(false)
  const { busy, error, run } = useAction<'connect' | 'disconnect'>()
  const errs = error?.fields ?? {}
  const connect = (e: Event) => {
    e.preventDefault()
    run(
      async () => {
        await put('/payouts/paypal', { clientId, secret, sandbox })
        setSecret('')
        setEditing(false)
        onDone()
      },
      { key: 'connect' },
    )
  }
  const disconnect = () =>
    run(
      async () => {
        await del('/payouts/paypal')
        onDone()
      },
      { key: 'disconnect' },
    )
  return (
    <section class="card" aria-labelledby="paypal-title" data-testid="paypal">
      <h2 id="paypal-title">PayPal</h2>
      {c.connected ? (
        <p data-testid="paypal-connected">
          Connected{c.sandbox ? ' to the sandbox' : ''}: app <code>{c.clientId}</code>
          {c.connectedAt && <span class="muted small"> · {day(c.connectedAt)}{c.connectedBy && ` by ${c.connectedBy}`}</span>}. Batches of creators paid
          by PayPal are sent from this app, each once: PayPal refuses a batch id it has paid.
        </p>
      ) : (
        <p class="muted small">
          Connect the workspace’s PayPal REST app (with PayPal’s Payouts enabled) to send batches from here: each payment’s state comes back into the
          ledger. Without it, export the PayPal file and upload it to PayPal.
        </p>
      )}
      {manage && (c.connected && !editing ? (
        <div class="actions">
          <button type="button" onClick={() => setEditing(true)}>
            Change app
          </button>
          <button type="button" disabled={!!busy} onClick={disconnect} data-testid="paypal-disconnect">
            {busy === 'disconnect' ? 'Disconnecting…' : 'Disconnect'}
          </button>
        </div>
      ) : (
        <form class="paypal-form" onSubmit={connect} noValidate>
          <Field label="Client id" name="clientId" type="text" autocomplete="off" value={clientId} set={setClientId} error={errs.clientId} />
          <Field label="Secret" name="secret" type="password" autocomplete="off" value={secret} set={setSecret} error={errs.secret}
            hint="From the app’s page in PayPal’s developer dashboard; stored sealed, never shown again." />
          <label class="check">
            <input type="checkbox" name="sandbox" checked={sandbox} onChange={(e) => setSandbox((e.target as HTMLInputElement).checked)} /> A sandbox app
          </label>
          <div class="actions">
            <button type="submit" class="primary" disabled={!!busy} data-testid="paypal-connect">
              {busy === 'connect' ? 'Checking with PayPal…' : 'Connect PayPal'}
            </button>
            {editing && (
              <button type="button" onClick={() => setEditing(false)}>
                Keep the current app
              </button>
            )}
          </div>
        </form>
      ))}
      {error && Object.keys(errs).length === 0 && <ErrorNote error={error} />}
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
  const pp = useApi((s) => get<PayPalConnection>('/payouts/paypal', undefined, s), 'paypal')
  const reload = () => {
    r.reload()
    pp.reload()
  }
  const connected = !!pp.data?.connected
  return (
    <>
      <PageHeader title="Payouts" />
      <p class="muted intro">
        Approved lines are paid in batches: one per creator and currency. Send a batch with PayPal, or export it as the file PayPal or Wise takes, send it
        there, then mark it paid. A batch’s id is its payment’s key: sending or marking it paid again pays nothing twice.
      </p>
      {pp.data && <PayPalPanel c={pp.data} manage={manage} onDone={reload} />}
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
                        <td data-label="Status" data-testid="batch-status">
                          {STATUS_TEXT[b.status]}
                          {(b.closedAt ?? b.sentAt) && <div class="muted small">{day((b.closedAt ?? b.sentAt)!)}</div>}
                          <PayPalNote b={b} />
                        </td>
                        <td data-label="Made">{day(b.createdAt)}</td>
                        <td>{manage && <Actions b={b} paypal={connected} onDone={r.reload} />}</td>
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
