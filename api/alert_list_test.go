package api_test

import (
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
)

// TestEmptyAlertFormNamesEveryField: a new rule with nothing filled in, or
// with some fields bad and others missing, is a 400 that names every bad
// field at once, so the form can mark them all.
func TestEmptyAlertFormNamesEveryField(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	c := a.signUp(uniqueEmail("alertform"))
	a.bootstrap(c)
	for _, tc := range []struct {
		body   map[string]any
		fields []string
	}{
		{map[string]any{}, []string{"name", "metric", "condition", "threshold", "windowHours"}},
		// the dashboard's empty form: an empty name, no threshold
		{map[string]any{"name": "", "metric": "views", "condition": "gain", "windowHours": 24, "minStartValue": 0, "cooldownHours": 24,
			"recipients": []string{}, "collectionId": nil, "platform": nil, "enabled": true}, []string{"name", "threshold"}},
		{map[string]any{"name": " ", "metric": "plays", "windowHours": 500, "cooldownHours": -1}, []string{"name", "metric", "condition", "threshold", "windowHours", "cooldownHours"}},
	} {
		e := a.request("POST", "/api/alerts", tc.body, c).expectError(t, 400, "invalid_request")
		var got []string
		for f := range e.Fields {
			got = append(got, f)
		}
		slices.Sort(got)
		want := slices.Clone(tc.fields)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%v: the 400 names %v, want %v", tc.body, got, want)
		}
	}
}

// TestAlertEventsNameTheVideo: each alert names its video (caption, handle,
// link) and says whether its gain counts from publishing, which is why a
// new video's alert can show a gain the lists, counting from its first
// scrape, do not.
func TestAlertEventsNameTheVideo(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingApp(t)
	c := a.signUp(uniqueEmail("alertlist"))
	ws := a.bootstrap(c).Workspace
	var v trackOut
	a.request("POST", "/api/track", map[string]string{"url": "https://www.tiktok.com/@alert.list/video/7301234567890123411"}, c).expect(t, 200).decode(t, &v)
	waitJob(t, v.JobID)
	published := time.Now().Add(-3 * time.Hour).UTC().Truncate(time.Second)
	exec(t, `UPDATE videos SET caption = 'Morning routine in 30 seconds', published_at = $2 WHERE id = $1`, v.ID, published)
	var rule struct{ ID uuid.UUID }
	a.request("POST", "/api/alerts", map[string]any{"name": "Fast", "metric": "views", "condition": "gain", "threshold": 1000, "windowHours": 6}, c).
		expect(t, 200).decode(t, &rule)
	now := time.Now().UTC()
	insert := func(start time.Time, startValue int64) {
		exec(t, `INSERT INTO alert_events (id, workspace_id, rule_id, video_id, triggered_at, metric, window_start, window_end, start_value, end_value, gain)
			VALUES ($1, $2, $3, $4, $5, 'views', $6, $5, $7::bigint, 22300, 22300 - $7::bigint)`, uuid.New(), ws.ID, rule.ID, v.ID, now, start, startValue)
	}
	insert(now.Add(-6*time.Hour), 0)        // published inside the window: from 0
	insert(published.Add(time.Hour), 10000) // a window after publishing
	var out struct {
		Events []struct {
			VideoID        uuid.UUID `json:"videoId"`
			VideoCaption   string    `json:"videoCaption"`
			AccountHandle  string    `json:"accountHandle"`
			StartValue     int64     `json:"startValue"`
			SincePublished bool      `json:"sincePublished"`
		} `json:"events"`
	}
	a.request("GET", "/api/alerts/events", nil, c).expect(t, 200).decode(t, &out)
	if len(out.Events) != 2 {
		t.Fatalf("%d events, want 2", len(out.Events))
	}
	for _, e := range out.Events {
		if e.VideoID != v.ID || e.VideoCaption != "Morning routine in 30 seconds" || e.AccountHandle != "alert.list" {
			t.Errorf("event names video %s %q @%s, want %s with its caption and handle", e.VideoID, e.VideoCaption, e.AccountHandle, v.ID)
		}
		if e.SincePublished != (e.StartValue == 0) {
			t.Errorf("event from %d: sincePublished %v", e.StartValue, e.SincePublished)
		}
	}
}
