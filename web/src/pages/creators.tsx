// Creators: the people a campaign pays, each with the tracked accounts
// they post from and how many videos they mean to post per period. Any
// member creates, edits and deletes them.
import { useState } from 'preact/hooks'
import { ApiError, del, get, patch, post, put } from '../api'
import { day, exact } from '../format'
import type { Account, AccountList, Creator, CreatorAccount, CreatorList, TaxForm } from '../types'
import { ACTIONS, Confirm, Empty, ErrorBox, FormError, PageHeader, PlatformBadge, Show, Spinner, Stale, TableHead, Time, Updating, useAction, useApi, useQuestion, type Loaded } from '../ui'
import { canManage, useWorkspace } from '../session'
import { accountName } from './account-actions'
import { described, fieldText } from './campaign-parts'
import './campaigns.css'

interface FormState {
  name: string
  email: string
  postingGoal: string
  accountIds: Set<string>
  taxForm: TaxForm
}

// TAX_FORMS names the tax form states a manager records (no document is stored).
const TAX_FORMS: Record<TaxForm, string> = { none: 'None on file', w9: 'W-9', w8ben: 'W-8BEN', other: 'Other form' }

function fromCreator(c: Creator | null): FormState {
  return c
    ? { name: c.name, email: c.email, postingGoal: c.postingGoal ? String(c.postingGoal) : '', accountIds: new Set(c.accounts.map((a) => a.id)), taxForm: c.taxForm }
    : { name: '', email: '', postingGoal: '', accountIds: new Set(), taxForm: 'none' }
}

// check names the fields the API would refuse, in its words.
function check(f: FormState): Record<string, string> {
  const out: Record<string, string> = {}
  const name = f.name.trim()
  if (!name) out.name = 'is required'
  else if (name.length > 100) out.name = 'must be at most 100 characters'
  const email = f.email.trim()
  if (email && (email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) out.email = 'must be a valid e-mail address'
  const g = f.postingGoal.trim()
  if (g && (!/^\d+$/.test(g) || Number(g) < 1 || Number(g) > 1000)) out.postingGoal = 'must be a whole number from 1 to 1000, or empty'
  return out
}

// AccountPicker chooses the tracked accounts a creator posts from; an
// account of another creator moves to this one.
function AccountPicker({
  accounts,
  owners,
  chosen,
  set,
}: {
  accounts: Loaded<AccountList>
  owners: Map<string, Creator>
  chosen: Set<string>
  set: (ids: Set<string>) => void
}) {
  const [find, setFind] = useState('')
  if (accounts.error) return <ErrorBox error={accounts.error} retry={accounts.reload} />
  if (!accounts.data) return <Spinner label="Loading accounts…" />
  const all = accounts.data.accounts.filter((a) => a.status !== 'removed')
  if (all.length === 0)
    return (
      <p class="muted small">
        No accounts are tracked yet. Track a creator’s profile link on the <a href="/track">Track</a> page, then pick it here.
      </p>
    )
  const q = find.trim().toLowerCase().replace(/^@/, '')
  const shown = q ? all.filter((a) => a.handle.toLowerCase().includes(q) || a.displayName.toLowerCase().includes(q) || chosen.has(a.id)) : all
  const toggle = (a: Account, on: boolean) => {
    const next = new Set(chosen)
    if (on) next.add(a.id)
    else next.delete(a.id)
    set(next)
  }
  return (
    <>
      {all.length > 8 && (
        <label class="inline">
          <span>Find an account</span>
          <input type="search" name="find-account" value={find} onInput={(e) => setFind((e.target as HTMLInputElement).value)} />
        </label>
      )}
      <div class="account-picker" data-testid="account-picker">
        {shown.map((a) => {
          const owner = owners.get(a.id)
          return (
            <label class="check">
              <input type="checkbox" name="accountIds" value={a.id} checked={chosen.has(a.id)} onChange={(e) => toggle(a, (e.target as HTMLInputElement).checked)} />
              <span>
                {accountName(a)} <PlatformBadge platform={a.platform} />
                {a.displayName && <span class="muted"> {a.displayName}</span>}
                {owner && (
                  <span class="muted">
                    {' '}
                    · {chosen.has(a.id) ? 'of this creator' : `now ${owner.name}’s: moves here when picked`}
                  </span>
                )}
              </span>
            </label>
          )
        })}
        {shown.length === 0 && <span class="muted">No account matches “{find}”.</span>}
      </div>
    </>
  )
}

function CreatorForm({
  editing,
  accounts,
  creators,
  onSaved,
  onCancel,
}: {
  editing: Creator | null
  accounts: Loaded<AccountList>
  creators: Creator[]
  onSaved: (c: Creator, created: boolean) => void
  onCancel?: () => void
}) {
  const [f, setF] = useState<FormState>(() => fromCreator(editing))
  const { busy, error, setError, run } = useAction()
  const fields = error?.fields ?? {}
  const fe = (k: string) => fields[k]
  // the other creators' accounts: picking one moves it
  const owners = new Map<string, Creator>()
  for (const c of creators) if (c.id !== editing?.id) for (const a of c.accounts) owners.set(a.id, c)

  const submit = (e: Event) => {
    e.preventDefault()
    const bad = check(f)
    if (Object.keys(bad).length) {
      setError(new ApiError(400, 'invalid_request', 'Some fields need a change.', bad))
      requestAnimationFrame(() => document.querySelector<HTMLElement>('form[aria-label="Creator"] [aria-invalid="true"]')?.focus())
      return
    }
    const body = {
      name: f.name.trim(),
      email: f.email.trim(),
      postingGoal: f.postingGoal.trim() ? Number(f.postingGoal.trim()) : null,
      accountIds: [...f.accountIds],
      taxForm: f.taxForm,
    }
    run(async () => {
      const c = editing ? await patch<Creator>(`/creators/${editing.id}`, body) : await post<Creator>('/creators', body)
      onSaved(c, !editing)
    })
  }
  const known = ['name', 'email', 'postingGoal']
  const other = Object.entries(fields).filter(([k]) => !known.includes(k))
  return (
    <form class="card cp-form" aria-label="Creator" onSubmit={submit} noValidate>
      <h2>{editing ? `Edit ${editing.name}` : 'New creator'}</h2>
      <div class="cp-grid">
        <div class="field">
          <label for="creator-name">Name</label>
          <input
            name="name"
            maxLength={100}
            required
            autocomplete="off"
            value={f.name}
            onInput={(e) => setF({ ...f, name: (e.target as HTMLInputElement).value })}
            {...described('creator-name', fe('name'), false)}
          />
          {fe('name') && (
            <small id="creator-name-error" class="field-error">
              {fieldText('Name', fe('name')!)}
            </small>
          )}
        </div>
        <div class="field">
          <label for="creator-email">E-mail (optional)</label>
          <input
            type="email"
            name="email"
            maxLength={254}
            autocomplete="off"
            value={f.email}
            onInput={(e) => setF({ ...f, email: (e.target as HTMLInputElement).value })}
            {...described('creator-email', fe('email'))}
          />
          {fe('email') ? (
            <small id="creator-email-error" class="field-error">
              {fieldText('E-mail', fe('email')!)}
            </small>
          ) : (
            <small id="creator-email-hint" class="muted">
              For your records, and where a creator portal invite goes by default; nothing else is sent to it.
            </small>
          )}
        </div>
        <div class="field">
          <label for="creator-postingGoal">Posting goal (videos per period)</label>
          <input
            type="number"
            name="postingGoal"
            min={1}
            max={1000}
            step={1}
            inputMode="numeric"
            value={f.postingGoal}
            onInput={(e) => setF({ ...f, postingGoal: (e.target as HTMLInputElement).value })}
            {...described('creator-postingGoal', fe('postingGoal'))}
          />
          {fe('postingGoal') ? (
            <small id="creator-postingGoal-error" class="field-error">
              {fieldText('Posting goal', fe('postingGoal')!)}
            </small>
          ) : (
            <small id="creator-postingGoal-hint" class="muted">
              How many videos they mean to post in each payout period of a campaign; empty: no goal.
            </small>
          )}
        </div>
      </div>
      <div class="field">
        <label for="creator-taxForm">Tax form on file</label>
        <select id="creator-taxForm" name="taxForm" value={f.taxForm} onChange={(e) => setF({ ...f, taxForm: (e.target as HTMLSelectElement).value as TaxForm })} aria-describedby="creator-taxForm-hint">
          {(Object.keys(TAX_FORMS) as TaxForm[]).map((k) => (
            <option value={k}>{TAX_FORMS[k]}</option>
          ))}
        </select>
        <small id="creator-taxForm-hint" class="muted">
          What you hold for this creator, recorded as a status; no document is stored. Not tax advice.
        </small>
      </div>
      <fieldset>
        <legend>Accounts ({exact(f.accountIds.size)} picked)</legend>
        <p class="muted small">The tracked accounts this creator posts from: their videos in a campaign are paid to the creator.</p>
        <AccountPicker accounts={accounts} owners={owners} chosen={f.accountIds} set={(ids) => setF({ ...f, accountIds: ids })} />
        {fe('accountIds') && <small class="field-error block">{fieldText('Accounts', fe('accountIds')!)}</small>}
      </fieldset>
      {error && (Object.keys(fields).length === 0 || other.length > 0) && <FormError error={error} />}
      <div class="actions">
        <button type="submit" class="primary" disabled={!!busy}>
          {busy ? 'Saving…' : editing ? 'Save changes' : 'Add creator'}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} disabled={!!busy}>
            Cancel
          </button>
        )}
      </div>
    </form>
  )
}

// Ownership says whether the creator has proven it owns the account (a
// code in its bio, or a manager's word); managers verify by hand or undo.
function Ownership({ c, a, manage, onChanged }: { c: Creator; a: CreatorAccount; manage: boolean; onChanged: (say: string) => void }) {
  const { busy, error, run } = useAction()
  const v = a.verification
  const set = (verified: boolean) =>
    run(async () => {
      await put(`/accounts/${a.id}/verification`, { verified })
      onChanged(verified ? `Verified @${a.handle} as ${c.name}'s by hand.` : `Undid the verification of @${a.handle}.`)
    })
  return (
    <span class="cp-ownership" data-testid="account-ownership" data-state={v.state}>
      {v.state === 'verified' && (
        <span class="badge verified" title={v.method === 'bio' ? 'Proven by a code in its bio' : 'Verified by hand'}>
          ✓ verified{v.method === 'manual' ? ' by hand' : ''}
        </span>
      )}
      {v.state === 'pending' && <span class="muted small">{v.checkedAt ? 'code not in the bio yet' : 'code asked for'}</span>}
      {manage && (
        <button type="button" class="link small" disabled={!!busy} onClick={() => set(v.state !== 'verified')} aria-label={`${v.state === 'verified' ? 'Undo the verification of' : 'Verify by hand'} @${a.handle}`}>
          {v.state === 'verified' ? 'undo' : 'verify by hand'}
        </button>
      )}
      {error && (
        <span class="field-error" role="alert">
          {error.message}
        </span>
      )}
    </span>
  )
}

// PortalLogin is the creator's sign-in to the creator portal: invited by
// e-mail, then a login of its own that sees only its accounts, posts and
// amounts (docs/creators.md). Managers invite, invite again and end it.
function PortalLogin({ c, manage, onChanged }: { c: Creator; manage: boolean; onChanged: (say: string) => void }) {
  const [email, setEmail] = useState(c.login.email ?? c.email)
  const { busy, error, run } = useAction<'invite' | 'end'>()
  const question = useQuestion()
  const invite = (to: string) =>
    run(
      async () => {
        await post<Creator>(`/creators/${c.id}/invite`, { email: to.trim() })
        onChanged(`Invited ${c.name} to the creator portal at ${to.trim() || c.email}.`)
      },
      { key: 'invite' },
    )
  const end = () =>
    run(
      async () => {
        await del(`/creators/${c.id}/login`)
        onChanged(c.login.state === 'active' ? `Ended ${c.name}'s login.` : `Cancelled ${c.name}'s invite.`)
      },
      { key: 'end' },
    )
  const l = c.login
  return (
    <div class="cp-login" data-testid="creator-login" data-state={l.state}>
      {l.state === 'active' && (
        <span>
          Signs in as <strong>{l.email}</strong>
        </span>
      )}
      {l.state === 'invited' && <span>{l.expired ? `The invite to ${l.email} has expired` : `Invite sent to ${l.email}`}</span>}
      {l.state === 'none' && !manage && <span class="muted">No login</span>}
      {manage && l.state === 'none' && (
        <form
          class="cp-invite"
          onSubmit={(e) => {
            e.preventDefault()
            invite(email)
          }}
        >
          <label class="sr-only" for={`invite-${c.id}`}>
            E-mail to invite {c.name} at
          </label>
          <input id={`invite-${c.id}`} type="email" maxLength={254} placeholder="creator@example.com" value={email} onInput={(e) => setEmail((e.target as HTMLInputElement).value)} />
          <button type="submit" disabled={!!busy}>
            {busy === 'invite' ? 'Inviting…' : 'Invite'}
          </button>
        </form>
      )}
      {manage && l.state !== 'none' && (
        <div class="cp-actions">
          {l.state === 'invited' && (
            <button type="button" onClick={() => invite(l.email ?? '')} disabled={!!busy}>
              {busy === 'invite' ? 'Sending…' : 'Send again'}
            </button>
          )}
          <button type="button" class="danger-outline" onClick={question.ask} disabled={!!busy}>
            {l.state === 'active' ? 'End login' : 'Cancel invite'}
          </button>
        </div>
      )}
      {error && (
        <div class="field-error" role="alert">
          {error.message}
        </div>
      )}
      <Confirm
        question={question}
        title={l.state === 'active' ? `End ${c.name}'s login?` : `Cancel ${c.name}'s invite?`}
        confirm={l.state === 'active' ? 'End login' : 'Cancel invite'}
        onConfirm={end}
      >
        <p>{l.state === 'active' ? 'They are signed out at once and can no longer open the creator portal. Their accounts and lines stay.' : 'The link sent stops working.'}</p>
      </Confirm>
    </div>
  )
}

function Row({
  c,
  manage,
  onEdit,
  onDeleted,
  onChanged,
}: {
  c: Creator
  manage: boolean
  onEdit: () => void
  onDeleted: () => void
  onChanged: (say: string) => void
}) {
  const { busy, error, run } = useAction()
  const question = useQuestion()
  const remove = () =>
    run(
      async () => {
        await del(`/creators/${c.id}`)
        onDeleted()
      },
      { stay: true },
    )
  return (
    <tr data-testid="row" data-id={c.id}>
      <td class="card-title">
        <strong class="cp-name" data-testid="creator-name">
          {c.name}
        </strong>
        {error && (
          <div class="field-error" role="alert">
            {error.message}
          </div>
        )}
      </td>
      <td class="cp-email card-wide" data-label="E-mail">
        {c.email || <span class="muted">—</span>}
      </td>
      <td class="card-wide" data-label="Accounts">
        {c.accounts.length ? (
          <div class="cp-accounts" data-testid="creator-accounts">
            {c.accounts.map((a) => (
              <span>
                <a href={`/accounts/${a.id}`}>{accountName(a)}</a> <PlatformBadge platform={a.platform} />{' '}
                <Ownership c={c} a={a} manage={manage} onChanged={onChanged} />
              </span>
            ))}
          </div>
        ) : (
          <span class="muted">no accounts yet</span>
        )}
      </td>
      <td data-testid="posting-goal" data-value={c.postingGoal ?? ''} data-label="Posting goal">
        {c.postingGoal ? `${exact(c.postingGoal)} ${c.postingGoal === 1 ? 'video' : 'videos'} per period` : <span class="muted">none</span>}
      </td>
      <td class="card-wide" data-label="Creator portal">
        <PortalLogin c={c} manage={manage} onChanged={onChanged} />
      </td>
      <td data-label="Tax form" data-testid="tax-form" data-value={c.taxForm}>
        {c.taxForm === 'none' ? <span class="muted">{TAX_FORMS.none}</span> : TAX_FORMS[c.taxForm]}
      </td>
      <td data-label="Added">
        <Time at={c.createdAt} show={day} />
      </td>
      <td class="card-wide">
        {manage && (
          <div class="cp-actions">
            <button type="button" onClick={onEdit} disabled={!!busy} aria-label={`Edit ${c.name}`}>
              Edit
            </button>
            <button type="button" class="danger-outline" onClick={question.ask} disabled={!!busy} aria-label={`Delete ${c.name}`}>
              {busy ? 'Deleting…' : 'Delete'}
            </button>
          </div>
        )}
        <Confirm question={question} title={`Delete ${c.name}?`} confirm="Delete creator" onConfirm={remove}>
          <p>
            {c.accounts.length
              ? `${c.accounts.length === 1 ? 'Their account keeps' : `Their ${c.accounts.length} accounts keep`} being tracked, without a creator.`
              : 'They have no accounts; nothing else changes.'}
          </p>
        </Confirm>
      </td>
    </tr>
  )
}

export default function Creators() {
  const manage = canManage(useWorkspace())
  const r = useApi((s) => get<CreatorList>('/creators', undefined, s), 'creators')
  const accounts = useApi((s) => get<AccountList>('/accounts', undefined, s), 'accounts')
  const [editing, setEditing] = useState<Creator | null>(null)
  const [formKey, setFormKey] = useState(0)
  const [notice, setNotice] = useState('')
  const reset = (c: Creator | null) => {
    setEditing(c)
    setFormKey((k) => k + 1)
  }
  return (
    <>
      <PageHeader title="Creators" />
      <p class="muted intro">
        The people your campaigns pay. Each posts from one or more tracked accounts; a campaign pays them for their videos’ views and follows their
        posting goal.
      </p>
      {!manage && (
        <p class="notice" data-testid="creators-managers-only">
          Only owners and admins add, change or delete creators: a creator is who a campaign pays, so choosing one moves money.
        </p>
      )}
      {manage && (
        <CreatorForm
          key={formKey}
          editing={editing}
          accounts={accounts}
          creators={r.data?.creators ?? []}
          onSaved={(c, created) => {
            setNotice(created ? `Added ${c.name}.` : `Saved ${c.name}.`)
            reset(null)
            r.reload()
          }}
          onCancel={editing ? () => reset(null) : undefined}
        />
      )}
      {notice && (
        <p class="notice" role="status" data-testid="creator-saved">
          {notice}
        </p>
      )}
      <section class="card" aria-labelledby="creators-title">
        <h2 id="creators-title">Creators{r.data ? ` (${exact(r.data.creators.length)})` : ''}</h2>
        <Show r={r}>
          {(d) =>
            d.creators.length === 0 ? (
              <Empty title="No creators yet">
                {manage ? 'Add the first with the form above, and pick the tracked accounts they post from.' : 'An owner or admin adds them.'}
              </Empty>
            ) : (
              <Stale r={r}>
                <div class="table-wrap phone-cards">
                  <table class="cp-table phone-cards" data-testid="creators-table" aria-labelledby="creators-title">
                    <TableHead scoped cols={['Name', 'E-mail', 'Accounts', 'Posting goal', 'Creator portal', 'Tax form', 'Added', ACTIONS]} />
                    <tbody>
                      {d.creators.map((c) => (
                        <Row
                          key={c.id}
                          c={c}
                          manage={manage}
                          onEdit={() => {
                            setNotice('')
                            reset(c)
                            requestAnimationFrame(() => document.querySelector<HTMLElement>('form[aria-label="Creator"] input[name=name]')?.focus())
                          }}
                          onChanged={(say) => {
                            setNotice(say)
                            r.reload()
                          }}
                          onDeleted={() => {
                            setNotice(`Deleted ${c.name}.`)
                            if (editing?.id === c.id) reset(null)
                            r.reload()
                            accounts.reload()
                          }}
                        />
                      ))}
                    </tbody>
                  </table>
                </div>
              </Stale>
            )
          }
        </Show>
        <Updating r={r} />
      </section>
      {manage && <TaxReport />}
    </>
  )
}

// TaxReport downloads a year's payments by payee (GET /api/payouts/tax-report).
function TaxReport() {
  const now = new Date().getUTCFullYear()
  const [year, setYear] = useState(now)
  return (
    <section class="card" aria-labelledby="tax-report-title">
      <h2 id="tax-report-title">Payments for tax forms</h2>
      <p class="muted small">
        What each creator was paid in a year (the lines marked paid), by currency, with the tax form on file and, in US dollars, whether the total
        reaches the IRS 1099 threshold ($600 through 2025, $2,000 from 2026). Not tax advice.
      </p>
      <div class="actions">
        <label for="tax-report-year">Year</label>
        <select id="tax-report-year" value={year} onChange={(e) => setYear(Number((e.target as HTMLSelectElement).value))}>
          {[now, now - 1, now - 2].map((y) => (
            <option value={y}>{y}</option>
          ))}
        </select>
        <a class="button" href={`/api/payouts/tax-report?year=${year}`} download data-testid="tax-report-download">
          Download CSV
        </a>
      </div>
    </section>
  )
}
