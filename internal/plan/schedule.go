package plan

import "time"

// FirstDayScrapes are the ages, in hours since an item was first tracked,
// at which it is scraped again whatever its plan's interval: a new item
// shows growth within its first hours. The refresh (command's
// RefreshDueHandler) queues by them and NextScrape says when.
var FirstDayScrapes = []int{1, 6, 24}

// NextScrape returns when an item first tracked at created and last
// scraped at last (nil: never) is next due for a scrape under a refresh
// interval: the earlier of last + interval and the first age of
// FirstDayScrapes that falls at or after last. An item never scraped is
// due at once (its first scrape is under way). The refresh queues a due
// item at its next run, so a time before now means "now".
func NextScrape(interval time.Duration, created time.Time, last *time.Time) time.Time {
	if last == nil {
		return created
	}
	next := last.Add(interval)
	for _, h := range FirstDayScrapes {
		at := created.Add(time.Duration(h) * time.Hour)
		if !at.Before(*last) && at.Before(next) {
			next = at
		}
	}
	return next
}
