// A competitor's panel (GET /api/competitors/{id}, docs/competitors.md):
// the account page's figures, series and videos for an account tracked as
// a competitor, without the actions of the workspace's own accounts.
import { get } from '../api'
import type { AccountAnalytics } from '../types'
import { Empty, PageHeader, Show, Stale, Updating, useApi } from '../ui'
import { Panel } from './account'
import { accountName } from './account-actions'

export default function CompetitorPage({ params, query }: { params: Record<string, string>; query: URLSearchParams }) {
  const granularity = query.get('granularity') === 'hour' ? 'hour' : 'day'
  const id = params.id
  const r = useApi((s) => get<AccountAnalytics>(`/competitors/${encodeURIComponent(id)}`, { granularity: granularity === 'hour' ? 'hour' : undefined }, s), id + granularity)
  const title = r.data && r.data.account.id === id ? accountName(r.data.account) : 'Competitor'
  return (
    <>
      <PageHeader title={title}>
        <a href="/competitors">← All competitors</a>
      </PageHeader>
      {r.error?.status === 404 || r.error?.status === 400 ? (
        <Empty title="Competitor not found">
          It may have been removed, or it is another workspace’s. See <a href="/competitors">your competitors</a>.
        </Empty>
      ) : (
        <Show r={r}>
          {(d) => (
            <Stale r={r}>
              <Panel d={d} reload={r.reload} competitor />
            </Stale>
          )}
        </Show>
      )}
      <Updating r={r} />
    </>
  )
}
