// What the creator portal and the managers' inbox show alike of a
// submitted post: its status and the checks it failed, in words.
import './submissions.css'
import type { CreatorCampaign, Submission, SubmissionCheck, SubmissionStatus } from '../types'

export const SUBMISSION_STATUS_TEXT: Record<SubmissionStatus, string> = {
  checking: 'Checking',
  pending: 'Waiting for review',
  accepted: 'Accepted',
  rejected: 'Not accepted',
}

export const CHECK_TEXT: Record<SubmissionCheck, string> = {
  platform: 'Platform not paid',
  duplicate: 'Duplicate',
  not_found: 'Post not found',
  not_their_account: 'Not the creator’s account',
  account_unverified: 'Account not verified',
  outside_dates: 'Outside the campaign’s dates',
  missing_hashtag: 'Hashtag missing',
  missing_mention: 'Mention missing',
  missing_sound: 'Sound missing',
}

export function SubmissionBadge({ status }: { status: SubmissionStatus }) {
  return (
    <span class={`badge sub-${status}`} data-testid="submission-status" data-status={status}>
      {SUBMISSION_STATUS_TEXT[status]}
    </span>
  )
}

// Failures lists the checks a post failed, each with what was found.
export function Failures({ s }: { s: Pick<Submission, 'failures' | 'status' | 'rejectReason'> }) {
  const own = s.status === 'rejected' && s.rejectReason && !s.failures.some((f) => f.detail === s.rejectReason)
  if (s.failures.length === 0 && !own) return null
  return (
    <ul class="sub-failures" data-testid="submission-failures">
      {s.failures.map((f) => (
        <li data-check={f.check}>
          <strong>{CHECK_TEXT[f.check]}:</strong> {f.detail}
        </li>
      ))}
      {own && (
        <li data-check="reason">
          <strong>Reason:</strong> {s.rejectReason}
        </li>
      )}
    </ul>
  )
}

// Requires says what a post must carry to be accepted in the campaign.
export function Requires({ c }: { c: Pick<CreatorCampaign, 'requiredHashtags' | 'requiredMentions' | 'requiredSound'> }) {
  const parts = [...c.requiredHashtags.map((h) => '#' + h), ...c.requiredMentions.map((m) => '@' + m)]
  if (c.requiredSound) parts.push(`the sound “${c.requiredSound}”`)
  if (parts.length === 0) return null
  return (
    <p class="small" data-testid="submission-requires">
      Posts must carry {parts.join(', ')}.
    </p>
  )
}
