package main

import (
	"encoding/base64"
	"encoding/binary"
	"math"
	"math/bits"
	"strconv"
	"strings"
	"sync"
	"time"
)

// world is what every item generator shares: simulated time, listing sizes,
// quirks, and which account each generated post belongs to.
type world struct {
	// anchor is the instant invented foreign posts were published hours to days before.
	anchor        time.Time
	maxPerProfile int
	quirks        quirks
	owners        *ownerMemo
	takeoffs      takeoffs

	// What every item of a profile listing shares, worked out once.
	tiktokAuthors memo[authorKey, tiktokAuthorParts]
	tiktokFeeds   memo[feedKey, tiktokFeedAt]

	// bios are those set through POST /sim/bio
	bios *bios
}

// memo holds results of a pure function, for concurrent use; when full it
// starts over.
type memo[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

const memoMax = 4096

func (c *memo[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

func (c *memo[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil || len(c.m) >= memoMax {
		c.m = make(map[K]V)
	}
	c.m[k] = v
}

// clock is simulated time: speed times the wall clock from origin on.
type clock struct {
	origin time.Time
	speed  float64
	now    func() time.Time
}

func (c clock) sim() time.Time {
	wall := c.now()
	secs := wall.Sub(c.origin).Seconds() * c.speed
	whole := math.Floor(secs)
	return c.origin.Add(time.Duration(whole) * time.Second).Add(time.Duration((secs - whole) * 1e9))
}

type account struct {
	platform  string
	handle    string // lower case, as in URLs
	seed      uint64
	followers float64 // on followersOrigin
	growth    float64 // share of followers gained per day
	created   time.Time
	origin    time.Time // of the world's follower lines and grids
	mega      bool
	verified  bool
	seller    bool // TikTok Shop seller
}

// origin is when the world's follower lines and posting grids start.
func (w *world) origin() time.Time {
	if w.anchor.IsZero() {
		return followersOrigin
	}
	return w.anchor.Truncate(time.Second).Add(-worldAge)
}

// postSeed draws a post's numbers and text from the id it has in a world
// whose origin is followersOrigin, so they do not depend on when the
// simulator started either.
func (w *world) postSeed(l idLayout, id uint64, text func(uint64) string) uint64 {
	if shift := w.origin().Sub(followersOrigin); shift != 0 {
		if t, tier, acct, ok := l.decodeAcct(id); ok {
			id = l.encode(t.Add(-shift), tier, acct)
		}
	}
	return hashOf(l.name, text(id))
}

func decimal(id uint64) string { return strconv.FormatUint(id, 10) }

// account is the world's account of that handle.
func (w *world) account(platform, handle string) account {
	return newAccountAt(w.origin(), platform, handle)
}

// newAccount is an account of a world without an anchor.
func newAccount(platform, handle string) account {
	return newAccountAt(followersOrigin, platform, handle)
}

func newAccountAt(origin time.Time, platform, handle string) account {
	handle = strings.ToLower(strings.TrimPrefix(strings.TrimSpace(handle), "@"))
	seed := hashOf(platform, handle)
	a := account{
		platform: platform,
		handle:   handle,
		seed:     seed,
		origin:   origin,
		growth:   logBetween(seed, "growth", 0.0002, 0.004),
		created:  origin.Add(-time.Duration(between(seed, "age", 120*86400, 1000*86400)) * time.Second),
		mega:     chance(seed, "mega", 1.0/60),
		seller:   chance(seed, "seller", 0.15),
	}
	if a.mega {
		a.followers = logBetween(seed, "followers", 5e7, 3e8)
	} else {
		a.followers = math.Min(4e7, math.Max(30, math.Exp(math.Log(15000)+1.9*gauss(seed, "followers"))))
	}
	a.verified = (a.followers > 1e6 && chance(seed, "verified", 0.7)) || chance(seed, "verifiedSmall", 0.02)
	return a
}

func (a account) followersAt(t time.Time) int64 {
	return growth(a.seed, a.followers, a.growth, a.origin, t)
}

// tierAt is log2 of the followers at t: the audience of a post published then,
// written into its id so a post read back by URL has the same curve.
func (a account) tierAt(t time.Time) uint64 {
	f := a.followersAt(t)
	if f < 1 {
		return 0
	}
	return uint64(min(31, bits.Len64(uint64(f))-1))
}

func (a account) displayName() string {
	parts := strings.FieldsFunc(a.handle, func(r rune) bool { return r == '.' || r == '_' || r == '-' })
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	if len(parts) == 0 {
		return a.handle
	}
	name := strings.Join(parts, " ")
	if chance(a.seed, "emojiName", 0.15) {
		name += " " + pick(a.seed, "nameEmoji", []string{"✨", "🌿", "🎧", "🔥", "🇺🇸", "🏋️"})
	}
	return name
}

func numericID(seed uint64, salt string, digits int) string {
	s := strconv.FormatUint(mix(sub(seed, salt)), 10)
	for len(s) < digits {
		s += strconv.FormatUint(mix(sub(seed, salt+s)), 10)
	}
	s = s[:digits]
	if s[0] == '0' {
		s = "1" + s[1:]
	}
	return s
}

// grid is when an account posts in one lane: post k at origin + k·every +
// jitter under every, so posts are ordered and their times never change.
// More than deepHistory before the world's origin history is packed a post
// a minute, so a profile of 100,000 posts still has plausible dates and
// distinct ids.
type grid struct {
	seed   uint64
	every  time.Duration
	origin time.Time
	deepK  int64 // first index on the regular schedule
}

const deepHistory = 3 * 365 * 24 * time.Hour

var cadence = map[string][2]float64{
	"tiktok":          {6, 48},
	"instagram":       {12, 96},
	"instagram:reels": {24, 120},
	"youtube:videos":  {48, 240},
	"youtube:shorts":  {8, 48},
	"youtube:streams": {72, 480},
	"x":               {1, 20},
}

func (a account) grid(lane string) grid {
	key := a.platform
	if lane != "" {
		key += ":" + lane
	}
	c := cadence[key]
	seed := sub(a.seed, "grid:"+lane)
	every := time.Duration(logBetween(seed, "every", c[0], c[1]) * float64(time.Hour))
	g := grid{
		seed:   seed,
		every:  every,
		origin: a.origin.Add(time.Duration(unit(sub(seed, "phase")) * float64(every))),
	}
	g.deepK = int64(math.Ceil(float64(a.origin.Add(-deepHistory).Sub(g.origin)) / float64(every)))
	return g
}

func (g grid) at(k int64) time.Time {
	if k < g.deepK {
		return g.at(g.deepK).Add(-time.Duration(g.deepK-k) * time.Minute)
	}
	jitter := time.Duration(0.8 * unit(subN(g.seed, "jitter", k)) * float64(g.every))
	return g.origin.Add(time.Duration(k)*g.every + jitter)
}

func (g grid) latest(t time.Time) int64 {
	if first := g.at(g.deepK); t.Before(first) {
		return g.deepK - int64(math.Ceil(float64(first.Sub(t))/float64(time.Minute)))
	}
	k := int64(math.Floor(float64(t.Sub(g.origin)) / float64(g.every)))
	if g.at(k).After(t) {
		k--
	}
	return k
}

func (a account) postsBy(g grid, t time.Time) int64 {
	return max(1, g.latest(t)-g.latest(a.created))
}

// idLayout packs a post's publish time, audience tier and a check into a
// platform-shaped id, as real ids carry their creation time, so a post
// requested by URL alone gets the same time and curve. Below the time: tier
// (5 bits), check, and bits of the author's handle hash.
type idLayout struct {
	name      string
	checkBits uint
	acctBits  uint
	unit      time.Duration // of the time part
	epoch     time.Time
}

var (
	tiktokIDs    = idLayout{"tiktok", 11, 16, time.Second, time.Unix(0, 0)}
	instagramIDs = idLayout{"instagram", 10, 8, time.Millisecond, time.UnixMilli(1314220021721)}
	youtubeIDs   = idLayout{"youtube", 13, 12, time.Second, time.Unix(0, 0)}
	xIDs         = idLayout{"x", 9, 8, time.Millisecond, time.UnixMilli(1288834974657)}
)

func (l idLayout) low() uint { return 5 + l.checkBits + l.acctBits }

func (l idLayout) check(tv, tier, acct uint64) uint64 {
	return hashOf(l.name, strconv.FormatUint(tv, 10), strconv.FormatUint(tier, 10), strconv.FormatUint(acct, 10)) & (1<<l.checkBits - 1)
}

func (l idLayout) encode(t time.Time, tier uint64, acctSeed uint64) uint64 {
	tv := uint64(t.Sub(l.epoch) / l.unit)
	acct := acctSeed & (1<<l.acctBits - 1)
	return tv<<l.low() | tier<<(l.checkBits+l.acctBits) | l.check(tv, tier, acct)<<l.acctBits | acct
}

func (l idLayout) decode(id uint64) (t time.Time, tier uint64, ok bool) {
	t, tier, _, ok = l.decodeAcct(id)
	return t, tier, ok
}

func (l idLayout) decodeAcct(id uint64) (t time.Time, tier, acct uint64, ok bool) {
	tv := id >> l.low()
	tier = (id >> (l.checkBits + l.acctBits)) & 31
	check := (id >> l.acctBits) & (1<<l.checkBits - 1)
	acct = id & (1<<l.acctBits - 1)
	if tv == 0 || check != l.check(tv, tier, acct) {
		return time.Time{}, 0, 0, false
	}
	return l.epoch.Add(time.Duration(tv) * l.unit), tier, acct, true
}

// Instagram shortcodes are the media id in base 64 with this alphabet.
const igAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

func igShortcode(id uint64) string {
	var buf [11]byte
	i := len(buf)
	for id > 0 || i == len(buf) {
		i--
		buf[i] = igAlphabet[id%64]
		id /= 64
	}
	return string(buf[i:])
}

func igMediaID(code string) (uint64, bool) {
	if code == "" || len(code) > 11 {
		return 0, false
	}
	var id uint64
	for i := 0; i < len(code); i++ {
		d := strings.IndexByte(igAlphabet, code[i])
		if d < 0 {
			return 0, false
		}
		hi, lo := bits.Mul64(id, 64)
		if hi != 0 {
			return 0, false
		}
		id = lo + uint64(d)
	}
	return id, true
}

// YouTube ids are 8 bytes in unpadded URL-safe base 64.
func ytVideoID(id uint64) string {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], id)
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func ytDecodeID(s string) (uint64, bool) {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || len(b) != 8 {
		return 0, false
	}
	return binary.BigEndian.Uint64(b), true
}

// ytChannelID is "UC" and 22 URL-safe base 64 characters.
func ytChannelID(seed uint64) string {
	var b [17]byte
	binary.BigEndian.PutUint64(b[0:], mix(sub(seed, "channel1")))
	binary.BigEndian.PutUint64(b[8:], mix(sub(seed, "channel2")))
	b[16] = byte(mix(sub(seed, "channel3")))
	return "UC" + base64.RawURLEncoding.EncodeToString(b[:])[:22]
}

// foreignPublished is when a post the simulator did not list was published:
// hours to days before the anchor, so its counts still move.
func (w *world) foreignPublished(seed uint64) time.Time {
	return w.anchor.Add(-time.Duration(logBetween(seed, "foreignAge", 2, 120) * float64(time.Hour)))
}

func foreignTier(seed uint64) uint64 { return uint64(between(seed, "foreignTier", 9, 19)) }

func tierScale(tier uint64) float64 { return math.Ldexp(1, int(tier)) }

// ownerMemo remembers the account of a generated post, for the platforms
// whose post URLs do not name the author; a forgotten post gets an invented one.
type ownerMemo struct {
	mu sync.Mutex
	m  map[string]string
}

const ownerMemoMax = 200_000

func newOwnerMemo() *ownerMemo { return &ownerMemo{m: make(map[string]string)} }

func (o *ownerMemo) put(platform, id, handle string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if len(o.m) >= ownerMemoMax {
		clear(o.m)
	}
	o.m[platform+":"+id] = handle
}

func (o *ownerMemo) get(platform, id string) (string, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	h, ok := o.m[platform+":"+id]
	return h, ok
}

func inventedHandle(seed uint64) string {
	return pick(seed, "inventFirst", firstNames) + pick(seed, "inventSep", []string{".", "_", ""}) +
		pick(seed, "inventLast", handleSuffixes)
}

func collaborator(seed uint64) string {
	return pick(seed, "collabFirst", firstNames) + pick(seed, "collabSep", []string{".", "_"}) +
		pick(seed, "collabLast", handleSuffixes)
}

// SpikeViews is how many views a "spike" input's items gain when it takes off.
const SpikeViews = 1_000_000

// takeoffs counts the runs started with each "spike" input: the one state
// kept about inputs, so a test can make a known video take off on cue.
type takeoffs struct {
	mu   sync.Mutex
	runs map[string]int
}

func (t *takeoffs) run(input string) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.runs == nil {
		t.runs = map[string]int{}
	}
	t.runs[input]++
	return t.runs[input] > 1
}

var viewFields = map[string]bool{"playCount": true, "videoPlayCount": true, "videoViewCount": true, "viewCount": true}

// spiked returns the segments answering one input of a run: from a "spike"
// input's second run on, every item shows SpikeViews more views.
func (w *world) spiked(input string, segs ...segment) []segment {
	if !strings.Contains(strings.ToLower(input), "spike") || !w.takeoffs.run(input) {
		return segs
	}
	out := make([]segment, len(segs))
	for i, seg := range segs {
		gen := seg.gen
		out[i] = segment{seg.n, func(i int, at time.Time) obj {
			o := gen(i, at)
			for j, f := range o {
				if n, ok := f.v.(int64); ok && viewFields[f.k] {
					o[j].v = n + SpikeViews
				}
			}
			return o
		}}
	}
	return out
}

func markerError(input string) bool {
	l := strings.ToLower(input)
	return strings.Contains(l, "private") || strings.Contains(l, "notfound")
}

var firstNames = []string{"mia", "leo", "ava", "noah", "zoe", "kai", "ivy", "max", "luna", "eli", "nora", "sam", "ruby", "theo", "isla", "finn"}

var handleSuffixes = []string{"creates", "eats", "fit", "travels", "studio", "daily", "vlogs", "makes", "cooks", "style", "beats", "tech", "official", "tv"}

var captionWords = []string{
	"this", "changed", "my", "morning", "routine", "you", "need", "to", "try", "the", "best", "way", "cook",
	"easy", "recipe", "for", "busy", "days", "wait", "till", "end", "honest", "review", "of", "new",
	"budget", "setup", "tour", "day", "in", "life", "3", "tips", "nobody", "tells", "about", "part", "2",
	"storytime", "what", "I", "eat", "week", "transformation", "challenge", "tutorial", "hack", "before",
	"after", "trying", "viral", "pov", "when", "your", "friend", "asks", "small", "business", "packing", "orders",
}

var hashtags = []string{
	"fyp", "foryou", "viral", "recipe", "fitness", "travel", "skincare", "booktok", "smallbusiness", "tutorial",
	"comedy", "lifehack", "ootd", "dayinmylife", "cooking", "gym", "tech", "music", "dance", "diy",
}

func caption(seed uint64, maxWords int) (text string, tags []string) {
	n := 3 + int(mix(sub(seed, "words"))%uint64(maxWords))
	words := make([]string, 0, n+4)
	for i := range n {
		words = append(words, pick(subN(seed, "word", int64(i)), "w", captionWords))
	}
	nt := int(mix(sub(seed, "ntags")) % 5)
	for i := range nt {
		t := pick(subN(seed, "tag", int64(i)), "t", hashtags)
		tags = append(tags, t)
		words = append(words, "#"+t)
	}
	if chance(seed, "emojiCaption", 0.3) {
		words = append(words, pick(seed, "captionEmoji", []string{"😂", "🔥", "✨", "🙌", "😭", "💯"}))
	}
	return strings.Join(words, " "), tags
}
