// A creator's posts in one campaign (GET /api/creator/campaigns/{id}/posts),
// as cards on a phone: each post's views, status and amount, and why a line
// is held or rejected.
import { get } from '../api'
import { day, exact, platformName, when } from '../format'
import { setQuery } from '../router'
import type { CreatorPortal, CreatorPosts, LineStatus } from '../types'
import { Empty, PageHeader, Pager, Show, Updating, useApi } from '../ui'
import { Amount, HOLD_TEXT, LineStatusBadge, Quality, lineStatusLabel } from './campaign-parts'
import './portal.css'

const STATUSES: LineStatus[] = ['projected', 'locked', 'held', 'approved', 'rejected', 'paid']
const LIMIT = 50

export default function PortalPosts({ params, query }: { params: Record<string, string>; query: URLSearchParams }) {
  const status = query.get('status') ?? ''
  const offset = Number(query.get('offset') ?? 0) || 0
  const portal = useApi((s) => get<CreatorPortal>('/creator', undefined, s), 'creator-portal')
  const qs = new URLSearchParams({ limit: String(LIMIT), offset: String(offset) })
  if (status) qs.set('status', status)
  const r = useApi((s) => get<CreatorPosts>(`/creator/campaigns/${params.id}/posts?${qs}`, undefined, s), `creator-posts-${params.id}-${qs}`)
  const c = portal.data?.campaigns.find((x) => x.id === params.id)
  return (
    <>
      <PageHeader title={c ? c.name : 'My posts'}>
        <a href="/">← All my campaigns</a>
      </PageHeader>
      <div class="portal-filter">
        <label for="portal-status">Status</label>
        <select id="portal-status" value={status} onChange={(e) => setQuery({ status: (e.target as HTMLSelectElement).value || null, offset: null })}>
          <option value="">Any</option>
          {STATUSES.map((s) => (
            <option value={s}>{lineStatusLabel(s)}</option>
          ))}
        </select>
      </div>
      <Show r={r}>
        {(d) =>
          d.posts.length === 0 ? (
            <Empty title="No posts">{status ? 'None of your posts in this campaign has this status.' : 'You have no posts in this campaign.'}</Empty>
          ) : (
            <>
              <ul class="portal-posts" data-testid="portal-posts">
                {d.posts.map((p) => (
                  <li class="card portal-post" data-testid="portal-post" data-id={p.videoId}>
                    <div class="portal-post-head">
                      <a href={p.url} rel="noopener noreferrer" target="_blank">
                        {p.caption || `${platformName(p.platform)} post`}
                      </a>
                      <LineStatusBadge status={p.status} />
                    </div>
                    <dl class="facts">
                      <dt>Earns</dt>
                      <dd data-testid="post-amount">{c ? <Amount v={p.amount} c={c} projected={p.status === 'projected'} /> : exact(p.amount)}</dd>
                      <dt>Views</dt>
                      <dd>{exact(p.views)}</dd>
                      <dt>Posted</dt>
                      <dd>{p.publishedAt ? day(p.publishedAt) : 'unknown'}</dd>
                      <dt>{p.status === 'projected' ? 'Counts until' : 'Counted until'}</dt>
                      <dd>{when(p.windowEnd)}</dd>
                      {p.paidAt && (
                        <>
                          <dt>Paid</dt>
                          <dd>{day(p.paidAt)}</dd>
                        </>
                      )}
                    </dl>
                    {p.quality !== null && <Quality q={p.quality} />}
                    {p.validatingUntil && <p class="muted small">Counting ended; the amount is fixed {when(p.validatingUntil)}.</p>}
                    {p.holdReason && <p class="muted small">Held: {HOLD_TEXT[p.holdReason as keyof typeof HOLD_TEXT] ?? p.holdReason}</p>}
                    {p.rejectReason && <p class="muted small">Rejected: {p.rejectReason}</p>}
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
