package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestExportPageSaysWhyAnApostrophe: the Export page says why a caption
// that begins with "@" (or =, +, -) gets an apostrophe in the files, and
// its downloads start with the byte order mark by which Excel reads them
// as UTF-8: a caption with "–" and an emoji arrives as it is, and one that
// begins with "@" with the apostrophe the page explains.
func TestExportPageSaysWhyAnApostrophe(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "exportnote")
	var v struct {
		ID string `json:"id"`
	}
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@export.note/video/7301234567890127001"}`, &v)
	s.waitFirstScrapes(cookie, 1)
	pgExec(t, `UPDATE videos SET caption = '@brand launch – day 1 🎬' WHERE id = $1`, v.ID)
	pgExec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = (SELECT workspace_id FROM videos WHERE id = $1)`, v.ID)

	var note string
	var hrefs []string
	do(t, ctx, "the Export page",
		chromedp.Navigate(s.base+"/export"),
		waitVisible(`[data-testid=formula-note]`),
		readText(`[data-testid=formula-note]`, &note),
		chromedp.Evaluate(`['videos', 'accounts', 'daily'].map(k => document.querySelector('[data-testid=export-' + k + ']').getAttribute('href'))`, &hrefs),
	)
	for _, want := range []string{"@", "apostrophe", "formula", "plain text", "Excel"} {
		if !strings.Contains(note, want) {
			t.Errorf("the note %q does not say %q", note, want)
		}
	}
	if len(hrefs) != 3 {
		t.Fatalf("the downloads %v", hrefs)
	}
	for _, h := range hrefs {
		if !strings.Contains(h, "bom=true") {
			t.Errorf("the download %s does not ask for the byte order mark", h)
		}
	}
	file := download(t, s, cookie, hrefs[0])
	if !strings.HasPrefix(file, "\ufeffid,") {
		t.Errorf("the videos file starts with %q", file[:min(len(file), 12)])
	}
	if !strings.Contains(file, "'@brand launch – day 1 🎬") {
		t.Errorf("the caption is not in the file as the note says:\n%s", file)
	}
}
