package api_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
	querycollections "github.com/reeltrack/reeltrack/query/collections"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// TestOneCountForOneCollection: a collection whose account's feed lists
// its own posts, a repost, a post of another author and a post beyond the
// limit shows one count of videos and views on Collections, its Overview,
// the Videos list and its campaign (list and page alike); the posts left
// out carry their own counts, and the kind filter lists them.
func TestOneCountForOneCollection(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	owner := a.signUp(uniqueEmail("onecount"))
	ws := a.bootstrap(owner).Workspace.ID
	coll := env.Collection(t, ws, "Clipping")
	acc := env.Account(t, ws, testenv.AccountOptions{Handle: "onecount", Status: domain.ItemActive, CollectionID: &coll, LastScrapedAt: time.Now()})
	published := time.Now().UTC().Add(-48 * time.Hour).Truncate(time.Second)
	views := map[uuid.UUID]uint64{}
	video := func(kind domain.PostKind, status domain.Item, n uint64) uuid.UUID {
		v := env.Video(t, ws, testenv.VideoOptions{PlatformID: uuid.NewString(), AccountID: acc, Status: status, PublishedAt: published,
			CreatedAt: published, LastScrapedAt: time.Now()})
		exec(t, `UPDATE videos SET post_kind = $2, related_handle = 'someone' WHERE id = $1`, v, kind)
		views[v] = n
		return v
	}
	video(domain.KindOwn, domain.ItemActive, 1_000)
	video(domain.KindOwn, domain.ItemActive, 2_000)
	video(domain.KindCollab, domain.ItemActive, 4_000)
	repost := video(domain.KindRepost, domain.ItemActive, 8_000)
	video(domain.KindOtherAuthor, domain.ItemActive, 16_000)
	video(domain.KindOwn, domain.ItemBeyondLimit, 32_000)
	w := ingest.NewSnapshotWriter(env.CH, 100, time.Now())
	for v, n := range views {
		if err := w.Add(t.Context(), ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v, AccountID: acc,
			ScrapedAt: time.Now().UTC().Add(-time.Hour).Truncate(time.Second), Metrics: ingest.Metrics{Views: &n}, JobID: uuid.New()}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(t.Context()); err != nil {
		t.Fatal(err)
	}
	a.request("POST", "/api/campaigns", map[string]any{"collectionId": coll, "currency": "usd", "startsAt": published.Add(-time.Hour), "period": "weekly",
		"rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 10}}}}, owner).expect(t, 201)

	var colls querycollections.CollectionList
	a.request("GET", "/api/collections", nil, owner).expect(t, 200).decode(t, &colls)
	if len(colls.Collections) != 1 {
		t.Fatalf("collections %+v", colls)
	}
	c := colls.Collections[0]
	if c.Videos != 3 || c.Views == nil || *c.Views != 7_000 || c.BeyondLimit != 1 || c.NotOwn != 2 || !c.Campaign {
		t.Fatalf("the collection reads %+v (views %v); want 3 videos and 7,000 views, 1 beyond the limit, 2 not the account's own", c, c.Views)
	}
	var ov struct{ Totals struct{ Videos int } }
	a.request("GET", "/api/overview?collectionId="+coll.String(), nil, owner).expect(t, 200).decode(t, &ov)
	var list struct{ Total int }
	a.request("GET", "/api/videos?collectionId="+coll.String(), nil, owner).expect(t, 200).decode(t, &list)
	var page querycampaigns.CampaignPage
	a.request("GET", "/api/campaigns/"+coll.String(), nil, owner).expect(t, 200).decode(t, &page)
	var campaigns struct {
		Campaigns []querycampaigns.CampaignSummary
	}
	a.request("GET", "/api/campaigns", nil, owner).expect(t, 200).decode(t, &campaigns)
	if ov.Totals.Videos != 3 || list.Total != 3 || page.Campaign.Videos != 3 || page.Campaign.NotPaid != 2 ||
		len(campaigns.Campaigns) != 1 || campaigns.Campaigns[0].Videos != 3 || campaigns.Campaigns[0].Creators != page.Campaign.Creators {
		t.Fatalf("overview %d, videos list %d, campaign page %d (%d not paid), list %+v: want 3 everywhere", ov.Totals.Videos, list.Total,
			page.Campaign.Videos, page.Campaign.NotPaid, campaigns.Campaigns)
	}
	var reposts struct {
		Total  int
		Videos []numbers.Video
	}
	a.request("GET", "/api/videos?kind=repost", nil, owner).expect(t, 200).decode(t, &reposts)
	if reposts.Total != 1 || reposts.Videos[0].ID != repost || reposts.Videos[0].PostKind != "repost" || reposts.Videos[0].RelatedHandle != "someone" {
		t.Fatalf("the reposts: %+v", reposts)
	}
	a.request("GET", "/api/videos?kind=retweet", nil, owner).expectError(t, 400, "invalid_request")
	var row accountRowNotOwn
	a.request("GET", "/api/accounts/"+acc.String()+"/analytics", nil, owner).expect(t, 200).decode(t, &row)
	if row.Account.TrackedVideos != 3 || row.Account.VideosBeyondLimit != 1 || row.Account.VideosNotOwn != 2 {
		t.Fatalf("the account reads %+v", row.Account)
	}
}

type accountRowNotOwn struct {
	Account struct {
		TrackedVideos     int `json:"trackedVideos"`
		VideosBeyondLimit int `json:"videosBeyondLimit"`
		VideosNotOwn      int `json:"videosNotOwn"`
	} `json:"account"`
}

// TestDeletingACampaignsCollectionEndsIt: a member cannot delete a
// campaign's collection and is told why; an owner's deletion ends the
// campaign, which keeps its ledger read-only; the collection leaves the
// list and its name is free again.
func TestDeletingACampaignsCollectionEndsIt(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	ownerEmail := uniqueEmail("ender")
	owner := a.signUp(ownerEmail)
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', seat_limit = 15 WHERE id = $1`, ws)
	a.verify(ownerEmail)
	member := a.member(owner, uniqueEmail("member"), "member")
	coll := env.Collection(t, ws, "Autumn")
	acc := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, CollectionID: &coll})
	env.Video(t, ws, testenv.VideoOptions{PlatformID: uuid.NewString(), AccountID: acc, Status: domain.ItemActive,
		PublishedAt: time.Now().Add(-time.Hour), CreatedAt: time.Now().Add(-time.Hour)})
	a.request("POST", "/api/campaigns", map[string]any{"collectionId": coll, "currency": "usd", "startsAt": time.Now().Add(-24 * time.Hour), "period": "weekly",
		"budget": 123456, "rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 10}}}}, owner).expect(t, 201)

	e := a.request("DELETE", "/api/collections/"+coll.String(), nil, member).expectError(t, 403, "forbidden")
	if !strings.Contains(e.Message, `"Autumn"`) || !strings.Contains(e.Message, "USD 1,234.56") && !strings.Contains(e.Message, "USD 1234.56") {
		t.Errorf("a member is told %q", e.Message)
	}
	a.request("DELETE", "/api/collections/"+coll.String(), nil, owner).expect(t, 204)
	var page querycampaigns.CampaignPage
	a.request("GET", "/api/campaigns/"+coll.String(), nil, owner).expect(t, 200).decode(t, &page)
	if page.Campaign.EndedAt == nil || page.Counts.Held != 1 || page.Campaign.Videos != 1 {
		t.Fatalf("the ended campaign: %+v counts %+v", page.Campaign.CampaignSummary, page.Counts)
	}
	var lines querycampaigns.LinesPage
	a.request("GET", "/api/campaigns/"+coll.String()+"/lines", nil, owner).expect(t, 200).decode(t, &lines)
	if len(lines.Lines) != 1 || lines.Lines[0].HoldReason != domain.HoldCampaignEnded {
		t.Fatalf("its lines: %+v", lines.Lines)
	}
	a.request("PATCH", "/api/campaigns/"+coll.String(), map[string]any{"budget": 1}, owner).expectError(t, 409, "conflict")
	var colls querycollections.CollectionList
	a.request("GET", "/api/collections", nil, owner).expect(t, 200).decode(t, &colls)
	if len(colls.Collections) != 0 {
		t.Fatalf("the deleted collection is still listed: %+v", colls.Collections)
	}
	a.request("POST", "/api/collections", map[string]string{"name": "Autumn"}, owner).expect(t, 200)
	if n := count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = 'campaign_ended' AND target = 'Autumn'`, ws); n != 1 {
		t.Errorf("%d campaign_ended entries", n)
	}
}

// TestChoosingAVideosPayee: an owner chooses the creator a video of no
// tracked account is paid to; its projected line pays that creator.
func TestChoosingAVideosPayee(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	owner := a.signUp(uniqueEmail("payee"))
	ws := a.bootstrap(owner).Workspace.ID
	coll := env.Collection(t, ws, "Strays")
	stray := env.Video(t, ws, testenv.VideoOptions{PlatformID: uuid.NewString(), AccountHandle: "stray", CollectionID: &coll, Status: domain.ItemActive,
		PublishedAt: time.Now().Add(-time.Hour), CreatedAt: time.Now().Add(-time.Hour)})
	creator := uuid.New()
	exec(t, `INSERT INTO creators (id, workspace_id, name) VALUES ($1, $2, 'Dana')`, creator, ws)
	a.request("POST", "/api/campaigns", map[string]any{"collectionId": coll, "currency": "usd", "startsAt": time.Now().Add(-24 * time.Hour), "period": "weekly",
		"rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 10}}}}, owner).expect(t, 201)
	payee := func() querycampaigns.Payee {
		var lines querycampaigns.LinesPage
		a.request("GET", "/api/campaigns/"+coll.String()+"/lines", nil, owner).expect(t, 200).decode(t, &lines)
		if len(lines.Lines) != 1 {
			t.Fatalf("lines %+v", lines.Lines)
		}
		return lines.Lines[0].Payee
	}
	if p := payee(); p.Kind != "video" || p.Name != "stray" {
		t.Fatalf("before the choice the line pays %+v", p)
	}
	a.request("PUT", "/api/videos/"+stray.String()+"/payee", map[string]any{"creatorId": creator}, owner).expect(t, 204)
	if p := payee(); p.Kind != "creator" || p.ID != creator || p.Name != "Dana" {
		t.Fatalf("after the choice the line pays %+v", p)
	}
	a.request("PUT", "/api/videos/"+stray.String()+"/payee", map[string]any{"creatorId": "nope"}, owner).expectError(t, 400, "invalid_request")
	a.request("PUT", "/api/videos/"+stray.String()+"/payee", map[string]any{}, owner).expectError(t, 400, "invalid_request")
	a.request("PUT", "/api/videos/"+uuid.NewString()+"/payee", map[string]any{"creatorId": creator}, owner).expectError(t, 404, "not_found")
	a.request("PUT", "/api/videos/"+stray.String()+"/payee", map[string]any{"creatorId": nil}, owner).expect(t, 204)
	if p := payee(); p.Kind != "video" {
		t.Fatalf("after clearing the line pays %+v", p)
	}
}
