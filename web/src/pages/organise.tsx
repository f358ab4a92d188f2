// Organising what is tracked after the fact: move into a collection, pause,
// resume, refresh now and remove — one video from its page, one account
// from its page, or many rows of the Videos and Accounts lists at once
// (POST /api/items/bulk).
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { ApiError, post, toApiError, waitText } from '../api'
import { CollectionSelect, useCollections } from '../filters'
import { isClient, loadWorkspace, useWorkspace } from '../session'
import type { OrganiseAction, OrganiseRequest, OrganiseResult, Video } from '../types'
import { Confirm, useAction, useQuestion } from '../ui'
import { InlineError } from './account-actions'
import './organise.css'

export type BulkAction = OrganiseAction

// Selection names the items an action applies to: ids, or every item the
// list shows for its filter (the list's query parameters).
export interface Selection {
  videoIds?: string[]
  accountIds?: string[]
  videosMatching?: Record<string, string>
  accountsMatching?: Record<string, string>
}

// BulkResult is an answer with the action it answers: the one asked for.
type BulkResult = OrganiseResult & { action: BulkAction }

async function bulk(action: BulkAction, sel: Selection, collectionId?: string | null): Promise<BulkResult> {
  const body: OrganiseRequest = { action }
  if (sel.videoIds?.length) body.video_ids = sel.videoIds
  if (sel.accountIds?.length) body.account_ids = sel.accountIds
  if (sel.videosMatching) body.videos_matching = sel.videosMatching
  if (sel.accountsMatching) body.accounts_matching = sel.accountsMatching
  if (action === 'move') body.collection_id = collectionId ?? null
  return { ...(await post<OrganiseResult>('/items/bulk', body)), action }
}

function plural(n: number, one: string, many = one + 's'): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`
}

// followedText says which of the moved accounts' videos moved with them
// and which of those count: " and 61 of their videos (14 counted; 47
// beyond the accounts' tracking limits, not counted)".
function followedText(r: BulkResult): string {
  const one = r.accounts === 1
  const n = (k: number) => k.toLocaleString('en-US')
  const parts: string[] = []
  if (r.followedCounted) parts.push(`${n(r.followedCounted)} counted`)
  if (r.followedBeyondLimit) parts.push(`${n(r.followedBeyondLimit)} beyond ${one ? "the account's tracking limit" : "the accounts' tracking limits"}, not counted`)
  if (r.followedNotOwn) parts.push(`${n(r.followedNotOwn)} not ${one ? "the account's" : "the accounts'"} own ${r.followedNotOwn === 1 ? 'post' : 'posts'}, not counted`)
  const detail = parts.length ? ` (${parts.join('; ')})` : ''
  if (r.videos) return `, and ${plural(r.followed, 'video')} of ${one ? "the account's" : "the accounts'"} with ${one ? 'it' : 'them'}${detail}`
  return ` and ${n(r.followed)} of ${one ? 'its' : 'their'} ${r.followed === 1 ? 'video' : 'videos'}${detail}`
}

// what says what an answer changed, in words.
function what(r: BulkResult): string {
  const parts: string[] = []
  if (r.accounts) parts.push(plural(r.accounts, 'account'))
  if (r.videos) parts.push(plural(r.videos, 'video'))
  const items = parts.join(' and ') || 'nothing'
  const verb = { pause: 'Paused', resume: 'Resumed', remove: 'Removed', refresh: 'Refreshing', move: 'Moved' }[r.action]
  let s = `${verb} ${items}`
  if (r.action === 'move' && r.followed) s += followedText(r)
  if (r.unchanged) s += `; ${plural(r.unchanged, 'item')} left as ${r.unchanged === 1 ? 'it was' : 'they were'}`
  if (r.action === 'refresh' && r.refreshesLeft !== undefined) s += `. ${plural(r.refreshesLeft, 'refresh', 'refreshes')} left today`
  return s + '.'
}

// errorOf words a refused action, with the wait of a quota.
function errorOf(e: unknown): ApiError {
  const err = toApiError(e)
  if (err.status === 429 && err.retryAfter !== null && /quota/i.test(err.message)) {
    return new ApiError(429, err.code, `${err.message.replace(/[.]$/, '')}; more can be refreshed ${waitText(err.retryAfter)}`)
  }
  return err
}

// Organise is the row of controls for one selection: move to a
// collection, and the actions the caller allows. onDone runs after a
// change (the caller reloads what it shows).
export function Organise({
  sel,
  label,
  count,
  actions,
  current,
  onDone,
  children,
  removeText,
}: {
  sel: Selection
  // label names the selection in questions and answers: "this video",
  // "12 videos"
  label: string
  // count is how many items the selection holds (for the questions)
  count: number
  actions: BulkAction[]
  // current is the collection the items are in, when they share one
  current?: string | null
  onDone: (r: BulkResult) => void
  children?: ComponentChildren
  removeText?: ComponentChildren
}) {
  const ws = useWorkspace()
  const cols = useCollections()
  const { busy, error, setError, run: send } = useAction<BulkAction>()
  const [done, setDone] = useState('')
  const question = useQuestion()
  const [target, setTarget] = useState('')
  const uid = label.replace(/\W+/g, '-')

  const run = (action: BulkAction, collection?: string) => {
    setDone('')
    return send(
      async () => {
        const r = await bulk(action, sel, collection === 'none' ? null : collection)
        setDone(what(r))
        loadWorkspace().catch(() => {})
        onDone(r)
      },
      { key: action, wrap: errorOf },
    )
  }
  const move = (e: Event) => {
    e.preventDefault()
    if (!target) {
      setError(new ApiError(400, 'invalid_request', 'Choose a collection to move into.'))
      return
    }
    run('move', target).then(() => setTarget(''))
  }
  const stillCurrent = target !== '' && (target === 'none' ? current === null : target === current)
  if (isClient(ws)) return null
  return (
    <div class="organise" data-testid="organise">
      {actions.includes('move') && (
        <form class="organise-move" onSubmit={move} aria-label={`Collection of ${label}`}>
          <label for={`move-${uid}`}>Collection</label>
          <div class="organise-row">
            <CollectionSelect cols={cols} untitled none="Move to…" id={`move-${uid}`} value={target} onPick={setTarget} disabled={!!busy || !cols.data}>
              <option value="none">No collection</option>
            </CollectionSelect>
            <button type="submit" disabled={!!busy || !target || stillCurrent} data-testid="move">
              {busy === 'move' ? 'Moving…' : 'Move'}
            </button>
          </div>
        </form>
      )}
      <div class="organise-row organise-buttons">
        {actions.includes('pause') && (
          <button type="button" disabled={!!busy} onClick={() => run('pause')} data-testid="bulk-pause" title="Stop refreshing (still counts against the video limit)">
            {busy === 'pause' ? 'Pausing…' : 'Pause'}
          </button>
        )}
        {actions.includes('resume') && (
          <button type="button" disabled={!!busy} onClick={() => run('resume')} data-testid="bulk-resume" title="Refresh again on the plan's schedule">
            {busy === 'resume' ? 'Resuming…' : 'Resume'}
          </button>
        )}
        {actions.includes('refresh') && (
          <button
            type="button"
            disabled={!!busy}
            onClick={() => run('refresh')}
            data-testid="refresh-now"
            title={ws ? `Scrape now, whatever the schedule: ${ws.manualRefreshesPerDay} items a day on your plan` : 'Scrape now'}
          >
            {busy === 'refresh' ? 'Queuing…' : 'Refresh now'}
          </button>
        )}
        {actions.includes('remove') && (
          <button type="button" class="danger-outline" disabled={!!busy} onClick={question.ask} data-testid="bulk-remove">
            {busy === 'remove' ? 'Removing…' : 'Remove'}
          </button>
        )}
        {children}
      </div>
      <InlineError error={error} />
      {done && (
        <p class="organise-done" role="status">
          {done}
        </p>
      )}
      <Confirm
        question={question}
        title={`Remove ${label}?`}
        confirm={count === 1 ? 'Remove' : `Remove ${count.toLocaleString('en-US')}`}
        onConfirm={() => run('remove')}
      >
        {removeText ?? (
          <p>
            {count === 1 ? 'It leaves' : 'They leave'} the lists, the overview and exports, {count === 1 ? 'is' : 'are'} no longer refreshed and{' '}
            {count === 1 ? 'stops' : 'stop'} counting against your video limit.
          </p>
        )}
        <p class="muted">Nothing is deleted: the history is kept, and tracking a link again brings it back.</p>
      </Confirm>
    </div>
  )
}

// VideoActions organises one video from its page; onRemoved runs once it
// is removed (the page then has nothing to show).
export function VideoActions({ v, onChanged, onRemoved }: { v: Video; onChanged: () => void; onRemoved: () => void }) {
  if (isClient(useWorkspace())) return null
  const actions: BulkAction[] = ['move']
  if (v.status === 'paused') actions.push('resume')
  else if (v.status !== 'beyond_limit') actions.push('pause', 'refresh')
  actions.push('remove')
  return (
    <div class="vt-organise">
      {v.status === 'beyond_limit' && (
        <p class="muted small" data-testid="beyond-limit-note">
          Older than its account's tracking limit keeps: no longer refreshed or counted, its history stays.{' '}
          {v.accountId && <a href={`/accounts/${v.accountId}`}>Raise the account's limit</a>}
        </p>
      )}
      <Organise
        sel={{ videoIds: [v.id] }}
        label="this video"
        count={1}
        actions={actions}
        current={v.collectionId ?? null}
        onDone={(r) => (r.action === 'remove' ? onRemoved() : onChanged())}
      />
    </div>
  )
}

// A list's selection: rows picked by id on the page, or every row the
// list's filter matches. It empties when the filter (key) changes.
export interface ListSelection {
  ids: Set<string>
  all: boolean
  toggle: (id: string) => void
  setPage: (ids: string[], on: boolean) => void
  selectAll: () => void
  clear: () => void
}

export function useSelection(key: string): ListSelection {
  const [state, setState] = useState<{ key: string; ids: Set<string>; all: boolean }>({ key, ids: new Set(), all: false })
  const cur = state.key === key ? state : { key, ids: new Set<string>(), all: false }
  return {
    ids: cur.ids,
    all: cur.all,
    toggle: (id) => {
      const ids = new Set(cur.ids)
      if (ids.has(id)) ids.delete(id)
      else ids.add(id)
      setState({ key, ids, all: false })
    },
    setPage: (pageIds, on) => {
      const ids = new Set(cur.ids)
      for (const id of pageIds) {
        if (on) ids.add(id)
        else ids.delete(id)
      }
      setState({ key, ids, all: false })
    },
    selectAll: () => setState({ key, ids: cur.ids, all: true }),
    clear: () => setState({ key, ids: new Set(), all: false }),
  }
}

// SelectBox is a row's checkbox (or the header's, for the page's rows).
function SelectBox({ checked, onChange, label, mixed }: { checked: boolean; onChange: (on: boolean) => void; label: string; mixed?: boolean }) {
  return (
    <input
      type="checkbox"
      class="select-box"
      checked={checked}
      aria-label={label}
      ref={(el) => {
        if (el) el.indeterminate = !!mixed
      }}
      onChange={(e) => onChange((e.target as HTMLInputElement).checked)}
    />
  )
}

// SelectCell is a row's cell with its checkbox.
export function SelectCell({ sel, id, cls, label }: { sel: ListSelection; id: string; cls: string; label: string }) {
  // a client viewer changes nothing: its lists pick no rows
  if (isClient(useWorkspace())) return null
  return (
    <td class={cls}>
      <SelectBox checked={sel.all || sel.ids.has(id)} onChange={() => sel.toggle(id)} label={label} />
    </td>
  )
}

// SelectTable is a list's table whose rows (children, with a SelectCell
// first) can be picked, under the bar that acts on them. The header's
// checkbox (in a column of class cls, named by label) picks every row of
// the page (ids), and shows when some are; head is the other columns.
export function SelectTable({
  sel,
  kind,
  total,
  ids,
  matching,
  onDone,
  cls,
  label,
  head,
  children,
  ...table
}: {
  sel: ListSelection
  kind: 'video' | 'account'
  total: number
  ids: string[]
  matching: Record<string, string>
  onDone: () => void
  cls: string
  label: string
  head: ComponentChildren
  children: ComponentChildren
  class: string
  'data-testid': string
  'aria-label': string
}) {
  const picked = ids.filter((id) => sel.ids.has(id)).length
  const pick = !isClient(useWorkspace())
  return (
    <>
      {pick && <BulkBar s={sel} kind={kind} total={total} pageSize={ids.length} matching={matching} onDone={onDone} />}
      <div class="table-wrap">
        <table {...table}>
          <thead>
            <tr>
              {pick && (
                <th scope="col" class={cls}>
                  <SelectBox
                    checked={sel.all || (ids.length > 0 && picked === ids.length)}
                    mixed={!sel.all && picked > 0 && picked < ids.length}
                    onChange={(on) => sel.setPage(ids, on)}
                    label={label}
                  />
                </th>
              )}
              {head}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </>
  )
}

// BulkBar acts on a list's selection: the rows picked, or (once asked)
// every row the filter matches. matching is the list's filter as its query
// parameters; noun names a row ("video", "account").
export function BulkBar({
  s,
  kind,
  total,
  pageSize,
  matching,
  onDone,
}: {
  s: ListSelection
  kind: 'video' | 'account'
  total: number
  pageSize: number
  matching: Record<string, string>
  onDone: () => void
}) {
  const [done, setDone] = useState('')
  const n = s.all ? total : s.ids.size
  if (n === 0)
    return done ? (
      <p class="organise-done bulk-done" role="status" data-testid="bulk-done">
        {done}
      </p>
    ) : null
  const ids = [...s.ids]
  const sel: Selection =
    kind === 'video' ? (s.all ? { videosMatching: matching } : { videoIds: ids }) : s.all ? { accountsMatching: matching } : { accountIds: ids }
  const noun = (k: number) => `${k.toLocaleString('en-US')} ${kind}${k === 1 ? '' : 's'}`
  return (
    <section class="bulk-bar" aria-label="Selected rows" data-testid="bulk-bar">
      <span class="bulk-count" data-testid="bulk-count">
        {s.all ? `All ${noun(n)} matching` : `${noun(n)} selected`}
      </span>
      {!s.all && total > s.ids.size && s.ids.size >= Math.min(pageSize, total) && (
        <button type="button" class="link" onClick={s.selectAll} data-testid="select-all-matching">
          Select all {noun(total)} matching
        </button>
      )}
      <button type="button" class="link" onClick={s.clear}>
        Clear
      </button>
      <Organise
        sel={sel}
        label={s.all ? `all ${noun(n)} matching` : noun(n)}
        count={n}
        actions={['move', 'pause', 'resume', 'refresh', 'remove']}
        onDone={(r) => {
          setDone(what(r))
          s.clear()
          onDone()
        }}
        removeText={
          kind === 'account' ? (
            <p>
              The {n === 1 ? 'account and its videos leave' : 'accounts and their videos leave'} the lists, the overview and exports, are no longer
              refreshed and stop counting against your video limit.
            </p>
          ) : undefined
        }
      />
    </section>
  )
}
