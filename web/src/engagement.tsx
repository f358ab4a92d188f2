// A video's engagement rate in words: the rate, or why it has none. A
// video whose platform hides its likes (Instagram lets a creator do it)
// has no rate: one from its comments alone would rank it last.
import { pct } from './format'

interface Rated {
  metrics: { views: number | null; likes: number | null }
  engagementRate: number | null
}

// LIKES_HIDDEN_WHY says why a video with hidden likes has no rate.
export const LIKES_HIDDEN_WHY = 'The platform hides this video’s likes: a rate from its comments alone would rank it last, so it has none.'

// likesHidden: the video has views but its likes are not recorded.
export const likesHidden = (v: Rated) => v.engagementRate === null && !!v.metrics.views && v.metrics.likes === null

// engagementText is the rate, or "likes hidden".
export const engagementText = (v: Rated) => (likesHidden(v) ? 'likes hidden' : pct(v.engagementRate))

// Engagement is a video's rate, or "likes hidden" with why.
export function Engagement({ v }: { v: Rated }) {
  if (likesHidden(v))
    return (
      <span class="muted small" data-testid="likes-hidden" title={LIKES_HIDDEN_WHY}>
        likes hidden
      </span>
    )
  return <>{pct(v.engagementRate)}</>
}
