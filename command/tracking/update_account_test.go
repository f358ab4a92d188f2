package tracking_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

func setTrackingLimit(t *testing.T, ws, account uuid.UUID, limit int) error {
	t.Helper()
	return tracking.UpdateAccountHandler{DB: env.PG, Now: time.Now}.Handle(context.Background(),
		tracking.UpdateAccount{WorkspaceID: ws, AccountID: account, TrackingLimit: &limit})
}

// TestTrackingLimitKeepsTheNewestVideos: an account's tracking limit keeps
// its newest videos (by publication) tracked and puts the older ones
// beyond the limit, where they keep their history but are not refreshed
// nor counted. A video the workspace removed takes no place and stays
// removed; a video tracked by its own link is left alone. Raising the limit
// brings videos back: active when they were scraped, pending when never.
func TestTrackingLimitKeepsTheNewestVideos(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	now := time.Now()
	account := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, TrackingLimit: 5, LastScrapedAt: now})
	video := func(publishedAgo time.Duration, status domain.Item, scraped bool, byLink bool) uuid.UUID {
		o := testenv.VideoOptions{AccountID: account, Status: status, PublishedAt: now.Add(-publishedAgo), ByLink: byLink}
		if scraped {
			o.LastScrapedAt = now
		}
		return env.Video(t, ws, o)
	}
	// newest first
	removed := video(30*time.Minute, domain.ItemRemoved, true, false)
	byLink := video(45*time.Minute, domain.ItemActive, true, true)
	first := video(1*time.Hour, domain.ItemActive, true, false)
	second := video(2*time.Hour, domain.ItemActive, true, false)
	third := video(3*time.Hour, domain.ItemActive, true, false)
	fourth := video(4*time.Hour, domain.ItemActive, true, false)
	neverScraped := video(5*time.Hour, domain.ItemPending, false, false)
	all := []uuid.UUID{removed, byLink, first, second, third, fourth, neverScraped}
	const (
		active, pending, beyond, gone = domain.ItemActive, domain.ItemPending, domain.ItemBeyondLimit, domain.ItemRemoved
	)
	for _, step := range []struct {
		limit int
		want  []domain.Item
	}{
		{2, []domain.Item{gone, active, active, active, beyond, beyond, beyond}},
		{4, []domain.Item{gone, active, active, active, active, active, beyond}},
		{5, []domain.Item{gone, active, active, active, active, active, pending}},
		{1, []domain.Item{gone, active, active, beyond, beyond, beyond, beyond}},
	} {
		v := dataVersion(t, ws)
		if err := setTrackingLimit(t, ws, account, step.limit); err != nil {
			t.Fatalf("tracking limit %d: %v", step.limit, err)
		}
		if got := statuses(t, all...); !slices.Equal(got, step.want) {
			t.Errorf("tracking limit %d: %v, want %v (removed, by link, then newest first)", step.limit, got, step.want)
		}
		if dataVersion(t, ws) != v+1 {
			t.Errorf("tracking limit %d did not bump the data version", step.limit)
		}
	}
}

// TestTrackingLimitKeepsToThePlan: a tracking limit above the plan's
// maximum per account is invalid; one that would take the workspace past
// its video limit is refused, while lowering a limit is always allowed,
// even over the video limit (after a downgrade). Another workspace's
// account is not found.
func TestTrackingLimitKeepsToThePlan(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{VideoLimit: 10})
	account := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, TrackingLimit: 3})
	// usage 11 of 10, as after a downgrade
	env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, TrackingLimit: 8})
	limit := func() int {
		return scalar[int](t, `SELECT tracking_limit FROM accounts WHERE id = $1`, account)
	}

	err := setTrackingLimit(t, ws, account, 201)
	if got := invalidFields(t, err); !slices.Equal(got, []string{"tracking_limit"}) {
		t.Fatalf("above the agency plan's 200 per account: fields %q", got)
	}
	if err := setTrackingLimit(t, ws, account, 4); apperr.KindOf(err) != apperr.KindForbidden {
		t.Fatalf("raising over the video limit: %v, want forbidden", err)
	}
	if got := limit(); got != 3 {
		t.Fatalf("a refused change set the limit to %d", got)
	}
	if err := setTrackingLimit(t, ws, account, 2); err != nil {
		t.Fatalf("lowering while over the video limit: %v", err)
	}
	if got := limit(); got != 2 {
		t.Fatalf("limit %d after lowering to 2", got)
	}

	other := env.Workspace(t, testenv.WorkspaceOptions{})
	if err := setTrackingLimit(t, other, account, 1); apperr.KindOf(err) != apperr.KindNotFound {
		t.Fatalf("another workspace's account: %v, want not found", err)
	}
}
