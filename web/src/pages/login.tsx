// Log in and sign up: one form, two modes. After either, the workspace is
// opened (or created) by the bootstrap route, unless the visitor came from
// an e-mailed link (?next=/invite?token=…), which they go back to first.
// ?email= fills the address in (an invite's link passes the invited one).
import { useState } from 'preact/hooks'
import { ApiError, post, tooManyText } from '../api'
import { navigate } from '../router'
import { isAccountPage, loadWorkspace, safeNext, setMe } from '../session'
import type { UserResponse } from '../types'
import './auth.css'

export default function Login({ query }: { query: URLSearchParams }) {
  const signup = location.pathname === '/signup'
  const [email, setEmail] = useState(query.get('email') ?? '')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  document.title = (signup ? 'Sign up' : 'Log in') + ' · reeltrack'

  const submit = async (e: Event) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const r = await post<UserResponse>(signup ? '/auth/signup' : '/auth/login', { email, password })
      setMe(r.user)
      const next = safeNext(query.get('next'))
      if (!next || !isAccountPage(next)) await loadWorkspace()
      navigate(next ?? '/', true)
    } catch (err) {
      setError(err instanceof ApiError ? err : new ApiError(0, 'error', String(err)))
    } finally {
      setBusy(false)
    }
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
        <label>
          E-mail
          <input
            type="email"
            name="email"
            autocomplete="email"
            required
            value={email}
            onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
            aria-invalid={!!error?.fields.email}
            aria-describedby={error?.fields.email ? 'email-error' : undefined}
          />
        </label>
        {error?.fields.email && (
          <small id="email-error" class="field-error">
            {error.fields.email}
          </small>
        )}
        <label>
          Password
          <input
            type="password"
            name="password"
            autocomplete={signup ? 'new-password' : 'current-password'}
            required
            minLength={signup ? 8 : 1}
            value={password}
            onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
            aria-invalid={!!error?.fields.password}
            aria-describedby={error?.fields.password ? 'password-error' : signup ? 'password-hint' : undefined}
          />
        </label>
        {signup && !error?.fields.password && (
          <small id="password-hint" class="muted">
            At least 8 characters.
          </small>
        )}
        {error?.fields.password && (
          <small id="password-error" class="field-error">
            {error.fields.password}
          </small>
        )}
        {error && Object.keys(error.fields).length === 0 && (
          <div class="error-box" role="alert">
            {error.status === 429 ? tooManyText(error) : error.message}
          </div>
        )}
        <button type="submit" class="primary" disabled={busy}>
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
