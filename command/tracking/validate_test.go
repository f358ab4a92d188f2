package tracking_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/internal/apperr"
)

// TestCommandsNameEveryBadField: a command with several bad fields is
// refused naming each of them at once, so a form can mark them all.
func TestCommandsNameEveryBadField(t *testing.T) {
	zero := 0
	many := make([]uuid.UUID, collections.MaxAssignItems+1)
	for i := range many {
		many[i] = uuid.New()
	}
	for name, c := range map[string]struct {
		validate func() error
		want     []string
	}{
		"bulk track": {tracking.TrackBulk{TrackingLimit: &zero}.Validate, []string{"tracking_limit", "urls"}},
		"organise":   {tracking.OrganiseItems{Action: "explode"}.Validate, []string{"action"}},
		"assign":     {collections.AssignCollection{VideoIDs: many, AccountIDs: many}.Validate, []string{"account_ids", "video_ids"}},
		"review": {func() error {
			return (&campaigns.ReviewPayouts{Action: "explode", Reason: strings.Repeat("x", campaigns.MaxRejectReason+1)}).Validate()
		}, []string{"action", "reason", "videoIds"}},
	} {
		fields := slices.Sorted(maps.Keys(apperr.Fields(c.validate())))
		if !slices.Equal(fields, c.want) {
			t.Errorf("%s: the refusal names %q, want %q", name, fields, c.want)
		}
	}
	// a problem of the whole command (no field) comes with the fields' own
	if err := (tracking.OrganiseItems{Action: "explode"}).Validate(); !strings.Contains(err.Error(), "nothing selected") {
		t.Errorf("organise: %q does not say that nothing is selected", err)
	}
}
