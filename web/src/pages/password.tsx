// A forgotten password: asking for a reset link (/forgot-password), and
// choosing a new password with it (/reset-password?token=…), which signs in.
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { ApiError, post, sentence } from '../api'
import { useRoute } from '../router'
import { openDashboard, setMe } from '../session'
import type { UserResponse } from '../types'
import { Field, FormError, useAction } from '../ui'
import { AuthFrame } from './auth-frame'

// AuthForm is the frame of a form that asks one thing: its title, what it
// is for, and its fields.
function AuthForm({ title, intro, onSubmit, children }: { title: string; intro: string; onSubmit: (e: Event) => void; children: ComponentChildren }) {
  return (
    <AuthFrame title={title}>
      <form class="auth-form" onSubmit={onSubmit} noValidate>
        <h1>{title}</h1>
        <p class="muted">{intro}</p>
        {children}
      </form>
    </AuthFrame>
  )
}

function Forgot({ query }: { query: URLSearchParams }) {
  const [email, setEmail] = useState(query.get('email') ?? '')
  const { busy, error, run } = useAction()
  const [sentTo, setSentTo] = useState('')
  const submit = (e: Event) => {
    e.preventDefault()
    run(async () => {
      await post('/auth/password/forgot', { email })
      setSentTo(email.trim())
    })
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
    <AuthForm title="Forgot your password?" intro="Enter the e-mail address of your account: we send it a link to choose a new password." onSubmit={submit}>
      <Field
        label="E-mail"
        type="email"
        name="email"
        autocomplete="email"
        required
        value={email}
        set={setEmail}
        error={error?.fields.email && `E-mail ${error.fields.email}`}
      />
      {error && !error.fields.email && <FormError error={error} say={sentence} />}
      <button type="submit" class="primary" disabled={!!busy}>
        {busy ? 'Sending…' : 'Send the reset link'}
      </button>
      <p class="muted">
        Remembered it? <a href="/login">Log in</a>
      </p>
    </AuthForm>
  )
}

function Reset({ query }: { query: URLSearchParams }) {
  const token = query.get('token') ?? ''
  const [password, setPassword] = useState('')
  const [repeat, setRepeat] = useState('')
  const { busy, error, setError, run } = useAction()
  const submit = async (e: Event) => {
    e.preventDefault()
    if (password !== repeat) {
      setError(new ApiError(400, 'invalid', 'The passwords differ.', { repeat: 'is not the same as the new password' }))
      return
    }
    const failed = await run(async () => setMe((await post<UserResponse>('/auth/password/reset', { token, password })).user), { stay: true })
    if (!failed) await openDashboard()
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
    <AuthForm title="Choose a new password" intro="It signs you in here and out of every other device." onSubmit={submit}>
      <Field
        label="New password"
        type="password"
        name="password"
        autocomplete="new-password"
        required
        minLength={8}
        value={password}
        set={setPassword}
        error={f.password && `Password ${f.password}`}
        hint="At least 8 characters, and not your e-mail address."
      />
      <Field
        label="Repeat the new password"
        type="password"
        name="repeat"
        autocomplete="new-password"
        required
        value={repeat}
        set={setRepeat}
        error={f.repeat && 'The two passwords differ: type the same one twice.'}
      />
      {error && !f.password && !f.repeat && <FormError error={error} say={sentence} />}
      <button type="submit" class="primary" disabled={!!busy}>
        {busy ? 'Saving…' : 'Set the new password'}
      </button>
    </AuthForm>
  )
}

export default function Password({ query }: { query: URLSearchParams }) {
  const route = useRoute()
  return route.path.startsWith('/reset-password') ? <Reset query={query} /> : <Forgot query={query} />
}
