package api_test

import (
	"context"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
	querycollections "github.com/reeltrack/reeltrack/query/collections"
	queryteam "github.com/reeltrack/reeltrack/query/team"
)

// creatorOwnRoutes are the session routes a creator's login may call
// besides its portal: its own user's, and the way into the workspace.
var creatorOwnRoutes = []string{
	"GET /api/auth/me", "POST /api/auth/logout", "POST /api/auth/logout-everywhere", "POST /api/auth/verify-email/resend",
	"POST /api/auth/password/change", "POST /api/invites/accept", "POST /api/workspace/bootstrap",
}

// publicRoutes need no session: a creator's cookie changes nothing there.
var publicRoute = regexp.MustCompile(`^/api/(openapi.yaml$|auth/(signup|login|verify-email|password/forgot|password/reset)$|invites/preview$|lead$|founding/|plans$|shared/|webhook|cron/)`)

// TestCreatorPortal: an owner invites a creator, who signs in and sees its
// own accounts and its lines of a campaign, with the amounts of the
// managers' ledger, and nothing of another creator, of the campaign's rules
// or budget (until the campaign shows them), nor of the workspace's team,
// plan or e-mails. Every other route of the router answers its login 403 or
// 404; the portal answers the team 403. Ending the login ends its session.
func TestCreatorPortal(t *testing.T) {
	t.Parallel()
	monday := time.Date(2026, 10, 5, 0, 0, 0, 0, time.UTC)
	clock := &shiftedClock{}
	clock.set(time.Until(monday.Add(3*24*time.Hour + 12*time.Hour)))
	a := newApp(t, func(d *wiring.Deps) { d.Now = clock.Now })
	owner := a.signUp(uniqueEmail("portal-owner"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000, seat_limit = 2 WHERE id = $1`, ws)
	coll := env.Collection(t, ws, "Portal clipping")

	creator := func(name string) uuid.UUID {
		var c querycollections.Creator
		a.request("POST", "/api/creators", map[string]any{"name": name}, owner).expect(t, 201).decode(t, &c)
		return c.ID
	}
	ana, bo := creator("Ana"), creator("Bo")
	account := func(handle string, who uuid.UUID) uuid.UUID {
		id := env.Account(t, ws, testenv.AccountOptions{Platform: platform.TikTok, Handle: handle, Status: domain.ItemActive, CollectionID: &coll, LastScrapedAt: time.Now()})
		exec(t, `UPDATE accounts SET creator_id = $2 WHERE id = $1`, id, who)
		return id
	}
	anaTT, boTT := account("ana_portal", ana), account("bo_portal", bo)
	a.request("POST", "/api/campaigns", map[string]any{
		"collectionId": coll, "currency": "USD", "startsAt": monday, "budget": 9000, "period": "weekly",
		"rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 10}}, "creatorCap": 4000},
	}, owner).expect(t, 201)
	video := func(key string, acc uuid.UUID, handle string, published time.Time, views uint64) uuid.UUID {
		id := env.Video(t, ws, testenv.VideoOptions{Platform: platform.TikTok, PlatformID: key, AccountID: acc, AccountHandle: handle,
			Caption: "clip " + key, Status: domain.ItemActive, PublishedAt: published, CreatedAt: published, LastScrapedAt: time.Now()})
		w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
		err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id, AccountID: acc,
			ScrapedAt: monday.Add(3 * 24 * time.Hour), Metrics: ingest.Metrics{Views: u64(views), Likes: u64(views / 20)}, JobID: uuid.New()})
		if err == nil {
			err = w.Flush(context.Background())
		}
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	anaVideos := []uuid.UUID{video("pa1", anaTT, "ana_portal", monday.Add(24*time.Hour), 120_000), video("pa2", anaTT, "ana_portal", monday.Add(48*time.Hour), 80_000)}
	video("pb1", boTT, "bo_portal", monday.Add(30*time.Hour), 300_000)

	// the invite: no seat taken, the creator's login shown on the list
	anaEmail := uniqueEmail("portal-ana")
	var invited querycollections.Creator
	a.request("POST", "/api/creators/"+ana.String()+"/invite", map[string]any{"email": anaEmail}, owner).expect(t, 200).decode(t, &invited)
	if invited.Login.State != querycollections.LoginInvited || invited.Login.Email == nil || *invited.Login.Email != anaEmail {
		t.Fatalf("invited: %+v", invited.Login)
	}
	a.request("POST", "/api/creators/"+ana.String()+"/invite", map[string]any{}, owner).expectError(t, 400, "invalid_request")
	teammate := uniqueEmail("portal-teammate")
	a.request("POST", "/api/workspace/team", map[string]string{"email": teammate, "role": "member"}, owner).expect(t, 200)
	anaCookie := a.signUp(anaEmail)
	a.verify(anaEmail)
	var accepted struct{ Role string }
	a.request("POST", "/api/invites/accept", map[string]string{"token": a.link(anaEmail, "/invite")}, anaCookie).expect(t, 200).decode(t, &accepted)
	if accepted.Role != "creator" {
		t.Fatalf("accepted as %q", accepted.Role)
	}
	a.request("POST", "/api/creators/"+ana.String()+"/invite", map[string]any{"email": uniqueEmail("portal-other")}, owner).expectError(t, 409, "conflict")

	// the portal: Ana's accounts and lines only, amounts as the ledger's
	var portal querycampaigns.Portal
	a.request("GET", "/api/creator", nil, anaCookie).expect(t, 200).decode(t, &portal)
	if portal.Creator.ID != ana || portal.Creator.Name != "Ana" || len(portal.Accounts) != 1 || portal.Accounts[0].ID != anaTT || len(portal.Campaigns) != 1 {
		t.Fatalf("portal %+v", portal)
	}
	camp := portal.Campaigns[0]
	var ledger querycampaigns.LinesPage
	a.request("GET", "/api/campaigns/"+coll.String()+"/lines?payee="+ana.String(), nil, owner).expect(t, 200).decode(t, &ledger)
	var want int64
	for _, l := range ledger.Lines {
		want += l.Amount
	}
	if camp.ID != coll || camp.Posts != 2 || camp.Views != 200_000 || camp.Amounts.Projected != want || want == 0 || camp.Rules != nil || camp.Budget != nil {
		t.Errorf("Ana's campaign %+v, want 2 posts of 200,000 views, %d projected, no rules nor budget", camp, want)
	}
	var posts querycampaigns.PortalPosts
	res := a.request("GET", "/api/creator/campaigns/"+coll.String()+"/posts", nil, anaCookie).expect(t, 200)
	res.decode(t, &posts)
	var got []uuid.UUID
	for _, p := range posts.Posts {
		got = append(got, p.VideoID)
	}
	slices.SortFunc(got, func(x, y uuid.UUID) int { return strings.Compare(x.String(), y.String()) })
	slices.SortFunc(anaVideos, func(x, y uuid.UUID) int { return strings.Compare(x.String(), y.String()) })
	if posts.Total != 2 || !slices.Equal(got, anaVideos) {
		t.Errorf("Ana's posts %+v, want %v", posts, anaVideos)
	}
	for _, leak := range []string{"bo_portal", "Bo", "price", "bound", "payee", "decidedBy", "creatorCap", "tiers"} {
		if strings.Contains(string(res.Body), leak) {
			t.Errorf("Ana's posts show %q: %s", leak, res.Body)
		}
	}
	// a campaign of no line of hers, and another workspace's, are not found
	a.request("GET", "/api/creator/campaigns/"+uuid.NewString()+"/posts", nil, anaCookie).expectError(t, 404, "not_found")

	// the campaign shows its rules: the portal shows them
	a.request("PATCH", "/api/campaigns/"+coll.String(), map[string]any{"showRulesToCreators": true}, owner).expect(t, 200)
	a.request("GET", "/api/creator", nil, anaCookie).expect(t, 200).decode(t, &portal)
	if c := portal.Campaigns[0]; c.Rules == nil || c.Rules.CreatorCap != 4000 || c.Budget == nil || *c.Budget != 9000 {
		t.Errorf("shown rules %+v, budget %v", c.Rules, c.Budget)
	}

	// the workspace as a creator sees it: no plan usage, no seats
	var boot struct{ Workspace queryteam.Workspace }
	a.request("POST", "/api/workspace/bootstrap", map[string]any{}, anaCookie).expect(t, 200).decode(t, &boot)
	if boot.Workspace.ID != ws || boot.Workspace.Role != domain.RoleCreator || boot.Workspace.VideoLimit != 0 || boot.Workspace.Usage.Seats != 0 {
		t.Errorf("the creator's workspace %+v", boot.Workspace)
	}
	var ownerBoot struct{ Workspace queryteam.Workspace }
	a.request("POST", "/api/workspace/bootstrap", map[string]any{}, owner).expect(t, 200).decode(t, &ownerBoot)
	if ownerBoot.Workspace.Usage.Seats != 2 {
		t.Errorf("seats used %d, want the owner and the teammate's invite: a creator takes none", ownerBoot.Workspace.Usage.Seats)
	}
	var team queryteam.Team
	a.request("GET", "/api/workspace/team", nil, owner).expect(t, 200).decode(t, &team)
	for _, m := range team.Members {
		if m.Email == anaEmail {
			t.Errorf("the team lists the creator's login: %+v", team.Members)
		}
	}

	// every other route answers the creator's login 403 or 404
	own := map[string]bool{"GET /api/creator": true, "GET /api/creator/campaigns/:id/posts": true,
		"GET /api/creator/campaigns/:id/submissions": true, "POST /api/creator/campaigns/:id/submissions": true,
		"PUT /api/creator/payout-method": true, "GET /api/creator/statement": true}
	for _, r := range creatorOwnRoutes {
		own[r] = true
	}
	walked := 0
	for _, r := range a.app.GetRoutes(true) {
		key := r.Method + " " + r.Path
		if !strings.HasPrefix(r.Path, "/api/") || r.Method == http.MethodHead || r.Method == http.MethodOptions || own[key] || publicRoute.MatchString(r.Path) {
			continue
		}
		path := r.Path
		for _, p := range r.Params {
			path = strings.Replace(path, ":"+p, coll.String(), 1)
		}
		walked++
		if res := a.request(r.Method, path, nil, anaCookie); res.Status != 403 && res.Status != 404 {
			t.Errorf("%s as a creator: %d %s", key, res.Status, res.Body)
		}
	}
	if walked < 60 {
		t.Errorf("walked %d routes", walked)
	}
	// the portal is the creator's: the owner's login and another creator's
	// workspace are refused
	a.request("GET", "/api/creator", nil, owner).expectError(t, 403, "forbidden")
	if n := count(t, `SELECT count(*) FROM workspace_members WHERE workspace_id = $1 AND creator_id = $2 AND role = 'creator'`, ws, ana); n != 1 {
		t.Fatalf("%d logins of Ana", n)
	}

	// the owner ends the login: the creator's session ends at once
	a.request("DELETE", "/api/creators/"+ana.String()+"/login", nil, owner).expect(t, 204)
	if r := a.request("GET", "/api/creator", nil, anaCookie); r.Status != 401 && r.Status != 404 {
		t.Errorf("after its login ended, the portal answered %d", r.Status)
	}
	a.request("DELETE", "/api/creators/"+ana.String()+"/login", nil, owner).expectError(t, 404, "not_found")
	var after querycollections.Creator
	for _, c := range func() []querycollections.Creator {
		var l querycollections.CreatorList
		a.request("GET", "/api/creators", nil, owner).expect(t, 200).decode(t, &l)
		return l.Creators
	}() {
		if c.ID == ana {
			after = c
		}
	}
	if after.Login.State != querycollections.LoginNone {
		t.Errorf("after the login ended: %+v", after.Login)
	}
}
