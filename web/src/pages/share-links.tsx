// Share: read-only links for clients to a view of the workspace (the
// overview with its filters) or to a campaign. Owners and admins make and
// revoke them; the URL is shown once, when made.
import { useState } from 'preact/hooks'
import { del, get, post, type ApiError } from '../api'
import { ago, day, exact } from '../format'
import { canManage, useWorkspace } from '../session'
import type { ShareLink, ShareLinkCreated, ShareLinks } from '../types'
import { ErrorNote, FormError, Show, useAction, useApi } from '../ui'
import './share.css'

// ShareScope is what a new link shows: the view a page is on.
export interface ShareScope {
  collectionId?: string
  platforms?: string[]
  datePreset?: string
  from?: string
  to?: string
  campaign?: boolean
  // the link's default name, and what the page calls the view
  title: string
  what: string
}

function scopeText(l: ShareLink): string {
  const what = l.scope.kind === 'workspace' ? 'Whole workspace' : `${l.scope.kind === 'campaign' ? 'Campaign' : 'Collection'} ${l.scope.name}`
  const when = l.datePreset === 'custom' ? `${l.from} to ${l.to}` : l.datePreset
  const plats = l.filters.platforms.length ? ' · ' + l.filters.platforms.join(', ') : ''
  return `${what} · ${when}${plats}`
}

// ShareSection lists the links of the workspace that show this scope and
// lets owners and admins make one; every member sees the list.
export function ShareSection({ scope }: { scope: ShareScope }) {
  const [open, setOpen] = useState(false)
  return (
    <details class="card share" data-testid="share" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>
        <h2>Share</h2>
        <span class="muted"> a read-only link for clients</span>
      </summary>
      {open && <SharePanel scope={scope} />}
    </details>
  )
}

// SharePanel is the open section: the form and the list, read when opened.
function SharePanel({ scope }: { scope: ShareScope }) {
  const manage = canManage(useWorkspace())
  const r = useApi((s) => get<ShareLinks>('/share-links', undefined, s), 'share-links')
  return (
    <>
      {manage ? <ShareForm scope={scope} made={r.reload} /> : <p class="muted">Owners and admins make share links.</p>}
      <Show r={r}>{(d) => <ShareList links={d.shareLinks} manage={manage} reload={r.reload} />}</Show>
    </>
  )
}

function ShareForm({ scope, made }: { scope: ShareScope; made: () => void }) {
  const [name, setName] = useState(scope.title)
  const [password, setPassword] = useState('')
  const [expires, setExpires] = useState('')
  const [payouts, setPayouts] = useState(false)
  const [embed, setEmbed] = useState(false)
  const [origins, setOrigins] = useState('')
  const [frozen, setFrozen] = useState('')
  const [url, setUrl] = useState('')
  const [copied, setCopied] = useState(false)
  const { busy, error, run } = useAction()
  const submit = (e: Event) => {
    e.preventDefault()
    setUrl('')
    setCopied(false)
    const custom = !!(scope.from && scope.to)
    run(async () => {
      const l = await post<ShareLinkCreated>('/share-links', {
        name,
        collectionId: scope.collectionId || undefined,
        platforms: scope.platforms ?? [],
        datePreset: custom ? 'custom' : scope.datePreset || undefined,
        from: custom ? scope.from : undefined,
        to: custom ? scope.to : undefined,
        password: password || undefined,
        expiresAt: expires ? new Date(expires + 'T23:59:59Z').toISOString() : undefined,
        includePayouts: payouts,
        allowEmbedding: embed,
        embedOrigins: embed
          ? origins
              .split(/[\s,]+/)
              .map((o) => o.trim())
              .filter(Boolean)
          : undefined,
        frozenAt: frozen ? new Date(frozen).toISOString() : undefined,
      })
      setUrl(l.url)
      setPassword('')
      made()
    })
  }
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      setCopied(true)
    } catch {
      setCopied(false)
    }
  }
  return (
    <form class="share-form" onSubmit={submit} noValidate aria-label="New share link">
      <div class="share-grid">
        <label>
          Name
          <input value={name} maxLength={100} required onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          Password <span class="muted">(optional)</span>
          <input type="password" autoComplete="new-password" value={password} onInput={(e) => setPassword((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          Expires <span class="muted">(optional, end of day UTC)</span>
          <input type="date" value={expires} onInput={(e) => setExpires((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          Freeze at <span class="muted">(optional: numbers as of then)</span>
          <input type="datetime-local" value={frozen} onInput={(e) => setFrozen((e.target as HTMLInputElement).value)} />
        </label>
      </div>
      {scope.campaign && (
        <label class="check">
          <input type="checkbox" checked={payouts} onChange={(e) => setPayouts((e.target as HTMLInputElement).checked)} />
          Show payouts (amounts, spend and budget)
        </label>
      )}
      <label class="check">
        <input type="checkbox" checked={embed} onChange={(e) => setEmbed((e.target as HTMLInputElement).checked)} />
        Allow embedding in other sites
      </label>
      {embed && (
        <label>
          Allowed origins <span class="muted">(space separated; empty: any site)</span>
          <input value={origins} placeholder="https://client.example.com" onInput={(e) => setOrigins((e.target as HTMLInputElement).value)} />
        </label>
      )}
      <p class="muted">
        Shows {scope.what} with its filters: key figures, chart and videos, read-only. Never your team, other collections or settings.
      </p>
      {error && <FormError error={error} />}
      <button type="submit" class="primary" disabled={busy !== ''}>
        {busy ? 'Creating…' : 'Create link'}
      </button>
      {url && (
        <div class="share-url" role="status" data-testid="share-url">
          <p>Copy the link now: it is shown only once.</p>
          <input readOnly value={url} onFocus={(e) => (e.target as HTMLInputElement).select()} aria-label="Share link" />
          <button type="button" onClick={copy}>
            {copied ? 'Copied' : 'Copy'}
          </button>
        </div>
      )}
    </form>
  )
}

function ShareList({ links, manage, reload }: { links: ShareLink[]; manage: boolean; reload: () => void }) {
  const { busy, error, run } = useAction<string>()
  if (!links.length) return <p class="muted">No share links yet.</p>
  const revoke = (l: ShareLink) => {
    if (!confirm(`Revoke "${l.name}"? Its URL stops working at once.`)) return
    run(() => del(`/share-links/${l.id}`).then(reload), { key: l.id })
  }
  return (
    <>
      <ErrorNote error={error as ApiError | null} />
      <ul class="share-list" aria-label="Share links">
        {links.map((l) => (
          <li data-testid="share-link">
            <div>
              <strong>{l.name}</strong>
              {l.hasPassword && <span class="badge">password</span>}
              {l.frozenAt && <span class="badge">frozen {day(l.frozenAt)}</span>}
              {l.includePayouts && <span class="badge">payouts</span>}
              {l.expired && <span class="badge warn">expired</span>}
              <div class="muted">{scopeText(l)}</div>
              <div class="muted">
                {exact(l.viewCount)} view{l.viewCount === 1 ? '' : 's'}
                {l.lastViewedAt && ` · last ${ago(l.lastViewedAt)}`}
                {l.expiresAt && ` · expires ${day(l.expiresAt)}`}
              </div>
            </div>
            {manage && (
              <button type="button" class="danger" disabled={busy === l.id} onClick={() => revoke(l)}>
                Revoke
              </button>
            )}
          </li>
        ))}
      </ul>
    </>
  )
}
