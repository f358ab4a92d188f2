// A creator's submissions to one campaign (GET and POST
// /api/creator/campaigns/{id}/submissions), phone first: a box to paste
// post links into, then each post submitted with its status and the checks
// it failed.
import { useState } from 'preact/hooks'
import { get, post } from '../api'
import { day, platformName } from '../format'
import { setQuery } from '../router'
import type { CreatorPortal, Submissions, SubmissionStatus, SubmitResults } from '../types'
import { Empty, ErrorNote, PageHeader, Pager, Show, Updating, useAction, useApi } from '../ui'
import { Failures, Requires, SUBMISSION_STATUS_TEXT, SubmissionBadge } from './submission-parts'
import './portal.css'

const STATUSES: SubmissionStatus[] = ['checking', 'pending', 'accepted', 'rejected']
const LIMIT = 50
const MAX_URLS = 20

function SubmitForm({ id, onDone }: { id: string; onDone: () => void }) {
  const [text, setText] = useState('')
  const [result, setResult] = useState<SubmitResults | null>(null)
  const { busy, error, run } = useAction()
  const urls = text
    .split(/\s+/)
    .map((u) => u.trim())
    .filter(Boolean)
  const submit = (e: Event) => {
    e.preventDefault()
    if (urls.length === 0 || urls.length > MAX_URLS) return
    run(async () => {
      const r = await post<SubmitResults>(`/creator/campaigns/${encodeURIComponent(id)}/submissions`, { urls })
      setResult(r)
      // the links taken leave the box; those not taken stay, to be fixed
      setText(
        r.results
          .filter((x) => x.error)
          .map((x) => x.url)
          .join('\n'),
      )
      onDone()
    })
  }
  return (
    <form class="card portal-submit" aria-label="Submit posts" onSubmit={submit} noValidate>
      <label for="submit-urls">Links of your posts, one per line</label>
      <textarea
        id="submit-urls"
        name="urls"
        rows={4}
        placeholder="https://www.tiktok.com/@you/video/…"
        value={text}
        onInput={(e) => setText((e.target as HTMLTextAreaElement).value)}
        aria-describedby="submit-urls-hint"
      />
      <small id="submit-urls-hint" class={urls.length > MAX_URLS ? 'field-error' : 'muted'}>
        {urls.length > MAX_URLS ? `At most ${MAX_URLS} links at once: ${urls.length} here.` : 'Each post is checked once it is scraped, within minutes.'}
      </small>
      <div class="actions">
        <button type="submit" class="primary" disabled={!!busy || urls.length === 0 || urls.length > MAX_URLS}>
          {busy ? 'Submitting…' : urls.length > 1 ? `Submit ${urls.length} posts` : 'Submit'}
        </button>
      </div>
      <ErrorNote error={error} />
      {result && (
        <ul class="portal-submitted" role="status" data-testid="submit-results">
          {result.results.map((r) => (
            <li data-testid="submit-result">
              <span class="portal-url">{r.url}</span>{' '}
              {r.error ? <span class="field-error">Not taken: {r.error.message}</span> : r.status && <SubmissionBadge status={r.status} />}
              {r.failures.length > 0 && <Failures s={{ failures: r.failures, status: r.status ?? 'rejected', rejectReason: '' }} />}
            </li>
          ))}
        </ul>
      )}
    </form>
  )
}

export default function PortalSubmissions({ params, query }: { params: Record<string, string>; query: URLSearchParams }) {
  const status = (query.get('status') ?? '') as SubmissionStatus | ''
  const offset = Number(query.get('offset') ?? 0) || 0
  const portal = useApi((s) => get<CreatorPortal>('/creator', undefined, s), 'creator-portal')
  const qs = new URLSearchParams({ limit: String(LIMIT), offset: String(offset) })
  if (status) qs.set('status', status)
  const r = useApi((s) => get<Submissions>(`/creator/campaigns/${params.id}/submissions?${qs}`, undefined, s), `creator-submissions-${params.id}-${qs}`)
  const c = portal.data?.campaigns.find((x) => x.id === params.id)
  const open = c && c.submissions !== 'closed' && !c.endedAt
  const checking = (r.data?.counts.checking ?? 0) > 0
  return (
    <>
      <PageHeader title={c ? `Submit to ${c.name}` : 'My submissions'}>
        <a href="/">← All my campaigns</a>
      </PageHeader>
      {c && (
        <div class="portal-intro">
          <p class="muted small">
            {c.platforms.map(platformName).join(', ')} posts of your own accounts, posted from {day(c.startsAt)}
            {c.endsAt ? ` until ${day(c.endsAt)}` : ''}.{c.submissions === 'auto' ? ' A post that passes every check is accepted at once.' : ' The team reviews each post once it is checked.'}
          </p>
          <Requires c={c} />
        </div>
      )}
      {open ? <SubmitForm id={params.id} onDone={r.reload} /> : c && <p class="notice">This campaign does not take submitted posts now.</p>}
      <div class="portal-filter">
        <label for="submission-status">Status</label>
        <select id="submission-status" value={status} onChange={(e) => setQuery({ status: (e.target as HTMLSelectElement).value || null, offset: null })}>
          <option value="">Any</option>
          {STATUSES.map((s) => (
            <option value={s}>{SUBMISSION_STATUS_TEXT[s]}</option>
          ))}
        </select>
        {checking && (
          <button type="button" class="link" onClick={r.reload}>
            Check again
          </button>
        )}
      </div>
      <Show r={r}>
        {(d) =>
          d.submissions.length === 0 ? (
            <Empty title="No submissions">{status ? 'None of your submissions has this status.' : 'Posts you submit to this campaign show here with their checks.'}</Empty>
          ) : (
            <>
              <ul class="portal-posts" data-testid="portal-submissions">
                {d.submissions.map((s) => (
                  <li class="card portal-post" data-testid="portal-submission" data-id={s.id} data-status={s.status}>
                    <div class="portal-post-head">
                      <a href={s.url} rel="noopener noreferrer" target="_blank">
                        {s.caption || `${platformName(s.platform)} post`}
                      </a>
                      <SubmissionBadge status={s.status} />
                    </div>
                    <p class="muted small">
                      Submitted {day(s.submittedAt)}
                      {s.accountHandle && ` · by @${s.accountHandle}`}
                      {s.publishedAt && ` · posted ${day(s.publishedAt)}`}
                    </p>
                    {s.status === 'checking' && <p class="muted small">Waiting for its first scrape.</p>}
                    <Failures s={s} />
                  </li>
                ))}
              </ul>
              <Pager total={d.total} limit={LIMIT} offset={offset} onPage={(o) => setQuery({ offset: o ? String(o) : null })} />
            </>
          )
        }
      </Show>
      <Updating r={r} />
    </>
  )
}
