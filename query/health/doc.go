// Package health answers whether a workspace's numbers are being
// collected, for its owners and admins (GET /api/workspace/health) and, as
// a banner, for every member (GET /api/workspace/health/summary).
//
// What it reads, and whose it is:
//
//   - the workspace's own data: per platform its last successful scrape
//     and, over the last Window, the share of its scrape jobs that ended
//     failed and the last job error in words (scrapes.go); its jobs waiting
//     or running (the queue); its oldest overdue item (overdue.go); its
//     e-mails and channel deliveries waiting or given up (backlogs.go);
//   - the instance's facts, the same for every workspace: the scraping
//     provider's pauses of starting runs (provider.go) and each scheduled
//     step's last run and success (steps.go, cron_steps, which
//     command/cron writes).
//
// Collection has stopped (summary.go) when an item has been due for longer
// than StoppedAfter and no scrape of the workspace has been recorded for as
// long; it is failing on a platform (failing.go) when that platform's runs
// have failed again and again within StoppedAfter and none of its scrapes
// was recorded for as long: a run that fails marks its items in error,
// which are no longer overdue. Reads only; every statement names the workspace or reads an
// instance table.
package health
