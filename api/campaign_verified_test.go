package api_test

import (
	"context"
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
)

// TestCampaignPaysVerifiedAccountsOnly: a campaign that pays verified
// accounts only locks the line of the account verified as its creator's
// and holds the other's for review (unverified_account), saying why; the
// creator of the held line sees it held on its portal. Turned off, the
// next lines lock as before.
//
// Not parallel: the settle run settles every campaign of the package's
// database at the app's clock.
func TestCampaignPaysVerifiedAccountsOnly(t *testing.T) {
	monday := time.Date(2026, 9, 7, 0, 0, 0, 0, time.UTC)
	clock := &shiftedClock{}
	clock.set(time.Until(monday.Add(24 * time.Hour)))
	a := newApp(t, func(d *wiring.Deps) { d.Now, d.Config.CronSecret = clock.Now, cronSecret })
	owner := a.signUp(uniqueEmail("verified-only"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws)
	coll := env.Collection(t, ws, "Verified only")
	creatorWith := func(name, handle string) (uuid.UUID, uuid.UUID) {
		c := uuid.New()
		exec(t, `INSERT INTO creators (id, workspace_id, name) VALUES ($1, $2, $3)`, c, ws, name)
		acc := env.Account(t, ws, testenv.AccountOptions{Platform: platform.TikTok, Handle: handle, Status: domain.ItemActive, CollectionID: &coll, LastScrapedAt: time.Now()})
		exec(t, `UPDATE accounts SET creator_id = $2 WHERE id = $1`, acc, c)
		return c, acc
	}
	_, proven := creatorWith("Proven", "proven_tt")
	doubtful, unproven := creatorWith("Doubtful", "unproven_tt")
	a.request("PUT", "/api/accounts/"+proven.String()+"/verification", map[string]any{"verified": true}, owner).expect(t, 204)
	var created querycampaigns.Campaign
	a.request("POST", "/api/campaigns", map[string]any{
		"collectionId": coll, "currency": "USD", "startsAt": monday, "period": "weekly", "verifiedAccountsOnly": true,
		"rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 100}}},
	}, owner).expect(t, 201).decode(t, &created)
	if !created.VerifiedAccountsOnly {
		t.Fatalf("created %+v", created.CampaignSummary)
	}
	video := func(key string, acc uuid.UUID, handle string) uuid.UUID {
		id := env.Video(t, ws, testenv.VideoOptions{Platform: platform.TikTok, PlatformID: key, AccountID: acc, AccountHandle: handle,
			Status: domain.ItemActive, PublishedAt: monday.Add(time.Hour), CreatedAt: monday.Add(time.Hour), LastScrapedAt: time.Now()})
		w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
		err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id, AccountID: acc,
			ScrapedAt: monday.Add(7 * 24 * time.Hour), Metrics: ingest.Metrics{Views: u64(100_000), Likes: u64(5_000), Comments: u64(500)}, JobID: uuid.New()})
		if err == nil {
			err = w.Flush(context.Background())
		}
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	// the unproven account's creator signs in: it is e-mailed about its lines
	email := uniqueEmail("verified-only-creator")
	a.request("POST", "/api/creators/"+doubtful.String()+"/invite", map[string]any{"email": email}, owner).expect(t, 200)
	cookie := a.signUp(email)
	a.verify(email)
	a.request("POST", "/api/invites/accept", map[string]string{"token": a.link(email, "/invite")}, cookie).expect(t, 200)
	paid, held := video("vo1", proven, "proven_tt"), video("vo2", unproven, "unproven_tt")
	// a week and a day on, both windows closed: the settle run locks them
	clock.set(time.Until(monday.Add(8*24*time.Hour + 12*time.Hour)))
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200)
	var lines querycampaigns.LinesPage
	a.request("GET", "/api/campaigns/"+coll.String()+"/lines", nil, owner).expect(t, 200).decode(t, &lines)
	got := map[uuid.UUID]querycampaigns.Line{}
	for _, l := range lines.Lines {
		got[l.VideoID] = l
	}
	if l := got[paid]; l.Status != domain.LineLocked || l.HoldReason != "" || l.Amount != 10000 {
		t.Errorf("the verified account's line %+v, want locked, $100.00", l)
	}
	if l := got[held]; l.Status != domain.LineHeld || l.HoldReason != domain.HoldUnverified || l.HoldDetail == "" || l.Amount != 10000 {
		t.Errorf("the unverified account's line %+v, want held for review as unverified", l)
	}
	// its creator is e-mailed that the line locked, held (queued: the app's
	// clock is months behind the outbox's, which sends what is due by it)
	creatorMails := func() []string {
		t.Helper()
		rows, err := env.PG.Query(t.Context(), `SELECT subject || ' | ' || text_body FROM mail_outbox WHERE workspace_id = $1 AND kind = 'creator' ORDER BY created_at, id`, ws)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var m string
			if err := rows.Scan(&m); err != nil {
				t.Fatal(err)
			}
			out = append(out, m)
		}
		return out
	}
	if n := count(t, `SELECT count(*) FROM mail_outbox WHERE workspace_id = $1 AND kind = 'creator' AND recipient <> $2`, ws, email); n != 0 {
		t.Errorf("%d creator e-mails to another address than the creator's login (the other creator has none)", n)
	}
	mails := creatorMails()
	if len(mails) != 1 || !strings.Contains(mails[0], "1 post locked in Verified only") || !strings.Contains(mails[0], "USD 100.00") || !strings.Contains(mails[0], "held for a check") {
		t.Errorf("the creator's e-mails %q, want one saying its post locked, held", mails)
	}
	// the portal says what the campaign asks: verified accounts
	var portal querycampaigns.Portal
	a.request("GET", "/api/creator", nil, cookie).expect(t, 200).decode(t, &portal)
	if len(portal.Campaigns) != 1 || !portal.Campaigns[0].VerifiedAccountsOnly || portal.Campaigns[0].RequiresTaxForm || portal.Creator.TaxForm != domain.TaxFormNone {
		t.Errorf("the portal %+v, want the campaign paying verified accounts only, no tax form asked, none on file", portal)
	}
	// the held line's creator sees it on its portal
	var posts querycampaigns.PortalPosts
	a.request("GET", "/api/creator/campaigns/"+coll.String()+"/posts", nil, cookie).expect(t, 200).decode(t, &posts)
	if len(posts.Posts) != 1 || posts.Posts[0].Status != domain.LineHeld || posts.Posts[0].HoldReason != domain.HoldUnverified {
		t.Errorf("the creator's posts %+v", posts)
	}
	// turned off, the next line of an unverified account locks
	a.request("PATCH", "/api/campaigns/"+coll.String(), map[string]any{"verifiedAccountsOnly": false}, owner).expect(t, 200)
	later := video("vo3", unproven, "unproven_tt")
	exec(t, `UPDATE videos SET published_at = $2, created_at = $2 WHERE id = $1`, later, monday.Add(2*time.Hour))
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200)
	a.request("GET", "/api/campaigns/"+coll.String()+"/lines", nil, owner).expect(t, 200).decode(t, &lines)
	for _, l := range lines.Lines {
		if l.VideoID == later && (l.Status != domain.LineLocked || l.HoldReason != "") {
			t.Errorf("with the setting off, the new line %+v, want locked", l)
		}
	}
	// paid: the creator is e-mailed what it was paid
	for _, action := range []string{"approve", "pay"} {
		a.request("POST", "/api/campaigns/"+coll.String()+"/lines/review", map[string]any{"action": action, "videoIds": []uuid.UUID{later}}, owner).expect(t, 200)
	}
	mails = creatorMails()
	if len(mails) != 3 || !strings.Contains(mails[2], "USD 100.00 paid for your posts in Verified only") {
		t.Errorf("the creator's e-mails %q, want the locked ones, then the payment", mails)
	}
}
