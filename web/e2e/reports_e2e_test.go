package e2e

import (
	"testing"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// TestReportsPage: the Reports page's download link fetches the
// overview's PDF, and an owner schedules a report with the form, sees it
// listed with its next run and sends it at once.
func TestReportsPage(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, _ := signedUp(t, 1280, 900, "reports-page")

	var href string
	var pdf struct {
		Status int    `json:"status"`
		Type   string `json:"type"`
		Head   string `json:"head"`
	}
	do(t, ctx, "download the overview's PDF",
		chromedp.Navigate(s.base+"/reports"),
		waitVisible(`a[data-testid=report-download][href]`),
		chromedp.AttributeValue(`a[data-testid=report-download]`, "href", &href, nil),
		chromedp.Evaluate(`(async () => {
			const r = await fetch(document.querySelector('a[data-testid=report-download]').href);
			const b = new Uint8Array(await r.arrayBuffer());
			return {status: r.status, type: r.headers.get('content-type'), head: String.fromCharCode(...b.slice(0, 5))};
		})()`, &pdf, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
	)
	if href != "/api/reports/pdf?subject=overview&datePreset=30d" || pdf.Status != 200 || pdf.Type != "application/pdf" || pdf.Head != "%PDF-" {
		t.Fatalf("the download link %q answered %+v", href, pdf)
	}
	labelled(t, ctx)

	do(t, ctx, "schedule a report",
		typeInto(`#rp-new-name`, "Weekly for the client"),
		typeInto(`#rp-new-recipients`, "client@example.com, boss@example.com"),
		click(`form[data-testid=report-form] button[type=submit]`),
		waitVisible(`li[data-testid=report-row]`),
		waitVisible(`[data-testid=report-next-run]`),
	)
	textOf(t, ctx, "the scheduled report", `li[data-testid=report-row]`, "Weekly for the client")
	do(t, ctx, "send it now",
		click(`button[data-testid=report-send]`),
		waitVisible(`[data-testid=report-sent]`),
	)
	textOf(t, ctx, "the notice", `[data-testid=report-sent]`, "2")
}
