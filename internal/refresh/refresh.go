// Package refresh plans when each tracked item of a workspace is next
// scraped, and why, within its plan's scrape budget; it does no I/O
// (docs/refresh.md tells the rule at length).
//
// An item's heat h is the largest of its growth (√ of its views per hour per
// snapshot of cost over the workspace's median: the square-root rule), youth
// (YoungWithin / age), CampaignHeat and AlertHeat. Its interval is
// ladder(clamp(λ · Base / h, MinInterval, max)), max being Base for an item a
// campaign or rule watches, else MaxInterval; λ is 1, or the smallest that
// fits the budget. First scrapes and FirstDayScrapes are outside the budget;
// else it is a hard limit over any 24 hours: due items go hottest first, held
// back (reason budget) from the first that does not fit. Plans are
// deterministic.
package refresh
