// Competitors (docs/competitors.md): accounts tracked as competitors,
// beside the workspace's own with the same figures (GET /api/competitors),
// and never in its totals, campaigns, payouts, budgets or share pages.
// Owners and admins add (POST /api/competitors) and remove them.
import { useState } from 'preact/hooks'
import { del, get, post, withQuery } from '../api'
import { exact, num, pct, signed, when } from '../format'
import { setQuery } from '../router'
import { canManage, useWorkspace } from '../session'
import { TimeChart } from '../chart'
import type { CompetitorRow, Competitors, CompetitorsSeries } from '../types'
import { ErrorNote, PageHeader, PlatformBadge, Show, TableHead, Updating, numCol, useAction, useApi } from '../ui'
import './submissions.css'
import './watch-tracker.css'
import './competitors.css'

const SPANS = [7, 30, 90]
const times = (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${n.toFixed(1)}×`)

function AddForm({ onDone, full }: { onDone: () => void; full: boolean }) {
  const [url, setURL] = useState('')
  const [limit, setLimit] = useState(30)
  const { busy, error, run } = useAction()
  const errs = error?.fields ?? {}
  const save = (e: Event) => {
    e.preventDefault()
    run(async () => {
      await post('/competitors', { url, trackingLimit: limit })
      setURL('')
      onDone()
    })
  }
  return (
    <form class="card watch-form" aria-labelledby="competitor-form-title" onSubmit={save} noValidate>
      <h2 id="competitor-form-title">Track a competitor</h2>
      <div class="watch-fields">
        <label class="watch-term">
          Profile link
          <input name="url" type="text" value={url} placeholder="https://www.tiktok.com/@rivalbrand" onInput={(e) => setURL((e.target as HTMLInputElement).value)}
            aria-invalid={!!errs.url} aria-describedby={errs.url ? 'url-error' : undefined} />
          {errs.url && (
            <small id="url-error" class="field-error">
              {errs.url}
            </small>
          )}
        </label>
        <label>
          Newest videos
          <input name="trackingLimit" type="number" min={1} max={100} value={limit} onInput={(e) => setLimit(Number((e.target as HTMLInputElement).value) || 0)}
            aria-invalid={!!errs.trackingLimit} />
        </label>
      </div>
      {errs.trackingLimit && <p class="field-error">{errs.trackingLimit}</p>}
      <p class="muted small">
        A competitor is tracked apart, with the plan’s video allowance of its own: it never counts in your totals, lists, campaigns, payouts, budgets
        or share links.
      </p>
      <div class="actions">
        <button type="submit" class="primary" disabled={!!busy || full} data-testid="competitor-save">
          {busy ? 'Tracking…' : 'Track as competitor'}
        </button>
      </div>
      {error && Object.keys(errs).length === 0 && <ErrorNote error={error} />}
    </form>
  )
}

function Row({ r, kind, manage, onDone }: { r: CompetitorRow; kind: 'own' | 'account' | 'competitor'; manage: boolean; onDone: () => void }) {
  const { busy, error, run } = useAction()
  const remove = () =>
    run(async () => {
      await del(`/competitors/${r.id}`)
      onDone()
    })
  return (
    <tr data-testid={kind === 'competitor' ? 'competitor' : kind === 'own' ? 'own' : 'own-account'} data-id={r.id ?? ''} class={kind === 'own' ? 'row-total' : ''}>
      <td class="card-title">
        {kind === 'own' ? (
          <strong>Your accounts</strong>
        ) : (
          <>
            {r.platform && <PlatformBadge platform={r.platform} />}{' '}
            <a href={kind === 'account' ? `/accounts/${r.id}` : `/competitors/${r.id}`}>@{r.handle}</a>
            <div class="muted small">
              {kind === 'competitor' ? 'Competitor' : 'Yours'}
              {r.lastScrapedAt ? ` · scraped ${when(r.lastScrapedAt)}` : ' · not scraped yet'}
            </div>
          </>
        )}
      </td>
      <td class="num" data-label="Followers">
        {num(r.followers)}
      </td>
      <td class="num" data-label="Videos">
        {exact(r.videos)}
      </td>
      <td class="num" data-label="Average views" data-testid="average-views" data-value={r.averageViews ?? ''}>
        {num(r.averageViews)}
      </td>
      <td class="num" data-label="Engagement">
        {pct(r.engagementRate)}
      </td>
      <td class="num" data-label="Views gained, 7 days">
        {signed(r.viewsGained7d)}
      </td>
      <td class="num" data-label="Posts a week">
        {r.postsPerWeek.toFixed(1)}
      </td>
      <td class="num" data-label="Outliers" title="Posts with at least twice their account’s median views at the same age">
        {exact(r.outliers)} <span class="muted small">(median {times(r.medianMultiplier)})</span>
      </td>
      <td>
        {manage && kind === 'competitor' && (
          <button type="button" disabled={!!busy} onClick={remove}>
            {busy ? 'Removing…' : 'Remove'}
          </button>
        )}
        <ErrorNote error={error} />
      </td>
    </tr>
  )
}

// Versus charts the views gained per day of the workspace's accounts
// beside one competitor's, the one chosen (the first by default).
function Versus({ days, pick }: { days: number; pick: string }) {
  const r = useApi((s) => get<CompetitorsSeries>('/competitors/series', { days }, s), `competitors-series-${days}`)
  return (
    <Show r={r}>
      {(d) => {
        if (d.competitors.length === 0) return null
        const c = d.competitors.find((x) => x.id === pick) ?? d.competitors[0]
        return (
          <section class="card" aria-labelledby="versus-title">
            <div class="chart-head">
              <h2 id="versus-title">Views gained per day</h2>
              <label>
                <span class="sr-only">Competitor </span>
                <select value={c.id} onChange={(e) => setQuery({ vs: (e.target as HTMLSelectElement).value })} data-testid="versus-pick">
                  {d.competitors.map((x) => (
                    <option value={x.id}>@{x.handle}</option>
                  ))}
                </select>
              </label>
            </div>
            <div data-testid="versus-chart" data-own={d.own.reduce((n, x) => n + x, 0)} data-theirs={c.gained.reduce((n, x) => n + x, 0)}>
              <TimeChart
                label={`Views gained per day: your accounts and @${c.handle}`}
                granularity="day"
                times={d.times}
                series={[
                  { label: 'Your accounts', values: d.own },
                  { label: `@${c.handle}`, values: c.gained },
                ]}
                height={240}
              />
            </div>
          </section>
        )
      }}
    </Show>
  )
}

export default function CompetitorsPage({ query }: { query: URLSearchParams }) {
  const manage = canManage(useWorkspace())
  const days = Number(query.get('days')) || 30
  const r = useApi((s) => get<Competitors>('/competitors', { days }, s), `competitors-${days}`)
  return (
    <>
      <PageHeader title="Competitors" />
      <Updating r={r} />
      {manage && <AddForm onDone={r.reload} full={!!r.data && r.data.competitors.length >= r.data.maxCompetitors} />}
      <section class="card" aria-labelledby="compare-title">
        <div class="chart-head">
          <h2 id="compare-title">Side by side</h2>
          <a class="button" href={withQuery('/api/competitors/export', { days, bom: 'true' })} download data-testid="export-competitors">
            Export CSV
          </a>
          <div class="segmented" role="group" aria-label="Posts over">
            {SPANS.map((n) => (
              <button type="button" aria-pressed={n === days} class={n === days ? 'on' : ''} onClick={() => setQuery({ days: n === 30 ? null : String(n) })}>
                {n} days
              </button>
            ))}
          </div>
        </div>
        <Show r={r}>
          {(d) => (
            <>
              <table class="phone-cards" data-testid="comparison">
                <TableHead
                  cols={['Account', numCol('Followers'), numCol('Videos'), numCol('Average views'), numCol('Engagement'), numCol('Views gained, 7 days'),
                    numCol('Posts a week'), numCol('Outliers'), { label: 'Actions', hidden: true }]}
                />
                <tbody>
                  <Row r={d.own} kind="own" manage={false} onDone={r.reload} />
                  {d.accounts.map((a) => (
                    <Row r={a} kind="account" manage={false} onDone={r.reload} />
                  ))}
                  {d.competitors.map((c) => (
                    <Row r={c} kind="competitor" manage={manage} onDone={r.reload} />
                  ))}
                </tbody>
              </table>
              {d.competitors.length === 0 && (
                <p class="muted">No competitor yet{manage ? ': paste a competitor’s profile link above.' : '. Owners and admins add them.'}</p>
              )}
              <p class="muted small">
                Posts a week and outliers count the tracked videos published in the last {d.days} days; an outlier has at least twice its own
                account’s median views at the same age. {d.competitors.length} of {d.maxCompetitors} competitors.
              </p>
            </>
          )}
        </Show>
      </section>
      <Versus days={days} pick={query.get('vs') ?? ''} />
    </>
  )
}
