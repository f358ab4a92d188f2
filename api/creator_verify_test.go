package api_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/query"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
	querycollections "github.com/reeltrack/reeltrack/query/collections"
)

// setSimBio sets an account's bio on the scraping simulator, as its owner
// edits it on the platform.
func setSimBio(t *testing.T, sim, platform, handle, bio string) {
	t.Helper()
	body := `{"platform":"` + platform + `","handle":"` + handle + `","bio":"` + bio + `"}`
	req, err := http.NewRequest("POST", sim+"/sim/bio", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer sim-token")
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("setting the bio: %v", err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("setting the bio: %s", res.Status)
	}
}

// TestCreatorVerifiesAccountByBio: a creator asks for its account's code in
// the portal; the next scrape of the profile, whose bio lacks it, says so
// (pending, checked); once the creator puts the code in its bio (in another
// case, among other words), the next scrape verifies the account. The
// team sees the state, never the code; an owner undoes the verification
// and verifies by hand, both logged; moving the account to another creator
// undoes it. Another creator's account is not found.
func TestCreatorVerifiesAccountByBio(t *testing.T) {
	clock := &shiftedClock{}
	a, sim := newScrapingAppWith(t, func(d *wiring.Deps) { d.Now = clock.Now })
	owner := a.signUp(uniqueEmail("verify-owner"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws)
	var tracked trackOut
	a.request("POST", "/api/track", map[string]any{"url": "https://www.tiktok.com/@verify.bio.owner", "tracking_limit": 2}, owner).expect(t, 200).decode(t, &tracked)
	if got := waitJob(t, tracked.JobID); got != "processed" {
		t.Fatalf("the first scrape: %s", got)
	}
	var account string
	if err := env.PG.QueryRow(t.Context(), `SELECT id::text FROM accounts WHERE workspace_id = $1 AND handle = 'verify.bio.owner'`, ws).Scan(&account); err != nil {
		t.Fatal(err)
	}
	var ana, bo querycollections.Creator
	a.request("POST", "/api/creators", map[string]any{"name": "Ana", "accountIds": []string{account}}, owner).expect(t, 201).decode(t, &ana)
	a.request("POST", "/api/creators", map[string]any{"name": "Bo"}, owner).expect(t, 201).decode(t, &bo)
	anaEmail := uniqueEmail("verify-ana")
	a.request("POST", "/api/creators/"+ana.ID.String()+"/invite", map[string]any{"email": anaEmail}, owner).expect(t, 200)
	anaCookie := a.signUp(anaEmail)
	a.verify(anaEmail)
	a.request("POST", "/api/invites/accept", map[string]string{"token": a.link(anaEmail, "/invite")}, anaCookie).expect(t, 200)

	portalAccount := func() querycampaigns.PortalAccount {
		t.Helper()
		var p querycampaigns.Portal
		a.request("GET", "/api/creator", nil, anaCookie).expect(t, 200).decode(t, &p)
		if len(p.Accounts) != 1 {
			t.Fatalf("the portal's accounts %+v", p.Accounts)
		}
		return p.Accounts[0]
	}
	teamView := func() query.Verification {
		t.Helper()
		var l querycollections.CreatorList
		a.request("GET", "/api/creators", nil, owner).expect(t, 200).decode(t, &l)
		for _, c := range l.Creators {
			for _, acc := range c.Accounts {
				if acc.ID.String() == account {
					return acc.Verification
				}
			}
		}
		return query.Verification{}
	}
	if v := portalAccount().Verification; v.State != query.VerificationNone || v.Code != nil {
		t.Fatalf("before asking: %+v", v)
	}
	var asked querycampaigns.PortalAccount
	a.request("POST", "/api/creator/accounts/"+account+"/verification", nil, anaCookie).expect(t, 200).decode(t, &asked)
	v := asked.Verification
	if v.State != query.VerificationPending || v.Code == nil || !strings.HasPrefix(*v.Code, "rt-") || v.RequestedAt == nil || v.CheckedAt != nil {
		t.Fatalf("asked: %+v", v)
	}
	code := *v.Code
	var again querycampaigns.PortalAccount
	a.request("POST", "/api/creator/accounts/"+account+"/verification", nil, anaCookie).expect(t, 200).decode(t, &again)
	if again.Verification.Code == nil || *again.Verification.Code != code {
		t.Errorf("asking again gave %+v, want the same code %s", again.Verification, code)
	}
	if tv := teamView(); tv.State != query.VerificationPending || tv.Code != nil {
		t.Errorf("the team sees %+v: pending, without the code", tv)
	}
	// another creator's account, or one of another workspace, is not found
	var boAccount string
	if err := env.PG.QueryRow(t.Context(), `SELECT id::text FROM accounts WHERE workspace_id <> $1 LIMIT 1`, ws).Scan(&boAccount); err == nil {
		a.request("POST", "/api/creator/accounts/"+boAccount+"/verification", nil, anaCookie).expectError(t, 404, "not_found")
	}

	// the next scrape of the profile shows a bio without the code
	scrapeAgain := func(ahead time.Duration) {
		t.Helper()
		clock.set(ahead)
		moveSimClock(t, sim, time.Hour)
		for _, j := range cronRefresh(t, a) {
			waitJob(t, j)
		}
	}
	scrapeAgain(3 * 24 * time.Hour)
	v = portalAccount().Verification
	if v.State != query.VerificationPending || v.CheckedAt == nil {
		t.Fatalf("after a scrape without the code: %+v, want pending and checked", v)
	}
	// the creator puts it in its bio, in capitals among other words
	setSimBio(t, sim, "tiktok", "verify.bio.owner", "daily clips ✨ "+strings.ToUpper(code)+" business: hi@example.com")
	scrapeAgain(6 * 24 * time.Hour)
	v = portalAccount().Verification
	if v.State != query.VerificationVerified || v.Method == nil || *v.Method != "bio" || v.VerifiedAt == nil || v.Code != nil {
		t.Fatalf("after a scrape with the code: %+v, want verified by bio", v)
	}
	a.request("POST", "/api/creator/accounts/"+account+"/verification", nil, anaCookie).expectError(t, 409, "conflict")
	if tv := teamView(); tv.State != query.VerificationVerified {
		t.Errorf("the team sees %+v", tv)
	}

	// by hand: undone, then verified, by an owner only
	a.request("PUT", "/api/accounts/"+account+"/verification", map[string]any{"verified": false}, owner).expect(t, 204)
	if tv := teamView(); tv.State != query.VerificationNone {
		t.Errorf("undone: %+v", tv)
	}
	a.request("PUT", "/api/accounts/"+account+"/verification", map[string]any{}, owner).expectError(t, 400, "invalid_request")
	a.request("PUT", "/api/accounts/"+account+"/verification", map[string]any{"verified": true}, anaCookie).expectError(t, 403, "forbidden")
	a.request("PUT", "/api/accounts/"+account+"/verification", map[string]any{"verified": true}, owner).expect(t, 204)
	if tv := teamView(); tv.State != query.VerificationVerified || tv.Method == nil || *tv.Method != "manual" {
		t.Errorf("verified by hand: %+v", tv)
	}
	if n := count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = 'account_settings_changed' AND details ? 'verification'`, ws); n != 3 {
		t.Errorf("%d verification entries in the activity log, want the request, the undoing and the hand's", n)
	}
	// the account moves to Bo: its verification was Ana's
	a.request("PATCH", "/api/creators/"+bo.ID.String(), map[string]any{"accountIds": []string{account}}, owner).expect(t, 200)
	if tv := teamView(); tv.State != query.VerificationNone {
		t.Errorf("moved to another creator: %+v", tv)
	}
}
