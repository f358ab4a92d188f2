// The creator portal: what a creator's login sees (GET /api/creator), phone
// first: its campaigns with what each pays it, by the status of its lines,
// and its tracked accounts. The amounts are the campaign ledger's.
import { useState } from 'preact/hooks'
import { get, post, put } from '../api'
import { ago, day, exact, platformName } from '../format'
import type { CreatorCampaign, CreatorPortal, CreatorPortalAccount, CreatorStatement, PayoutMethod } from '../types'
import { Empty, ErrorNote, PageHeader, PlatformBadge, Show, StatusBadge, Updating, useAction, useApi } from '../ui'
import { LINE_STATUS_HELP, money, Quality, RulesFacts, runText, type Currency } from './campaign-parts'
import { Requires } from './submission-parts'
import './portal.css'

// Earned is one amount of a campaign by the status of its lines.
function Earned({ label, v, c, help, testid }: { label: string; v: number; c: Currency; help: string; testid: string }) {
  return (
    <div class="portal-amount" data-testid={testid} data-value={v} title={help}>
      <dt>{label}</dt>
      <dd>{money(v, c)}</dd>
    </div>
  )
}

// Asks says what the campaign needs of the creator before it pays, and
// what is missing: accounts verified as its own, a tax form on file.
function Asks({ c, p }: { c: CreatorCampaign; p: CreatorPortal }) {
  const unverified = p.accounts.filter((a) => a.verification.state !== 'verified')
  const asks: string[] = []
  if (c.verifiedAccountsOnly && unverified.length > 0)
    asks.push(`This campaign pays verified accounts only: prove ${unverified.map((a) => '@' + a.handle).join(', ')} below, or their posts are held.`)
  if (c.requiresTaxForm && p.creator.taxForm === 'none')
    asks.push('This campaign pays only with a tax form on file, and the workspace has none for you: send it one, or your posts are held.')
  if (asks.length === 0) return null
  return (
    <div class="notice portal-asks" data-testid="portal-asks">
      {asks.map((s) => (
        <p>{s}</p>
      ))}
    </div>
  )
}

function CampaignCard({ c, p }: { c: CreatorCampaign; p: CreatorPortal }) {
  const a = c.amounts
  return (
    <section class="card portal-campaign" aria-labelledby={`pc-${c.id}`} data-testid="portal-campaign" data-id={c.id}>
      <h2 id={`pc-${c.id}`}>{c.name}</h2>
      <p class="muted small">
        {runText(c.startsAt, c.endsAt)} · {c.platforms.map(platformName).join(', ')}
        {c.endedAt && ` · ended ${day(c.endedAt)}`}
      </p>
      <p>
        <strong>{exact(c.posts)}</strong> {c.posts === 1 ? 'post' : 'posts'} · <strong>{exact(c.views)}</strong> views counted
        {c.quality !== null && (
          <>
            {' '}
            · <Quality q={c.quality} />
          </>
        )}
      </p>
      {c.validationHours > 0 && (
        <p class="muted small">
          A post’s amount is fixed {c.validationHours} hours after its counting window closes: views the platform takes back meanwhile lower its view
          quality.
        </p>
      )}
      <Asks c={c} p={p} />
      <dl class="portal-amounts">
        <Earned label="Paid" v={a.paid} c={c} help={LINE_STATUS_HELP.paid} testid="amount-paid" />
        <Earned label="Approved" v={a.approved} c={c} help={LINE_STATUS_HELP.approved} testid="amount-approved" />
        <Earned label="Waiting for review" v={a.locked + a.held} c={c} help={LINE_STATUS_HELP.locked} testid="amount-review" />
        <Earned label="Projected" v={a.projected} c={c} help={LINE_STATUS_HELP.projected} testid="amount-projected" />
        {a.rejected > 0 && <Earned label="Rejected" v={a.rejected} c={c} help={LINE_STATUS_HELP.rejected} testid="amount-rejected" />}
      </dl>
      {c.rules && (
        <details class="portal-rules">
          <summary>How this campaign pays{c.budget ? ` (budget ${money(c.budget, c)})` : ''}</summary>
          <RulesFacts r={{ ...c.rules, version: 0, createdAt: c.startsAt, createdBy: '' }} c={c} />
        </details>
      )}
      {(c.submissions !== 'closed' && !c.endedAt) || c.submitted.checking + c.submitted.pending + c.submitted.accepted + c.submitted.rejected > 0 ? (
        <div class="portal-submissions-summary" data-testid="portal-submissions-summary">
          {c.submissions !== 'closed' && !c.endedAt && <p class="small">This campaign takes the posts you submit.</p>}
          <Requires c={c} />
          {c.submitted.checking + c.submitted.pending + c.submitted.accepted + c.submitted.rejected > 0 && (
            <p class="muted small">
              Submitted: {c.submitted.accepted} accepted, {c.submitted.pending + c.submitted.checking} waiting, {c.submitted.rejected} not accepted
            </p>
          )}
        </div>
      ) : null}
      <p class="portal-actions">
        {c.posts > 0 && (
          <a href={`/portal/campaigns/${c.id}`} class="button">
            See my posts
          </a>
        )}
        {((c.submissions !== 'closed' && !c.endedAt) || c.submitted.checking + c.submitted.pending + c.submitted.accepted + c.submitted.rejected > 0) && (
          <a href={`/portal/campaigns/${c.id}/submissions`} class="button" data-testid="portal-submit-link">
            {c.submissions !== 'closed' && !c.endedAt ? 'Submit posts' : 'My submissions'}
          </a>
        )}
      </p>
    </section>
  )
}

// Proof shows whether the creator has proven it owns the account, and how
// to: a code to put in the bio, which the next scrape of the profile finds.
function Proof({ a, onChanged }: { a: CreatorPortalAccount; onChanged: () => void }) {
  const { busy, error, run } = useAction()
  const v = a.verification
  if (v.state === 'verified')
    return (
      <span class="badge verified" data-testid="account-verified" title={v.method === 'bio' ? 'Proven by the code in its bio' : 'Verified by the workspace'}>
        ✓ Verified
      </span>
    )
  if (v.state === 'pending')
    return (
      <div class="portal-proof" data-testid="account-proof" data-state="pending">
        <p>
          Put <code data-testid="verify-code">{v.code}</code> in the bio of @{a.handle} on {platformName(a.platform)}. The next scrape of the profile checks it
          (you can remove it once the account shows as verified).
        </p>
        <p class="muted small">
          {v.checkedAt ? `Not found in the bio at the scrape ${ago(v.checkedAt)}.` : 'Not checked yet: the profile is scraped again within the day.'}
        </p>
      </div>
    )
  const ask = () =>
    run(async () => {
      await post(`/creator/accounts/${a.id}/verification`)
      onChanged()
    })
  return (
    <div class="portal-proof" data-testid="account-proof" data-state="none">
      <button type="button" disabled={!!busy} onClick={ask}>
        {busy ? 'Asking…' : 'Prove this account is mine'}
      </button>
      {error && (
        <span class="field-error" role="alert">
          {error.message}
        </span>
      )}
    </div>
  )
}

// PayoutMethod is how the creator chooses to be paid: PayPal or Wise to an
// address, or another way it describes.
function PayoutMethodForm({ p, onSaved }: { p: CreatorPortal; onSaved: () => void }) {
  const [method, setMethod] = useState<PayoutMethod>(p.creator.payoutMethod)
  const [email, setEmail] = useState(p.creator.payoutEmail)
  const [note, setNote] = useState(p.creator.payoutNote)
  const [saved, setSaved] = useState(false)
  const { busy, error, run } = useAction()
  const errs = error?.fields ?? {}
  const save = (e: Event) => {
    e.preventDefault()
    setSaved(false)
    run(async () => {
      await put('/creator/payout-method', { method, email, note })
      setSaved(true)
      onSaved()
    })
  }
  return (
    <form class="card portal-payout" aria-labelledby="payout-title" onSubmit={save} noValidate>
      <h2 id="payout-title">How I am paid</h2>
      <div class="field">
        <label for="payout-method">Payout method</label>
        <select id="payout-method" name="method" value={method} onChange={(e) => setMethod((e.target as HTMLSelectElement).value as PayoutMethod)}>
          <option value="none">Not chosen</option>
          <option value="paypal">PayPal</option>
          <option value="wise">Wise</option>
          <option value="other">Another way</option>
        </select>
      </div>
      {(method === 'paypal' || method === 'wise') && (
        <div class="field">
          <label for="payout-email">{method === 'paypal' ? 'PayPal' : 'Wise'} e-mail address</label>
          <input id="payout-email" type="email" name="email" autocomplete="email" value={email} onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
            aria-invalid={!!errs.email} aria-describedby={errs.email ? 'payout-email-error' : undefined} />
          {errs.email && <small id="payout-email-error" class="field-error">{errs.email}</small>}
        </div>
      )}
      {method === 'other' && (
        <div class="field">
          <label for="payout-note">How to pay you</label>
          <textarea id="payout-note" name="note" rows={2} maxLength={500} value={note} onInput={(e) => setNote((e.target as HTMLTextAreaElement).value)}
            aria-invalid={!!errs.note} aria-describedby={errs.note ? 'payout-note-error' : undefined} />
          {errs.note && <small id="payout-note-error" class="field-error">{errs.note}</small>}
        </div>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={!!busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        {saved && (
          <span class="notice" role="status" data-testid="payout-saved">
            Saved.
          </span>
        )}
      </div>
      {error && Object.keys(errs).length === 0 && <ErrorNote error={error} />}
    </form>
  )
}

// statementState says where a payout of the creator's statement stands.
function statementState(b: CreatorStatement['batches'][number]): string {
  switch (b.status) {
    case 'paid':
      return `paid ${b.closedAt ? day(b.closedAt) : ''}`
    case 'sent':
      return `sent through PayPal ${b.sentAt ? day(b.sentAt) : ''}`
    case 'failed':
      return `failed ${b.closedAt ? day(b.closedAt) : ''}`
    case 'returned':
      return `returned ${b.closedAt ? day(b.closedAt) : ''}`
  }
  return `on its way since ${day(b.createdAt)}`
}

// Statement lists the creator's payout batches: paid, on their way, and
// those that did not reach the creator.
function Statement() {
  const r = useApi((s) => get<CreatorStatement>('/creator/statement', undefined, s), 'creator-statement')
  return (
    <section class="card" aria-labelledby="statement-title">
      <h2 id="statement-title">My payouts</h2>
      <Show r={r}>
        {(d) =>
          d.batches.length === 0 ? (
            <p class="muted">No payout yet: approved posts are gathered into payouts by the workspace.</p>
          ) : (
            <ul class="portal-statement" data-testid="statement">
              {d.batches.map((b) => (
                <li data-testid="statement-batch" data-status={b.status}>
                  <strong>{money(b.amount, b)}</strong> · {b.lines} {b.lines === 1 ? 'post' : 'posts'} ·{' '}
                  {statementState(b)}
                  {b.payeeEmail && <span class="muted small"> · to {b.payeeEmail}</span>}
                  {b.paypal?.transactionStatus === 'UNCLAIMED' && (
                    <p class="notice" data-testid="statement-claim">
                      PayPal holds this payment until you claim it: sign in to PayPal (or open an account) with {b.payeeEmail}. A payment not claimed within 30
                      days goes back to the workspace.
                    </p>
                  )}
                  {(b.status === 'failed' || b.status === 'returned') && (
                    <p class="muted small">
                      {b.paypal?.error ? `PayPal says: ${b.paypal.error}. ` : ''}These posts stay approved and go into a later payout: check how you are paid.
                    </p>
                  )}
                  <details>
                    <summary>Posts</summary>
                    <ul>
                      {b.items.map((it) => (
                        <li>
                          {it.campaignName}:{' '}
                          <a href={it.url} rel="noopener noreferrer" target="_blank">
                            {it.caption || it.url}
                          </a>{' '}
                          {money(it.amount, b)}
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              ))}
            </ul>
          )
        }
      </Show>
    </section>
  )
}

export default function Portal() {
  const r = useApi((s) => get<CreatorPortal>('/creator', undefined, s), 'creator-portal')
  return (
    <>
      <PageHeader title="My earnings" />
      <Show r={r}>
        {(p) => (
          <>
            <p class="muted intro">
              {p.creator.name}, these are your posts in the campaigns of <strong>{p.workspace}</strong> and what each pays you. Amounts are projected while a
              post’s counting window is open, then fixed and reviewed before they are paid.
            </p>
            {p.campaigns.length === 0 ? (
              <Empty title="No campaign posts yet">
                Once a post of your accounts is in one of the workspace’s campaigns, it shows here with what it earns; a campaign that takes submitted posts
                shows here too.
              </Empty>
            ) : (
              p.campaigns.map((c) => <CampaignCard key={c.id} c={c} p={p} />)
            )}
            <PayoutMethodForm p={p} onSaved={r.reload} />
            <Statement />
            <section class="card" aria-labelledby="portal-accounts">
              <h2 id="portal-accounts">My tracked accounts</h2>
              {p.accounts.length === 0 ? (
                <p class="muted">None yet: the workspace adds the accounts you post from.</p>
              ) : (
                <ul class="portal-accounts" data-testid="portal-accounts">
                  {p.accounts.map((a) => (
                    <li>
                      <PlatformBadge platform={a.platform} />{' '}
                      <a href={a.url} rel="noopener noreferrer" target="_blank">
                        @{a.handle}
                      </a>{' '}
                      <StatusBadge status={a.status} />
                      {a.lastScrapedAt && <span class="muted small"> · updated {day(a.lastScrapedAt)}</span>}
                      <Proof a={a} onChanged={r.reload} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </>
        )}
      </Show>
      <Updating r={r} />
    </>
  )
}
