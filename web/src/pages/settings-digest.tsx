// The e-mail digest choice of Settings: off, daily or weekly, for the
// signed-in member of their workspace (GET/PUT /api/workspace/digest).
import { useState } from 'preact/hooks'
import { get, request } from '../api'
import { useMe } from '../session'
import type { DigestFrequency, DigestSetting } from '../types'
import { FormError, Spinner, useAction, useApi } from '../ui'

const CHOICES: [DigestFrequency, string][] = [
  ['off', 'Off'],
  ['daily', 'Daily'],
  ['weekly', 'Weekly'],
]

// periods are UTC days and weeks: their dates are told in UTC
const utcDay = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' })

// nextPeriod names the period that ends at end: "Nov 27, 2026 (UTC)" or
// "the week of Nov 30, 2026 to Dec 6, 2026 (UTC)".
function nextPeriod(f: DigestFrequency, end: string): string {
  const e = new Date(end).getTime()
  const day = 24 * 3600 * 1000
  const last = utcDay.format(new Date(e - day))
  if (f === 'weekly') return `the week of ${utcDay.format(new Date(e - 7 * day))} to ${last} (UTC)`
  return `${last} (UTC)`
}

export function DigestChoice() {
  const me = useMe()
  const loaded = useApi((signal) => get<DigestSetting>('/workspace/digest', undefined, signal), 'digest')
  const [saved, setSaved] = useState<DigestSetting | null>(null)
  const { busy, error, run } = useAction()
  // before a workspace exists there is nothing to digest
  if (loaded.error?.status === 404) return null
  const current = saved ?? loaded.data
  const choose = (f: DigestFrequency) => {
    if (current?.frequency === f) return
    run(async () => setSaved(await request<DigestSetting>('PUT', '/workspace/digest', { frequency: f })))
  }
  return (
    <section class="card digest-choice" aria-labelledby="digest-title">
      <h2 id="digest-title">E-mail digest</h2>
      <p class="muted">Your workspace's views, followers, top movers, spikes, new posts and failed items, e-mailed after each UTC day or week (Monday to Monday).</p>
      {!current ? (
        loaded.error ? <FormError error={loaded.error} /> : <Spinner />
      ) : (
        <>
          <div class="segmented" role="radiogroup" aria-label="E-mail digest">
            {CHOICES.map(([f, label]) => (
              <button
                key={f}
                type="button"
                role="radio"
                aria-checked={current.frequency === f}
                class={current.frequency === f ? 'on' : ''}
                disabled={!!busy}
                onClick={() => choose(f)}
              >
                {label}
              </button>
            ))}
          </div>
          {current.nextPeriodEnd && (
            <p class="muted" data-testid="digest-next">
              Next digest: {nextPeriod(current.frequency, current.nextPeriodEnd)}, e-mailed once it ends.
              {me && !me.emailVerified && ' It goes to verified addresses only: verify yours first.'}
            </p>
          )}
        </>
      )}
      {error && <FormError error={error} />}
    </section>
  )
}
