package api_test

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// wantPoints recomputes a video's series from its raw snapshots: a point
// per bucket with a snapshot from start on, each metric the last value
// recorded in the bucket.
func wantPoints(h []rawSnapshot, step time.Duration, start time.Time) []numbers.VideoPoint {
	var out []numbers.VideoPoint
	for _, s := range h {
		b := s.at.UTC().Truncate(step)
		if b.Before(start) {
			continue
		}
		if len(out) == 0 || !out[len(out)-1].T.Equal(b) {
			out = append(out, numbers.VideoPoint{T: b})
		}
		p := &out[len(out)-1]
		for i, dst := range []**uint64{&p.Views, &p.Likes, &p.Comments, &p.Shares, &p.Saves} {
			if s.metrics[i] != nil {
				*dst = s.metrics[i]
			}
		}
	}
	return out
}

func asJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func checkPoints(t *testing.T, name string, got, want []numbers.VideoPoint) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d points, raw snapshots give %d", name, len(got), len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if !g.T.Equal(w.T) || !ptrEq(g.Views, w.Views) || !ptrEq(g.Likes, w.Likes) || !ptrEq(g.Comments, w.Comments) ||
			!ptrEq(g.Shares, w.Shares) || !ptrEq(g.Saves, w.Saves) {
			t.Fatalf("%s point %d: got %s %s/%s/%s/%s/%s, raw snapshots say %s %s/%s/%s/%s/%s", name, i,
				g.T, show(g.Views), show(g.Likes), show(g.Comments), show(g.Shares), show(g.Saves),
				w.T, show(w.Views), show(w.Likes), show(w.Comments), show(w.Shares), show(w.Saves))
		}
	}
}

func TestVideoAgreesWithListAndRawSnapshots(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	hist := d.history(t, "video")
	var list videoList
	d.get(t, "/api/videos", map[string][]string{"limit": {"500"}}, &list)
	listed := map[uuid.UUID]numbers.Video{}
	for _, v := range list.Videos {
		listed[v.ID] = v
	}
	hourStart := dashNow.Truncate(time.Hour).Add(-(30*24 - 1) * time.Hour)
	for _, key := range []string{"v1", "v2", "v3", "v4", "v6"} {
		id := d.videos[key]
		var got numbers.VideoDetail
		d.get(t, "/api/videos/"+id.String(), nil, &got)
		// the list's row has its sparkline besides; the page has the series
		row := listed[id]
		row.Views7d = nil
		if g, w := asJSON(t, got.Video), asJSON(t, row); g != w {
			t.Errorf("%s: detail shows %s, the list %s", key, g, w)
		}
		h := hist[id]
		checkPoints(t, key+" daily", got.Daily, wantPoints(h, 24*time.Hour, time.Time{}))
		checkPoints(t, key+" hourly", got.Hourly, wantPoints(h, time.Hour, hourStart))
		if got.History == nil {
			t.Errorf("%s: history is null, want a list", key)
		}
	}
	// v6 spans 40 days: the hour series stops at 30, the day series does not
	var v6 numbers.VideoDetail
	d.get(t, "/api/videos/"+d.videos["v6"].String(), nil, &v6)
	if len(v6.Daily) != 41 || len(v6.Hourly) != 30 || v6.Daily[0].Shares != nil || v6.Daily[0].Views == nil {
		t.Errorf("v6: %d days, %d hours, first day %+v; want 41 days, 30 hours, shares null", len(v6.Daily), len(v6.Hourly), v6.Daily[0])
	}
}

func TestVideoHistory(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	job := func(kind platform.Kind, entity uuid.UUID, status domain.Job, errText, reason string, at time.Time, givenUp bool) uuid.UUID {
		o := testenv.JobOptions{Actor: "a", Reason: reason, Status: status, Error: errText, Attempts: 1, CreatedAt: at, UpdatedAt: at,
			Targets: []testenv.JobTarget{{Kind: kind, ID: entity}}}
		if givenUp {
			o.GivenUpAt = at
		}
		if status == domain.JobProcessed {
			o.ScrapedAt = at
		}
		return env.Job(t, d.ws, o)
	}
	v1, acc1 := d.videos["v1"], d.accounts["acc1"]
	// v1 was added 15 days ago: its account's scrapes before that did not cover it
	job("account", acc1, "processed", "", "track", dashNow.Add(-20*24*time.Hour), false)
	found := job("account", acc1, "processed", "", "refresh", dashNow.Add(-15*24*time.Hour), false)
	failed := job("account", acc1, "failed", "the profile is private", "refresh", dashNow.Add(-2*time.Hour), true)
	own := job("video", v1, "running", "", "refresh", dashNow.Add(-time.Hour), false)
	// another video's job
	job("video", d.videos["v3"], "queued", "", "track", dashNow.Add(-time.Minute), false)
	// many jobs: only the 50 newest are listed
	for i := range 60 {
		job("video", d.videos["v4"], "processed", "", "refresh", dashNow.Add(-time.Duration(i+10)*time.Hour), false)
	}
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)

	var got numbers.VideoDetail
	d.get(t, "/api/videos/"+v1.String(), nil, &got)
	var ids []uuid.UUID
	for _, s := range got.History {
		ids = append(ids, s.JobID)
	}
	if fmt.Sprint(ids) != fmt.Sprint([]uuid.UUID{own, failed, found}) {
		t.Fatalf("history %v, want %v", ids, []uuid.UUID{own, failed, found})
	}
	f := got.History[1]
	if f.Status != "failed" || f.Reason != "the profile is private" || !f.GivenUp || f.Via != "account" || f.Trigger != "refresh" ||
		!f.At.Equal(dashNow.Add(-2*time.Hour)) || f.ScrapedAt != nil {
		t.Errorf("failed scrape shown as %+v", f)
	}
	if o := got.History[0]; o.Status != "running" || o.Via != "video" || o.GivenUp || o.Reason != "" {
		t.Errorf("own scrape shown as %+v", o)
	}
	if p := got.History[2]; p.Status != "processed" || p.ScrapedAt == nil || !p.ScrapedAt.Equal(dashNow.Add(-15*24*time.Hour)) {
		t.Errorf("processed scrape shown as %+v", p)
	}

	var v4 numbers.VideoDetail
	d.get(t, "/api/videos/"+d.videos["v4"].String(), nil, &v4)
	if len(v4.History) != numbers.MaxVideoHistory || !v4.History[0].At.Equal(dashNow.Add(-10*time.Hour)) ||
		!v4.History[49].At.Equal(dashNow.Add(-59*time.Hour)) {
		t.Errorf("v4: %d scrapes, newest %v", len(v4.History), v4.History[0].At)
	}
}

func TestVideoErrors(t *testing.T) {
	t.Parallel()
	d := seedDashboard(t)
	other := seedDashboard(t)
	// another workspace's video, a removed account's video, and no video
	d.app.request("GET", "/api/videos/"+other.videos["v1"].String(), nil, d.cookie).expectError(t, 404, "not_found")
	d.app.request("GET", "/api/videos/"+d.videos["v5"].String(), nil, d.cookie).expectError(t, 404, "not_found")
	d.app.request("GET", "/api/videos/"+uuid.NewString(), nil, d.cookie).expectError(t, 404, "not_found")
	d.app.request("GET", "/api/videos/nope", nil, d.cookie).expectError(t, 400, "invalid_request")
	d.app.request("GET", "/api/videos/"+d.videos["v1"].String()+"?granularity=hour", nil, d.cookie).expectError(t, 400, "invalid_request")
	d.app.request("GET", "/api/videos/"+d.videos["v1"].String(), nil).expectError(t, 401, "unauthenticated")

	// removing the account hides its videos here too, right away
	d.app.request("GET", "/api/videos/"+d.videos["v1"].String(), nil, d.cookie).expect(t, 200)
	d.app.request("DELETE", "/api/accounts/"+d.accounts["acc1"].String(), nil, d.cookie).expect(t, 200)
	d.app.request("GET", "/api/videos/"+d.videos["v1"].String(), nil, d.cookie).expectError(t, 404, "not_found")
}
