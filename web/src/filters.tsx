// The filters the dashboard routes share (date window, platforms,
// collection), kept in the address so a view can be bookmarked and shared.
import { get } from './api'
import { PRESET_NAMES, platformName } from './format'
import { setQuery } from './router'
import { PLATFORMS, PRESETS, type CollectionList, type DatePreset } from './types'
import { useApi } from './ui'

export interface Filters {
  datePreset: DatePreset
  platforms: string[]
  collectionId: string
}

export function readFilters(q: URLSearchParams, preset: DatePreset = '7d'): Filters {
  const p = q.get('datePreset') as DatePreset | null
  return {
    datePreset: p && PRESETS.includes(p) ? p : preset,
    platforms: (q.get('platforms') ?? '').split(',').filter((x) => (PLATFORMS as string[]).includes(x)),
    collectionId: q.get('collectionId') ?? '',
  }
}

// filterQuery is the API's query for f.
export function filterQuery(f: Filters) {
  return {
    datePreset: f.datePreset,
    platforms: f.platforms.join(',') || undefined,
    collectionId: f.collectionId || undefined,
  }
}

export function useCollections() {
  return useApi((s) => get<CollectionList>('/collections', undefined, s), 'collections')
}

// FilterBar shows the filters; presetLabel is the visible name of the
// period buttons (what they filter by), presetNote a longer explanation
// for assistive technology and the tooltip.
export function FilterBar({ f, presets = true, presetLabel = 'Gains over', presetNote = 'the window the gains and the chart cover' }: { f: Filters; presets?: boolean; presetLabel?: string; presetNote?: string }) {
  const cols = useCollections()
  const chosen = cols.data?.collections.find((c) => c.id === f.collectionId)
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
              aria-checked={f.datePreset === p}
              class={f.datePreset === p ? 'on' : ''}
              title={PRESET_NAMES[p]}
              onClick={() => setQuery({ datePreset: p, offset: null })}
            >
              {p === 'all' ? 'All' : p}
            </button>
          ))}
        </div>
        {presetNote && (
          <span class="sr-only" id="preset-note">
            {presetNote}
          </span>
        )}
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
        <select value={f.collectionId} title={chosen ? chosen.name : 'All collections'} onChange={(e) => setQuery({ collectionId: (e.target as HTMLSelectElement).value, offset: null })}>
          <option value="">All collections</option>
          {cols.data?.collections.map((c) => (
            <option value={c.id} title={c.name}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
    </div>
  )
}
