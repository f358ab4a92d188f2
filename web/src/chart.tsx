// Time-series charts with uPlot: one or more series over time buckets,
// sized to their container, themed from the page's CSS variables, with a
// tooltip that gives each bucket's values; the first series may go on as
// a forecast, dashed, in a shaded band.
import { useEffect, useRef } from 'preact/hooks'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { exact } from './format'

export interface ChartSeries {
  label: string
  values: (number | null)[]
  // bars draw the series as bars (gains per bucket); lines otherwise.
  bars?: boolean
  // right puts the series on a second axis at the right.
  right?: boolean
  // format words a value in the tooltip (exact figures by default).
  format?: (n: number) => string
}

// A ChartForecast continues the first series after its last value: a
// dashed line through each point's views, in a band from low to high.
export interface ChartForecast {
  label: string
  points: { t: string; views: number; low: number; high: number }[]
}

export interface ChartProps {
  times: string[]
  series: ChartSeries[]
  granularity: 'hour' | 'day'
  label: string
  height?: number
  forecast?: ChartForecast
}

const COLORS = ['--chart-1', '--chart-2', '--chart-3']

function cssVar(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888'
}

const bucketFormat = {
  hour: new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
  day: new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }),
}

function axisNumber(n: number): string {
  const a = Math.abs(n)
  if (a >= 1e9) return (n / 1e9).toFixed(a >= 1e10 ? 0 : 1) + 'B'
  if (a >= 1e6) return (n / 1e6).toFixed(a >= 1e7 ? 0 : 1) + 'M'
  if (a >= 1e3) return (n / 1e3).toFixed(a >= 1e4 ? 0 : 1) + 'K'
  return String(Math.round(n))
}

// STEP is a bucket's length in seconds.
const STEP = { hour: 3600, day: 86400 }

// X_INCRS are the spans between the x axis' ticks a chart may use, in
// seconds: never finer than its buckets, so a chart by day has at most a
// tick a day (at midnight, under its bar) and one by hour no tick
// between whole hours, however few points it has.
const H = 3600
const D = 24 * H
const X_INCRS = {
  hour: [H, 2 * H, 3 * H, 4 * H, 6 * H, 8 * H, 12 * H, D, 2 * D, 3 * D, 7 * D, 14 * D, 28 * D],
  day: [D, 2 * D, 3 * D, 7 * D, 14 * D, 28 * D, 56 * D, 91 * D, 182 * D, 364 * D],
}

// xRange is the span the x axis shows: bars get half a bucket beside the
// first and the last, so neither is cut in half; a chart whose points lie
// within a few buckets spans at least three (a scrape's minutes never
// fill the axis).
export function xRange(xs: number[], granularity: 'hour' | 'day', bars: boolean): [number, number] {
  const step = STEP[granularity]
  let lo = Math.min(...xs)
  let hi = Math.max(...xs)
  if (bars) {
    lo -= step / 2
    hi += step / 2
  }
  if (hi - lo < 3 * step) {
    const mid = (lo + hi) / 2
    lo = mid - 1.5 * step
    hi = mid + 1.5 * step
  }
  return [lo, hi]
}

// isolated are the indexes of values with no value beside them, which a
// line cannot join to anything: drawn as points, or they would not show.
function isolated(values: (number | null | undefined)[]): number[] {
  const has = (i: number) => values[i] !== null && values[i] !== undefined
  const out: number[] = []
  values.forEach((_, i) => has(i) && !has(i - 1) && !has(i + 1) && out.push(i))
  return out
}

// translucent makes a #rrggbb colour see-through (other colours stay).
function translucent(color: string, alpha: string): string {
  return /^#[0-9a-f]{6}$/i.test(color) ? color + alpha : color
}

// tooltip words the bucket under the cursor; with a forecast, the buckets
// from the n-th on are its points, worded as the forecast with its band.
function tooltip(granularity: 'hour' | 'day', series: ChartSeries[], n: number, forecast?: ChartForecast): uPlot.Plugin {
  let tip: HTMLDivElement
  return {
    hooks: {
      init: (u) => {
        tip = document.createElement('div')
        tip.className = 'chart-tip'
        tip.setAttribute('role', 'status')
        tip.hidden = true
        u.over.appendChild(tip)
        u.over.addEventListener('mouseleave', () => (tip.hidden = true))
      },
      setCursor: (u) => {
        const i = u.cursor.idx
        if (i === null || i === undefined || u.cursor.left === undefined || u.cursor.left < 0) {
          tip.hidden = true
          return
        }
        const t = new Date((u.data[0][i] as number) * 1000)
        tip.replaceChildren()
        const head = document.createElement('strong')
        head.textContent = (i >= n ? 'Forecast · ' : '') + bucketFormat[granularity].format(t)
        tip.appendChild(head)
        if (i < n)
          series.forEach((s, k) => {
            const row = document.createElement('div')
            const v = u.data[k + 1][i]
            row.textContent = `${s.label}: ${s.format && v !== null && v !== undefined ? s.format(v) : exact(v ?? null)}`
            tip.appendChild(row)
          })
        else if (forecast) {
          const p = forecast.points[i - n]
          const row = document.createElement('div')
          row.textContent = `${forecast.label}: ${exact(p.views)} (80 %: ${exact(p.low)}–${exact(p.high)})`
          tip.appendChild(row)
        }
        tip.hidden = false
        const left = u.cursor.left ?? 0
        const w = u.over.clientWidth
        tip.style.left = (left > w / 2 ? left - tip.offsetWidth - 12 : left + 12) + 'px'
        tip.style.top = Math.max(0, (u.cursor.top ?? 0) - 20) + 'px'
      },
    },
  }
}

export function TimeChart({ times, series, granularity, label, height = 260, forecast }: ChartProps) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const el = box.current
    if (!el) return
    const n = times.length
    const ahead = forecast?.points ?? []
    const xs = [...times, ...ahead.map((p) => p.t)].map((t) => new Date(t).getTime() / 1000)
    // the forecast's three series (views, low, high) start at the first
    // series' last value and hold null before it
    const data: (number | null)[][] = series.map((s) => (ahead.length ? [...s.values, ...ahead.map(() => null)] : s.values))
    if (ahead.length) {
      const first = series[0]?.values ?? []
      let last = n - 1
      while (last >= 0 && (first[last] === null || first[last] === undefined)) last--
      const start = (k: 'views' | 'low' | 'high') => [
        ...Array.from({ length: n }, (_, i) => (i === last ? first[i] : null)),
        ...ahead.map((p) => p[k]),
      ]
      data.push(start('views'), start('low'), start('high'))
    }
    const forecastColor = cssVar(COLORS[0])
    const text = cssVar('--muted')
    const grid = cssVar('--grid')
    const bars = uPlot.paths.bars!({ size: [0.7, 40] })
    const opts: uPlot.Options = {
      width: el.clientWidth || 600,
      height,
      legend: { show: series.length > 1, live: false },
      cursor: { points: { show: true }, drag: { x: false, y: false } },
      // The axis spans the buckets (uPlot would stretch one bucket alone
      // over a thousand days, or a few minutes over the whole width), its
      // bars whole.
      scales: {
        x: {
          time: true,
          range: (_u, min, max) => (xs.length ? xRange(xs, granularity, series.some((s) => s.bars)) : [min, max]),
        },
      },
      axes: [
        {
          stroke: text,
          grid: { stroke: grid },
          ticks: { stroke: grid },
          incrs: X_INCRS[granularity],
          space: granularity === 'day' ? 40 : 50,
          // the span between ticks, in seconds (the tests read it)
          filter: (_u, splits, _i, _space, incr) => ((el.dataset.xstep = String(incr)), splits),
        },
        { stroke: text, grid: { stroke: grid }, ticks: { stroke: grid }, values: (_u, v) => v.map(axisNumber), size: 56 },
        ...(series.some((s) => s.right)
          ? [{ side: 1, scale: 'right', stroke: text, grid: { show: false }, values: (_u: uPlot, v: number[]) => v.map(axisNumber), size: 56 }]
          : []),
      ],
      series: [
        {},
        ...series.map((s, k) => {
          const color = cssVar(COLORS[k % COLORS.length])
          return {
            label: s.label,
            scale: s.right ? 'right' : 'y',
            stroke: color,
            width: s.bars ? 0 : 2,
            fill: s.bars ? color : undefined,
            paths: s.bars ? bars : undefined,
            // a value with none beside it is a point, or nothing shows
            points: s.bars ? { show: false } : times.length < 3 ? { show: true } : { show: true, filter: isolated(s.values) },
            spanGaps: true,
          } as uPlot.Series
        }),
        ...(ahead.length
          ? [
              { label: forecast!.label, scale: 'y', stroke: forecastColor, width: 2, dash: [6, 5], points: { show: true, size: 5 }, spanGaps: true },
              { label: 'Forecast low', scale: 'y', stroke: translucent(forecastColor, '66'), width: 1, points: { show: false }, spanGaps: true },
              { label: 'Forecast high', scale: 'y', stroke: translucent(forecastColor, '66'), width: 1, points: { show: false }, spanGaps: true },
            ]
          : []),
      ],
      bands: ahead.length ? [{ series: [series.length + 3, series.length + 2], fill: translucent(forecastColor, '26') }] : undefined,
      plugins: [tooltip(granularity, series, n, forecast)],
      hooks: {
        // the time the x axis spans, in seconds (the tests read it)
        setScale: [(u, key) => void (key === 'x' && (el.dataset.xspan = String((u.scales.x.max ?? 0) - (u.scales.x.min ?? 0))))],
      },
    }
    const plot = new uPlot(opts, [xs, ...data] as uPlot.AlignedData, el)
    plot.root.setAttribute('aria-label', label)
    plot.root.setAttribute('role', 'img')
    // the band's edges are drawn, not listed: the legend names the forecast
    if (ahead.length) plot.root.querySelectorAll<HTMLElement>('.u-legend .u-series').forEach((row, i) => i > series.length && (row.style.display = 'none'))
    el.dataset.drawn = 'true'
    // how many points the chart has, and how many values of the first
    // series stand alone, drawn as points (the tests read them)
    el.dataset.points = String(n)
    el.dataset.isolated = String(series[0] && !series[0].bars ? isolated(series[0].values).length : 0)
    if (ahead.length) el.dataset.forecast = String(ahead.length)
    const ro = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height }))
    ro.observe(el)
    return () => {
      ro.disconnect()
      plot.destroy()
      delete el.dataset.drawn
      delete el.dataset.isolated
      delete el.dataset.points
      delete el.dataset.forecast
    }
  }, [times, series, granularity, height, label, forecast])
  return <div class="chart" ref={box} />
}
