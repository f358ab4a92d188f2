// The dashboard: a shell (navigation, plan usage, access, health and
// e-mail banners) around pages that load on demand; the pages of sign-in and of
// e-mailed links stand alone and never create a workspace.
import { render, type ComponentChildren, type ComponentType } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { get, onUnauthenticated, post, type ApiError } from './api'
import { exact, day, filled, usageText } from './format'
import { planName, trialLeft } from './plans'
import { match, navigate, setQuery, useRoute } from './router'
import { HealthBanner } from './health-banner'
import {
  canManage,
  forgetTab,
  forgetWorkspace,
  isClient,
  loadWorkspace,
  signedIn,
  switchWorkspace,
  useMe,
  useWorkspace,
  useWorkspacesVersion,
} from './session'
import { Signal, useSignal } from './signal'
import './styles.css'
import type { Workspace, WorkspaceChoice, WorkspaceList } from './types'
import { ErrorBox, ErrorNote, Spinner, useAction, useApi } from './ui'
import { ResendVerification } from './verify'

type Page = { default: ComponentType<{ params: Record<string, string>; query: URLSearchParams }> }

// Each page is its own chunk; the overview, the first screen, starts
// loading with the shell.
const overview = import('./pages/overview')
const routes: [string, () => Promise<Page>][] = [
  ['/', () => overview],
  ['/videos', () => import('./pages/videos')],
  ['/videos/:id', () => import('./pages/video')],
  ['/accounts', () => import('./pages/accounts')],
  ['/accounts/:id', () => import('./pages/account')],
  ['/track', () => import('./pages/track')],
  ['/watches', () => import('./pages/watches')],
  ['/competitors', () => import('./pages/competitors')],
  ['/competitors/:id', () => import('./pages/competitor')],
  ['/watches/:id', () => import('./pages/watch-tracker')],
  ['/collections', () => import('./pages/collections')],
  ['/campaigns', () => import('./pages/campaigns')],
  ['/campaigns/:id', () => import('./pages/campaign')],
  ['/campaigns/:id/submissions', () => import('./pages/campaign-submissions')],
  ['/creators', () => import('./pages/creators')],
  ['/payouts', () => import('./pages/payouts')],
  ['/alerts', () => import('./pages/alerts')],
  ['/channels', () => import('./pages/channels')],
  ['/team', () => import('./pages/team')],
  ['/team/activity', () => import('./pages/activity')],
  ['/team/api-keys', () => import('./pages/api-keys')],
  ['/agency', () => import('./pages/agency')],
  ['/billing', () => import('./pages/billing')],
  ['/export', () => import('./pages/export')],
  ['/reports', () => import('./pages/reports')],
  ['/settings', () => import('./pages/settings')],
  ['/health', () => import('./pages/health')],
]
// A creator's login sees only its portal (docs/creators.md): its pages, in
// a shell without the team's navigation, usage or health.
const creatorRoutes: [string, () => Promise<Page>][] = [
  ['/', () => import('./pages/portal')],
  ['/portal/campaigns/:id', () => import('./pages/portal-posts')],
  ['/portal/campaigns/:id/submissions', () => import('./pages/portal-submissions')],
]
const publicRoutes: [string, () => Promise<Page>][] = [
  ['/login', () => import('./pages/login')],
  ['/signup', () => import('./pages/login')],
  // The pages of e-mailed links, signed in or not: the shell's bootstrap
  // (which would create a trial workspace) never runs on them.
  ['/invite', () => import('./pages/invite')],
  ['/verify-email', () => import('./pages/verify-email')],
  ['/forgot-password', () => import('./pages/password')],
  ['/reset-password', () => import('./pages/password')],
  // A share link's report: no session, no shell.
  ['/s/:token', () => import('./pages/shared')],
]

const NAV: [string, string][] = [
  ['/', 'Overview'],
  ['/videos', 'Videos'],
  ['/accounts', 'Accounts'],
  ['/competitors', 'Competitors'],
  ['/track', 'Track'],
  ['/watches', 'Watches'],
  ['/collections', 'Collections'],
  ['/campaigns', 'Campaigns'],
  ['/creators', 'Creators'],
  ['/payouts', 'Payouts'],
  ['/alerts', 'Alerts'],
  ['/channels', 'Channels'],
  ['/export', 'Export'],
  ['/reports', 'Reports'],
  ['/team', 'Team'],
  ['/billing', 'Billing'],
]
// The pages only owners and admins see in the navigation: the agency's
// after Team, Health last.
const MANAGER_NAV: [string, string][] = [['/health', 'Health']]
const AGENCY_NAV: [string, string] = ['/agency', 'Agency']

// A client viewer (docs/agencies.md) reads the workspace's numbers and
// changes nothing: these pages only (and Settings), the campaigns when it
// is shown payouts.
const CLIENT_NAV: [string, string][] = [
  ['/', 'Overview'],
  ['/videos', 'Videos'],
  ['/accounts', 'Accounts'],
  ['/collections', 'Collections'],
  ['/campaigns', 'Campaigns'],
  ['/export', 'Export'],
]
const CLIENT_PAGES = ['/', '/videos', '/videos/:id', '/accounts', '/accounts/:id', '/collections', '/export', '/settings']
const CLIENT_PAYOUT_PAGES = ['/campaigns', '/campaigns/:id']

function navFor(ws: Workspace | null): [string, string][] {
  if (isClient(ws)) return CLIENT_NAV.filter(([href]) => href !== '/campaigns' || ws?.clientPayouts)
  if (!canManage(ws)) return NAV
  const team = NAV.findIndex(([href]) => href === '/team') + 1
  return [...NAV.slice(0, team), AGENCY_NAV, ...NAV.slice(team), ...MANAGER_NAV]
}

// clientMay says whether a client viewer's workspace answer lets it open path.
function clientMay(ws: Workspace, path: string): boolean {
  const pages = ws.clientPayouts ? [...CLIENT_PAGES, ...CLIENT_PAYOUT_PAGES] : CLIENT_PAGES
  return pages.some((p) => match(p, path) !== null)
}

// The front door: what the product is, shown at / (and its pricing at
// /pricing) to a visitor who is not signed in (and was not during this
// visit). Signed in, /pricing is Billing.
const landing = () => import('./pages/landing')
const DOOR = ['/', '/pricing']
let atTheDoor = false
const doorOpened = new Signal()

// A 401 sends the visitor to the login page, which comes back here after;
// when they were signed in, it says that their session ended. A visitor
// who was not signed in and opened / sees the front door instead.
onUnauthenticated(() => {
  const ended = signedIn()
  forgetWorkspace()
  if (DOOR.includes(location.pathname) && !ended) {
    atTheDoor = true
    doorOpened.notify()
    return
  }
  if (!location.pathname.startsWith('/login') && !location.pathname.startsWith('/signup')) {
    const next = location.pathname + location.search
    const q = new URLSearchParams()
    if (next !== '/') q.set('next', next)
    if (ended) q.set('reason', 'session-ended')
    const qs = q.toString()
    navigate('/login' + (qs ? '?' + qs : ''), true)
  }
})

function Lazy({ load, params, query }: { load: () => Promise<Page>; params: Record<string, string>; query: URLSearchParams }) {
  const [mod, setMod] = useState<{ load: () => Promise<Page>; page: Page } | null>(null)
  const [err, setErr] = useState(false)
  useEffect(() => {
    let live = true
    setErr(false)
    load().then(
      (page) => live && setMod({ load, page }),
      () => live && setErr(true),
    )
    return () => {
      live = false
    }
  }, [load])
  if (err) return <div class="error-box" role="alert">This page could not be loaded. Reload to get the current version of the app.</div>
  if (!mod || mod.load !== load) return <Spinner />
  const P = mod.page.default
  return <P params={params} query={query} />
}

function find(table: [string, () => Promise<Page>][], path: string) {
  for (const [pattern, load] of table) {
    const params = match(pattern, path)
    if (params) return { load, params }
  }
  return null
}

function AccessBanner() {
  const ws = useWorkspace()
  if (!ws || ws.hasAccess) return null
  if (isClient(ws))
    return (
      <div class="banner" role="alert">
        The workspace’s plan is not active: its numbers are not refreshed for now. They are kept, and the workspace’s team can renew it.
      </div>
    )
  const why =
    ws.plan === 'trial'
      ? `Your free trial ended${ws.trialEndsAt ? ' on ' + day(ws.trialEndsAt) : ''}.`
      : `Your subscription is ${ws.subscriptionStatus ?? 'not active'}.`
  return (
    <div class="banner" role="alert">
      {why} Tracking and refreshing are paused; your data is kept. <a href="/billing">Choose a plan to continue</a>
    </div>
  )
}

// UnverifiedBanner asks to confirm the e-mail address until it is.
function UnverifiedBanner() {
  const me = useMe()
  if (!me || me.emailVerified) return null
  return (
    <div class="banner banner-verify" role="region" aria-label="E-mail address not confirmed" data-testid="unverified-banner">
      <span>
        Confirm your e-mail address: we sent a link to <strong>{me.email}</strong>. Until then you cannot accept invites or receive alert e-mails.
      </span>
      <ResendVerification />
    </div>
  )
}

function Usage() {
  const ws = useWorkspace()
  if (!ws) return null
  const used = ws.usage.videos
  const full = used >= ws.videoLimit
  return (
    <a href="/billing" class={`usage${full ? ' full' : ''}`} title={usageText(ws)}>
      <span class="usage-label">
        {exact(used)} / {exact(ws.videoLimit)} videos
      </span>
      <span class="meter" aria-hidden="true">
        <span class="meter-fill" style={{ width: filled(used, ws.videoLimit) }} />
      </span>
      <span class="plan" data-testid="plan-badge">
        {planBadge(ws)}
      </span>
    </a>
  )
}

// planBadge names the plan, and on the trial how long it still runs:
// "Trial · 9 days left".
function planBadge(ws: Workspace): string {
  const left = trialLeft(ws)
  if (left === null) return planName(ws.plan)
  return left === 'ended' ? 'Trial ended' : `Trial · ${left}`
}

// CheckoutCancelled tells a payer back from the payment page without
// paying (the checkout's cancel address, on any page) that nothing changed.
function CheckoutCancelled() {
  const ws = useWorkspace()
  const route = useRoute()
  if (!ws || route.query.get('checkout') !== 'cancel') return null
  const left = trialLeft(ws)
  const still =
    ws.plan !== 'trial'
      ? `you are still on the ${planName(ws.plan)} plan`
      : left && left !== 'ended'
        ? `you are still on the trial (${left})`
        : 'your trial has ended and no plan was chosen'
  return (
    <div class="banner banner-checkout" role="status" data-testid="checkout-cancelled">
      <span>
        Checkout cancelled: {still}. Nothing was charged.
        {route.path !== '/billing' && (
          <>
            {' '}
            <a href="/billing">See the plans</a>
          </>
        )}
      </span>
      <button type="button" class="link" onClick={() => setQuery({ checkout: null, session_id: null })}>
        Dismiss
      </button>
    </div>
  )
}

// orgLabel names an organisation's group of the switcher.
const orgLabel = (w: WorkspaceChoice) => (w.organisation ? `${w.organisation.name} (agency)` : '')

// WorkspaceSwitch is the workspace's name in the top bar or, when the login
// reaches more than one (an agency's, docs/agencies.md), a menu of them,
// grouped by their organisation: choosing one makes the session work in it
// and opens its overview.
function WorkspaceSwitch() {
  const ws = useWorkspace()
  const version = useWorkspacesVersion()
  const r = useApi((s) => get<WorkspaceList>('/workspaces', undefined, s), `${ws?.id}:${version}`)
  const { busy, error, run } = useAction()
  if (!ws) return null
  const list = r.data?.workspaces ?? []
  if (list.length < 2 || !list.some((w) => w.id === ws.id))
    return (
      <span class="ws-name" data-testid="ws-name">
        {ws.name}
      </span>
    )
  const pick = (id: string) => {
    if (id === ws.id) return
    run(async () => {
      await switchWorkspace(id)
      navigate('/')
    })
  }
  // the workspaces outside any organisation, then each organisation's
  const groups = new Map<string, WorkspaceChoice[]>()
  for (const w of list) groups.set(orgLabel(w), [...(groups.get(orgLabel(w)) ?? []), w])
  const option = (w: WorkspaceChoice) => (
    <option value={w.id}>
      {w.name}
      {w.own && w.organisation ? ' · home' : ''}
      {w.role === 'client' ? ' · client view' : ''}
    </option>
  )
  return (
    <div class="ws-switch" data-testid="ws-switch">
      <label>
        <span class="sr-only">Workspace</span>
        <select value={ws.id} disabled={!!busy} onChange={(e) => pick((e.target as HTMLSelectElement).value)} data-testid="ws-select" title={ws.name}>
          {[...groups].map(([label, items]) => (label ? <optgroup label={label}>{items.map(option)}</optgroup> : items.map(option)))}
        </select>
      </label>
      {busy && <span class="muted small" role="status">Switching…</span>}
      <ErrorNote error={error} />
    </div>
  )
}

// Redirect replaces the address with another page's.
function Redirect({ to }: { to: string }) {
  useEffect(() => navigate(to, true), [to])
  return <Spinner />
}

function Shell({ path, children }: { path: string; children: ComponentChildren }) {
  const ws = useWorkspace()
  const [open, setOpen] = useState(false)
  useEffect(() => setOpen(false), [path])
  const logout = logOut
  return (
    <div class="shell">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <button type="button" class="menu-button" aria-expanded={open} aria-controls="nav" onClick={() => setOpen(!open)}>
          <span aria-hidden="true">☰</span>
          <span class="sr-only">Menu</span>
        </button>
        <a href="/" class="brand">
          reeltrack
        </a>
        <WorkspaceSwitch />
        {!isClient(ws) && <Usage />}
        <a href="/settings" class="settings-link" aria-current={path === '/settings' ? 'page' : undefined}>
          Settings
        </a>
        <button type="button" class="link logout" onClick={logout}>
          Log out
        </button>
      </header>
      <nav id="nav" class={`sidenav${open ? ' open' : ''}`} aria-label="Main">
        <ul>
          {navFor(ws).map(([href, label]) => {
            const here = href === '/' ? path === '/' : path === href || path.startsWith(href + '/')
            return (
              <li>
                <a href={href} aria-current={here ? 'page' : undefined}>
                  {label}
                </a>
              </li>
            )
          })}
          <li class="nav-settings">
            <a href="/settings" aria-current={path === '/settings' ? 'page' : undefined}>
              Settings
            </a>
          </li>
        </ul>
      </nav>
      <main id="main" tabIndex={-1}>
        <CheckoutCancelled />
        <AccessBanner />
        <HealthBanner path={path} />
        <UnverifiedBanner />
        {children}
      </main>
    </div>
  )
}

// logOut ends the session and forgets what this tab kept.
async function logOut() {
  try {
    await post('/auth/logout')
  } finally {
    // what the Track page kept for this tab is not for the next person
    forgetTab()
    forgetWorkspace()
    navigate('/login', true)
  }
}

// CreatorShell frames the creator portal: the workspace's name and log
// out, nothing of the team's.
function CreatorShell({ children }: { children: ComponentChildren }) {
  const ws = useWorkspace()
  return (
    <div class="shell shell-creator" data-testid="creator-shell">
      <a class="skip" href="#main">
        Skip to content
      </a>
      <header class="topbar">
        <a href="/" class="brand">
          reeltrack
        </a>
        <span class="ws-name">{ws?.name} · creator portal</span>
        <button type="button" class="link logout" onClick={logOut}>
          Log out
        </button>
      </header>
      <main id="main" tabIndex={-1}>
        <UnverifiedBanner />
        {children}
      </main>
    </div>
  )
}

function useAtTheDoor(): boolean {
  useSignal(doorOpened)
  return atTheDoor
}

function App() {
  const route = useRoute()
  const ws = useWorkspace()
  const door = useAtTheDoor()
  const [boot, setBoot] = useState<ApiError | null>(null)
  const pub = find(publicRoutes, route.path)
  useEffect(() => {
    if (pub || ws) return
    setBoot(null)
    loadWorkspace().catch((e: ApiError) => {
      if (e.status !== 401) setBoot(e)
    })
  }, [pub === null, ws === null])
  useEffect(() => {
    document.getElementById('main')?.focus({ preventScroll: true })
  }, [route.path])

  if (pub) return <Lazy load={pub.load} params={pub.params} query={route.query} />
  if (door && !ws && DOOR.includes(route.path)) return <Lazy load={landing} params={{}} query={route.query} />
  if (boot) return <ErrorBox error={boot} retry={() => loadWorkspace().then(() => setBoot(null), (e: ApiError) => setBoot(e))} />
  if (!ws) return <Spinner label="Opening your workspace…" />
  if (ws.role === 'creator') {
    const mine = find(creatorRoutes, route.path)
    if (!mine) return <Redirect to="/" />
    return (
      <CreatorShell>
        <Lazy load={mine.load} params={mine.params} query={route.query} />
      </CreatorShell>
    )
  }
  if (route.path === '/pricing') return <Redirect to={'/billing' + location.search} />
  const page = find(routes, route.path)
  return (
    <Shell path={route.path}>
      {page && isClient(ws) && !clientMay(ws, route.path) ? (
        <div class="empty" data-testid="client-only">
          <h1>Not part of your view</h1>
          <p>
            As a client viewer you see this workspace’s numbers, not its team’s tools. <a href="/">Go to the overview</a>
          </p>
        </div>
      ) : page ? (
        // a page of another workspace (after a switch) starts anew
        <Lazy key={ws.id} load={page.load} params={page.params} query={route.query} />
      ) : (
        <div class="empty">
          <h1>Page not found</h1>
          <p>
            There is nothing at {route.path}. <a href="/">Go to the overview</a>
          </p>
        </div>
      )}
    </Shell>
  )
}

render(<App />, document.getElementById('app')!)
