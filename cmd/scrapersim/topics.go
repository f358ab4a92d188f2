package main

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
)

// Topics: what the service's watches look for (a hashtag, a mention, a
// sound, a search). The world has fans of every topic: the accounts
// "<slug>_fan1" … "<slug>_fanK" (K from 3 to 6, drawn from the slug),
// whose every post carries "#<slug>", every other one also "@<slug>", and,
// on TikTok, whose sound is the topic's when the slug is a sound's id. A
// hashtag, mention or search run lists the newest posts of the topic's
// fans, newest first, reposts left out, as a platform's search does; as
// simulated time runs, their new posts appear at the top. The slug of a
// search is its letters and digits, lower-cased ("Morning routine" is
// "morningroutine"), and a fan's caption carries the search's words too.
// Tracking a fan account shows the same posts with the same captions.

// fanSuffix separates a topic's slug from a fan's number in its handle.
const fanSuffix = "_fan"

// slugOf is a topic's slug: its letters and digits, lower-cased.
func slugOf(term string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(term) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// fansOf are the handles of a topic's fans.
func fansOf(slug string) []string {
	k := 3 + int(hashOf("fans", slug)%4)
	out := make([]string, k)
	for i := range out {
		out[i] = slug + fanSuffix + strconv.Itoa(i+1)
	}
	return out
}

// topicOf is the slug of a fan's topic; false for any other handle.
func topicOf(handle string) (string, bool) {
	i := strings.LastIndex(handle, fanSuffix)
	if i <= 0 {
		return "", false
	}
	n, err := strconv.Atoi(handle[i+len(fanSuffix):])
	if err != nil || n < 1 {
		return "", false
	}
	return handle[:i], true
}

// isSoundID: a slug of digits only names a sound (TikTok's musicId).
func isSoundID(slug string) bool {
	if len(slug) < 6 {
		return false
	}
	for _, r := range slug {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// topicCaption adds a fan's topic to a post's caption and hashtags (as
// caption returns them): the other authors' captions stay as they are.
func topicCaption(a account, seed uint64) func(string, []string) (string, []string) {
	return func(text string, tags []string) (string, []string) {
		slug, ok := topicOf(a.handle)
		if !ok || isSoundID(slug) {
			return text, tags
		}
		text += " #" + slug
		tags = append(tags, slug)
		if mentionsTopic(seed) {
			text += " @" + slug
		}
		return text, tags
	}
}

// topicFeeds keeps the merged listings of the latest reads: a listing is
// asked item by item.
type topicFeeds struct {
	mu   sync.Mutex
	byAt map[string][]int // key → the order of the fans' items, as (fan, index) pairs
}

var topicCache = &topicFeeds{byAt: map[string][]int{}}

// topicListing is the newest n posts of the topic's fans at at, as pairs of
// a fan's position and the index in its own feed, newest first; posted
// tells the publish time of a fan's i-th feed item, and own whether it is
// the fan's own post (not a repost).
func topicListing(key string, fans int, n int, posted func(fan, i int) time.Time, own func(fan, i int) bool) []int {
	topicCache.mu.Lock()
	if l, ok := topicCache.byAt[key]; ok {
		topicCache.mu.Unlock()
		return l
	}
	topicCache.mu.Unlock()
	type post struct {
		fan, i int
		at     time.Time
	}
	var all []post
	per := n/max(fans, 1) + 3
	for f := range fans {
		taken := 0
		for i := 0; taken < per && i < per*2; i++ {
			if !own(f, i) {
				continue
			}
			all = append(all, post{f, i, posted(f, i)})
			taken++
		}
	}
	slices.SortStableFunc(all, func(a, b post) int { return b.at.Compare(a.at) })
	out := make([]int, 0, 2*min(n, len(all)))
	for _, p := range all[:min(n, len(all))] {
		out = append(out, p.fan, p.i)
	}
	topicCache.mu.Lock()
	if len(topicCache.byAt) > 256 {
		clear(topicCache.byAt)
	}
	topicCache.byAt[key] = out
	topicCache.mu.Unlock()
	return out
}

// tiktokTopic lists the topic's TikTok posts: a hashtag's, a search's or
// a sound's (by its id).
func (w *world) tiktokTopic(slug, input string, n int, extra func(obj, time.Time) obj) segment {
	fans := fansOf(slug)
	accs := make([]account, len(fans))
	for i, h := range fans {
		accs[i] = w.account("tiktok", h)
	}
	listing := func(at time.Time) []int {
		return topicListing("tiktok\n"+slug+"\n"+strconv.FormatInt(at.UnixNano(), 10), len(fans), n,
			func(f, i int) time.Time { v, _ := w.tiktokFeed(accs[f], i, at, true); return v.published },
			func(f, i int) bool { v, _ := w.tiktokFeed(accs[f], i, at, true); return !v.repost })
	}
	return segment{n, func(i int, at time.Time) obj {
		l := listing(at)
		if 2*i+1 >= len(l) {
			return obj{{"noResults", true}}
		}
		v, _ := w.tiktokFeed(accs[l[2*i]], l[2*i+1], at, true)
		return extra(w.tiktokItem(v, at, tiktokContext{input: input, listing: true}), at)
	}}
}

// xTopic lists the topic's tweets, retweets left out.
func (w *world) xTopic(slug string, n int) segment {
	fans := fansOf(slug)
	accs := make([]account, len(fans))
	for i, h := range fans {
		accs[i] = w.account("x", h)
	}
	listing := func(at time.Time) []int {
		return topicListing("x\n"+slug+"\n"+strconv.FormatInt(at.UnixNano(), 10), len(fans), n,
			func(f, i int) time.Time { return w.xFeed(accs[f], fans[f], i, at).published },
			func(f, i int) bool { return !chance(w.xFeed(accs[f], fans[f], i, at).seed, "retweet", 0.08) })
	}
	return segment{n, func(i int, at time.Time) obj {
		l := listing(at)
		if 2*i+1 >= len(l) {
			return obj{{"noResults", true}}
		}
		f := l[2*i]
		return w.xItem(w.xFeed(accs[f], fans[f], l[2*i+1], at), at)
	}}
}

// tiktokSoundPlan answers clockworks~tiktok-sound-scraper: musics (a
// sound's page, /music/…-{id}) with resultsPerPage, the newest posts using
// each sound.
func tiktokSoundPlan(w *world, in input) []segment {
	n := w.clampCount(in.num("resultsPerPage", 10))
	var segs []segment
	for _, u := range in.list("musics") {
		m := tiktokSoundURL.FindStringSubmatch(u)
		if m == nil || markerError(u) {
			segs = append(segs, errorRow(u, field{"input", u}))
			continue
		}
		segs = append(segs, w.tiktokTopic(m[1], u, n, func(o obj, _ time.Time) obj { o.add("input", u); return o }))
	}
	return segs
}

var tiktokSoundURL = regexp.MustCompile(`/music/[^/?#]*?-?(\d{6,})/?(?:[?#].*)?$`)

// instagramTopic lists the topic's Instagram posts: a hashtag's page
// (/explore/tags/…), or, with mentionsOnly, the posts that tag the
// profile (resultsType mentions), collabs by other accounts left out.
func (w *world) instagramTopic(slug, inputURL string, n int, mentionsOnly bool) segment {
	fans := fansOf(slug)
	accs := make([]account, len(fans))
	for i, h := range fans {
		accs[i] = w.account("instagram", h)
	}
	key := "instagram\n"
	if mentionsOnly {
		key = "instagram-mentions\n"
	}
	listing := func(at time.Time) []int {
		return topicListing(key+slug+"\n"+strconv.FormatInt(at.UnixNano(), 10), len(fans), n,
			func(f, i int) time.Time { p, _ := w.instagramFeed(accs[f], "posts", i, at); return p.published },
			func(f, i int) bool {
				p, _ := w.instagramFeed(accs[f], "posts", i, at)
				return p.coauthor == "" && (!mentionsOnly || mentionsTopic(p.seed))
			})
	}
	return segment{n, func(i int, at time.Time) obj {
		l := listing(at)
		if 2*i+1 >= len(l) {
			return obj{{"noResults", true}}
		}
		p, _ := w.instagramFeed(accs[l[2*i]], "posts", l[2*i+1], at)
		p.listed = false
		return w.instagramPost(p, at, inputURL, false)
	}}
}

// youtubeTopic lists the topic's YouTube Shorts: a hashtag's page
// (/hashtag/…) or a search, newest first.
func (w *world) youtubeTopic(slug, inputURL string, n int) segment {
	fans := fansOf(slug)
	chs := make([]ytChannel, len(fans))
	for i, h := range fans {
		chs[i] = w.newYTChannel("@" + h)
	}
	listing := func(at time.Time) []int {
		return topicListing("youtube\n"+slug+"\n"+strconv.FormatInt(at.UnixNano(), 10), len(fans), n,
			func(f, i int) time.Time { return w.youtubeFeed(chs[f], "shorts", i, at).published },
			func(int, int) bool { return true })
	}
	return segment{n, func(i int, at time.Time) obj {
		l := listing(at)
		if 2*i+1 >= len(l) {
			return obj{{"noResults", true}}
		}
		v := w.youtubeFeed(chs[l[2*i]], "shorts", l[2*i+1], at)
		return w.youtubeItem(v, at, ytContext{inputURL: inputURL, from: inputURL, listing: true, order: i})
	}}
}

// mentionsTopic: whether a fan's post also mentions the topic's handle.
func mentionsTopic(seed uint64) bool { return chance(seed, "mentionsTopic", 0.5) }

// hashtagViews is TikTok's count of the views of every post under a
// hashtag at at: it grows by a share of itself a day.
func (w *world) hashtagViews(name string, at time.Time) int64 {
	base := float64(hashOf("tagViews", name)%5e9 + 1e6)
	days := max(at.Sub(w.origin()).Hours()/24, 0)
	return int64(base * (1 + days*between(hashOf("tagGrowth", name), "growth", 0.001, 0.02)))
}
