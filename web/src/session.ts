// The signed-in user's workspace, read once from the idempotent bootstrap
// route and again after anything that changes plan or usage.
import { useEffect, useState } from 'preact/hooks'
import { post } from './api'
import type { BootstrapResult, Workspace } from './types'

let workspace: Workspace | null = null
const listeners = new Set<() => void>()

export async function loadWorkspace(): Promise<Workspace> {
  const r = await post<BootstrapResult>('/workspace/bootstrap')
  workspace = r.workspace
  listeners.forEach((l) => l())
  return r.workspace
}

export function forgetWorkspace() {
  workspace = null
  listeners.forEach((l) => l())
}

export function useWorkspace(): Workspace | null {
  const [, tick] = useState(0)
  useEffect(() => {
    const l = () => tick((n) => n + 1)
    listeners.add(l)
    return () => {
      listeners.delete(l)
    }
  }, [])
  return workspace
}

export function canManage(ws: Workspace | null): boolean {
  return ws?.role === 'owner' || ws?.role === 'admin'
}
