package api_test

import (
	"context"
	"math"
	"net/url"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// accountVideos says which fixture videos each account found.
var accountVideos = map[string][]string{
	"acc1": {"v1", "v2"},
	"acc2": {"v5"},
	"acc3": {"v7", "v8", "v9", "v10"},
	"acc4": nil,
}

// seedAccounts is the dashboard fixture plus two accounts: acc3 (YouTube,
// active) whose followers have a gap, a dip and a first snapshot without
// followers, with videos that have hidden metrics, no snapshots, or zero
// views; and acc4 (X, paused) that was never scraped.
func seedAccounts(t *testing.T) *dashboard {
	t.Helper()
	d := seedDashboard(t)
	day := dashNow.Truncate(24 * time.Hour)
	lastScraped := day.Add(9 * time.Hour)
	d.accounts["acc3"] = env.Account(t, d.ws, testenv.AccountOptions{Platform: platform.YouTube, Handle: "acc3", URL: "https://example.com/acc3",
		DisplayName: "Account Three", Status: domain.ItemActive, CreatedAt: dashNow.Add(-30 * 24 * time.Hour), LastScrapedAt: lastScraped})
	d.accounts["acc4"] = env.Account(t, d.ws, testenv.AccountOptions{Platform: platform.X, Handle: "acc4", URL: "https://example.com/acc4",
		Status: domain.ItemPaused, CreatedAt: dashNow.Add(-24 * time.Hour)})
	published := map[string]time.Time{
		"v7":  day.AddDate(0, 0, -40).Add(18*time.Hour + 20*time.Minute),
		"v8":  day.AddDate(0, 0, -9).Add(6*time.Hour + 10*time.Minute),
		"v9":  day.AddDate(0, 0, -2).Add(23*time.Hour + 45*time.Minute),
		"v10": day.AddDate(0, 0, -1).Add(18*time.Hour + 5*time.Minute),
	}
	for _, k := range accountVideos["acc3"] {
		d.videos[k] = env.Video(t, d.ws, testenv.VideoOptions{Platform: platform.YouTube, PlatformID: k, URL: "https://example.com/v/" + k,
			AccountID: d.accounts["acc3"], AccountHandle: "acc3", Caption: "caption of " + k, Status: domain.ItemActive,
			PublishedAt: published[k], CreatedAt: published[k].Add(time.Hour)})
	}

	var snaps []ingest.Snapshot
	add := func(kind platform.Kind, key string, at time.Time, m ingest.Metrics, followers *uint64) {
		id, acc := d.videos[key], d.accounts["acc3"]
		if kind == platform.Account {
			id = d.accounts[key]
		}
		snaps = append(snaps, ingest.Snapshot{WorkspaceID: d.ws, Platform: platform.YouTube, Kind: kind, EntityID: id,
			AccountID: acc, ScrapedAt: at, Metrics: m, Followers: followers, JobID: uuid.New()})
	}
	// acc3: daily at 09:00 for 35 days; none on days 20 to 16; no
	// followers on the first day; a dip on day 10
	for n := 35; n >= 0; n-- {
		if n <= 20 && n >= 16 {
			continue
		}
		f := u64(uint64(800 + (35-n)*12))
		switch n {
		case 35:
			f = nil
		case 10:
			f = u64(700)
		}
		add(platform.Account, "acc3", day.AddDate(0, 0, -n).Add(9*time.Hour), ingest.Metrics{}, f)
	}
	// v7: daily at 12:00 for 38 days; YouTube hides shares
	for n := 38; n >= 0; n-- {
		at := day.AddDate(0, 0, -n).Add(12 * time.Hour)
		if at.After(dashNow) {
			continue
		}
		v := uint64(2000 + (38-n)*150)
		add(platform.Video, "v7", at, ingest.Metrics{Views: u64(v), Likes: u64(v / 20), Comments: u64(7)}, nil)
	}
	// v8: every 12 hours for 8 days; likes hidden
	for k := 0; k <= 16; k++ {
		at := dashNow.Add(-8*24*time.Hour + time.Duration(k)*12*time.Hour)
		add(platform.Video, "v8", at, ingest.Metrics{Views: u64(uint64(300 + k*90)), Comments: u64(uint64(k)), Shares: u64(1)}, nil)
	}
	// v9: never scraped. v10: scraped three times, no views counted yet
	// (but likes: counts lag on YouTube)
	for h := 20; h > 0; h -= 8 {
		add(platform.Video, "v10", dashNow.Add(-time.Duration(h)*time.Hour), ingest.Metrics{Views: u64(0), Likes: u64(2)}, nil)
	}
	ctx := context.Background()
	w := ingest.NewSnapshotWriter(env.CH, 500, time.Now())
	for _, s := range snaps {
		if err := w.Add(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
	return d
}

func (d *dashboard) key(id uuid.UUID) string {
	for k, v := range d.accounts {
		if v == id {
			return k
		}
	}
	return id.String()
}

func (d *dashboard) accountList(t *testing.T, params url.Values) numbers.AccountList {
	t.Helper()
	var l numbers.AccountList
	d.get(t, "/api/accounts", params, &l)
	return l
}

func (d *dashboard) accountKeys(l numbers.AccountList) []string {
	var out []string
	for _, a := range l.Accounts {
		out = append(out, d.key(a.ID))
	}
	return out
}

func floatEq(a *float64, b *float64) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return math.Abs(*a-*b) <= 1e-9*math.Max(1, math.Abs(*b))
}

func fptr(f float64) *float64 { return &f }

// wantAccount recomputes an account's derived figures from the raw
// snapshots of the account and of the videos the fixture gave it.
func (d *dashboard) wantAccount(key string, accHist, vidHist map[uuid.UUID][]rawSnapshot) numbers.Account {
	c7 := dashNow.Truncate(24*time.Hour).AddDate(0, 0, -6)
	c30 := dashNow.Truncate(24*time.Hour).AddDate(0, 0, -29)
	h := accHist[d.accounts[key]]
	w := numbers.Account{
		Followers:          latest(h, 5),
		FollowersGained7d:  gainSince(h, 5, c7),
		FollowersGained30d: gainSince(h, 5, c30),
		TrackedVideos:      len(accountVideos[key]),
	}
	var inter, rated, total, saves uint64
	var withViews int
	var gained int64
	w.VideosWithViews, w.TotalViews, w.ViewsGained7d = &withViews, &total, &gained
	w.Views7d = make([]*int64, chread.SparkDays)
	for _, v := range accountVideos[key] {
		vh := vidHist[d.videos[v]]
		for i, g := range dailyViews(vh, dashNow) {
			if g != nil {
				if w.Views7d[i] == nil {
					w.Views7d[i] = new(int64)
				}
				*w.Views7d[i] += *g
			}
		}
		if x := latest(vh, 4); x != nil {
			saves += *x
			w.TotalSaves = &saves
		}
		views := latest(vh, 0)
		if views == nil {
			continue
		}
		withViews++
		total += *views
		// a video whose likes are hidden has no rate
		if *views > 0 && latest(vh, 1) != nil {
			rated += *views
			for m := 1; m <= 4; m++ {
				if x := latest(vh, m); x != nil {
					inter += *x
				}
			}
		}
		if g := gainSince(vh, 0, c7); g != nil {
			gained += *g
		}
	}
	if withViews > 0 {
		w.AverageViews = fptr(float64(total) / float64(withViews))
	}
	if rated > 0 {
		w.EngagementRate = fptr(float64(inter) * 100 / float64(rated))
	}
	return w
}

func (d *dashboard) checkAccount(t *testing.T, got numbers.Account, accHist, vidHist map[uuid.UUID][]rawSnapshot) {
	t.Helper()
	key := d.key(got.ID)
	w := d.wantAccount(key, accHist, vidHist)
	if !ptrEq(got.Followers, w.Followers) || !ptrEq(got.FollowersGained7d, w.FollowersGained7d) || !ptrEq(got.FollowersGained30d, w.FollowersGained30d) {
		t.Errorf("%s followers %s, gained 7d %s, 30d %s; raw snapshots say %s, %s, %s", key,
			show(got.Followers), show(got.FollowersGained7d), show(got.FollowersGained30d),
			show(w.Followers), show(w.FollowersGained7d), show(w.FollowersGained30d))
	}
	if got.TrackedVideos != w.TrackedVideos || !ptrEq(got.VideosWithViews, w.VideosWithViews) || !ptrEq(got.TotalViews, w.TotalViews) || !ptrEq(got.ViewsGained7d, w.ViewsGained7d) {
		t.Errorf("%s videos %d (%s with views), views %s, gained 7d %s; raw snapshots say %d (%s), %s, %s", key,
			got.TrackedVideos, show(got.VideosWithViews), show(got.TotalViews), show(got.ViewsGained7d),
			w.TrackedVideos, show(w.VideosWithViews), show(w.TotalViews), show(w.ViewsGained7d))
	}
	// views7d is in the list only, not in one account's answer
	if got.Views7d != nil && !slices.EqualFunc(got.Views7d, w.Views7d, ptrEq) {
		t.Errorf("%s views7d %s; raw snapshots say %s", key, showDays(got.Views7d), showDays(w.Views7d))
	}
	if got.VideosWithViews != nil && !ptrEq(got.TotalSaves, w.TotalSaves) {
		t.Errorf("%s saves %s; raw snapshots say %s", key, show(got.TotalSaves), show(w.TotalSaves))
	}
	if !floatEq(got.AverageViews, w.AverageViews) || !floatEq(got.EngagementRate, w.EngagementRate) {
		t.Errorf("%s average views %s, engagement %s; raw snapshots say %s, %s", key,
			show(got.AverageViews), show(got.EngagementRate), show(w.AverageViews), show(w.EngagementRate))
	}
}

func TestAccountsAgreeWithRawSnapshots(t *testing.T) {
	t.Parallel()
	d := seedAccounts(t)
	accHist, vidHist := d.history(t, "account"), d.history(t, "video")
	l := d.accountList(t, nil)
	// acc2 is removed; the paused and the never scraped accounts are listed
	if got := d.accountKeys(l); l.Total != 3 || !slices.Equal(got, []string{"acc1", "acc3", "acc4"}) {
		t.Fatalf("accounts %v (total %d), want acc1, acc3, acc4 by followers", got, l.Total)
	}
	for _, a := range l.Accounts {
		if len(a.Views7d) != chread.SparkDays {
			t.Errorf("%s views7d has %d days, want %d", d.key(a.ID), len(a.Views7d), chread.SparkDays)
		}
		d.checkAccount(t, a, accHist, vidHist)
	}
	a3 := l.Accounts[1]
	if a3.Platform != "youtube" || a3.Handle != "acc3" || a3.DisplayName != "Account Three" || a3.Status != "active" ||
		a3.TrackingLimit != 30 || a3.CollectionID != nil || a3.URL != "https://example.com/acc3" {
		t.Errorf("acc3 row %+v", a3)
	}
	if a3.LastScrapedAt == nil || !a3.LastScrapedAt.Equal(dashNow.Truncate(24*time.Hour).Add(9*time.Hour)) ||
		!a3.AddedAt.Equal(dashNow.Add(-30*24*time.Hour)) {
		t.Errorf("acc3 lastScrapedAt %v, addedAt %v", a3.LastScrapedAt, a3.AddedAt)
	}
	if three := 3; !ptrEq(a3.VideosWithViews, &three) || a3.TrackedVideos != 4 {
		t.Errorf("acc3 has %d videos, %s with views; want 4 and 3", a3.TrackedVideos, show(a3.VideosWithViews))
	}
	a1 := l.Accounts[0]
	if a1.CollectionID == nil || *a1.CollectionID != d.collection || a1.Status != "active" || a1.Platform != "tiktok" {
		t.Errorf("acc1 row %+v", a1)
	}
	a4 := l.Accounts[2]
	if a4.Status != "paused" || a4.Followers != nil || a4.FollowersGained7d != nil || a4.TrackedVideos != 0 ||
		a4.AverageViews != nil || a4.EngagementRate != nil || a4.LastScrapedAt != nil {
		t.Errorf("acc4 row %+v", a4)
	}
}

func TestAccountsFiltersAndSort(t *testing.T) {
	t.Parallel()
	d := seedAccounts(t)
	accHist, vidHist := d.history(t, "account"), d.history(t, "video")
	cases := []struct {
		params url.Values
		want   []string
	}{
		{url.Values{"platforms": {"youtube"}}, []string{"acc3"}},
		{url.Values{"platforms": {"x,TikTok"}}, []string{"acc1", "acc4"}},
		{url.Values{"platforms": {"instagram"}}, nil},
		{url.Values{"collectionId": {d.collection.String()}}, []string{"acc1"}},
		{url.Values{"sort": {"added"}}, []string{"acc4", "acc3", "acc1"}},
		{url.Values{"sort": {"videos"}}, []string{"acc3", "acc1", "acc4"}},
	}
	for _, c := range cases {
		if got := d.accountKeys(d.accountList(t, c.params)); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %v, want %v", c.params.Encode(), got, c.want)
		}
	}
	// every sort orders by its recomputed value, highest first, nil last
	value := map[string]func(numbers.Account) *float64{
		"followers": func(a numbers.Account) *float64 { return toF(a.Followers) },
		"followersGained7d": func(a numbers.Account) *float64 {
			return toF(a.FollowersGained7d)
		},
		"views":      func(a numbers.Account) *float64 { return toF(a.TotalViews) },
		"gained7d":   func(a numbers.Account) *float64 { return toF(a.ViewsGained7d) },
		"saves":      func(a numbers.Account) *float64 { return toF(a.TotalSaves) },
		"engagement": func(a numbers.Account) *float64 { return a.EngagementRate },
	}
	for sortBy, f := range value {
		l := d.accountList(t, url.Values{"sort": {sortBy}})
		for i := 1; i < len(l.Accounts); i++ {
			a := f(d.wantAccount(d.key(l.Accounts[i-1].ID), accHist, vidHist))
			b := f(d.wantAccount(d.key(l.Accounts[i].ID), accHist, vidHist))
			if a == nil && b != nil || a != nil && b != nil && *a < *b {
				t.Errorf("sort=%s: %v not in order", sortBy, d.accountKeys(l))
			}
		}
	}
	for _, q := range []string{"sort=random", "sort=", "platforms=myspace", "collectionId=nope", "datePreset=7d", "limit=5"} {
		res := d.app.request("GET", "/api/accounts?"+q, nil, d.cookie)
		if q == "sort=" {
			res.expect(t, 200) // empty is the default
			continue
		}
		res.expectError(t, 400, "invalid_request")
	}
	other := seedDashboard(t)
	d.app.request("GET", "/api/accounts?collectionId="+other.collection.String(), nil, d.cookie).expectError(t, 404, "not_found")
}

func toF[T int64 | uint64](p *T) *float64 {
	if p == nil {
		return nil
	}
	f := float64(*p)
	return &f
}

func (d *dashboard) patch(t *testing.T, key string, body any) response {
	t.Helper()
	return d.app.request("PATCH", "/api/accounts/"+d.accounts[key].String(), body, d.cookie)
}

func (d *dashboard) usage(t *testing.T) int {
	t.Helper()
	return d.app.bootstrap(d.cookie).Workspace.Usage.Videos
}

func (d *dashboard) dataVersion(t *testing.T) int {
	t.Helper()
	return count(t, `SELECT data_version FROM workspaces WHERE id = $1`, d.ws)
}

func (d *dashboard) listed(t *testing.T, key string) *numbers.Account {
	t.Helper()
	for _, a := range d.accountList(t, nil).Accounts {
		if a.ID == d.accounts[key] {
			return &a
		}
	}
	return nil
}

func TestPatchAccount(t *testing.T) {
	t.Parallel()
	d := seedAccounts(t)
	accHist, vidHist := d.history(t, "account"), d.history(t, "video")
	// 3 individually tracked videos + 30 for each of acc1, acc3 and acc4
	if u := d.usage(t); u != 93 {
		t.Fatalf("usage %d, want 93", u)
	}
	if a := d.listed(t, "acc1"); a == nil || a.Status != "active" { // now cached
		t.Fatalf("acc1 listed as %+v", a)
	}

	var got numbers.Account
	d.patch(t, "acc1", map[string]any{"status": "paused"}).expect(t, 200).decode(t, &got)
	if got.ID != d.accounts["acc1"] || got.Status != "paused" || got.TrackingLimit != 30 {
		t.Fatalf("patched %+v", got)
	}
	d.checkAccount(t, got, accHist, vidHist)
	if a := d.listed(t, "acc1"); a == nil || a.Status != "paused" {
		t.Fatalf("after the change the list shows %+v", a)
	}
	if u := d.usage(t); u != 93 {
		t.Errorf("pausing changed the usage to %d", u)
	}

	d.patch(t, "acc1", map[string]any{"tracking_limit": 45, "status": "active"}).expect(t, 200).decode(t, &got)
	if got.Status != "active" || got.TrackingLimit != 45 {
		t.Fatalf("patched %+v", got)
	}
	if a := d.listed(t, "acc1"); a == nil || a.Status != "active" || a.TrackingLimit != 45 {
		t.Fatalf("after the change the list shows %+v", a)
	}
	if u := d.usage(t); u != 108 {
		t.Errorf("usage %d after raising the limit by 15, want 108", u)
	}

	// bad input: 400 and nothing written
	v := d.dataVersion(t)
	for _, body := range []any{
		map[string]any{},
		`{"status": null}`,
		map[string]any{"status": "archived"},
		map[string]any{"status": "pending"},
		map[string]any{"status": "error"},
		map[string]any{"status": 1},
		map[string]any{"tracking_limit": 0},
		map[string]any{"tracking_limit": -3},
		map[string]any{"tracking_limit": 201}, // the agency plan allows 200
		map[string]any{"tracking_limit": "40"},
		map[string]any{"tracking_limit": 2.5},
		map[string]any{"trackingLimit": 40},
		map[string]any{"status": "paused", "name": "x"},
		`[]`,
		`{"status": "paused"} {}`,
		``,
	} {
		e := d.patch(t, "acc1", body).expectError(t, 400, "invalid_request")
		if e.Message == "" {
			t.Errorf("%v: no message", body)
		}
	}
	d.app.request("PATCH", "/api/accounts/not-a-uuid", map[string]any{"status": "paused"}, d.cookie).expectError(t, 400, "invalid_request")
	if a := d.listed(t, "acc1"); d.dataVersion(t) != v || a.Status != "active" || a.TrackingLimit != 45 {
		t.Fatalf("a refused change wrote something: version %d -> %d, %+v", v, d.dataVersion(t), a)
	}
	d.patch(t, "acc1", map[string]any{"tracking_limit": 200}).expect(t, 200)

	// the video limit: raising past it is refused, lowering always works
	u := d.usage(t)
	exec(t, `UPDATE workspaces SET video_limit = $2 WHERE id = $1`, d.ws, u)
	d.patch(t, "acc3", map[string]any{"tracking_limit": 31}).expectError(t, 403, "forbidden")
	// a removed account brought back counts again
	d.patch(t, "acc2", map[string]any{"status": "active"}).expectError(t, 403, "forbidden")
	d.patch(t, "acc2", map[string]any{"status": "paused"}).expectError(t, 403, "forbidden")
	exec(t, `UPDATE workspaces SET video_limit = $2 WHERE id = $1`, d.ws, u-50)
	d.patch(t, "acc3", map[string]any{"tracking_limit": 10}).expect(t, 200)
	d.patch(t, "acc4", map[string]any{"status": "active"}).expect(t, 200) // no usage change
	if got := d.usage(t); got != u-20 {
		t.Errorf("usage %d, want %d", got, u-20)
	}
	exec(t, `UPDATE workspaces SET video_limit = $2 WHERE id = $1`, d.ws, u-20+30)
	// tracking_limit and status in one request are checked together
	d.patch(t, "acc2", map[string]any{"status": "active", "tracking_limit": 31}).expectError(t, 403, "forbidden")
	d.patch(t, "acc2", map[string]any{"status": "active"}).expect(t, 200).decode(t, &got)
	if got.Status != "active" || d.usage(t) != u+10 {
		t.Errorf("acc2 brought back: %s, usage %d, want %d", got.Status, d.usage(t), u+10)
	}
	if a := d.listed(t, "acc2"); a == nil {
		t.Errorf("acc2 brought back is not listed")
	}

	// without access nothing may grow, but shrinking still works
	exec(t, `UPDATE workspaces SET video_limit = 5000, has_access = false WHERE id = $1`, d.ws)
	d.patch(t, "acc3", map[string]any{"tracking_limit": 11}).expectError(t, 403, "forbidden")
	d.patch(t, "acc3", map[string]any{"tracking_limit": 5, "status": "paused"}).expect(t, 200)
	exec(t, `UPDATE workspaces SET has_access = true WHERE id = $1`, d.ws)

	// tenancy: another workspace's account is not found, like a missing one
	other := seedAccounts(t)
	for _, id := range []uuid.UUID{other.accounts["acc1"], uuid.New()} {
		d.app.request("PATCH", "/api/accounts/"+id.String(), map[string]any{"status": "paused"}, d.cookie).expectError(t, 404, "not_found")
	}
	if n := count(t, `SELECT count(*) FROM accounts WHERE id = $1 AND status = 'active'`, other.accounts["acc1"]); n != 1 {
		t.Errorf("another workspace's account was changed")
	}
}

func TestDeleteAccount(t *testing.T) {
	d := seedAccounts(t)
	before := d.usage(t)
	var vl videoList
	d.get(t, "/api/videos", url.Values{"limit": {"500"}}, &vl) // now cached
	v := d.dataVersion(t)

	var got numbers.Account
	d.app.request("DELETE", "/api/accounts/"+d.accounts["acc3"].String(), nil, d.cookie).expect(t, 200).decode(t, &got)
	if got.ID != d.accounts["acc3"] || got.Status != "removed" {
		t.Fatalf("delete answered %+v", got)
	}
	if d.dataVersion(t) != v+1 {
		t.Errorf("data version %d, want %d", d.dataVersion(t), v+1)
	}
	// soft: the row, its videos and its history stay
	if n := count(t, `SELECT count(*) FROM accounts WHERE id = $1 AND status = 'removed'`, d.accounts["acc3"]); n != 1 {
		t.Fatalf("account row: %d removed rows", n)
	}
	if n := count(t, `SELECT count(*) FROM videos WHERE account_id = $1`, d.accounts["acc3"]); n != 4 {
		t.Errorf("%d videos kept, want 4", n)
	}
	if len(d.history(t, "account")[d.accounts["acc3"]]) == 0 {
		t.Errorf("history gone")
	}
	if a := d.listed(t, "acc3"); a != nil {
		t.Errorf("removed account still listed")
	}
	if u := d.usage(t); u != before-30 {
		t.Errorf("usage %d, want %d", u, before-30)
	}
	d.get(t, "/api/videos", url.Values{"limit": {"500"}}, &vl)
	for _, x := range vl.Videos {
		if x.AccountID != nil && *x.AccountID == d.accounts["acc3"] {
			t.Errorf("video %s of the removed account still listed", x.PlatformVideoID)
		}
	}
	d.app.request("GET", "/api/accounts/"+d.accounts["acc3"].String()+"/analytics", nil, d.cookie).expectError(t, 404, "not_found")

	// idempotent: again answers 200 and writes nothing
	d.app.request("DELETE", "/api/accounts/"+d.accounts["acc3"].String(), nil, d.cookie).expect(t, 200).decode(t, &got)
	if got.Status != "removed" || d.dataVersion(t) != v+1 {
		t.Errorf("second delete: %s, version %d", got.Status, d.dataVersion(t))
	}
	d.app.request("DELETE", "/api/accounts/nope", nil, d.cookie).expectError(t, 400, "invalid_request")
	other := seedAccounts(t)
	d.app.request("DELETE", "/api/accounts/"+other.accounts["acc3"].String(), nil, d.cookie).expectError(t, 404, "not_found")
	d.app.request("DELETE", "/api/accounts/"+uuid.NewString(), nil, d.cookie).expectError(t, 404, "not_found")
	if n := count(t, `SELECT count(*) FROM accounts WHERE id = $1 AND status = 'active'`, other.accounts["acc3"]); n != 1 {
		t.Errorf("another workspace's account was removed")
	}

	// a due refresh selects the active account but neither the removed nor
	// the paused one
	exec(t, `UPDATE accounts SET last_scraped_at = NULL, refresh_queued_at = NULL WHERE workspace_id = $1`, d.ws)
	cron := newApp(t, func(dp *wiring.Deps) {
		dp.Config.CronSecret = cronSecret
		dp.Config.ScraperMaxPerRun = 50
		dp.Actors = ingest.DefaultActors()
		dp.Now = func() time.Time { return dashNow }
	})
	httpRequest(cron, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200)
	queued := func(key string) int {
		return count(t, `SELECT count(*) FROM scrape_job_targets t JOIN scrape_jobs j ON j.id = t.job_id
			WHERE j.reason = 'refresh' AND t.entity_id = $1`, d.accounts[key])
	}
	if queued("acc1") != 1 || queued("acc3") != 0 || queued("acc4") != 0 || queued("acc2") != 0 {
		t.Errorf("refresh queued acc1 %d, acc3 (removed) %d, acc4 (paused) %d, acc2 (removed) %d times; want 1, 0, 0, 0",
			queued("acc1"), queued("acc3"), queued("acc4"), queued("acc2"))
	}
}

// step is the bucket length of a granularity.
func step(g chread.Granularity) time.Duration {
	if g == chread.Hourly {
		return time.Hour
	}
	return 24 * time.Hour
}

// firstAt is the time of the first raw snapshot of any of the entities.
func firstAt(hs ...[]rawSnapshot) time.Time {
	var t time.Time
	for _, h := range hs {
		if len(h) > 0 && (t.IsZero() || h[0].at.Before(t)) {
			t = h[0].at
		}
	}
	return t
}

// recorded reports whether metric m has a value before t.
func recorded(h []rawSnapshot, m int, t time.Time) bool {
	for _, s := range h {
		if s.metrics[m] != nil && s.at.Before(t) {
			return true
		}
	}
	return false
}

func TestAccountAnalyticsAgreeWithRawSnapshots(t *testing.T) {
	t.Parallel()
	d := seedAccounts(t)
	accHist, vidHist := d.history(t, "account"), d.history(t, "video")
	list := d.accountList(t, nil)
	listed := map[uuid.UUID]numbers.Account{}
	for _, a := range list.Accounts {
		listed[a.ID] = a
	}
	c7 := dashNow.Truncate(24*time.Hour).AddDate(0, 0, -6)
	c24 := dashNow.Truncate(time.Hour).Add(-23 * time.Hour)
	// first from ClickHouse, then with the videos' numbers from video_ranks
	// once the cron's ranks step has filled them
	for _, from := range []string{"clickhouse", "ranks"} {
		if from == "ranks" {
			if run := ranksStep(t, d.ws, dashNow); run.Synced == 0 {
				t.Fatal("the ranks step synced no workspace")
			}
			// the answers of the first pass are kept for this data version
			exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
		}
		for _, key := range []string{"acc1", "acc3", "acc4"} {
			for _, g := range []chread.Granularity{chread.Daily, chread.Hourly} {
				var an numbers.AccountAnalytics
				params := url.Values{"granularity": {string(g)}}
				if g == chread.Daily && key == "acc1" {
					params = nil // the default
				}
				d.get(t, "/api/accounts/"+d.accounts[key].String()+"/analytics", params, &an)
				name := key + "/" + string(g) + " from " + from
				if an.Granularity != g || !an.End.Equal(dashNow) {
					t.Errorf("%s: granularity %s, end %s", name, an.Granularity, an.End)
				}
				if a := listed[d.accounts[key]]; an.Account.ID != a.ID || !ptrEq(an.Account.TotalViews, a.TotalViews) ||
					!ptrEq(an.Account.Followers, a.Followers) || !floatEq(an.Account.EngagementRate, a.EngagementRate) {
					t.Errorf("%s: account %+v, the list says %+v", name, an.Account, a)
				}
				ah := accHist[d.accounts[key]]
				var vhs [][]rawSnapshot
				for _, v := range accountVideos[key] {
					vhs = append(vhs, vidHist[d.videos[v]])
				}

				// the series: every bucket from the documented start to now
				s := step(g)
				var start time.Time
				if g == chread.Hourly {
					start = dashNow.Truncate(time.Hour).Add(-167 * time.Hour)
				} else if f := firstAt(append(vhs, ah)...); !f.IsZero() {
					start = f.Truncate(24 * time.Hour)
				}
				if start.IsZero() {
					if an.Start != nil || len(an.Followers) != 0 || len(an.Views) != 0 {
						t.Errorf("%s: never scraped, yet series from %v", name, an.Start)
					}
				} else {
					n := int(dashNow.Truncate(s).Sub(start)/s) + 1
					if an.Start == nil || !an.Start.Equal(start) || len(an.Followers) != n || len(an.Views) != n {
						t.Fatalf("%s: series from %v with %d and %d buckets; want from %s with %d", name, an.Start, len(an.Followers), len(an.Views), start, n)
					}
				}
				for i, p := range an.Followers {
					b := start.Add(time.Duration(i) * s)
					end := b.Add(s)
					if !p.T.Equal(b) || !an.Views[i].T.Equal(b) {
						t.Fatalf("%s: bucket %d at %s and %s, want %s", name, i, p.T, an.Views[i].T, b)
					}
					var want *int64
					var gained int64
					if recorded(ah, 5, end) {
						now, _ := valueBefore(ah, 5, end)
						was, _ := valueBefore(ah, 5, b)
						w := int64(now)
						want, gained = &w, int64(now)-int64(was)
					}
					if !ptrEq(p.Followers, want) || p.Gained != gained {
						t.Errorf("%s: followers at the end of %s %s (gained %d), raw snapshots say %s (%d)", name, b, show(p.Followers), p.Gained, show(want), gained)
					}
					var total, vgained int64
					for _, vh := range vhs {
						if recorded(vh, 0, end) {
							now, _ := valueBefore(vh, 0, end)
							was, _ := valueBefore(vh, 0, b)
							total += int64(now)
							vgained += int64(now) - int64(was)
						}
					}
					if an.Views[i].Total != total || an.Views[i].Gained != vgained {
						t.Errorf("%s: views at the end of %s %d (gained %d), raw snapshots say %d (%d)", name, b, an.Views[i].Total, an.Views[i].Gained, total, vgained)
					}
				}

				// the videos, most viewed first, with the list's figures
				var keys []string
				for _, v := range an.Videos {
					keys = append(keys, v.PlatformVideoID)
					vh := vidHist[v.ID]
					if !ptrEq(v.Metrics.Views, latest(vh, 0)) || !ptrEq(v.Metrics.Likes, latest(vh, 1)) ||
						!ptrEq(v.ViewsGained24h, gainSince(vh, 0, c24)) || !ptrEq(v.ViewsGained7d, gainSince(vh, 0, c7)) {
						t.Errorf("%s: video %s %+v disagrees with raw snapshots", name, v.PlatformVideoID, v)
					}
				}
				want := slices.Clone(accountVideos[key])
				sort.Slice(want, func(i, j int) bool {
					a, b := latest(vidHist[d.videos[want[i]]], 0), latest(vidHist[d.videos[want[j]]], 0)
					return a != nil && (b == nil || *a > *b)
				})
				if !slices.Equal(keys, want) {
					t.Errorf("%s: videos %v, want %v", name, keys, want)
				}
				if len(an.TopVideos) != min(5, len(want)) || (len(want) > 0 && an.TopVideos[0].ID != an.Videos[0].ID) {
					t.Errorf("%s: %d top videos", name, len(an.TopVideos))
				}

				// per-video statistics of the latest values
				for m, got := range []numbers.MetricStats{an.PerVideo.Views, an.PerVideo.Likes, an.PerVideo.Comments, an.PerVideo.Shares} {
					var xs []float64
					for _, vh := range vhs {
						if x := latest(vh, m); x != nil {
							xs = append(xs, float64(*x))
						}
					}
					var avg, med *float64
					if len(xs) > 0 {
						var sum float64
						for _, x := range xs {
							sum += x
						}
						sort.Float64s(xs)
						avg = fptr(sum / float64(len(xs)))
						if len(xs)%2 == 1 {
							med = fptr(xs[len(xs)/2])
						} else {
							med = fptr((xs[len(xs)/2-1] + xs[len(xs)/2]) / 2)
						}
					}
					if got.Videos != len(xs) || !floatEq(got.Average, avg) || !floatEq(got.Median, med) {
						t.Errorf("%s: metric %d stats %d videos, average %s, median %s; want %d, %s, %s", name, m,
							got.Videos, show(got.Average), show(got.Median), len(xs), show(avg), show(med))
					}
				}

				// posting cadence from the stored publish times
				var c numbers.PostingCadence
				for _, v := range accountVideos[key] {
					var p *time.Time
					if err := env.PG.QueryRow(context.Background(), `SELECT published_at FROM videos WHERE id = $1`, d.videos[v]).Scan(&p); err != nil {
						t.Fatal(err)
					}
					if p == nil {
						continue
					}
					at := p.UTC()
					c.Published++
					c.ByWeekday[at.Weekday()]++
					c.ByHour[at.Hour()]++
					if !at.Before(dashNow.Add(-28*24*time.Hour)) && !at.After(dashNow) {
						c.Last4Weeks.Videos++
					}
					if !at.Before(dashNow.Add(-84*24*time.Hour)) && !at.After(dashNow) {
						c.Last12Weeks.Videos++
					}
				}
				c.Last4Weeks.PerWeek = float64(c.Last4Weeks.Videos) / 4
				c.Last12Weeks.PerWeek = float64(c.Last12Weeks.Videos) / 12
				if an.Cadence != c {
					t.Errorf("%s: cadence %+v, want %+v", name, an.Cadence, c)
				}

				// the best video gained the most views in 7d; none gained
				// nothing
				var best string
				var bestGain int64
				for _, v := range accountVideos[key] {
					if g := gainSince(vidHist[d.videos[v]], 0, c7); g != nil && *g > 0 && (best == "" || *g > bestGain) {
						best, bestGain = v, *g
					}
				}
				switch {
				case best == "" && an.BestVideo != nil:
					t.Errorf("%s: best video %s, want none", name, an.BestVideo.PlatformVideoID)
				case best != "" && (an.BestVideo == nil || an.BestVideo.PlatformVideoID != best || an.BestVideo.ViewsGained != bestGain):
					t.Errorf("%s: best video %+v, want %s with %d", name, an.BestVideo, best, bestGain)
				}
			}
		}
	}
}

func TestAccountAnalyticsErrors(t *testing.T) {
	t.Parallel()
	d := seedAccounts(t)
	path := "/api/accounts/" + d.accounts["acc1"].String() + "/analytics"
	for _, q := range []string{"?granularity=week", "?granularity=", "?datePreset=7d"} {
		if q == "?granularity=" {
			d.app.request("GET", path+q, nil, d.cookie).expect(t, 200)
			continue
		}
		d.app.request("GET", path+q, nil, d.cookie).expectError(t, 400, "invalid_request")
	}
	d.app.request("GET", "/api/accounts/123/analytics", nil, d.cookie).expectError(t, 400, "invalid_request")
	// removed, another workspace's, missing: not found
	other := seedAccounts(t)
	for _, id := range []uuid.UUID{d.accounts["acc2"], other.accounts["acc1"], uuid.New()} {
		d.app.request("GET", "/api/accounts/"+id.String()+"/analytics", nil, d.cookie).expectError(t, 404, "not_found")
	}
	// and every account route needs a session
	for _, r := range [][2]string{{"GET", "/api/accounts"}, {"PATCH", "/api/accounts/" + d.accounts["acc1"].String()},
		{"DELETE", "/api/accounts/" + d.accounts["acc1"].String()}, {"GET", path}} {
		d.app.request(r[0], r[1], nil).expectError(t, 401, "unauthenticated")
	}
}
