// Numbers and times for people: 1.2M, +12.3 %, dates in the viewer's zone.
import type { Workspace } from './types'

const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 })
const whole = new Intl.NumberFormat()
const oneDecimal = new Intl.NumberFormat(undefined, { maximumFractionDigits: 1, minimumFractionDigits: 1 })

export const DASH = '—'

export function num(n: number | null | undefined): string {
  if (n === null || n === undefined) return DASH
  return Math.abs(n) < 10000 ? whole.format(Math.round(n)) : compact.format(n)
}

export function exact(n: number | null | undefined): string {
  return n === null || n === undefined ? DASH : whole.format(n)
}

export function signed(n: number | null | undefined): string {
  if (n === null || n === undefined) return DASH
  return (n > 0 ? '+' : n < 0 ? '−' : '') + num(Math.abs(n))
}

// filled is how much of a meter used of limit fills, as a CSS width (a
// limit of 0 counts as 1; past the limit it is full).
export function filled(used: number, limit: number): string {
  return `${Math.min(100, (used / Math.max(1, limit)) * 100)}%`
}

export function pct(n: number | null | undefined): string {
  return n === null || n === undefined ? DASH : `${oneDecimal.format(n)} %`
}

export function signedPct(n: number | null | undefined): string {
  if (n === null || n === undefined) return DASH
  return (n > 0 ? '+' : n < 0 ? '−' : '') + `${oneDecimal.format(Math.abs(n))} %`
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const dateOnly = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

export function when(iso: string | null | undefined): string {
  return iso ? dateTime.format(new Date(iso)) : DASH
}

export function day(iso: string | null | undefined): string {
  return iso ? dateOnly.format(new Date(iso)) : DASH
}

const rel = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' })

// ago says how long ago iso was: "5 minutes ago", "yesterday".
export function ago(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return 'never'
  const s = (new Date(iso).getTime() - now) / 1000
  const abs = Math.abs(s)
  if (abs < 60) return rel.format(Math.round(s), 'second')
  if (abs < 3600) return rel.format(Math.round(s / 60), 'minute')
  if (abs < 86400) return rel.format(Math.round(s / 3600), 'hour')
  if (abs < 86400 * 30) return rel.format(Math.round(s / 86400), 'day')
  return day(iso)
}

export const PLATFORM_NAMES: Record<string, string> = { tiktok: 'TikTok', instagram: 'Instagram', youtube: 'YouTube', x: 'X' }

export function platformName(p: string | null | undefined): string {
  return p ? (PLATFORM_NAMES[p] ?? p) : 'All platforms'
}

export const PRESET_NAMES: Record<string, string> = { '24h': '24 hours', '7d': '7 days', '30d': '30 days', '90d': '90 days', all: 'All time' }

// videoKind names a tracked item the way its platform does: an X post, a
// TikTok video, an Instagram reel or post, a YouTube video or short.
export function videoKind(platform: string | null | undefined, url?: string | null): string {
  const u = url ?? ''
  switch (platform) {
    case 'x':
      return 'X post'
    case 'tiktok':
      return 'TikTok video'
    case 'instagram':
      return /\/(reels?|tv)\//.test(u) ? 'Instagram reel' : 'Instagram post'
    case 'youtube':
      return /\/shorts\//.test(u) ? 'YouTube short' : 'YouTube video'
    default:
      return 'Video'
  }
}

// usageText says what the usage meter counts: the videos tracked by their
// link and what the accounts keep for their videos (their limits).
export function usageText(ws: Workspace): string {
  const u = ws.usage
  const parts = [`${exact(u.videosByLink)} ${u.videosByLink === 1 ? 'video' : 'videos'} tracked by link`]
  if (u.accounts > 0) parts.push(`${exact(u.accountSlots)} kept for ${exact(u.accounts)} ${u.accounts === 1 ? "account's" : "accounts'"} newest videos`)
  return `${exact(u.videos)} of your plan's ${exact(ws.videoLimit)} videos in use: ${parts.join(' + ')}`
}
