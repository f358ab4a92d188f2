// Package refresh is the refresh planner: from a workspace's tracked items,
// its plan's scrape budget and the snapshots its scheduled refreshes spent
// over the last 24 hours, it says when each item is next scraped, at what
// interval and why. It reads and writes nothing: the refresh cron feeds it
// and queues what is due (docs/refresh.md has the full rule).
//
// Showing as many views as possible within a budget of B snapshots a day
// gives the square-root rule, T ∝ √(Cost / r). So each item gets a heat h,
// the largest of its growth (√ of its views per hour per snapshot of cost
// over the workspace's median), youth (YoungWithin / age), CampaignHeat in a
// campaign's window and AlertHeat under an enabled alert rule. Its interval
// is ladder(clamp(λ · Base / h, MinInterval, max)): max is Base for an item a
// campaign or rule watches, else MaxInterval; the Ladder's divisors of a day
// keep an item's scrapes at the same hours daily, so the 24-hour gain
// compares scrapes a day apart. λ is 1 unless the planned snapshots per day
// exceed the budget; then the smallest λ that fits (bisection).
//
// First scrapes and FirstDayScrapes are outside the budget. Otherwise the
// budget is a hard limit over any 24 hours: due items are taken hottest
// first and held back (reason budget) from the first that does not fit. The
// plan is deterministic.
package refresh
