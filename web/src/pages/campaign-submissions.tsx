// A campaign's submissions (GET /api/campaigns/{id}/submissions): the
// managers' inbox of the posts its creators submitted, each with the checks
// it failed, accepted or rejected in bulk by owners and admins
// (POST /api/campaigns/{id}/submissions/review).
import { useState } from 'preact/hooks'
import { get, post } from '../api'
import { day } from '../format'
import { setQuery } from '../router'
import { canManage, useWorkspace } from '../session'
import type { Campaign, Submission, Submissions, SubmissionStatus } from '../types'
import { Empty, ErrorNote, PageHeader, Pager, PlatformBadge, Show, TableHead, Updating, useAction, useApi } from '../ui'
import { Failures, Requires, SUBMISSION_STATUS_TEXT, SubmissionBadge } from './submission-parts'

import { useSelection } from './organise'
const STATUSES: SubmissionStatus[] = ['pending', 'checking', 'accepted', 'rejected']
const LIMIT = 100

// Review is the bar of bulk actions over the selected submissions.
function Review({ id, selected, onDone }: { id: string; selected: Submission[]; onDone: () => void }) {
  const [reason, setReason] = useState('')
  const { busy, error, run } = useAction<'accept' | 'reject'>()
  const act = (action: 'accept' | 'reject') =>
    run(
      async () => {
        await post(`/campaigns/${encodeURIComponent(id)}/submissions/review`, {
          action,
          ids: selected.map((s) => s.id),
          ...(action === 'reject' && reason.trim() ? { reason: reason.trim() } : {}),
        })
        setReason('')
        onDone()
      },
      { key: action },
    )
  const acceptable = selected.filter((s) => s.status === 'pending').length
  const rejectable = selected.filter((s) => s.status !== 'rejected').length
  return (
    <div class="inbox-actions" role="group" aria-label="Review the selected submissions">
      <span class="muted small" data-testid="inbox-selected">
        {selected.length} selected
      </span>
      <button type="button" class="primary" disabled={!!busy || acceptable === 0 || acceptable !== selected.length} onClick={() => act('accept')} data-testid="inbox-accept">
        {busy === 'accept' ? 'Accepting…' : `Accept${acceptable ? ` ${acceptable}` : ''}`}
      </button>
      <label class="sr-only" for="inbox-reason">
        Reason for the creator
      </label>
      <input id="inbox-reason" type="text" maxLength={500} placeholder="Reason the creator sees (optional)" value={reason} onInput={(e) => setReason((e.target as HTMLInputElement).value)} />
      <button type="button" class="danger" disabled={!!busy || rejectable === 0 || rejectable !== selected.length} onClick={() => act('reject')} data-testid="inbox-reject">
        {busy === 'reject' ? 'Rejecting…' : `Reject${rejectable ? ` ${rejectable}` : ''}`}
      </button>
      <ErrorNote error={error} />
    </div>
  )
}

export default function CampaignSubmissions({ params, query }: { params: Record<string, string>; query: URLSearchParams }) {
  const id = params.id
  const manage = canManage(useWorkspace())
  const status = (query.get('status') ?? 'pending') as SubmissionStatus | 'any'
  const offset = Number(query.get('offset') ?? 0) || 0
  const qs = new URLSearchParams({ limit: String(LIMIT), offset: String(offset) })
  if (status !== 'any') qs.set('status', status)
  const campaign = useApi((s) => get<{ campaign: Campaign }>(`/campaigns/${encodeURIComponent(id)}`, undefined, s), id)
  const r = useApi((s) => get<Submissions>(`/campaigns/${encodeURIComponent(id)}/submissions?${qs}`, undefined, s), `submissions-${id}-${qs}`)
  const sel = useSelection(`submissions-${id}-${qs}`)
  const c = campaign.data?.campaign
  const reload = () => {
    sel.clear()
    r.reload()
  }
  return (
    <>
      <PageHeader title={c ? `Submissions to ${c.name}` : 'Submissions'}>
        <a href={`/campaigns/${encodeURIComponent(id)}`}>← The campaign</a>
      </PageHeader>
      {c && (
        <p class="muted small">
          {c.submissions === 'closed'
            ? 'The campaign does not take submissions now (its settings open them).'
            : c.submissions === 'auto'
              ? 'Posts that pass every check are accepted at once; the others wait here.'
              : 'Every checked post waits here for a person.'}{' '}
          Accepted posts enter the ledger, paid to their creator.
        </p>
      )}
      {c && <Requires c={c} />}
      <div class="portal-filter">
        <label for="inbox-status">Status</label>
        <select
          id="inbox-status"
          value={status}
          onChange={(e) => {
            sel.clear()
            setQuery({ status: (e.target as HTMLSelectElement).value, offset: null })
          }}
        >
          {STATUSES.map((s) => (
            <option value={s}>
              {SUBMISSION_STATUS_TEXT[s]}
              {r.data ? ` (${r.data.counts[s]})` : ''}
            </option>
          ))}
          <option value="any">Any</option>
        </select>
      </div>
      <Show r={r}>
        {(d) => {
          const selected = d.submissions.filter((s) => sel.ids.has(s.id))
          return d.submissions.length === 0 ? (
            <Empty title="No submissions">{status === 'pending' ? 'Nothing waits for review.' : 'No submission has this status.'}</Empty>
          ) : (
            <>
              {manage && selected.length > 0 && <Review id={id} selected={selected} onDone={reload} />}
              <div class="table-wrap">
                <table class="inbox-table" data-testid="inbox">
                  <TableHead cols={[{ label: 'Select', hidden: true }, { label: 'Post' }, { label: 'Creator' }, { label: 'Submitted' }, { label: 'Status and checks' }]} />
                  <tbody>
                    {d.submissions.map((s) => (
                      <tr data-testid="inbox-row" data-id={s.id} data-status={s.status}>
                        <td>
                          {manage && (
                            <input type="checkbox" aria-label={`Select ${s.url}`} checked={sel.ids.has(s.id)} onChange={() => sel.toggle(s.id)} />
                          )}
                        </td>
                        <td class="inbox-post">
                          <PlatformBadge platform={s.platform} />{' '}
                          <a href={s.url} rel="noopener noreferrer" target="_blank">
                            {s.caption || s.url}
                          </a>
                          <div class="muted small">
                            {s.accountHandle && `@${s.accountHandle}`}
                            {s.publishedAt && ` · posted ${day(s.publishedAt)}`}
                            {s.sound && ` · ♪ ${s.sound}`}
                          </div>
                        </td>
                        <td>{s.creator?.name}</td>
                        <td>{day(s.submittedAt)}</td>
                        <td>
                          <SubmissionBadge status={s.status} />
                          {s.decidedAt && <span class="muted small"> {s.decidedBy ? `by ${s.decidedBy}` : 'by the checks'}</span>}
                          <Failures s={s} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <Pager total={d.total} limit={LIMIT} offset={offset} onPage={(o) => setQuery({ offset: o ? String(o) : null })} />
            </>
          )
        }}
      </Show>
      <Updating r={r} />
    </>
  )
}
