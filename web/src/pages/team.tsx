// Team: the workspace's members, the seats they use, and (for owners and
// admins) pending invites, inviting by e-mailed link (a teammate, or a
// client viewer of the workspace or of chosen collections), changing roles
// and removing. The people an agency reaches the workspace through are
// shown, and changed in the agency's own workspace only.
import { useState } from 'preact/hooks'
import { del, get, patch, post } from '../api'
import { useCollections } from '../filters'
import { ago, day, exact, filled } from '../format'
import { canManage, loadWorkspace, openDashboard, useMe, useWorkspace } from '../session'
import type { CollectionList, Invite, Member, Role, Team as TeamData, User } from '../types'
import { ACTIONS, Confirm, ErrorNote, PageHeader, Show, TableHead, Time, useAction, useApi, useQuestion, type Loaded } from '../ui'
import { TeamTabs } from './team-tabs'
import './team.css'

const ROLE_NAMES: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member', creator: 'Creator', client: 'Client viewer' }

type InviteRole = 'member' | 'admin' | 'client'

const ROLE_HINTS: Record<InviteRole, string> = {
  admin: 'Admins can invite, change roles, remove members and manage billing; they see and track everything.',
  member: 'Members see and track everything; they cannot invite, change roles or manage billing.',
  client: 'A client viewer reads the numbers (of the whole workspace or of the collections you choose) and changes nothing. It takes no seat.',
}

// Reach says what a client viewer (or its invite) is shown: the whole
// workspace or its collections, and whether the campaigns' payouts.
function Reach({ ids, payouts, cols }: { ids?: string[]; payouts?: boolean; cols: Loaded<CollectionList> }) {
  const names = (ids ?? []).map((id) => cols.data?.collections.find((c) => c.id === id)?.name ?? (cols.data ? 'a deleted collection' : '…'))
  return (
    <div class="muted small client-reach" data-testid="client-reach">
      {names.length ? `${names.length === 1 ? 'Collection' : 'Collections'}: ${names.join(', ')}` : 'Whole workspace'}
      {payouts ? ' · payouts shown' : ' · no payouts'}
    </div>
  )
}

// ClientChoices picks a client viewer's collections (none: the whole
// workspace) and whether it is shown the campaigns' payouts.
function ClientChoices({
  cols,
  picked,
  setPicked,
  payouts,
  setPayouts,
  error,
}: {
  cols: Loaded<CollectionList>
  picked: Set<string>
  setPicked: (s: Set<string>) => void
  payouts: boolean
  setPayouts: (v: boolean) => void
  error?: string
}) {
  const list = cols.data?.collections ?? []
  const toggle = (id: string, on: boolean) => {
    const next = new Set(picked)
    if (on) next.add(id)
    else next.delete(id)
    setPicked(next)
  }
  return (
    <div class="client-choices" data-testid="client-choices">
      <fieldset aria-describedby="client-collections-hint">
        <legend>What the client sees</legend>
        {cols.error ? (
          <ErrorNote error={cols.error} />
        ) : !cols.data ? (
          <span class="muted small">Loading the collections…</span>
        ) : list.length === 0 ? (
          <p class="muted small">The workspace has no collection yet: the client sees the whole workspace.</p>
        ) : (
          <ul class="client-collections">
            {list.map((c) => (
              <li>
                <label class="check">
                  <input type="checkbox" name="clientCollections" value={c.id} checked={picked.has(c.id)} onChange={(e) => toggle(c.id, (e.target as HTMLInputElement).checked)} />
                  <span class="client-collection-name">{c.name}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        <small id="client-collections-hint" class={error ? 'field-error' : 'muted'}>
          {error ? `Collections: ${error}` : picked.size ? `Only the ${picked.size === 1 ? 'collection' : `${picked.size} collections`} checked: their videos, accounts and numbers.` : 'None checked: the whole workspace.'}
        </small>
      </fieldset>
      <label class="check">
        <input type="checkbox" name="clientPayouts" checked={payouts} onChange={(e) => setPayouts((e.target as HTMLInputElement).checked)} />
        Show payouts <span class="muted small">(the campaigns, their spend, budgets and lines)</span>
      </label>
    </div>
  )
}

function InviteForm({ full, onTeam, cols }: { full: boolean; onTeam: (t: TeamData) => void; cols: Loaded<CollectionList> }) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<InviteRole>('member')
  const [picked, setPicked] = useState<Set<string>>(new Set())
  const [payouts, setPayouts] = useState(false)
  const { busy, error, run } = useAction()
  const [sent, setSent] = useState('')
  const client = role === 'client'
  const submit = (e: Event) => {
    e.preventDefault()
    setSent('')
    run(async () => {
      // a collection deleted since the list was read is not asked for
      const known = [...picked].filter((id) => cols.data?.collections.some((c) => c.id === id))
      const body = client ? { email, role, clientCollections: known, clientPayouts: payouts } : { email, role }
      const t = await post<TeamData>('/workspace/team', body)
      onTeam(t)
      setSent(`We e-mailed ${client ? 'a client viewer’s' : 'an'} invite link to ${email.trim().toLowerCase()}; it works for 7 days.`)
      setEmail('')
    })
  }
  return (
    <form class="card" aria-label="Invite a teammate" onSubmit={submit} noValidate>
      <h2>Invite a teammate</h2>
      <div class="form-row">
        <label>
          E-mail
          <input
            type="email"
            name="email"
            autocomplete="off"
            maxLength={254}
            required
            value={email}
            onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
            aria-invalid={!!error?.fields.email}
            aria-describedby={error?.fields.email ? 'invite-email-error' : undefined}
          />
        </label>
        <label class="role-field">
          Role
          <select name="role" value={role} onChange={(e) => setRole((e.target as HTMLSelectElement).value as InviteRole)} aria-describedby="invite-role-hint">
            <option value="member">Member</option>
            <option value="admin">Admin</option>
            <option value="client">Client viewer (read only)</option>
          </select>
        </label>
        <button type="submit" class="primary" disabled={!!busy}>
          {busy ? 'Inviting…' : 'Send invite'}
        </button>
      </div>
      {error?.fields.email && (
        <small id="invite-email-error" class="field-error">
          {error.fields.email}
        </small>
      )}
      {error?.fields.role && <small class="field-error">{error.fields.role}</small>}
      <small id="invite-role-hint" class="muted block">
        {ROLE_HINTS[role]}
      </small>
      {client && (
        <ClientChoices
          cols={cols}
          picked={picked}
          setPicked={setPicked}
          payouts={payouts}
          setPayouts={setPayouts}
          error={error?.fields.clientCollections}
        />
      )}
      {full && !client && (
        <p class="muted">
          All seats are in use: <a href="/billing">upgrade your plan</a> or revoke a pending invite before inviting someone else.
        </p>
      )}
      {error && !error.fields.email && !error.fields.role && !error.fields.clientCollections && <ErrorNote error={error} />}
      {sent && (
        <p class="notice" role="status">
          {sent}
        </p>
      )}
    </form>
  )
}

function MemberRow({
  m,
  me,
  manage,
  onTeam,
  cols,
}: {
  m: Member
  me: boolean
  manage: boolean
  onTeam: (t: TeamData | undefined) => void
  cols: Loaded<CollectionList>
}) {
  const { busy, error, run } = useAction()
  const question = useQuestion()
  // Your own role and membership are not changed from your row: leaving
  // has its own button below the table. An agency's people are changed in
  // its own workspace; a client viewer's role does not change (it is
  // removed and invited again).
  const removable = manage && m.role !== 'owner' && !me && !m.organisation
  const editable = removable && m.role !== 'client'

  const changeRole = async (role: string) => run(async () => onTeam(await patch<TeamData>(`/workspace/team/members/${m.userId}`, { role })))
  const remove = () => run(async () => onTeam(await del<TeamData | undefined>(`/workspace/team/members/${m.userId}`)), { stay: true })

  return (
    <tr data-testid="row" data-id={m.userId} data-me={me ? 'true' : undefined} class={me ? 'me' : undefined}>
      <td class="email">
        {m.email}
        {me && (
          <span class="badge you" data-testid="you">
            you
          </span>
        )}
        {m.organisation && (
          <span class="badge via-org" data-testid="via-org" title={`Reaches this workspace through the agency ${m.organisation}: changed in the agency’s own workspace`}>
            via {m.organisation}
          </span>
        )}
        <ErrorNote error={error} />
      </td>
      <td>
        {editable ? (
          <select value={m.role} disabled={!!busy} aria-label={`Role of ${m.email}`} onChange={(e) => changeRole((e.target as HTMLSelectElement).value)}>
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        ) : (
          <span class={`badge role-${m.role}`}>{ROLE_NAMES[m.role]}</span>
        )}
        {m.role === 'client' && <Reach ids={m.clientCollections} payouts={m.clientPayouts} cols={cols} />}
      </td>
      <td>
        <Time at={m.joinedAt} show={day} />
      </td>
      {manage && (
        <td class="row-actions">
          {removable && (
            <button type="button" disabled={!!busy} onClick={question.ask} aria-label={`Remove ${m.email}`}>
              Remove
            </button>
          )}
          <Confirm question={question} title="Remove this member?" confirm="Remove member" onConfirm={remove}>
            <p>
              {m.email} loses access to this workspace at once and their seat becomes free. Their tracked videos and alert rules stay.
            </p>
          </Confirm>
        </td>
      )}
    </tr>
  )
}

// Leave lets a member or admin leave the workspace (the owner cannot).
// Afterwards the bootstrap gives them a workspace of their own.
function Leave({ me, owner }: { me: User; owner: boolean }) {
  const { busy, error, run } = useAction()
  const question = useQuestion()
  const leave = async () => {
    if (!(await run(() => del<undefined>(`/workspace/team/members/${me.id}`), { stay: true }))) await openDashboard()
  }
  return (
    <section class="card leave" aria-labelledby="leave-title">
      <h2 id="leave-title">Leave this workspace</h2>
      {owner ? (
        <p class="muted">You own this workspace, so you cannot leave it.</p>
      ) : (
        <>
          <p class="muted">You lose access to its videos, accounts and alerts at once. You can come back only with a new invite.</p>
          <button type="button" class="danger" disabled={!!busy} onClick={question.ask}>
            {busy ? 'Leaving…' : 'Leave workspace'}
          </button>
          <ErrorNote error={error} />
          <Confirm question={question} title="Leave this workspace?" confirm="Leave workspace" onConfirm={leave}>
            <p>
              You ({me.email}) lose access at once and your seat becomes free. The videos you tracked and your alert rules stay with the workspace. You then get a
              workspace of your own; to join another, open the link of its invite.
            </p>
          </Confirm>
        </>
      )}
    </section>
  )
}

// InviteRow is a pending invite: when its link expires, and resending a
// new link (which starts the 7 days again) or revoking it.
function InviteRow({ i, onTeam, cols }: { i: Invite; onTeam: (t: TeamData) => void; cols: Loaded<CollectionList> }) {
  const { busy, error, run } = useAction<'resend' | 'revoke'>()
  const [sent, setSent] = useState(false)
  const act = (what: 'resend' | 'revoke') => {
    setSent(false)
    run(
      async () => {
        const t = what === 'resend' ? await post<TeamData>(`/workspace/team/invites/${i.id}/resend`) : await del<TeamData>(`/workspace/team/invites/${i.id}`)
        if (what === 'resend') setSent(true)
        onTeam(t)
      },
      { key: what },
    )
  }
  return (
    <tr data-testid="row" data-id={i.id} class={i.expired ? 'expired' : undefined}>
      <td class="email">
        {i.email}
        <ErrorNote error={error} />
      </td>
      <td>
        <span class={`badge role-${i.role}`}>{ROLE_NAMES[i.role]}</span>
        {i.role === 'client' && <Reach ids={i.clientCollections} payouts={i.clientPayouts} cols={cols} />}
      </td>
      <td class="email">{i.invitedBy}</td>
      <td>
        <Time at={i.createdAt} show={ago} />
      </td>
      <td data-testid="invite-expiry">
        {i.expired ? (
          <span class="badge status-error">expired</span>
        ) : i.expiresAt ? (
          <Time at={i.expiresAt} show={day} />
        ) : (
          <span class="muted">—</span>
        )}
      </td>
      <td class="row-actions">
        <div class="invite-actions">
          {sent && (
            <span class="notice sent" role="status">
              Sent
            </span>
          )}
          <button type="button" disabled={!!busy} onClick={() => act('resend')} aria-label={`Resend the invite of ${i.email}`}>
            {busy === 'resend' ? 'Sending…' : 'Resend'}
          </button>
          <button type="button" disabled={!!busy} onClick={() => act('revoke')} aria-label={`Revoke the invite of ${i.email}`}>
            {busy === 'revoke' ? 'Revoking…' : 'Revoke'}
          </button>
        </div>
      </td>
    </tr>
  )
}

export default function Team() {
  const ws = useWorkspace()
  const manage = canManage(ws)
  const r = useApi((s) => get<TeamData>('/workspace/team', undefined, s), 'team')
  const me = useMe()
  const myId = me?.id
  const [local, setLocal] = useState<TeamData | null>(null)
  // the collections name a client viewer's reach
  const cols = useCollections()

  const onTeam = (t: TeamData | undefined) => {
    if (!t) {
      // 204: the caller removed themself and no longer sees this team.
      openDashboard()
      return
    }
    setLocal(t)
    loadWorkspace().catch(() => {})
  }

  return (
    <>
      <PageHeader title="Team" />
      <TeamTabs />
      <Show r={r}>
        {(fetched) => {
          const t = local ?? fetched
          const full = t.seats.used >= t.seats.limit
          return (
            <>
              <section class="card seats" aria-label="Seats">
                <div>
                  <strong data-testid="seats-used">{exact(t.seats.used)}</strong> of <strong data-testid="seats-limit">{exact(t.seats.limit)}</strong>{' '}
                  {t.seats.limit === 1 ? 'seat' : 'seats'} used
                  <span class="muted"> · the team’s members plus pending invites; client viewers and an agency’s people take no seat</span>
                </div>
                <div class="meter" role="progressbar" aria-label="Seats used" aria-valuemin={0} aria-valuemax={t.seats.limit} aria-valuenow={t.seats.used}>
                  <span class={`meter-fill${full ? ' full' : ''}`} style={{ width: filled(t.seats.used, t.seats.limit) }} />
                </div>
                {full && !manage && (
                  <p class="muted">
                    Every seat is taken. <a href="/billing">See plans with more seats</a>
                  </p>
                )}
              </section>

              {manage ? (
                <InviteForm full={full} onTeam={onTeam} cols={cols} />
              ) : (
                <p class="muted">Only the workspace’s owner or an admin can invite teammates, change roles or remove members.</p>
              )}

              <section class="card" aria-labelledby="members-title">
                <h2 id="members-title">Members ({t.members.length})</h2>
                <div class="table-wrap">
                  <table data-testid="members" aria-label="Members">
                    <TableHead cols={manage ? ['E-mail', 'Role', 'Joined', ACTIONS] : ['E-mail', 'Role', 'Joined']} />
                    <tbody>
                      {t.members.map((m) => (
                        <MemberRow key={m.userId} m={m} me={m.userId === myId} manage={manage} onTeam={onTeam} cols={cols} />
                      ))}
                    </tbody>
                  </table>
                </div>
              </section>

              {manage && (
                <section class="card" aria-labelledby="invites-title">
                  <h2 id="invites-title">Pending invites ({t.invites.length})</h2>
                  <div class="table-wrap">
                    <table data-testid="invites" aria-label="Pending invites">
                      <TableHead cols={['E-mail', 'Role', 'Invited by', 'Invited', 'Link expires', ACTIONS]} />
                      <tbody>
                        {t.invites.map((i) => (
                          <InviteRow key={i.id} i={i} onTeam={onTeam} cols={cols} />
                        ))}
                        {t.invites.length === 0 && (
                          <tr>
                            <td colSpan={6} class="muted">
                              No pending invites. Invite a teammate with the form above: they join with the link we e-mail them.
                            </td>
                          </tr>
                        )}
                      </tbody>
                    </table>
                  </div>
                </section>
              )}

              {me && t.members.some((m) => m.userId === myId && !m.organisation) && (
                <Leave me={me} owner={t.members.some((m) => m.userId === myId && m.role === 'owner')} />
              )}
            </>
          )
        }}
      </Show>
      {r.error && r.error.status === 404 && (
        <p class="muted">
          If you were just removed from a workspace, <a href="/">open the dashboard</a> to get one of your own.
        </p>
      )}
    </>
  )
}

