// Verifying the e-mail address: the page of the link the sign-up e-mail
// carries (/verify-email?token=…). It sends the token once, signed in or
// not, and says what came of it.
import { useEffect, useState } from 'preact/hooks'
import { ApiError, post, sentence, toApiError } from '../api'
import { loadMe, pendingInvite, safeNext, setMe } from '../session'
import type { EmailVerified, User } from '../types'
import { Spinner } from '../ui'
import { ResendVerification } from '../verify'
import { AuthFrame } from './auth-frame'

// A token is sent once per page load, however often the page renders: a
// second POST would find it used.
const sent = new Map<string, Promise<EmailVerified>>()
function verifyOnce(token: string): Promise<EmailVerified> {
  let p = sent.get(token)
  if (!p) {
    p = post<EmailVerified>('/auth/verify-email', { token })
    sent.set(token, p)
  }
  return p
}

export default function VerifyEmail({ query }: { query: URLSearchParams }) {
  const token = query.get('token') ?? ''
  const next = safeNext(query.get('next'))
  const [done, setDone] = useState<EmailVerified | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  // Who is signed in, once the link failed: null when no one is.
  const [who, setWho] = useState<User | null | undefined>(undefined)

  useEffect(() => {
    let live = true
    if (!token) {
      setError(new ApiError(400, 'invalid', 'This link has no token.', { token: 'is missing' }))
      return
    }
    verifyOnce(token).then(
      (v) => {
        if (!live) return
        setDone(v)
        // The signed-in user, if it is them, is verified now.
        loadMe().then(
          (u) => u.email.toLowerCase() === v.email.toLowerCase() && setMe({ ...u, emailVerified: true }),
          () => {},
        )
      },
      (e) => live && setError(toApiError(e)),
    )
    return () => {
      live = false
    }
  }, [token])
  useEffect(() => {
    if (!error) return
    loadMe().then(setWho, () => setWho(null))
  }, [error])

  if (done) {
    const invite = pendingInvite()
    return (
      <AuthFrame title="E-mail address verified">
        <h1>Your e-mail address is verified</h1>
        <p>
          <strong class="address">{done.email}</strong> is confirmed: you can accept invites to a workspace and receive alert e-mails.
        </p>
        <div class="auth-actions">
          {next ? (
            <a class="button primary" href={next}>
              Continue
            </a>
          ) : invite ? (
            <a class="button primary" href={invite}>
              Continue to your invite
            </a>
          ) : (
            <a class="button primary" href="/">
              Open the dashboard
            </a>
          )}
          {(next || invite) && (
            <a class="button" href="/">
              Open the dashboard
            </a>
          )}
        </div>
      </AuthFrame>
    )
  }
  if (!error) {
    return (
      <AuthFrame title="Verifying your e-mail address">
        <Spinner label="Verifying your e-mail address…" />
      </AuthFrame>
    )
  }
  const badLink = error.status === 400 || error.status === 404
  return (
    <AuthFrame title="E-mail address not verified">
      <h1>{badLink ? 'This link does not work' : 'Your address could not be verified'}</h1>
      <div class="error-box" role="alert">
        {badLink
          ? 'The link is invalid, was already used, or has expired (verification links work once, for 24 hours).'
          : sentence(error.message)}
      </div>
      {who === undefined && <Spinner />}
      {who && who.emailVerified && (
        <p>
          Your address <strong class="address">{who.email}</strong> is verified already. <a href={next ?? pendingInvite() ?? '/'}>Continue</a>
        </p>
      )}
      {who && !who.emailVerified && (
        <>
          <p>
            Get a new link: we send it to <strong class="address">{who.email}</strong>.
          </p>
          <div class="auth-actions">
            <ResendVerification />
          </div>
        </>
      )}
      {who === null && (
        <p>
          To get a new link, <a href="/login?next=%2Fsettings">log in</a>: the dashboard offers to send it again.
        </p>
      )}
    </AuthFrame>
  )
}
