// The frame of the pages that stand without the shell: invites, e-mail
// verification, forgotten and reset passwords.
import type { ComponentChildren } from 'preact'
import { useEffect } from 'preact/hooks'
import './auth.css'

export function AuthFrame({ title, children }: { title: string; children: ComponentChildren }) {
  useEffect(() => {
    document.title = `${title} · reeltrack`
  }, [title])
  return (
    <main class="auth" id="main" tabIndex={-1}>
      <section class="card auth-card" aria-label={title}>
        <a href="/" class="brand">
          reeltrack
        </a>
        {children}
      </section>
    </main>
  )
}
