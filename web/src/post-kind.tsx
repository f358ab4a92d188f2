// What a post is to the account it was found through, in words: the badge
// of a post that is not simply the account's own, the video page's
// sentence, the Kind filter of the lists (kept in the address), and the
// badge of a video kept tracked for a campaign.
import { day, when } from './format'
import { setQuery } from './router'
import { POST_KINDS, type PostKind } from './types'
import './post-kind.css'

// at names an account: "@name", or '' when unknown.
const at = (handle: string | null | undefined) => (handle ? '@' + handle.replace(/^@/, '') : '')

// counted says whether posts of a kind count toward totals and payouts.
export const counted = (k: PostKind) => k === 'own' || k === 'collab'

// kindLabel names a post's kind for its badge: "Repost of @x".
export function kindLabel(kind: PostKind, handle?: string | null): string {
  const h = at(handle)
  switch (kind) {
    case 'own':
      return 'Own post'
    case 'collab':
      return h ? `Collab with ${h}` : 'Collab'
    case 'repost':
      return h ? `Repost of ${h}` : 'Repost'
    case 'quote':
      return h ? `Quote of ${h}` : 'Quote'
    case 'reply':
      return h ? `Reply to ${h}` : 'Reply'
    case 'other_author':
      return h ? `Post by ${h}` : 'Post by another account'
    default:
      return kind
  }
}

const COLLAB_TITLE = 'Co-authored with another account: counted like the account’s own posts; each campaign holds, pays or leaves out collabs as it is set'
const APART_TITLE = 'Not the account’s own post: kept and shown, never counted in totals or paid'

// KindBadge marks a post that is not the account's own (nothing for one
// that is).
export function KindBadge({ kind, handle }: { kind: PostKind; handle?: string | null }) {
  if (kind === 'own') return null
  return (
    <span class={`badge kind kind-${kind}`} data-testid="post-kind" data-kind={kind} title={kind === 'collab' ? COLLAB_TITLE : APART_TITLE}>
      {kindLabel(kind, handle)}
    </span>
  )
}

// kindSentence says plainly what a post is and what that means for the
// numbers and the payouts.
export function kindSentence(kind: PostKind, handle?: string | null): string {
  const h = at(handle)
  switch (kind) {
    case 'own':
      return 'The account’s own post: counted in its figures and paid by campaigns.'
    case 'collab':
      return `A collab with ${h || 'another account'}: counted like the account’s own posts; each campaign holds, pays or leaves out collabs as it is set.`
    case 'repost':
      return `A repost of ${h ? `a post by ${h}` : 'another account’s post'}: kept and shown, never counted or paid.`
    case 'quote':
      return `A quote of ${h ? `a post by ${h}` : 'another account’s post'}: kept and shown, never counted or paid.`
    case 'reply':
      return `A reply to ${h || 'another post'}: kept and shown, never counted or paid.`
    case 'other_author':
      return `A post by ${h || 'another account'} that the account’s feed listed: kept and shown, never counted or paid.`
    default:
      return kind
  }
}

// The Kind filter's choices: without one, the lists keep the posts that
// count.
export const COUNTED_NAME = 'Counted: own posts and collabs'
export const KIND_NAMES: Record<PostKind, string> = {
  own: 'Own posts',
  collab: 'Collabs',
  repost: 'Reposts',
  quote: 'Quotes',
  reply: 'Replies',
  other_author: 'Posts by other authors',
}

// readKind is the Kind filter of the address, or null (the counted posts).
export function readKind(q: URLSearchParams): PostKind | null {
  const k = q.get('kind') as PostKind | null
  return k && POST_KINDS.includes(k) ? k : null
}

// KindSelect picks the Kind filter, kept in the address.
export function KindSelect({ value }: { value: PostKind | null }) {
  return (
    <label class="inline">
      <span>Kind</span>
      <select name="kind" value={value ?? ''} onChange={(e) => setQuery({ kind: (e.target as HTMLSelectElement).value || null, offset: null })}>
        <option value="">{COUNTED_NAME}</option>
        {POST_KINDS.map((k) => (
          <option value={k}>{KIND_NAMES[k]}</option>
        ))}
      </select>
    </label>
  )
}

const KEPT_TITLE = 'Beyond its account’s tracking limit, kept tracked (refreshed by its own link) while a campaign’s counting window of it is open'

// KeptBadge marks a video kept tracked past its account's tracking limit
// until a campaign's counting window of it closes.
export function KeptBadge({ until }: { until: string | null | undefined }) {
  if (!until) return null
  return (
    <span class="badge kept" data-testid="kept-until" title={`${KEPT_TITLE}: until ${when(until)}`}>
      kept for a campaign until {day(until)}
    </span>
  )
}
