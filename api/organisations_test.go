package api_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	queryorgs "github.com/reeltrack/reeltrack/query/organisations"
)

// tinyPNG is a 1×1 PNG as a data: URL.
const tinyPNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="

type workspacesOut struct {
	Workspaces []queryorgs.Workspace `json:"workspaces"`
}

// switchTo makes the session work in ws and checks the dashboard's
// bootstrap answers it.
func (a *testApp) switchTo(c *http.Cookie, ws uuid.UUID) {
	a.t.Helper()
	a.request("PUT", "/api/session/workspace", map[string]any{"workspaceId": ws}, c).expect(a.t, 200)
	if got := a.bootstrap(c).Workspace.ID; got != ws {
		a.t.Fatalf("after the switch the session works in %s, not %s", got, ws)
	}
}

// clientWorkspace makes a client workspace in the organisation of c's
// workspace and answers its id.
func (a *testApp) clientWorkspace(c *http.Cookie, name string) uuid.UUID {
	a.t.Helper()
	var out struct{ WorkspaceID uuid.UUID }
	a.request("POST", "/api/organisation/workspaces", map[string]any{"name": name}, c).expect(a.t, 201).decode(a.t, &out)
	return out.WorkspaceID
}

type overviewTotals struct {
	Totals struct {
		Videos, Accounts int
		Views            uint64
	}
	ViewsGained struct{ Period int64 }
	TopMovers   []struct {
		ID          uuid.UUID
		ViewsGained int64
	}
}

// TestAgencyOrganisation: an agency's owner makes an organisation and two
// client workspaces, reaches them with one login and a switcher, with the
// home's admins and not its members; the roll-up's every number is the
// workspace's own overview's; the agency's people take no seat and are
// changed only in the home; other logins reach nothing of it.
func TestAgencyOrganisation(t *testing.T) {
	a, _ := newScrapingApp(t)
	owner := a.signUp(uniqueEmail("agency"))
	home := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000, seat_limit = 15 WHERE id = $1`, home)
	adminAddr := uniqueEmail("agency-admin")
	admin := a.member(owner, adminAddr, "admin")
	memberAddr := uniqueEmail("agency-member")
	member := a.member(owner, memberAddr, "member")

	a.request("GET", "/api/organisation", nil, owner).expect(t, 404)
	a.request("POST", "/api/organisation", map[string]any{"name": "Glow Agency"}, admin).expect(t, 403)
	a.request("POST", "/api/organisation", map[string]any{"name": ""}, owner).expect(t, 400)
	var org queryorgs.Organisation
	a.request("POST", "/api/organisation", map[string]any{"name": "Glow Agency"}, owner).expect(t, 201).decode(t, &org)
	if org.Name != "Glow Agency" || org.HomeWorkspaceID != home || !org.CanManage || len(org.Workspaces) != 1 || !org.Branding.WhiteLabel {
		t.Fatalf("the organisation %+v", org)
	}
	a.request("POST", "/api/organisation", map[string]any{"name": "Again"}, owner).expect(t, 409)

	// its branding: the home's owners and admins, from any of its workspaces
	a.request("GET", "/api/organisation", nil, member).expect(t, 200).decode(t, &org)
	if org.CanManage || len(org.Workspaces) != 1 {
		t.Fatalf("the organisation as a member sees it %+v", org)
	}
	a.request("PATCH", "/api/organisation", map[string]any{"brandName": "Glow Studio"}, member).expect(t, 403)
	a.request("PATCH", "/api/organisation", map[string]any{"brandColor": "purple"}, admin).expect(t, 400)
	a.request("PATCH", "/api/organisation", map[string]any{"logo": "https://example.com/logo.png"}, admin).expect(t, 400)
	a.request("PATCH", "/api/organisation", map[string]any{"brandName": "Glow Studio", "brandColor": "#7C3AED", "logo": tinyPNG}, admin).
		expect(t, 200).decode(t, &org)
	if org.Branding.Name != "Glow Studio" || org.Branding.Color != "#7c3aed" || org.Branding.Logo != tinyPNG || org.Name != "Glow Agency" {
		t.Fatalf("the branding %+v", org.Branding)
	}
	a.request("POST", "/api/organisation/workspaces", map[string]any{"name": "Client X"}, member).expect(t, 403)

	acme, bolt := a.clientWorkspace(admin, "Acme Skincare"), a.clientWorkspace(admin, "Bolt Drinks")

	// one login, every workspace of the organisation; not the home's members
	var list workspacesOut
	a.request("GET", "/api/workspaces", nil, owner).expect(t, 200).decode(t, &list)
	if len(list.Workspaces) != 3 || list.Workspaces[0].ID != home || !list.Workspaces[0].Own || !list.Workspaces[0].Current {
		t.Fatalf("the owner's workspaces %+v", list.Workspaces)
	}
	for _, w := range list.Workspaces[1:] {
		if w.Organisation == nil || w.Organisation.ID != org.ID || w.Own || w.Role != "owner" {
			t.Fatalf("a client workspace as the owner sees it: %+v", w)
		}
	}
	a.request("GET", "/api/workspaces", nil, member).expect(t, 200).decode(t, &list)
	if len(list.Workspaces) != 1 {
		t.Fatalf("a member of the home reaches %d workspaces", len(list.Workspaces))
	}
	a.request("PUT", "/api/session/workspace", map[string]any{"workspaceId": acme}, member).expect(t, 404)
	a.request("GET", "/api/organisation/rollup", nil, member).expect(t, 403)

	// each client workspace keeps its own data
	track := func(c *http.Cookie, ws uuid.UUID, handle string) {
		t.Helper()
		a.switchTo(c, ws)
		var out trackOut
		a.request("POST", "/api/track", map[string]any{"url": "https://www.tiktok.com/@" + handle, "tracking_limit": 6}, c).expect(t, 200).decode(t, &out)
		if got := waitJob(t, out.JobID); got != "processed" {
			t.Fatalf("scraping %s: %s", handle, got)
		}
	}
	track(owner, acme, "acmeskin")
	track(admin, bolt, "boltdrinks")
	track(owner, home, "glowagency")

	// the roll-up: each line is the workspace's own overview
	var roll queryorgs.Rollup
	a.request("GET", "/api/organisation/rollup?datePreset=all", nil, admin).expect(t, 200).decode(t, &roll)
	if roll.Organisation.ID != org.ID || roll.Totals.Workspaces != 3 || len(roll.Workspaces) != 3 || roll.Workspaces[0].ID != home {
		t.Fatalf("the roll-up %+v", roll)
	}
	var videos int
	var views uint64
	for _, w := range roll.Workspaces {
		a.switchTo(admin, w.ID)
		var own overviewTotals
		a.request("GET", "/api/overview?datePreset=all", nil, admin).expect(t, 200).decode(t, &own)
		if own.Totals.Videos == 0 || w.Videos != own.Totals.Videos || w.Views != own.Totals.Views || w.Accounts != own.Totals.Accounts ||
			w.ViewsGained.Period != own.ViewsGained.Period {
			t.Fatalf("%s in the roll-up %+v, its own overview %+v", w.Name, w, own.Totals)
		}
		videos += w.Videos
		views += w.Views
	}
	if roll.Totals.Videos != videos || roll.Totals.Views != views {
		t.Fatalf("the roll-up's totals %+v, summed %d videos %d views", roll.Totals, videos, views)
	}
	for i := 1; i < len(roll.TopMovers); i++ {
		if roll.TopMovers[i].Video.ViewsGained > roll.TopMovers[i-1].Video.ViewsGained {
			t.Fatalf("the movers are not by views gained: %+v", roll.TopMovers)
		}
	}

	// the team of a client workspace: the agency's people are shown, take
	// no seat and are changed in the home only
	a.switchTo(owner, acme)
	var tb struct {
		Members []struct {
			UserID       uuid.UUID
			Role         string
			Organisation *string
		}
		Seats struct{ Used int }
	}
	a.request("GET", "/api/workspace/team", nil, owner).expect(t, 200).decode(t, &tb)
	if len(tb.Members) != 2 || tb.Seats.Used != 0 {
		t.Fatalf("the client workspace's team %+v", tb)
	}
	for _, m := range tb.Members {
		if m.Organisation == nil || *m.Organisation != "Glow Agency" {
			t.Fatalf("a member of the agency %+v", m)
		}
	}
	adminID := userID(t, adminAddr)
	a.request("DELETE", "/api/workspace/team/members/"+adminID.String(), nil, owner).expect(t, 409)
	a.request("PATCH", "/api/workspace/team/members/"+adminID.String(), map[string]any{"role": "member"}, owner).expect(t, 409)

	// another agency reaches nothing of it
	outsider := a.signUp(uniqueEmail("other-agency"))
	a.bootstrap(outsider)
	a.request("PUT", "/api/session/workspace", map[string]any{"workspaceId": acme}, outsider).expect(t, 404)
	a.request("GET", "/api/organisation/rollup", nil, outsider).expect(t, 404)
	a.request("GET", "/api/organisation", nil, outsider).expect(t, 404)

	// the admin made a member of the home no longer reaches the clients;
	// a session that worked in one falls back to the login's own
	a.switchTo(admin, bolt)
	a.switchTo(owner, home)
	a.request("PATCH", "/api/workspace/team/members/"+adminID.String(), map[string]any{"role": "member"}, owner).expect(t, 200)
	if got := a.bootstrap(admin).Workspace.ID; got != home {
		t.Fatalf("the demoted admin's session works in %s", got)
	}
	a.request("GET", "/api/workspaces", nil, admin).expect(t, 200).decode(t, &list)
	if len(list.Workspaces) != 1 {
		t.Fatalf("the demoted admin reaches %d workspaces", len(list.Workspaces))
	}
	if n := count(t, `SELECT count(*) FROM workspace_members WHERE user_id = $1`, adminID); n != 1 {
		t.Fatalf("the demoted admin has %d memberships", n)
	}

	// the activity log
	a.switchTo(owner, home)
	var act struct {
		Entries []struct{ Action, Target string }
	}
	a.request("GET", "/api/workspace/activity", nil, owner).expect(t, 200).decode(t, &act)
	seen := map[string]int{}
	for _, e := range act.Entries {
		seen[e.Action]++
	}
	if seen["organisation_created"] != 1 || seen["client_workspace_created"] != 2 || seen["organisation_changed"] != 1 {
		t.Fatalf("the home's activity: %v", seen)
	}
}

// TestClientViewer: a client viewer invited to chosen collections reads
// their numbers, equal to the team's answers filtered to them, and nothing
// else of the workspace: not another collection, video or account, not
// the payouts unless allowed, no write, no other workspace; a viewer of the
// whole workspace reads its numbers; neither takes a seat.
func TestClientViewer(t *testing.T) {
	a, _ := newScrapingApp(t)
	owner := a.signUp(uniqueEmail("brand-team"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'growth', video_limit = 1000, seat_limit = 1 WHERE id = $1`, ws)
	var shown, hidden struct{ ID uuid.UUID }
	a.request("POST", "/api/collections", map[string]any{"name": "Client launch"}, owner).expect(t, 200).decode(t, &shown)
	a.request("POST", "/api/collections", map[string]any{"name": "Internal tests"}, owner).expect(t, 200).decode(t, &hidden)
	trackInto := func(handle string, coll uuid.UUID) {
		t.Helper()
		var out trackOut
		a.request("POST", "/api/track", map[string]any{"url": "https://www.tiktok.com/@" + handle, "tracking_limit": 5, "collection_id": coll.String()}, owner).
			expect(t, 200).decode(t, &out)
		if got := waitJob(t, out.JobID); got != "processed" {
			t.Fatalf("scraping %s: %s", handle, got)
		}
	}
	trackInto("launchcreator", shown.ID)
	trackInto("internalcreator", hidden.ID)

	// invited by token; no seat taken (the plan has one, the owner's)
	outsider := a.signUp(uniqueEmail("other"))
	other := a.bootstrap(outsider).Workspace.ID
	var otherColl struct{ ID uuid.UUID }
	a.request("POST", "/api/collections", map[string]any{"name": "Theirs"}, outsider).expect(t, 200).decode(t, &otherColl)
	a.request("POST", "/api/workspace/team", map[string]any{"email": uniqueEmail("c"), "role": "client", "clientCollections": []uuid.UUID{otherColl.ID}}, owner).expect(t, 404)
	a.request("POST", "/api/workspace/team", map[string]any{"email": uniqueEmail("c"), "role": "member", "clientPayouts": true}, owner).expect(t, 400)
	clientAddr := uniqueEmail("client")
	a.request("POST", "/api/workspace/team", map[string]any{"email": clientAddr, "role": "client", "clientCollections": []uuid.UUID{shown.ID}}, owner).expect(t, 200)
	client := a.signUp(clientAddr)
	a.verify(clientAddr)
	a.request("POST", "/api/invites/accept", map[string]string{"token": a.link(clientAddr, "/invite")}, client).expect(t, 200)
	boot := a.bootstrap(client)
	if boot.Workspace.ID != ws || boot.Workspace.VideoLimit != 0 {
		t.Fatalf("the client's workspace %+v", boot.Workspace)
	}

	// its numbers are the team's for its collection
	var mine, theirs overviewTotals
	a.request("GET", "/api/overview?datePreset=all", nil, client).expect(t, 200).decode(t, &mine)
	a.request("GET", "/api/overview?datePreset=all&collectionId="+shown.ID.String(), nil, owner).expect(t, 200).decode(t, &theirs)
	if mine.Totals.Videos == 0 || mine.Totals != theirs.Totals {
		t.Fatalf("the client's overview %+v, the team's of the collection %+v", mine.Totals, theirs.Totals)
	}
	a.request("GET", "/api/overview?collectionId="+hidden.ID.String(), nil, client).expect(t, 404)
	a.request("GET", "/api/videos?collectionId="+hidden.ID.String(), nil, client).expect(t, 404)
	var vids struct {
		Videos []struct {
			ID           uuid.UUID
			CollectionID *uuid.UUID
		}
	}
	a.request("GET", "/api/videos?collectionId="+hidden.ID.String()+"&datePreset=all", nil, owner).expect(t, 200).decode(t, &vids)
	if len(vids.Videos) == 0 {
		t.Fatal("no video in the hidden collection")
	}
	a.request("GET", "/api/videos/"+vids.Videos[0].ID.String(), nil, client).expect(t, 404)
	a.request("GET", "/api/videos?datePreset=all", nil, client).expect(t, 200).decode(t, &vids)
	if len(vids.Videos) == 0 {
		t.Fatal("the client sees no video of its collection")
	}
	for _, v := range vids.Videos {
		if v.CollectionID == nil || *v.CollectionID != shown.ID {
			t.Fatalf("the client sees a video of %v", v.CollectionID)
		}
	}
	a.request("GET", "/api/videos/"+vids.Videos[0].ID.String(), nil, client).expect(t, 200)
	var colls struct{ Collections []struct{ ID uuid.UUID } }
	a.request("GET", "/api/collections", nil, client).expect(t, 200).decode(t, &colls)
	if len(colls.Collections) != 1 || colls.Collections[0].ID != shown.ID {
		t.Fatalf("the client's collections %+v", colls.Collections)
	}

	// read only, no payouts, nothing else of the workspace, no other workspace
	a.request("POST", "/api/track", map[string]any{"url": "https://www.tiktok.com/@sneaky"}, client).expect(t, 403)
	a.request("POST", "/api/collections", map[string]any{"name": "Mine"}, client).expect(t, 403)
	a.request("GET", "/api/campaigns", nil, client).expect(t, 403)
	a.request("GET", "/api/payouts/batches", nil, client).expect(t, 403)
	a.request("GET", "/api/workspace/team", nil, client).expect(t, 403)
	a.request("GET", "/api/alerts", nil, client).expect(t, 403)
	a.request("GET", "/api/workspace/activity", nil, client).expect(t, 403)
	a.request("GET", "/api/creators", nil, client).expect(t, 403)
	a.request("PUT", "/api/session/workspace", map[string]any{"workspaceId": other}, client).expect(t, 404)
	a.request("GET", "/api/overview?collectionId="+otherColl.ID.String(), nil, client).expect(t, 404)

	// the team lists it, without a seat; removing it ends its reach
	var tb struct {
		Members []struct {
			UserID            uuid.UUID
			Role              string
			ClientCollections []uuid.UUID
		}
		Seats struct{ Used, Limit int }
	}
	a.request("GET", "/api/workspace/team", nil, owner).expect(t, 200).decode(t, &tb)
	if len(tb.Members) != 2 || tb.Seats.Used != 1 || tb.Members[1].Role != "client" || len(tb.Members[1].ClientCollections) != 1 {
		t.Fatalf("the team with a client viewer %+v", tb)
	}

	// a viewer of the whole workspace, shown payouts
	wholeAddr := uniqueEmail("client-all")
	a.request("POST", "/api/workspace/team", map[string]any{"email": wholeAddr, "role": "client", "clientPayouts": true}, owner).expect(t, 200)
	whole := a.signUp(wholeAddr)
	a.verify(wholeAddr)
	a.request("POST", "/api/invites/accept", map[string]string{"token": a.link(wholeAddr, "/invite")}, whole).expect(t, 200)
	var all, team overviewTotals
	a.request("GET", "/api/overview?datePreset=all", nil, whole).expect(t, 200).decode(t, &all)
	a.request("GET", "/api/overview?datePreset=all", nil, owner).expect(t, 200).decode(t, &team)
	if all.Totals != team.Totals || all.Totals.Videos <= mine.Totals.Videos {
		t.Fatalf("the whole workspace's viewer %+v, the team %+v", all.Totals, team.Totals)
	}
	a.request("GET", "/api/campaigns", nil, whole).expect(t, 200)
	a.request("POST", "/api/campaigns", map[string]any{"name": "x"}, whole).expect(t, 403)

	a.request("DELETE", "/api/workspace/team/members/"+tb.Members[1].UserID.String(), nil, owner).expect(t, 200)
	// its sessions end with its reach
	a.request("GET", "/api/overview", nil, client).expect(t, 401)
}

// billedWorkspace is what POST /api/workspace/bootstrap answers of the billing of an
// organisation's workspace.
type billedWorkspace struct {
	Workspace struct {
		ID                 uuid.UUID
		Plan               string
		VideoLimit         int
		SeatLimit          int
		HasAccess          bool
		SubscriptionStatus *string
		GraceEndsAt        *time.Time
		BilledBy           *struct {
			WorkspaceID uuid.UUID
			Name        string
		}
		BilledTogether int
		Usage          struct{ Videos, Seats, Accounts int }
		OwnUsage       *struct{ Videos, Seats, Accounts int }
		ScrapeBudget   scrapeBudget
	}
}

// TestOrganisationBilling: under billing per organisation the home's
// subscription pays for every client workspace: they follow its plan,
// limits and access as its payment events change them, and the videos and
// seats of all of them count together against its limits; a client
// workspace takes no subscription of its own while billed so, and billing
// per organisation waits for the client workspaces' own subscriptions to
// end; going back leaves each client workspace the plan for a grace period.
func TestOrganisationBilling(t *testing.T) {
	f := newFakeStripe(t)
	a, _ := newScrapingAppWith(t, withStripe(f.URL))
	owner := a.signUp(uniqueEmail("billing-agency"))
	home := a.bootstrap(owner).Workspace.ID
	member := a.member(owner, uniqueEmail("billing-member"), "member")
	a.request("POST", "/api/organisation", map[string]any{"name": "Pool Agency"}, owner).expect(t, 201)
	acme, bolt := a.clientWorkspace(owner, "Acme Skincare"), a.clientWorkspace(owner, "Bolt Drinks")
	view := func(ws uuid.UUID) billedWorkspace {
		t.Helper()
		a.switchTo(owner, ws)
		var w billedWorkspace
		a.request("POST", "/api/workspace/bootstrap", nil, owner).expect(t, 200).decode(t, &w)
		return w
	}
	organisation := func() queryorgs.Organisation {
		t.Helper()
		var o queryorgs.Organisation
		a.request("GET", "/api/organisation", nil, owner).expect(t, 200).decode(t, &o)
		return o
	}

	// each workspace on a trial of its own: the limits add up
	if o := organisation(); o.Billing != "workspace" || o.Usage.VideoLimit != 3*50 || o.Usage.SeatLimit != 3*2 || o.Usage.Seats != 2 {
		t.Fatalf("billed per workspace, the organisation's usage %+v (%s)", o.Usage, o.Billing)
	}
	if w := view(acme); w.Workspace.BilledBy != nil || w.Workspace.BilledTogether != 1 || w.Workspace.OwnUsage != nil {
		t.Fatalf("a client workspace billed on its own: %+v", w.Workspace)
	}

	// a client workspace paying for itself holds billing per organisation back
	exec(t, `UPDATE workspaces SET payment_subscription_id = 'sub_acme', subscription_status = 'active', plan = 'starter',
		video_limit = 250, seat_limit = 2 WHERE id = $1`, acme)
	a.request("PATCH", "/api/organisation", map[string]any{"billing": "organisation"}, member).expect(t, 403)
	a.request("PATCH", "/api/organisation", map[string]any{"billing": "everyone"}, owner).expectError(t, 400, "invalid_request")
	refused := a.request("PATCH", "/api/organisation", map[string]any{"billing": "organisation"}, owner).expectError(t, 409, "conflict")
	if !strings.Contains(refused.Message, "Acme Skincare") {
		t.Fatalf("the refusal does not name the workspace that pays for itself: %s", refused.Message)
	}
	if o := organisation(); o.Billing != "workspace" || view(acme).Workspace.BilledBy != nil {
		t.Fatalf("a refused change changed the billing to %s", o.Billing)
	}
	exec(t, `UPDATE workspaces SET subscription_status = 'canceled', has_access = false WHERE id = $1`, acme)
	a.request("PATCH", "/api/organisation", map[string]any{"billing": "organisation"}, owner).expect(t, 200)

	// the home's trial is everyone's: one pool of 50 videos
	for _, ws := range []uuid.UUID{acme, bolt} {
		w := view(ws)
		if w.Workspace.BilledBy == nil || w.Workspace.BilledBy.WorkspaceID != home || w.Workspace.Plan != "trial" ||
			w.Workspace.VideoLimit != 50 || !w.Workspace.HasAccess || w.Workspace.BilledTogether != 3 {
			t.Fatalf("a client workspace billed by the organisation: %+v", w.Workspace)
		}
	}
	track := func(ws uuid.UUID, url string, limit int) response {
		t.Helper()
		a.switchTo(owner, ws)
		body := map[string]any{"url": url}
		if limit > 0 {
			body["tracking_limit"] = limit
		}
		return a.request("POST", "/api/track", body, owner)
	}
	track(acme, "https://www.tiktok.com/@acme.pool", 30).expect(t, 200)
	over := track(bolt, "https://www.tiktok.com/@bolt.pool", 30).expectError(t, 403, "forbidden")
	if !strings.Contains(over.Message, "30 of 50 videos in use across the organisation") {
		t.Fatalf("the refusal over the shared limit: %s", over.Message)
	}
	track(bolt, "https://www.tiktok.com/@bolt.pool", 20).expect(t, 200)
	track(home, "https://www.tiktok.com/@home.pool", 1).expectError(t, 403, "forbidden")
	w := view(bolt)
	if w.Workspace.Usage.Videos != 50 || w.Workspace.OwnUsage == nil || w.Workspace.OwnUsage.Videos != 20 || w.Workspace.Usage.Accounts != 2 {
		t.Fatalf("the usage of a workspace billed together: %+v, its own %+v", w.Workspace.Usage, w.Workspace.OwnUsage)
	}

	// a client workspace takes no subscription of its own
	a.switchTo(owner, acme)
	a.request("POST", "/api/payment/create-checkout", map[string]any{"plan": "starter", "interval": "month"}, owner).
		expectError(t, 409, "conflict")

	// the home subscribes: every workspace moves with it
	s := &subscribed{a: a, f: f, owner: owner, ws: home, sub: "sub_" + uuid.NewString()[:8], cus: "cus_" + uuid.NewString()[:8]}
	active := s.set("active", "price_starter_month")
	expectApplied(t, a.deliver(s.completed(t)), "applied")
	for _, ws := range []uuid.UUID{home, acme, bolt} {
		w := view(ws)
		if w.Workspace.Plan != "starter" || w.Workspace.VideoLimit != 250 || w.Workspace.SeatLimit != 2 || !w.Workspace.HasAccess ||
			w.Workspace.SubscriptionStatus == nil || *w.Workspace.SubscriptionStatus != "active" {
			t.Fatalf("after the home's checkout, %s: %+v", ws, w.Workspace)
		}
	}
	track(home, "https://www.tiktok.com/@home.pool", 30).expect(t, 200)
	if o := organisation(); o.Billing != "organisation" || o.Usage.Videos != 80 || o.Usage.VideoLimit != 250 || o.Usage.SeatLimit != 2 {
		t.Fatalf("billed per organisation, the organisation's usage %+v (%s)", o.Usage, o.Billing)
	}

	// the seats too: the owner and the member of the home take the plan's two
	a.switchTo(owner, acme)
	a.request("POST", "/api/workspace/team", map[string]string{"email": uniqueEmail("acme-seat"), "role": "member"}, owner).
		expectError(t, 403, "forbidden")
	a.request("POST", "/api/workspace/team", map[string]any{"email": uniqueEmail("acme-client"), "role": "client"}, owner).expect(t, 200)

	// the home's subscription ends: so does every workspace's access
	canceled := active
	canceled.Status = "canceled"
	s.f.set(s.sub, canceled)
	expectApplied(t, a.deliver(s.subscriptionEvent(t, "deleted", canceled)), "applied")
	for _, ws := range []uuid.UUID{acme, bolt} {
		if w := view(ws); w.Workspace.HasAccess {
			t.Fatalf("after the home's subscription ended, %s has access: %+v", ws, w.Workspace)
		}
	}
	track(acme, "https://youtu.be/abcdefghijk", 0).expectError(t, 403, "forbidden")

	// a new subscription, then the organisation goes back to billing per workspace
	s.sub = "sub_" + uuid.NewString()[:8]
	s.set("active", "price_starter_month")
	expectApplied(t, a.deliver(s.completed(t)), "applied")
	if w := view(bolt); !w.Workspace.HasAccess {
		t.Fatalf("after the home's subscription came back, bolt: %+v", w.Workspace)
	}
	a.request("PATCH", "/api/organisation", map[string]any{"billing": "workspace"}, owner).expect(t, 200)
	w = view(bolt)
	if w.Workspace.BilledBy != nil || w.Workspace.BilledTogether != 1 || w.Workspace.Plan != "starter" || !w.Workspace.HasAccess ||
		w.Workspace.SubscriptionStatus != nil || w.Workspace.GraceEndsAt == nil ||
		w.Workspace.GraceEndsAt.After(time.Now().Add(7*24*time.Hour)) || w.Workspace.GraceEndsAt.Before(time.Now().Add(6*24*time.Hour)) {
		t.Fatalf("a client workspace billed on its own again: %+v", w.Workspace)
	}
	if w.Workspace.Usage.Videos != 20 {
		t.Fatalf("billed on its own, bolt's usage is %d videos", w.Workspace.Usage.Videos)
	}

	var act struct {
		Entries []struct {
			Action  string
			Details struct{ Changed []string }
		}
	}
	a.switchTo(owner, home)
	a.request("GET", "/api/workspace/activity", nil, owner).expect(t, 200).decode(t, &act)
	billingChanges := 0
	for _, e := range act.Entries {
		if e.Action == "organisation_changed" && slices.Equal(e.Details.Changed, []string{"billing"}) {
			billingChanges++
		}
	}
	if billingChanges != 2 {
		t.Fatalf("%d billing changes in the home's activity, want 2: %+v", billingChanges, act.Entries)
	}
}

// TestMovingAWorkspaceInAndOut: an agency's manager makes a join code; the
// owner of an existing workspace brings it in with the code (once), the
// agency's people reach it and the agency bills it; its owner or the
// agency takes it out again, keeping its team and data; a workspace the
// agency made, with no owner of its own, and the home stay.
func TestMovingAWorkspaceInAndOut(t *testing.T) {
	a := newApp(t)
	agency := a.signUp(uniqueEmail("mover-agency"))
	home := a.bootstrap(agency).Workspace.ID
	agencyMember := a.member(agency, uniqueEmail("mover-agency-member"), "member")
	a.request("POST", "/api/organisation", map[string]any{"name": "Mover Agency"}, agency).expect(t, 201)
	a.request("PATCH", "/api/organisation", map[string]any{"billing": "organisation"}, agency).expect(t, 200)
	made := a.clientWorkspace(agency, "Made Here")

	brand := a.signUp(uniqueEmail("mover-brand"))
	ws := a.bootstrap(brand).Workspace.ID
	brandMember := a.member(brand, uniqueEmail("mover-brand-member"), "member")
	exec(t, `UPDATE workspaces SET name = 'Brand Own' WHERE id = $1`, ws)

	code := func() string {
		t.Helper()
		var c struct {
			Code      string
			ExpiresAt time.Time
		}
		a.request("POST", "/api/organisation/join-codes", nil, agency).expect(t, 201).decode(t, &c)
		if c.Code == "" || c.ExpiresAt.Before(time.Now().Add(6*24*time.Hour)) {
			t.Fatalf("the join code %+v", c)
		}
		if n := count(t, `SELECT count(*) FROM organisation_join_codes WHERE code_hash = sha256($1::bytea)`, c.Code); n != 1 {
			t.Fatalf("the code is kept as %d hashes", n)
		}
		return c.Code
	}
	a.request("POST", "/api/organisation/join-codes", nil, agencyMember).expect(t, 403)
	a.request("POST", "/api/organisation/join-codes", nil, brand).expect(t, 404)
	first := code()

	a.request("POST", "/api/organisation/join", map[string]any{"code": first}, brandMember).expect(t, 403)
	a.request("POST", "/api/organisation/join", map[string]any{"code": ""}, brand).expect(t, 400)
	a.request("POST", "/api/organisation/join", map[string]any{"code": "not-a-code"}, brand).expect(t, 404)
	a.request("POST", "/api/organisation/join", map[string]any{"code": first}, agency).expect(t, 409)
	var joined queryorgs.Organisation
	a.request("POST", "/api/organisation/join", map[string]any{"code": first}, brand).expect(t, 200).decode(t, &joined)
	if joined.Name != "Mover Agency" || !joined.CanLeave || joined.CanManage || len(joined.Workspaces) != 1 || joined.Workspaces[0].ID != ws {
		t.Fatalf("the organisation as the brand's owner sees it after joining: %+v", joined)
	}
	other := a.signUp(uniqueEmail("mover-other"))
	a.bootstrap(other)
	a.request("POST", "/api/organisation/join", map[string]any{"code": first}, other).expect(t, 404)

	// the agency reaches it and bills it; the brand's people keep theirs only
	var list workspacesOut
	a.request("GET", "/api/workspaces", nil, agency).expect(t, 200).decode(t, &list)
	if len(list.Workspaces) != 3 {
		t.Fatalf("the agency reaches %d workspaces, want its own, the one it made and the one that joined", len(list.Workspaces))
	}
	a.switchTo(agency, ws)
	var w billedWorkspace
	a.request("POST", "/api/workspace/bootstrap", nil, agency).expect(t, 200).decode(t, &w)
	if w.Workspace.BilledBy == nil || w.Workspace.BilledBy.WorkspaceID != home {
		t.Fatalf("the workspace that joined is not billed by the agency: %+v", w.Workspace)
	}
	a.request("PUT", "/api/session/workspace", map[string]any{"workspaceId": home}, brand).expect(t, 404)
	a.request("GET", "/api/workspaces", nil, brandMember).expect(t, 200).decode(t, &list)
	if len(list.Workspaces) != 1 || list.Workspaces[0].ID != ws {
		t.Fatalf("the brand's member reaches %+v", list.Workspaces)
	}

	// who may take what out
	a.switchTo(agency, home)
	a.request("DELETE", "/api/organisation/workspaces/"+home.String(), nil, agency).expect(t, 409)
	a.request("DELETE", "/api/organisation/workspaces/"+made.String(), nil, agency).expect(t, 409)
	a.request("DELETE", "/api/organisation/workspaces/"+uuid.NewString(), nil, agency).expect(t, 404)
	a.request("DELETE", "/api/organisation/workspaces/"+ws.String(), nil, agencyMember).expect(t, 403)
	a.request("DELETE", "/api/organisation/workspaces/"+ws.String(), nil, brandMember).expect(t, 403)
	a.request("DELETE", "/api/organisation/workspaces/"+ws.String(), nil, other).expect(t, 404)

	// its owner takes it out: the agency loses it, it keeps its team and a grace period
	a.request("DELETE", "/api/organisation/workspaces/"+ws.String(), nil, brand).expect(t, 204)
	a.request("GET", "/api/workspaces", nil, agency).expect(t, 200).decode(t, &list)
	if len(list.Workspaces) != 2 {
		t.Fatalf("after it left the agency reaches %d workspaces", len(list.Workspaces))
	}
	a.request("PUT", "/api/session/workspace", map[string]any{"workspaceId": ws}, agency).expect(t, 404)
	a.request("GET", "/api/organisation", nil, brand).expect(t, 404)
	a.request("POST", "/api/workspace/bootstrap", nil, brand).expect(t, 200).decode(t, &w)
	if w.Workspace.ID != ws || w.Workspace.BilledBy != nil {
		t.Fatalf("the workspace after leaving: %+v", w.Workspace)
	}
	if n := count(t, `SELECT count(*) FROM workspace_members WHERE workspace_id = $1`, ws); n != 2 {
		t.Fatalf("the workspace kept %d members, want its owner and member", n)
	}

	// back in with a new code, and out by the agency
	a.request("POST", "/api/organisation/join", map[string]any{"code": code()}, brand).expect(t, 200)
	a.request("DELETE", "/api/organisation/workspaces/"+ws.String(), nil, agency).expect(t, 204)
	a.request("GET", "/api/organisation", nil, brand).expect(t, 404)

	seen := map[string]int{}
	var act struct{ Entries []struct{ Action string } }
	a.request("GET", "/api/workspace/activity", nil, brand).expect(t, 200).decode(t, &act)
	for _, e := range act.Entries {
		seen[e.Action]++
	}
	if seen["organisation_workspace_joined"] != 2 || seen["organisation_workspace_left"] != 2 {
		t.Fatalf("the workspace's activity: %v", seen)
	}
}
