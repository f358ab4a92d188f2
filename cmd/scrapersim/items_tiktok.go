package main

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// TikTok items in the shape of clockworks~tiktok-scraper.
//
// Input: postURLs (an item each, named by submittedVideoUrl), profiles with
// resultsPerPage (the newest videos, a pinned one possibly first, named by
// input), excludePinnedPosts.

func tiktokPlan(w *world, in input) []segment {
	var segs []segment
	for _, u := range append(in.list("postURLs"), in.list("videoUrls")...) {
		if markerError(u) {
			segs = append(segs, errorRow(u, field{"submittedVideoUrl", u}))
			continue
		}
		v, ok := w.tiktokFromURL(u)
		if !ok {
			segs = append(segs, errorRow(u, field{"submittedVideoUrl", u}))
			continue
		}
		segs = append(segs, w.spiked(u, one(func(at time.Time) obj {
			return w.tiktokItem(v, at, tiktokContext{submittedURL: u})
		}))...)
	}
	n := w.clampCount(in.num("resultsPerPage", 10))
	for _, tag := range in.list("hashtags") {
		name := strings.TrimPrefix(tag, "#")
		segs = append(segs, w.tiktokTopic(slugOf(name), tag, n, func(o obj, at time.Time) obj {
			o.add("searchHashtag", obj{{"name", strings.ToLower(name)}, {"views", w.hashtagViews(strings.ToLower(name), at)}})
			return o
		}))
	}
	for _, q := range in.list("searchQueries") {
		segs = append(segs, w.tiktokTopic(slugOf(q), q, n, func(o obj, _ time.Time) obj { o.add("searchQuery", q); return o }))
	}
	noPinned := in.flag("excludePinnedPosts")
	for _, p := range in.list("profiles") {
		if markerError(p) {
			segs = append(segs, errorRow(p, field{"input", p}))
			continue
		}
		acc := w.account("tiktok", tiktokHandle(p))
		segs = append(segs, w.spiked(p, segment{n, func(i int, at time.Time) obj {
			v, pinned := w.tiktokFeed(acc, i, at, noPinned)
			return w.tiktokItem(v, at, tiktokContext{input: p, pinned: pinned, listing: true})
		}})...)
	}
	return segs
}

func tiktokHandle(p string) string {
	if i := strings.Index(p, "tiktok.com/@"); i >= 0 {
		p = p[i+len("tiktok.com/@"):]
		if j := strings.IndexAny(p, "/?#"); j >= 0 {
			p = p[:j]
		}
	}
	return strings.ToLower(strings.TrimPrefix(p, "@"))
}

// tiktokVideo is one video: its id carries its publish time and tier.
type tiktokVideo struct {
	id        string
	author    account
	published time.Time
	tier      uint64
	seed      uint64
	photo     bool // the URL was a /photo/ one: a slideshow
	repost    bool // listed as the profile's repost of another author's video
}

func (w *world) newTiktokVideo(author account, published time.Time, tier uint64) tiktokVideo {
	id := tiktokIDs.encode(published, tier, author.seed)
	return tiktokVideo{id: decimal(id), author: author, published: published.Truncate(time.Second), tier: tier, seed: w.postSeed(tiktokIDs, id, decimal)}
}

// tiktokFeed is item i of a profile's listing at t: the pinned video first,
// then the newest.
func (w *world) tiktokFeed(acc account, i int, at time.Time, noPinned bool) (tiktokVideo, bool) {
	key := feedKey{acc.handle, at.UnixNano(), noPinned}
	f, ok := w.tiktokFeeds.get(key)
	if !ok {
		f = newTiktokFeedAt(acc, at, noPinned)
		w.tiktokFeeds.put(key, f)
	}
	k := f.latest - int64(i)
	pinned := false
	if f.hasPinned {
		if i == 0 {
			k, pinned = f.pinnedK, true
		} else if k = f.latest - int64(i-1); k <= f.pinnedK {
			k--
		}
	}
	published := f.grid.at(k)
	author, repost := acc, false
	if postSeed := subN(acc.seed, "post", k); chance(postSeed, "collab", 0.03) {
		author = w.account("tiktok", collaborator(postSeed))
	} else if w.quirks.enabled && chance(postSeed, "repost", 0.04) {
		// A repost shows the reposted video, by its own author.
		author, repost = w.account("tiktok", collaborator(sub(postSeed, "reposted"))), true
	}
	v := w.newTiktokVideo(author, published, acc.tierAt(published))
	v.repost = repost
	return v, pinned
}

type feedKey struct {
	handle   string
	at       int64 // Unix nanoseconds
	noPinned bool
}

type tiktokFeedAt struct {
	grid      grid
	latest    int64
	hasPinned bool
	pinnedK   int64
}

func newTiktokFeedAt(acc account, at time.Time, noPinned bool) tiktokFeedAt {
	f := tiktokFeedAt{grid: acc.grid("")}
	f.latest = f.grid.latest(at)
	f.hasPinned = !noPinned && chance(acc.seed, "pinned", 0.3)
	if f.hasPinned {
		f.pinnedK = f.grid.latest(acc.origin.AddDate(0, 0, 300+int(mix(sub(acc.seed, "pinnedDay"))%200)))
		f.hasPinned = f.pinnedK < f.latest
	}
	return f
}

var tiktokURL = regexp.MustCompile(`tiktok\.com/@([^/?#]*)/(video|photo)/(\d+)`)

// tiktokFromURL is the video a post URL names: a listed video keeps its
// publish time, any other was published hours to days ago. A URL without
// the author gets one derived from the id, as the real actor reports it.
func (w *world) tiktokFromURL(u string) (tiktokVideo, bool) {
	m := tiktokURL.FindStringSubmatch(u)
	if m == nil {
		return tiktokVideo{}, false
	}
	handle := m[1]
	if handle == "" {
		handle = "user" + strconv.FormatUint(hashOf("tiktok-author", m[3])%1e10, 10)
	}
	author := w.account("tiktok", handle)
	id, err := strconv.ParseUint(m[3], 10, 64)
	seed := hashOf("tiktok", m[3])
	v := tiktokVideo{id: m[3], author: author, seed: seed, photo: m[2] == "photo"}
	if t, tier, ok := tiktokIDs.decode(id); err == nil && ok {
		v.published, v.tier, v.seed = t, tier, w.postSeed(tiktokIDs, id, decimal)
	} else {
		v.published, v.tier = w.foreignPublished(seed).Truncate(time.Second), foreignTier(seed)
	}
	return v, true
}

type tiktokContext struct {
	input        string // the profile, for listing items
	submittedURL string // the post URL, for post items
	pinned       bool
	listing      bool // profile listings show counts rounded, as TikTok's pages do
}

// curve is the video's view curve.
func (v tiktokVideo) curve() curve { return postCurve(v.seed, v.published, v.tier, 1, 6e9) }

func (w *world) tiktokItem(v tiktokVideo, at time.Time, ctx tiktokContext) obj {
	s, a := v.seed, v.author
	hour := w.hourOf(at)
	c := v.curve()
	round := func(n int64) int64 {
		if ctx.listing {
			return shortRound(n)
		}
		return n
	}
	views := c.count(at, "views", 1)
	text, tags := topicCaption(a, s)(caption(s, 14))
	slideshow := v.photo || chance(s, "slideshow", 0.08)
	webURL := "https://www.tiktok.com/@" + a.handle + "/video/" + v.id
	if v.photo {
		webURL = "https://www.tiktok.com/@" + a.handle + "/photo/" + v.id
	}
	cover := "https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/" + hexOf(s, "cover", 32) + "~tplv-tiktokx-origin.image"

	o := make(obj, 0, 40)
	o.add("id", v.id)
	o.add("text", text)
	o.add("textLanguage", pick(s, "lang", []string{"en", "en", "en", "es", "de", "un"}))
	if !ctx.listing || !w.quirks.untimed(s, v.published, at, 0.25) {
		o.add("createTime", v.published.Unix())
		o.add("createTimeISO", v.published)
	}
	o.add("locationCreated", pick(a.seed, "country", []string{"US", "GB", "DE", "BR", "ID", "FR"}))
	o.add("isAd", false)
	author := w.tiktokAuthorAt(a, at, ctx.listing)
	o.add("authorMeta", author.meta(v.seed))
	o.add("musicMeta", tiktokMusic(a, author.name, s))
	o.add("webVideoUrl", webURL)
	o.add("mediaUrls", emptyList)
	meta := obj{}
	if slideshow {
		meta.add("height", 0)
		meta.add("width", 0)
		meta.add("duration", 0)
	} else {
		meta.add("height", 1024)
		meta.add("width", 576)
		if chance(s, "fractionalDuration", 0.3) {
			meta.add("duration", float64(int(between(s, "duration", 7, 180)*1000))/1000)
		} else {
			meta.add("duration", int(between(s, "duration", 7, 180)))
		}
	}
	meta.add("coverUrl", cover)
	meta.add("originalCoverUrl", cover)
	if !slideshow {
		meta.add("definition", "540p")
		meta.add("format", "mp4")
	}
	o.add("videoMeta", meta)
	q := w.quirks
	o.add("diggCount", q.count(s, "diggCount", hour, round(c.count(at, "likes", ratio(s, "likes", 0.07)))))
	o.add("shareCount", q.count(s, "shareCount", hour, round(c.count(at, "shares", ratio(s, "shares", 0.004)))))
	o.add("playCount", q.count(s, "playCount", hour, round(views)))
	o.add("collectCount", q.count(s, "collectCount", hour, c.count(at, "saves", ratio(s, "saves", 0.008))))
	o.add("commentCount", q.count(s, "commentCount", hour, round(c.count(at, "comments", ratio(s, "comments", 0.004)))))
	o.add("mentions", emptyList)
	o.add("detailedMentions", emptyList)
	tagObjs := make([]obj, 0, len(tags))
	for _, t := range tags {
		tagObjs = append(tagObjs, tiktokTag(t))
	}
	o.add("hashtags", tagObjs)
	o.add("effectStickers", emptyList)
	o.add("isSlideshow", slideshow)
	if slideshow {
		links := make([]obj, 0, 4)
		for i := range 2 + int(mix(sub(s, "slides"))%4) {
			img := "https://p16-sign-va.tiktokcdn.com/tos-maliva-i-photomode-us/" + hexOf(subN(s, "slide", int64(i)), "img", 32) + "~tplv-photomode-image.jpeg"
			links = append(links, obj{{"tiktokLink", img}, {"downloadLink", img}})
		}
		o.add("slideshowImageLinks", links)
	}
	o.add("isPinned", ctx.pinned)
	o.add("isSponsored", false)
	if v.repost {
		o.add("isRepost", true)
	}
	// TikTok Shop markers are on some items only: absent means unknown
	if a.seller && chance(s, "shopShown", 0.7) {
		o.add("hasTikTokShopProduct", chance(s, "shopProduct", 0.4))
	} else if !a.seller && chance(s, "shopShown", 0.3) {
		o.add("hasTikTokShopProduct", false)
	}
	if chance(s, "statsV2", 0.1) {
		// An extra field the normalizer does not know, with string counts.
		o.add("statsV2", obj{{"playCount", strconv.FormatInt(views, 10)}, {"repostCount", "0"}})
	}
	if ctx.listing {
		o.add("input", ctx.input)
		if v.repost {
			o.add("fromProfileSection", "reposts")
		} else {
			o.add("fromProfileSection", "videos")
		}
	} else {
		o.add("submittedVideoUrl", ctx.submittedURL)
	}
	return o
}

var emptyList any = []string{}

var tiktokTags = func() map[string]obj {
	m := make(map[string]obj, len(hashtags))
	for _, t := range hashtags {
		m[t] = newTiktokTag(t)
	}
	return m
}()

func tiktokTag(t string) obj {
	if o, ok := tiktokTags[t]; ok {
		return o
	}
	return newTiktokTag(t)
}

func newTiktokTag(t string) obj {
	return obj{{"id", numericID(hashOf(t), "tag", 7)}, {"name", t}, {"title", ""}, {"cover", ""}}
}

func (w *world) tiktokAuthorAt(a account, at time.Time, listing bool) tiktokAuthorParts {
	key := authorKey{a.handle, at.UnixNano(), listing, w.bios.of("tiktok", a.handle, "")}
	p, ok := w.tiktokAuthors.get(key)
	if !ok {
		p = w.newTiktokAuthorParts(a, at, listing)
		w.tiktokAuthors.put(key, p)
	}
	return p
}

func (p tiktokAuthorParts) meta(postSeed uint64) obj {
	m := make(obj, 0, len(p.head)+len(p.mid)+len(p.tail)+2)
	m = append(m, p.head...)
	if chance(postSeed, "commerceShown", 0.7) {
		m = append(m, p.commerce)
	}
	m = append(m, p.mid...)
	if chance(postSeed, "ttSellerShown", 0.6) {
		m = append(m, p.seller)
	}
	return append(m, p.tail...)
}

type authorKey struct {
	handle  string
	at      int64 // Unix nanoseconds
	listing bool
	bio     string // one set through /sim/bio
}

// tiktokAuthorParts is authorMeta without its per-post markers, worked out
// once per account and time for a whole listing; only read.
type tiktokAuthorParts struct {
	name             string // nickName
	head, mid, tail  obj
	commerce, seller field
}

func (w *world) newTiktokAuthorParts(a account, at time.Time, listing bool) tiktokAuthorParts {
	hour := w.hourOf(at)
	fans := a.followersAt(at)
	heart := growth(sub(a.seed, "heart"), a.followers*between(a.seed, "heartRatio", 5, 40), a.growth, a.origin, at)
	if listing {
		fans, heart = shortRound(fans), shortRound(heart)
	}
	avatar := "https://p16-sign-va.tiktokcdn.com/tos-maliva-avt-0068/" + hexOf(a.seed, "avatar", 32) + "~tplv-tiktokx-cropcenter:720:720.jpeg"
	p := tiktokAuthorParts{name: a.displayName()}
	p.head.add("id", numericID(a.seed, "userId", 19))
	p.head.add("name", a.handle)
	p.head.add("profileUrl", "https://www.tiktok.com/@"+a.handle)
	p.head.add("nickName", p.name)
	p.head.add("verified", a.verified)
	p.head.add("signature", w.bios.of("tiktok", a.handle, pick(a.seed, "bio", []string{"", "📍 NYC", "daily videos ✨", "business: hello@example.com", "SHOP THE E-BOOK OUT NOW"})))
	if chance(a.seed, "bioLink", 0.4) {
		p.head.add("bioLink", "https://linktr.ee/"+a.handle)
	} else {
		p.head.add("bioLink", nil)
	}
	p.head.add("originalAvatarUrl", avatar)
	p.head.add("avatar", avatar)
	p.commerce = field{"commerceUserInfo", obj{{"commerceUser", a.seller || chance(a.seed, "commerce", 0.1)}}}
	p.mid.add("privateAccount", false)
	p.mid.add("roomId", "")
	p.seller = field{"ttSeller", a.seller}
	p.tail.add("following", int(mix(sub(a.seed, "following"))%900))
	p.tail.add("friends", int(mix(sub(a.seed, "friends"))%200))
	p.tail.add("fans", w.quirks.count(a.seed, "fans", hour, fans))
	p.tail.add("heart", heart)
	p.tail.add("video", a.postsBy(a.grid(""), at))
	p.tail.add("digg", int(mix(sub(a.seed, "digg"))%5000))
	return p
}

// tiktokMusic is musicMeta; name is the author's display name. A fan of a
// sound (topics.go) uses that sound.
func tiktokMusic(a account, name string, s uint64) obj {
	if slug, ok := topicOf(a.handle); ok && isSoundID(slug) {
		for _, song := range tiktokSongs {
			if song.id == slug {
				return songMusic(song, s)
			}
		}
		return obj{
			{"musicName", "sound " + slug},
			{"musicAuthor", "Sound " + slug[len(slug)-4:]},
			{"musicOriginal", false},
			{"playUrl", "https://sf16-ies-music-va.tiktokcdn.com/obj/tos-useast2a-ve-2774/" + hexOf(hashOf(slug), "song", 24) + ".mp3"},
			{"coverMediumUrl", ""},
			{"originalCoverMediumUrl", ""},
			{"musicId", slug},
		}
	}
	if chance(s, "originalSound", 0.6) {
		id := numericID(s, "music", 19)
		return obj{
			{"musicName", "original sound - " + a.handle},
			{"musicAuthor", name},
			{"musicOriginal", true},
			{"playUrl", "https://sf16-ies-music-va.tiktokcdn.com/obj/musically-maliva-obj/" + id + ".mp3"},
			{"coverMediumUrl", ""},
			{"originalCoverMediumUrl", ""},
			{"musicId", id},
		}
	}
	return songMusic(tiktokSongs[mix(sub(s, "song"))%uint64(len(tiktokSongs))], s)
}

func songMusic(song tiktokSong, s uint64) obj {
	return obj{
		{"musicName", song.name},
		{"musicAuthor", pick(s, "artist", []string{"Sabrina Carpenter", "Jack Harlow", "Dua Lipa", "Myles Smith", "ROSÉ"})},
		{"musicOriginal", false},
		{"playUrl", song.playURL},
		{"coverMediumUrl", song.coverURL},
		{"originalCoverMediumUrl", ""},
		{"musicId", song.id},
	}
}

// tiktokSong is a popular sound, its links and id drawn from its name.
type tiktokSong struct{ name, playURL, coverURL, id string }

var tiktokSongs = func() []tiktokSong {
	var songs []tiktokSong
	for _, name := range []string{"Espresso", "Lovin On Me", "Training Season", "Stargazing", "APT."} {
		h := hashOf(name)
		songs = append(songs, tiktokSong{
			name:     name,
			playURL:  "https://sf16-ies-music-va.tiktokcdn.com/obj/tos-useast2a-ve-2774/" + hexOf(h, "song", 24) + ".mp3",
			coverURL: "https://p16-sign-va.tiktokcdn.com/tos-maliva-p-0068/" + hexOf(h, "songCover", 32) + ".jpeg",
			id:       numericID(h, "music", 19),
		})
	}
	return songs
}()

func hexOf(seed uint64, salt string, n int) string {
	var b strings.Builder
	b.Grow(n)
	for i := 0; b.Len() < n; i++ {
		x := mix(subN(seed, salt, int64(i)))
		for j := 0; j < 16 && b.Len() < n; j++ {
			b.WriteByte(hexDigits[x&0xf])
			x >>= 4
		}
	}
	return b.String()
}
