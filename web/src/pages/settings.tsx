// Account settings: the signed-in user's e-mail address and whether it is
// verified, the e-mail digest, changing the password, and signing out of
// every device.
import { useState } from 'preact/hooks'
import { ApiError, post } from '../api'
import { navigate } from '../router'
import { forgetWorkspace, setMe, useMe } from '../session'
import type { UserResponse } from '../types'
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
  return (
    <>
      <PageHeader title="Settings" />
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
      <DigestChoice />
      <ChangePassword />
      <SignOutEverywhere />
    </>
  )
}
