// Package numbers answers the dashboard's numbers of the tracked videos
// and accounts: the videos list and one video, the overview, the accounts
// list and an account's analytics, the selections of bulk actions and the
// CSV exports. GET /api/videos → api → numbers.VideosHandler → the
// selection in PostgreSQL, then its numbers through chread.Reader.Entities.
//
// # The overview
//
// `numbers.Room.GetOverview` (`api/numbers/dashboard.go`) refuses unknown
// parameters (400), parses the rest (`api/httpx/params.go`) and calls
// `httpx.Answers.Cached` with
// `OverviewQuery.Key`; the key holds the bumped `data_version`
// (`query/answercache`). On a miss `OverviewHandler.Handle` selects the
// filtered videos in PostgreSQL (`selectVideoScope`) while ClickHouse gives
// latest values and gains (`chread.Reader.Entities`), then the chart
// (`chread.Reader.Series`: hourly for `24h`, else daily, every bucket
// present, `seriesOnEveryBucket`); totals, engagement, change and the five
// top movers are summed in Go (`describeMovers`). The answer is encoded
// once, kept in Redis and the process, sent `Cache-Control: private, no-store`.
//
// # The videos list
//
// The list ranks every matching video on the one number its sort compares (`rank`,
// `sortFirst` up to the page's end), then reads the page in full (`Entities`
// with the ids as external table, `views7d`); the filter's SQL holds only
// the tests it sets (`videoMatch`); a whole-workspace sort by a count asks
// ClickHouse for the top only (`EntitiesQuery.Top`, `topPage`: page end +
// 16, up to the 1,000th video).
package numbers
