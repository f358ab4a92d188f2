package e2e

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// countRequests counts the page's fetches under way in window.__inflight,
// from before the dashboard's own scripts run, so that click can tell a
// page that is still loading.
const countRequests = `(() => {
	let n = 0;
	Object.defineProperty(window, '__inflight', {get: () => n});
	const f = window.fetch;
	window.fetch = function (...args) {
		n++;
		return f.apply(this, args).finally(() => { n--; });
	};
})()`

// watchRequests makes every page of the tab count its requests.
func watchRequests(ctx context.Context) error {
	return chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(countRequests).Do(ctx)
		return err
	}))
}

// click clicks sel as chromedp.Click does, once the page has settled: no
// request of the page under way and the element's box unchanged over two
// reads. A click dispatched while a list or a banner arriving above still
// moves the page lands beside its target (the pages load their parts
// separately, and on a loaded machine seconds apart).
func click(sel any, opts ...chromedp.QueryOption) chromedp.Action {
	return chromedp.QueryAfter(sel, func(ctx context.Context, _ runtime.ExecutionContextID, nodes ...*cdp.Node) error {
		if len(nodes) < 1 {
			return fmt.Errorf("selector %q did not return any nodes", sel)
		}
		if err := settled(ctx, nodes[0]); err != nil {
			return err
		}
		return chromedp.MouseClickNode(nodes[0]).Do(ctx)
	}, append([]chromedp.QueryOption{chromedp.NodeVisible, paced}, opts...)...)
}

// settled waits, polling, until the page has no request under way and the
// node's box stayed where it was; after 10 s of a page that keeps moving
// it gives up waiting and lets the click go, as a user would.
func settled(ctx context.Context, n *cdp.Node) error {
	return holdsStill(ctx, 10*time.Second, 75*time.Millisecond, func(ctx context.Context) (bool, []float64, error) {
		var busy int
		if err := chromedp.Evaluate(`window.__inflight || 0`, &busy).Do(ctx); err != nil {
			return false, nil, err
		}
		quads, err := dom.GetContentQuads().WithNodeID(n.NodeID).Do(ctx)
		if err != nil || len(quads) == 0 {
			return false, nil, err
		}
		return busy == 0, quads[0], nil
	})
}

// quiet waits, polling, until the page has no request under way and its
// layout (the size of the document and how many elements it holds) stayed
// the same over two reads, for a check of the whole page: what it measures
// has arrived. After 30 s of a page that keeps changing it stops waiting
// and lets the check judge what is there.
func quiet() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		return holdsStill(ctx, 30*time.Second, 100*time.Millisecond, func(ctx context.Context) (bool, []float64, error) {
			var now []float64
			err := chromedp.Evaluate(`[window.__inflight || 0, document.documentElement.scrollWidth,
				document.documentElement.scrollHeight, document.getElementsByTagName('*').length]`, &now).Do(ctx)
			if err != nil || len(now) == 0 {
				return false, nil, err
			}
			return now[0] == 0, now[1:], nil
		})
	})
}

// holdsStill reads the page every interval until it is idle and what read
// measures stayed the same over two reads in a row, or bound has passed
// (then it returns nil: the caller's check judges what is there). A read
// with nothing to measure counts as moving.
func holdsStill(ctx context.Context, bound, every time.Duration, read func(context.Context) (idle bool, shape []float64, err error)) error {
	var last []float64
	still := 0
	for deadline := time.Now().Add(bound); time.Now().Before(deadline); {
		idle, shape, err := read(ctx)
		if err != nil {
			return err
		}
		if idle && len(shape) > 0 && slices.Equal(shape, last) {
			still++
		} else {
			still = 0
		}
		if still >= 2 {
			return nil
		}
		last = shape
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(every):
		}
	}
	return nil
}
