// The banner of every page while the workspace's numbers are not being
// collected: collection has stopped (an item overdue for over an hour and
// no scrape for as long), a platform's runs fail again and again with none
// of its scrapes recorded for an hour, or the scraping provider refuses
// runs. It reads
// GET /api/workspace/health/summary when the page changes, at most once a
// minute, and every five minutes on a page left open.
import { useEffect } from 'preact/hooks'
import { get } from './api'
import { ago, platformName, when } from './format'
import { canManage, useWorkspace } from './session'
import { Signal, useSignal } from './signal'
import type { HealthBanner as Banner, ProviderKind } from './types'

let last: { banner: Banner; at: number } | null = null
let asking: Promise<void> | null = null
const changed = new Signal()

const FRESH = 60_000
const POLL = 5 * 60_000

// showHealth keeps a banner read elsewhere (the health page's summary).
export function showHealth(b: Banner) {
  last = { banner: b, at: Date.now() }
  changed.notify()
}

// asked counts the workspaces the banner was read for: an answer for an
// earlier one is dropped.
let asked = 0

// shownFor is the workspace the banner was read for.
let shownFor = ''

// forgetHealth drops the banner read, of a workspace the session no longer
// works in (after a switch), and reads the new one's.
function forgetHealth() {
  asked++
  last = null
  asking = null
  changed.notify()
  ask()
}

function ask(force = false) {
  if (asking || (!force && last && Date.now() - last.at < FRESH)) return
  const n = asked
  asking = get<Banner>('/workspace/health/summary')
    .then(
      (b) => {
        if (n === asked) showHealth(b)
      },
      () => {
        // the banner is a hint: a failed read leaves the last one
      },
    )
    .finally(() => {
      if (n === asked) asking = null
    })
}

// PROVIDER_REFUSES says why the provider refuses, by the pause's kind.
export const PROVIDER_REFUSES: Record<ProviderKind, string> = {
  credentials: 'its token is wrong or not allowed',
  credit: 'the account is out of credit',
  actor: 'a scraper it was asked to run does not exist',
}

function listOf(names: string[]): string {
  return names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`
}

export function HealthBanner({ path }: { path: string }) {
  useSignal(changed)
  const ws = useWorkspace()
  useEffect(() => ask(), [path])
  // another workspace (a switch, another login): its own banner
  useEffect(() => {
    if (!ws || shownFor === ws.id) return
    const other = shownFor !== ''
    shownFor = ws.id
    if (other) forgetHealth()
    else changed.notify()
  }, [ws?.id])
  useEffect(() => {
    const t = setInterval(() => ask(true), POLL)
    return () => clearInterval(t)
  }, [])
  const b = last?.banner
  if (!b || !ws || shownFor !== ws.id || (b.collection === 'ok' && b.provider !== 'refusing')) return null
  const manager = canManage(ws)
  return (
    <div class="banner banner-health" role="alert" data-testid="health-banner">
      {b.collection === 'stopped' && (
        <p data-testid="health-stopped">
          <strong>Collection has stopped.</strong>{' '}
          {b.lastScrapeAt ? `The last scrape of this workspace was ${ago(b.lastScrapeAt)}` : 'Nothing of this workspace has been scraped yet'}
          {b.overdueSince && `, and items have been due since ${when(b.overdueSince)}`}: the numbers are not updating.
        </p>
      )}
      {b.failingPlatforms.length > 0 && (
        <p data-testid="health-failing">
          <strong>Scrapes of {listOf(b.failingPlatforms.map(platformName))} are failing.</strong> Their runs have failed again and again
          {b.lastFailureAt && `, the latest ${ago(b.lastFailureAt)}`}, and none has been recorded for an hour: their numbers are not updating.
        </p>
      )}
      {b.provider === 'refusing' && (
        <p data-testid="health-provider">
          <strong>The scraping provider refuses to start runs</strong>
          {b.providerKind && ` (${PROVIDER_REFUSES[b.providerKind] ?? b.providerKind})`}: new scrapes wait until it accepts them again.
        </p>
      )}
      {path !== '/health' && (
        <p>{manager ? <a href="/health">See what is wrong on the Health page</a> : 'An owner or admin of the workspace can see why on its Health page.'}</p>
      )}
    </div>
  )
}
