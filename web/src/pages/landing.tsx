// The front door: what reeltrack does, for a visitor who is not signed in,
// with the ways to sign up and to log in. The shell shows it at / when the
// workspace answers 401 to a visitor who was not signed in.
import { useEffect } from 'preact/hooks'
import './landing.css'

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
  useEffect(() => {
    document.title = 'reeltrack · short-video metrics, tracked'
  }, [])
  return (
    <div class="landing">
      <header class="landing-top">
        <a href="/" class="brand">
          reeltrack
        </a>
        <nav aria-label="Account" class="landing-nav">
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
          <p class="muted small">Starts with a free 7-day trial: no card needed.</p>
          <ul class="platforms" aria-label="Platforms">
            <li class="badge platform-tiktok">TikTok</li>
            <li class="badge platform-instagram">Instagram</li>
            <li class="badge platform-youtube">YouTube</li>
            <li class="badge platform-x">X</li>
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
        <section class="card closing" aria-labelledby="closing-title">
          <h2 id="closing-title">Start tracking in a minute</h2>
          <p class="muted">Sign up, paste a link, and the first numbers arrive within minutes.</p>
          <Actions />
        </section>
      </main>
    </div>
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
