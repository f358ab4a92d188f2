package answercache

import "time"

// SetCacheClock makes c's answers kept in this process expire by now
// rather than by the wall clock.
func SetCacheClock(c *Cache, now func() time.Time) { c.local.now = now }
