// Collections: groups of tracked videos and accounts (a link joins one when
// tracked into it). Create, rename, delete, and open each one's videos or
// overview.
import { useState } from 'preact/hooks'
import { ApiError, del, get, patch, post } from '../api'
import { day, exact, num } from '../format'
import type { Collection, CollectionList } from '../types'
import { Confirm, Empty, PageHeader, Show, Stale, TableHead, Time, Updating, numCol, useAction, useApi, useQuestion } from '../ui'
import { InlineError } from './account-actions'
import './collections.css'

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
        Up to 100 characters, unique in the workspace. Track links into it from the <a href="/track">Track</a> page.
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

function Row({ c, metrics, reload }: { c: Collection; metrics: boolean; reload: () => void }) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(c.name)
  const { busy, error, setError, run } = useAction()
  const question = useQuestion()
  const [deleteBlocked, setDeleteBlocked] = useState(false)

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
    setDeleteBlocked(false)
    run(async () => {
      await patch<Collection>(`/collections/${c.id}`, { name: n })
      setEditing(false)
      reload()
    })
  }

  const remove = async () => {
    setDeleteBlocked(false)
    const failed = await run(async () => {
      await del(`/collections/${c.id}`)
      reload()
    })
    setDeleteBlocked(failed?.status === 409)
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
        <InlineError error={error} />
        {deleteBlocked && (
          <p class="small">
            <a href="/alerts">Open alert rules</a> to delete or re-scope the rules of this collection.
          </p>
        )}
      </td>
      <td class="num" data-testid="videos" data-value={c.videos}>
        {exact(c.videos)}
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
          {!editing && (
            <button type="button" disabled={!!busy} onClick={() => setEditing(true)} aria-label={`Rename ${c.name}`}>
              Rename
            </button>
          )}
          <button type="button" class="danger-outline" disabled={!!busy} onClick={question.ask} aria-label={`Delete ${c.name}`}>
            Delete
          </button>
        </div>
        <Confirm question={question} title={`Delete “${c.name}”?`} confirm="Delete collection" onConfirm={remove}>
          <p>
            The collection is deleted. Its {exact(c.videos)} {c.videos === 1 ? 'video' : 'videos'} and {exact(c.accounts)}{' '}
            {c.accounts === 1 ? 'account' : 'accounts'} are not removed: they stay tracked, with their history, in no collection.
          </p>
          <p class="muted">If alert rules are limited to this collection, delete them or change their scope first.</p>
        </Confirm>
      </td>
    </tr>
  )
}

export default function Collections() {
  const r = useApi((s) => get<CollectionList>('/collections', undefined, s), 'collections')
  return (
    <>
      <PageHeader title="Collections" />
      <CreateForm onCreated={r.reload} />
      <Show r={r}>
        {(d) =>
          d.collections.length === 0 ? (
            <Empty title="No collections yet">
              Create one above to group videos and accounts (for example one per campaign or client), then pick it when you track links on the{' '}
              <a href="/track">Track</a> page.
            </Empty>
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
                      <Row key={c.id} c={c} metrics={d.metricsAvailable} reload={r.reload} />
                    ))}
                  </tbody>
                </table>
              </div>
              <p class="muted small">Videos include those found through the collection's accounts; views are their latest views, summed.</p>
            </Stale>
          )
        }
      </Show>
      <Updating r={r} />
    </>
  )
}
