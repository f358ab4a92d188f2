// The front door: what reeltrack does, for a visitor who is not signed in,
// what it costs (the plans of GET /api/plans, at /pricing too), and the
// ways to sign up and to log in. The shell shows it at / and /pricing when
// the workspace answers 401 to a visitor who was not signed in.
import { useEffect } from 'preact/hooks'
import { get } from '../api'
import { Limits, money, period, planName, PriceTag } from '../plans'
import { useRoute } from '../router'
import type { PaidPlan, Plans } from '../types'
import { Show, useApi } from '../ui'
import './landing.css'

// What an agency pays for, beside the tracking itself.
const AGENCY: [string, string][] = [
  [
    'Creator campaigns with CPM payouts',
    'Make a collection a campaign: CPM tiers, view caps, a budget and a counting window per video. Each creator’s payout is worked out from their views, held for review when something looks off, and exported for payment.',
  ],
  ['Creators', 'Group the accounts each creator posts from, on any platform, with a posting goal per period and a leaderboard of who delivered.'],
  [
    'Share links for clients',
    'A read-only report of an overview or a campaign at a link of its own, with an optional password, expiry and frozen numbers. Your client needs no account.',
  ],
  ['Slack, Discord and webhooks', 'Spikes, milestones, new posts and campaign events go to a Slack or Discord channel or to your own signed webhook, as well as by e-mail.'],
]

const FEATURES: [string, string][] = [
  ['Four platforms', 'Paste links to TikTok, Instagram, YouTube and X accounts or videos, one at a time or fifty at once. An account brings its newest videos with it.'],
  ['Every number, on a schedule', 'Views, likes, comments, shares, saves and followers are scraped again on your plan’s interval, hourly to daily, and at 1, 6 and 24 hours after you add something, so growth shows on the first day.'],
  ['Charts that answer questions', 'Views gained by hour or by day, top movers, each video’s growth and each account’s followers, engagement and posting cadence.'],
  ['Alerts', 'An e-mail when a video takes off: a gain, a growth in percent, or a pace well above the account’s usual, over the window you choose.'],
  ['Exports', 'Every video with its numbers and gains as CSV, for a spreadsheet or a report, filtered as on the dashboard.'],
  ['Self-hosted', 'One server you run beside PostgreSQL, ClickHouse and Redis. Your team, your data, on your machines.'],
]

const STEPS: [string, string][] = [
  ['Paste links', 'Accounts or single videos, sorted into collections per client or campaign.'],
  ['reeltrack scrapes them', 'Again and again on a schedule, keeping every snapshot.'],
  ['Watch them grow', 'Overview, per-video and per-account charts, alerts and exports.'],
]

export default function Landing() {
  const route = useRoute()
  const pricing = route.path === '/pricing'
  const plans = useApi((s) => get<Plans>('/plans', undefined, s), 'plans')
  const loaded = plans.data !== undefined
  useEffect(() => {
    document.title = pricing ? 'Pricing · reeltrack' : 'reeltrack · short-video metrics, tracked'
  }, [pricing])
  // /pricing opens at the prices, and stays there once they are drawn
  useEffect(() => {
    if (pricing) document.getElementById('pricing')?.scrollIntoView()
  }, [pricing, loaded])
  const trial = plans.data?.trial
  return (
    <div class="landing">
      <header class="landing-top">
        <a href="/" class="brand">
          reeltrack
        </a>
        <nav aria-label="Account" class="landing-nav">
          <a href="/pricing" aria-current={pricing ? 'page' : undefined}>
            Pricing
          </a>
          <a href="/login">Log in</a>
          <a href="/signup" class="button primary">
            Sign up
          </a>
        </nav>
      </header>
      <main id="main" tabIndex={-1}>
        <section class="hero" aria-labelledby="hero-title">
          <h1 id="hero-title">Know how every short video is doing</h1>
          <p class="lead" data-testid="landing-lead">
            reeltrack tracks the views, likes, comments, shares, saves and followers of TikTok, Instagram, YouTube and X accounts and videos on a
            schedule, and shows how they grow: charts, alerts and exports, on a server of your own.
          </p>
          <Actions />
          <p class="muted small" data-testid="landing-trial">
            Starts with a free {trial?.lengthDays ?? 7}-day trial: no card needed.
            {trial && trial.seatLimit > 1 && ` The trial includes ${trial.seatLimit} seats: invite a teammate.`}
          </p>
          <ul class="platforms" aria-label="Platforms">
            <li class="badge platform-tiktok">TikTok</li>
            <li class="badge platform-instagram">Instagram</li>
            <li class="badge platform-youtube">YouTube</li>
            <li class="badge platform-x">X</li>
          </ul>
        </section>
        <section aria-labelledby="agency-title" class="agency" data-testid="agency-features">
          <h2 id="agency-title">For agencies that pay creators</h2>
          <ul class="features">
            {AGENCY.map(([title, text]) => (
              <li class="card">
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="features-title">
          <h2 id="features-title" class="sr-only">
            What it does
          </h2>
          <ul class="features">
            {FEATURES.map(([title, text]) => (
              <li class="card">
                <h3>{title}</h3>
                <p>{text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="how-title" class="how">
          <h2 id="how-title">How it works</h2>
          <ol>
            {STEPS.map(([title, text]) => (
              <li>
                <strong>{title}</strong>
                <span class="muted">{text}</span>
              </li>
            ))}
          </ol>
        </section>
        <section id="pricing" class="pricing" aria-labelledby="pricing-title" data-testid="pricing" tabIndex={-1}>
          <h2 id="pricing-title">Pricing</h2>
          <p class="muted">
            Every workspace starts on the free trial; choose a plan from Billing whenever you are ready. Taxes, where they apply, are added at checkout.
          </p>
          <Show r={plans}>
            {(d) => (
              <ul class="price-cards">
                <li class="card price-card" data-testid="price-card-trial" aria-labelledby="price-trial">
                  <h3 id="price-trial">Free trial</h3>
                  <p class="price">
                    <strong>Free</strong> for {d.trial.lengthDays} days
                  </p>
                  <p class="muted small">
                    No card needed.{d.trial.seatLimit > 1 && ` The trial includes ${d.trial.seatLimit} seats: invite a teammate.`}
                  </p>
                  <Limits p={d.trial} />
                  <a href="/signup" class="button primary">
                    Start the free trial
                  </a>
                </li>
                {d.plans.map((p) => (
                  <PaidCard p={p} />
                ))}
              </ul>
            )}
          </Show>
        </section>
        <section class="card closing" aria-labelledby="closing-title">
          <h2 id="closing-title">Start tracking in a minute</h2>
          <p class="muted">Sign up, paste a link, and the first numbers arrive within minutes.</p>
          <Actions />
        </section>
      </main>
    </div>
  )
}

// PaidCard is a paid plan: its monthly price (and yearly, when sold so),
// or its limits alone when the server has no price to show.
function PaidCard({ p }: { p: PaidPlan }) {
  const month = p.prices.month ?? null
  const year = p.prices.year ?? null
  const first = month ?? year
  const also = month && year ? year : null
  return (
    <li class="card price-card" data-testid={`price-card-${p.name}`} aria-labelledby={`price-${p.name}`}>
      <h3 id={`price-${p.name}`}>{planName(p.name)}</h3>
      {first ? (
        <p class="price">
          <PriceTag p={first} testid={`landing-price-${p.name}`} />
          {also && <span class="muted small"> or {money(also)} {period(also)}</span>}
        </p>
      ) : (
        p.intervals.length > 0 && <p class="price muted small">Price shown at checkout</p>
      )}
      <Limits p={p} />
    </li>
  )
}

function Actions() {
  return (
    <div class="hero-actions">
      <a href="/signup" class="button primary">
        Create an account
      </a>
      <a href="/login" class="button">
        Log in
      </a>
    </div>
  )
}
