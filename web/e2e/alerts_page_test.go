package e2e

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/google/uuid"
)

// TestAlertsPage: an empty rule form marks every field it needs at once;
// the saved rule's notice shows by the button, on screen; an alert in the
// list names its video by caption and handle, links to it, and says what
// its gain covers.
func TestAlertsPage(t *testing.T) {
	t.Parallel()
	skipUIOnCurrentEngine(t)
	s, ctx, _, cookie := signedUp(t, 1440, 900, "alertspage")

	var invalid []string
	do(t, ctx, "submit the empty form",
		chromedp.Navigate(s.base+"/alerts"),
		waitVisible(`form[aria-label="Alert rule"]`),
		chromedp.Evaluate(`(() => { const w = document.querySelector('form[aria-label="Alert rule"] input[name=windowHours]'); w.value = ''; w.dispatchEvent(new Event('input', {bubbles: true})) })()`, nil),
		click(`form[aria-label="Alert rule"] button[type=submit]`),
		waitVisible(`form[aria-label="Alert rule"] .field-error`),
		chromedp.Evaluate(`[...document.querySelectorAll('form[aria-label="Alert rule"] [aria-invalid="true"]')].map(e => e.name)`, &invalid),
	)
	for _, want := range []string{"name", "threshold", "windowHours"} {
		found := false
		for _, f := range invalid {
			found = found || f == want
		}
		if !found {
			t.Errorf("the empty form marks %v, not %s", invalid, want)
		}
	}

	var inView bool
	var notice string
	do(t, ctx, "save a rule",
		typeInto(`form[aria-label="Alert rule"] input[name=name]`, "Going viral"),
		typeInto(`form[aria-label="Alert rule"] input[name=threshold]`, "1000"),
		typeInto(`form[aria-label="Alert rule"] input[name=windowHours]`, "6"),
		click(`form[aria-label="Alert rule"] button[type=submit]`),
		waitVisible(`[data-testid="alert-saved"]`),
		quiet(),
		readText(`[data-testid="alert-saved"]`, &notice),
		chromedp.Evaluate(`(() => { const r = document.querySelector('[data-testid="alert-saved"]').getBoundingClientRect(); return r.top >= 0 && r.bottom <= innerHeight })()`, &inView),
	)
	if !strings.Contains(notice, "Going viral") || !inView {
		t.Errorf("the saved notice %q is on screen: %v", notice, inView)
	}

	// A milestone rule: the spike fields go away but its threshold, the
	// views it tells of, which starts at 100,000; e-mail off without a
	// channel is refused before anything is sent, and with e-mail on the
	// rule is saved and listed with its threshold.
	var spikeFields int
	var milestone, eventCell string
	do(t, ctx, "save a milestone rule",
		typeInto(`form[aria-label="Alert rule"] input[name=name]`, "Quarter million"),
		setValue(`form[aria-label="Alert rule"] select[name=eventType]`, "video.milestone"),
		chromedp.Evaluate(`document.querySelector('form[aria-label="Alert rule"] select[name=eventType]').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		waitNotPresent(`form[aria-label="Alert rule"] select[name=metric]`),
		chromedp.Evaluate(`document.querySelectorAll('form[aria-label="Alert rule"] select[name=metric], form[aria-label="Alert rule"] input[name=windowHours]').length`, &spikeFields),
		readValue(`form[aria-label="Alert rule"] input[name=threshold]`, &milestone),
		typeInto(`form[aria-label="Alert rule"] input[name=threshold]`, "250000"),
		click(`form[aria-label="Alert rule"] input[name=email]`),
		click(`form[aria-label="Alert rule"] button[type=submit]`),
		waitVisible(`#alert-channelIds-error`),
		click(`form[aria-label="Alert rule"] input[name=email]`),
		click(`form[aria-label="Alert rule"] button[type=submit]`),
		waitVisible(`//tr[.//strong[text()="Quarter million"]]`),
		readText(`//tr[.//strong[text()="Quarter million"]]/td[contains(@class, "cond")]`, &eventCell),
	)
	if spikeFields != 0 || milestone != "100000" || eventCell != "a video passes 250,000 views" {
		t.Errorf("a milestone rule: %d spike fields shown, starts at %q views, listed as %q", spikeFields, milestone, eventCell)
	}

	// An outlier rule: its one field, the least multiplier, starts at 3 with
	// the spike fields gone; below 2 is refused before anything is sent.
	var outlierFields, threshold, said, outlierCell string
	do(t, ctx, "save an outlier rule",
		typeInto(`form[aria-label="Alert rule"] input[name=name]`, "Outliers"),
		setValue(`form[aria-label="Alert rule"] select[name=eventType]`, "video.outlier"),
		chromedp.Evaluate(`document.querySelector('form[aria-label="Alert rule"] select[name=eventType]').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		waitVisible(`form[aria-label="Alert rule"] input[name=threshold]`),
		chromedp.Evaluate(`[...document.querySelectorAll('form[aria-label="Alert rule"] select[name=metric], form[aria-label="Alert rule"] select[name=condition], form[aria-label="Alert rule"] input[name=windowHours], form[aria-label="Alert rule"] input[name=cooldownHours]')].length + ''`, &outlierFields),
		readValue(`form[aria-label="Alert rule"] input[name=threshold]`, &threshold),
		typeInto(`form[aria-label="Alert rule"] input[name=threshold]`, "1.5"),
		click(`form[aria-label="Alert rule"] button[type=submit]`),
		waitVisible(`#alert-threshold-error`),
		readText(`#alert-threshold-error`, &said),
		typeInto(`form[aria-label="Alert rule"] input[name=threshold]`, "4"),
		click(`form[aria-label="Alert rule"] button[type=submit]`),
		waitVisible(`//tr[.//strong[text()="Outliers"]]`),
		readText(`//tr[.//strong[text()="Outliers"]]/td[contains(@class, "cond")]`, &outlierCell),
	)
	if outlierFields != "0" || threshold != "3" {
		t.Errorf("an outlier rule's form shows %s spike fields and starts at %q×, want none and 3", outlierFields, threshold)
	}
	if !strings.Contains(said, "from 2 to 1000") {
		t.Errorf("a multiplier of 1.5 is refused with %q, want that it must be from 2 to 1000", said)
	}
	if outlierCell != "views ≥ 4× the account’s median at the same age" {
		t.Errorf("the outlier rule is listed as %q", outlierCell)
	}

	// An alert of a new video, published inside the window.
	var v struct {
		ID    string `json:"id"`
		JobID string `json:"job_id"`
	}
	s.send(cookie, "POST", "/track", `{"url":"https://www.tiktok.com/@alerts.page/video/7301234567890123488"}`, &v)
	// its first scrape first: the scrape writes the caption and the
	// publication time the lines below set
	s.waitFirstScrapes(cookie, 1)
	var rules struct {
		Rules []struct {
			ID   string `json:"id"`
			Name string `json:"name"`
		} `json:"rules"`
	}
	s.api(cookie, "GET", "/alerts", &rules)
	spikeRule := ""
	for _, r := range rules.Rules {
		if r.Name == "Going viral" {
			spikeRule = r.ID
		}
	}
	ws := s.workspace(cookie)
	now := time.Now().UTC()
	pg := func(sql string, args ...any) {
		t.Helper()
		if _, err := env.PG.Exec(context.Background(), sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	pg(`UPDATE videos SET caption = 'Five-minute breakfast', published_at = $2 WHERE id = $1`, v.ID, now.Add(-2*time.Hour))
	pg(`INSERT INTO alert_events (id, workspace_id, rule_id, video_id, triggered_at, metric, window_start, window_end, start_value, end_value, gain)
		VALUES ($1, $2, $3, $4, $5, 'views', $6, $5, 0, 22300, 22300)`, uuid.New(), ws.ID, spikeRule, v.ID, now, now.Add(-6*time.Hour))
	var caption, href, span, note string
	do(t, ctx, "the alert list",
		chromedp.Navigate(s.base+"/alerts"),
		waitVisible(`[data-testid="event-caption"]`),
		readText(`[data-testid="event-caption"]`, &caption),
		readAttribute(`[data-testid="event-caption"]`, "href", &href, nil),
		readText(`[data-testid="gain-span"]`, &span),
		readText(`[data-testid="gain-note"]`, &note),
	)
	if caption != "Five-minute breakfast" || href != "/videos/"+v.ID {
		t.Errorf("the alert names its video %q linking to %q", caption, href)
	}
	if span != "since it was published" || !strings.Contains(note, "first scrape") {
		t.Errorf("the alert's gain says %q, its note %q", span, note)
	}
}
