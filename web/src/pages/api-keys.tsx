// Team → API keys: owners and admins make personal keys for scripts and
// other services (name, scope, expiry), see each new key once with a copy
// button, and list and revoke the workspace's keys.
import { useRef, useState } from 'preact/hooks'
import { del, get, post } from '../api'
import { ago, day } from '../format'
import { canManage, useWorkspace } from '../session'
import type { APIKey, APIKeyCreated, APIKeys, APIKeyScope, APIKeyStatus } from '../types'
import { ACTIONS, Confirm, Empty, ErrorNote, FormError, PageHeader, Show, TableHead, Time, useAction, useApi, useQuestion } from '../ui'
import { TeamTabs } from './team-tabs'
import './api-keys.css'

const EXPIRY: [string, string][] = [
  ['never', 'Never'],
  ['30', 'In 30 days'],
  ['90', 'In 90 days'],
  ['365', 'In a year'],
]

const STATUS: Record<APIKeyStatus, [string, string]> = {
  active: ['Active', 'status-active'],
  expired: ['Expired', 'status-paused'],
  revoked: ['Revoked', 'status-error'],
  inactive: ['Inactive', 'status-paused'],
}

const expiryOf = (days: string) => (days === 'never' ? null : new Date(Date.now() + Number(days) * 86_400_000).toISOString())

function CreateKey({ onCreated }: { onCreated: (k: APIKeyCreated) => void }) {
  const [name, setName] = useState('')
  const [scope, setScope] = useState<APIKeyScope>('read')
  const [days, setDays] = useState('90')
  const { busy, error, run } = useAction()
  const submit = (e: Event) => {
    e.preventDefault()
    run(async () => {
      onCreated(await post<APIKeyCreated>('/api-keys', { name, scope, expiresAt: expiryOf(days) }))
      setName('')
    })
  }
  const f = error?.fields ?? {}
  return (
    <form class="card" aria-label="Create an API key" onSubmit={submit} noValidate>
      <h2>Create an API key</h2>
      <div class="form-row">
        <label>
          Name
          <input
            name="name"
            maxLength={100}
            required
            placeholder="Nightly export"
            value={name}
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
            aria-invalid={!!f.name}
            aria-describedby={f.name ? 'key-name-error' : undefined}
          />
        </label>
        <label class="key-select">
          Scope
          <select name="scope" value={scope} onChange={(e) => setScope((e.target as HTMLSelectElement).value as APIKeyScope)} aria-describedby="key-scope-hint">
            <option value="read">Read</option>
            <option value="write">Read and write</option>
          </select>
        </label>
        <label class="key-select">
          Expires
          <select name="expires" value={days} onChange={(e) => setDays((e.target as HTMLSelectElement).value)}>
            {EXPIRY.map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" class="primary" disabled={!!busy}>
          {busy ? 'Creating…' : 'Create key'}
        </button>
      </div>
      {f.name && (
        <small id="key-name-error" class="field-error">
          Name {f.name}.
        </small>
      )}
      <small id="key-scope-hint" class="muted block">
        A key acts as you in this workspace, with your role. Read keys can only read; keys cannot manage the team, keys, billing or your account.{' '}
        <a href="/api/openapi.yaml">API reference</a>
      </small>
      {error && !f.name && <FormError error={error} />}
    </form>
  )
}

// NewKey shows a key just made, the one time it can be seen.
function NewKey({ created, onDone }: { created: APIKeyCreated; onDone: () => void }) {
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<'' | 'copied' | 'select'>('')
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.key)
      setCopied('copied')
    } catch {
      // no clipboard here (an insecure origin, a refusal): select it for Ctrl+C
      input.current?.select()
      setCopied('select')
    }
  }
  return (
    <section class="card new-key" aria-labelledby="new-key-title" data-testid="new-key">
      <h2 id="new-key-title">Your new key “{created.apiKey.name}”</h2>
      <p>
        <strong>Copy it now: it is shown only this once.</strong> Only its fingerprint is kept, so it cannot be shown again. Send it as{' '}
        <code>{'Authorization: Bearer <key>'}</code>.
      </p>
      <div class="key-row">
        <input
          ref={input}
          class="key-value"
          readOnly
          value={created.key}
          aria-label="The new API key"
          data-testid="new-key-value"
          onFocus={(e) => (e.target as HTMLInputElement).select()}
        />
        <button type="button" class="primary" onClick={copy}>
          Copy
        </button>
        <button type="button" onClick={onDone}>
          Done
        </button>
      </div>
      {copied && (
        <p class="notice" role="status">
          {copied === 'copied' ? 'Copied to the clipboard.' : 'Selected: press Ctrl+C (⌘C) to copy.'}
        </p>
      )}
    </section>
  )
}

function KeyRow({ k, onRevoked }: { k: APIKey; onRevoked: () => void }) {
  const { busy, error, run } = useAction()
  const question = useQuestion()
  const [label, cls] = STATUS[k.status]
  const revoke = () => run(async () => {
    await del(`/api-keys/${k.id}`)
    onRevoked()
  })
  return (
    <tr data-testid="key-row" data-id={k.id} data-status={k.status} class={k.status === 'revoked' ? 'revoked' : undefined}>
      <td class="key-name card-title">
        <strong>{k.name}</strong>
        <span class="muted block-line">
          <code>{k.prefix}…</code> · {k.createdBy.email}
        </span>
        <ErrorNote error={error} />
      </td>
      <td data-label="Scope">
        <span class="badge">{k.scope === 'write' ? 'Read and write' : 'Read'}</span>
      </td>
      <td data-label="Status">
        <span class={`badge ${cls}`} title={k.status === 'inactive' ? 'Its creator is no longer an owner or admin of this workspace.' : undefined}>
          {label}
        </span>
      </td>
      <td data-label="Created">
        <Time at={k.createdAt} show={day} />
      </td>
      <td data-label="Last used" data-testid="key-last-used">
        {k.lastUsedAt ? (
          <>
            <Time at={k.lastUsedAt} show={ago} />
            {k.lastUsedIp && <span class="muted block-line">{k.lastUsedIp}</span>}
          </>
        ) : (
          <span class="muted">Never</span>
        )}
      </td>
      <td data-label="Expires">{k.expiresAt ? <Time at={k.expiresAt} show={day} /> : <span class="muted">Never</span>}</td>
      <td class="row-actions card-wide">
        {k.status !== 'revoked' && (
          <button type="button" disabled={!!busy} onClick={question.ask} aria-label={`Revoke the key ${k.name}`}>
            {busy ? 'Revoking…' : 'Revoke'}
          </button>
        )}
        <Confirm question={question} title="Revoke this key?" confirm="Revoke key" onConfirm={revoke}>
          <p>
            “{k.name}” ({k.prefix}…) stops working at once: every script or service using it gets 401 from its next request. This cannot be undone.
          </p>
        </Confirm>
      </td>
    </tr>
  )
}

function Keys() {
  const [n, setN] = useState(0)
  const r = useApi((s) => get<APIKeys>('/api-keys', undefined, s), `api-keys-${n}`)
  const [created, setCreated] = useState<APIKeyCreated | null>(null)
  const reload = () => setN((x) => x + 1)
  return (
    <>
      <CreateKey
        onCreated={(k) => {
          setCreated(k)
          reload()
        }}
      />
      {created && <NewKey created={created} onDone={() => setCreated(null)} />}
      <Show r={r}>
        {(d) =>
          d.keys.length === 0 ? (
            <Empty title="No API keys yet">Create one above to use the API from a script, a spreadsheet or another service.</Empty>
          ) : (
            <div class="table-wrap phone-cards">
              <table class="api-keys phone-cards" data-testid="api-keys" aria-label="API keys">
                <TableHead cols={['Name', 'Scope', 'Status', 'Created', 'Last used', 'Expires', ACTIONS]} />
                <tbody>
                  {d.keys.map((k) => (
                    <KeyRow key={k.id} k={k} onRevoked={reload} />
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Show>
    </>
  )
}

export default function ApiKeysPage() {
  const ws = useWorkspace()
  return (
    <>
      <PageHeader title="API keys" />
      <TeamTabs />
      {!ws ? null : canManage(ws) ? (
        <Keys />
      ) : (
        <div class="empty" role="status">
          <h3>Only owners and admins can make API keys</h3>
          <p>
            Ask the workspace’s owner or an admin. <a href="/team">Back to the team</a>
          </p>
        </div>
      )}
    </>
  )
}
