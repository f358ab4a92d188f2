package api_test

import (
	"bytes"
	"context"
	"net/http"
	osexec "os/exec"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	queryreports "github.com/reeltrack/reeltrack/query/reports"
)

// pdfText is the text of a PDF as poppler's pdftotext reads it, each
// page's lines in their layout.
func pdfText(t *testing.T, pdf []byte) string {
	t.Helper()
	if !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("not a PDF: %.60q", pdf)
	}
	cmd := osexec.Command("pdftotext", "-layout", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext (make services installs poppler-utils): %v", err)
	}
	return string(out)
}

type reportOverview struct {
	Totals struct {
		Videos, Accounts int
		Views            uint64
	}
	ViewsGained struct{ Period int64 }
	Series      []struct {
		T           time.Time
		ViewsGained int64
		Views       int64
	}
}

// checkReport holds a report's text to the overview the API answers: its
// totals, and each day's views gained and views at its end on the day's line.
func checkReport(t *testing.T, text string, o reportOverview) {
	t.Helper()
	for name, want := range map[string]string{
		"videos": queryreports.Count(o.Totals.Videos), "views": queryreports.Count(o.Totals.Views),
		"views gained": queryreports.Count(o.ViewsGained.Period),
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks its %s, %s:\n%s", name, want, text)
		}
	}
	if len(o.Series) == 0 {
		t.Fatal("the overview has no series")
	}
	lines := strings.Split(text, "\n")
	for _, p := range o.Series {
		day := p.T.UTC().Format("2 Jan 2006")
		found := false
		for _, l := range lines {
			f := strings.Fields(l)
			if strings.HasPrefix(strings.TrimSpace(l), day) && len(f) == 5 &&
				f[3] == queryreports.Count(p.ViewsGained) && f[4] == queryreports.Count(p.Views) {
				found = true
				break
			}
		}
		if !found {
			t.Errorf("no line of %s with %s gained and %s views:\n%s", day, queryreports.Count(p.ViewsGained), queryreports.Count(p.Views), text)
		}
	}
}

// TestWhiteLabelReports: a report's PDF, printed by Chromium, shows the
// numbers the API answers for the same window (read back from the PDF's
// text), under the agency's brand and without reeltrack's name on the
// agency plan, with it elsewhere; reports of another workspace's
// collection are 404; schedules are made by managers, sent on demand and
// by the cron with the PDF attached, and deleted.
func TestWhiteLabelReports(t *testing.T) {
	a, _ := newScrapingAppWith(t, func(d *wiring.Deps) { d.Config.CronSecret = cronSecret })
	owner := a.signUp(uniqueEmail("reports"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000, seat_limit = 15 WHERE id = $1`, ws)
	member := a.member(owner, uniqueEmail("reports-member"), "member")
	var coll struct{ ID uuid.UUID }
	a.request("POST", "/api/collections", map[string]any{"name": "Spring launch"}, owner).expect(t, 200).decode(t, &coll)
	for _, tr := range []map[string]any{
		{"url": "https://www.tiktok.com/@reportbrand", "tracking_limit": 6},
		{"url": "https://www.tiktok.com/@springcreator", "tracking_limit": 4, "collection_id": coll.ID.String()},
	} {
		var out trackOut
		a.request("POST", "/api/track", tr, owner).expect(t, 200).decode(t, &out)
		if got := waitJob(t, out.JobID); got != "processed" {
			t.Fatalf("scraping %v: %s", tr["url"], got)
		}
	}
	a.request("POST", "/api/organisation", map[string]any{"name": "Glow Agency"}, owner).expect(t, 201)
	a.request("PATCH", "/api/organisation", map[string]any{"brandName": "Glow Studio", "brandColor": "#0f766e", "logo": tinyPNG}, owner).expect(t, 200)

	download := func(c *http.Cookie, query string, status int) []byte {
		t.Helper()
		res := a.request("GET", "/api/reports/pdf?"+query, nil, c).expect(t, status)
		if status == 200 && !strings.HasPrefix(res.Header.Get("Content-Disposition"), "attachment; filename=") {
			t.Fatalf("the PDF's disposition %q", res.Header.Get("Content-Disposition"))
		}
		return res.Body
	}

	// the overview's report, white-labelled
	var o reportOverview
	a.request("GET", "/api/overview?datePreset=30d", nil, owner).expect(t, 200).decode(t, &o)
	text := pdfText(t, download(member, "subject=overview&datePreset=30d", 200))
	checkReport(t, text, o)
	if !strings.Contains(text, "Glow Studio") || strings.Contains(strings.ToLower(text), "reeltrack") {
		t.Fatalf("the agency's report is not white-labelled:\n%s", text)
	}

	// a collection's, its numbers those of the collection
	var c reportOverview
	a.request("GET", "/api/overview?datePreset=7d&collectionId="+coll.ID.String(), nil, owner).expect(t, 200).decode(t, &c)
	text = pdfText(t, download(owner, "subject=collection&datePreset=7d&id="+coll.ID.String(), 200))
	checkReport(t, text, c)
	if !strings.Contains(text, "Spring launch") || c.Totals.Videos >= o.Totals.Videos {
		t.Fatalf("the collection's report (%d of %d videos):\n%s", c.Totals.Videos, o.Totals.Videos, text)
	}
	download(owner, "subject=collection&datePreset=7d", 400)
	download(owner, "subject=overview&datePreset=all", 400)
	download(owner, "subject=campaign&id="+coll.ID.String(), 404)

	// a client viewer of the collection downloads its report, and no other
	clientAddr := uniqueEmail("report-client")
	a.request("POST", "/api/workspace/team", map[string]any{"email": clientAddr, "role": "client", "clientCollections": []uuid.UUID{coll.ID}}, owner).expect(t, 200)
	client := a.signUp(clientAddr)
	a.verify(clientAddr)
	a.request("POST", "/api/invites/accept", map[string]string{"token": a.link(clientAddr, "/invite")}, client).expect(t, 200)
	if theirs := pdfText(t, download(client, "subject=collection&datePreset=7d&id="+coll.ID.String(), 200)); !strings.Contains(theirs, "Spring launch") {
		t.Fatalf("the client viewer's report of its collection:\n%s", theirs)
	}
	download(client, "subject=overview&datePreset=7d", 403)
	download(client, "subject=collection&datePreset=7d&id="+uuid.NewString(), 404)
	download(client, "subject=campaign&datePreset=7d&id="+coll.ID.String(), 403)

	// its share pages take the same brand; another workspace's none
	var link struct{ Token string }
	a.request("POST", "/api/share-links", map[string]any{"name": "For Acme", "collectionId": coll.ID}, owner).expect(t, 201).decode(t, &link)
	var info struct {
		Branding *struct {
			Name, Color, Logo string
			WhiteLabel        bool
		}
	}
	a.request("GET", "/api/shared/"+link.Token, nil).expect(t, 200).decode(t, &info)
	if info.Branding == nil || info.Branding.Name != "Glow Studio" || info.Branding.Color != "#0f766e" || info.Branding.Logo != tinyPNG || !info.Branding.WhiteLabel {
		t.Fatalf("the share page's branding %+v", info.Branding)
	}

	// another workspace: reeltrack's name, and nothing of this one
	outsider := a.signUp(uniqueEmail("reports-other"))
	a.bootstrap(outsider)
	download(outsider, "subject=collection&id="+coll.ID.String(), 404)
	if text := strings.Join(strings.Fields(pdfText(t, download(outsider, "subject=overview", 200))), " "); !strings.Contains(text, "Prepared with reeltrack") || strings.Contains(text, "Glow") {
		t.Fatalf("a workspace outside an agency's report:\n%s", text)
	}
	a.request("POST", "/api/share-links", map[string]any{"name": "Theirs"}, outsider).expect(t, 201).decode(t, &link)
	a.request("GET", "/api/shared/"+link.Token, nil).expect(t, 200).decode(t, &info)
	if info.Branding != nil {
		t.Fatalf("a share page outside an agency is branded %+v", info.Branding)
	}

	// schedules
	recipient := uniqueEmail("client-inbox")
	schedule := map[string]any{"name": "Weekly for Acme", "subject": "collection", "subjectId": coll.ID, "frequency": "weekly",
		"recipients": []string{recipient, strings.ToUpper(recipient)}}
	a.request("POST", "/api/reports", schedule, member).expect(t, 403)
	a.request("POST", "/api/reports", map[string]any{"name": "x", "subject": "overview", "frequency": "daily", "recipients": []string{"nobody"}}, owner).expect(t, 400)
	a.request("POST", "/api/reports", map[string]any{"name": "x", "subject": "overview", "frequency": "weekly", "recipients": []string{recipient}}, outsider).expect(t, 201)
	var list struct{ Reports []queryreports.Schedule }
	a.request("POST", "/api/reports", schedule, owner).expect(t, 201).decode(t, &list)
	if len(list.Reports) != 1 {
		t.Fatalf("the workspace's reports %+v", list.Reports)
	}
	r := list.Reports[0]
	if len(r.Recipients) != 1 || r.SubjectName == nil || *r.SubjectName != "Spring launch" ||
		r.NextRunAt.Weekday() != time.Monday || r.NextRunAt.Hour() != 8 || !r.NextRunAt.After(time.Now()) || r.LastSentAt != nil {
		t.Fatalf("the schedule %+v", r)
	}
	a.request("GET", "/api/reports", nil, member).expect(t, 200)
	a.request("POST", "/api/reports/"+r.ID.String()+"/send", nil, outsider).expect(t, 404)
	var sent struct{ Queued int }
	a.request("POST", "/api/reports/"+r.ID.String()+"/send", nil, owner).expect(t, 200).decode(t, &sent)
	if sent.Queued != 1 {
		t.Fatalf("queued %d", sent.Queued)
	}
	_ = a.starts.Wait(context.Background())
	mails := a.mail.to(recipient)
	if len(mails) != 1 || mails[0].AttachmentName == nil || !strings.HasSuffix(*mails[0].AttachmentName, ".pdf") {
		t.Fatalf("the report's e-mails %+v", mails)
	}
	checkReport(t, pdfText(t, mails[0].Attachment), c)

	// the cron sends it when due and moves it to the next Monday
	exec(t, `UPDATE report_schedules SET next_run_at = now() - interval '1 minute' WHERE id = $1`, r.ID)
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200)
	if n := count(t, `SELECT count(*) FROM report_schedules WHERE id = $1 AND last_sent_at IS NOT NULL AND next_run_at > now()`, r.ID); n != 1 {
		t.Fatal("the cron did not send the due report")
	}
	if n := count(t, `SELECT count(*) FROM mail_outbox WHERE workspace_id = $1 AND recipient = $2 AND kind = 'report'`, ws, recipient); n != 2 {
		t.Fatalf("%d report e-mails queued, want the one sent by hand and the scheduled one", n)
	}
	if n := count(t, `SELECT count(*) FROM mail_outbox WHERE workspace_id = $1 AND kind = 'report' AND status = 'sent' AND attachment IS NOT NULL`, ws); n != 0 {
		t.Fatalf("%d sent report e-mails keep their PDF", n)
	}

	a.request("DELETE", "/api/reports/"+r.ID.String(), nil, outsider).expect(t, 404)
	a.request("DELETE", "/api/reports/"+r.ID.String(), nil, member).expect(t, 403)
	a.request("DELETE", "/api/reports/"+r.ID.String(), nil, owner).expect(t, 204)
	a.request("DELETE", "/api/reports/"+r.ID.String(), nil, owner).expect(t, 404)
	var act struct{ Entries []struct{ Action string } }
	a.request("GET", "/api/workspace/activity", nil, owner).expect(t, 200).decode(t, &act)
	seen := map[string]int{}
	for _, e := range act.Entries {
		seen[e.Action]++
	}
	if seen["report_saved"] != 1 || seen["report_sent"] != 2 || seen["report_deleted"] != 1 {
		t.Fatalf("the activity %v", seen)
	}
}
