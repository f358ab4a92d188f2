package api_test

import (
	"context"
	"encoding/csv"
	"strconv"
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
)

// TestCreatorTaxFormAndReport: owners record a creator's tax form (a
// status, no document), logged; a campaign that requires one holds the line
// of the creator without a form (tax_form_missing) and locks the other's;
// the year's report sums what each payee was paid, with its form and, in US
// dollars, whether it reaches the threshold (the year's, or the one
// passed). Members get neither the form's writes nor the report.
//
// Not parallel: the settle run settles every campaign of the package's
// database at the app's clock.
func TestCreatorTaxFormAndReport(t *testing.T) {
	monday := time.Date(2026, 8, 3, 0, 0, 0, 0, time.UTC)
	clock := &shiftedClock{}
	clock.set(time.Until(monday.Add(24 * time.Hour)))
	a := newApp(t, func(d *wiring.Deps) { d.Now, d.Config.CronSecret = clock.Now, cronSecret })
	owner := a.signUp(uniqueEmail("tax-owner"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000, seat_limit = 5 WHERE id = $1`, ws)
	member := a.member(owner, uniqueEmail("tax-member"), "member")
	coll := env.Collection(t, ws, "Tax forms")
	account := func(handle string) uuid.UUID {
		return env.Account(t, ws, testenv.AccountOptions{Platform: platform.TikTok, Handle: handle, Status: domain.ItemActive, CollectionID: &coll, LastScrapedAt: time.Now()})
	}
	formed, unformed := account("formed_tt"), account("unformed_tt")
	var withForm, without querycollections.Creator
	a.request("POST", "/api/creators", map[string]any{"name": "With Form", "email": "with@example.com", "taxForm": "w9", "accountIds": []uuid.UUID{formed}}, owner).
		expect(t, 201).decode(t, &withForm)
	a.request("POST", "/api/creators", map[string]any{"name": "Without", "accountIds": []uuid.UUID{unformed}}, owner).expect(t, 201).decode(t, &without)
	if withForm.TaxForm != domain.TaxFormW9 || withForm.TaxFormSetAt == nil || without.TaxForm != domain.TaxFormNone || without.TaxFormSetAt != nil {
		t.Fatalf("created %+v / %+v", withForm, without)
	}
	a.request("PATCH", "/api/creators/"+without.ID.String(), map[string]any{"taxForm": "w10"}, owner).expectError(t, 400, "invalid_request")
	a.request("PATCH", "/api/creators/"+without.ID.String(), map[string]any{"taxForm": "w8ben"}, member).expectError(t, 403, "forbidden")
	a.request("POST", "/api/campaigns", map[string]any{
		"collectionId": coll, "currency": "USD", "startsAt": monday, "period": "weekly", "requiresTaxForm": true,
		"rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 100}}},
	}, owner).expect(t, 201)
	video := func(key string, acc uuid.UUID, handle string, views uint64) uuid.UUID {
		id := env.Video(t, ws, testenv.VideoOptions{Platform: platform.TikTok, PlatformID: key, AccountID: acc, AccountHandle: handle,
			Status: domain.ItemActive, PublishedAt: monday.Add(time.Hour), CreatedAt: monday.Add(time.Hour), LastScrapedAt: time.Now()})
		w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
		err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id, AccountID: acc,
			ScrapedAt: monday.Add(7 * 24 * time.Hour), Metrics: ingest.Metrics{Views: u64(views), Likes: u64(views / 20), Comments: u64(views / 200)}, JobID: uuid.New()})
		if err == nil {
			err = w.Flush(context.Background())
		}
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	paid, held := video("tx1", formed, "formed_tt", 250_000), video("tx2", unformed, "unformed_tt", 80_000)
	clock.set(time.Until(monday.Add(8*24*time.Hour + 12*time.Hour)))
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200)
	var lines querycampaigns.LinesPage
	a.request("GET", "/api/campaigns/"+coll.String()+"/lines", nil, owner).expect(t, 200).decode(t, &lines)
	for _, l := range lines.Lines {
		switch l.VideoID {
		case paid:
			if l.Status != domain.LineLocked || l.Amount != 25_000 {
				t.Errorf("the line of the creator with a form %+v, want locked, $250.00", l)
			}
		case held:
			if l.Status != domain.LineHeld || l.HoldReason != domain.HoldTaxForm || !strings.Contains(l.HoldDetail, "Without") {
				t.Errorf("the line of the creator without a form %+v, want held: tax form missing", l)
			}
		}
	}
	// the form arrives: recorded, logged; the held line is a person's to clear
	a.request("PATCH", "/api/creators/"+without.ID.String(), map[string]any{"taxForm": "w8ben"}, owner).expect(t, 200)
	if n := count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = 'creator_saved' AND details->'taxForm'->>'to' = 'w8ben'`, ws); n != 1 {
		t.Errorf("%d activity entries of the form recorded", n)
	}
	review := func(action string, ids ...uuid.UUID) {
		t.Helper()
		a.request("POST", "/api/campaigns/"+coll.String()+"/lines/review", map[string]any{"action": action, "videoIds": ids}, owner).expect(t, 200)
	}
	review("approve", paid)
	review("pay", paid)
	year := clock.Now().UTC().Year()
	report := func(query string) [][]string {
		t.Helper()
		res := a.request("GET", "/api/payouts/tax-report?year="+itoa(year)+query, nil, owner).expect(t, 200)
		rows, err := csv.NewReader(strings.NewReader(string(res.Body))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	rows := report("")
	if len(rows) != 2 || strings.Join(rows[0], ",") != "year,payee,payee_kind,payee_id,email,tax_form,currency,paid,paid_minor,lines,threshold_usd,reaches_threshold" {
		t.Fatalf("the report %v", rows)
	}
	want := []string{itoa(year), "With Form", "creator", withForm.ID.String(), "with@example.com", "w9", "USD", "250.00", "25000", "1",
		querycampaigns.ThresholdText(querycampaigns.USThreshold(year)), "no"}
	if strings.Join(rows[1], ",") != strings.Join(want, ",") {
		t.Errorf("the report's row %v, want %v", rows[1], want)
	}
	if rows := report("&threshold=20000"); len(rows) != 2 || rows[1][10] != "200.00" || rows[1][11] != "yes" {
		t.Errorf("with a threshold of $200: %v", rows)
	}
	if rows := report(""); len(rows) != 2 {
		t.Errorf("the report %v", rows)
	}
	a.request("GET", "/api/payouts/tax-report?year="+itoa(year-1), nil, owner).expect(t, 200)
	a.request("GET", "/api/payouts/tax-report?year=19", nil, owner).expectError(t, 400, "invalid_request")
	a.request("GET", "/api/payouts/tax-report", nil, member).expectError(t, 403, "forbidden")
}

func itoa(n int) string { return strconv.Itoa(n) }
