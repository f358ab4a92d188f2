package e2e

import (
	"time"

	"github.com/chromedp/chromedp"
)

// The page's queries, as chromedp's, but asking the page every 50 ms
// instead of every 5 ms while they wait: a wait costs the browser and the
// test a tenth of the round trips, and a user would not see the difference.
// The package's tests call these rather than chromedp's own.
var paced = chromedp.RetryInterval(50 * time.Millisecond)

func with(opts []chromedp.QueryOption) []chromedp.QueryOption {
	return append(opts[:len(opts):len(opts)], paced)
}

// pageError is a page's own error box: the health banner is an alert too,
// and it is the server's (another test's provider pause may raise it).
const pageError = `main [role=alert]:not([data-testid=health-banner])`

func waitVisible(sel any, opts ...chromedp.QueryOption) chromedp.QueryAction {
	return chromedp.WaitVisible(sel, with(opts)...)
}

func waitReady(sel any, opts ...chromedp.QueryOption) chromedp.QueryAction {
	return chromedp.WaitReady(sel, with(opts)...)
}

func waitEnabled(sel any, opts ...chromedp.QueryOption) chromedp.QueryAction {
	return chromedp.WaitEnabled(sel, with(opts)...)
}

func waitNotPresent(sel any, opts ...chromedp.QueryOption) chromedp.QueryAction {
	return chromedp.WaitNotPresent(sel, with(opts)...)
}

func readText(sel any, s *string, opts ...chromedp.QueryOption) chromedp.QueryAction {
	return chromedp.Text(sel, s, with(opts)...)
}

func readValue(sel any, v *string, opts ...chromedp.QueryOption) chromedp.QueryAction {
	return chromedp.Value(sel, v, with(opts)...)
}

func setValue(sel any, v string, opts ...chromedp.QueryOption) chromedp.QueryAction {
	return chromedp.SetValue(sel, v, with(opts)...)
}

func sendKeys(sel any, v string, opts ...chromedp.QueryOption) chromedp.QueryAction {
	return chromedp.SendKeys(sel, v, with(opts)...)
}

func readAttribute(sel any, name string, v *string, ok *bool, opts ...chromedp.QueryOption) chromedp.QueryAction {
	return chromedp.AttributeValue(sel, name, v, ok, with(opts)...)
}

func scrollIntoView(sel any, opts ...chromedp.QueryOption) chromedp.QueryAction {
	return chromedp.ScrollIntoView(sel, with(opts)...)
}

func readOuterHTML(sel any, html *string, opts ...chromedp.QueryOption) chromedp.QueryAction {
	return chromedp.OuterHTML(sel, html, with(opts)...)
}
