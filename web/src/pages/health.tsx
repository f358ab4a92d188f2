// Health: whether this workspace's numbers are being collected, and if
// not, where it stops: per platform the last scrape and the failures of
// the last day, the queue, the item waiting longest, e-mails and channel
// deliveries waiting, the scraping provider's refusals and the scheduled
// steps. Owners and admins only.
import type { ComponentChildren } from 'preact'
import { useEffect } from 'preact/hooks'
import { get } from '../api'
import { ago, DASH, exact, platformName, videoKind, when } from '../format'
import { PROVIDER_REFUSES, showHealth } from '../health-banner'
import { canManage, useWorkspace } from '../session'
import type { CronStep, CronStepRun, PlatformScrapes, WorkspaceHealth } from '../types'
import { Empty, PageHeader, PlatformBadge, Show, Stale, TableHead, Time, Updating, numCol, useApi } from '../ui'
import './health.css'

// STEPS says what each scheduled step does.
const STEPS: Record<CronStep, string> = {
  refresh: 'Refresh: queues the scrapes that are due',
  ranks: 'Video ranks and overview slots',
  settle: 'Campaign payouts: locks closed lines',
  payouts: 'PayPal: sends and reconciles payout batches',
  digests: 'E-mail digests: queues them',
  spikes: 'Spike alerts',
  insights: 'Outlier scores and forecasts',
  milestones: 'Milestone alerts',
  dispatch: 'Events to e-mails and channels',
  reports: 'Scheduled client reports: queues their e-mails',
  mail: 'Sends the e-mails',
  channels: 'Delivers to Slack, Discord and webhooks',
  purge: 'Clears old sessions and activity',
}

const STEP_STATE: Record<CronStepRun['state'], string> = { ok: 'OK', failing: 'Failing', late: 'Not running', never: 'Never ran' }

// late says how long ago something was due: "3 h 10 min", "12 min".
function late(seconds: number): string {
  const min = Math.floor(seconds / 60)
  if (min < 1) return 'under a minute'
  if (min < 60) return `${min} min`
  const h = Math.floor(min / 60)
  if (h < 48) return `${h} h${min % 60 ? ` ${min % 60} min` : ''}`
  return `${Math.floor(h / 24)} days`
}

const duration = (ms: number | null | undefined) => (ms === null || ms === undefined ? DASH : ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`)
const rate = (r: number | null | undefined) => (r === null || r === undefined ? DASH : `${Math.round(r * 1000) / 10} %`)

function Status({ ok, label, children, testid }: { ok: boolean; label: string; children: ComponentChildren; testid: string }) {
  return (
    <div class={`card health-tile ${ok ? 'is-ok' : 'is-bad'}`} data-testid={testid} data-ok={ok}>
      <div class="kpi-label">{label}</div>
      <div class="health-state">{children}</div>
    </div>
  )
}

function Summary({ h }: { h: WorkspaceHealth }) {
  const s = h.summary
  const o = h.oldestOverdue
  return (
    <div class="health-tiles">
      <Status ok={s.collection === 'ok'} label="Collection" testid="health-collection">
        <strong>{s.collection === 'ok' ? 'Running' : s.collection === 'failing' ? 'Failing' : 'Stopped'}</strong>
        <span class="muted">
          {s.lastScrapeAt ? `last scrape ${ago(s.lastScrapeAt)}` : 'nothing scraped yet'}
          {s.failingPlatforms.length > 0 && ` · runs failing on ${s.failingPlatforms.map(platformName).join(', ')}`}
        </span>
      </Status>
      <Status ok={s.provider !== 'refusing'} label="Scraping provider" testid="health-provider-state">
        <strong>{s.provider === 'ok' ? 'Accepting runs' : s.provider === 'refusing' ? 'Refusing runs' : 'Not configured'}</strong>
        {s.providerKind && <span class="muted">{PROVIDER_REFUSES[s.providerKind]}</span>}
      </Status>
      <Status ok={h.queue.waiting + h.queue.running === 0 || !h.queue.oldestAt || ageSeconds(h.queue.oldestAt, h.checkedAt) < 3600} label="Scrape queue" testid="health-queue">
        <strong>
          {exact(h.queue.waiting)} waiting · {exact(h.queue.running)} running
        </strong>
        <span class="muted">{h.queue.oldestAt ? `oldest queued ${ago(h.queue.oldestAt)}` : 'nothing queued'}</span>
      </Status>
      <Status ok={!o || o.lateSeconds < h.stoppedAfterMinutes * 60} label="Oldest overdue item" testid="health-overdue">
        <strong>{o ? `${late(o.lateSeconds)} late` : 'None'}</strong>
        <span class="muted">{o ? `due since ${when(o.dueAt)}` : 'every item is on time'}</span>
      </Status>
    </div>
  )
}

function ageSeconds(iso: string, now: string): number {
  return (Date.parse(now) - Date.parse(iso)) / 1000
}

function Overdue({ h }: { h: WorkspaceHealth }) {
  const o = h.oldestOverdue
  if (!o) return null
  const name = o.kind === 'account' ? `@${o.handle} (${platformName(o.platform)} account)` : `${o.handle ? `@${o.handle}'s ` : ''}${videoKind(o.platform, o.url)}`
  return (
    <section class="card" aria-labelledby="overdue-h" data-testid="health-oldest-overdue">
      <h2 id="overdue-h">Waiting longest for a scrape</h2>
      <p>
        <a href={o.kind === 'account' ? `/accounts/${o.id}` : `/videos/${o.id}`}>{name}</a> has been due since <Time at={o.dueAt} />, {late(o.lateSeconds)} ago.
        {o.lateSeconds >= h.stoppedAfterMinutes * 60 && ' Scrapes come within minutes of being due while collection runs.'}
      </p>
    </section>
  )
}

function Platforms({ h }: { h: WorkspaceHealth }) {
  return (
    <section aria-labelledby="platforms-h" class="health-section">
      <h2 id="platforms-h">Scrapes by platform, last {h.windowHours} hours</h2>
      {h.platforms.length === 0 ? (
        <Empty title="No scrapes yet">Each platform appears here once something of it has been tracked.</Empty>
      ) : (
        <div class="table-wrap phone-cards">
          <table class="phone-cards health-platforms" data-testid="health-platforms">
            <TableHead cols={['Platform', 'Last success', numCol('Succeeded'), numCol('Failed'), numCol('Failure rate'), 'Last error']} />
            <tbody>
              {h.platforms.map((p) => (
                <PlatformRow key={p.platform} p={p} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}

function PlatformRow({ p }: { p: PlatformScrapes }) {
  const bad = (p.failureRate ?? 0) >= 0.5
  return (
    <tr data-platform={p.platform}>
      <td class="card-title">
        <PlatformBadge platform={p.platform} />
      </td>
      <td data-label="Last success">{p.lastSuccessAt ? <Time at={p.lastSuccessAt} show={ago} /> : <span class="muted">never</span>}</td>
      <td class="num" data-label="Succeeded">
        {exact(p.succeeded)}
      </td>
      <td class="num" data-label="Failed">
        {exact(p.failed)}
      </td>
      <td class={`num${bad ? ' down' : ''}`} data-label="Failure rate" data-testid="failure-rate">
        {rate(p.failureRate)}
      </td>
      <td class="card-wide health-error" data-label="Last error" data-testid="last-error">
        {p.lastError ? (
          <>
            <Time at={p.lastError.at} show={ago} />: {p.lastError.message}
          </>
        ) : (
          <span class="muted">none</span>
        )}
      </td>
    </tr>
  )
}

function Provider({ h }: { h: WorkspaceHealth }) {
  const p = h.provider
  return (
    <section class="card" aria-labelledby="provider-h" data-testid="health-provider">
      <h2 id="provider-h">Scraping provider</h2>
      {p.state === 'not_configured' && <p class="muted">No scraping provider is configured on this server: nothing is scraped.</p>}
      {p.state === 'ok' && <p>It accepts runs: no start has been refused since the last one it accepted.</p>}
      {p.pauses.map((x) => (
        <div class="health-pause" key={x.actor}>
          <p>
            <strong>{x.actor ? `Runs of ${x.actor} are paused` : 'Starting runs is paused'}</strong> since <Time at={x.since} />, after{' '}
            {x.refusals === 1 ? 'a refusal' : `${exact(x.refusals)} refusals in a row`}; the next start tries again after <Time at={x.retryAfter} />.
          </p>
          <p class="health-reason">{x.reason}</p>
        </div>
      ))}
      <p class="muted health-note">The provider serves every workspace of this server: an operator fixes its token, credit or scrapers.</p>
    </section>
  )
}

function Backlogs({ h }: { h: WorkspaceHealth }) {
  return (
    <section class="card" aria-labelledby="backlogs-h" data-testid="health-backlogs">
      <h2 id="backlogs-h">E-mails and channels</h2>
      <dl class="facts">
        <dt>E-mails waiting</dt>
        <dd data-testid="mail-pending">
          {exact(h.mail.pending)}
          {h.mail.oldestPendingAt && <span class="muted"> (oldest queued {ago(h.mail.oldestPendingAt)})</span>}
        </dd>
        <dt>E-mails given up</dt>
        <dd data-testid="mail-failed">
          {exact(h.mail.failed)} <span class="muted">in the last {h.windowHours} hours</span>
        </dd>
        <dt>Channel deliveries waiting</dt>
        <dd data-testid="channels-pending">
          {exact(h.channels.pending)}
          {h.channels.oldestPendingAt && <span class="muted"> (oldest {ago(h.channels.oldestPendingAt)})</span>}
        </dd>
        <dt>Deliveries given up</dt>
        <dd data-testid="channels-failed">
          {exact(h.channels.failed)} <span class="muted">in the last {h.windowHours} hours</span>
        </dd>
        <dt>Channels disabled</dt>
        <dd>
          {exact(h.channels.disabledChannels)}
          {h.channels.disabledChannels > 0 && (
            <>
              {' '}
              <a href="/channels">See the channels</a>
            </>
          )}
        </dd>
      </dl>
    </section>
  )
}

function Steps({ h }: { h: WorkspaceHealth }) {
  return (
    <section aria-labelledby="steps-h" class="health-section">
      <h2 id="steps-h">Scheduled steps</h2>
      <p class="muted health-note">They run for every workspace of this server, each minute by default; a failing step's error is in the server's log.</p>
      <div class="table-wrap phone-cards">
        <table class="phone-cards health-steps" data-testid="health-steps">
          <TableHead cols={['Step', 'State', 'Last success', numCol('Took'), 'Last run']} />
          <tbody>
            {h.steps.map((s) => (
              <tr key={s.step} data-step={s.step} data-state={s.state}>
                <td class="card-title">{STEPS[s.step] ?? s.step}</td>
                <td data-label="State">
                  <span class={`badge step-${s.state}`}>{STEP_STATE[s.state] ?? s.state}</span>
                  {s.failuresInARow > 1 && <span class="muted"> {exact(s.failuresInARow)} runs in a row</span>}
                </td>
                <td data-label="Last success">{s.lastSuccessAt ? <Time at={s.lastSuccessAt} show={ago} /> : <span class="muted">never</span>}</td>
                <td class="num" data-label="Took">
                  {duration(s.lastSuccessMs)}
                </td>
                <td data-label="Last run">{s.lastRunAt ? <Time at={s.lastRunAt} show={ago} /> : <span class="muted">never</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  )
}

function Page() {
  const r = useApi((s) => get<WorkspaceHealth>('/workspace/health', undefined, s), 'health')
  useEffect(() => {
    if (r.data) showHealth(r.data.summary)
  }, [r.data])
  return (
    <Show r={r}>
      {(h) => (
        <Stale r={r}>
          <p class="muted health-intro">
            Whether this workspace’s numbers are being collected. Checked <Time at={h.checkedAt} />.{' '}
            <button type="button" class="link" onClick={r.reload} disabled={r.loading}>
              Check again
            </button>
            <Updating r={r} />
          </p>
          <Summary h={h} />
          <Overdue h={h} />
          <Platforms h={h} />
          <div class="grid2 health-pair">
            <Provider h={h} />
            <Backlogs h={h} />
          </div>
          <Steps h={h} />
        </Stale>
      )}
    </Show>
  )
}

export default function Health() {
  const ws = useWorkspace()
  return (
    <>
      <PageHeader title="Health" />
      {canManage(ws) ? (
        <Page />
      ) : (
        <div class="empty" role="status">
          <h3>Only owners and admins can see the health page</h3>
          <p>
            The banner above the pages says when collection has stopped. <a href="/">Back to the overview</a>
          </p>
        </div>
      )}
    </>
  )
}
