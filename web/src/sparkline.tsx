// Sparkline: a row's views gained per day over the last 7 days, as a small
// inline SVG. A list draws one per row, up to 50 at once: uPlot (chart.tsx)
// would give each a canvas, an instance and a resize observer for seven
// points, so the few points are laid out here instead. Days without a value
// break the line; the text alternative lists every day.
import { signed } from './format'
import './sparkline.css'

const W = 84
const H = 24
const PAD = 2

const dayName = new Intl.DateTimeFormat(undefined, { weekday: 'short', timeZone: 'UTC' })

// sparkDays names the days of a views7d array, oldest first, today last
// (UTC days, as the API counts them).
export function sparkDays(n: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
  return Array.from({ length: n }, (_, i) => dayName.format(new Date(today - (n - 1 - i) * 86_400_000)))
}

// sparkText is the sparkline said in words.
export function sparkText(values: (number | null)[]): string {
  const days = sparkDays(values.length)
  const name = (i: number) => (i === values.length - 1 ? 'today so far' : days[i])
  return 'Views gained per day, last 7 days: ' + values.map((v, i) => `${name(i)} ${v === null ? 'no data' : signed(v)}`).join(', ')
}

export function Sparkline({ values, testid = 'spark' }: { values: (number | null)[] | undefined; testid?: string }) {
  const vs = values ?? []
  const known = vs.filter((v): v is number => v !== null)
  if (known.length === 0)
    return (
      <span class="spark-none muted" data-testid={testid} data-values={vs.map((v) => v ?? '').join(',')}>
        no data yet
      </span>
    )
  const lo = Math.min(0, ...known)
  const hi = Math.max(...known)
  const span = hi - lo || 1
  const x = (i: number) => PAD + (i * (W - 2 * PAD)) / Math.max(1, vs.length - 1)
  const y = (v: number) => H - PAD - ((v - lo) * (H - 2 * PAD)) / span
  // runs of consecutive days with a value, each one polyline; today, the
  // last day, is only partly over: its segment is dashed, so that a low
  // value early in the day does not read as a fall
  const today = vs.length - 1
  const runs: string[] = []
  let run: string[] = []
  vs.forEach((v, i) => {
    if (v === null || i === today) {
      if (run.length) runs.push(run.join(' '))
      run = []
    }
    if (v !== null && i !== today) run.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`)
  })
  if (run.length) runs.push(run.join(' '))
  const lastIdx = vs.length - 1 - [...vs].reverse().findIndex((v) => v !== null)
  const prev = vs[today - 1]
  const label = sparkText(vs)
  return (
    <svg class="spark" width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} data-testid={testid} data-values={vs.map((v) => v ?? '').join(',')}>
      <title>{label}</title>
      <line class="spark-base" x1={PAD} x2={W - PAD} y1={y(0)} y2={y(0)} />
      {runs.map((pts) => (pts.includes(' ') ? <polyline points={pts} /> : <circle class="spark-dot" cx={pts.split(',')[0]} cy={pts.split(',')[1]} r="1.5" />))}
      {vs[today] !== null && prev !== null && prev !== undefined && <line class="spark-today" x1={x(today - 1)} y1={y(prev)} x2={x(today)} y2={y(vs[today] as number)} />}
      <circle class={lastIdx === today ? 'spark-dot spark-now' : 'spark-dot'} cx={x(lastIdx)} cy={y(vs[lastIdx] as number)} r="2" />
    </svg>
  )
}
