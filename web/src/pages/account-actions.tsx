// What the accounts list and an account's page share: the pause/resume,
// remove and tracking-limit controls, and the inline error of a change
// (with the way to a bigger plan when the video limit is what stops it).
import { useEffect, useState } from 'preact/hooks'
import { ApiError, del, patch } from '../api'
import { isClient, loadWorkspace, useWorkspace } from '../session'
import { exact, num } from '../format'
import type { Account } from '../types'
import { Confirm, Thumb, useAction, useQuestion } from '../ui'
import './accounts.css'

// isPlanError: a 403 about the video limit or the workspace's access,
// which a bigger (or any) plan solves.
export function isPlanError(e: { status?: number; code?: string; message: string }): boolean {
  const forbidden = e.status === 403 || e.code === 'forbidden'
  return forbidden && /limit|access|plan|trial|subscription/i.test(e.message)
}

// The names of the API's input fields as the forms call them.
const FIELD_LABELS: Record<string, string> = { url: 'the link', urls: 'the links', name: 'the name', email: 'the e-mail address' }

// readable words an API message for people: "url: is required" becomes
// "the link is required", "urls[2]: unsupported host" "link 3: unsupported
// host", and "all 1 seats of the plan are in use" "the plan's only seat is
// in use".
export function readable(s: string): string {
  let t = s
    .trim()
    .replace(/\ball 1 seats of the plan are\b/g, "the plan's only seat is")
    .replace(/\ball 1 seats\b/g, 'the only seat')
    .replace(/\b1 seats\b/g, '1 seat')
  const m = /^([a-z_]+)(?:\[(\d+)\])?: (.*)$/s.exec(t)
  if (m) {
    const [, field, index, rest] = m
    const label = index !== undefined && field === 'urls' ? `link ${Number(index) + 1}` : (FIELD_LABELS[field] ?? field.replace(/_/g, ' '))
    // a link's refusal is a sentence of its own ("This TikTok link has no
    // video id: …"): the field's name before it adds nothing
    t = /^(is|are|must|may|has|was) /.test(rest) ? `${label} ${rest}` : field === 'url' && index === undefined ? rest : `${label}: ${rest}`
  }
  return t
}

// sentence starts the API's message, made readable, with a capital and
// ends it with a stop.
export function sentence(s: string): string {
  const t = readable(s)
  if (!t) return t
  return t[0].toUpperCase() + t.slice(1) + (/[.!?]$/.test(t) ? '' : '.')
}

export function InlineError({ error, id }: { error: ApiError | null; id?: string }) {
  if (!error) return null
  return (
    <div class="inline-error" role="alert" id={id}>
      {sentence(error.message)}
      {isPlanError(error) && (
        <>
          {' '}
          <a href="/billing">Upgrade your plan</a>
        </>
      )}
    </div>
  )
}

export function Avatar({ a, size = 40 }: { a: Pick<Account, 'avatarUrl' | 'handle'>; size?: number }) {
  return (
    <span class="avatar" style={{ width: size + 'px', height: size + 'px' }}>
      <Thumb src={a.avatarUrl || undefined} alt="" />
    </span>
  )
}

export function accountName(a: Pick<Account, 'handle' | 'platform'>): string {
  return a.handle ? (a.handle.startsWith('@') ? a.handle : '@' + a.handle) : 'account'
}

// LimitInput is an account's tracking limit: how many of its newest
// videos it tracks, a whole number from 1 to the plan's max.
export function LimitInput({
  value,
  set,
  ...input
}: {
  value: string
  set: (v: string) => void
  max: number | undefined
  id?: string
  placeholder?: string
  disabled?: boolean
  'aria-invalid': boolean
  'aria-describedby': string
}) {
  return (
    <input
      type="number"
      name="tracking_limit"
      inputMode="numeric"
      min={1}
      step={1}
      {...input}
      value={value}
      onInput={(e) => set((e.target as HTMLInputElement).value)}
    />
  )
}

// AccountActions changes one account. onChanged runs after a change (the
// caller reloads what it shows); onRemoved after a removal.
export function AccountActions({ a, onChanged, onRemoved }: { a: Account; onChanged: () => void; onRemoved?: () => void }) {
  const ws = useWorkspace()
  const max = ws?.maxVideosPerAccount
  const { busy: changing, error, run } = useAction<'status' | 'remove'>()
  const { busy: saving, error: limitError, setError: setLimitError, run: runLimit } = useAction<'limit'>()
  const busy = changing || saving
  const question = useQuestion()
  const [limit, setLimit] = useState(String(a.tracking_limit))
  useEffect(() => setLimit(String(a.tracking_limit)), [a.tracking_limit, a.id])
  const name = accountName(a)

  const done = () => {
    onChanged()
    loadWorkspace().catch(() => {})
  }

  const setStatus = (status: 'active' | 'paused') =>
    run(
      async () => {
        await patch<Account>(`/accounts/${a.id}`, { status })
        done()
      },
      { key: 'status' },
    )

  const remove = () =>
    run(
      async () => {
        await del<Account>(`/accounts/${a.id}`)
        loadWorkspace().catch(() => {})
        if (onRemoved) onRemoved()
        else onChanged()
      },
      { key: 'remove' },
    )

  const n = Number(limit)
  const limitValid = limit.trim() !== '' && Number.isInteger(n) && n >= 1 && (max === undefined || n <= max)
  const saveLimit = (e: Event) => {
    e.preventDefault()
    if (!limitValid) {
      setLimitError(new ApiError(400, 'invalid_request', `Enter a whole number from 1 to ${max ?? 'the plan maximum'}.`))
      return
    }
    runLimit(
      async () => {
        await patch<Account>(`/accounts/${a.id}`, { tracking_limit: n })
        done()
      },
      { key: 'limit' },
    )
  }

  const paused = a.status === 'paused'
  const limitId = `limit-${a.id}`
  // a client viewer changes nothing
  if (isClient(ws)) return null
  return (
    <div class="account-actions">
      <div class="account-buttons">
        <button
          type="button"
          disabled={!!busy}
          onClick={() => setStatus(paused ? 'active' : 'paused')}
          aria-label={`${paused ? 'Resume' : 'Pause'} ${name}`}
          title={paused ? 'Refresh this account again' : 'Stop refreshing this account (it still counts against the video limit)'}
          data-testid={paused ? 'resume' : 'pause'}
        >
          {busy === 'status' ? (paused ? 'Resuming…' : 'Pausing…') : paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" class="danger-outline" disabled={!!busy} onClick={question.ask} aria-label={`Remove ${name}`} data-testid="remove">
          {busy === 'remove' ? 'Removing…' : 'Remove'}
        </button>
      </div>
      <form class="limit-form" onSubmit={saveLimit} aria-label={`Tracking limit of ${name}`} noValidate>
        <label for={limitId}>Videos tracked (newest)</label>
        <div class="limit-row">
          <LimitInput
            id={limitId}
            max={max}
            value={limit}
            set={setLimit}
            disabled={busy === 'limit'}
            aria-invalid={!!limitError}
            aria-describedby={`${limitId}-hint${limitError ? ` ${limitId}-error` : ''}`}
          />
          <span id={`${limitId}-hint`} class="muted small">
            {max ? `max ${max}` : ''}
          </span>
          <button type="submit" disabled={!!busy || limit === String(a.tracking_limit)}>
            {busy === 'limit' ? 'Saving…' : 'Save'}
          </button>
        </div>
        <InlineError error={limitError} id={`${limitId}-error`} />
      </form>
      <InlineError error={error} />
      <Confirm question={question} title={`Remove ${name}?`} confirm="Remove account" onConfirm={remove}>
        <p>
          {name} and its videos leave the accounts list, the videos list, the overview and exports. It is no longer refreshed and stops counting against
          your video limit ({a.tracking_limit} {a.tracking_limit === 1 ? 'video' : 'videos'} freed).
        </p>
        <p class="muted">Nothing is deleted: its history is kept, and tracking its link again brings it back (counted again).</p>
      </Confirm>
    </div>
  )
}

export function Num({ v, testid, fmt = num, cls = '' }: { v: number | null; testid?: string; fmt?: (n: number | null) => string; cls?: string }) {
  return (
    <td class={'num ' + cls} data-testid={testid} data-value={v ?? ''} title={v === null ? 'not available' : exact(v)}>
      {fmt(v)}
    </td>
  )
}

// notOwnText says how many of the posts an account's feed listed are not
// its own (reposts, quotes, replies, posts by other authors).
export function notOwnText(n: number): string {
  return `${exact(n)} ${n === 1 ? 'post' : 'posts'} not theirs (reposts, replies…), not counted`
}

export function gainClass(n: number | null | undefined): string {
  return n ? (n > 0 ? 'up' : 'down') : ''
}

