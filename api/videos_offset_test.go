package api_test

import (
	"net/url"
	"testing"
)

// TestVideosOffsetPastTheEnd: a page past the last video answers 200 with
// no videos, the total and the offset asked, so that the dashboard can
// say the page is empty and offer the last one.
func TestVideosOffsetPastTheEnd(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	var all videoList
	d.get(t, "/api/videos", nil, &all)
	if all.Total == 0 || all.Total >= 500 {
		t.Fatalf("fixture has %d videos", all.Total)
	}
	var past videoList
	d.get(t, "/api/videos", url.Values{"offset": {"500"}}, &past)
	if len(past.Videos) != 0 || past.Total != all.Total || past.Offset != 500 || past.Limit != all.Limit {
		t.Errorf("offset 500 of %d videos: %d videos, total %d, offset %d, limit %d", all.Total, len(past.Videos), past.Total, past.Offset, past.Limit)
	}
}
