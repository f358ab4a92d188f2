package api_test

import (
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/testenv"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

// TestCampaignEditAndRulesHistory: an owner changes a campaign's budget and
// end, the fields not sent keep their values, and the rules' versions are
// listed newest first.
func TestCampaignEditAndRulesHistory(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	owner := a.signUp(uniqueEmail("campaign-edit"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws)
	coll := env.Collection(t, ws, "Winter clipping")
	start := time.Date(2026, 12, 7, 0, 0, 0, 0, time.UTC)
	var created querycampaigns.Campaign
	a.request("POST", "/api/campaigns", map[string]any{
		"collectionId": coll, "currency": "eur", "startsAt": start, "budget": 10000, "period": "monthly",
		"rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 10}}},
	}, owner).expect(t, 201).decode(t, &created)

	end := start.Add(30 * 24 * time.Hour)
	var changed querycampaigns.Campaign
	a.request("PATCH", "/api/campaigns/"+coll.String(), map[string]any{"budget": 25000, "endsAt": end}, owner).expect(t, 200).decode(t, &changed)
	if changed.Budget != 25000 || changed.EndsAt == nil || !changed.EndsAt.Equal(end) || !changed.StartsAt.Equal(start) || changed.Currency != "EUR" || changed.Period != "monthly" {
		t.Fatalf("after the change: %+v", changed)
	}

	a.request("POST", "/api/campaigns/"+coll.String()+"/rules", map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 15}}}, owner).expect(t, 201)
	var rules struct {
		Versions []querycampaigns.RulesVersion `json:"versions"`
	}
	a.request("GET", "/api/campaigns/"+coll.String()+"/rules", nil, owner).expect(t, 200).decode(t, &rules)
	if len(rules.Versions) != 2 || rules.Versions[0].Version != 2 || rules.Versions[1].Version != 1 {
		t.Fatalf("rules versions %+v", rules.Versions)
	}
}

// TestRemovingAVideoByItsStatus: PATCH with status removed answers 204 and
// the video is gone from its page.
func TestRemovingAVideoByItsStatus(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := a.signUp(uniqueEmail("remove-by-status"))
	ws := a.bootstrap(c).Workspace.ID
	v := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive})
	a.request("PATCH", "/api/videos/"+v.String(), map[string]string{"status": "removed"}, c).expect(t, 204)
	a.request("GET", "/api/videos/"+v.String(), nil, c).expectError(t, 404, "not_found")
}
