// The filters the dashboard routes share (date window, platforms,
// collection), kept in the address so a view can be bookmarked and shared.
import type { ComponentChildren } from 'preact'
import { useState } from 'preact/hooks'
import { get } from './api'
import { PRESET_NAMES, platformName } from './format'
import { setQuery } from './router'
import { useWorkspace } from './session'
import { PLATFORMS, PRESETS, type CollectionList, type DatePreset, type Overview } from './types'
import { useApi, type Loaded } from './ui'

export interface Filters {
  datePreset: DatePreset
  platforms: string[]
  collectionId: string
  // from and to (YYYY-MM-DD, UTC days, both included) are a custom range
  // in place of the preset, on the pages that take one; '' otherwise.
  from: string
  to: string
}

const DATE = /^\d{4}-\d{2}-\d{2}$/

// readFilters reads the filters from the address; range reads a custom
// from/to range too (the Overview's).
export function readFilters(q: URLSearchParams, preset: DatePreset = '7d', range = false): Filters {
  const p = q.get('datePreset') as DatePreset | null
  const from = q.get('from') ?? ''
  const to = q.get('to') ?? ''
  const custom = range && DATE.test(from) && DATE.test(to)
  return {
    datePreset: p && PRESETS.includes(p) ? p : preset,
    platforms: (q.get('platforms') ?? '').split(',').filter((x) => (PLATFORMS as string[]).includes(x)),
    collectionId: q.get('collectionId') ?? '',
    from: custom ? from : '',
    to: custom ? to : '',
  }
}

// filterQuery is the API's query for f: a custom range replaces the preset.
export function filterQuery(f: Filters) {
  const custom = !!(f.from && f.to)
  return {
    datePreset: custom ? undefined : f.datePreset,
    from: custom ? f.from : undefined,
    to: custom ? f.to : undefined,
    platforms: f.platforms.join(',') || undefined,
    collectionId: f.collectionId || undefined,
  }
}

// flag reads a yes/no filter of the address ("true" or "1").
export function flag(q: URLSearchParams, k: string): boolean {
  const v = q.get(k)
  return v === 'true' || v === '1'
}

// VideoOptions narrows a list of videos to those tracked by their own
// link, or to shop videos.
export function VideoOptions({ individualOnly, platformShopOnly }: { individualOnly: boolean; platformShopOnly: boolean }) {
  return (
    <>
      <label class="check">
        <input type="checkbox" checked={individualOnly} onChange={(e) => setQuery({ individualOnly: (e.target as HTMLInputElement).checked ? 'true' : null, offset: null })} />
        Only videos tracked by their own link
      </label>
      <label class="check">
        <input type="checkbox" checked={platformShopOnly} onChange={(e) => setQuery({ platformShopOnly: (e.target as HTMLInputElement).checked ? 'true' : null, offset: null })} />
        Only shop videos
      </label>
    </>
  )
}

const rangeDay = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })

// periodNames names an answer's window: name for "previous <name>", and
// phrase for what the gains cover ("in the last 7 days", "from 1 Nov 2026
// to 7 Nov 2026", "since tracking started").
export function periodNames(o: { datePreset: string; start?: string | null; end: string }): { name: string; phrase: string } {
  if (o.datePreset === 'all') return { name: '', phrase: 'since tracking started' }
  if (o.datePreset === 'custom' && o.start) {
    const start = new Date(o.start)
    // the range's last day: the day before its end, or today
    const last = new Date(Math.max(start.getTime(), new Date(o.end).getTime() - 1))
    const days = Math.round((Date.UTC(last.getUTCFullYear(), last.getUTCMonth(), last.getUTCDate()) - start.getTime()) / 86_400_000) + 1
    const from = rangeDay.format(start)
    const to = rangeDay.format(last)
    return { name: days === 1 ? 'day' : `${days} days`, phrase: from === to ? `on ${from}` : `from ${from} to ${to}` }
  }
  const name = (PRESET_NAMES[o.datePreset] ?? o.datePreset).toLowerCase()
  return { name, phrase: `in the last ${name}` }
}

// DateRange picks a custom range of days beside the presets; it is kept in
// the address (from, to) like them.
function DateRange({ f, open }: { f: Filters; open: boolean }) {
  const [from, setFrom] = useState(f.from)
  const [to, setTo] = useState(f.to)
  const [problem, setProblem] = useState('')
  if (!open) return null
  const today = new Date().toISOString().slice(0, 10)
  const apply = (e: Event) => {
    e.preventDefault()
    if (!from || !to) return setProblem('Choose both a first and a last day.')
    if (to < from) return setProblem('The last day comes before the first: swap them.')
    setProblem('')
    setQuery({ from, to, datePreset: null, offset: null })
  }
  return (
    <form class="date-range" aria-label="Custom date range" onSubmit={apply}>
      <label class="inline">
        <span>From</span>
        <input type="date" name="from" value={from} max={to || today} required onInput={(e) => setFrom((e.target as HTMLInputElement).value)} />
      </label>
      <label class="inline">
        <span>to</span>
        <input type="date" name="to" value={to} min={from || undefined} max={today} required onInput={(e) => setTo((e.target as HTMLInputElement).value)} />
      </label>
      <button type="submit">Apply</button>
      {problem && (
        <span class="range-error" role="alert">
          {problem}
        </span>
      )}
    </form>
  )
}

export function useCollections() {
  return useApi((s) => get<CollectionList>('/collections', undefined, s), 'collections')
}

// CollectionSelect picks one of the workspace's collections, or '' (named
// none, unless none is null: one must be chosen); children are options
// between the two. Unless untitled, its tooltip names the choice, which a
// narrow select cuts.
export function CollectionSelect({
  cols,
  value,
  none,
  onPick,
  untitled,
  children,
  ...select
}: {
  cols: Loaded<CollectionList>
  value: string
  none: string | null
  onPick: (id: string) => void
  untitled?: boolean
  children?: ComponentChildren
  id?: string
  name?: string
  disabled?: boolean
  'aria-invalid'?: boolean
  'aria-describedby'?: string
}) {
  const chosen = cols.data?.collections.find((c) => c.id === value)
  return (
    <select {...select} value={value} title={untitled ? undefined : chosen ? chosen.name : (none ?? undefined)} onChange={(e) => onPick((e.target as HTMLSelectElement).value)}>
      {none !== null && <option value="">{none}</option>}
      {children}
      {cols.data?.collections.map((c) => (
        <option value={c.id} title={c.name}>
          {c.name}
        </option>
      ))}
    </select>
  )
}

// FilterBar shows the filters; presetLabel is the visible name of the
// period buttons (what they filter by), presetNote a longer explanation
// for assistive technology and the tooltip.
export function FilterBar({
  f,
  presets = true,
  presetLabel = 'Gains over',
  presetNote = 'the window the gains and the chart cover',
  range = false,
}: {
  f: Filters
  presets?: boolean
  presetLabel?: string
  presetNote?: string
  // range offers a custom from/to range beside the presets
  range?: boolean
}) {
  const all = useCollections()
  // a client viewer of chosen collections sees one of them at a time (the
  // API reads the first when none is named): theirs only, no "all"
  const only = useWorkspace()?.clientCollections ?? []
  const cols: Loaded<CollectionList> = only.length
    ? { ...all, data: all.data && { ...all.data, collections: all.data.collections.filter((c) => only.includes(c.id)) } }
    : all
  const custom = range && !!(f.from && f.to)
  const [picking, setPicking] = useState(false)
  const toggle = (p: string) => {
    const next = f.platforms.includes(p) ? f.platforms.filter((x) => x !== p) : [...f.platforms, p]
    setQuery({ platforms: next.join(','), offset: null })
  }
  return (
    <div class="filters" role="group" aria-label="Filters">
      {presets && (
        <div class="filter-group">
        <span class="filter-label" id="preset-label" title={presetNote}>
          {presetLabel}
        </span>
        <div class="segmented" role="radiogroup" aria-labelledby="preset-label" aria-describedby={presetNote ? 'preset-note' : undefined}>
          {PRESETS.map((p) => (
            <button
              type="button"
              role="radio"
              aria-checked={!custom && !picking && f.datePreset === p}
              class={!custom && !picking && f.datePreset === p ? 'on' : ''}
              title={PRESET_NAMES[p]}
              onClick={() => {
                setPicking(false)
                setQuery({ datePreset: p, from: null, to: null, offset: null })
              }}
            >
              {p === 'all' ? 'All' : p}
            </button>
          ))}
          {range && (
            <button type="button" role="radio" aria-checked={custom || picking} class={custom || picking ? 'on' : ''} title="Choose the first and last day" onClick={() => setPicking(true)}>
              Custom
            </button>
          )}
        </div>
        {presetNote && (
          <span class="sr-only" id="preset-note">
            {presetNote}
          </span>
        )}
        {range && <DateRange key={`${f.from}:${f.to}`} f={f} open={custom || picking} />}
        </div>
      )}
      <div class="segmented" role="group" aria-label="Platforms">
        {PLATFORMS.map((p) => (
          <button type="button" aria-pressed={f.platforms.includes(p)} class={f.platforms.includes(p) ? 'on' : ''} onClick={() => toggle(p)}>
            {platformName(p)}
          </button>
        ))}
      </div>
      <label class="inline">
        <span>Collection</span>
        <CollectionSelect
          cols={cols}
          none={only.length ? null : 'All collections'}
          value={f.collectionId || (only[0] ?? '')}
          onPick={(id) => setQuery({ collectionId: id, offset: null })}
        />
      </label>
    </div>
  )
}

// gainedSeries is an answer's views gained per bucket as the chart takes
// them: the buckets' times and their gains (null where none is given).
export function gainedSeries(series: Overview['series']): { times: string[]; values: (number | null)[] } {
  return { times: series.map((p) => p.t), values: series.map((p) => p.viewsGained) }
}
