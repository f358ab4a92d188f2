package query

import "github.com/reeltrack/reeltrack/internal/domain"

// The one definition of the videos a scope counts (docs/decisions.md): neither
// it nor its account is removed, it is within the tracking limit, and it is
// the account's own post or a collab. The SQL reads videos v LEFT JOIN
// accounts a; the statuses and kinds are written out for the planner.
const (
	// the statuses and kinds written out (TestCountedSQLIsTheDomains)
	CountedStatusSQL = `v.status NOT IN ('removed', 'beyond_limit')
  AND (v.tracked_individually OR a.id IS NULL OR a.status <> 'removed')`
	CountedKindSQL  = `v.post_kind IN ('own', 'collab')`
	CountedVideoSQL = CountedStatusSQL + `
  AND ` + CountedKindSQL
)

// UncountedVideos are the statuses of the videos no scope counts.
var UncountedVideos = []domain.Item{domain.ItemRemoved, domain.ItemBeyondLimit}

// Counted is CountedVideoSQL for a video read into Go.
func Counted(status domain.Item, kind domain.PostKind, individually bool, accountStatus domain.Item) bool {
	if status == domain.ItemRemoved || status == domain.ItemBeyondLimit {
		return false
	}
	if !individually && accountStatus == domain.ItemRemoved {
		return false
	}
	return kind.Counted()
}
