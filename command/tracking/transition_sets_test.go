package tracking_test

import (
	"fmt"
	"slices"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// TestStatementTriggersSeeOnlyTheChangedRows: the triggers that keep the
// account sums and the videos' version compare each row of a statement
// before and after it. Over statements of a few hundred rows where only
// some rows change what they watch, they record exactly the accounts of
// the changed rows (the account a video left as well as the one it joined)
// and bump the version only when a watched column changed; a rewrite of the
// same values records a scrape, and a write of the 24 h start values alone
// records nothing.
func TestStatementTriggersSeeOnlyTheChangedRows(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	env.Exec(t, `INSERT INTO video_rank_state (workspace_id, token) VALUES ($1, $2)`, ws, uuid.New())
	var accounts [3]uuid.UUID
	for i := range accounts {
		accounts[i] = env.Account(t, ws, testenv.AccountOptions{Platform: platform.TikTok, Handle: fmt.Sprintf("sets%d", i), Status: domain.ItemActive})
	}
	// 300 videos, 100 an account
	for i := range 300 {
		env.Video(t, ws, testenv.VideoOptions{Platform: platform.TikTok, PlatformID: fmt.Sprintf("set%03d", i),
			AccountID: accounts[i/100], AccountHandle: fmt.Sprintf("sets%d", i/100), Status: domain.ItemActive})
	}
	env.Exec(t, `UPDATE video_ranks SET views = 10, likes = 1, from_24h_0 = 5 WHERE workspace_id = $1`, ws)
	recorded := func() []uuid.UUID {
		t.Helper()
		got := scalar[[]uuid.UUID](t, `WITH d AS (DELETE FROM account_sums_changed WHERE workspace_id = $1 RETURNING account_id)
			SELECT coalesce(array_agg(DISTINCT account_id), '{}') FROM d`, ws)
		slices.SortFunc(got, func(a, b uuid.UUID) int { return slices.Compare(a[:], b[:]) })
		return got
	}
	sorted := func(ids ...uuid.UUID) []uuid.UUID {
		slices.SortFunc(ids, func(a, b uuid.UUID) int { return slices.Compare(a[:], b[:]) })
		return ids
	}
	version := func() int64 { return scalar[int64](t, `SELECT videos_version FROM workspaces WHERE id = $1`, ws) }
	recorded()

	steps := []struct {
		name   string
		sql    string
		want   []uuid.UUID
		bumped bool
	}{
		{"captions of every video", `UPDATE videos SET caption = 'new' WHERE workspace_id = $1`, nil, false},
		{"one video of the second account beyond the limit, every caption again",
			`UPDATE videos SET caption = 'again', status = CASE WHEN platform_video_id = 'set150' THEN 'beyond_limit' ELSE status END WHERE workspace_id = $1`,
			sorted(accounts[1]), true},
		{"one video moved from the first account to the third",
			fmt.Sprintf(`UPDATE videos SET account_id = CASE WHEN platform_video_id = 'set042' THEN '%s'::uuid ELSE account_id END WHERE workspace_id = $1`, accounts[2]),
			sorted(accounts[0], accounts[2]), true},
		{"the 24 h start values alone", `UPDATE video_ranks SET from_24h_0 = from_24h_0 + 1 WHERE workspace_id = $1`, nil, false},
		{"the third account's views, with the 24 h start values of all",
			`UPDATE video_ranks r SET from_24h_0 = from_24h_0 + 1, views = CASE WHEN v.account_id = '` + accounts[2].String() + `' THEN views + 1 ELSE views END
			 FROM videos v WHERE v.id = r.video_id AND r.workspace_id = $1`,
			sorted(accounts[2]), false},
		{"the same counts written again (a scrape)", `UPDATE video_ranks SET views = views WHERE workspace_id = $1`, sorted(accounts[:]...), false},
	}
	for _, s := range steps {
		before := version()
		env.Exec(t, s.sql, ws)
		if got := recorded(); !slices.Equal(got, s.want) {
			t.Errorf("%s: accounts recorded %v, want %v", s.name, got, s.want)
		}
		if bumped := version() != before; bumped != s.bumped {
			t.Errorf("%s: videos' version bumped %v, want %v", s.name, bumped, s.bumped)
		}
	}
}
