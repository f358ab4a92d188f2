package main

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

func noQuirks(c *Config) { c.Quirks = false }

func TestTikTokItems(t *testing.T) {
	s := newSim(t, noQuirks)
	items := s.scrape("clockworks~tiktok-scraper", tiktokInput)
	if len(items) != 6 {
		t.Fatalf("%d items, want 1 post + 5 profile videos", len(items))
	}
	post := items[0]
	if post["id"] != "7300000000000000001" || post["submittedVideoUrl"] != "https://www.tiktok.com/@bob/video/7300000000000000001" ||
		post["webVideoUrl"] != "https://www.tiktok.com/@bob/video/7300000000000000001" {
		t.Errorf("post item names its input wrongly: %v %v", post["id"], post["submittedVideoUrl"])
	}
	for i, it := range items {
		id, _ := it["id"].(string)
		if !regexp.MustCompile(`^\d{19}$`).MatchString(id) {
			t.Errorf("item %d: id %q", i, id)
		}
		iso, _ := it["createTimeISO"].(string)
		ts, err := time.Parse(isoMillis, iso)
		ct, _ := count(t, it["createTime"])
		if err != nil || ts.Unix() != ct {
			t.Errorf("item %d: createTimeISO %q, createTime %v", i, iso, it["createTime"])
		}
		if !strings.Contains(it["webVideoUrl"].(string), "/"+id) {
			t.Errorf("item %d: webVideoUrl %v", i, it["webVideoUrl"])
		}
		for _, k := range []string{"id", "name", "nickName", "verified", "fans", "heart", "video", "avatar", "profileUrl"} {
			if _, ok := path(it, "authorMeta", k); !ok {
				t.Errorf("item %d: authorMeta.%s missing", i, k)
			}
		}
		for _, k := range []string{"duration", "coverUrl"} {
			if _, ok := path(it, "videoMeta", k); !ok {
				t.Errorf("item %d: videoMeta.%s missing", i, k)
			}
		}
		for _, k := range []string{"text", "playCount", "diggCount", "commentCount", "shareCount", "collectCount", "isPinned", "isSlideshow", "hashtags", "musicMeta"} {
			if _, ok := it[k]; !ok {
				t.Errorf("item %d: %s missing", i, k)
			}
		}
		if i > 0 && it["input"] != "alice" {
			t.Errorf("profile item %d: input %v", i, it["input"])
		}
	}
}

func TestInstagramItems(t *testing.T) {
	s := newSim(t, noQuirks)
	posts := s.scrape("apify~instagram-scraper", `{"directUrls":["https://www.instagram.com/p/DPq5ZpJDZw9/","https://www.instagram.com/reel/CigMSGeD4Hd/","https://www.instagram.com/natgeo/"],"resultsType":"posts","resultsLimit":4}`)
	if len(posts) != 6 {
		t.Fatalf("%d post items, want 1 + 1 + 4", len(posts))
	}
	wantInput := []string{"https://www.instagram.com/p/DPq5ZpJDZw9/", "https://www.instagram.com/reel/CigMSGeD4Hd/"}
	for i, p := range posts {
		code, _ := p["shortCode"].(string)
		if p["url"] != "https://www.instagram.com/p/"+code+"/" || code == "" {
			t.Errorf("post %d: url %v shortCode %v", i, p["url"], code)
		}
		if i < 2 && (p["inputUrl"] != wantInput[i] || code != strings.Split(wantInput[i], "/")[4]) {
			t.Errorf("post %d: inputUrl %v, shortCode %v", i, p["inputUrl"], code)
		}
		if i >= 2 && p["inputUrl"] != "https://www.instagram.com/natgeo/" {
			t.Errorf("profile post %d: inputUrl %v", i, p["inputUrl"])
		}
		if _, err := time.Parse(isoMillis, p["timestamp"].(string)); err != nil {
			t.Errorf("post %d: timestamp %v", i, p["timestamp"])
		}
		switch p["type"] {
		case "Video":
			for _, k := range []string{"videoViewCount", "videoPlayCount", "videoUrl"} {
				if _, ok := p[k]; !ok {
					t.Errorf("video %d: %s missing", i, k)
				}
			}
		case "Sidecar", "Image":
		default:
			t.Errorf("post %d: type %v", i, p["type"])
		}
		for _, k := range []string{"id", "caption", "likesCount", "commentsCount", "ownerUsername", "ownerId", "displayUrl"} {
			if _, ok := p[k]; !ok {
				t.Errorf("post %d: %s missing", i, k)
			}
		}
	}
	if posts[1]["type"] != "Video" {
		t.Errorf("a reel URL gave a %v", posts[1]["type"])
	}

	details := s.scrape("apify~instagram-scraper", `{"directUrls":["https://www.instagram.com/natgeo/","https://www.instagram.com/nasa"],"resultsType":"details","resultsLimit":7}`)
	if len(details) != 2 {
		t.Fatalf("%d details items", len(details))
	}
	for i, d := range details {
		for _, k := range []string{"username", "fullName", "followersCount", "profilePicUrl", "postsCount", "verified"} {
			if _, ok := d[k]; !ok {
				t.Errorf("details %d: %s missing", i, k)
			}
		}
		latest, _ := d["latestPosts"].([]any)
		if len(latest) != 7 {
			t.Fatalf("details %d: %d latestPosts", i, len(latest))
		}
		var prev time.Time
		for j, lp := range latest {
			p := lp.(map[string]any)
			ts, _ := time.Parse(isoMillis, p["timestamp"].(string))
			if pinned, _ := p["isPinned"].(bool); !pinned && !prev.IsZero() && ts.After(prev) {
				t.Errorf("details %d: latestPosts %d newer than the one before", i, j)
			}
			if pinned, _ := p["isPinned"].(bool); !pinned {
				prev = ts
			}
			if _, ok := p["inputUrl"]; ok {
				t.Errorf("a nested post carries inputUrl")
			}
			if _, ok := p["videoPlayCount"]; ok {
				t.Errorf("a nested post carries videoPlayCount")
			}
		}
	}
	if details[0]["username"] != "natgeo" || details[0]["inputUrl"] != "https://www.instagram.com/natgeo/" || details[1]["inputUrl"] != "https://www.instagram.com/nasa" {
		t.Errorf("details name their inputs wrongly: %v %v", details[0]["inputUrl"], details[1]["inputUrl"])
	}

	reels := s.scrape("apify~instagram-reel-scraper", `{"username":["natgeo"],"resultsLimit":5}`)
	for _, r := range reels {
		if r["type"] != "Video" {
			t.Errorf("reel scraper gave a %v", r["type"])
		}
	}

	// resultsType "reels" on a profile URL lists the profile's reels, the
	// same the reel scraper lists, each a post item named by the profile.
	profileReels := s.scrape("apify~instagram-scraper", `{"directUrls":["https://www.instagram.com/natgeo/"],"resultsType":"reels","resultsLimit":30}`)
	if len(profileReels) != 30 {
		t.Fatalf("%d reels, want 30", len(profileReels))
	}
	for i, r := range profileReels {
		if r["type"] != "Video" || r["productType"] != "clips" || r["inputUrl"] != "https://www.instagram.com/natgeo/" {
			t.Errorf("reel %d: type %v productType %v inputUrl %v", i, r["type"], r["productType"], r["inputUrl"])
		}
		for _, k := range []string{"videoPlayCount", "videoViewCount", "shortCode", "timestamp", "ownerUsername"} {
			if _, ok := r[k]; !ok {
				t.Errorf("reel %d: %s missing", i, k)
			}
		}
		if i < len(reels) && r["shortCode"] != reels[i]["shortCode"] {
			t.Errorf("reel %d: %v, the reel scraper listed %v", i, r["shortCode"], reels[i]["shortCode"])
		}
	}
}

func TestYouTubeItems(t *testing.T) {
	s := newSim(t, noQuirks)
	inputs := []string{
		"https://www.youtube.com/watch?v=dQw4w9WgXcQ",
		"https://www.youtube.com/@LofiGirl",
		"https://www.youtube.com/channel/UCSJ4gkVC6NrvII8umztf0Ow",
		"https://www.youtube.com/c/somebrand",
		"https://www.youtube.com/user/oldschool",
	}
	var starts []map[string]string
	for _, u := range inputs {
		starts = append(starts, map[string]string{"url": u})
	}
	in, _ := json.Marshal(map[string]any{"startUrls": starts, "maxResults": 3, "maxResultsShorts": 2, "maxResultStreams": 0})
	items := s.scrape("streamers~youtube-scraper", string(in))
	if len(items) != 1+4*5 {
		t.Fatalf("%d items, want 1 + 4 channels × 5", len(items))
	}
	if items[0]["id"] != "dQw4w9WgXcQ" || items[0]["inputUrl"] != inputs[0] || items[0]["fromYTUrl"] != inputs[0] {
		t.Errorf("video item: %v %v", items[0]["id"], items[0]["inputUrl"])
	}
	if _, err := time.Parse(isoMillis, items[0]["date"].(string)); err != nil {
		t.Errorf("video page date %v", items[0]["date"])
	}
	relative := 0
	for i, it := range items[1:] {
		input := inputs[1+i/5]
		if it["inputUrl"] != input || it["inputChannelUrl"] != input {
			t.Errorf("channel item %d: inputUrl %v inputChannelUrl %v, want %s", i, it["inputUrl"], it["inputChannelUrl"], input)
		}
		kind, from := "video", "/videos"
		if i%5 >= 3 {
			kind, from = "shorts", "/shorts"
		}
		if it["type"] != kind || !strings.HasSuffix(it["fromYTUrl"].(string), from) {
			t.Errorf("channel item %d: type %v fromYTUrl %v", i, it["type"], it["fromYTUrl"])
		}
		if id, _ := it["channelId"].(string); !strings.HasPrefix(id, "UC") || len(id) != 24 {
			t.Errorf("channel item %d: channelId %v", i, it["channelId"])
		}
		for _, k := range []string{"title", "url", "viewCount", "likes", "commentsCount", "channelName", "channelUrl", "numberOfSubscribers", "thumbnailUrl", "duration"} {
			if _, ok := it[k]; !ok {
				t.Errorf("channel item %d: %s missing", i, k)
			}
		}
		if d, _ := it["date"].(string); strings.HasSuffix(d, " ago") {
			relative++
		} else if _, err := time.Parse(isoMillis, d); err != nil {
			t.Errorf("channel item %d: date %q", i, d)
		}
	}
	if relative == 0 {
		t.Error("no channel listing item has a relative date")
	}
	if items[6]["channelId"] != "UCSJ4gkVC6NrvII8umztf0Ow" || items[6]["channelUrl"] != "https://www.youtube.com/channel/UCSJ4gkVC6NrvII8umztf0Ow" {
		t.Errorf("a /channel/ input lost its id: %v", items[6]["channelUrl"])
	}
	if items[1]["channelUrl"] != "https://www.youtube.com/@lofigirl" && items[1]["channelUrl"] != "https://www.youtube.com/@LofiGirl" {
		t.Errorf("handle channel url %v", items[1]["channelUrl"])
	}

	// maxResultStreams lists the channel's past streams after its videos and
	// shorts.
	withStreams := s.scrape("streamers~youtube-scraper", `{"startUrls":[{"url":"https://www.youtube.com/@LofiGirl"}],"maxResults":2,"maxResultsShorts":2,"maxResultStreams":3}`)
	if len(withStreams) != 7 {
		t.Fatalf("%d items, want 2 videos, 2 shorts, 3 streams", len(withStreams))
	}
	for i, it := range withStreams[4:] {
		d, _ := it["date"].(string)
		if it["type"] != "stream" || !strings.HasSuffix(it["fromYTUrl"].(string), "/streams") ||
			!strings.HasPrefix(it["url"].(string), "https://www.youtube.com/watch?v=") || !strings.HasPrefix(d, "Streamed ") {
			t.Errorf("stream %d: type %v fromYTUrl %v url %v date %q", i, it["type"], it["fromYTUrl"], it["url"], d)
		}
	}
}

func TestXItems(t *testing.T) {
	s := newSim(t, noQuirks)
	items := s.scrape("apidojo~tweet-scraper", `{"startUrls":["https://x.com/elonmusk/status/1728108619189874825"],"twitterHandles":["NASA"],"maxItems":5}`)
	if len(items) != 6 {
		t.Fatalf("%d items", len(items))
	}
	if items[0]["id"] != "1728108619189874825" || items[0]["url"] != "https://x.com/elonmusk/status/1728108619189874825" {
		t.Errorf("status item: %v %v", items[0]["id"], items[0]["url"])
	}
	for i, it := range items {
		if _, err := time.Parse(time.RubyDate, it["createdAt"].(string)); err != nil || !strings.Contains(it["createdAt"].(string), " +0000 ") {
			t.Errorf("tweet %d: createdAt %v", i, it["createdAt"])
		}
		for _, k := range []string{"userName", "name", "id", "followers", "profilePicture"} {
			if _, ok := path(it, "author", k); !ok {
				t.Errorf("tweet %d: author.%s missing", i, k)
			}
		}
		for _, k := range []string{"twitterUrl", "text", "likeCount", "replyCount", "retweetCount", "quoteCount", "bookmarkCount", "isReply", "isRetweet"} {
			if _, ok := it[k]; !ok {
				t.Errorf("tweet %d: %s missing", i, k)
			}
		}
		if i > 0 {
			if u, _ := path(it, "author", "userName"); u != "NASA" {
				t.Errorf("handle tweet %d by %v", i, u)
			}
		}
	}
}

// countFields are the counts a normalizer reads, per actor.
var countFields = map[string][][]string{
	"clockworks~tiktok-scraper": {{"playCount"}, {"diggCount"}, {"commentCount"}, {"shareCount"}, {"collectCount"}, {"authorMeta", "fans"}},
	"apify~instagram-scraper":   {{"likesCount"}, {"commentsCount"}, {"videoPlayCount"}, {"videoViewCount"}},
	"streamers~youtube-scraper": {{"viewCount"}, {"likes"}, {"commentsCount"}, {"numberOfSubscribers"}},
	"apidojo~tweet-scraper":     {{"viewCount"}, {"likeCount"}, {"replyCount"}, {"retweetCount"}, {"quoteCount"}, {"bookmarkCount"}, {"author", "followers"}},
}

// flatPosts turns details items into their latest posts and keeps
// everything else, so every post is checked by id.
func flatPosts(items []map[string]any) []map[string]any {
	var out []map[string]any
	for _, it := range items {
		if lp, ok := it["latestPosts"].([]any); ok {
			for _, p := range lp {
				out = append(out, p.(map[string]any))
			}
			continue
		}
		out = append(out, it)
	}
	return out
}

func TestSameInputSameItemsAndCountsNeverShrink(t *testing.T) {
	inputs := map[string]string{
		"clockworks~tiktok-scraper": `{"profiles":["alice","bob","carol"],"resultsPerPage":15,"postURLs":["https://www.tiktok.com/@dave/video/7400000000000000042"]}`,
		"apify~instagram-scraper":   `{"directUrls":["https://www.instagram.com/alice/","https://www.instagram.com/bob/"],"resultsType":"details","resultsLimit":12}`,
		"streamers~youtube-scraper": `{"startUrls":[{"url":"https://www.youtube.com/@alice"},{"url":"https://www.youtube.com/watch?v=dQw4w9WgXcQ"}],"maxResults":8,"maxResultsShorts":8}`,
		"apidojo~tweet-scraper":     `{"twitterHandles":["alice","bob"],"maxItems":20,"startUrls":["https://x.com/carol/status/1900000000000000000"]}`,
	}
	for actorPath, input := range inputs {
		t.Run(actorPath, func(t *testing.T) {
			s := newSim(t, nil)
			first := s.scrape(actorPath, input)
			if again := s.scrape(actorPath, input); !sameJSON(t, first, again) {
				t.Fatal("the same input at the same time gave different items")
			}
			type seen struct {
				published, text any
				counts          []int64
			}
			last := map[string]seen{}
			record := func(items []map[string]any, check bool) (grew int) {
				for _, it := range flatPosts(items) {
					id := fmt.Sprint(it["id"])
					cur := seen{published: firstOf(it, "createTimeISO", "timestamp", "createdAt", "date"), text: firstOf(it, "text", "caption")}
					prev, ok := last[id]
					for i, f := range countFields[actorPath] {
						v, present := path(it, f...)
						n, isNum := int64(-2), false
						if present {
							n, isNum = count(t, v)
						}
						if !isNum {
							n = -2 // null or missing this time: keep the last known
							if ok {
								n = prev.counts[i]
							}
						}
						cur.counts = append(cur.counts, n)
						if check && ok && n < prev.counts[i] {
							t.Errorf("%s %s: %s went from %d to %d", actorPath, id, strings.Join(f, "."), prev.counts[i], n)
						}
						if check && ok && n > prev.counts[i] {
							grew++
						}
					}
					// A listing may leave out the time of a young post (the
					// quirk "untimed"): unknown this time, not changed.
					if cur.published == nil && ok {
						cur.published = prev.published
					}
					if check && ok && (fmt.Sprint(cur.text) != fmt.Sprint(prev.text) ||
						(prev.published != nil && !strings.HasSuffix(fmt.Sprint(cur.published), "ago") && fmt.Sprint(cur.published) != fmt.Sprint(prev.published))) {
						t.Errorf("%s %s: text or publish time changed: %v → %v", actorPath, id, prev.published, cur.published)
					}
					last[id] = cur
				}
				return grew
			}
			record(first, false)
			grew := 0
			for _, step := range []time.Duration{10 * time.Minute, 2 * time.Hour, 13 * time.Hour, 3 * 24 * time.Hour, 20 * 24 * time.Hour} {
				s.clock.Advance(step)
				grew += record(s.scrape(actorPath, input), true)
			}
			if grew == 0 {
				t.Error("no count grew in three weeks")
			}
		})
	}
}

func firstOf(it map[string]any, keys ...string) any {
	for _, k := range keys {
		if v, ok := it[k]; ok {
			return v
		}
	}
	return nil
}

func TestPostRequestedByURLIsTheListedPost(t *testing.T) {
	s := newSim(t, noQuirks)
	check := func(name string, listed, direct map[string]any, same []string, counts []string) {
		t.Helper()
		for _, k := range same {
			if fmt.Sprint(listed[k]) != fmt.Sprint(direct[k]) {
				t.Errorf("%s: %s listed %v, by URL %v", name, k, listed[k], direct[k])
			}
		}
		for _, k := range counts {
			l, _ := count(t, listed[k])
			d, _ := count(t, direct[k])
			// Listings may show counts rounded down (348.1K).
			if d < l || d-l > max(100, l/10) {
				t.Errorf("%s: %s listed %d, by URL %d", name, k, l, d)
			}
		}
	}

	tt := s.scrape("clockworks~tiktok-scraper", `{"profiles":["alice"],"resultsPerPage":6}`)
	for _, listed := range tt {
		direct := s.scrape("clockworks~tiktok-scraper", fmt.Sprintf(`{"postURLs":[%q]}`, listed["webVideoUrl"]))[0]
		check("tiktok", listed, direct, []string{"id", "createTimeISO", "text", "isSlideshow"}, []string{"playCount", "diggCount"})
		if a, _ := path(direct, "authorMeta", "name"); fmt.Sprint(a) != strings.Split(strings.Split(listed["webVideoUrl"].(string), "@")[1], "/")[0] {
			t.Errorf("tiktok author %v for %v", a, listed["webVideoUrl"])
		}
	}

	ig := s.scrape("apify~instagram-scraper", `{"directUrls":["https://www.instagram.com/alice/"],"resultsType":"details","resultsLimit":4}`)
	for _, lp := range ig[0]["latestPosts"].([]any) {
		listed := lp.(map[string]any)
		direct := s.scrape("apify~instagram-scraper", fmt.Sprintf(`{"directUrls":[%q],"resultsType":"posts"}`, listed["url"]))[0]
		check("instagram", listed, direct, []string{"id", "shortCode", "timestamp", "caption", "type", "ownerUsername"}, []string{"commentsCount"})
	}
	// A reel listed by a profile and the same reel by its URL are the same
	// item, views included.
	for _, listed := range s.scrape("apify~instagram-scraper", `{"directUrls":["https://www.instagram.com/alice/"],"resultsType":"reels","resultsLimit":4}`) {
		direct := s.scrape("apify~instagram-scraper", fmt.Sprintf(`{"directUrls":["https://www.instagram.com/reel/%s/"],"resultsType":"posts"}`, listed["shortCode"]))[0]
		check("instagram reel", listed, direct, []string{"id", "shortCode", "timestamp", "type", "ownerUsername", "videoPlayCount", "videoViewCount"}, nil)
	}

	yt := s.scrape("streamers~youtube-scraper", `{"startUrls":[{"url":"https://www.youtube.com/@alice"}],"maxResults":3,"maxResultsShorts":2}`)
	for _, listed := range yt {
		direct := s.scrape("streamers~youtube-scraper", fmt.Sprintf(`{"startUrls":[{"url":%q}]}`, listed["url"]))[0]
		check("youtube", listed, direct, []string{"id", "title", "type", "channelName", "channelId", "channelUrl", "numberOfSubscribers"}, []string{"viewCount"})
	}

	x := s.scrape("apidojo~tweet-scraper", `{"twitterHandles":["alice"],"maxItems":5}`)
	for _, listed := range x {
		direct := s.scrape("apidojo~tweet-scraper", fmt.Sprintf(`{"startUrls":[%q]}`, listed["url"]))[0]
		check("x", listed, direct, []string{"id", "createdAt", "text", "likeCount", "isRetweet"}, nil)
	}
}

func TestUnknownPostsWerePublishedAFewHoursToDaysAgo(t *testing.T) {
	s := newSim(t, noQuirks)
	check := func(name, stamp, layout string) {
		t.Helper()
		ts, err := time.Parse(layout, stamp)
		age := testEpoch.Sub(ts)
		if err != nil || age < 2*time.Hour || age > 5*24*time.Hour+time.Hour {
			t.Errorf("%s published %s (%v before the epoch): %v", name, stamp, age, err)
		}
	}
	tt := s.scrape("clockworks~tiktok-scraper", `{"postURLs":["https://www.tiktok.com/@someone/video/7400000000000000123"]}`)
	check("tiktok", tt[0]["createTimeISO"].(string), isoMillis)
	ig := s.scrape("apify~instagram-scraper", `{"directUrls":["https://www.instagram.com/p/Cxyz123AbCd/"]}`)
	check("instagram", ig[0]["timestamp"].(string), isoMillis)
	yt := s.scrape("streamers~youtube-scraper", `{"startUrls":[{"url":"https://youtu.be/dQw4w9WgXcQ"}]}`)
	check("youtube", yt[0]["date"].(string), isoMillis)
	x := s.scrape("apidojo~tweet-scraper", `{"startUrls":["https://twitter.com/someone/status/1234567890123"]}`)
	check("x", x[0]["createdAt"].(string), time.RubyDate)
}

func TestTikTokPostWithoutAuthor(t *testing.T) {
	s := newSim(t, noQuirks)
	const u = "https://www.tiktok.com/@/video/7400000000000000123"
	items := s.scrape("clockworks~tiktok-scraper", fmt.Sprintf(`{"postURLs":[%q]}`, u))
	if len(items) != 1 || items[0]["id"] != "7400000000000000123" || items[0]["submittedVideoUrl"] != u {
		t.Fatalf("items %v, want the post named by %s", items, u)
	}
	author, _ := items[0]["authorMeta"].(map[string]any)
	name, _ := author["name"].(string)
	if !regexp.MustCompile(`^user\d+$`).MatchString(name) ||
		items[0]["webVideoUrl"] != "https://www.tiktok.com/@"+name+"/video/7400000000000000123" {
		t.Fatalf("author %q, webVideoUrl %v: want an author and the URL with it", name, items[0]["webVideoUrl"])
	}
}

func TestPerInputErrorRows(t *testing.T) {
	s := newSim(t, nil)
	tt := s.scrape("clockworks~tiktok-scraper", `{"profiles":["alice","some_private_user"],"resultsPerPage":2,"postURLs":["https://www.tiktok.com/@x/video/notfound"]}`)
	if len(tt) != 4 {
		t.Fatalf("tiktok: %d items", len(tt))
	}
	for _, row := range []map[string]any{tt[0], tt[3]} {
		if row["error"] != "no_items" || row["errorDescription"] != "Empty or private data for provided input" {
			t.Errorf("tiktok error row %v", row)
		}
	}
	if tt[0]["url"] != "https://www.tiktok.com/@x/video/notfound" || tt[3]["url"] != "some_private_user" || tt[3]["input"] != "some_private_user" {
		t.Errorf("tiktok error rows do not name their inputs: %v / %v", tt[0], tt[3])
	}
	ig := s.scrape("apify~instagram-scraper", `{"directUrls":["https://www.instagram.com/notfound.account/"],"resultsType":"details"}`)
	if len(ig) != 1 || ig[0]["error"] != "no_items" || ig[0]["inputUrl"] != "https://www.instagram.com/notfound.account/" {
		t.Errorf("instagram: %v", ig)
	}
	yt := s.scrape("streamers~youtube-scraper", `{"startUrls":[{"url":"https://www.youtube.com/@privatechannel"}],"maxResults":3}`)
	if len(yt) != 1 || yt[0]["error"] != "no_items" || yt[0]["inputUrl"] != "https://www.youtube.com/@privatechannel" {
		t.Errorf("youtube: %v", yt)
	}
	x := s.scrape("apidojo~tweet-scraper", `{"twitterHandles":["private_person","nasa"],"maxItems":2}`)
	if len(x) != 3 || x[0]["noResults"] != true {
		t.Errorf("x: %v", x)
	}
}

func TestAwkwardCasesAppear(t *testing.T) {
	s := newSim(t, nil)
	found := map[string]int{}
	var handles []string
	for i := range 40 {
		handles = append(handles, fmt.Sprintf("%q", fmt.Sprintf("creator%d", i)))
	}
	list := strings.Join(handles, ",")

	for _, it := range s.scrape("clockworks~tiktok-scraper", `{"profiles":[`+list+`],"resultsPerPage":50}`) {
		for _, k := range []string{"playCount", "diggCount", "commentCount", "shareCount", "collectCount"} {
			switch v, ok := it[k]; {
			case !ok:
				found["missing count"]++
			case v == nil:
				found["null count"]++
			case fmt.Sprintf("%T", v) == "string" && strings.Contains(v.(string), ","):
				found["comma string"]++
			case fmt.Sprintf("%T", v) == "string":
				found["string count"]++
			}
		}
		if it["isSlideshow"] == true {
			if d, _ := path(it, "videoMeta", "duration"); fmt.Sprint(d) == "0" {
				found["slideshow"]++
			}
		}
		if it["isPinned"] == true {
			found["pinned"]++
		}
		if a, _ := path(it, "authorMeta", "name"); a != it["input"] {
			found["collab"]++
		}
		if _, ok := it["hasTikTokShopProduct"]; ok {
			found["shop marker"]++
		} else {
			found["no shop marker"]++
		}
		if _, ok := path(it, "authorMeta", "ttSeller"); !ok {
			found["no ttSeller"]++
		}
		if _, ok := it["statsV2"]; ok {
			found["unknown field"]++
		}
		if it["isRepost"] == true {
			found["repost"]++
		}
		if _, ok := it["createTimeISO"]; !ok {
			found["untimed post"]++
		}
	}
	for _, it := range flatPosts(s.scrape("apify~instagram-scraper", `{"directUrls":["https://www.instagram.com/a1/","https://www.instagram.com/a2/","https://www.instagram.com/a3/","https://www.instagram.com/a4/"],"resultsType":"details","resultsLimit":60}`)) {
		if fmt.Sprint(it["likesCount"]) == "-1" {
			found["hidden likes"]++
		}
		found["instagram "+fmt.Sprint(it["type"])]++
		if _, ok := it["coauthorProducers"]; ok {
			found["instagram collab"]++
		}
	}
	for _, it := range s.scrape("apidojo~tweet-scraper", `{"twitterHandles":[`+list+`],"maxItems":30}`) {
		if _, ok := it["viewCount"]; !ok {
			found["tweet without viewCount"]++
		}
		if it["isRetweet"] == true {
			found["retweet"]++
		}
		if it["isReply"] == true {
			found["reply"]++
			if u, _ := path(it, "author", "userName"); it["inReplyToUsername"] == u {
				found["self-reply"]++
			}
		}
	}
	for _, want := range []string{"missing count", "null count", "comma string", "string count", "slideshow", "pinned", "collab",
		"shop marker", "no shop marker", "no ttSeller", "unknown field", "hidden likes", "instagram Video", "instagram Sidecar",
		"instagram Image", "instagram collab", "tweet without viewCount", "retweet", "reply", "repost", "untimed post", "self-reply"} {
		if found[want] == 0 {
			t.Errorf("no %s in the sample", want)
		}
	}
	t.Logf("found %v", found)

	// Counts above 2^31: the videos of a mega account.
	star := ""
	for i := 0; star == ""; i++ {
		if a := newAccount("tiktok", fmt.Sprintf("star%d", i)); a.mega && a.tierAt(testEpoch) >= 26 {
			star = a.handle
		}
	}
	big := false
	for _, it := range s.scrape("clockworks~tiktok-scraper", fmt.Sprintf(`{"profiles":[%q],"resultsPerPage":80}`, star)) {
		if n, ok := count(t, it["playCount"]); ok && n > math.MaxInt32 {
			big = true
		}
	}
	if !big {
		t.Errorf("no count above 2^31 for %s", star)
	}
}

func TestSpikeInputTakesOffOnItsSecondRun(t *testing.T) {
	s := newSim(t, noQuirks)
	views := func(input string) []int64 {
		t.Helper()
		var out []int64
		for _, it := range s.scrape("clockworks~tiktok-scraper", input) {
			n, err := it["playCount"].(json.Number).Int64()
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, n)
		}
		return out
	}
	video := `{"postURLs":["https://www.tiktok.com/@spike.creator/video/7301234567890123456"]}`
	profile := `{"profiles":["spike.brand"],"resultsPerPage":3}`
	plain := `{"postURLs":["https://www.tiktok.com/@calm.creator/video/7301234567890123456"]}`
	// the clock stands still: only the marker can change a count
	first, firstProfile, firstPlain := views(video), views(profile), views(plain)
	for run := 2; run <= 3; run++ {
		again, againProfile, againPlain := views(video), views(profile), views(plain)
		if again[0] != first[0]+SpikeViews || !slices.Equal(againPlain, firstPlain) {
			t.Fatalf("run %d: spike video %d → %d, plain video %v → %v", run, first[0], again[0], firstPlain, againPlain)
		}
		for i := range firstProfile {
			if againProfile[i] != firstProfile[i]+SpikeViews {
				t.Fatalf("run %d: profile video %d: %d → %d", run, i, firstProfile[i], againProfile[i])
			}
		}
	}
}

// creatorList is n quoted handles, comma-separated, for an input list.
func creatorList(n int) string {
	var handles []string
	for i := range n {
		handles = append(handles, fmt.Sprintf("%q", fmt.Sprintf("creator%d", i)))
	}
	return strings.Join(handles, ",")
}

// TestUntimedYoungPostsGetTheirTimeBack: a listing leaves out the publish
// time of some posts younger than 48 hours, and only of those; the same
// post listed once it is older shows its time again, the one its id
// carries.
func TestUntimedYoungPostsGetTheirTimeBack(t *testing.T) {
	idTime := func(l idLayout) func(t *testing.T, it map[string]any) time.Time {
		return func(t *testing.T, it map[string]any) time.Time {
			t.Helper()
			id, err := strconv.ParseUint(fmt.Sprint(it["id"]), 10, 64)
			published, _, ok := l.decode(id)
			if err != nil || !ok {
				t.Fatalf("id %v is not one the simulator made", it["id"])
			}
			return published
		}
	}
	for _, c := range []struct {
		actor         string
		before, after string // inputs: the later lists deeper, as new posts come first
		fields        []string
		published     func(*testing.T, map[string]any) time.Time
		stamp         func(time.Time) string // the time as the fields[0] shows it
	}{
		{
			actor:     "clockworks~tiktok-scraper",
			before:    `{"profiles":[` + creatorList(40) + `],"resultsPerPage":12}`,
			after:     `{"profiles":[` + creatorList(40) + `],"resultsPerPage":30}`,
			fields:    []string{"createTime", "createTimeISO"},
			published: idTime(tiktokIDs),
			stamp:     func(p time.Time) string { return strconv.FormatInt(p.Unix(), 10) },
		},
		{
			actor:     "apify~instagram-scraper",
			before:    `{"directUrls":[` + strings.NewReplacer(`"creator`, `"https://www.instagram.com/creator`).Replace(creatorList(60)) + `],"resultsType":"posts","resultsLimit":8}`,
			after:     `{"directUrls":[` + strings.NewReplacer(`"creator`, `"https://www.instagram.com/creator`).Replace(creatorList(60)) + `],"resultsType":"posts","resultsLimit":20}`,
			fields:    []string{"timestamp"},
			published: idTime(instagramIDs),
			stamp:     func(p time.Time) string { return p.Truncate(time.Second).Format(isoMillis) },
		},
		{
			actor:     "apidojo~tweet-scraper",
			before:    `{"twitterHandles":[` + creatorList(40) + `],"maxItems":50}`,
			after:     `{"twitterHandles":[` + creatorList(40) + `],"maxItems":150}`,
			fields:    []string{"createdAt"},
			published: idTime(xIDs),
			stamp:     func(p time.Time) string { return p.Format(time.RubyDate) },
		},
	} {
		t.Run(c.actor, func(t *testing.T) {
			s := newSim(t, nil)
			untimed := map[string]time.Time{}
			for _, it := range s.scrape(c.actor, c.before) {
				_, has := it[c.fields[0]]
				for _, f := range c.fields[1:] {
					if _, ok := it[f]; ok != has {
						t.Fatalf("item %v has %s but not all of %v", it["id"], f, c.fields)
					}
				}
				if has {
					continue
				}
				published := c.published(t, it)
				if age := testEpoch.Sub(published); age >= untimedAge {
					t.Errorf("item %v without its time is %v old", it["id"], age)
				}
				untimed[fmt.Sprint(it["id"])] = published
			}
			if len(untimed) == 0 {
				t.Fatal("no item without its time in the sample")
			}
			s.clock.Advance(untimedAge)
			seen := 0
			for _, it := range s.scrape(c.actor, c.after) {
				published, ok := untimed[fmt.Sprint(it["id"])]
				if !ok {
					continue
				}
				seen++
				if got := fmt.Sprint(it[c.fields[0]]); got != c.stamp(published) {
					t.Errorf("item %v, 48 h later: %s %q, want %q", it["id"], c.fields[0], got, c.stamp(published))
				}
			}
			if seen != len(untimed) {
				t.Errorf("%d of the %d untimed items listed again 48 h later", seen, len(untimed))
			}
			t.Logf("%d items without their time, all timed 48 h later", len(untimed))

			plain := newSim(t, noQuirks)
			for _, it := range plain.scrape(c.actor, c.before) {
				if _, ok := it[c.fields[0]]; !ok {
					t.Fatalf("without quirks, item %v has no %s", it["id"], c.fields[0])
				}
			}
		})
	}
}

// TestTikTokRepostsAreOtherAuthorsVideos: with quirks, a profile listing
// holds reposts, another author's video marked isRepost from the reposts
// section; the same video by its URL is that author's plain video. Without
// quirks there are none.
func TestTikTokRepostsAreOtherAuthorsVideos(t *testing.T) {
	input := `{"profiles":[` + creatorList(40) + `],"resultsPerPage":30}`
	s := newSim(t, nil)
	var reposts []map[string]any
	for _, it := range s.scrape("clockworks~tiktok-scraper", input) {
		if _, ok := it["isRepost"]; !ok {
			if it["fromProfileSection"] != "videos" {
				t.Errorf("item %v: fromProfileSection %v without isRepost", it["id"], it["fromProfileSection"])
			}
			continue
		}
		author, _ := path(it, "authorMeta", "name")
		if it["isRepost"] != true || it["fromProfileSection"] != "reposts" || author == it["input"] ||
			it["webVideoUrl"] != fmt.Sprintf("https://www.tiktok.com/@%v/video/%v", author, it["id"]) {
			t.Errorf("repost %v of %v by %v: isRepost %v, fromProfileSection %v, webVideoUrl %v",
				it["id"], it["input"], author, it["isRepost"], it["fromProfileSection"], it["webVideoUrl"])
		}
		reposts = append(reposts, it)
	}
	if len(reposts) == 0 {
		t.Fatal("no repost in the sample")
	}
	t.Logf("%d reposts", len(reposts))
	direct := s.scrape("clockworks~tiktok-scraper", fmt.Sprintf(`{"postURLs":[%q]}`, reposts[0]["webVideoUrl"]))[0]
	if _, ok := direct["isRepost"]; ok || direct["id"] != reposts[0]["id"] {
		t.Errorf("the reposted video by its URL: id %v, isRepost %v", direct["id"], direct["isRepost"])
	}
	listedBy, _ := path(reposts[0], "authorMeta", "name")
	if a, _ := path(direct, "authorMeta", "name"); a != listedBy {
		t.Errorf("the reposted video by its URL is by %v, listed by %v", a, listedBy)
	}

	for _, it := range newSim(t, noQuirks).scrape("clockworks~tiktok-scraper", input) {
		if _, ok := it["isRepost"]; ok || it["fromProfileSection"] != "videos" {
			t.Fatalf("without quirks, item %v: isRepost %v, fromProfileSection %v", it["id"], it["isRepost"], it["fromProfileSection"])
		}
	}
}

// TestXSelfReplies: with quirks, about a third of replies answer the
// author's own tweet (a thread): inReplyToUsername and inReplyToUserId are
// the author's and the text mentions no one. Other replies mention the
// account they answer. Without quirks every reply answers another account.
func TestXSelfReplies(t *testing.T) {
	input := `{"twitterHandles":[` + creatorList(40) + `],"maxItems":30}`
	count := func(s *sim) (self, others int) {
		t.Helper()
		for _, it := range s.scrape("apidojo~tweet-scraper", input) {
			if it["isReply"] != true {
				continue
			}
			author, _ := path(it, "author", "userName")
			authorID, _ := path(it, "author", "id")
			text := fmt.Sprint(it["text"])
			if it["inReplyToUsername"] == author {
				self++
				if strings.HasPrefix(text, "@") || it["inReplyToUserId"] != authorID {
					t.Errorf("self-reply %v: text %q, inReplyToUserId %v, author id %v", it["id"], text, it["inReplyToUserId"], authorID)
				}
				continue
			}
			others++
			if !strings.HasPrefix(text, fmt.Sprintf("@%v ", it["inReplyToUsername"])) {
				t.Errorf("reply %v to %v: text %q", it["id"], it["inReplyToUsername"], text)
			}
		}
		return self, others
	}
	self, others := count(newSim(t, nil))
	if self == 0 || others == 0 || self > others {
		t.Errorf("%d self-replies and %d replies to others, want about one in three replies to self", self, others)
	}
	t.Logf("%d self-replies, %d replies to others", self, others)
	if self, _ := count(newSim(t, noQuirks)); self != 0 {
		t.Errorf("without quirks, %d self-replies", self)
	}
}

// A simulator started at any instant serves the same accounts, posts and
// counts relative to its start: tests against it never depend on the hour.
func TestTheWorldStartsWithTheSimulator(t *testing.T) {
	type post struct {
		age   time.Duration
		views any
		text  any
	}
	profile := func(start time.Time) []post {
		s := newSim(t, func(c *Config) { c.Epoch, c.Quirks = start, false })
		var posts []post
		for _, it := range s.scrape("clockworks~tiktok-scraper", `{"profiles":["numbers.e2e"],"resultsPerPage":12}`) {
			ts, err := time.Parse(isoMillis, fmt.Sprint(it["createTimeISO"]))
			if err != nil {
				t.Fatalf("createTimeISO %v: %v", it["createTimeISO"], err)
			}
			posts = append(posts, post{start.Sub(ts), it["playCount"], it["text"]})
		}
		return posts
	}
	a, b := profile(testEpoch), profile(testEpoch.Add(29*24*time.Hour+7*time.Hour+23*time.Minute+11*time.Second))
	if len(a) == 0 || !reflect.DeepEqual(a, b) {
		t.Errorf("the profile relative to the start differs between two starts:\n%v\n%v", a, b)
	}
}
