// The signed-in user's workspace, read once from the idempotent bootstrap
// route and again after anything that changes plan or usage; and the
// signed-in user (GET /api/auth/me), read once per app load and again after
// anything that changes it.
import { useEffect } from 'preact/hooks'
import { get, post, put } from './api'
import { navigate } from './router'
import { Signal, useSignal } from './signal'
import type { BootstrapResult, User, UserResponse, Workspace, WorkspaceList } from './types'

let workspace: Workspace | null = null
let me: User | null = null
let meLoading: Promise<User> | null = null
const changed = new Signal()
const notify = changed.notify

// loadWorkspace reads the workspace, creating it at the first sign-in;
// name names a workspace it creates (sign-up asks for it).
export async function loadWorkspace(name?: string): Promise<Workspace> {
  const r = await post<BootstrapResult>('/workspace/bootstrap', name ? { name } : undefined)
  workspace = r.workspace
  notify()
  return r.workspace
}

// setWorkspace keeps the workspace a change of it answered (a rename).
export function setWorkspace(w: Workspace) {
  workspace = w
  notify()
}

// openDashboard opens the overview once the workspace is read again (after
// a sign-in, joining or leaving one); when that fails, the shell reads it
// again and shows its own error.
export async function openDashboard() {
  try {
    await loadWorkspace()
  } catch {
    // the shell loads it again
  }
  navigate('/', true)
}

// signedIn says whether this page has seen the user signed in: a 401 then
// means the session ended, not that there never was one.
export function signedIn(): boolean {
  return workspace !== null || me !== null
}

export function forgetWorkspace() {
  workspace = null
  me = null
  meLoading = null
  notify()
}

export function useWorkspace(): Workspace | null {
  useSignal(changed)
  return workspace
}

export function canManage(ws: Workspace | null): boolean {
  return ws?.role === 'owner' || ws?.role === 'admin'
}

// isClient: a client viewer (docs/agencies.md), who reads the workspace's
// numbers, or its chosen collections', and changes nothing: the pages show
// it no action.
export function isClient(ws: Workspace | null): boolean {
  return ws?.role === 'client'
}

// forgetTab drops what the pages kept for this tab (the Track page's
// form): it belongs to the workspace, or the person, it was typed for.
export function forgetTab() {
  try {
    for (const k of Object.keys(sessionStorage)) if (k.startsWith('reeltrack.')) sessionStorage.removeItem(k)
  } catch {
    // storage refused: nothing was kept
  }
}

// The login's workspaces (GET /api/workspaces) are read again, by the
// switcher, after anything that adds one or an agency.
const listChanged = new Signal()
let listVersion = 0

export function workspacesChanged() {
  listVersion++
  listChanged.notify()
}

// useWorkspacesVersion changes each time the login's workspaces may have.
export function useWorkspacesVersion(): number {
  useSignal(listChanged)
  return listVersion
}

// switchWorkspace makes the session work in another of the login's
// workspaces, then reads it as the dashboard's workspace; the caller opens
// a page of it.
export async function switchWorkspace(id: string): Promise<Workspace> {
  await put<WorkspaceList>('/session/workspace', { workspaceId: id })
  forgetTab()
  const w = await loadWorkspace()
  workspacesChanged()
  return w
}

// loadMe reads the signed-in user; calls made while one is under way share
// its answer. A 401 (signed out) rejects.
export function loadMe(): Promise<User> {
  if (!meLoading) {
    meLoading = get<UserResponse>('/auth/me').then(
      (r) => {
        me = r.user
        notify()
        return r.user
      },
      (e) => {
        meLoading = null
        throw e
      },
    )
  }
  return meLoading
}

// reloadMe reads the user again, e.g. after asking for a verification link.
export function reloadMe(): Promise<User> {
  meLoading = null
  return loadMe()
}

// setMe keeps the user a sign-in, reset or change answered.
export function setMe(u: User) {
  me = u
  meLoading = Promise.resolve(u)
  notify()
}

// useMe is the signed-in user once read (null before); it reads it when
// no one has yet.
export function useMe(): User | null {
  useSignal(changed)
  useEffect(() => {
    if (!me) loadMe().catch(() => {})
  }, [])
  return me
}

// The pages of e-mailed links, the password reset request and the sign-in
// pages work without a workspace: opening them never creates one.
const ACCOUNT_PAGES = ['/invite', '/verify-email', '/reset-password', '/forgot-password']

export function isAccountPage(path: string): boolean {
  const p = path.split('?')[0].replace(/\/+$/, '')
  return ACCOUNT_PAGES.includes(p)
}

// safeNext is a ?next= address inside the app, or null.
export function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null
}

// The invite link a visitor opened but could not take yet (signed out, or
// the address not verified): the verification page leads back to it.
const PENDING_INVITE = 'reeltrack.pendingInvite'

export function rememberInvite(path: string | null) {
  try {
    if (path) localStorage.setItem(PENDING_INVITE, path)
    else localStorage.removeItem(PENDING_INVITE)
  } catch {
    // storage refused (private mode): the link in the e-mail still works
  }
}

export function pendingInvite(): string | null {
  try {
    const p = localStorage.getItem(PENDING_INVITE)
    return p && p.startsWith('/invite?') ? p : null
  } catch {
    return null
  }
}
