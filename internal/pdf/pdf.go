// Package pdf prints HTML documents to PDF with a headless Chromium, the
// browser the project already installs (scripts/services.sh): the reports'
// renderer. A document is set as the page's content, never fetched; its
// scripts do not run and it may load nothing from the network (its images
// are data: URLs).
package pdf

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/fetch"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// ErrNoBrowser answers a print on a machine without Chromium.
var ErrNoBrowser = errors.New("pdf: no chromium on PATH (make services installs Debian's chromium)")

// Printer prints documents; at most Concurrency at once (default 2), each
// in a browser of its own that is closed after it.
type Printer struct {
	// ExecPath is Chromium's binary; empty: chromium or chromium-browser on PATH.
	ExecPath string
	// Timeout bounds one print; zero: 60 s.
	Timeout time.Duration
	slots   chan struct{}
}

// New returns a printer of up to concurrency prints at once.
func New(execPath string, concurrency int) *Printer {
	return &Printer{ExecPath: execPath, slots: make(chan struct{}, max(concurrency, 1))}
}

func (p *Printer) exe() string {
	if p.ExecPath != "" {
		return p.ExecPath
	}
	return FindChromium()
}

// FindChromium is Chromium's binary on PATH; "" for none.
func FindChromium() string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	return ""
}

// Headless is how the project starts a headless Chromium of its own (the
// reports' printer, the bench's browser): the binary, a profile directory
// of its own, no sandbox (it runs as root in CI), no GPU and none of
// Chromium's own network traffic.
func Headless(exe, profile string, more ...chromedp.ExecAllocatorOption) []chromedp.ExecAllocatorOption {
	return append(append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(exe),
		chromedp.UserDataDir(profile),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
	), more...)
}

// Print renders html as an A4 PDF, the document's own @page rules first.
func (p *Printer) Print(ctx context.Context, html string) ([]byte, error) {
	exe := p.exe()
	if exe == "" {
		return nil, ErrNoBrowser
	}
	if p.slots != nil {
		select {
		case p.slots <- struct{}{}:
			defer func() { <-p.slots }()
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	timeout := p.Timeout
	if timeout <= 0 {
		timeout = 60 * time.Second
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	profile, err := os.MkdirTemp("", "reeltrack-pdf")
	if err != nil {
		return nil, fmt.Errorf("pdf: %w", err)
	}
	defer os.RemoveAll(profile)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, Headless(exe, profile)...)
	defer cancelAlloc()
	// chromedp's complaints of events it cannot place (a document set
	// without a navigation) are not errors of the print
	bctx, cancelBrowser := chromedp.NewContext(actx, chromedp.WithErrorf(func(string, ...any) {}))
	defer cancelBrowser()
	var out []byte
	err = chromedp.Run(bctx,
		// nothing leaves the browser: every request is failed
		fetch.Enable().WithPatterns([]*fetch.RequestPattern{{URLPattern: "*"}}),
		chromedp.ActionFunc(func(ctx context.Context) error {
			chromedp.ListenTarget(ctx, func(ev any) {
				if e, ok := ev.(*fetch.EventRequestPaused); ok {
					go func() {
						_ = chromedp.Run(ctx, fetch.FailRequest(e.RequestID, "BlockedByClient"))
					}()
				}
			})
			return nil
		}),
		emulation.SetScriptExecutionDisabled(true),
		chromedp.ActionFunc(func(ctx context.Context) error {
			tree, err := page.GetFrameTree().Do(ctx)
			if err != nil {
				return err
			}
			return page.SetDocumentContent(tree.Frame.ID, html).Do(ctx)
		}),
		chromedp.ActionFunc(func(ctx context.Context) error {
			b, _, err := page.PrintToPDF().WithPrintBackground(true).WithPreferCSSPageSize(true).
				WithPaperWidth(8.27).WithPaperHeight(11.69).Do(ctx)
			out = b
			return err
		}),
	)
	if err != nil {
		return nil, fmt.Errorf("pdf: print: %w", err)
	}
	return out, nil
}

// Document is a printed report: its title (its file's name), the brand it
// was printed under, and the PDF.
type Document struct {
	Title string
	Brand string
	// Credit: the document names reeltrack (not white-labelled).
	Credit bool
	PDF    []byte
}
