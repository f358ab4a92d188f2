// Settings: the workspace's name (renamed by owners and admins), the
// signed-in user's e-mail address and whether it is verified, the e-mail
// digest, changing the password, and signing out of every device.
import { useState } from 'preact/hooks'
import { ApiError, patch, post } from '../api'
import { navigate } from '../router'
import { canManage, forgetWorkspace, isClient, setMe, setWorkspace, useMe, useWorkspace } from '../session'
import type { UserResponse, Workspace } from '../types'
import { Confirm, Field, FormError, PageHeader, Spinner, useAction, useQuestion } from '../ui'
import { ResendVerification } from '../verify'
import { DigestChoice } from './settings-digest'
import './settings.css'

function PasswordField(p: { name: string; label: string; value: string; set: (v: string) => void; error?: string; hint?: string; autocomplete: string }) {
  return (
    <div class="field">
      <Field type="password" required {...p} />
    </div>
  )
}

function ChangePassword() {
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [repeat, setRepeat] = useState('')
  const { busy, error, setError, run } = useAction()
  const [done, setDone] = useState(false)
  const submit = (e: Event) => {
    e.preventDefault()
    setDone(false)
    if (next !== repeat) {
      setError(new ApiError(400, 'invalid', 'The passwords differ.', { repeat: 'The two new passwords differ: type the same one twice.' }))
      return
    }
    run(async () => {
      const r = await post<UserResponse>('/auth/password/change', { currentPassword: current, newPassword: next })
      setMe(r.user)
      setDone(true)
      setCurrent('')
      setNext('')
      setRepeat('')
    })
  }
  const f = error?.fields ?? {}
  return (
    <form class="card settings-form" aria-label="Change password" onSubmit={submit} noValidate>
      <h2>Change password</h2>
      <PasswordField
        name="currentPassword"
        label="Current password"
        value={current}
        set={setCurrent}
        autocomplete="current-password"
        error={f.currentPassword && `Current password ${f.currentPassword}.`}
      />
      <PasswordField
        name="newPassword"
        label="New password"
        value={next}
        set={setNext}
        autocomplete="new-password"
        hint="At least 8 characters, and not your e-mail address."
        error={f.newPassword && `New password ${f.newPassword}.`}
      />
      <PasswordField name="repeat" label="Repeat the new password" value={repeat} set={setRepeat} autocomplete="new-password" error={f.repeat} />
      {error && !f.currentPassword && !f.newPassword && !f.repeat && <FormError error={error} />}
      <div>
        <button type="submit" class="primary" disabled={!!busy}>
          {busy ? 'Changing…' : 'Change password'}
        </button>
      </div>
      {done && (
        <p class="notice" role="status" data-testid="password-changed">
          Password changed; other devices were signed out.
        </p>
      )}
    </form>
  )
}

// MAX_WORKSPACE_NAME is the longest workspace name the API takes.
const MAX_WORKSPACE_NAME = 100

// WorkspaceName shows the workspace's name, the one invites and digests
// carry; owners and admins rename it.
function WorkspaceName() {
  const ws = useWorkspace()
  const [name, setName] = useState<string | null>(null)
  const { busy, error, run } = useAction()
  const [done, setDone] = useState(false)
  if (!ws) return null
  const value = name ?? ws.name
  if (!canManage(ws))
    return (
      <section class="card" aria-labelledby="workspace-title" data-testid="workspace-settings">
        <h2 id="workspace-title">Workspace</h2>
        <dl class="facts">
          <dt>Name</dt>
          <dd data-testid="workspace-name">{ws.name}</dd>
        </dl>
        {!isClient(ws) && <p class="muted">Only the workspace’s owner or an admin can rename it.</p>}
      </section>
    )
  const submit = (e: Event) => {
    e.preventDefault()
    setDone(false)
    run(async () => {
      const w = await patch<Workspace>('/workspace', { name: value })
      setWorkspace(w)
      setName(null)
      setDone(true)
    })
  }
  const f = error?.fields ?? {}
  return (
    <form class="card settings-form" aria-labelledby="workspace-title" onSubmit={submit} noValidate data-testid="workspace-settings">
      <h2 id="workspace-title">Workspace</h2>
      <div class="field">
        <Field
          label="Workspace name"
          type="text"
          name="workspaceName"
          required
          maxLength={MAX_WORKSPACE_NAME}
          value={value}
          set={(v) => {
            setName(v)
            setDone(false)
          }}
          error={f.name && `The name ${f.name}.`}
          hint="Shown in the header, in invite e-mails and in digests."
        />
      </div>
      {error && !f.name && <FormError error={error} />}
      <div>
        <button type="submit" class="primary" disabled={!!busy || value.trim() === ws.name}>
          {busy ? 'Saving…' : 'Rename'}
        </button>
      </div>
      {done && (
        <p class="notice" role="status" data-testid="workspace-renamed">
          The workspace is now called “{ws.name}”.
        </p>
      )}
    </form>
  )
}

function SignOutEverywhere() {
  const question = useQuestion()
  const { busy, error, run } = useAction()
  const go = async () => {
    if (await run(() => post('/auth/logout-everywhere'), { stay: true })) return
    forgetWorkspace()
    navigate('/login', true)
  }
  return (
    <section class="card" aria-labelledby="everywhere-title">
      <h2 id="everywhere-title">Sign out everywhere</h2>
      <p class="muted">Ends every session of your account, on this device too: phones, other browsers, a computer you forgot to log out of.</p>
      <button type="button" class="danger" disabled={!!busy} onClick={question.ask}>
        {busy ? 'Signing out…' : 'Sign out everywhere'}
      </button>
      {error && (
        <div class="error-box" role="alert">
          {error.message}
        </div>
      )}
      <Confirm question={question} title="Sign out everywhere?" confirm="Sign out everywhere" onConfirm={go}>
        <p>Every device signed in to your account, this one included, is signed out at once. You then log in again here.</p>
      </Confirm>
    </section>
  )
}

export default function Settings() {
  const me = useMe()
  // a client viewer gets no digest: the e-mails are the team's
  const client = isClient(useWorkspace())
  return (
    <>
      <PageHeader title="Settings" />
      <WorkspaceName />
      <section class="card" aria-labelledby="account-title">
        <h2 id="account-title">Your account</h2>
        {!me ? (
          <Spinner />
        ) : (
          <dl class="facts">
            <dt>E-mail</dt>
            <dd class="address" data-testid="settings-email">
              {me.email}
            </dd>
            <dt>Status</dt>
            <dd data-testid="settings-verified">
              {me.emailVerified ? (
                <span class="badge status-active">Verified</span>
              ) : (
                <>
                  <span class="badge status-paused">Not verified</span>
                  <p class="muted">Open the link we e-mailed you to accept invites and receive alert e-mails.</p>
                  <ResendVerification />
                </>
              )}
            </dd>
          </dl>
        )}
      </section>
      {!client && <DigestChoice />}
      <ChangePassword />
      <SignOutEverywhere />
    </>
  )
}
