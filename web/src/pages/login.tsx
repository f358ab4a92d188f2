// Log in and sign up: one form, two modes. After either, the workspace is
// opened (or created) by the bootstrap route, unless the visitor came from
// an e-mailed link (?next=/invite?token=…), which they go back to first.
// ?email= fills the address in (an invite's link passes the invited one).
import { useState } from 'preact/hooks'
import { post } from '../api'
import { navigate } from '../router'
import { isAccountPage, loadWorkspace, safeNext, setMe } from '../session'
import type { UserResponse } from '../types'
import { Field, FormError, useAction } from '../ui'
import './auth.css'

export default function Login({ query }: { query: URLSearchParams }) {
  const signup = location.pathname === '/signup'
  const [email, setEmail] = useState(query.get('email') ?? '')
  const [password, setPassword] = useState('')
  const { busy, error, run } = useAction()
  document.title = (signup ? 'Sign up' : 'Log in') + ' · reeltrack'

  const submit = (e: Event) => {
    e.preventDefault()
    run(async () => {
      const r = await post<UserResponse>(signup ? '/auth/signup' : '/auth/login', { email, password })
      setMe(r.user)
      const next = safeNext(query.get('next'))
      if (!next || !isAccountPage(next)) await loadWorkspace()
      navigate(next ?? '/', true)
    })
  }

  return (
    <main class="auth" id="main">
      <form class="card auth-card" onSubmit={submit} noValidate>
        <div class="brand">reeltrack</div>
        <h1>{signup ? 'Create your account' : 'Log in'}</h1>
        <p class="muted">
          {query.get('next')?.startsWith('/invite?')
            ? signup
              ? 'Create your account with the invited e-mail address, then accept the invite.'
              : 'Log in with the invited e-mail address, then accept the invite.'
            : signup
              ? 'Start a free trial: track views, likes and growth of short videos.'
              : 'Welcome back.'}
        </p>
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
