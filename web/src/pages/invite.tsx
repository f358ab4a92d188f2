// Accepting an invite: the page of the link an invite e-mail carries
// (/invite?token=…). It works signed out: it says who invites to which
// workspace, then leads through signing in or up (with the invited
// address), verifying the address, and joining. It never creates a
// workspace of its own for the visitor.
import { useEffect, useState } from 'preact/hooks'
import { ApiError, post, request, sentence, toApiError } from '../api'
import { when } from '../format'
import { navigate } from '../router'
import { forgetWorkspace, loadMe, openDashboard, rememberInvite, reloadMe } from '../session'
import type { InviteAccepted, InvitePreview, User } from '../types'
import { ErrorBox, Spinner, useAction, useApi } from '../ui'
import { ResendVerification } from '../verify'
import { AuthFrame } from './auth-frame'

const ROLE_TEXT: Record<string, string> = { admin: 'an admin', member: 'a member', creator: 'a creator, to see your posts and earnings in its creator portal' }

// useSignedIn is the signed-in user, null when signed out, undefined while
// it is being read. check(true) reads it again.
function useSignedIn() {
  const [who, setWho] = useState<User | null | undefined>(undefined)
  const [error, setError] = useState<ApiError | null>(null)
  const check = (fresh: boolean) =>
    (fresh ? reloadMe() : loadMe()).then(
      (u) => {
        setWho(u)
        setError(null)
      },
      (e) => {
        const err = toApiError(e)
        if (err.status === 401) setWho(null)
        else setError(err)
      },
    )
  useEffect(() => {
    check(false)
    // Back from the verification e-mail in another tab: read it again.
    const again = () => document.visibilityState === 'visible' && check(true)
    document.addEventListener('visibilitychange', again)
    return () => document.removeEventListener('visibilitychange', again)
  }, [])
  return { who, error, check }
}

export default function Invite({ query }: { query: URLSearchParams }) {
  const token = query.get('token') ?? ''
  const here = '/invite?token=' + encodeURIComponent(token)
  const preview = useApi(
    (signal) =>
      token
        ? request<{ invite: InvitePreview }>('POST', '/invites/preview', { token }, signal).then((r) => r.invite)
        : Promise.reject(new ApiError(404, 'not_found', 'this invite link has no token')),
    token,
  )
  const { who, error: whoError, check } = useSignedIn()
  const { busy, error, run } = useAction()
  const invite = preview.data
  // Until it is taken, the verification page leads back to this invite.
  useEffect(() => {
    if (invite && (who === null || (who && !who.emailVerified))) rememberInvite(here)
    if (preview.error?.status === 404) rememberInvite(null)
  }, [invite, who, preview.error])

  const accept = async () => {
    if (await run(() => post<InviteAccepted>('/invites/accept', { token }), { stay: true })) return
    rememberInvite(null)
    await openDashboard()
  }
  const switchAccount = async () => {
    try {
      await post('/auth/logout')
    } finally {
      forgetWorkspace()
      navigate('/login?next=' + encodeURIComponent(here) + '&email=' + encodeURIComponent(invite?.email ?? ''))
    }
  }

  if (preview.error?.status === 404) {
    return (
      <AuthFrame title="Accept an invite">
        <h1>This invite link does not work</h1>
        <p>It is invalid, was already used or revoked, or has expired (invite links work for 7 days).</p>
        <p class="muted">
          Ask whoever invited you to send a new invite: an owner or admin of the workspace can resend it from its Team page.
        </p>
        <p>
          {who ? <a href="/">Open your dashboard</a> : <a href="/login">Log in</a>}
        </p>
      </AuthFrame>
    )
  }
  if (preview.error) {
    return (
      <AuthFrame title="Accept an invite">
        <h1>Accept an invite</h1>
        <ErrorBox error={preview.error} retry={preview.reload} />
      </AuthFrame>
    )
  }
  if (!invite || (who === undefined && !whoError)) {
    return (
      <AuthFrame title="Accept an invite">
        <Spinner label="Reading the invite…" />
      </AuthFrame>
    )
  }
  const next = encodeURIComponent(here)
  const email = encodeURIComponent(invite.email)
  const sameAddress = who && who.email.toLowerCase() === invite.email.toLowerCase()
  return (
    <AuthFrame title="Accept an invite">
      <h1>Join {invite.workspaceName}</h1>
      <p data-testid="invite-summary">
        <strong>{invite.invitedBy}</strong> invited you to <strong>{invite.workspaceName}</strong> as {ROLE_TEXT[invite.role] ?? invite.role}.
      </p>
      <p class="muted">
        The invite is for <strong class="address">{invite.email}</strong> and works until {when(invite.expiresAt)}.
      </p>
      {whoError && <ErrorBox error={whoError} retry={() => check(true)} />}
      {who === null && (
        <>
          <p>Sign in or create an account with this address to accept it.</p>
          <div class="auth-actions">
            <a class="button primary" href={`/signup?next=${next}&email=${email}`}>
              Create an account
            </a>
            <a class="button" href={`/login?next=${next}&email=${email}`}>
              Sign in
            </a>
          </div>
        </>
      )}
      {who && !sameAddress && (
        <>
          <div class="banner" role="alert">
            You are signed in as <strong class="address">{who.email}</strong>, but this invite is for <strong class="address">{invite.email}</strong>. Only that
            address can accept it.
          </div>
          <button type="button" class="primary" onClick={switchAccount}>
            Log out to switch accounts
          </button>
        </>
      )}
      {who && sameAddress && !who.emailVerified && (
        <>
          <div class="banner" role="status" data-testid="invite-unverified">
            Confirm your e-mail address first: we sent a link to <strong class="address">{who.email}</strong>. Open it, then come back to this page to accept.
          </div>
          <div class="auth-actions">
            <ResendVerification />
          </div>
          <p>
            <button type="button" class="link" onClick={() => check(true)}>
              I have confirmed it: check again
            </button>
          </p>
        </>
      )}
      {who && sameAddress && who.emailVerified && (
        <>
          <button type="button" class="primary" disabled={!!busy} onClick={accept}>
            {busy ? 'Joining…' : 'Accept and join'}
          </button>
          {error && (
            <div class="error-box" role="alert">
              {sentence(error.message)}
            </div>
          )}
          <p class="muted">
            Signed in as {who.email}. <a href="/">Not now: open my dashboard</a>
          </p>
        </>
      )}
    </AuthFrame>
  )
}
