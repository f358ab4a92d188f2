// Collections: groups of tracked videos and accounts (a link joins one when
// tracked into it), each with its counted videos and views and the posts
// kept apart. Create, rename, delete (for a campaign's collection: end the
// campaign), and open each one's videos or overview.
import { useEffect, useRef, useState } from 'preact/hooks'
import { ApiError, del, get, patch, post } from '../api'
import { day, exact, num } from '../format'
import { canManage, isClient, useWorkspace } from '../session'
import type { CampaignPage, Collection, CollectionList } from '../types'
import { Confirm, Empty, FormError, PageHeader, Show, Spinner, Stale, TableHead, Time, Updating, numCol, useAction, useApi, useQuestion } from '../ui'
import { InlineError } from './account-actions'
import { money } from './campaign-parts'
import './collections.css'

const count = (n: number, one: string, many: string) => `${exact(n)} ${n === 1 ? one : many}`

// apartText says which of a collection's posts are kept apart from its
// counts: "+ 12 beyond the limit · 4 not the accounts' own, not counted".
function apartText(c: Collection): string {
  const parts: string[] = []
  if (c.beyondLimit > 0) parts.push(`${exact(c.beyondLimit)} beyond the limit`)
  if (c.notOwn > 0) parts.push(`${exact(c.notOwn)} not the accounts’ own`)
  return parts.length ? `+ ${parts.join(' · ')}, not counted` : ''
}

// EndCampaign is the delete dialog of a campaign's collection: deleting it
// ends the campaign, so the dialog reads the campaign and says what ending
// it does. Only owners and admins may; a member is told why not.
function EndCampaign({ c, manage, onCancel, onEnded }: { c: Collection; manage: boolean; onCancel: () => void; onEnded: (name: string) => void }) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    ref.current?.showModal()
  }, [])
  const r = useApi((s) => get<CampaignPage>(`/campaigns/${encodeURIComponent(c.id)}`, undefined, s), c.id)
  const { busy, error, run } = useAction()
  const d = r.data
  const k = d?.campaign
  const name = k?.name ?? c.name
  const end = () =>
    run(
      async () => {
        await del(`/collections/${encodeURIComponent(c.id)}`)
        onEnded(name)
      },
      { stay: true },
    )
  const titleId = `end-${c.id}-title`
  return (
    <dialog ref={ref} class="dialog end-dialog" aria-labelledby={titleId} data-testid="end-campaign" onCancel={onCancel} onClose={onCancel}>
      <h2 id={titleId}>{manage ? `Delete “${c.name}” and end its campaign?` : `“${c.name}” is a campaign`}</h2>
      {r.error ? (
        <FormError error={r.error} say={(m) => `The campaign could not be read: ${m}`} />
      ) : !d || !k ? (
        <Spinner label="Reading the campaign…" />
      ) : (
        <>
          <p>
            This collection is the campaign <a href={`/campaigns/${encodeURIComponent(k.id)}`}>{k.name}</a>: deleting it ends the campaign.
          </p>
          <dl class="facts end-facts" data-testid="end-facts">
            <dt>Budget</dt>
            <dd data-testid="end-budget" data-value={k.budget}>
              {k.budget > 0 ? money(k.budget, k) : 'none'}
            </dd>
            <dt>Committed</dt>
            <dd data-testid="end-committed" data-value={k.spend.committed}>
              {money(k.spend.committed, k)}
              <span class="muted"> · {count(d.counts.locked + d.counts.held + d.counts.approved + d.counts.paid + d.counts.rejected, 'locked line', 'locked lines')}</span>
            </dd>
            <dt>Projected</dt>
            <dd data-testid="end-projected" data-value={k.spend.projected ?? ''}>
              {money(k.spend.projected ?? 0, k)}
              <span class="muted"> · {count(d.counts.projected, 'line', 'lines')} still counting</span>
            </dd>
          </dl>
          <p class="end-effects-intro">{manage ? 'Ending it now:' : 'If an owner or admin ends it:'}</p>
          <ul class="end-effects">
            <li>
              Every line not locked yet locks now: those whose counting windows have closed, at the views counted then; the others are held for a check
              (campaign ended) at their views now.
            </li>
            <li>The ledger is kept on the campaign’s page, read-only: its lines can still be reviewed, paid and exported; its settings and rules no longer change.</li>
            <li>
              The collection’s {count(c.videos, 'video', 'videos')} and {count(c.accounts, 'account', 'accounts')} stay tracked, with their history, in no
              collection.
            </li>
          </ul>
        </>
      )}
      {!manage && (
        <p class="end-refused" data-testid="end-refused">
          Only owners and admins can end a campaign, so only they can delete this collection. Ask one of them.
        </p>
      )}
      {error && <FormError error={error} />}
      <div class="actions">
        <button type="button" onClick={onCancel} disabled={!!busy}>
          {manage ? 'Cancel' : 'Close'}
        </button>
        {manage && (
          <button type="button" class="danger" onClick={end} disabled={!!busy || !d} data-testid="end-confirm">
            {busy ? 'Ending…' : 'End the campaign and delete the collection'}
          </button>
        )}
      </div>
    </dialog>
  )
}

function CreateForm({ onCreated }: { onCreated: () => void }) {
  const [name, setName] = useState('')
  const { busy, error, setError, run } = useAction()
  const [created, setCreated] = useState('')
  const submit = (e: Event) => {
    e.preventDefault()
    setCreated('')
    const n = name.trim()
    if (!n) {
      setError(new ApiError(400, 'invalid_request', 'Give the collection a name.'))
      return
    }
    run(async () => {
      const c = await post<Collection>('/collections', { name: n })
      setName('')
      setCreated(c.name)
      onCreated()
    })
  }
  return (
    <form class="card" aria-label="New collection" onSubmit={submit} noValidate>
      <h2>New collection</h2>
      <div class="form-row">
        <label>
          Name
          <input
            name="name"
            maxLength={100}
            required
            value={name}
            placeholder="e.g. Summer campaign"
            onInput={(e) => setName((e.target as HTMLInputElement).value)}
            aria-invalid={!!error}
            aria-describedby="new-collection-hint"
          />
        </label>
        <button type="submit" class="primary" disabled={!!busy}>
          {busy ? 'Creating…' : 'Create collection'}
        </button>
      </div>
      <small id="new-collection-hint" class="muted">
        Up to 100 characters, unique in the workspace. Track links into it from the <a href="/track">Track</a> page, or move what is already tracked
        into it from <a href="/videos">Videos</a> and <a href="/accounts">Accounts</a> (select the rows, then Move).
      </small>
      <InlineError error={error} />
      {created && (
        <p role="status" class="up">
          Created “{created}”.
        </p>
      )}
    </form>
  )
}

function Row({ c, metrics, manage, reload, onEnded }: { c: Collection; metrics: boolean; manage: boolean; reload: () => void; onEnded: (name: string) => void }) {
  // a client viewer reads: it opens the collection's numbers (and its
  // campaign when shown payouts) and changes nothing
  const ws = useWorkspace()
  const client = isClient(ws)
  const [editing, setEditing] = useState(false)
  const [ending, setEnding] = useState(false)
  const [name, setName] = useState(c.name)
  const { busy, error, setError, run } = useAction()
  const question = useQuestion()
  // the alert rules scoped to the collection, once a delete was refused
  // for them (409 collection_has_alert_rules, whose message says how many)
  const [rulesBlock, setRulesBlock] = useState(false)

  const rename = (e: Event) => {
    e.preventDefault()
    const n = name.trim()
    if (!n) {
      setError(new ApiError(400, 'invalid_request', 'The name cannot be empty.'))
      return
    }
    if (n === c.name) {
      setEditing(false)
      return
    }
    setRulesBlock(false)
    run(async () => {
      await patch<Collection>(`/collections/${c.id}`, { name: n })
      setEditing(false)
      reload()
    })
  }

  const remove = async () => {
    setRulesBlock(false)
    const failed = await run(async () => {
      await del(`/collections/${c.id}`)
      reload()
    })
    setRulesBlock(failed?.code === 'collection_has_alert_rules')
  }

  const q = encodeURIComponent(c.id)
  return (
    <tr data-testid="row" data-id={c.id}>
      <td>
        {editing ? (
          <form class="rename-form" onSubmit={rename} aria-label={`Rename ${c.name}`} noValidate>
            <input
              name="name"
              maxLength={100}
              value={name}
              aria-label={`New name for ${c.name}`}
              onInput={(e) => setName((e.target as HTMLInputElement).value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  setEditing(false)
                  setName(c.name)
                  setError(null)
                }
              }}
              ref={(el) => el?.focus()}
            />
            <button type="submit" disabled={!!busy}>
              {busy ? 'Saving…' : 'Save'}
            </button>
            <button
              type="button"
              disabled={!!busy}
              onClick={() => {
                setEditing(false)
                setName(c.name)
                setError(null)
              }}
            >
              Cancel
            </button>
          </form>
        ) : (
          <strong class="collection-name" title={c.name}>
            {c.name}
          </strong>
        )}
        {c.campaign && (!client || ws?.clientPayouts) && (
          <a class="badge collection-campaign" href={`/campaigns/${q}`} data-testid="campaign" title="This collection is a campaign: open it">
            Campaign
          </a>
        )}
        <InlineError error={error} />
        {rulesBlock && (
          <p class="small" data-testid="rules-hint">
            <a href="/alerts">Open alert rules</a> to delete the rules of this collection or change their scope, then delete it.
          </p>
        )}
      </td>
      <td class="num" data-testid="videos" data-value={c.videos}>
        {exact(c.videos)}
        {apartText(c) && (
          <div class="muted small collection-apart" data-testid="apart" data-beyond={c.beyondLimit} data-not-own={c.notOwn}>
            {apartText(c)}
          </div>
        )}
      </td>
      <td class="num" data-testid="accounts" data-value={c.accounts}>
        {exact(c.accounts)}
      </td>
      <td class="num" data-testid="views" data-value={c.views ?? ''} title={c.views === null ? (metrics ? 'no views yet' : 'temporarily unavailable') : exact(c.views)}>
        {num(c.views)}
      </td>
      <td>
        <Time at={c.createdAt} show={day} />
      </td>
      <td>
        <div class="row-actions">
          <a href={`/videos?collectionId=${q}`}>Videos</a>
          <a href={`/?collectionId=${q}`}>Overview</a>
          <a href={`/accounts?collectionId=${q}`}>Accounts</a>
          {!editing && !client && (
            <button type="button" disabled={!!busy} onClick={() => setEditing(true)} aria-label={`Rename ${c.name}`}>
              Rename
            </button>
          )}
          {!client && (
            <button type="button" class="danger-outline" disabled={!!busy} onClick={c.campaign ? () => setEnding(true) : question.ask} aria-label={`Delete ${c.name}`}>
              Delete
            </button>
          )}
        </div>
        {ending && (
          <EndCampaign
            c={c}
            manage={manage}
            onCancel={() => setEnding(false)}
            onEnded={(name) => {
              setEnding(false)
              onEnded(name)
              reload()
            }}
          />
        )}
        <Confirm question={question} title={`Delete “${c.name}”?`} confirm="Delete collection" onConfirm={remove}>
          <p>
            The collection is deleted. Its {exact(c.videos)} {c.videos === 1 ? 'video' : 'videos'} and {exact(c.accounts)}{' '}
            {c.accounts === 1 ? 'account' : 'accounts'} are not removed: they stay tracked, with their history, in no collection.
          </p>
        </Confirm>
      </td>
    </tr>
  )
}

export default function Collections() {
  const r = useApi((s) => get<CollectionList>('/collections', undefined, s), 'collections')
  const ws = useWorkspace()
  const manage = canManage(ws)
  const client = isClient(ws)
  const [ended, setEnded] = useState<{ id: string; name: string } | null>(null)
  return (
    <>
      <PageHeader title="Collections" />
      {ended && (
        <p class="collection-ended" role="status" data-testid="campaign-ended">
          Ended the campaign “{ended.name}” and deleted its collection. Its ledger is kept, read-only:{' '}
          <a href={`/campaigns/${encodeURIComponent(ended.id)}`}>open the campaign</a>.
        </p>
      )}
      {client ? (
        <p class="muted">The collections of the workspace you are shown, with their numbers. Open one’s videos, overview or accounts.</p>
      ) : (
        <CreateForm onCreated={r.reload} />
      )}
      <Show r={r}>
        {(d) =>
          d.collections.length === 0 ? (
            client ? (
              <Empty title="No collections yet">The workspace’s team has not grouped anything you can see into a collection.</Empty>
            ) : (
              <Empty title="No collections yet">
                Create one above to group videos and accounts (for example one per campaign or client), then pick it when you track links on the{' '}
                <a href="/track">Track</a> page, or move tracked videos and accounts into it from <a href="/videos">Videos</a> and{' '}
                <a href="/accounts">Accounts</a>: select the rows, then Move. An account's videos move with it.
              </Empty>
            )
          ) : (
            <Stale r={r}>
              {!d.metricsAvailable && (
                <div class="notice" role="status">
                  Views are temporarily unavailable (shown as “—”); videos and accounts are counted. Try again in a few minutes.{' '}
                  <button type="button" class="link" onClick={r.reload}>
                    Reload
                  </button>
                </div>
              )}
              <div class="table-wrap">
                <table data-testid="collections-table" aria-label="Collections">
                  <TableHead scoped cols={['Name', numCol('Videos'), numCol('Accounts'), numCol('Views'), 'Created', 'Actions']} />
                  <tbody>
                    {d.collections.map((c) => (
                      <Row key={c.id} c={c} metrics={d.metricsAvailable} manage={manage} reload={r.reload} onEnded={(name) => setEnded({ id: c.id, name })} />
                    ))}
                  </tbody>
                </table>
              </div>
              <p class="muted small">
                Videos are the counted ones, those found through the collection’s accounts included; views are their latest views, summed. Posts beyond
                an account’s tracking limit and posts that are not the accounts’ own (reposts, quotes, replies) are kept and shown apart, not counted.
              </p>
            </Stale>
          )
        }
      </Show>
      <Updating r={r} />
    </>
  )
}
