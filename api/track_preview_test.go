package api_test

import (
	"fmt"
	"slices"
	"testing"
)

// bulkOut is one URL's answer in a bulk track, with what an account got.
type bulkOut struct {
	Success       bool   `json:"success"`
	URL           string `json:"url"`
	Type          string `json:"type"`
	ID            string `json:"id"`
	JobID         string `json:"job_id"`
	Existing      bool   `json:"existing"`
	TrackingLimit *int   `json:"tracking_limit"`
	Error         *struct{ Code, Message string }
}

// got is what a result says a link gets: "account 10", "video",
// "refused forbidden".
func (r bulkOut) got() string {
	switch {
	case r.Error != nil:
		return "refused " + r.Error.Code
	case r.TrackingLimit != nil:
		return fmt.Sprintf("%s %d", r.Type, *r.TrackingLimit)
	}
	return r.Type
}

// TestTrackBulkDryRunPromisesWhatTheSubmitDoes: on a trial (50 videos), 5
// accounts and 2 videos pasted at once share what is left between the
// accounts; the dry run answers each link's outcome and the limits the
// accounts would get, writing nothing (no row, no job, the same data
// version); the submit of the same list then gives exactly that, nothing
// refused, and each result carries the account's limit.
func TestTrackBulkDryRunPromisesWhatTheSubmitDoes(t *testing.T) {
	t.Parallel()
	a, _ := newScrapingApp(t)
	c := a.signUp(uniqueEmail("preview"))
	ws := a.bootstrap(c).Workspace
	urls := []string{
		"https://www.tiktok.com/@dry.one",
		"https://www.youtube.com/shorts/dryRunVid01",
		"https://www.instagram.com/dry.two/",
		"https://x.com/dry_three",
		"https://www.youtube.com/@DryFour",
		"https://www.tiktok.com/@dry.five",
		"https://www.tiktok.com/@dry.one/video/7301234567890129001",
	}
	written := func() string {
		return fmt.Sprintf("%d videos, %d accounts, %d jobs, version %d",
			count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1`, ws.ID),
			count(t, `SELECT count(*) FROM accounts WHERE workspace_id = $1`, ws.ID),
			count(t, `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1`, ws.ID),
			count(t, `SELECT data_version FROM workspaces WHERE id = $1`, ws.ID))
	}
	var answer struct {
		Results []bulkOut `json:"results"`
		DryRun  bool      `json:"dry_run"`
	}
	before := written()
	a.request("POST", "/api/track/bulk", map[string]any{"urls": urls, "dry_run": true}, c).expect(t, 200).decode(t, &answer)
	if after := written(); after != before {
		t.Fatalf("the dry run wrote: %s, then %s", before, after)
	}
	// 50 left, 2 videos: 48 for 5 accounts
	want := []string{"account 10", "video", "account 10", "account 10", "account 9", "account 9", "video"}
	var promised []string
	for _, r := range answer.Results {
		promised = append(promised, r.got())
		if r.ID != "" || r.JobID != "" {
			t.Errorf("the dry run's new item %s has an id or a job: %+v", r.URL, r)
		}
	}
	if !answer.DryRun || !slices.Equal(promised, want) {
		t.Fatalf("the dry run (dry_run %t) promises %q, want %q", answer.DryRun, promised, want)
	}

	a.request("POST", "/api/track/bulk", map[string]any{"urls": urls}, c).expect(t, 200).decode(t, &answer)
	var did []string
	for _, r := range answer.Results {
		did = append(did, r.got())
		if !r.Success || r.ID == "" || r.JobID == "" {
			t.Errorf("the submit of %s: %+v", r.URL, r)
		}
	}
	if answer.DryRun || !slices.Equal(did, promised) {
		t.Fatalf("the submit (dry_run %t) did %q, the dry run promised %q", answer.DryRun, did, promised)
	}
	if got := a.bootstrap(c).Workspace.Usage.Videos; got != 50 {
		t.Errorf("%d of 50 videos in use after the submit, want all of them", got)
	}
}
