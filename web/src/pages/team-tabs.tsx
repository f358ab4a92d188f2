// The tabs of the team pages: members and invites, and (for owners and
// admins) the activity log and the API keys.
import { useRoute } from '../router'
import { canManage, useWorkspace } from '../session'

export function TeamTabs() {
  const ws = useWorkspace()
  const { path } = useRoute()
  if (!canManage(ws)) return null
  const tab = (href: string, label: string) => (
    <a href={href} aria-current={path === href ? 'page' : undefined}>
      {label}
    </a>
  )
  return (
    <nav class="tabs" aria-label="Team">
      {tab('/team', 'Members')}
      {tab('/team/activity', 'Activity')}
      {tab('/team/api-keys', 'API keys')}
    </nav>
  )
}
