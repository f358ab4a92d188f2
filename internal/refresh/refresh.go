// Package refresh is the refresh planner: given a workspace's tracked items
// (accounts and individually tracked videos), its plan's scrape budget and
// the snapshots its scheduled refreshes spent over the last 24 hours, it
// says when each item is next scraped, at what interval and why. It reads
// and writes nothing; the refresh cron (command's RefreshDueHandler) feeds
// it and queues what it says is due, and the dashboard shows what it
// stored (see docs/refresh.md).
//
// # The rule
//
// An item's scrape costs Cost snapshots (an account: its tracking limit;
// a video: 1). A fresh number is worth the views it brings to the
// dashboard that the last scrape did not show: an item growing r views an
// hour, scraped every T hours, shows on average r·T/2 views too few.
// Spending the budget B (snapshots a day) to show as many views as
// possible, minimize Σ r·T/2 subject to Σ Cost·24/T ≤ B: the optimum is
// T ∝ √(Cost / r), the square-root rule. So each item gets a heat h, the
// largest of:
//
//   - growth: √(g / median), g being its views per hour over the last 24
//     hours per snapshot of cost and median the median of g over the
//     workspace's items whose rate is known and positive (an item whose
//     rate is unknown counts 1, neutral; an item with a known rate of 0,
//     or every item with a known rate when no rate is positive, counts 0);
//   - youth: YoungWithin / age, for an item younger than YoungWithin (48 h),
//     age being the hours since its youngest video (an account) or itself
//     (a video) was published, at least one hour: a young video's rate is
//     still climbing or falling fast, so the last day's rate understates
//     what a fresh number shows;
//   - campaign: CampaignHeat (4) while a video of the item is inside the
//     counting window of a campaign;
//   - alert rule: AlertHeat (1) while an enabled alert rule about videos or
//     accounts covers the item (by its collection and platform).
//
// With Base the plan's refresh interval (what every item got before the
// planner), the item's interval at scale λ is
//
//	T(λ) = ladder(clamp(λ · Base / h, MinInterval, max))
//
// where max is Base for an item in a campaign window or watched by a rule
// (they never slow down below the plan's interval) and MaxInterval (7 days)
// otherwise, and ladder rounds up to the next of Ladder (1, 2, 3, 4, 6, 8,
// 12 and 24 hours, then whole days to a week): an item refreshed on a
// divisor of a day is scraped at the same hours every day, so the 24-hour
// gain the dashboard computes compares scrapes a day apart and their
// staleness cancels out while the item grows steadily. An item whose heat
// is 0 gets max. Hot, cheap items come back often (down to hourly);
// settled ones slow down to daily or weekly.
//
// The scale λ is 1 unless the planned snapshots per day,
// Σ Cost · 24 h / T(λ) over the items that have been scraped, exceed the
// budget; then λ is the smallest value above 1 (found by bisection to a
// relative precision of 1/10,000, then rounded up) for which they do not.
// If even every item at its largest interval exceeds the budget, every
// interval is stretched by the same factor until the plan fits. The
// planned snapshots per day therefore never exceed the budget; with λ = 1
// a workspace spends less than its budget (a neutral item keeps the plan's
// interval).
//
// An item's next refresh is its last scrape plus its interval, or, when
// that comes first, the next of its first-day scrapes (1, 6 and 24 hours
// after it was first tracked: FirstDayScrapes, reason new). An item never
// scraped is due at once. Like the first scrape, the first-day scrapes are
// outside the budget: they are due whatever the budget, not charged, and
// not part of the planned snapshots per day (three per item at most, as
// before the planner).
// Then the budget is a hard limit over any 24 hours: the due items are
// taken hottest first (then the most overdue, then by id), each queued
// while the snapshots spent in the last 24 hours plus its cost stay within
// the budget; from the first that does not fit on, the due items are held
// back (reason budget) until enough of the last 24 hours' spend has aged
// out for them and the held items before them to fit (a day from now when
// more than a day's budget waits). Items already queued are neither due nor charged
// again.
//
// Reasons: new (never scraped, or a first-day scrape), budget (due but
// held back), campaign, alert_rule, young or growing (the one that gave
// the heat; growing when the growth heat is at least GrowingHeat),
// settled otherwise.
//
// The plan is deterministic: the same input gives the same output.
package refresh
