// Agency (docs/agencies.md): a workspace made the home of an organisation
// whose client workspaces one login reaches. Its owners and admins see the
// roll-up over every workspace of it (GET /api/organisation/rollup), add
// client workspaces, choose how they are billed and set the branding of
// its reports and share pages;
// the others see whose agency the workspace is. Without an organisation,
// the page says what an agency is and lets the owner make one.
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { ApiError, del, get, patch, post } from '../api'
import { periodNames } from '../filters'
import { DASH, ago, day, exact, num, signed, signedPct } from '../format'
import { planName } from '../plans'
import { navigate, setQuery } from '../router'
import { loadWorkspace, switchWorkspace, useWorkspace, workspacesChanged } from '../session'
import type { ClientWorkspaceCreated, Organisation, Rollup, RollupCampaign, RollupMover, RollupWorkspace } from '../types'
import { ErrorNote, Field, FormError, PageHeader, PlatformBadge, Show, Spinner, Stale, TableHead, Thumb, Updating, numCol, useAction, useApi } from '../ui'
import { SpendMeter, money } from './campaign-parts'
import './agency.css'

// The windows of the roll-up, and the default (the API's).
const WINDOWS = ['7d', '30d', '90d', 'all'] as const
type Window = (typeof WINDOWS)[number]
const WINDOW_NAMES: Record<Window, string> = { '7d': '7 days', '30d': '30 days', '90d': '90 days', all: 'All time' }
const DEFAULT_WINDOW: Window = '30d'

// The logo's limits: the API takes a PNG, JPEG or WebP data: URL of at
// most 300,000 characters (about 220 kB of image).
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp']
const LOGO_MAX = 300_000
const DEFAULT_COLOR = '#4338ca'

// useOpen opens a page of one of the organisation's workspaces: the
// session switches to it first when it works in another.
function useOpen() {
  const ws = useWorkspace()
  const { busy, error, run } = useAction<string>()
  const open = (id: string, path = '/') =>
    run(
      async () => {
        if (id !== ws?.id) await switchWorkspace(id)
        navigate(path)
      },
      { key: id + path, stay: true },
    )
  return { busy, error, open }
}

// Start explains an agency to a workspace outside any, and lets its owner
// make it one.
function Start({ onMade }: { onMade: (o: Organisation) => void }) {
  const ws = useWorkspace()
  const [name, setName] = useState(ws?.name ?? '')
  const { busy, error, run } = useAction()
  const owner = ws?.role === 'owner'
  const submit = (e: Event) => {
    e.preventDefault()
    run(async () => {
      const o = await post<Organisation>('/organisation', { name })
      await loadWorkspace().catch(() => {})
      workspacesChanged()
      onMade(o)
    })
  }
  return (
    <section class="card agency-start" aria-labelledby="agency-start-title" data-testid="agency-start">
      <h2 id="agency-start-title">Run your clients from one login</h2>
      <p>
        An agency keeps each client in a workspace of its own, with its own videos, accounts, campaigns, plan and team. The owners and admins of this
        workspace reach every client workspace from the workspace menu at the top, with the same role, and this page adds them up: views and views
        gained, top movers, campaign spend against budget and whether each one’s numbers are being collected.
      </p>
      <ul class="agency-points">
        <li>Client workspaces are billed apart, each on its own plan, or all on the agency’s subscription; the agency’s people take no seat in them.</li>
        <li>Invite a client as a read-only viewer of its workspace, or of chosen collections, from its Team page.</li>
        <li>Reports and share links carry the agency’s name, colour and logo.</li>
      </ul>
      {owner ? (
        <form class="agency-form" onSubmit={submit} noValidate aria-label="Make this workspace an agency">
          <div class="agency-field">
            <Field
              label="Agency name"
              name="agencyName"
              type="text"
              required
              maxLength={80}
              value={name}
              set={setName}
              error={error?.fields.name && `The name ${error.fields.name}.`}
              hint="Shown to your clients on their reports and in the workspace menu."
            />
          </div>
          {error && !error.fields.name && <FormError error={error} />}
          <div class="actions">
            <button type="submit" class="primary" disabled={!!busy || !name.trim()} data-testid="make-agency">
              {busy ? 'Making…' : 'Make this workspace an agency'}
            </button>
          </div>
        </form>
      ) : (
        <p class="muted">Only the workspace’s owner can make it an agency.</p>
      )}
      {owner && <JoinForm onJoined={onMade} />}
    </section>
  )
}

// JoinForm brings this workspace into an agency with the join code it gave.
function JoinForm({ onJoined }: { onJoined: (o: Organisation) => void }) {
  const [code, setCode] = useState('')
  const { busy, error, run } = useAction()
  const submit = (e: Event) => {
    e.preventDefault()
    run(async () => {
      const o = await post<Organisation>('/organisation/join', { code: code.trim() })
      workspacesChanged()
      onJoined(o)
    })
  }
  return (
    <form class="agency-form agency-join" onSubmit={submit} noValidate aria-label="Join an agency" data-testid="join-agency">
      <h3>Or join an agency</h3>
      <p class="muted">
        An agency that runs this workspace for you gives you a join code. Its owners and admins then reach this workspace; your data and team stay.
      </p>
      <div class="form-row">
        <div class="agency-field">
          <Field label="Join code" name="joinCode" type="text" required maxLength={100} value={code} set={setCode} error={error?.fields.code && `The code ${error.fields.code}.`} />
        </div>
        <button type="submit" disabled={!!busy || !code.trim()} data-testid="join-agency-submit">
          {busy ? 'Joining…' : 'Join the agency'}
        </button>
      </div>
      {error && !error.fields.code && <FormError error={error} />}
    </form>
  )
}

// JoinCodeCard makes a join code that brings an existing workspace in.
function JoinCodeCard() {
  const [made, setMade] = useState<{ code: string; expiresAt: string } | null>(null)
  const { busy, error, run } = useAction()
  return (
    <section class="card agency-form" aria-labelledby="agency-join-code-title" data-testid="join-code">
      <h2 id="agency-join-code-title">Bring in an existing workspace</h2>
      <p class="muted">
        A client that already has a workspace keeps it: make a join code and send it to the workspace’s owner, who enters it on their Agency page. The
        code works once, for 7 days; it is shown only now.
      </p>
      {made && (
        <p class="notice" role="status" data-testid="join-code-made">
          Join code: <code class="agency-code">{made.code}</code> · good until {day(made.expiresAt)}
        </p>
      )}
      <ErrorNote error={error} />
      <div class="actions">
        <button type="button" disabled={!!busy} onClick={() => run(async () => setMade(await post('/organisation/join-codes', {})))} data-testid="make-join-code">
          {busy ? 'Making…' : made ? 'Make another code' : 'Make a join code'}
        </button>
      </div>
    </section>
  )
}

// LeaveCard lets a client workspace's own owner take it out of the agency.
function LeaveCard({ org }: { org: Organisation }) {
  const ws = useWorkspace()
  const { busy, error, run } = useAction()
  const leave = () => {
    if (!ws || !confirm(`Take this workspace out of ${org.name}? The agency’s people lose it at once; your data and team stay.`)) return
    run(async () => {
      await del(`/organisation/workspaces/${ws.id}`)
      await loadWorkspace().catch(() => {})
      workspacesChanged()
      navigate('/')
    })
  }
  return (
    <section class="card" aria-labelledby="agency-leave-title" data-testid="leave-agency">
      <h2 id="agency-leave-title">Leave the agency</h2>
      <p class="muted">
        As this workspace’s owner you can take it out of {org.name}. Billed by the agency, it keeps its plan for 7 days, then needs a subscription of its
        own.
      </p>
      <ErrorNote error={error} />
      <div class="actions">
        <button type="button" class="danger" disabled={!!busy} onClick={leave} data-testid="leave-agency-submit">
          {busy ? 'Leaving…' : 'Leave the agency'}
        </button>
      </div>
    </section>
  )
}

// HEALTH names a workspace's collection for the roll-up's table.
const HEALTH: Record<RollupWorkspace['health']['collection'], { text: string; cls: string }> = {
  ok: { text: 'Collecting', cls: 'status-active' },
  stopped: { text: 'Stopped', cls: 'status-error' },
  failing: { text: 'Failing', cls: 'status-paused' },
}

function Health({ w }: { w: RollupWorkspace }) {
  // nothing scraped yet and nothing overdue: a workspace that tracks nothing yet
  const idle = w.health.collection === 'ok' && !w.health.lastScrapeAt
  const h = idle ? { text: 'Not started', cls: '' } : (HEALTH[w.health.collection] ?? { text: w.health.collection, cls: '' })
  return (
    <>
      <span class={`badge ${h.cls}`} data-testid="health" data-value={w.health.collection}>
        {h.text}
      </span>
      <div class="muted small">{w.health.lastScrapeAt ? `scraped ${ago(w.health.lastScrapeAt)}` : 'not scraped yet'}</div>
    </>
  )
}

function Change({ g }: { g: RollupWorkspace['viewsGained'] }) {
  if (g.changePct === null) return <span class="muted">{DASH}</span>
  return <span class={g.changePct >= 0 ? 'up' : 'down'}>{signedPct(g.changePct)}</span>
}

function WorkspaceRow({ w, current, opening }: { w: RollupWorkspace; current: boolean; opening: ReturnType<typeof useOpen> }) {
  return (
    <tr data-testid="rollup-row" data-id={w.id} data-name={w.name} aria-current={current ? 'true' : undefined}>
      <td class="card-title">
        <strong class="agency-ws-name">{w.name}</strong>
        <div class="agency-badges">
          {w.home && <span class="badge agency-home">Agency’s own</span>}
          {current && <span class="badge agency-current">Open now</span>}
          <span class="badge">{planName(w.plan)}</span>
          {!w.hasAccess && <span class="badge status-error">No access</span>}
        </div>
      </td>
      <td class="num" data-label="Videos" data-testid="videos" data-value={w.videos}>
        {exact(w.videos)}
        <div class="muted small">{exact(w.accounts)} {w.accounts === 1 ? 'account' : 'accounts'}</div>
      </td>
      <td class="num" data-label="Views" data-testid="views" data-value={w.views}>
        {num(w.views)}
      </td>
      <td class="num" data-label="Views gained" data-testid="views-gained" data-value={w.viewsGained.period}>
        {signed(w.viewsGained.period)}
        <div class="small">
          <Change g={w.viewsGained} />
        </div>
      </td>
      <td class="num" data-label="Campaigns" data-testid="campaigns" data-value={w.campaigns}>
        {exact(w.campaigns)}
      </td>
      <td data-label="Collection">
        <Health w={w} />
      </td>
      <td class="card-wide agency-open">
        <button type="button" disabled={!!opening.busy} onClick={() => opening.open(w.id)} aria-label={`Open ${w.name}`} data-testid="open-workspace">
          {opening.busy === w.id + '/' ? 'Opening…' : 'Open'}
        </button>
      </td>
    </tr>
  )
}

function Mover({ m, opening }: { m: RollupMover; opening: ReturnType<typeof useOpen> }) {
  const v = m.video
  const path = `/videos/${encodeURIComponent(v.id)}`
  return (
    <li data-testid="rollup-mover">
      <Thumb src={v.thumbnailUrl} alt="" />
      <div class="mover-text">
        <a
          href={path}
          onClick={(e) => {
            e.preventDefault()
            opening.open(m.workspace.id, path)
          }}
        >
          {v.caption || v.url}
        </a>
        <div class="agency-mover-ws" title={m.workspace.name}>
          {m.workspace.name}
        </div>
        <div class="muted">
          <PlatformBadge platform={v.platform} /> {v.accountHandle && '@' + v.accountHandle}
        </div>
      </div>
      <div class="mover-num">
        <strong class="up">{signed(v.viewsGained)}</strong>
        <div class="muted">{num(v.views)} views</div>
      </div>
    </li>
  )
}

function CampaignRow({ c, opening }: { c: RollupCampaign; opening: ReturnType<typeof useOpen> }) {
  const k = c.campaign
  const path = `/campaigns/${encodeURIComponent(k.id)}`
  return (
    <tr data-testid="rollup-campaign" data-id={k.id}>
      <td class="card-title">
        <a
          href={path}
          onClick={(e) => {
            e.preventDefault()
            opening.open(c.workspace.id, path)
          }}
        >
          {k.name}
        </a>
        <div class="muted small">
          {c.workspace.name}
          {k.endedAt ? ' · ended' : ''}
        </div>
      </td>
      <td class="num" data-label="Budget" data-value={k.budget}>
        {k.budget > 0 ? money(k.budget, k) : <span class="muted">none</span>}
      </td>
      <td class="card-wide" data-label="Committed">
        <SpendMeter spend={k.spend} budget={k.budget} c={k} name={`${k.name} (${c.workspace.name})`} />
      </td>
    </tr>
  )
}

// Tile is one figure of the roll-up's totals.
function Tile({ id, label, value, raw, children }: { id: string; label: string; value: string; raw: number; children?: ComponentChildren }) {
  return (
    <div class="kpi card" data-testid={`agency-${id}`} data-value={raw}>
      <div class="kpi-label">{label}</div>
      <div class="kpi-value" title={exact(raw)}>
        {value}
      </div>
      {children && <div class="kpi-change">{children}</div>}
    </div>
  )
}

function RollupView({ r, current }: { r: Rollup; current: string }) {
  const opening = useOpen()
  const t = r.totals
  const { name: windowName, phrase } = periodNames(r)
  const change = t.previousGained ? ((t.viewsGained - t.previousGained) / t.previousGained) * 100 : null
  return (
    <>
      <section class="kpis" aria-label="Totals of the agency">
        <Tile id="workspaces" label="Workspaces" value={exact(t.workspaces)} raw={t.workspaces}>
          {t.stopped > 0 ? (
            <span class="down">
              {exact(t.stopped)} not collecting
            </span>
          ) : (
            <span class="muted">all collecting</span>
          )}
        </Tile>
        <Tile id="videos" label="Videos" value={num(t.videos)} raw={t.videos}>
          <span class="muted">
            {exact(t.accounts)} {t.accounts === 1 ? 'account' : 'accounts'}
          </span>
        </Tile>
        <Tile id="views" label="Views" value={num(t.views)} raw={t.views}>
          <span class="muted">latest, summed</span>
        </Tile>
        <Tile id="gained" label="Views gained" value={signed(t.viewsGained)} raw={t.viewsGained}>
          <span class="muted">{phrase}</span>
          {t.previousGained !== null && windowName && (
            <div class="muted" data-testid="agency-gained-previous">
              previous {windowName}: {num(t.previousGained)}
              {change !== null && (
                <>
                  {' '}
                  (<span class={change >= 0 ? 'up' : 'down'}>{signedPct(change)}</span>)
                </>
              )}
            </div>
          )}
        </Tile>
      </section>

      <section class="card" aria-labelledby="agency-workspaces-title">
        <h2 id="agency-workspaces-title">Workspaces</h2>
        <ErrorNote error={opening.error} />
        <div class="table-wrap phone-cards">
          <table class="phone-cards agency-table" data-testid="rollup-table" aria-label="The agency’s workspaces">
            <TableHead
              scoped
              cols={['Workspace', numCol('Videos'), numCol('Views'), numCol(`Gained ${phrase}`), numCol('Campaigns'), 'Collection', { label: 'Open', hidden: true }]}
            />
            <tbody>
              {r.workspaces.map((w) => (
                <WorkspaceRow key={w.id} w={w} current={w.id === current} opening={opening} />
              ))}
            </tbody>
          </table>
        </div>
        <p class="muted small">
          Each line is the workspace’s own overview for the same window: its counted videos, their latest views and what they gained, against the window
          before.
        </p>
      </section>

      <section class="card" aria-labelledby="agency-movers-title">
        <h2 id="agency-movers-title">
          Top movers <small class="muted">· {phrase}, across the workspaces</small>
        </h2>
        {r.topMovers.length ? (
          <ol class="movers" data-testid="rollup-movers">
            {r.topMovers.map((m) => (
              <Mover m={m} opening={opening} />
            ))}
          </ol>
        ) : (
          <p class="muted">No video of the agency’s workspaces gained views in this window.</p>
        )}
      </section>

      <section class="card" aria-labelledby="agency-campaigns-title">
        <h2 id="agency-campaigns-title">Campaigns</h2>
        {r.campaigns.length ? (
          <div class="table-wrap phone-cards">
            <table class="phone-cards agency-table" data-testid="rollup-campaigns" aria-label="The workspaces’ campaigns">
              <TableHead scoped cols={['Campaign', numCol('Budget'), 'Committed']} />
              <tbody>
                {r.campaigns.map((c) => (
                  <CampaignRow key={c.campaign.id} c={c} opening={opening} />
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p class="muted">No campaign yet in the agency’s workspaces. A workspace’s Campaigns page makes one of a collection.</p>
        )}
      </section>
    </>
  )
}

// Window picks the roll-up's window, kept in the address.
function WindowPicker({ value }: { value: Window }) {
  return (
    <div class="segmented" role="radiogroup" aria-label="Gains over" data-testid="agency-window">
      {WINDOWS.map((w) => (
        <button
          type="button"
          role="radio"
          aria-checked={w === value}
          class={w === value ? 'on' : ''}
          title={WINDOW_NAMES[w]}
          onClick={() => setQuery({ datePreset: w === DEFAULT_WINDOW ? null : w })}
        >
          {w === 'all' ? 'All' : w}
        </button>
      ))}
    </div>
  )
}

// AddWorkspace makes a client workspace in the organisation.
function AddWorkspace({ onAdded }: { onAdded: (o: Organisation) => void }) {
  const [name, setName] = useState('')
  const [made, setMade] = useState<{ id: string; name: string } | null>(null)
  const { busy, error, run } = useAction()
  const opening = useOpen()
  const submit = (e: Event) => {
    e.preventDefault()
    setMade(null)
    run(async () => {
      const r = await post<ClientWorkspaceCreated>('/organisation/workspaces', { name })
      setMade({ id: r.workspaceId, name: name.trim() })
      setName('')
      workspacesChanged()
      onAdded(r.organisation)
    })
  }
  return (
    <form class="card agency-form" onSubmit={submit} noValidate aria-labelledby="agency-add-title" data-testid="add-workspace">
      <h2 id="agency-add-title">Add a client workspace</h2>
      <p class="muted">
        A new workspace for one client, with its own data, plan (a trial to start) and team. You and the agency’s other owners and admins reach it at
        once.
      </p>
      <div class="form-row">
        <div class="agency-field">
          <Field
            label="Client name"
            name="clientName"
            type="text"
            required
            maxLength={80}
            value={name}
            set={setName}
            error={error?.fields.name && `The name ${error.fields.name}.`}
          />
        </div>
        <button type="submit" class="primary" disabled={!!busy || !name.trim()} data-testid="add-workspace-submit">
          {busy ? 'Adding…' : 'Add workspace'}
        </button>
      </div>
      {error && !error.fields.name && <FormError error={error} />}
      {made && (
        <p class="notice" role="status" data-testid="workspace-added">
          “{made.name}” is ready.{' '}
          <button type="button" class="link" disabled={!!opening.busy} onClick={() => opening.open(made.id)}>
            Open it
          </button>
        </p>
      )}
      <ErrorNote error={opening.error} />
    </form>
  )
}

// readLogo reads an image file as a data: URL, or answers why it cannot.
function readLogo(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    if (!LOGO_TYPES.includes(file.type)) {
      reject(new ApiError(400, 'invalid_request', 'The logo must be a PNG, JPEG or WebP image.', { logo: 'must be a PNG, JPEG or WebP image' }))
      return
    }
    const reader = new FileReader()
    reader.onload = () => {
      const url = String(reader.result ?? '')
      if (url.length > LOGO_MAX)
        reject(new ApiError(400, 'invalid_request', 'The logo is too large.', { logo: `is too large: at most about ${Math.floor((LOGO_MAX * 3) / 4 / 1000)} kB` }))
      else resolve(url)
    }
    reader.onerror = () => reject(new ApiError(0, 'error', 'The file could not be read.', { logo: 'could not be read' }))
    reader.readAsDataURL(file)
  })
}

// BrandingForm sets the name, colour and logo the reports and share pages
// of the organisation's workspaces show.
function BrandingForm({ org, onSaved }: { org: Organisation; onSaved: (o: Organisation) => void }) {
  const [name, setName] = useState(org.name)
  const [brandName, setBrandName] = useState(org.brandName)
  const [color, setColor] = useState(org.brandColor)
  const [logo, setLogo] = useState(org.logo)
  const [saved, setSaved] = useState(false)
  const { busy, error, setError, run } = useAction()
  const f = error?.fields ?? {}
  const changes: Record<string, string> = {}
  if (name.trim() !== org.name) changes.name = name.trim()
  if (brandName.trim() !== org.brandName) changes.brandName = brandName.trim()
  if (color !== org.brandColor) changes.brandColor = color
  if (logo !== org.logo) changes.logo = logo
  const dirty = Object.keys(changes).length > 0
  const pickLogo = (e: Event) => {
    const input = e.target as HTMLInputElement
    const file = input.files?.[0]
    setSaved(false)
    if (!file) return
    readLogo(file).then(
      (url) => {
        setLogo(url)
        setError(null)
      },
      (err: ApiError) => setError(err),
    )
    input.value = ''
  }
  const submit = (e: Event) => {
    e.preventDefault()
    setSaved(false)
    run(async () => {
      onSaved(await patch<Organisation>('/organisation', changes))
      setSaved(true)
    })
  }
  const shownName = brandName.trim() || name.trim() || org.name
  return (
    <form class="card agency-form agency-branding" onSubmit={submit} noValidate aria-labelledby="agency-branding-title" data-testid="branding">
      <h2 id="agency-branding-title">Branding</h2>
      <p class="muted">What the reports and share links of every workspace of the agency show your clients.</p>
      <div class="agency-branding-grid">
        <div class="agency-branding-fields">
          <Field label="Agency name" name="orgName" type="text" required maxLength={80} value={name} set={setName} error={f.name && `The name ${f.name}.`} />
          <Field
            label="Brand name (optional)"
            name="brandName"
            type="text"
            maxLength={80}
            value={brandName}
            set={setBrandName}
            error={f.brandName && `The brand name ${f.brandName}.`}
            hint="Empty: the agency’s name."
          />
          <div class="agency-color">
            <label>
              Brand colour
              <input
                type="color"
                name="brandColor"
                value={color || DEFAULT_COLOR}
                onInput={(e) => setColor((e.target as HTMLInputElement).value)}
                aria-invalid={!!f.brandColor}
                aria-describedby="brand-color-hint"
              />
            </label>
            <span id="brand-color-hint" class="muted small">
              {color ? color : 'default'}
            </span>
            {color && (
              <button type="button" class="link" onClick={() => setColor('')}>
                Use the default
              </button>
            )}
          </div>
          {f.brandColor && <small class="field-error">The colour {f.brandColor}.</small>}
          <div class="agency-logo">
            <label>
              Logo
              <input type="file" name="logo" accept={LOGO_TYPES.join(',')} onChange={pickLogo} aria-invalid={!!f.logo} aria-describedby="logo-hint" />
            </label>
            {f.logo ? (
              <small id="logo-hint" class="field-error">
                The logo {f.logo}.
              </small>
            ) : (
              <small id="logo-hint" class="muted">
                PNG, JPEG or WebP, up to about {Math.floor((LOGO_MAX * 3) / 4 / 1000)} kB; a wide logo about 40 px high reads best.
              </small>
            )}
            {logo && (
              <button type="button" class="link agency-remove-logo" onClick={() => setLogo('')}>
                Remove the logo
              </button>
            )}
          </div>
        </div>
        <figure class="agency-preview" aria-label="Preview" data-testid="branding-preview">
          <div class="agency-preview-head" style={{ borderColor: color || undefined }}>
            {logo && <img src={logo} alt={`${shownName} logo`} class="agency-preview-logo" />}
            <strong style={{ color: color || undefined }}>{shownName}</strong>
          </div>
          <div class="agency-preview-body">
            <span class="muted small">Client report · last 30 days</span>
            <span class="agency-preview-bar" style={{ background: color || undefined }} />
          </div>
          <figcaption class="muted small">How a report or share page shows the agency.</figcaption>
        </figure>
      </div>
      {org.branding.whiteLabel ? (
        <p class="agency-white-label" data-testid="white-label">
          <span class="badge status-active">White label</span> Reports and share pages leave out reeltrack’s name: they show only yours.
        </p>
      ) : (
        <p class="muted" data-testid="white-label">
          Reports and share pages show “made with reeltrack” beside your brand. On the {planName('agency')} plan they leave it out (white label).{' '}
          <a href="/billing">See the plans</a>
        </p>
      )}
      {error && !f.name && !f.brandName && !f.brandColor && !f.logo && <FormError error={error} />}
      <div class="actions">
        <button type="submit" class="primary" disabled={!!busy || !dirty} data-testid="branding-save">
          {busy ? 'Saving…' : 'Save branding'}
        </button>
      </div>
      {saved && !dirty && (
        <p class="notice" role="status">
          Saved: the reports and share pages of the agency’s workspaces show it from now on.
        </p>
      )}
    </form>
  )
}

// Release takes a workspace with an owner of its own out of the organisation.
function Release({ w, onDone }: { w: Organisation['workspaces'][number]; onDone: (o: Organisation) => void }) {
  const { busy, error, run } = useAction()
  const release = () => {
    if (!confirm(`Take “${w.name}” out of the agency? Its owner keeps it, with its data and team; the agency’s people lose it at once.`)) return
    run(async () => {
      await del(`/organisation/workspaces/${w.id}`)
      workspacesChanged()
      onDone(await get<Organisation>('/organisation'))
    })
  }
  return (
    <>
      <button type="button" class="link" disabled={!!busy} onClick={release} data-testid="release-workspace">
        {busy ? 'Taking out…' : 'Take out'}
      </button>
      <ErrorNote error={error} />
    </>
  )
}

// BillingCard chooses how the organisation's workspaces are billed, and
// shows each one's use of its limits.
function BillingCard({ org, onSaved }: { org: Organisation; onSaved: (o: Organisation) => void }) {
  const [mode, setMode] = useState(org.billing)
  const [saved, setSaved] = useState(false)
  const { busy, error, run } = useAction()
  const together = org.billing === 'organisation'
  const submit = (e: Event) => {
    e.preventDefault()
    setSaved(false)
    run(async () => {
      onSaved(await patch<Organisation>('/organisation', { billing: mode }))
      setSaved(true)
    })
  }
  const of = (used: number, limit: number) => `${num(used)} of ${num(limit)}`
  return (
    <form class="card agency-form" onSubmit={submit} noValidate aria-labelledby="agency-billing-title" data-testid="agency-billing">
      <h2 id="agency-billing-title">Billing</h2>
      <fieldset class="agency-billing-modes">
        <legend class="sr-only">How the workspaces are billed</legend>
        <label>
          <input type="radio" name="billing" value="workspace" checked={mode === 'workspace'} onChange={() => setMode('workspace')} />
          <span>
            <strong>Each workspace pays for itself</strong>
            <span class="muted small"> — its own trial, subscription and limits, taken in its Billing page.</span>
          </span>
        </label>
        <label>
          <input type="radio" name="billing" value="organisation" checked={mode === 'organisation'} onChange={() => setMode('organisation')} />
          <span>
            <strong>One subscription for the agency</strong>
            <span class="muted small">
              {' '}
              — every workspace has the plan of the agency’s own workspace; their videos and seats count together against its limits.
            </span>
          </span>
        </label>
      </fieldset>
      {mode !== org.billing && mode === 'workspace' && (
        <p class="muted small" data-testid="billing-leave-note">
          Each client workspace keeps the plan for 7 days of grace, then needs a subscription of its own.
        </p>
      )}
      {error && <FormError error={error} />}
      <div class="actions">
        <button type="submit" class="primary" disabled={!!busy || mode === org.billing} data-testid="billing-save">
          {busy ? 'Saving…' : 'Save billing'}
        </button>
      </div>
      {saved && mode === org.billing && (
        <p class="notice" role="status">
          {together ? 'Saved: the agency’s subscription pays for every workspace from now on.' : 'Saved: each workspace pays for itself from now on.'}
        </p>
      )}
      <div class="table-wrap">
        <table class="agency-usage" data-testid="agency-usage">
          <caption class="sr-only">Use of the limits</caption>
          <thead>
            <tr>
              <th scope="col">Workspace</th>
              <th scope="col">Plan</th>
              <th scope="col" class="num">
                Videos
              </th>
              <th scope="col" class="num">
                Seats
              </th>
              <th scope="col">
                <span class="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {org.workspaces.map((w) => (
              <tr key={w.id}>
                <th scope="row">{w.name}</th>
                <td>
                  {planName(w.plan)}
                  {w.billedByHome && <span class="muted small"> · agency’s</span>}
                  {!w.hasAccess && <span class="badge status-error">no access</span>}
                </td>
                <td class="num">{together ? num(w.videos) : of(w.videos, w.videoLimit)}</td>
                <td class="num">{together ? num(w.seats) : of(w.seats, w.seatLimit)}</td>
                <td>{w.ownOwner && !w.home && <Release w={w} onDone={onSaved} />}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr data-testid="agency-usage-total">
              <th scope="row">{together ? 'Together, of one limit' : 'Together, limits added up'}</th>
              <td />
              <td class="num">{of(org.usage.videos, org.usage.videoLimit)}</td>
              <td class="num">{of(org.usage.seats, org.usage.seatLimit)}</td>
              <td />
            </tr>
          </tfoot>
        </table>
      </div>
    </form>
  )
}

export default function Agency({ query }: { query: URLSearchParams }) {
  const ws = useWorkspace()
  const preset = query.get('datePreset') as Window | null
  const window: Window = preset && WINDOWS.includes(preset) ? preset : DEFAULT_WINDOW
  const o = useApi((s) => get<Organisation>('/organisation', undefined, s), `organisation:${ws?.id}`)
  // the organisation as the last change answered it (made, a workspace
  // added, rebranded), else as read
  const [own, setOwn] = useState<Organisation | null>(null)
  const org = own ?? o.data ?? null
  const manage = !!org?.canManage
  const roll = useApi(
    (s) => (manage ? get<Rollup>('/organisation/rollup', { datePreset: window }, s) : Promise.resolve(undefined)),
    `rollup:${ws?.id}:${org?.id}:${manage}:${window}:${org?.workspaces.length}`,
  )
  const title = org ? org.name : 'Agency'
  if (o.error?.status === 404 && !own)
    return (
      <>
        <PageHeader title="Agency" />
        <Start onMade={setOwn} />
      </>
    )
  if (!org)
    return (
      <>
        <PageHeader title="Agency" />
        <Show r={o}>{() => null}</Show>
      </>
    )
  const home = org.workspaces.find((w) => w.home)
  return (
    <>
      <PageHeader title={title}>{manage && <WindowPicker value={window} />}</PageHeader>
      <p class="muted agency-intro" data-testid="agency-intro">
        {home && home.id === ws?.id ? 'This is the agency’s own workspace' : `This workspace is one of ${org.name}’s`}
        {manage
          ? ` · the agency has ${org.workspaces.length} ${org.workspaces.length === 1 ? 'workspace' : 'workspaces'}, since ${day(org.createdAt)}.`
          : '.'}
      </p>
      {!manage ? (
        <section class="card" aria-labelledby="agency-note-title" data-testid="agency-note">
          <h2 id="agency-note-title">{org.name}</h2>
          <p>
            The agency’s roll-up, its client workspaces and its branding are managed by the owners and admins of its own workspace
            {home ? ` (${home.name})` : ''}. Reports and share links of this workspace carry the agency’s branding.
          </p>
        </section>
      ) : null}
      {!manage && org.canLeave && <LeaveCard org={org} />}
      {manage && (
        <>
          <Updating r={roll} />
          {roll.error ? (
            <Show r={roll}>{() => null}</Show>
          ) : !roll.data ? (
            <Spinner />
          ) : (
            <Stale r={roll}>
              <RollupView r={roll.data} current={ws?.id ?? ''} />
            </Stale>
          )}
          <AddWorkspace onAdded={setOwn} />
          <JoinCodeCard />
          <BillingCard key={`${org.id}:${org.billing}`} org={org} onSaved={setOwn} />
          <BrandingForm key={org.id} org={org} onSaved={setOwn} />
        </>
      )}
    </>
  )
}
