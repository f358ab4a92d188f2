package api_test

import (
	"bytes"
	"cmp"
	"encoding/csv"
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/ingest/normalize"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	querywatches "github.com/reeltrack/reeltrack/query/watches"
)

// runWatch makes the watch due, runs the refresh and waits for the
// watch's run to be processed.
func runWatch(t *testing.T, a *testApp, watch uuid.UUID) {
	t.Helper()
	exec(t, `UPDATE watches SET next_run_at = now() - interval '1 second' WHERE id = $1`, watch)
	before := count(t, `SELECT count(*) FROM scrape_jobs WHERE watch_id = $1`, watch)
	httpRequest(a, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200)
	var job string
	if err := env.PG.QueryRow(t.Context(), `SELECT id::text FROM scrape_jobs WHERE watch_id = $1 ORDER BY created_at DESC LIMIT 1`, watch).Scan(&job); err != nil ||
		count(t, `SELECT count(*) FROM scrape_jobs WHERE watch_id = $1`, watch) != before+1 {
		t.Fatalf("the refresh queued no run of the watch: %v", err)
	}
	if got := waitJob(t, job); got != "processed" {
		t.Fatalf("the watch's run: %s", got)
	}
}

// TestWatchesFindPostsForTheInbox: a watch of a TikTok hashtag, saved
// once its cost is shown, runs on the refresh within the plan's budget;
// the posts the simulator's world lists for it land in the inbox with why
// they matched; a person tracks one into a collection and dismisses
// others, which do not come back when the next run finds them again; a
// rule tracks at once the posts of an account the workspace tracks. A
// sound watch and an X mention watch say their own reasons. Watches the
// provider cannot run, or that cost more than the plan's whole budget,
// are refused; members decide posts but do not make watches; another
// workspace sees none of it.
func TestWatchesFindPostsForTheInbox(t *testing.T) {
	a, _ := newScrapingApp(t)
	owner := a.signUp(uniqueEmail("watches"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'growth', video_limit = 1000 WHERE id = $1`, ws)

	var est querywatches.Estimate
	a.request("GET", "/api/watches/estimate?results=40&intervalHours=6", nil, owner).expect(t, 200).decode(t, &est)
	if est.PerDay != 160 || est.PerRun != 40 || est.Budget.PerDay != 4000 || !est.Fits {
		t.Fatalf("the estimate %+v", est)
	}
	a.request("POST", "/api/watches", map[string]any{"platform": "instagram", "kind": "search", "term": "glow lab"}, owner).expect(t, 422)
	a.request("POST", "/api/watches", map[string]any{"platform": "youtube", "kind": "sound", "term": "6889520563052645121"}, owner).expect(t, 422)
	a.request("POST", "/api/watches", map[string]any{"platform": "x", "kind": "sound", "term": "6889520563052645121"}, owner).expect(t, 422)
	a.request("POST", "/api/watches", map[string]any{"platform": "tiktok", "kind": "hashtag", "term": "two words"}, owner).expect(t, 400)
	a.request("POST", "/api/watches", map[string]any{"platform": "tiktok", "kind": "hashtag", "term": "x", "results": 5}, owner).expect(t, 400)
	member := a.member(owner, uniqueEmail("watches-member"), "member")
	a.request("POST", "/api/watches", map[string]any{"platform": "tiktok", "kind": "hashtag", "term": "glowlab"}, member).expect(t, 403)

	var w querywatches.Watch
	a.request("POST", "/api/watches", map[string]any{"platform": "tiktok", "kind": "hashtag", "term": "#GlowLab", "results": 20, "intervalHours": 6},
		owner).expect(t, 201).decode(t, &w)
	if w.Term != "glowlab" || w.PerDay != 80 || w.Status != domain.WatchActive || w.NextRunAt == nil {
		t.Fatalf("the watch %+v", w)
	}
	a.request("POST", "/api/watches", map[string]any{"platform": "tiktok", "kind": "hashtag", "term": "glowlab"}, owner).expect(t, 409)

	runWatch(t, a, w.ID)
	if n := count(t, `SELECT snapshots FROM scrape_jobs WHERE watch_id = $1`, w.ID); n != 20 {
		t.Fatalf("the run is charged %d, want its 20 results", n)
	}
	var inbox querywatches.Inbox
	a.request("GET", "/api/captures?limit=200", nil, member).expect(t, 200).decode(t, &inbox)
	if inbox.Total != 20 || len(inbox.Captures) != 20 || inbox.Counts[domain.CaptureNew] != 20 {
		t.Fatalf("the inbox after the first run: %d of %d, counts %v", len(inbox.Captures), inbox.Total, inbox.Counts)
	}
	authors := map[string][]uuid.UUID{}
	for _, c := range inbox.Captures {
		if len(c.Matches) != 1 || c.Matches[0].Reason != "the caption has #glowlab" || c.Matches[0].WatchID != w.ID || !strings.Contains(c.Caption, "#glowlab") {
			t.Fatalf("a capture %+v", c)
		}
		authors[c.AuthorHandle] = append(authors[c.AuthorHandle], c.ID)
	}
	if len(authors) < 2 {
		t.Fatalf("the captures come from %d accounts", len(authors))
	}

	// decided by a member: one tracked into a collection, two dismissed
	coll := env.Collection(t, ws, "Found")
	first, dismissed := inbox.Captures[0], []uuid.UUID{inbox.Captures[1].ID, inbox.Captures[2].ID}
	var reviewed struct {
		Results []struct {
			ID      uuid.UUID
			Status  domain.CaptureStatus
			VideoID *uuid.UUID
			Error   string
		}
	}
	a.request("POST", "/api/captures/review", map[string]any{"action": "track", "ids": []uuid.UUID{first.ID}, "collectionId": coll}, member).
		expect(t, 200).decode(t, &reviewed)
	if len(reviewed.Results) != 1 || reviewed.Results[0].Status != domain.CaptureTracked || reviewed.Results[0].VideoID == nil {
		t.Fatalf("tracked: %+v", reviewed)
	}
	if n := count(t, `SELECT count(*) FROM videos WHERE workspace_id = $1 AND id = $2 AND collection_id = $3 AND url = $4`,
		ws, *reviewed.Results[0].VideoID, coll, first.URL); n != 1 {
		t.Fatal("the tracked post is not a video of the collection")
	}
	a.request("POST", "/api/captures/review", map[string]any{"action": "dismiss", "ids": dismissed}, member).expect(t, 200)
	a.request("POST", "/api/captures/review", map[string]any{"action": "dismiss", "ids": []uuid.UUID{first.ID}}, member).expect(t, 409)
	a.request("POST", "/api/captures/review", map[string]any{"action": "dismiss", "ids": []uuid.UUID{uuid.New()}}, member).expect(t, 404)
	a.request("POST", "/api/captures/review", map[string]any{"action": "keep", "ids": dismissed}, member).expect(t, 400)

	// the rule: posts of an account the workspace tracks are tracked at once
	var author string
	for h := range authors {
		if h != first.AuthorHandle {
			author = h
			break
		}
	}
	// its posts still in the inbox: the rule takes them
	undecided := slices.DeleteFunc(slices.Clone(authors[author]), func(id uuid.UUID) bool { return slices.Contains(dismissed, id) })
	var tracked trackOut
	a.request("POST", "/api/track", map[string]any{"url": "https://www.tiktok.com/@" + author, "tracking_limit": 5}, owner).expect(t, 200).decode(t, &tracked)
	if got := waitJob(t, tracked.JobID); got != "processed" {
		t.Fatalf("scraping @%s: %s", author, got)
	}
	a.request("PATCH", "/api/watches/"+w.ID.String(), map[string]any{"autoTracked": true}, owner).expect(t, 200)
	runWatch(t, a, w.ID)
	a.request("GET", "/api/captures?status=dismissed", nil, owner).expect(t, 200).decode(t, &inbox)
	if inbox.Total != 2 || inbox.Counts[domain.CaptureDismissed] != 2 {
		t.Fatalf("the dismissed posts after the next run: %+v", inbox.Counts)
	}
	a.request("GET", "/api/captures?status=tracked&limit=200", nil, owner).expect(t, 200).decode(t, &inbox)
	auto := 0
	for _, c := range inbox.Captures {
		if c.AuthorHandle == author {
			if !c.Auto || c.VideoID == nil {
				t.Fatalf("a post of the tracked account %+v", c)
			}
			auto++
		}
	}
	if auto != len(undecided) || auto == 0 {
		t.Fatalf("%d of @%s's %d posts in the inbox tracked by the rule", auto, author, len(undecided))
	}
	var list querywatches.Watches
	a.request("GET", "/api/watches", nil, member).expect(t, 200).decode(t, &list)
	if len(list.Watches) != 1 || list.Watches[0].Found != 20 || list.Watches[0].LastRunAt == nil || list.Budget.Watches != 80 || list.Budget.Spent < 40 {
		t.Fatalf("the watches %+v", list)
	}

	// a sound, an X mention, an Instagram hashtag and a YouTube search say
	// their own reasons
	var sound, mention, igTag, ytSearch querywatches.Watch
	a.request("POST", "/api/watches", map[string]any{"platform": "tiktok", "kind": "sound", "term": "https://www.tiktok.com/music/Oh-No-6889520563052645121",
		"results": 10}, owner).expect(t, 201).decode(t, &sound)
	a.request("POST", "/api/watches", map[string]any{"platform": "x", "kind": "mention", "term": "@GlowLab", "results": 10}, owner).expect(t, 201).decode(t, &mention)
	a.request("POST", "/api/watches", map[string]any{"platform": "instagram", "kind": "hashtag", "term": "#GlowLab", "results": 10}, owner).expect(t, 201).decode(t, &igTag)
	a.request("POST", "/api/watches", map[string]any{"platform": "youtube", "kind": "search", "term": "  Glow   routine ", "results": 10}, owner).expect(t, 201).decode(t, &ytSearch)
	if sound.Term != "6889520563052645121" || mention.Term != "glowlab" || igTag.Term != "glowlab" || ytSearch.Term != "Glow routine" {
		t.Fatalf("the terms %q, %q, %q, %q", sound.Term, mention.Term, igTag.Term, ytSearch.Term)
	}
	for _, id := range []uuid.UUID{sound.ID, mention.ID, igTag.ID, ytSearch.ID} {
		runWatch(t, a, id)
	}
	for _, wt := range []struct {
		w    querywatches.Watch
		want []string
	}{
		{sound, []string{"uses the sound “sound 6889520563052645121”"}},
		{mention, []string{"the caption mentions @glowlab", "found searching @glowlab"}},
		{igTag, []string{"the caption has #glowlab"}},
		{ytSearch, []string{"found searching “Glow routine”"}},
	} {
		a.request("GET", "/api/captures?watchId="+wt.w.ID.String(), nil, owner).expect(t, 200).decode(t, &inbox)
		if inbox.Total != 10 {
			t.Fatalf("the %s watch found %d", wt.w.Kind, inbox.Total)
		}
		for _, c := range inbox.Captures {
			if len(c.Matches) != 1 || !slices.Contains(wt.want, c.Matches[0].Reason) || c.Platform != wt.w.Platform || c.URL == "" || c.AuthorHandle == "" {
				t.Fatalf("the %s %s watch's capture %+v", wt.w.Platform, wt.w.Kind, c)
			}
		}
	}

	// the budget: a watch of more than the plan's day is refused
	exec(t, `UPDATE workspaces SET plan = 'trial' WHERE id = $1`, ws)
	a.request("POST", "/api/watches", map[string]any{"platform": "tiktok", "kind": "search", "term": "morning routine", "results": 200, "intervalHours": 6},
		owner).expect(t, 422)
	exec(t, `UPDATE workspaces SET plan = 'growth' WHERE id = $1`, ws)

	// another workspace
	other := a.signUp(uniqueEmail("watches-other"))
	a.bootstrap(other)
	a.request("GET", "/api/captures?status=tracked", nil, other).expect(t, 200).decode(t, &inbox)
	a.request("GET", "/api/watches", nil, other).expect(t, 200).decode(t, &list)
	if inbox.Total != 0 || len(list.Watches) != 0 {
		t.Fatal("another workspace sees the watches or their posts")
	}
	a.request("PATCH", "/api/watches/"+w.ID.String(), map[string]any{"status": "paused"}, other).expect(t, 404)
	a.request("DELETE", "/api/watches/"+w.ID.String(), nil, other).expect(t, 404)
	a.request("POST", "/api/captures/review", map[string]any{"action": "restore", "ids": dismissed}, other).expect(t, 404)

	// restored, paused, deleted: the posts stay
	a.request("POST", "/api/captures/review", map[string]any{"action": "restore", "ids": dismissed}, owner).expect(t, 200)
	a.request("PATCH", "/api/watches/"+w.ID.String(), map[string]any{"status": "paused"}, owner).expect(t, 200)
	a.request("DELETE", "/api/watches/"+w.ID.String(), nil, owner).expect(t, 204)
	// the other watches stop, so no later test's refresh runs them
	for _, id := range []uuid.UUID{sound.ID, mention.ID, igTag.ID, ytSearch.ID} {
		a.request("PATCH", "/api/watches/"+id.String(), map[string]any{"status": "paused"}, owner).expect(t, 200)
	}
	if n := count(t, `SELECT count(*) FROM captures WHERE workspace_id = $1`, ws); n < 60 {
		t.Fatalf("%d captures after the watch was deleted", n)
	}
	for _, action := range []domain.Action{domain.ActionWatchSaved, domain.ActionWatchDeleted, domain.ActionCapturesTracked, domain.ActionCapturesDismissed, domain.ActionCapturesRestored} {
		if count(t, `SELECT count(*) FROM activity_log WHERE workspace_id = $1 AND action = $2`, ws, string(action)) == 0 {
			t.Errorf("no %s in the activity log", action)
		}
	}
}

// TestWatchTrackerFromTheRawItems: a TikTok hashtag's tracker, after two
// runs, says what the runs' raw items say: the posts found (reposts,
// quotes and replies left out), the sums of their latest counts, the
// accounts, the posts of each day by publish date, the top post and
// account, where each run left the totals, and TikTok's own count of the
// hashtag's views; the export lists the same posts; another workspace's
// watch is not found.
func TestWatchTrackerFromTheRawItems(t *testing.T) {
	a, sim := newScrapingApp(t)
	owner := a.signUp(uniqueEmail("tracker"))
	ws := a.bootstrap(owner).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'growth', video_limit = 1000 WHERE id = $1`, ws)
	var w querywatches.Watch
	a.request("POST", "/api/watches", map[string]any{"platform": "tiktok", "kind": "hashtag", "term": "sunsetclub", "results": 25, "intervalHours": 6},
		owner).expect(t, 201).decode(t, &w)
	t.Cleanup(func() { exec(t, `UPDATE watches SET status = 'paused' WHERE id = $1`, w.ID) })
	runWatch(t, a, w.ID)
	runWatch(t, a, w.ID)

	// the raw items of both runs, the later run's counts over the earlier
	type post struct {
		views, likes, comments *uint64
		author, day            string
	}
	posts := map[string]*post{}
	var topicViews []int64 // per run: TikTok's count of the hashtag's views
	rows, err := env.PG.Query(t.Context(), `SELECT dataset_id FROM scrape_jobs WHERE watch_id = $1 ORDER BY created_at`, w.ID)
	if err != nil {
		t.Fatal(err)
	}
	datasets, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil || len(datasets) != 2 {
		t.Fatalf("the runs' datasets %v: %v", datasets, err)
	}
	for _, ds := range datasets {
		var items []json.RawMessage
		res, err := http.Get(sim + "/v2/datasets/" + ds + "/items?token=sim-token&clean=true")
		if err != nil {
			t.Fatal(err)
		}
		err = json.NewDecoder(res.Body).Decode(&items)
		res.Body.Close()
		if err != nil || res.StatusCode != 200 {
			t.Fatalf("the dataset %s: %d %v", ds, res.StatusCode, err)
		}
		var views int64
		for _, raw := range items {
			it, err := normalize.Normalize(platform.TikTok, raw, time.Now())
			if err != nil || it.Failed {
				continue
			}
			if it.TopicViews != nil {
				views = max(views, int64(*it.TopicViews))
			}
			for _, v := range it.Videos {
				if k := v.KindFor(); k != domain.KindOwn && k != domain.KindCollab {
					continue
				}
				p := posts[v.ID]
				if p == nil {
					p = &post{}
					posts[v.ID] = p
				}
				p.author = v.AuthorHandle
				if v.PublishedAt != nil {
					p.day = v.PublishedAt.UTC().Format(time.DateOnly)
				}
				p.views, p.likes, p.comments = cmp.Or(v.Metrics.Views, p.views), cmp.Or(v.Metrics.Likes, p.likes), cmp.Or(v.Metrics.Comments, p.comments)
			}
		}
		topicViews = append(topicViews, views)
	}
	sum := func(n *uint64) int64 {
		if n == nil {
			return 0
		}
		return int64(*n)
	}
	var views, likes, comments int64
	byAuthor, byDay := map[string]int64{}, map[string]int{}
	undated := 0
	for _, p := range posts {
		views, likes, comments = views+sum(p.views), likes+sum(p.likes), comments+sum(p.comments)
		byAuthor[p.author] += sum(p.views)
		if p.day == "" {
			undated++
		}
		byDay[p.day]++
	}

	var tr querywatches.Tracker
	a.request("GET", "/api/watches/"+w.ID.String()+"/tracker?days=365", nil, owner).expect(t, 200).decode(t, &tr)
	if tr.Posts != len(posts) || tr.Views != views || tr.Likes != likes || tr.Comments != comments || tr.Accounts != len(byAuthor) || tr.Undated != undated {
		t.Fatalf("the tracker's totals %d posts, %d views, %d likes, %d comments, %d accounts, %d undated; the raw items say %d, %d, %d, %d, %d, %d",
			tr.Posts, tr.Views, tr.Likes, tr.Comments, tr.Accounts, tr.Undated, len(posts), views, likes, comments, len(byAuthor), undated)
	}
	if len(tr.PerDay) != 365 {
		t.Fatalf("%d days", len(tr.PerDay))
	}
	for _, d := range tr.PerDay {
		if d.Posts != byDay[d.Day] {
			t.Fatalf("%s: %d posts, the raw items say %d", d.Day, d.Posts, byDay[d.Day])
		}
	}
	if len(tr.TopPosts) == 0 || *tr.TopPosts[0].Views != slices.Max(slices.Collect(func(yield func(int64) bool) {
		for _, p := range posts {
			if !yield(sum(p.views)) {
				return
			}
		}
	})) {
		t.Fatalf("the top post %+v", tr.TopPosts)
	}
	if len(tr.TopAccounts) == 0 || tr.TopAccounts[0].Views != slices.Max(slices.Collect(maps.Values(byAuthor))) || tr.TopAccounts[0].Tracked {
		t.Fatalf("the top account %+v", tr.TopAccounts)
	}
	if len(tr.Runs) != 2 || tr.Runs[1].Posts != len(posts) || tr.Runs[1].Views != views || tr.Runs[0].Listed != 25 ||
		*tr.Runs[0].PlatformViews != topicViews[0] || *tr.Runs[1].PlatformViews != topicViews[1] {
		t.Fatalf("the runs %+v; TikTok's counts %v", tr.Runs, topicViews)
	}
	if tr.PlatformCount == nil || tr.PlatformCount.Views != topicViews[1] || !strings.Contains(tr.PlatformCount.Note, "round") {
		t.Fatalf("the platform's count %+v", tr.PlatformCount)
	}

	// the export: a row per post found, whose views add up to the tracker's
	res := a.request("GET", "/api/captures/export?watchId="+w.ID.String(), nil, owner).expect(t, 200)
	table, err := csv.NewReader(bytes.NewReader(res.Body)).ReadAll()
	if err != nil || len(table) != len(posts)+1 || !strings.Contains(res.Header.Get("Content-Disposition"), "reeltrack-captures-") {
		t.Fatalf("the export: %d rows, %v", len(table), err)
	}
	var exported int64
	for _, row := range table[1:] {
		p := posts[row[2]]
		n, _ := strconv.ParseInt(cmp.Or(row[7], "0"), 10, 64)
		if p == nil || n != sum(p.views) || row[18] != "the caption has #sunsetclub" && row[18] != "listed under #sunsetclub" || row[17] != "hashtag sunsetclub" {
			t.Fatalf("an exported post %v", row)
		}
		exported += n
	}
	if exported != tr.Views {
		t.Fatalf("the export's views add up to %d, the tracker says %d", exported, tr.Views)
	}

	a.request("GET", "/api/watches/"+w.ID.String()+"/tracker?days=0", nil, owner).expect(t, 400)
	a.request("GET", "/api/captures/export?status=maybe", nil, owner).expect(t, 400)
	other := a.signUp(uniqueEmail("tracker-other"))
	a.bootstrap(other)
	a.request("GET", "/api/watches/"+w.ID.String()+"/tracker", nil, other).expect(t, 404)
	a.request("GET", "/api/captures/export?watchId="+w.ID.String(), nil, other).expect(t, 404)
}
