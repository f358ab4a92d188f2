// Package command is the write side: every use case that changes
// PostgreSQL (and, for a scrape's completion, ClickHouse), one room per
// feature, each its own package:
//
//   - team: sign-up, log-in, sessions, passwords and e-mail verification,
//     invites and roles, the workspace's bootstrap and name, leads;
//   - tracking: tracking links, the scrapes (start, completion, results),
//     the refresh planner's run, and the tracked items' lifecycle;
//   - collections: collections, the items in them, creators and the
//     payee of a video;
//   - campaigns: campaigns and their rules, the settle run and reviews of
//     payouts;
//   - alerts: alert rules, the spike, milestone and insight scans, the
//     dispatch and delivery of events, channels and digests;
//   - sharing: share links and API keys;
//   - billing: the checkout, the customer portal and payment events;
//   - cron: the alerts cron, which runs the scheduled steps of the others.
//
// The rooms share the write machinery below: activitylog (the activity
// log), eventlog (the events), outbox (the e-mails), dataversion (the
// versions that make kept copies stale) and input (the checks of what a
// user typed). This package holds no code.
package command
