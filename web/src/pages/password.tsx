// A forgotten password: asking for a reset link (/forgot-password), and
// choosing a new password with it (/reset-password?token=…), which signs in.
import { useState } from 'preact/hooks'
import { ApiError, post, toApiError, tooManyText } from '../api'
import { navigate, useRoute } from '../router'
import { loadWorkspace, setMe } from '../session'
import type { UserResponse } from '../types'
import { AuthFrame, sentence } from './auth-frame'

function Forgot({ query }: { query: URLSearchParams }) {
  const [email, setEmail] = useState(query.get('email') ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const [sentTo, setSentTo] = useState('')
  const submit = async (e: Event) => {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await post('/auth/password/forgot', { email })
      setSentTo(email.trim())
    } catch (err) {
      setError(toApiError(err))
    } finally {
      setBusy(false)
    }
  }
  if (sentTo) {
    return (
      <AuthFrame title="Check your e-mail">
        <h1>Check your e-mail</h1>
        <p role="status" data-testid="forgot-sent">
          If an account exists for <strong class="address">{sentTo}</strong>, we sent a link to reset its password. The link works for one hour.
        </p>
        <p class="muted">No e-mail after a few minutes? Look in the spam folder, or check the address and ask again.</p>
        <div class="auth-actions">
          <button type="button" onClick={() => setSentTo('')}>
            Use another address
          </button>
          <a class="button" href="/login">
            Back to log in
          </a>
        </div>
      </AuthFrame>
    )
  }
  return (
    <AuthFrame title="Forgot your password?">
      <form class="auth-form" onSubmit={submit} noValidate>
        <h1>Forgot your password?</h1>
        <p class="muted">Enter the e-mail address of your account: we send it a link to choose a new password.</p>
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
            E-mail {error.fields.email}
          </small>
        )}
        {error && !error.fields.email && (
          <div class="error-box" role="alert">
            {error.status === 429 ? tooManyText(error) : sentence(error.message)}
          </div>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send the reset link'}
        </button>
        <p class="muted">
          Remembered it? <a href="/login">Log in</a>
        </p>
      </form>
    </AuthFrame>
  )
}

function Reset({ query }: { query: URLSearchParams }) {
  const token = query.get('token') ?? ''
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<ApiError | null>(null)
  const submit = async (e: Event) => {
    e.preventDefault()
    if (password !== repeat) {
      setError(new ApiError(400, 'invalid', 'The passwords differ.', { repeat: 'is not the same as the new password' }))
      return
    }
    setBusy(true)
    setError(null)
    try {
      const r = await post<UserResponse>('/auth/password/reset', { token, password })
      setMe(r.user)
    } catch (err) {
      setError(toApiError(err))
      setBusy(false)
      return
    }
    try {
      await loadWorkspace()
    } catch {
      // the shell loads it again and shows its own error
    }
    navigate('/', true)
  }
  const f = error?.fields ?? {}
  if (!token || f.token) {
    return (
      <AuthFrame title="Reset your password">
        <h1>This link does not work</h1>
        <div class="error-box" role="alert">
          The reset link is invalid, was already used, or has expired (reset links work once, for one hour).
        </div>
        <div class="auth-actions">
          <a class="button primary" href="/forgot-password">
            Ask for a new link
          </a>
          <a class="button" href="/login">
            Log in
          </a>
        </div>
      </AuthFrame>
    )
  }
  return (
    <AuthFrame title="Choose a new password">
      <form class="auth-form" onSubmit={submit} noValidate>
        <h1>Choose a new password</h1>
        <p class="muted">It signs you in here and out of every other device.</p>
        <label>
          New password
          <input
            type="password"
            name="password"
            autocomplete="new-password"
            required
            minLength={8}
            value={password}
            onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
            aria-invalid={!!f.password}
            aria-describedby={f.password ? 'password-error' : 'password-hint'}
          />
        </label>
        {f.password ? (
          <small id="password-error" class="field-error">
            Password {f.password}
          </small>
        ) : (
          <small id="password-hint" class="muted">
            At least 8 characters, and not your e-mail address.
          </small>
        )}
        <label>
          Repeat the new password
          <input
            type="password"
            name="repeat"
            autocomplete="new-password"
            required
            value={repeat}
            onInput={(e) => setRepeat((e.target as HTMLInputElement).value)}
            aria-invalid={!!f.repeat}
            aria-describedby={f.repeat ? 'repeat-error' : undefined}
          />
        </label>
        {f.repeat && (
          <small id="repeat-error" class="field-error">
            The two passwords differ: type the same one twice.
          </small>
        )}
        {error && !f.password && !f.repeat && (
          <div class="error-box" role="alert">
            {error.status === 429 ? tooManyText(error) : sentence(error.message)}
          </div>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Set the new password'}
        </button>
      </form>
    </AuthFrame>
  )
}

export default function Password({ query }: { query: URLSearchParams }) {
  const route = useRoute()
  return route.path.startsWith('/reset-password') ? <Reset query={query} /> : <Forgot query={query} />
}
