package api_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/domain"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
	querycollections "github.com/reeltrack/reeltrack/query/collections"
)

// simPost is a post of the simulator's world, as a workspace tracking its
// account scraped it.
type simPost struct{ url, caption string }

// simPosts tracks the account behind url in a workspace of its own and
// returns its own posts, newest first: what a creator would copy from the
// platform to submit.
func simPosts(t *testing.T, a *testApp, url string) []simPost {
	t.Helper()
	owner := a.signUp(uniqueEmail("sub-world"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws)
	var tracked trackOut
	a.request("POST", "/api/track", map[string]any{"url": url, "tracking_limit": 12}, owner).expect(t, 200).decode(t, &tracked)
	if got := waitJob(t, tracked.JobID); got != "processed" {
		t.Fatalf("scraping %s: %s", url, got)
	}
	rows, err := env.PG.Query(context.Background(), `
		SELECT url, caption FROM videos WHERE workspace_id = $1 AND post_kind = 'own' AND published_at IS NOT NULL
		ORDER BY published_at DESC`, ws)
	if err != nil {
		t.Fatal(err)
	}
	var out []simPost
	for rows.Next() {
		var p simPost
		if err := rows.Scan(&p.url, &p.caption); err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

var hashtagIn = regexp.MustCompile(`#([\p{L}\p{N}_]+)`)

func hashtagsOf(caption string) []string {
	var out []string
	for _, m := range hashtagIn.FindAllStringSubmatch(caption, -1) {
		out = append(out, strings.ToLower(m[1]))
	}
	return out
}

type submitResult struct {
	Results []struct {
		URL          string                             `json:"url"`
		SubmissionID *uuid.UUID                         `json:"submissionId"`
		Status       *domain.Submission                 `json:"status"`
		Failures     []querycampaigns.SubmissionFailure `json:"failures"`
		Error        *struct{ Code, Message string }    `json:"error"`
	} `json:"results"`
}

func checksOf(s querycampaigns.Submission) []domain.SubmissionCheck {
	var out []domain.SubmissionCheck
	for _, f := range s.Failures {
		out = append(out, f.Check)
	}
	return out
}

// TestCreatorSubmitsPostsToACampaign: a creator submits posts to a campaign
// that takes them. A post on a platform the campaign does not pay, and the
// same post twice, are rejected at once, naming the check; an account's
// link is not taken. The others are tracked and checked by their scrape:
// the creator's own post waits for a manager, with "not verified" named
// until its account is, and a missing hashtag named; another author's
// post is named "not your account". Managers see the inbox, accept two in
// one request (their lines enter the ledger, paid to the creator) and
// reject one with a reason (its tracking ends); the creator sees every
// status and why, and is e-mailed the decisions. A campaign set to
// auto-accept accepts a post that passes every check at once. A member
// cannot review, the creator cannot read the inbox, and nothing of the
// campaign is submitted to once it is closed.
func TestCreatorSubmitsPostsToACampaign(t *testing.T) {
	a, _ := newScrapingAppWith(t, func(d *wiring.Deps) {})
	posts := simPosts(t, a, "https://www.tiktok.com/@sub.ana")
	others := simPosts(t, a, "https://www.tiktok.com/@sub.other")
	if len(others) == 0 {
		t.Fatal("the other account has no posts")
	}
	// a hashtag two of the creator's posts carry and a third lacks
	var tag string
	var with []simPost
	var without *simPost
	for _, p := range posts {
		for _, h := range hashtagsOf(p.caption) {
			var w []simPost
			var wo *simPost
			for _, q := range posts {
				if slices.Contains(hashtagsOf(q.caption), h) {
					w = append(w, q)
				} else if wo == nil {
					wo = &q
				}
			}
			if len(w) >= 2 && wo != nil && tag == "" {
				tag, with, without = h, w, wo
			}
		}
	}
	if tag == "" {
		t.Fatalf("no hashtag in two posts and not a third: %+v", posts)
	}

	owner := a.signUp(uniqueEmail("sub-owner"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws)
	var tracked trackOut
	a.request("POST", "/api/track", map[string]any{"url": "https://www.tiktok.com/@sub.ana", "tracking_limit": 1}, owner).expect(t, 200).decode(t, &tracked)
	if got := waitJob(t, tracked.JobID); got != "processed" {
		t.Fatalf("the account's scrape: %s", got)
	}
	var account uuid.UUID
	if err := env.PG.QueryRow(t.Context(), `SELECT id FROM accounts WHERE workspace_id = $1 AND handle = 'sub.ana'`, ws).Scan(&account); err != nil {
		t.Fatal(err)
	}
	var ana querycollections.Creator
	a.request("POST", "/api/creators", map[string]any{"name": "Ana", "accountIds": []uuid.UUID{account}}, owner).expect(t, 201).decode(t, &ana)
	anaEmail := uniqueEmail("sub-ana")
	a.request("POST", "/api/creators/"+ana.ID.String()+"/invite", map[string]any{"email": anaEmail}, owner).expect(t, 200)
	anaCookie := a.signUp(anaEmail)
	a.verify(anaEmail)
	a.request("POST", "/api/invites/accept", map[string]string{"token": a.link(anaEmail, "/invite")}, anaCookie).expect(t, 200)
	member := a.member(owner, uniqueEmail("sub-member"), "member")

	coll := env.Collection(t, ws, "Spring launch")
	var created querycampaigns.Campaign
	a.request("POST", "/api/campaigns", map[string]any{
		"collectionId": coll, "currency": "USD", "startsAt": "2020-01-06T00:00:00Z", "period": "weekly", "platforms": []string{"tiktok"},
		"submissions": "review", "requiredHashtags": []string{"#" + strings.ToUpper(tag)}, "requiredMentions": []string{},
		"rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 100}}},
	}, owner).expect(t, 201).decode(t, &created)
	if created.Submissions != domain.SubmissionsReview || !slices.Equal(created.RequiredHashtags, []string{tag}) {
		t.Fatalf("the campaign's submission settings: %+v", created.SubmissionSettings)
	}
	campaign := "/api/campaigns/" + coll.String()
	submitPath := "/api/creator/campaigns/" + coll.String() + "/submissions"

	// the portal lists the campaign, which takes submissions, and what it asks
	var portal querycampaigns.Portal
	a.request("GET", "/api/creator", nil, anaCookie).expect(t, 200).decode(t, &portal)
	if len(portal.Campaigns) != 1 || portal.Campaigns[0].Submissions != domain.SubmissionsReview || !slices.Equal(portal.Campaigns[0].RequiredHashtags, []string{tag}) {
		t.Fatalf("the portal's campaigns: %+v", portal.Campaigns)
	}

	// bad input: nothing written
	a.request("POST", submitPath, map[string]any{"urls": []string{}}, anaCookie).expect(t, 400)
	a.request("POST", "/api/creator/campaigns/"+uuid.NewString()+"/submissions", map[string]any{"urls": []string{with[0].url}}, anaCookie).expect(t, 404)
	a.request("POST", submitPath, map[string]any{"urls": []string{with[0].url}}, owner).expect(t, 403)
	if n := count(t, `SELECT count(*) FROM submissions WHERE workspace_id = $1`, ws); n != 0 {
		t.Fatalf("refused requests wrote %d submissions", n)
	}

	var res submitResult
	a.request("POST", submitPath, map[string]any{"urls": []string{
		with[0].url, without.url, others[0].url, "https://www.instagram.com/reel/Cx1AbCdEfGh/", with[0].url, "https://www.tiktok.com/@sub.ana",
	}}, anaCookie).expect(t, 200).decode(t, &res)
	if len(res.Results) != 6 {
		t.Fatalf("results %+v", res.Results)
	}
	// a post the workspace tracks and scraped already (the account's newest)
	// is checked at once; the others wait for their scrape
	for i, want := range []domain.Submission{domain.SubmissionChecking, domain.SubmissionChecking, domain.SubmissionChecking, domain.SubmissionRejected, domain.SubmissionRejected} {
		r := res.Results[i]
		if r.Status == nil || r.Error != nil || (*r.Status != want && !(want == domain.SubmissionChecking && *r.Status == domain.SubmissionPending)) {
			t.Fatalf("result %d (%s): %+v, want %s", i, r.URL, r, want)
		}
	}
	if f := res.Results[3].Failures; len(f) != 1 || f[0].Check != domain.CheckPlatform || !strings.Contains(f[0].Detail, "Instagram") {
		t.Fatalf("the Instagram post's failures %+v", f)
	}
	if f := res.Results[4].Failures; len(f) != 1 || f[0].Check != domain.CheckDuplicate {
		t.Fatalf("the repeated post's failures %+v", f)
	}
	if r := res.Results[5]; r.Error == nil || r.Error.Code != "invalid_request" || r.SubmissionID != nil {
		t.Fatalf("the account's link: %+v", r)
	}

	mine := func(status string) querycampaigns.Submissions {
		t.Helper()
		var out querycampaigns.Submissions
		a.request("GET", submitPath+"?status="+status, nil, anaCookie).expect(t, 200).decode(t, &out)
		return out
	}
	waitFor(t, "the submitted posts' checks", func() bool { return mine("").Counts.Checking == 0 })
	byURL := map[string]querycampaigns.Submission{}
	for _, s := range mine("pending").Submissions {
		byURL[s.URL] = s
		if s.Creator != nil || s.DecidedBy != nil {
			t.Fatalf("the portal shows the team's fields: %+v", s)
		}
	}
	if got := checksOf(byURL[with[0].url]); !slices.Equal(got, []domain.SubmissionCheck{domain.CheckUnverified}) {
		t.Fatalf("the creator's post, its account not verified: %v", got)
	}
	if got := checksOf(byURL[without.url]); !slices.Equal(got, []domain.SubmissionCheck{domain.CheckUnverified, domain.CheckHashtag}) {
		t.Fatalf("the post without #%s: %v", tag, got)
	}
	if got := checksOf(byURL[others[0].url]); len(got) == 0 || got[0] != domain.CheckNotTheirs {
		t.Fatalf("another author's post: %+v", byURL[others[0].url])
	}
	if s := byURL[with[0].url]; s.VideoID == nil || s.AccountHandle != "sub.ana" || s.PublishedAt == nil {
		t.Fatalf("the checked post as scraped: %+v", s)
	}

	// the managers' inbox
	var inbox querycampaigns.Submissions
	a.request("GET", campaign+"/submissions?status=pending", nil, member).expect(t, 200).decode(t, &inbox)
	if inbox.Total != 3 || inbox.Counts.Pending != 3 || inbox.Counts.Rejected != 2 || inbox.Submissions[0].Creator == nil || inbox.Submissions[0].Creator.Name != "Ana" {
		t.Fatalf("the inbox: %+v", inbox)
	}
	a.request("GET", campaign+"/submissions", nil, anaCookie).expect(t, 403)
	first, second, other := byURL[with[0].url].ID, byURL[without.url].ID, byURL[others[0].url].ID
	a.request("POST", campaign+"/submissions/review", map[string]any{"action": "accept", "ids": []uuid.UUID{first}}, member).expect(t, 403)
	a.request("POST", campaign+"/submissions/review", map[string]any{"action": "accept", "ids": []uuid.UUID{first, uuid.New()}}, owner).expect(t, 404)
	a.request("POST", campaign+"/submissions/review", map[string]any{"action": "accept", "ids": []uuid.UUID{first}, "reason": "x"}, owner).expect(t, 400)

	a.request("POST", campaign+"/submissions/review", map[string]any{"action": "accept", "ids": []uuid.UUID{first, second}}, owner).expect(t, 200)
	a.request("POST", campaign+"/submissions/review", map[string]any{"action": "reject", "ids": []uuid.UUID{other}, "reason": "Not your post"}, owner).expect(t, 200)
	a.request("POST", campaign+"/submissions/review", map[string]any{"action": "accept", "ids": []uuid.UUID{first}}, owner).expect(t, 409)

	lines, _ := a.campaignLedger(t, coll, owner)
	paid := map[uuid.UUID]bool{}
	for _, l := range lines {
		paid[l.VideoID] = l.Payee.Kind == "creator" && l.Payee.ID == ana.ID
	}
	for _, s := range []querycampaigns.Submission{byURL[with[0].url], byURL[without.url]} {
		if !paid[*s.VideoID] {
			t.Fatalf("the accepted post %s is not a line paying Ana: %+v", s.URL, lines)
		}
	}
	if _, in := paid[*byURL[others[0].url].VideoID]; in || len(lines) != 2 {
		t.Fatalf("the ledger has %d lines: %+v", len(lines), lines)
	}
	var status string
	if err := env.PG.QueryRow(t.Context(), `SELECT status FROM videos WHERE id = $1`, *byURL[others[0].url].VideoID).Scan(&status); err != nil || status != "removed" {
		t.Fatalf("the rejected post's tracking: %s %v", status, err)
	}
	rejected := mine("rejected")
	var reason string
	for _, s := range rejected.Submissions {
		if s.ID == other {
			reason = s.RejectReason
		}
	}
	if reason != "Not your post" || rejected.Total != 3 {
		t.Fatalf("the creator's rejected submissions: %+v", rejected)
	}
	// the creator's portal shows the accepted posts as its lines
	var lines2 querycampaigns.PortalPosts
	a.request("GET", "/api/creator/campaigns/"+coll.String()+"/posts", nil, anaCookie).expect(t, 200).decode(t, &lines2)
	if lines2.Total != 2 {
		t.Fatalf("the portal's posts: %+v", lines2)
	}

	// the decisions are e-mailed to the creator
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200)
	_ = a.starts.Wait(context.Background())
	var accepted, refused bool
	for _, m := range a.mail.to(anaEmail) {
		accepted = accepted || strings.Contains(m.Subject, "2 posts accepted in Spring launch")
		refused = refused || (strings.Contains(m.Subject, "not accepted in Spring launch") && strings.Contains(m.Text, "Not your post"))
	}
	if !accepted || !refused {
		t.Fatalf("the creator's e-mails: %+v", a.mail.to(anaEmail))
	}

	// verified, on a campaign that auto-accepts: a post passing every check
	// is accepted by its scrape, and counted
	a.request("PUT", "/api/accounts/"+account.String()+"/verification", map[string]any{"verified": true}, owner).expect(t, 204)
	a.request("PATCH", campaign, map[string]any{"submissions": "auto"}, owner).expect(t, 200)
	res = submitResult{}
	a.request("POST", submitPath, map[string]any{"urls": []string{with[1].url}}, anaCookie).expect(t, 200).decode(t, &res)
	id := *res.Results[0].SubmissionID
	waitFor(t, "the auto-accepted post", func() bool {
		for _, s := range mine("accepted").Submissions {
			if s.ID == id {
				return true
			}
		}
		return false
	})
	lines, _ = a.campaignLedger(t, coll, owner)
	if len(lines) != 3 {
		t.Fatalf("after the auto-accepted post, %d lines", len(lines))
	}
	// the rejected post can be submitted again: it is checked anew
	res = submitResult{}
	a.request("POST", submitPath, map[string]any{"urls": []string{others[0].url}}, anaCookie).expect(t, 200).decode(t, &res)
	if s := res.Results[0].Status; s == nil || *s == domain.SubmissionRejected || res.Results[0].Error != nil {
		t.Fatalf("the post submitted again: %+v", res.Results[0])
	}

	// closed: nothing more is taken
	a.request("PATCH", campaign, map[string]any{"submissions": "closed"}, owner).expect(t, 200)
	before := count(t, `SELECT count(*) FROM submissions WHERE workspace_id = $1`, ws)
	a.request("POST", submitPath, map[string]any{"urls": []string{with[0].url}}, anaCookie).expect(t, 409)
	if after := count(t, `SELECT count(*) FROM submissions WHERE workspace_id = $1`, ws); after != before {
		t.Fatalf("a closed campaign took a submission: %d → %d", before, after)
	}
	var activity struct {
		Entries []struct{ Action string } `json:"entries"`
	}
	a.request("GET", "/api/workspace/activity", nil, owner).expect(t, 200).decode(t, &activity)
	var submitted, reviewed bool
	for _, e := range activity.Entries {
		submitted = submitted || e.Action == string(domain.ActionPostsSubmitted)
		reviewed = reviewed || e.Action == string(domain.ActionSubmissionsDone)
	}
	if !submitted || !reviewed {
		t.Fatalf("the activity log: %+v", activity.Entries)
	}
}
