// Team → Activity: who signed in, invited, changed roles, passwords,
// billing and settings, from which address; newest first, a page at a
// time. Owners and admins only.
import { useState } from 'preact/hooks'
import { get } from '../api'
import { platformName, videoKind, when } from '../format'
import { canManage, useWorkspace } from '../session'
import type { Activity as ActivityPage, ActivityEntry } from '../types'
import { Empty, ErrorBox, PageHeader, Spinner, TableHead, useAction, useApi } from '../ui'
import { TeamTabs } from './team-tabs'
import './activity.css'

const PAGE = 50
const ROLE: Record<string, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' }
const role = (r: unknown) => (typeof r === 'string' ? (ROLE[r] ?? r) : 'unknown')
const quoted = (s: string) => (s ? `“${s}”` : 'a nameless one')
const STATUS: Record<string, string> = { active: 'tracking', paused: 'paused', removed: 'removed', pending: 'waiting', error: 'error' }

// itemName names an item an action changed, as the activity log keeps it:
// "@alice (TikTok)", "@bob's TikTok video “Morning routine”".
function itemName(x: unknown): string {
  const it = (x && typeof x === 'object' ? x : {}) as Record<string, unknown>
  const str = (k: string) => (typeof it[k] === 'string' ? (it[k] as string) : '')
  const handle = str('handle')
  const at = handle && !handle.startsWith('@') && !handle.includes('/') && !/^UC[\w-]{22}$/.test(handle) ? '@' + handle : handle
  if (it.kind === 'account') return at ? `${at} (${platformName(str('platform'))})` : `a ${platformName(str('platform'))} account`
  const kind = videoKind(str('platform'), str('url'))
  const caption = str('caption')
  return `${at ? `${at}'s ${kind}` : `a ${kind}`}${caption ? ` “${caption}”` : ''}`
}

const ITEM_VERBS: Record<string, string> = { pause: 'Paused', resume: 'Resumed', remove: 'Removed', refresh: 'Refreshed' }

// itemsChanged words a pause, resume, removal or refresh of tracked items:
// "Paused 3 videos: @a's TikTok video “…”, @b's TikTok video and 1 more",
// "Refreshed @alice (TikTok)".
function itemsChanged(d: Record<string, unknown>): string {
  const verb = ITEM_VERBS[String(d.action)] ?? 'Changed'
  const videos = typeof d.videos === 'number' ? d.videos : 0
  const accounts = typeof d.accounts === 'number' ? d.accounts : 0
  const names = Array.isArray(d.items) ? d.items.map(itemName) : []
  const counts = [accounts && `${accounts} ${accounts === 1 ? 'account' : 'accounts'}`, videos && `${videos} ${videos === 1 ? 'video' : 'videos'}`]
    .filter(Boolean)
    .join(' and ')
  if (names.length === 0) return `${verb} ${counts || 'tracked items'}`
  if (videos + accounts === 1) return `${verb} ${names[0]}`
  const more = videos + accounts - names.length
  const listed = more > 0 ? `${names.join(', ')} and ${more} more` : names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : names[0]
  return `${verb} ${counts}: ${listed}`
}

function fromTo(v: unknown): { from: unknown; to: unknown } | null {
  if (v && typeof v === 'object' && 'from' in v && 'to' in v) {
    const o = v as { from: unknown; to: unknown }
    return o.from === o.to ? null : o
  }
  return null
}

// sentence says what an entry records, the actor being the subject shown
// beside it.
export function sentence(e: ActivityEntry): string {
  const d: Record<string, unknown> = e.details ?? {}
  const t = e.target
  // a string, so that an action the list does not name is still worded by
  // the default case
  const action: string = e.action
  switch (action) {
    case 'login':
      return 'Signed in'
    case 'login_failed':
      return 'Failed sign-in attempt (wrong password)'
    case 'logout_everywhere':
      return 'Signed out on every device'
    case 'email_verified':
      return e.actor && t && e.actor.email.toLowerCase() !== t.toLowerCase() ? `Verified the e-mail address ${t}` : 'Verified their e-mail address'
    case 'invite_sent':
      return `Invited ${t || 'someone'}${d.role ? ` as ${role(d.role).toLowerCase()}` : ''}`
    case 'invite_resent':
      return `Sent a new invite link to ${t || 'someone'}`
    case 'invite_accepted':
      return `Accepted the invite and joined${d.role ? ` as ${role(d.role).toLowerCase()}` : ''}`
    case 'invite_revoked':
      return `Revoked the invite of ${t || 'someone'}`
    case 'member_role_changed':
      return `Changed ${t || 'a member'}’s role from ${role(d.from)} to ${role(d.to)}`
    case 'member_removed':
      return `Removed ${t || 'a member'}${d.role ? ` (${role(d.role)})` : ''} from the workspace`
    case 'member_left':
      return `Left the workspace${d.role ? ` (was ${role(d.role)})` : ''}`
    case 'password_reset':
      return 'Reset their password with an e-mailed link (every device signed out)'
    case 'password_changed':
      return 'Changed their password (other devices signed out)'
    case 'digest_settings_changed':
      return `Set their e-mail digest to ${{ off: 'off', daily: 'daily', weekly: 'weekly' }[String(d.to)] ?? t}`
    case 'billing_checkout_started': {
      const plan = typeof d.plan === 'string' ? d.plan : t
      const every = d.interval === 'year' ? ', yearly' : d.interval === 'month' ? ', monthly' : ''
      return `Started a checkout for the ${plan ? plan.charAt(0).toUpperCase() + plan.slice(1) : 'new'} plan${every}${d.founding ? ' (founding offer)' : ''}`
    }
    case 'billing_portal_opened':
      return 'Opened the billing portal'
    case 'billing_changed':
      return `Billing changed${typeof d.reason === 'string' && d.reason ? `: ${d.reason}` : ''}`
    case 'alert_rule_saved':
      return `${d.created ? 'Created' : 'Changed'} the alert rule ${quoted(t)}${d.enabled === false ? ' (turned off)' : ''}`
    case 'alert_rule_deleted':
      return `Deleted the alert rule ${quoted(t)}`
    case 'collection_created':
      return `Created the collection ${quoted(t)}`
    case 'collection_changed':
      if (typeof d.videos === 'number' && typeof d.accounts === 'number') {
        const what = `${d.accounts} ${d.accounts === 1 ? 'account' : 'accounts'} and ${d.videos} ${d.videos === 1 ? 'video' : 'videos'}`
        return t ? `Moved ${what} into the collection ${quoted(t)}` : `Took ${what} out of their collections`
      }
      return typeof d.from === 'string' && d.from !== t ? `Renamed the collection ${quoted(d.from)} to ${quoted(t)}` : `Changed the collection ${quoted(t)}`
    case 'collection_deleted':
      return `Deleted the collection ${quoted(t)}`
    case 'tracked_items_changed':
      return itemsChanged(d)
    case 'account_settings_changed': {
      const parts: string[] = []
      const st = fromTo(d.status)
      if (st) parts.push(`status ${STATUS[String(st.from)] ?? st.from} → ${STATUS[String(st.to)] ?? st.to}`)
      const lim = fromTo(d.trackingLimit)
      if (lim) parts.push(`videos tracked ${lim.from} → ${lim.to}`)
      return `Changed the tracked account ${t || ''}${parts.length ? `: ${parts.join(', ')}` : ''}`.replace(/ +:/, ':').trim()
    }
    case 'workspace_created':
      return `Created the workspace ${quoted(t)}`
    case 'workspace_renamed':
      return typeof d.from === 'string' ? `Renamed the workspace ${quoted(d.from)} to ${quoted(t)}` : `Renamed the workspace to ${quoted(t)}`
    case 'creator_saved':
      return `Saved the creator ${quoted(t)}`
    case 'creator_deleted':
      return `Deleted the creator ${quoted(t)}`
    case 'campaign_created':
      return `Made the collection ${quoted(t)} a campaign`
    case 'campaign_changed':
      return `Changed the settings of the campaign ${quoted(t)}`
    case 'campaign_rules_changed':
      return `Changed the payout rules of ${quoted(t)}${typeof d.version === 'number' ? ` (version ${d.version})` : ''}`
    case 'payouts_approved':
    case 'payouts_cleared':
    case 'payouts_rejected':
    case 'payouts_reopened':
    case 'payouts_paid': {
      const verb = { payouts_approved: 'Approved', payouts_cleared: 'Cleared', payouts_rejected: 'Rejected', payouts_reopened: 'Reopened', payouts_paid: 'Marked paid' }[action]
      const n = typeof d.lines === 'number' ? d.lines : 0
      const why = typeof d.reason === 'string' && d.reason ? `: ${d.reason}` : ''
      return `${verb} ${n} payout ${n === 1 ? 'line' : 'lines'} of ${quoted(t)}${why}`
    }
    case 'api_key_created':
      return `Created the API key ${quoted(t)}${d.scope === 'write' ? ' (read and write)' : d.scope === 'read' ? ' (read only)' : ''}`
    case 'api_key_revoked':
      return `Revoked the API key ${quoted(t)}`
    case 'share_link_created':
      return `Shared ${quoted(t)}${d.scope ? ` (${d.scope})` : ''} by link${d.password ? ', with a password' : ''}${d.includePayouts ? ', payouts included' : ''}`
    case 'share_link_changed':
      return `Changed the share link ${quoted(t)}`
    case 'share_link_revoked':
      return `Revoked the share link ${quoted(t)}`
    case 'channel_saved':
      return d.created
        ? `Added the ${typeof d.kind === 'string' ? d.kind + ' ' : ''}channel ${quoted(t)}`
        : d.enabled === false
          ? `Disabled the channel ${quoted(t)}`
          : d.enabled === true
            ? `Enabled the channel ${quoted(t)}`
            : `Changed the channel ${quoted(t)}`
    case 'channel_deleted':
      return `Deleted the channel ${quoted(t)}`
    case 'channel_secret_rotated':
      return `Rotated the signing secret of the channel ${quoted(t)}`
    case 'channel_disabled':
      return `The channel ${quoted(t)} was disabled: ${d.reason === 'gone' ? 'its destination answered 410 Gone' : 'its deliveries kept failing'}`
    default: {
      const words = action.replace(/_/g, ' ')
      return (words.charAt(0).toUpperCase() + words.slice(1) + (t ? `: ${t}` : '')).trim()
    }
  }
}

function who(e: ActivityEntry): string {
  if (!e.actor) return e.action === 'billing_changed' ? 'Payment provider' : '—'
  if (!e.actor.id && e.actor.email.toLowerCase() === 'payment provider') return 'Payment provider'
  return e.actor.email || '—'
}

function Entry({ e }: { e: ActivityEntry }) {
  return (
    <tr data-testid="activity-entry" data-action={e.action}>
      <td class="at" data-label="When">
        <time dateTime={e.at}>{when(e.at)}</time>
      </td>
      <td class="who" data-label="Who">
        {who(e)}
      </td>
      <td class={`what${e.action === 'login_failed' ? ' failed' : ''}`} data-label="What">
        {sentence(e)}
        {e.apiKey && (
          <span class="muted via-key" data-testid="via-key">
            {' '}
            via API key {quoted(e.apiKey.name)}
          </span>
        )}
      </td>
      <td class="ip" data-label="Address">
        {e.ip || '—'}
      </td>
    </tr>
  )
}

function Log() {
  const first = useApi((s) => get<ActivityPage>('/workspace/activity', { limit: PAGE }, s), 'activity')
  const [more, setMore] = useState<ActivityEntry[]>([])
  const [next, setNext] = useState<string | null | undefined>(undefined)
  const { busy, error, run } = useAction()
  if (first.error) return <ErrorBox error={first.error} retry={first.reload} />
  if (!first.data) return <Spinner />
  const cursor = next === undefined ? first.data.next : next
  const entries = [...first.data.entries, ...more]
  const loadMore = () => {
    if (!cursor) return
    run(async () => {
      const p = await get<ActivityPage>('/workspace/activity', { limit: PAGE, before: cursor })
      setMore((m) => [...m, ...p.entries])
      setNext(p.next)
    })
  }
  if (entries.length === 0) return <Empty title="Nothing yet">Sign-ins, invites, role, password, billing and settings changes appear here.</Empty>
  return (
    <>
      <div class="table-wrap activity-wrap">
        <table class="activity" data-testid="activity" aria-label="Activity">
          <TableHead cols={['When', 'Who', 'What', 'Address']} />
          <tbody>
            {entries.map((e) => (
              <Entry key={e.id} e={e} />
            ))}
          </tbody>
        </table>
      </div>
      {error && <ErrorBox error={error} retry={loadMore} />}
      {cursor ? (
        <div class="load-more">
          <button type="button" disabled={!!busy} onClick={loadMore} aria-busy={!!busy}>
            {busy ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : (
        <p class="muted end">That is everything: entries are kept for a year.</p>
      )}
    </>
  )
}

export default function Activity() {
  const ws = useWorkspace()
  return (
    <>
      <PageHeader title="Team activity" />
      <TeamTabs />
      {canManage(ws) ? (
        <>
          <p class="muted intro">Sign-ins, invites, roles, passwords, billing, settings, campaigns and payouts of this workspace, newest first, with the address they came from.</p>
          <Log />
        </>
      ) : (
        <div class="empty" role="status">
          <h3>Only owners and admins can see the activity log</h3>
          <p>
            Ask the workspace’s owner or an admin if you need to know who did what. <a href="/team">Back to the team</a>
          </p>
        </div>
      )}
    </>
  )
}
