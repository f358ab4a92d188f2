// Channels: where events go besides e-mail — Slack and Discord webhooks
// and signed HTTPS webhooks. Owners and admins add, test, disable, rotate
// and delete them; members see them with their latest attempts.
import { useState } from 'preact/hooks'
import { ApiError, del, get, patch, post } from '../api'
import { ago, exact, when } from '../format'
import { canManage, useWorkspace } from '../session'
import type {
  Channel,
  ChannelAttemptResult as AttemptResult,
  ChannelCreated,
  ChannelDeliveries,
  ChannelDelivery as Delivery,
  ChannelKind as Kind,
  ChannelList,
  SecretRotated,
} from '../types'
import { Confirm, Empty, ErrorNote, FormError, PageHeader, Show, Spinner, Stale, TableHead, Time, Updating, useAction, useApi, useQuestion } from '../ui'
import { described, fieldText } from './campaign-parts'
import './campaigns.css'
import './channels.css'

const KINDS: Record<Kind, string> = { slack: 'Slack', discord: 'Discord', webhook: 'Webhook' }

const PLACEHOLDER: Record<Kind, string> = {
  slack: 'https://hooks.slack.com/services/T…/B…/…',
  discord: 'https://discord.com/api/webhooks/…/…',
  webhook: 'https://api.example.com/hooks/reeltrack',
}

const WHY_DISABLED: Record<string, string> = {
  manual: 'turned off by an owner or admin',
  gone: 'the destination answered 410 Gone: the webhook no longer exists',
  failing: 'its deliveries kept failing for about three days',
}

function attemptText(a: { statusCode: number | null; error: string }): string {
  if (a.error) return a.error
  return a.statusCode ? `HTTP ${a.statusCode}` : 'no answer'
}

// Said is an API message with the server's setting and documentation it
// names (a file of the server's source, as the README names it) set as
// code.
function Said({ text }: { text: string }) {
  const parts = text.split(/(CHANNEL_ALLOWED_ADDRESSES|docs\/webhooks\.md)/)
  return <>{parts.map((p, i) => (i % 2 ? <code>{p}</code> : p))}</>
}

function Code({ code }: { code: number | null }) {
  const ok = code !== null && code >= 200 && code < 300
  return <span class={`ch-code ${ok ? 'ok' : 'bad'}`}>{code ?? '—'}</span>
}

// SecretBox shows a signing secret, this once, with a copy button.
function SecretBox({ secret, note, onDone }: { secret: string; note: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false)
  return (
    <div class="ch-secret" role="status" data-testid="channel-secret">
      <strong>Signing secret: copy it now, it is not shown again.</strong>
      <code data-testid="secret-value">{secret}</code>
      <div class="row">
        <button
          type="button"
          onClick={() =>
            navigator.clipboard?.writeText(secret).then(
              () => setCopied(true),
              () => setCopied(false),
            )
          }
        >
          {copied ? 'Copied' : 'Copy secret'}
        </button>
        <button type="button" class="link" onClick={onDone}>
          I have kept it
        </button>
      </div>
      <small>{note}</small>
    </div>
  )
}

function AddForm({ onAdded }: { onAdded: (c: ChannelCreated) => void }) {
  const [kind, setKind] = useState<Kind>('slack')
  const [name, setName] = useState('')
  const [url, setUrl] = useState('')
  const { busy, error, setError, run } = useAction()
  const fields = error?.fields ?? {}
  const submit = (e: Event) => {
    e.preventDefault()
    const bad: Record<string, string> = {}
    if (!name.trim()) bad.name = 'is required'
    if (!url.trim()) bad.url = 'is required'
    if (Object.keys(bad).length) {
      setError(new ApiError(400, 'invalid_request', 'Some fields need a change.', bad))
      return
    }
    run(async () => {
      const c = await post<ChannelCreated>('/channels', { kind, name: name.trim(), url: url.trim() })
      setName('')
      setUrl('')
      onAdded(c)
    })
  }
  const other = Object.keys(fields).filter((k) => k !== 'name' && k !== 'url')
  return (
    <form class="card cp-form" aria-label="Add a channel" onSubmit={submit} noValidate>
      <h2>Add a channel</h2>
      <div class="cp-grid">
        <div class="field">
          <label for="channel-kind">Kind</label>
          <select id="channel-kind" name="kind" value={kind} onChange={(e) => setKind((e.target as HTMLSelectElement).value as Kind)}>
            <option value="slack">Slack incoming webhook</option>
            <option value="discord">Discord webhook</option>
            <option value="webhook">Webhook (signed HTTPS)</option>
          </select>
        </div>
        <div class="field">
          <label for="channel-name">Name</label>
          <input
            name="name"
            maxLength={100}
            autocomplete="off"
            value={name}
            placeholder={kind === 'webhook' ? 'Backend' : '#growth-alerts'}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
            {...described('channel-name', fields.name, false)}
          />
          {fields.name && (
            <small id="channel-name-error" class="field-error">
              {fieldText('Name', fields.name)}
            </small>
          )}
        </div>
        <div class="field ch-url">
          <label for="channel-url">Webhook URL</label>
          <input
            type="url"
            name="url"
            maxLength={2000}
            autocomplete="off"
            spellcheck={false}
            value={url}
            placeholder={PLACEHOLDER[kind]}
            onInput={(e) => setUrl((e.target as HTMLInputElement).value)}
            {...described('channel-url', fields.url)}
          />
          {fields.url ? (
            <small id="channel-url-error" class="field-error">
              <Said text={fieldText('URL', fields.url)} />
            </small>
          ) : (
            <small id="channel-url-hint" class="muted">
              Kept sealed; shown afterwards only as its host and a masked path. A receiver on the server’s machine or a private network is
              reached only once the server allows its address: <Said text="CHANNEL_ALLOWED_ADDRESSES, see docs/webhooks.md." />
            </small>
          )}
        </div>
      </div>
      {error && (Object.keys(fields).length === 0 || other.length > 0) && <FormError error={error} />}
      <div class="actions">
        <button type="submit" class="primary" disabled={!!busy}>
          {busy ? 'Adding…' : 'Add channel'}
        </button>
      </div>
    </form>
  )
}

function Deliveries({ channel, manage, onChanged }: { channel: Channel; manage: boolean; onChanged: () => void }) {
  const r = useApi((s) => get<ChannelDeliveries>(`/channels/${channel.id}/deliveries`, undefined, s), channel.id)
  const { busy, error, run } = useAction<string>()
  const [note, setNote] = useState('')
  const resend = (d: Delivery) =>
    run(
      async () => {
        const out = await post<AttemptResult>(`/channels/${channel.id}/deliveries/${d.id}/resend`)
        setNote(out.delivered ? 'Resent: delivered.' : `Resent: ${attemptText(out)}.`)
        r.reload()
        onChanged()
      },
      { key: d.id },
    )
  return (
    <div data-testid="deliveries">
      <Show r={r}>
        {(data) =>
          data.deliveries.length === 0 ? (
            <p class="muted small">No deliveries yet.</p>
          ) : (
            <Stale r={r}>
              <div class="table-wrap">
                <table class="ch-deliveries">
                  <TableHead cols={['Event', 'Status', 'Attempts', 'Last answer', '']} />
                  <tbody>
                    {data.deliveries.map((d) => (
                      <tr data-testid="delivery" data-status={d.status}>
                        <td>
                          <code>{d.eventType}</code>
                          <div class="muted small">
                            <Time at={d.occurredAt} />
                          </div>
                        </td>
                        <td>
                          <span class={`badge del-${d.status}`}>{d.status}</span>
                          {d.nextAttemptAt && <div class="muted small">next {when(d.nextAttemptAt)}</div>}
                        </td>
                        <td>
                          {exact(d.attempts)}
                          {d.attemptLog.length > 0 && (
                            <div class="muted small">
                              {d.attemptLog.map((a, i) => (
                                <span title={`${when(a.attemptedAt)} · ${a.durationMs} ms · ${attemptText(a)}`}>
                                  {i > 0 && ' · '}
                                  <Code code={a.statusCode} />
                                </span>
                              ))}
                            </div>
                          )}
                        </td>
                        <td class="err">{d.lastError || (d.lastStatus ? `HTTP ${d.lastStatus}` : '—')}</td>
                        <td>
                          {manage && (d.status === 'failed' || d.status === 'cancelled') && (
                            <button type="button" onClick={() => resend(d)} disabled={!!busy} aria-label={`Resend ${d.eventType}`}>
                              {busy === d.id ? 'Resending…' : 'Resend'}
                            </button>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Stale>
          )
        }
      </Show>
      <ErrorNote error={error} />
      {note && (
        <p class="notice" role="status">
          {note}
        </p>
      )}
    </div>
  )
}

function ChannelCard({ c, manage, onChanged, onDeleted }: { c: Channel; manage: boolean; onChanged: () => void; onDeleted: () => void }) {
  const { busy, error, run } = useAction<'test' | 'toggle' | 'rotate' | 'delete'>()
  const [result, setResult] = useState<AttemptResult | null>(null)
  const [secret, setSecret] = useState('')
  const [open, setOpen] = useState(false)
  const rotateQ = useQuestion()
  const deleteQ = useQuestion()
  const test = () =>
    run(
      async () => {
        setResult(await post<AttemptResult>(`/channels/${c.id}/test`))
        onChanged()
      },
      { key: 'test' },
    )
  const toggle = () =>
    run(
      async () => {
        await patch<Channel>(`/channels/${c.id}`, { enabled: !c.enabled })
        onChanged()
      },
      { key: 'toggle' },
    )
  const rotate = () =>
    run(
      async () => {
        const out = await post<SecretRotated>(`/channels/${c.id}/rotate-secret`)
        setSecret(out.secret)
        onChanged()
      },
      { key: 'rotate' },
    )
  const remove = () =>
    run(
      async () => {
        await del(`/channels/${c.id}`)
        onDeleted()
      },
      { key: 'delete', stay: true },
    )
  const failingNow = c.lastErrorAt && (!c.lastSuccessAt || c.lastErrorAt > c.lastSuccessAt)
  // a failed test says its error once, in its result: not again as the
  // last error nor in its attempt's line
  const testFailed = result && !result.delivered ? result : null
  const lastError = testFailed && c.lastError === testFailed.error ? '' : c.lastError
  return (
    <article class="card ch-card" data-testid="channel" data-name={c.name} data-enabled={String(c.enabled)} aria-label={c.name}>
      <div class="ch-head">
        <h3>{c.name}</h3>
        <span class="badge ch-kind">{KINDS[c.kind]}</span>
        {c.enabled ? (
          <span class="badge ch-on">Enabled</span>
        ) : (
          <span class="badge ch-off" title={WHY_DISABLED[c.disabledReason] ?? ''}>
            Disabled
          </span>
        )}
      </div>
      <div class="ch-hint">{c.urlHint}</div>
      {!c.enabled && (
        <p class="ch-error" data-testid="disabled-reason">
          Disabled {c.disabledAt ? ago(c.disabledAt) : ''}: {WHY_DISABLED[c.disabledReason] ?? c.disabledReason}.
          {c.disabledReason !== 'manual' && ' Fix the destination, then enable it and send a test.'}
        </p>
      )}
      <div class="ch-facts">
        <span>
          Last delivered: <strong>{c.lastSuccessAt ? ago(c.lastSuccessAt) : 'never'}</strong>
        </span>
        <span>Waiting: {exact(c.pending)}</span>
        {c.previousSecretUntil && <span>Previous secret signs until {when(c.previousSecretUntil)}</span>}
      </div>
      {lastError && (
        <div class={failingNow ? 'ch-error' : 'muted small'} data-testid="last-error">
          Last error{c.lastErrorAt ? ` (${ago(c.lastErrorAt)})` : ''}: <Said text={lastError} />
        </div>
      )}
      {c.recentAttempts.length > 0 && (
        <ul class="ch-attempts" aria-label="Latest attempts">
          {c.recentAttempts.map((a) => (
            <li data-testid="attempt" data-status={a.statusCode ?? ''}>
              <Code code={a.statusCode} />
              <Time at={a.attemptedAt} />
              <span class="muted">{a.durationMs} ms</span>
              {a.error && testFailed?.deliveryId === a.deliveryId ? (
                <span class="muted">the test above</span>
              ) : (
                a.error && (
                  <span class="ch-error">
                    <Said text={a.error} />
                  </span>
                )
              )}
            </li>
          ))}
        </ul>
      )}
      {result && (
        <p class={`ch-result ${result.delivered ? 'notice' : 'ch-error'}`} role="status" data-testid="test-result">
          {result.delivered ? `Test delivered (HTTP ${result.statusCode}, ${result.durationMs} ms).` : <Said text={`Test failed: ${attemptText(result)}.`} />}
        </p>
      )}
      {secret && (
        <SecretBox
          secret={secret}
          note="The previous secret keeps signing beside it for 24 hours: switch your receiver to the new one within that time."
          onDone={() => setSecret('')}
        />
      )}
      <ErrorNote error={error} />
      <div class="ch-actions">
        {manage && (
          <>
            <button type="button" class="primary" onClick={test} disabled={!!busy} data-testid="send-test">
              {busy === 'test' ? 'Sending…' : 'Send test'}
            </button>
            <button type="button" onClick={toggle} disabled={!!busy}>
              {busy === 'toggle' ? 'Saving…' : c.enabled ? 'Disable' : 'Enable'}
            </button>
            {c.kind === 'webhook' && (
              <button type="button" onClick={rotateQ.ask} disabled={!!busy}>
                {busy === 'rotate' ? 'Rotating…' : 'Rotate secret'}
              </button>
            )}
          </>
        )}
        <button type="button" class="link" aria-expanded={open} onClick={() => setOpen(!open)} data-testid="show-deliveries">
          {open ? 'Hide deliveries' : 'Deliveries'}
        </button>
        {manage && (
          <button type="button" class="danger-outline" onClick={deleteQ.ask} disabled={!!busy}>
            {busy === 'delete' ? 'Deleting…' : 'Delete'}
          </button>
        )}
      </div>
      {open && <Deliveries channel={c} manage={manage} onChanged={onChanged} />}
      <Confirm question={rotateQ} title={`Rotate the secret of ${c.name}?`} confirm="Rotate secret" onConfirm={rotate}>
        <p>A new signing secret is made and shown once. The current one keeps signing beside it for 24 hours.</p>
      </Confirm>
      <Confirm question={deleteQ} title={`Delete ${c.name}?`} confirm="Delete channel" onConfirm={remove}>
        <p>Its deliveries and their history go with it; alert rules no longer send there.</p>
      </Confirm>
    </article>
  )
}

export default function Channels() {
  const ws = useWorkspace()
  const manage = canManage(ws)
  const r = useApi((s) => get<ChannelList>('/channels', undefined, s), 'channels')
  const [created, setCreated] = useState<ChannelCreated | null>(null)
  const [notice, setNotice] = useState('')
  return (
    <>
      <PageHeader title="Channels" />
      <p class="muted intro">
        Where alerts and other events go besides e-mail: a Slack or Discord channel through its webhook, or your own HTTPS endpoint, signed as Standard
        Webhooks says. Choose a rule’s channels on the <a href="/alerts">Alerts</a> page.
      </p>
      {manage ? (
        <AddForm
          onAdded={(c) => {
            setCreated(c.secret ? c : null)
            setNotice(`Added ${c.name}. Send a test to check it.`)
            r.reload()
          }}
        />
      ) : (
        <p class="muted">Owners and admins add and change channels; you can see them and their deliveries.</p>
      )}
      {created?.secret && (
        <SecretBox
          secret={created.secret}
          note={`The signing secret of ${created.name}: your endpoint verifies each request's webhook-signature with it.`}
          onDone={() => setCreated(null)}
        />
      )}
      {notice && (
        <p class="notice" role="status" data-testid="channel-saved">
          {notice}
        </p>
      )}
      <section aria-labelledby="channels-title">
        <h2 id="channels-title">Channels{r.data ? ` (${exact(r.data.channels.length)})` : ''}</h2>
        <Show r={r}>
          {(d) =>
            d.channels.length === 0 ? (
              <Empty title="No channels yet">{manage ? 'Add a Slack, Discord or webhook URL with the form above.' : 'None has been added.'}</Empty>
            ) : (
              <Stale r={r}>
                <div class="ch-list">
                  {d.channels.map((c) => (
                    <ChannelCard
                      key={c.id}
                      c={c}
                      manage={manage}
                      onChanged={r.reload}
                      onDeleted={() => {
                        setNotice(`Deleted ${c.name}.`)
                        r.reload()
                      }}
                    />
                  ))}
                </div>
              </Stale>
            )
          }
        </Show>
        {!r.data && !r.error && <Spinner />}
        <Updating r={r} />
      </section>
    </>
  )
}
