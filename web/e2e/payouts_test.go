package e2e

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestPayoutsPage: a creator's lines, locked and approved, wait on the
// Payouts page; the owner makes the batches from the approved lines, sees
// the creator's PayPal batch with its file, cancels it and makes it again,
// connects the workspace's PayPal app and sends the batch with PayPal: it
// leaves the batches to pay, shows as paid by PayPal, and every line of it
// is paid in the ledger.
func TestPayoutsPage(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1280, 800, "batches")
	colID := s.newCollection(cookie, "Batched program")
	// posts dated 42, 65 and 92 hours before the simulator started (by
	// their ids), so their one-day windows have closed
	s.send(cookie, "POST", "/track/bulk", `{"collection_id":"`+colID+`","urls":[
		"https://www.tiktok.com/@batch.clips/video/7301234567890125001",
		"https://www.tiktok.com/@batch.clips/video/7301234567890125002",
		"https://www.tiktok.com/@batch.clips/video/7301234567890125005"]}`, nil)
	var acct struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@batch.clips","tracking_limit":1}`, &acct)
	s.waitFirstScrapes(cookie, 4)
	var creator struct {
		ID string `json:"id"`
	}
	s.create(cookie, "/creators", `{"name":"Rui Costa","accountIds":["`+acct.ID+`"]}`, &creator)
	s.create(cookie, "/campaigns", `{"collectionId":"`+colID+`","currency":"USD","startsAt":"2023-01-01T00:00:00Z","period":"weekly",
		"rules":{"tiers":[{"fromViews":0,"cpm":200}],"windowHours":24}}`, nil)
	s.cron("/cron/alerts")
	var closed []string
	for _, l := range s.lines(cookie, colID, "").Lines {
		if (l.Status == "locked" || l.Status == "held") && l.Payee.Kind == "creator" {
			closed = append(closed, `"`+l.VideoID+`"`)
		}
	}
	if len(closed) == 0 {
		t.Fatalf("no locked line of the creator: %+v", s.lines(cookie, colID, "").Lines)
	}
	// the posts were first scraped after their windows closed, so their
	// lines locked held at nothing: as if each had been priced at $5.00
	if _, err := env.PG.Exec(context.Background(), `UPDATE payout_lines SET amount = 500 WHERE collection_id = $1`, colID); err != nil {
		t.Fatal(err)
	}
	s.send(cookie, "POST", "/campaigns/"+colID+"/lines/review", `{"action":"approve","videoIds":[`+strings.Join(closed, ",")+`]}`, nil)
	// the creator chose PayPal on its portal
	if _, err := env.PG.Exec(context.Background(), `UPDATE creators SET payout_method = 'paypal', payout_email = 'rui.pay@example.com' WHERE id = $1`, creator.ID); err != nil {
		t.Fatal(err)
	}

	open := `tr[data-testid=batch][data-status=open]`
	do(t, ctx, "make the batches",
		chromedp.Navigate(s.base+"/payouts"),
		waitVisible(`[data-testid=make-batches]`),
		click(`[data-testid=make-batches]`),
		waitVisible(`[data-testid=batches-made]`),
		waitVisible(open),
	)
	textOf(t, ctx, "the batch", open, "Rui Costa")
	textOf(t, ctx, "its method", open, "rui.pay@example.com")
	var href string
	do(t, ctx, "its file", chromedp.Evaluate(`document.querySelector('`+open+` [data-testid=batch-file]').getAttribute('href')`, &href))
	if !strings.Contains(href, "format=paypal") {
		t.Errorf("the batch's file is %q, want PayPal's", href)
	}
	labelled(t, ctx)
	do(t, ctx, "cancel it and make it again",
		click(open+` [data-testid=batch-cancel]`),
		waitVisible(`//h3[normalize-space()="No batches"]`, chromedp.BySearch),
		click(`[data-testid=make-batches]`),
		waitVisible(open),
	)
	// the workspace's PayPal app, on the site's PayPal stand-in
	do(t, ctx, "connect PayPal",
		chromedp.SendKeys(`#paypal-title ~ form input[name=clientId]`, "rt-e2e-app"),
		chromedp.SendKeys(`#paypal-title ~ form input[name=secret]`, "first-secret"),
		click(`[data-testid=paypal-connect]`),
		waitVisible(`[data-testid=paypal-connected]`),
		waitVisible(open+` [data-testid=batch-send]`),
	)
	textOf(t, ctx, "the connection", `[data-testid=paypal-connected]`, "rt-e2e-app")
	do(t, ctx, "send it with PayPal",
		click(open+` [data-testid=batch-send]`),
		waitVisible(`//h3[normalize-space()="No batches"]`, chromedp.BySearch),
		chromedp.Navigate(s.base+"/payouts?status=paid"),
		waitVisible(`tr[data-testid=batch][data-status=paid] [data-testid=batch-paypal]`),
	)
	textOf(t, ctx, "PayPal's word", `tr[data-testid=batch][data-status=paid] [data-testid=batch-paypal]`, "PayPal paid it")
	paid := 0
	for _, l := range s.lines(cookie, colID, "&status=paid").Lines {
		if l.Payee.ID == creator.ID {
			paid++
		}
	}
	if paid != len(closed) {
		t.Errorf("%d of the batch's %d lines paid", paid, len(closed))
	}
}
