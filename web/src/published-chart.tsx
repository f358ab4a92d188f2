// The two modes of the overview's and a campaign's charts (docs/decisions.md
// "Charts by post date or accrual"): accrual, the views gained each day whatever a
// post's age (each page's own chart), or post date, the posts published
// each day with the views they have now (GET /api/overview/by-publish-day).
import { get } from './api'
import { TimeChart } from './chart'
import { exact } from './format'
import { setQuery } from './router'
import type { PublishedDays } from './types'
import { Show, useApi } from './ui'

export type ChartMode = 'accrual' | 'published'

// chartMode reads the mode from the address (chart=published).
export function chartMode(query: URLSearchParams): ChartMode {
  return query.get('chart') === 'published' ? 'published' : 'accrual'
}

// ChartModes switches the mode; accrual names what the page's own chart shows.
export function ChartModes({ mode, accrual = 'Views gained' }: { mode: ChartMode; accrual?: string }) {
  return (
    <div class="segmented" role="group" aria-label="Chart by">
      <button type="button" aria-pressed={mode === 'accrual'} class={mode === 'accrual' ? 'on' : ''} onClick={() => setQuery({ chart: null })} data-testid="chart-accrual">
        {accrual}
      </button>
      <button type="button" aria-pressed={mode === 'published'} class={mode === 'published' ? 'on' : ''} onClick={() => setQuery({ chart: 'published' })} data-testid="chart-published">
        By publish date
      </button>
    </div>
  )
}

// PublishedChart is the selected videos by publish day (the overview's
// filters in q) with their views now.
export function PublishedChart({ q }: { q: Record<string, string | undefined> }) {
  const r = useApi((s) => get<PublishedDays>('/overview/by-publish-day', q, s), 'published:' + JSON.stringify(q))
  return (
    <Show r={r}>
      {(p) => {
        const notes = [
          p.later.videos > 0 && `${exact(p.later.videos)} published after the range (${exact(p.later.views)} views)`,
          p.undated.videos > 0 && `${exact(p.undated.videos)} without a publish time (${exact(p.undated.views)} views)`,
        ].filter(Boolean)
        return (
          <div data-testid="published-chart" data-views={p.days.reduce((n, d) => n + d.views, 0)}>
            <TimeChart
              label="Videos by publish day and their views"
              granularity="day"
              times={p.days.map((d) => d.day + 'T00:00:00Z')}
              series={[
                { label: 'Views now', values: p.days.map((d) => d.views), bars: true },
                { label: 'Videos published', values: p.days.map((d) => d.videos), right: true },
              ]}
            />
            <p class="muted small">
              Each video published in the period, on the UTC day it was published, with the views it has now.{notes.length > 0 && ` Not shown: ${notes.join('; ')}.`}
            </p>
          </div>
        )
      }}
    </Show>
  )
}
