package query

import "github.com/reeltrack/reeltrack/internal/domain"

// The one definition of the videos a scope counts and the views summed over
// them, everywhere (docs/decisions.md, "One definition of videos and views"):
// a video counts when neither it nor its account is removed, it is within the
// tracking limit, and it is the account's own post or a co-authored collab.
// The SQL reads videos v LEFT JOIN accounts a ON a.id = v.account_id; the
// statuses and kinds are written out so that the planner can use them.
const (
	// the statuses and kinds written out (TestCountedSQLIsTheDomains)
	CountedStatusSQL = `v.status NOT IN ('removed', 'beyond_limit')
  AND (v.tracked_individually OR a.id IS NULL OR a.status <> 'removed')`
	CountedKindSQL  = `v.post_kind IN ('own', 'collab')`
	CountedVideoSQL = CountedStatusSQL + `
  AND ` + CountedKindSQL
)

// UncountedVideos are the statuses of the videos no scope counts: removed
// ones and those beyond their account's limit (CountedStatusSQL).
var UncountedVideos = []domain.Item{domain.ItemRemoved, domain.ItemBeyondLimit}

// Counted is CountedVideoSQL for a video read into Go; accountStatus is ""
// for none.
func Counted(status domain.Item, kind domain.PostKind, individually bool, accountStatus domain.Item) bool {
	if status == domain.ItemRemoved || status == domain.ItemBeyondLimit {
		return false
	}
	if !individually && accountStatus == domain.ItemRemoved {
		return false
	}
	return kind.Counted()
}
