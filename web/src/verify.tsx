// Asking again for the link that verifies the signed-in user's e-mail
// address: the shell's banner, the invite page and the settings use it.
import { useState } from 'preact/hooks'
import { post, toApiError, tooManyText } from './api'
import { reloadMe } from './session'

export function ResendVerification({ class: cls = '' }: { class?: string }) {
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null)
  const send = async () => {
    setBusy(true)
    setSaid(null)
    try {
      await post('/auth/verify-email/resend')
      setSaid({ ok: true, text: 'Sent: open the newest e-mail, the older links no longer work.' })
    } catch (e) {
      const err = toApiError(e)
      if (err.status === 409) setSaid({ ok: true, text: 'Your address is already verified.' })
      else setSaid({ ok: false, text: err.status === 429 ? tooManyText(err) : err.message })
    } finally {
      setBusy(false)
    }
    reloadMe().catch(() => {})
  }
  return (
    <span class={`resend ${cls}`}>
      <button type="button" disabled={busy} onClick={send}>
        {busy ? 'Sending…' : 'Send the link again'}
      </button>
      <span role="status" aria-live="polite" class={said ? (said.ok ? 'resend-ok' : 'resend-error') : undefined} data-testid="resend-status">
        {said?.text}
      </span>
    </span>
  )
}
