// Log in and sign up: one form, two modes. After either, the workspace is
// opened (or created) by the bootstrap route, unless the visitor came from
// an e-mailed link (?next=/invite?token=…), which they go back to first.
// ?email= fills the address in (an invite's link passes the invited one).
// Sign-up may name the workspace it creates, and says what the trial
// includes (GET /api/plans).
import { useEffect, useState } from 'preact/hooks'
import { get, post } from '../api'
import { navigate } from '../router'
import { isAccountPage, loadWorkspace, safeNext, setMe } from '../session'
import type { Plans, UserResponse } from '../types'
import { Field, FormError, useAction } from '../ui'

// MAX_WORKSPACE_NAME is the longest workspace name the API takes.
const MAX_WORKSPACE_NAME = 100

// useTrial is the trial's length and seats once read; null before, or when
// they cannot be read (the page works without them).
function useTrial(on: boolean): Plans['trial'] | null {
  const [trial, setTrial] = useState<Plans['trial'] | null>(null)
  useEffect(() => {
    if (!on) return
    const ctl = new AbortController()
    get<Plans>('/plans', undefined, ctl.signal).then(
      (p) => setTrial(p.trial),
      () => {},
    )
    return () => ctl.abort()
  }, [on])
  return trial
}
import './auth.css'

export default function Login({ query }: { query: URLSearchParams }) {
  const signup = location.pathname === '/signup'
  const [email, setEmail] = useState(query.get('email') ?? '')
  const [password, setPassword] = useState('')
  const [workspace, setWorkspace] = useState('')
  // signed in already: a second try (the workspace's name refused) only
  // opens the workspace
  const [done, setDone] = useState(false)
  const { busy, error, run } = useAction()
  document.title = (signup ? 'Sign up' : 'Log in') + ' · reeltrack'
  // an invitee joins a workspace: there is none of theirs to name
  const invited = !!query.get('next')?.startsWith('/invite?')
  const naming = signup && !invited
  const trial = useTrial(naming)

  const submit = (e: Event) => {
    e.preventDefault()
    run(async () => {
      if (!done) {
        const r = await post<UserResponse>(signup ? '/auth/signup' : '/auth/login', { email, password })
        setMe(r.user)
        setDone(true)
      }
      const next = safeNext(query.get('next'))
      if (!next || !isAccountPage(next)) await loadWorkspace(naming ? workspace.trim() : undefined)
      navigate(next ?? '/', true)
    })
  }

  return (
    <main class="auth" id="main">
      <form class="card auth-card" onSubmit={submit} noValidate>
        <div class="brand">reeltrack</div>
        <h1>{signup ? 'Create your account' : 'Log in'}</h1>
        <p class="muted">
          {invited
            ? signup
              ? 'Create your account with the invited e-mail address, then accept the invite.'
              : 'Log in with the invited e-mail address, then accept the invite.'
            : signup
              ? 'Start a free trial: track views, likes and growth of short videos.'
              : 'Welcome back.'}
        </p>
        {naming && trial && trial.seatLimit > 1 && (
          <p class="muted" data-testid="signup-trial">
            The {trial.lengthDays}-day trial includes {trial.seatLimit} seats: invite a teammate.
          </p>
        )}
        {!signup && query.get('reason') === 'session-ended' && !error && (
          <div class="banner" role="status" data-testid="session-ended">
            Your session has ended: sign in again.
          </div>
        )}
        <Field label="E-mail" type="email" name="email" autocomplete="email" required value={email} set={setEmail} error={error?.fields.email} />
        <Field
          label="Password"
          type="password"
          name="password"
          autocomplete={signup ? 'new-password' : 'current-password'}
          required
          minLength={signup ? 8 : 1}
          value={password}
          set={setPassword}
          error={error?.fields.password}
          hint={signup && 'At least 8 characters.'}
        />
        {naming && (
          <Field
            label="Workspace name (optional)"
            type="text"
            name="workspace"
            autocomplete="organization"
            maxLength={MAX_WORKSPACE_NAME}
            value={workspace}
            set={setWorkspace}
            error={error?.fields.name && `Workspace name ${error.fields.name}.`}
            hint="Your agency or team, as invites to your teammates will show it. You can change it later in Settings."
          />
        )}
        {error && Object.keys(error.fields).length === 0 && <FormError error={error} />}
        <button type="submit" class="primary" disabled={!!busy}>
          {busy ? 'Please wait…' : signup ? 'Sign up' : 'Log in'}
        </button>
        {!signup && (
          <p>
            <a href={'/forgot-password' + (email.includes('@') ? '?email=' + encodeURIComponent(email.trim()) : '')}>Forgot your password?</a>
          </p>
        )}
        <p class="muted">
          {signup ? (
            <>
              Already have an account? <a href={'/login' + location.search}>Log in</a>
            </>
          ) : (
            <>
              New here? <a href={'/signup' + location.search}>Create an account</a>
            </>
          )}
        </p>
      </form>
    </main>
  )
}
