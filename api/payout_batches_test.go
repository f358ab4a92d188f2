package api_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
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

// TestPayoutBatches: creators choose how they are paid on their portal;
// the approved lines go into one batch per creator and currency, leaving
// out (and counting) those of a creator without a method and those of an
// account of no creator; making batches again takes nothing twice. The
// batch exports as PayPal's batch file with the sum of its lines, and as
// the generic CSV; Wise's file refuses a PayPal creator's batch. Marking
// it paid pays every line once: asked again, nothing changes, and the
// creator is e-mailed once. The creator's statement shows it. A cancelled
// batch lets its lines go into another. Members cannot make or pay
// batches; another workspace's batch is not found.
//
// Not parallel: the settle run settles every campaign of the package's
// database at the app's clock.
func TestPayoutBatches(t *testing.T) {
	b := newBatchesWorld(t, "batches")
	a, owner, ws, coll := b.a, b.owner, b.ws, b.coll
	ana, anaVideos := b.creator("Ana", "ana_b", 100_000, 50_000)
	bo, _ := b.creator("Bo", "bo_b", 20_000)
	b.creator("", "lone_b", 10_000)
	b.approve()

	anaEmail, anaCookie := b.login(ana, "batch-ana")
	a.request("PUT", "/api/creator/payout-method", map[string]any{"method": "paypal", "email": "not an address"}, anaCookie).expect(t, 400)
	a.request("PUT", "/api/creator/payout-method", map[string]any{"method": "cheque"}, anaCookie).expect(t, 400)
	var me querycampaigns.PortalCreator
	a.request("PUT", "/api/creator/payout-method", map[string]any{"method": "paypal", "email": "ana.pay@example.com"}, anaCookie).expect(t, 200).decode(t, &me)
	if me.PayoutMethod != domain.PayoutPayPal || me.PayoutEmail != "ana.pay@example.com" {
		t.Fatalf("the creator's payout method %+v", me)
	}
	a.request("PUT", "/api/creator/payout-method", nil, owner).expect(t, 403)

	member := a.member(owner, uniqueEmail("batch-member"), "member")
	a.request("POST", "/api/payouts/batches", map[string]any{}, member).expect(t, 403)
	var made batchesMade
	a.request("POST", "/api/payouts/batches", map[string]any{}, owner).expect(t, 200).decode(t, &made)
	if len(made.BatchIDs) != 1 || made.Lines != 2 || made.NoMethod != 1 || made.NotCreators != 1 {
		t.Fatalf("batches made %+v: want Ana's one of 2 lines, Bo's line without a method, the lone account's", made)
	}
	batch := made.BatchIDs[0]
	var again batchesMade
	a.request("POST", "/api/payouts/batches", map[string]any{"campaignId": coll}, owner).expect(t, 200).decode(t, &again)
	if len(again.BatchIDs) != 0 || again.Lines != 0 {
		t.Fatalf("made again %+v: a line goes into one batch", again)
	}
	var page querycampaigns.PayoutBatchPage
	a.request("GET", "/api/payouts/batches/"+batch.String(), nil, member).expect(t, 200).decode(t, &page)
	var sum int64
	for _, it := range page.Items {
		sum += it.Amount
	}
	if page.Amount != sum || page.Amount != 15_000 || page.Currency != "USD" || page.Status != domain.BatchOpen || len(page.Items) != 2 || page.PayeeEmail != "ana.pay@example.com" {
		t.Fatalf("the batch %+v, want Ana's two lines, $150.00", page)
	}

	// the payroll tools' files
	file := a.request("GET", "/api/payouts/batches/export?format=paypal&ids="+batch.String(), nil, owner).expect(t, 200)
	rows, err := csv.NewReader(strings.NewReader(string(file.Body))).ReadAll()
	if err != nil || len(rows) != 1 {
		t.Fatalf("the PayPal file %q: %v", file.Body, err)
	}
	if r := rows[0]; r[0] != "ana.pay@example.com" || r[1] != "150.00" || r[2] != "USD" || r[3] != domain.SenderItemID(batch) || len(r[3]) > 30 || r[5] != "PAYPAL" {
		t.Fatalf("the PayPal row %q", r)
	}
	a.request("GET", "/api/payouts/batches/export?format=wise&ids="+batch.String(), nil, owner).expect(t, 409)
	a.request("GET", "/api/payouts/batches/export?format=excel&ids="+batch.String(), nil, owner).expect(t, 400)
	a.request("GET", "/api/payouts/batches/export?format=generic&ids="+uuid.NewString(), nil, owner).expect(t, 404)
	generic := a.request("GET", "/api/payouts/batches/export?format=generic&ids="+batch.String(), nil, owner).expect(t, 200)
	if !strings.HasPrefix(string(generic.Body), "batch_id,creator") || !strings.Contains(string(generic.Body), batch.String()+",Ana") {
		t.Fatalf("the generic file %q", generic.Body)
	}

	// paid, once
	a.request("POST", "/api/payouts/batches/"+batch.String()+"/paid", nil, member).expect(t, 403)
	for range 2 {
		var st struct{ Status domain.Batch }
		a.request("POST", "/api/payouts/batches/"+batch.String()+"/paid", nil, owner).expect(t, 200).decode(t, &st)
		if st.Status != domain.BatchPaid {
			t.Fatalf("the batch after paying: %s", st.Status)
		}
	}
	if n := count(t, `SELECT count(*) FROM payout_lines WHERE workspace_id = $1 AND status = 'paid' AND video_id = ANY($2)`, ws, anaVideos); n != 2 {
		t.Fatalf("%d of the batch's lines paid", n)
	}
	if n := count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = $2`, ws, string(domain.ActionBatchPaid)); n != 1 {
		t.Fatalf("the batch was logged paid %d times", n)
	}
	if n := count(t, `SELECT count(*) FROM mail_outbox WHERE workspace_id = $1 AND kind = 'creator' AND recipient = $2 AND subject LIKE '%paid%'`, ws, anaEmail); n != 1 {
		t.Fatalf("%d paid e-mails to the creator", n)
	}
	a.request("POST", "/api/payouts/batches/"+batch.String()+"/cancel", nil, owner).expect(t, 409)
	// a paid batch's payroll file would pay it again: only its CSV
	a.request("GET", "/api/payouts/batches/export?format=paypal&ids="+batch.String(), nil, owner).expect(t, 409)
	a.request("GET", "/api/payouts/batches/export?format=generic&ids="+batch.String(), nil, owner).expect(t, 200)
	var statement querycampaigns.Statement
	a.request("GET", "/api/creator/statement", nil, anaCookie).expect(t, 200).decode(t, &statement)
	if len(statement.Batches) != 1 || statement.Batches[0].ID != batch || statement.Batches[0].Status != domain.BatchPaid || len(statement.Batches[0].Items) != 2 {
		t.Fatalf("the creator's statement %+v", statement)
	}

	// Bo chooses Wise: its line goes into a batch; cancelled, it goes into another
	_, boCookie := b.login(bo, "batch-bo")
	a.request("PUT", "/api/creator/payout-method", map[string]any{"method": "wise", "email": "bo.pay@example.com"}, boCookie).expect(t, 200)
	a.request("POST", "/api/payouts/batches", map[string]any{}, owner).expect(t, 200).decode(t, &made)
	if len(made.BatchIDs) != 1 {
		t.Fatalf("Bo's batch %+v", made)
	}
	wise := a.request("GET", "/api/payouts/batches/export?format=wise&ids="+made.BatchIDs[0].String(), nil, owner).expect(t, 200)
	if !strings.Contains(string(wise.Body), "Bo,bo.pay@example.com,") || !strings.HasPrefix(string(wise.Body), "name,recipientEmail") {
		t.Fatalf("the Wise file %q", wise.Body)
	}
	a.request("POST", "/api/payouts/batches/"+made.BatchIDs[0].String()+"/cancel", nil, owner).expect(t, 200)
	a.request("POST", "/api/payouts/batches/"+made.BatchIDs[0].String()+"/paid", nil, owner).expect(t, 409)
	a.request("POST", "/api/payouts/batches", map[string]any{}, owner).expect(t, 200).decode(t, &again)
	if len(again.BatchIDs) != 1 || again.BatchIDs[0] == made.BatchIDs[0] || again.Lines != 1 {
		t.Fatalf("after the cancel %+v", again)
	}
	var list querycampaigns.PayoutBatches
	a.request("GET", "/api/payouts/batches?status=open", nil, owner).expect(t, 200).decode(t, &list)
	if list.Total != 1 || list.Batches[0].Creator.Name != "Bo" || list.Batches[0].Method != domain.PayoutWise {
		t.Fatalf("the open batches %+v", list)
	}

	// another workspace's owner finds none of it
	other := a.signUp(uniqueEmail("batches-other"))
	a.bootstrap(other)
	a.request("GET", "/api/payouts/batches/"+batch.String(), nil, other).expect(t, 404)
	a.request("POST", "/api/payouts/batches/"+batch.String()+"/paid", nil, other).expect(t, 404)
	var theirs querycampaigns.PayoutBatches
	a.request("GET", "/api/payouts/batches", nil, other).expect(t, 200).decode(t, &theirs)
	if theirs.Total != 0 {
		t.Fatalf("another workspace lists %d batches", theirs.Total)
	}
}

type batchesMade struct {
	BatchIDs    []uuid.UUID `json:"batchIds"`
	Lines       int         `json:"lines"`
	NotCreators int         `json:"notCreators"`
	NoMethod    int         `json:"noMethod"`
}

// batchesWorld is a workspace with a weekly campaign whose creators' posts
// are approved lines: the world of the payout batch tests.
type batchesWorld struct {
	t      *testing.T
	a      *testApp
	owner  *http.Cookie
	ws     uuid.UUID
	coll   uuid.UUID
	clock  *shiftedClock
	monday time.Time
	w      *ingest.SnapshotWriter
	videos []uuid.UUID
	n      int
}

// newBatchesWorld starts the app at the campaign's first Tuesday, with an
// owner and the campaign (a CPM of 1.00).
func newBatchesWorld(t *testing.T, prefix string, change ...func(*wiring.Deps)) *batchesWorld {
	b := &batchesWorld{t: t, clock: &shiftedClock{}, monday: time.Date(2026, 7, 6, 0, 0, 0, 0, time.UTC)}
	b.clock.set(time.Until(b.monday.Add(24 * time.Hour)))
	b.a = newApp(t, append([]func(*wiring.Deps){func(d *wiring.Deps) { d.Now, d.Config.CronSecret = b.clock.Now, cronSecret }}, change...)...)
	b.owner = b.a.signUp(uniqueEmail(prefix))
	b.ws = b.a.bootstrap(b.owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, b.ws)
	b.coll = env.Collection(t, b.ws, "Batched")
	b.w = ingest.NewSnapshotWriter(env.CH, 10, time.Now())
	b.a.request("POST", "/api/campaigns", map[string]any{
		"collectionId": b.coll, "currency": "USD", "startsAt": b.monday, "period": "weekly",
		"rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 100}}},
	}, b.owner).expect(t, 201)
	return b
}

// creator adds a creator (none for an empty name) with an account in the
// campaign, and a post of it for each count of views, published in the
// campaign's first week.
func (b *batchesWorld) creator(name, handle string, views ...uint64) (uuid.UUID, []uuid.UUID) {
	t := b.t
	var creator uuid.UUID
	acc := env.Account(t, b.ws, testenv.AccountOptions{Platform: platform.TikTok, Handle: handle, Status: domain.ItemActive, CollectionID: &b.coll, LastScrapedAt: time.Now()})
	if name != "" {
		creator = uuid.New()
		exec(t, `INSERT INTO creators (id, workspace_id, name) VALUES ($1, $2, $3)`, creator, b.ws, name)
		exec(t, `UPDATE accounts SET creator_id = $2 WHERE id = $1`, acc, creator)
	}
	var ids []uuid.UUID
	for _, v := range views {
		b.n++
		id := env.Video(t, b.ws, testenv.VideoOptions{Platform: platform.TikTok, PlatformID: fmt.Sprintf("%s-%d", handle, b.n), AccountID: acc, AccountHandle: handle,
			Status: domain.ItemActive, PublishedAt: b.monday.Add(time.Hour), CreatedAt: b.monday.Add(time.Hour), LastScrapedAt: time.Now()})
		if err := b.w.Add(context.Background(), ingest.Snapshot{WorkspaceID: b.ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id, AccountID: acc,
			ScrapedAt: b.monday.Add(7 * 24 * time.Hour), Metrics: ingest.Metrics{Views: u64(v), Likes: u64(v / 20), Comments: u64(v / 200)}, JobID: uuid.New()}); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	b.videos = append(b.videos, ids...)
	return creator, ids
}

// approve runs the settle once the week has closed and approves every line.
func (b *batchesWorld) approve() {
	if err := b.w.Flush(context.Background()); err != nil {
		b.t.Fatal(err)
	}
	b.at(8*24*time.Hour + 12*time.Hour)
	httpRequest(b.a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(b.t, 200)
	b.a.request("POST", "/api/campaigns/"+b.coll.String()+"/lines/review", map[string]any{"action": "approve", "videoIds": b.videos}, b.owner).expect(b.t, 200)
}

// login invites the creator's login and answers its address and session.
func (b *batchesWorld) login(creator uuid.UUID, prefix string) (string, *http.Cookie) {
	email := uniqueEmail(prefix)
	b.a.request("POST", "/api/creators/"+creator.String()+"/invite", map[string]any{"email": email}, b.owner).expect(b.t, 200)
	c := b.a.signUp(email)
	b.a.verify(email)
	b.a.request("POST", "/api/invites/accept", map[string]string{"token": b.a.link(email, "/invite")}, c).expect(b.t, 200)
	return email, b.a.logIn(email)
}

// at sets the app's clock to d after the campaign's first Monday.
func (b *batchesWorld) at(d time.Duration) { b.clock.set(time.Until(b.monday.Add(d))) }
