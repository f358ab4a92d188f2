package alerts

import (
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/plan"
)

// workspaceAccess is what tells whether a workspace has access: the columns
// w.plan, w.has_access, w.trial_ends_at and w.grace_ends_at.
type workspaceAccess struct {
	plan                 string
	flag                 bool
	trialEnds, graceEnds *time.Time
}

func (a workspaceAccess) at(now time.Time) bool {
	return plan.HasAccess(plan.Name(a.plan), a.flag, a.trialEnds, a.graceEnds, now)
}

// withAccess reads rows with scan, which also fills in the row's workspace
// access, and keeps those whose workspace has access at now.
func withAccess[T any](rows pgx.Rows, now time.Time, scan func(a *workspaceAccess) (T, error)) ([]T, error) {
	defer rows.Close()
	var out []T
	for rows.Next() {
		var a workspaceAccess
		v, err := scan(&a)
		if err != nil {
			return nil, err
		}
		if a.at(now) {
			out = append(out, v)
		}
	}
	return out, rows.Err()
}
