package tenantaudit

import "strings"

// known are the findings the check found when it came in, not fixed yet, by
// the function that sends them and the problem's kind and tables
// (Problem.Key). They do not fail a run; a new finding does, and so does
// one of these in another function or over another table. None is an
// exception: each is one workspace's work whose statement does not name the
// workspace itself. Those found are reads and writes by a key (a row's id, a
// campaign's collection id, a scrape job's id) that the same transaction or
// request first read under its workspace (a lock, authz.RequireManager, the
// job found by the webhook), and subqueries correlated to such a row (a
// count of a channel's deliveries, a campaign's lines): not leaks, but they
// rest on the check before them. Each should gain its workspace_id and
// leave this list.
var known = map[string][]string{
	"command/tracking.StartScrapeHandler.Handle":   {"UPDATE scrape_jobs"},
	"command/tracking.StartScrapeHandler.pauseFor": {"SELECT scrape_jobs"},
}

func isKnown(function string, p Problem) bool {
	for _, k := range known[strings.TrimPrefix(function, module)] {
		if k == p.Key() {
			return true
		}
	}
	return false
}
