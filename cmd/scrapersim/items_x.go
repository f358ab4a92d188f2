package main

import (
	"regexp"
	"strconv"
	"strings"
	"time"
)

// X items in the shape of apidojo~tweet-scraper.
//
// Input: startUrls (status URLs give one tweet each; profile URLs count as
// handles), twitterHandles, maxItems (tweets per handle, newest first).
// Like the real actor, items carry no input field: a status item is named
// by its id and url, a handle's tweets by author.userName. An input that
// yields nothing gives {"noResults": true}.

func xPlan(w *world, in input) []segment {
	n := w.clampCount(in.num("maxItems", 20))
	var segs []segment
	var handles []string
	for _, u := range in.list("startUrls") {
		switch {
		case markerError(u):
			segs = append(segs, xNoResults())
		case xStatusURL.MatchString(u):
			t, _ := w.xFromURL(u)
			segs = append(segs, w.spiked(u, one(func(at time.Time) obj { return w.xItem(t, at) }))...)
		case xProfileURL.MatchString(u) && !xReserved[strings.ToLower(xProfileURL.FindStringSubmatch(u)[1])]:
			handles = append(handles, xProfileURL.FindStringSubmatch(u)[1])
		default:
			segs = append(segs, xNoResults())
		}
	}
	for _, term := range in.list("searchTerms") {
		segs = append(segs, w.xTopic(slugOf(term), n))
	}
	for _, h := range append(handles, in.list("twitterHandles")...) {
		if markerError(h) {
			segs = append(segs, xNoResults())
			continue
		}
		acc := w.account("x", strings.TrimPrefix(h, "@"))
		userName := strings.TrimPrefix(h, "@")
		segs = append(segs, w.spiked(h, segment{n, func(i int, at time.Time) obj {
			return w.xItem(w.xFeed(acc, userName, i, at), at)
		}})...)
	}
	return segs
}

func xNoResults() segment { return one(func(time.Time) obj { return obj{{"noResults", true}} }) }

var (
	xStatusURL  = regexp.MustCompile(`(?:x|twitter)\.com/([A-Za-z0-9_]+)/status(?:es)?/(\d+)`)
	xProfileURL = regexp.MustCompile(`(?:x|twitter)\.com/([A-Za-z0-9_]+)/?(?:[?#].*)?$`)
	xReserved   = map[string]bool{"search": true, "home": true, "explore": true, "i": true, "hashtag": true}
)

// tweet is one tweet; its snowflake id carries its time and tier.
type tweet struct {
	id        uint64
	author    account
	userName  string // the handle as the account spells it
	published time.Time
	tier      uint64
	seed      uint64
	listed    bool // in a handle's listing rather than requested by URL
}

func (w *world) xFeed(acc account, userName string, i int, at time.Time) tweet {
	g := acc.grid("")
	published := g.at(g.latest(at) - int64(i)).Truncate(time.Millisecond)
	tier := acc.tierAt(published)
	id := xIDs.encode(published, tier, acc.seed)
	return tweet{id: id, author: acc, userName: userName, published: published, tier: tier, seed: w.postSeed(xIDs, id, decimal), listed: true}
}

func (w *world) xFromURL(u string) (tweet, bool) {
	m := xStatusURL.FindStringSubmatch(u)
	if m == nil {
		return tweet{}, false
	}
	id, err := strconv.ParseUint(m[2], 10, 64)
	seed := hashOf("x", m[2])
	t := tweet{id: id, author: w.account("x", m[1]), userName: m[1], seed: seed}
	if p, tier, ok := xIDs.decode(id); err == nil && ok {
		t.published, t.tier, t.seed = p, tier, w.postSeed(xIDs, id, decimal)
	} else {
		t.published, t.tier = w.foreignPublished(seed).Truncate(time.Millisecond), foreignTier(seed)
	}
	return t, true
}

// viewCountStart is when X began showing view counts: older tweets have none.
var viewCountStart = time.Date(2022, 12, 15, 0, 0, 0, 0, time.UTC)

func (w *world) xItem(t tweet, at time.Time) obj {
	s, a := t.seed, t.author
	hour := w.hourOf(at)
	q := w.quirks
	c := postCurve(s, t.published, t.tier, 0.4, 4e9)
	id := strconv.FormatUint(t.id, 10)
	retweet := chance(s, "retweet", 0.08)
	reply := !retweet && chance(s, "reply", 0.15)
	// A reply to the author's own tweet continues a thread.
	selfReply := reply && q.enabled && chance(s, "selfReply", 1.0/3)
	quote := !retweet && !reply && chance(s, "quote", 0.05)
	text, tags := topicCaption(a, s)(caption(s, 30))
	other := collaborator(sub(s, "other"))
	if retweet {
		text = "RT @" + other + ": " + text
	} else if reply && !selfReply {
		text = "@" + other + " " + text
	}

	o := make(obj, 0, 36)
	o.add("type", "tweet")
	o.add("id", id)
	o.add("url", "https://x.com/"+t.userName+"/status/"+id)
	o.add("twitterUrl", "https://twitter.com/"+t.userName+"/status/"+id)
	o.add("text", text)
	o.add("fullText", text)
	o.add("source", pick(s, "source", []string{"Twitter for iPhone", "Twitter for Android", "Twitter Web App"}))
	if retweet {
		// The retweet itself has no likes or views of its own.
		o.add("retweetCount", q.count(s, "retweetCount", hour, c.count(at, "retweets", ratio(s, "retweets", 0.0015))))
		o.add("replyCount", 0)
		o.add("likeCount", 0)
		o.add("quoteCount", 0)
	} else {
		o.add("retweetCount", q.count(s, "retweetCount", hour, c.count(at, "retweets", ratio(s, "retweets", 0.0015))))
		o.add("replyCount", q.count(s, "replyCount", hour, c.count(at, "replies", ratio(s, "replies", 0.001))))
		o.add("likeCount", q.count(s, "likeCount", hour, c.count(at, "likes", ratio(s, "likes", 0.012))))
		o.add("quoteCount", q.count(s, "quoteCount", hour, c.count(at, "quotes", ratio(s, "quotes", 0.0003))))
		if t.published.After(viewCountStart) && !chance(s, "noViews", 0.03) {
			o.add("viewCount", q.count(s, "viewCount", hour, c.count(at, "views", 1)))
		}
	}
	if !t.listed || !q.untimed(s, t.published, at, 0.05) {
		o.add("createdAt", t.published.UTC().Format(time.RubyDate))
	}
	o.add("lang", "en")
	o.add("bookmarkCount", q.count(s, "bookmarkCount", hour, c.count(at, "bookmarks", ratio(s, "bookmarks", 0.001))))
	o.add("isReply", reply)
	if reply {
		to, toName := w.account("x", other), other
		if selfReply {
			to, toName = a, t.userName
		}
		o.add("inReplyToId", numericID(s, "inReplyTo", 19))
		o.add("inReplyToUserId", numericID(to.seed, "userId", 10))
		o.add("inReplyToUsername", toName)
		o.add("conversationId", numericID(s, "inReplyTo", 19))
	} else {
		o.add("conversationId", id)
	}
	o.add("author", w.xAuthor(a, t.userName, at))
	o.add("extendedEntities", obj{})
	o.add("card", obj{})
	o.add("place", obj{})
	entTags := make([]obj, 0, len(tags))
	for _, tag := range tags {
		entTags = append(entTags, obj{{"indices", []any{0, 0}}, {"text", tag}})
	}
	o.add("entities", obj{{"hashtags", entTags}, {"symbols", []obj{}}, {"timestamps", []obj{}}, {"urls", []obj{}}, {"user_mentions", []obj{}}})
	o.add("isRetweet", retweet)
	o.add("isQuote", quote)
	o.add("media", []obj{})
	o.add("isConversationControlled", false)
	if retweet {
		o.add("retweet", obj{{"type", "tweet"}, {"id", numericID(s, "retweeted", 19)}, {"text", strings.TrimPrefix(text, "RT @"+other+": ")}, {"author", obj{{"userName", other}}}})
	}
	if quote {
		o.add("quoteId", numericID(s, "quoted", 19))
	}
	return o
}

func (w *world) xAuthor(a account, userName string, at time.Time) obj {
	hour := w.hourOf(at)
	pic := "https://pbs.twimg.com/profile_images/" + numericID(a.seed, "pic", 19) + "/" + hexOf(a.seed, "picName", 8) + "_normal.jpg"
	m := make(obj, 0, 30)
	m.add("type", "user")
	m.add("userName", userName)
	m.add("url", "https://x.com/"+userName)
	m.add("twitterUrl", "https://twitter.com/"+userName)
	m.add("id", numericID(a.seed, "userId", 10))
	m.add("name", a.displayName())
	m.add("isVerified", false)
	m.add("isBlueVerified", a.verified)
	m.add("profilePicture", pic)
	m.add("coverPicture", "https://pbs.twimg.com/profile_banners/"+numericID(a.seed, "userId", 10)+"/"+strconv.FormatInt(a.created.Unix(), 10))
	m.add("description", w.bios.of("x", a.handle, pick(a.seed, "bio", []string{"", "opinions my own", "building things", "writer. runner.", "DMs open"})))
	m.add("location", pick(a.seed, "location", []string{"", "New York, NY", "London", "Berlin", "San Francisco, CA"}))
	m.add("followers", w.quirks.count(a.seed, "followers", hour, a.followersAt(at)))
	m.add("following", int(mix(sub(a.seed, "following"))%3000))
	m.add("status", "")
	m.add("canDm", chance(a.seed, "canDm", 0.5))
	m.add("canMediaTag", true)
	m.add("createdAt", a.created.UTC().Format(time.RubyDate))
	m.add("entities", obj{{"description", obj{{"urls", []obj{}}}}, {"url", obj{}}})
	m.add("fastFollowersCount", 0)
	m.add("favouritesCount", int(mix(sub(a.seed, "favourites"))%50000))
	m.add("hasCustomTimelines", false)
	m.add("isTranslator", false)
	m.add("mediaCount", int(mix(sub(a.seed, "media"))%2000))
	m.add("statusesCount", a.postsBy(a.grid(""), at)*3)
	m.add("withheldInCountries", []string{})
	m.add("affiliatesHighlightedLabel", obj{})
	m.add("possiblySensitive", false)
	m.add("pinnedTweetIds", []string{})
	return m
}
