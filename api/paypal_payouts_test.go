package api_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/paypal/paypalsim"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

// TestPayoutBatchesThroughPayPal: an owner connects the workspace's PayPal
// app (PayPal's stand-in checks the credentials; the secret is never
// answered) and sends batches through PayPal's Payouts API:
//   - an answer lost on the way is retried with the same sender_batch_id,
//     and PayPal holds one payout: paid once, its lines paid, sending and
//     marking it paid again change nothing;
//   - an outage leaves the batch sent with the error; the payouts step sends
//     it again and it is paid;
//   - an unclaimed payment waits (the creator is told to claim it), then
//     comes back returned: its line is approved again and goes into a new
//     batch;
//   - a failed payment lets its line go; a payment reversed after it was
//     paid moves its lines back from paid to approved;
//   - a payout PayPal refuses for good leaves the batch open with PayPal's
//     reason.
//
// Every step is in the activity log; members cannot connect or send;
// another workspace finds none of it.
//
// Not parallel: the settle and the payouts steps run over every workspace
// of the package's database at the app's clock.
func TestPayoutBatchesThroughPayPal(t *testing.T) {
	sim := paypalsim.New(nil)
	srv := httptest.NewServer(sim.Handler())
	t.Cleanup(srv.Close)
	b := newBatchesWorld(t, "paypal", func(d *wiring.Deps) { d.Config.PayPalAPIURL, d.Config.PayPalSandboxAPIURL = srv.URL, srv.URL })
	a, owner, ws := b.a, b.owner, b.ws
	ana, anaVideos := b.creator("Ana", "ana_p", 100_000, 50_000)
	bo, _ := b.creator("Bo", "bo_p", 20_000)
	cy, _ := b.creator("Cy", "cy_p", 30_000)
	dee, _ := b.creator("Dee", "dee_p", 40_000)
	b.approve()
	for _, c := range []struct {
		id    uuid.UUID
		email string
	}{{ana, "ana.pay@example.com"}, {bo, "bo+unclaimed@example.com"}, {cy, "cy+failed@example.com"}, {dee, "dee@example.com"}} {
		exec(t, `UPDATE creators SET payout_method = 'paypal', payout_email = $2 WHERE id = $1`, c.id, c.email)
	}
	anaEmail, _ := b.login(ana, "paypal-ana")
	boEmail, boCookie := b.login(bo, "paypal-bo")
	cyEmail, _ := b.login(cy, "paypal-cy")
	var made batchesMade
	a.request("POST", "/api/payouts/batches", map[string]any{}, owner).expect(t, 200).decode(t, &made)
	if len(made.BatchIDs) != 4 {
		t.Fatalf("batches made %+v", made)
	}
	batchOf := map[string]uuid.UUID{}
	for _, id := range made.BatchIDs {
		var p querycampaigns.PayoutBatchPage
		a.request("GET", "/api/payouts/batches/"+id.String(), nil, owner).expect(t, 200).decode(t, &p)
		batchOf[p.Creator.Name] = id
	}
	send := func(name string, cookie *http.Cookie, status int) querycampaigns.PayoutBatchPage {
		t.Helper()
		var p querycampaigns.PayoutBatchPage
		r := a.request("POST", "/api/payouts/batches/"+batchOf[name].String()+"/send", nil, cookie).expect(t, status)
		if status == 200 {
			r.decode(t, &p)
		}
		return p
	}

	// connecting
	send("Ana", owner, 409) // not connected
	member := a.member(owner, uniqueEmail("paypal-member"), "member")
	const secret = "EHx-secret-of-the-app-0042"
	a.request("PUT", "/api/payouts/paypal", map[string]any{"clientId": "app-ws", "secret": secret}, member).expect(t, 403)
	a.request("PUT", "/api/payouts/paypal", map[string]any{"clientId": "", "secret": ""}, owner).expect(t, 400)
	conn := a.request("PUT", "/api/payouts/paypal", map[string]any{"clientId": "app-ws", "secret": secret, "sandbox": true}, owner).expect(t, 200)
	var c querycampaigns.PayPalConnection
	conn.decode(t, &c)
	if !c.Connected || c.ClientID != "app-ws" || !c.Sandbox || strings.Contains(string(conn.Body), secret) {
		t.Fatalf("connected: %s", conn.Body)
	}
	if n := count(t, `SELECT count(*) FROM paypal_connections WHERE workspace_id = $1 AND secret_sealed LIKE '%' || $2 || '%'`, ws, secret); n != 0 {
		t.Fatal("the secret is stored as it is")
	}
	a.request("PUT", "/api/payouts/paypal", map[string]any{"clientId": "app-ws", "secret": "another-secret"}, owner).expect(t, 422)
	a.request("GET", "/api/payouts/paypal", nil, member).expect(t, 200).decode(t, &c)
	if !c.Connected || !c.Sandbox {
		t.Fatalf("a refused change replaced the connection: %+v", c)
	}
	send("Ana", member, 403)

	// a lost answer: retried with the same id, paid once
	mustPost(t, srv.URL+"/sim/fail-next?times=1")
	p := send("Ana", owner, 200)
	if p.Status != domain.BatchPaid || p.PayPal == nil || p.PayPal.TransactionStatus != "SUCCESS" || p.PayPal.PayoutBatchID == "" || p.SentAt == nil {
		t.Fatalf("Ana's batch after sending: %+v %+v", p.PayoutBatch, p.PayPal)
	}
	if p = send("Ana", owner, 200); p.Status != domain.BatchPaid {
		t.Fatalf("sent again: %s", p.Status)
	}
	a.request("POST", "/api/payouts/batches/"+batchOf["Ana"].String()+"/paid", nil, owner).expect(t, 200)
	if n := payoutsFor(sim, batchOf["Ana"]); n != 1 {
		t.Fatalf("PayPal holds %d payouts of Ana's batch", n)
	}
	if n := count(t, `SELECT count(*) FROM payout_lines WHERE workspace_id = $1 AND status = 'paid' AND video_id = ANY($2)`, ws, anaVideos); n != 2 {
		t.Fatalf("%d of Ana's lines paid", n)
	}
	if n := count(t, `SELECT count(*) FROM mail_outbox WHERE workspace_id = $1 AND kind = 'creator' AND recipient = $2 AND subject LIKE '%paid%'`, ws, anaEmail); n != 1 {
		t.Fatalf("%d paid e-mails to Ana", n)
	}
	logged := func(action domain.Action, batch uuid.UUID) int {
		return count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = $2 AND target = $3`, ws, string(action), batch.String())
	}
	if logged(domain.ActionBatchSent, batchOf["Ana"]) != 1 || logged(domain.ActionBatchPaid, batchOf["Ana"]) != 1 ||
		count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = $2 AND actor_email = 'PayPal'`, ws, string(domain.ActionPayoutsPaid)) != 1 {
		t.Fatal("Ana's batch is not logged sent, paid by PayPal, and its lines paid, once each")
	}

	// an outage: sent, retried by the payouts step
	mustPost(t, srv.URL+"/sim/down?times=3")
	p = send("Dee", owner, 200)
	if p.Status != domain.BatchSent || p.PayPal == nil || !strings.Contains(p.PayPal.Error, "503") || p.PayPal.NextCheckAt == nil {
		t.Fatalf("Dee's batch in an outage: %+v %+v", p.PayoutBatch, p.PayPal)
	}
	a.request("POST", "/api/payouts/batches/"+batchOf["Dee"].String()+"/cancel", nil, owner).expect(t, 409)
	a.request("POST", "/api/payouts/batches/"+batchOf["Dee"].String()+"/paid", nil, owner).expect(t, 409)
	b.at(8*24*time.Hour + 14*time.Hour)
	var run struct {
		PayPal struct{ Checked, Paid, Failed, Returned int }
	}
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200).decode(t, &run)
	a.request("GET", "/api/payouts/batches/"+batchOf["Dee"].String(), nil, owner).expect(t, 200).decode(t, &p)
	if p.Status != domain.BatchPaid || run.PayPal.Paid < 1 || p.PayPal.Error != "" || payoutsFor(sim, batchOf["Dee"]) != 1 {
		t.Fatalf("Dee's batch after the payouts step %+v: %+v %+v", run, p.PayoutBatch, p.PayPal)
	}

	// unclaimed, then returned: the line goes into a new batch
	p = send("Bo", owner, 200)
	if p.Status != domain.BatchSent || p.PayPal.TransactionStatus != "UNCLAIMED" || p.PayPal.Error != "Receiver is unregistered" {
		t.Fatalf("Bo's unclaimed batch: %+v %+v", p.PayoutBatch, p.PayPal)
	}
	if n := count(t, `SELECT count(*) FROM mail_outbox WHERE workspace_id = $1 AND recipient = $2 AND subject LIKE '%claim your payment%'`, ws, boEmail); n != 1 {
		t.Fatalf("%d e-mails tell Bo to claim the payment", n)
	}
	a.request("DELETE", "/api/payouts/paypal", nil, owner).expect(t, 409) // Bo's batch is in flight
	var statement querycampaigns.Statement
	a.request("GET", "/api/creator/statement", nil, boCookie).expect(t, 200).decode(t, &statement)
	if len(statement.Batches) != 1 || statement.Batches[0].PayPal == nil || statement.Batches[0].PayPal.TransactionStatus != "UNCLAIMED" || statement.Batches[0].SentBy != "" {
		t.Fatalf("Bo's statement %+v", statement)
	}
	setItem(t, srv.URL, sim, batchOf["Bo"], "RETURNED")
	a.request("POST", "/api/payouts/batches/"+batchOf["Bo"].String()+"/check", nil, owner).expect(t, 200).decode(t, &p)
	if p.Status != domain.BatchReturned || len(p.Items) != 1 || !p.Items[0].Released || p.Items[0].Status != domain.LineApproved {
		t.Fatalf("Bo's returned batch %+v", p)
	}

	// failed: the line is let go
	p = send("Cy", owner, 200)
	if p.Status != domain.BatchFailed || p.PayPal.TransactionStatus != "FAILED" || !p.Items[0].Released || p.Items[0].Status != domain.LineApproved {
		t.Fatalf("Cy's failed batch %+v %+v", p.PayoutBatch, p.PayPal)
	}
	if n := count(t, `SELECT count(*) FROM mail_outbox WHERE workspace_id = $1 AND recipient = $2 AND subject LIKE '%failed%'`, ws, cyEmail); n != 1 {
		t.Fatalf("%d e-mails tell Cy the payment failed", n)
	}
	var again batchesMade
	a.request("POST", "/api/payouts/batches", map[string]any{}, owner).expect(t, 200).decode(t, &again)
	if len(again.BatchIDs) != 2 || again.Lines != 2 {
		t.Fatalf("batches made again %+v: want Bo's and Cy's lines in new batches", again)
	}

	// reversed after it was paid: Ana's lines are approved again
	setItem(t, srv.URL, sim, batchOf["Ana"], "REVERSED")
	b.at(9*24*time.Hour + 16*time.Hour)
	httpRequest(a, "GET", "/api/cron/alerts", "Bearer "+cronSecret).expect(t, 200).decode(t, &run)
	a.request("GET", "/api/payouts/batches/"+batchOf["Ana"].String(), nil, owner).expect(t, 200).decode(t, &p)
	if p.Status != domain.BatchReturned || run.PayPal.Returned < 1 {
		t.Fatalf("Ana's reversed batch %+v (run %+v)", p.PayoutBatch, run)
	}
	if n := count(t, `SELECT count(*) FROM payout_lines WHERE workspace_id = $1 AND status = 'approved' AND paid_at IS NULL AND video_id = ANY($2)`, ws, anaVideos); n != 2 {
		t.Fatalf("%d of Ana's lines approved again", n)
	}
	if logged(domain.ActionBatchReturned, batchOf["Ana"]) != 1 || logged(domain.ActionBatchReturned, batchOf["Bo"]) != 1 ||
		logged(domain.ActionBatchFailed, batchOf["Cy"]) != 1 || logged(domain.ActionBatchUnclaimed, batchOf["Bo"]) != 1 {
		t.Fatal("the returned, failed and unclaimed batches are not logged once each")
	}

	// refused for good: open again, with PayPal's reason
	var fresh batchesMade
	a.request("POST", "/api/payouts/batches", map[string]any{}, owner).expect(t, 200).decode(t, &fresh)
	if len(fresh.BatchIDs) != 1 {
		t.Fatalf("Ana's lines in a new batch: %+v", fresh)
	}
	exec(t, `UPDATE payout_batches SET amount = 200000000 WHERE id = $1`, fresh.BatchIDs[0]) // over the stand-in's balance
	batchOf["Ana again"] = fresh.BatchIDs[0]
	p = send("Ana again", owner, 200)
	if p.Status != domain.BatchOpen || p.PayPal == nil || !strings.Contains(p.PayPal.Error, "INSUFFICIENT_FUNDS") || p.SentAt != nil {
		t.Fatalf("a refused batch %+v %+v", p.PayoutBatch, p.PayPal)
	}
	if logged(domain.ActionBatchNotSent, fresh.BatchIDs[0]) != 1 || payoutsFor(sim, fresh.BatchIDs[0]) != 0 {
		t.Fatal("the refused batch is not logged, or PayPal holds a payout of it")
	}
	a.request("POST", "/api/campaigns/"+b.coll.String()+"/lines/review", map[string]any{"action": "reject", "reason": "no",
		"videoIds": anaVideos[:1]}, owner).expect(t, 409) // the line is in the open batch

	// another workspace
	other := a.signUp(uniqueEmail("paypal-other"))
	a.bootstrap(other)
	a.request("POST", "/api/payouts/batches/"+batchOf["Ana"].String()+"/send", nil, other).expect(t, 404)
	a.request("POST", "/api/payouts/batches/"+batchOf["Ana"].String()+"/check", nil, other).expect(t, 404)
	a.request("GET", "/api/payouts/paypal", nil, other).expect(t, 200).decode(t, &c)
	if c.Connected {
		t.Fatal("another workspace sees the PayPal connection")
	}
	a.request("DELETE", "/api/payouts/paypal", nil, owner).expect(t, 204)
	a.request("GET", "/api/payouts/paypal", nil, owner).expect(t, 200).decode(t, &c)
	if c.Connected || count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action IN ('paypal_connected', 'paypal_disconnected')`, ws) != 2 {
		t.Fatalf("after disconnecting: %+v", c)
	}
}

func mustPost(t *testing.T, url string) {
	t.Helper()
	resp, err := http.Post(url, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNoContent {
		t.Fatalf("POST %s: %d", url, resp.StatusCode)
	}
}

// payoutsFor counts the stand-in's payouts of the batch.
func payoutsFor(sim *paypalsim.Sim, batch uuid.UUID) int {
	n := 0
	for _, p := range sim.Payouts() {
		if p.SenderBatchID == batch.String() {
			n++
		}
	}
	return n
}

// setItem sets the transaction status of the batch's item at the stand-in.
func setItem(t *testing.T, base string, sim *paypalsim.Sim, batch uuid.UUID, status string) {
	t.Helper()
	for _, p := range sim.Payouts() {
		if p.SenderBatchID == batch.String() {
			mustPost(t, base+"/sim/items/"+p.Items[0].ID+"?status="+status)
			return
		}
	}
	t.Fatalf("no payout of batch %s", batch)
}
