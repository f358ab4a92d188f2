// Package normalize turns the provider actors' dataset items into one model
// (Item, its account, videos and metrics), one file per platform. It reads
// JSON only and knows neither HTTP nor the databases.
package normalize

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// Item is one dataset item, normalized. A bad item never fails the dataset:
// Normalize returns an error for it, the caller counts and skips it.
type Item struct {
	Platform platform.Platform
	// Input is the input this item answers, as the actor echoes it; "" if absent.
	Input string
	// Failed marks a per-input failure row, which carries no account or videos.
	Failed bool
	// Reason is, for failed rows, a short reason that is safe to show users.
	Reason string
	// Account is the author, channel or profile the item carries, nil if none.
	Account *Account
	// Videos: one for a post item, an Instagram details item's latest posts.
	Videos []Video
	// TopicViews is the platform's own count of the views of every post
	// under the hashtag a listing was asked for (TikTok's
	// searchHashtag.views); nil when the item carries none.
	TopicViews *uint64
}

// Account is an account as of one scrape.
type Account struct {
	// Handle is lower-case without '@' (YouTube: the @handle if known, else "").
	Handle string
	// PlatformID is the platform's own id of the account, if present.
	PlatformID string
	// Keys are every identity key the item reveals, as platform.Target.ID forms.
	Keys        []string
	DisplayName string
	AvatarURL   string
	Followers   *uint64 // nil when unknown
	// IsSeller is TikTok's shop seller marker; nil when absent (unknown, not false).
	IsSeller *bool
	// Bio is the profile's text (TikTok's signature, Instagram's biography,
	// X's description, YouTube's channel description); nil when the item
	// carries none, which is not an empty bio.
	Bio *string
}

// Video is a video as of one scrape.
type Video struct {
	// ID is the platform's video id (Instagram: the shortCode). Never empty.
	ID string
	// URL is the canonical URL of the video, rebuilt from its id.
	URL string
	// AuthorHandle is lower-case, without '@': the real author, even in a feed.
	AuthorHandle string
	// AuthorKeys are the author's YouTube keys, so a channel tracked by id matches.
	AuthorKeys   []string
	Caption      string
	ThumbnailURL string
	PublishedAt  *time.Time // UTC; nil when unparseable or absent
	// PublishedFrom says where PublishedAt came from; "" when it is nil.
	PublishedFrom string
	DurationSec   *float64
	Metrics       Metrics
	// IsShop is TikTok's shop product marker; nil when absent (unknown, not false).
	IsShop    *bool
	Pinned    bool
	Slideshow bool
	// Repost marks a repost of another account's post: an X retweet is by the
	// reposter; a TikTok repost is the reposted video, by its own author.
	Repost bool
	// Quote marks an X post that quotes another post.
	Quote bool
	// Reply marks an X reply to another account, not a thread's continuation.
	Reply bool
	// RelatedHandle is the other account the flags name; "" when unknown or the
	// author itself (a TikTok repost shows the reposted author: AuthorHandle).
	RelatedHandle string
	// Coauthors are the other authors of an Instagram collab, owner left out.
	Coauthors []string
	// Sound is the audio the post uses (TikTok's musicMeta, Instagram's
	// musicInfo); nil when the item names none.
	Sound *Sound
}

// Sound is a post's audio as its platform names it.
type Sound struct {
	// ID is the platform's id of the sound (TikTok musicId, Instagram audio_id).
	ID   string
	Name string
}

// soundOf reads a sound from an item's music object: nil without an id or
// a name.
func soundOf(m jsonObject, idKey, nameKey string) *Sound {
	s := Sound{ID: strings.TrimSpace(m.text(idKey)), Name: strings.TrimSpace(m.text(nameKey))}
	if s.ID == "" && s.Name == "" {
		return nil
	}
	return &s
}

// Where a video's publish time came from (Video.PublishedFrom).
const (
	// PublishedProvider: the item's own publish time field.
	PublishedProvider = "provider"
	// PublishedID: derived from the platform id.
	PublishedID = "id"
)

// Metrics are counts as scraped; nil means hidden or not provided, never 0.
type Metrics struct{ Views, Likes, Comments, Shares, Saves *uint64 }

// maxCount: snapshots are read back as signed 64-bit integers in places.
const maxCount = math.MaxInt64

var (
	errNotObject = errors.New("item is not a JSON object")
	errNoVideoID = errors.New("item has no usable video id")
)

// Normalize turns one raw item of the given platform's actor into an Item.
// now anchors relative dates ("10 months ago").
func Normalize(p platform.Platform, raw json.RawMessage, now time.Time) (Item, error) {
	if _, err := normalizerOf(p); err != nil {
		return Item{}, err
	}
	o, err := decodeObject(raw)
	if err != nil {
		return Item{}, fmt.Errorf("normalize %s item: %w", p, err)
	}
	return normalizeObject(p, o, now)
}

func normalizerOf(p platform.Platform) (func(jsonObject, time.Time) (Item, error), error) {
	switch p {
	case platform.TikTok:
		return normalizeTikTok, nil
	case platform.Instagram:
		return normalizeInstagram, nil
	case platform.YouTube:
		return normalizeYouTube, nil
	case platform.X:
		return normalizeX, nil
	}
	return nil, fmt.Errorf("normalize item: unsupported platform %q", p)
}

func normalizeObject(p platform.Platform, o jsonObject, now time.Time) (Item, error) {
	normalize, err := normalizerOf(p)
	if err != nil {
		return Item{}, err
	}
	if o.src == nil {
		return Item{}, fmt.Errorf("normalize %s item: %w", p, errNotObject)
	}
	if reason, failed := failureReason(o); failed {
		return Item{Platform: p, Input: o.firstText(failureInputKeys...), Failed: true, Reason: reason}, nil
	}
	it, err := normalize(o, now.UTC())
	if err != nil {
		return Item{}, fmt.Errorf("normalize %s item: %w", p, err)
	}
	it.Platform = p
	return it, nil
}

// failureInputKeys are where failure rows echo their input, by preference.
var failureInputKeys = []string{"input", "inputUrl", "url", "submittedVideoUrl", "inputChannelUrl", "fromYTUrl", "startUrl", "searchTerm", "username"}

// failureReason recognizes a per-input failure row, with a user-safe reason.
func failureReason(o jsonObject) (string, bool) {
	if o.isTrue("noResults") {
		return "No results for this input", true
	}
	if !truthy(o.get("error")) && !truthy(o.get("errorCode")) && !truthy(o.get("errorMessage")) {
		return "", false
	}
	// error may be an object with a message, or a code string.
	e := o.object("error")
	candidates := []string{o.text("errorDescription"), o.text("errorMessage"),
		e.text("message"), e.text("description"), e.text("type"), o.text("error"), o.text("errorCode")}
	for _, c := range candidates {
		if r := userSafeReason(c); r != "" {
			return r, true
		}
	}
	return "The scraper returned an error for this input", true
}

func truthy(v jsonValue) bool {
	switch v.kind() {
	case '"':
		s, _ := v.str()
		return strings.TrimSpace(s) != ""
	case 't':
		return true
	case '0':
		f, err := v.float()
		return err != nil || f != 0
	case '{', '[':
		return !v.empty()
	}
	return false
}

// maxReasonRunes bounds a reason: it is shown in the dashboard and stored.
const maxReasonRunes = 200

var errorCodeText = regexp.MustCompile(`^[a-z0-9]+(?:[_-][a-z0-9]+)*$`)

// userSafeReason makes a provider message one bounded, printable line.
func userSafeReason(s string) string {
	s = strings.ToValidUTF8(s, "")
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if errorCodeText.MatchString(strings.ToLower(s)) && (strings.ContainsAny(s, "_-") || s == strings.ToLower(s) || s == strings.ToUpper(s)) {
		s = strings.NewReplacer("_", " ", "-", " ").Replace(strings.ToLower(s))
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	if utf8.RuneCountInString(s) > maxReasonRunes {
		s = string([]rune(s)[:maxReasonRunes-1]) + "…"
	}
	return s
}

// parseCount reads a count as actors write them ("83000", "1,234,567", "1.2M
// views"). Negative means hidden; it and anything unreadable give nil, never 0.
func parseCount(v jsonValue) *uint64 {
	switch v.kind() {
	case '0':
		return countFromNumber(string(v))
	case '"':
		s, _ := v.str()
		return countFromString(s)
	}
	return nil
}

func countFromNumber(s string) *uint64 {
	if u, err := strconv.ParseUint(s, 10, 64); err == nil {
		return capCount(u)
	}
	// Out of range gives ±Inf with an error; countFromFloat refuses both.
	f, _ := strconv.ParseFloat(s, 64)
	return countFromFloat(f)
}

func countFromFloat(f float64) *uint64 {
	if math.IsNaN(f) || math.IsInf(f, 0) || f < 0 {
		return nil
	}
	r := math.Round(f)
	// float64(maxCount) rounds up to 2^63, so compare with >=.
	if r >= float64(maxCount) {
		return nil
	}
	u := uint64(r)
	return &u
}

func capCount(u uint64) *uint64 {
	if u > maxCount {
		return nil
	}
	return &u
}

var (
	plainFloat = regexp.MustCompile(`^[0-9]*\.?[0-9]+(?:[eE][+-]?[0-9]+)?$`)
	// digitGroups is an integer part with thousands separators: groups of three,
	// so "1,2K" (a decimal comma) is refused rather than read as 12K.
	digitGroups = regexp.MustCompile(`^[0-9]{1,3}(?:,[0-9]{3})+$`)
)

func countFromString(s string) *uint64 {
	s = strings.TrimSpace(s)
	// A trailing word such as "views" or "subscribers".
	if i := strings.LastIndexFunc(s, unicode.IsSpace); i >= 0 {
		if w := s[i+1:]; len(w) > 1 && strings.IndexFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) < 0 {
			s = strings.TrimSpace(s[:i])
		}
	}
	s = strings.TrimPrefix(s, "+")
	if s == "" || strings.HasPrefix(s, "-") {
		return nil
	}
	mult := 1.0
	switch s[len(s)-1] {
	case 'k', 'K':
		mult = 1e3
	case 'm', 'M':
		mult = 1e6
	case 'b', 'B':
		mult = 1e9
	}
	if mult != 1 {
		s = strings.TrimSpace(s[:len(s)-1])
	}
	// Thousands separators: commas, plain, no-break and thin spaces.
	s = strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\u00a0', '\u202f', '\u2009':
			return ','
		}
		return r
	}, s)
	intPart, frac, hasFrac := strings.Cut(s, ".")
	if strings.Contains(intPart, ",") {
		if !digitGroups.MatchString(intPart) {
			return nil
		}
		intPart = strings.ReplaceAll(intPart, ",", "")
	}
	s = intPart
	if hasFrac {
		s += "." + frac
	}
	if mult == 1 && !hasFrac {
		if u, err := strconv.ParseUint(s, 10, 64); err == nil {
			return capCount(u)
		}
	}
	if !plainFloat.MatchString(s) {
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return nil
	}
	return countFromFloat(f * mult)
}

func sumCounts(a, b *uint64) *uint64 {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	// Both are at most maxCount, so the sum fits in a uint64.
	return capCount(*a + *b)
}

func parseFlag(v jsonValue) *bool {
	var b bool
	switch v.kind() {
	case 't':
		b = true
	case 'f':
	case '"':
		s, _ := v.str()
		switch strings.ToLower(strings.TrimSpace(s)) {
		case "true":
			b = true
		case "false":
		default:
			return nil
		}
	default:
		return nil
	}
	return &b
}

// anySet is true if any flag says so, false if all present say false, else nil.
func anySet(flags ...*bool) *bool {
	var out *bool
	for _, f := range flags {
		if f == nil {
			continue
		}
		if *f {
			return f
		}
		out = f
	}
	return out
}

var dateLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999Z0700",
	"2006-01-02T15:04:05.999999999", // no zone: the actors write UTC
	"2006-01-02 15:04:05",
	time.RubyDate, // X: "Fri Nov 24 17:49:36 +0000 2023"
	time.UnixDate,
	"2006-01-02",
	"Jan 2, 2006",
	"January 2, 2006",
	"2 Jan 2006",
	"2 January 2006",
	"Jan 2 2006",
}

var (
	// relativeDate is YouTube's listing text: "10 months ago", "an hour ago".
	relativeDate = regexp.MustCompile(`(?i)^(\d{1,5}|an?|one)\s+(second|sec|minute|min|hour|hr|day|week|wk|month|mo|year|yr)s?\s+ago$`)
	// datePrefix is what YouTube puts before a date of a stream or premiere.
	datePrefix = regexp.MustCompile(`(?i)^(?:streamed(?:\s+live)?|premiered|premieres|uploaded|published)(?:\s+on)?\s+`)
)

func isDigits(s string) bool {
	if len(s) == 0 || len(s) > 20 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// maxClockSkew is how far after now a publication time may lie: clocks
// differ a little, but a post from the future is a misread field.
const maxClockSkew = 48 * time.Hour

// parseTime reads a publication time (Unix s or ms, ISO 8601, a day, Twitter's
// format, relative text) in UTC; nil when unreadable, a placeholder (at or
// before the epoch) or in the future, out of range for the snapshot tables.
func parseTime(v jsonValue, now time.Time) *time.Time {
	var t time.Time
	switch v.kind() {
	case '0':
		t = unixTime(string(v))
	case '"':
		s, _ := v.str()
		t = parseTimeText(s, now)
	}
	if t.IsZero() || t.Unix() <= 0 || !now.IsZero() && t.After(now.Add(maxClockSkew)) {
		return nil
	}
	t = t.UTC()
	return &t
}

// unixTime reads Unix seconds, or milliseconds when the value is too large to
// be seconds of a plausible date (1e11 s is in the year 5138).
func unixTime(s string) time.Time {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		f, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil || math.IsNaN(f) || math.Abs(f) > 1e15 {
			return time.Time{}
		}
		n = int64(f)
	}
	if n > 1e11 {
		return time.UnixMilli(n)
	}
	return time.Unix(n, 0)
}

func timeSource(t *time.Time, source string) string {
	if t == nil {
		return ""
	}
	return source
}

// The earliest times the ids carry that are taken as creation times: TikTok
// launched in September 2016; X's snowflake ids began on 2010-11-04, and
// its sequential ids from before decode to seconds after the snowflake
// epoch, so nothing before the next day is read from an X id.
var (
	tikTokIDsFrom = time.Date(2016, 9, 1, 0, 0, 0, 0, time.UTC)
	xIDsFrom      = time.Date(2010, 11, 5, 0, 0, 0, 0, time.UTC)
)

const xEpochMillis = 1288834974657

// tikTokIDTime is the creation time in a TikTok id's bits above the lowest 32.
func tikTokIDTime(id string, now time.Time) *time.Time {
	if len(id) < 18 || len(id) > 19 {
		return nil
	}
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return nil
	}
	return idTime(time.Unix(int64(n>>32), 0), tikTokIDsFrom, now)
}

// xIDTime is the creation time in an X snowflake id, truncated to the second.
func xIDTime(id string, now time.Time) *time.Time {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return nil
	}
	return idTime(time.UnixMilli(int64(n>>22)+xEpochMillis).Truncate(time.Second), xIDsFrom, now)
}

// idTime returns t in UTC if after from and not past now plus the skew (zero now: no bound).
func idTime(t, from, now time.Time) *time.Time {
	if !t.After(from) || !now.IsZero() && t.After(now.Add(maxClockSkew)) {
		return nil
	}
	t = t.UTC()
	return &t
}

func parseTimeText(s string, now time.Time) time.Time {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t
	}
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return time.Time{}
	}
	if isDigits(s) {
		return unixTime(s)
	}
	s = datePrefix.ReplaceAllString(s, "")
	for _, layout := range dateLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t
		}
	}
	return relativeTime(s, now)
}

// relativeTime resolves "3 days ago" against now, truncated to the unit (to
// the day for days and coarser), so two scrapes on the same day agree.
func relativeTime(s string, now time.Time) time.Time {
	m := relativeDate.FindStringSubmatch(s)
	if m == nil {
		return time.Time{}
	}
	n := 1
	if m[1][0] >= '0' && m[1][0] <= '9' {
		n, _ = strconv.Atoi(m[1])
	}
	now = now.UTC()
	day := func(t time.Time) time.Time {
		y, mo, d := t.Date()
		return time.Date(y, mo, d, 0, 0, 0, 0, time.UTC)
	}
	switch strings.ToLower(m[2]) {
	case "second", "sec":
		return now.Add(-time.Duration(n) * time.Second).Truncate(time.Second)
	case "minute", "min":
		return now.Add(-time.Duration(n) * time.Minute).Truncate(time.Minute)
	case "hour", "hr":
		return now.Add(-time.Duration(n) * time.Hour).Truncate(time.Hour)
	case "day":
		return day(now.AddDate(0, 0, -n))
	case "week", "wk":
		return day(now.AddDate(0, 0, -7*n))
	case "month", "mo":
		return day(now.AddDate(0, -n, 0))
	default: // year
		return day(now.AddDate(-n, 0, 0))
	}
}

var (
	clockDuration = regexp.MustCompile(`^(?:(\d{1,6}):)?(?:(\d{1,6}):)?(\d{1,6}(?:\.\d+)?)$`)
	isoDuration   = regexp.MustCompile(`(?i)^P(?:(\d{1,6})D)?(?:T(?:(\d{1,6})H)?(?:(\d{1,6})M)?(?:(\d{1,6}(?:\.\d+)?)S)?)?$`)
)

// parseDuration reads seconds ("00:27:11", "PT1M5S"); zero (slideshows) is nil.
func parseDuration(v jsonValue) *float64 {
	var f float64
	switch v.kind() {
	case '0':
		var err error
		if f, err = v.float(); err != nil {
			return nil
		}
	case '"':
		s, _ := v.str()
		f = durationText(strings.TrimSpace(s))
	default:
		return nil
	}
	if math.IsNaN(f) || math.IsInf(f, 0) || f <= 0 {
		return nil
	}
	return &f
}

func durationText(s string) float64 {
	if m := clockDuration.FindStringSubmatch(s); m != nil {
		parts := []string{m[1], m[2], m[3]}
		if m[2] == "" {
			parts = []string{"", m[1], m[3]}
		}
		h, _ := strconv.ParseFloat(orZero(parts[0]), 64)
		mi, _ := strconv.ParseFloat(orZero(parts[1]), 64)
		sec, _ := strconv.ParseFloat(parts[2], 64)
		return h*3600 + mi*60 + sec
	}
	if m := isoDuration.FindStringSubmatch(s); m != nil && s != "P" && !strings.HasSuffix(strings.ToUpper(s), "T") {
		d, _ := strconv.ParseFloat(orZero(m[1]), 64)
		h, _ := strconv.ParseFloat(orZero(m[2]), 64)
		mi, _ := strconv.ParseFloat(orZero(m[3]), 64)
		sec, _ := strconv.ParseFloat(orZero(m[4]), 64)
		return d*86400 + h*3600 + mi*60 + sec
	}
	return 0
}

func orZero(s string) string {
	if s == "" {
		return "0"
	}
	return s
}

// normHandle canonicalizes a handle as platform.Parse does: no leading '@',
// ASCII lower-cased; anything non-ASCII (look-alikes), spaces or slashes give "".
func normHandle(s string) string {
	s = strings.TrimPrefix(strings.TrimSpace(s), "@")
	if s == "" || len(s) > 100 {
		return ""
	}
	b := []byte(s)
	for i, c := range b {
		switch {
		case 'A' <= c && c <= 'Z':
			b[i] = c + 'a' - 'A'
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '_', c == '.', c == '-':
		default:
			return ""
		}
	}
	return string(b)
}

func handleKeys(handle string) []string {
	if handle == "" {
		return nil
	}
	return []string{handle}
}

func pathSegments(raw string) (host string, segs []string, query url.Values) {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return "", nil, nil
	}
	if !strings.Contains(raw, "://") {
		raw = "https://" + raw
	}
	u, err := url.Parse(raw)
	if err != nil {
		return "", nil, nil
	}
	for _, s := range strings.Split(u.Path, "/") {
		if s != "" {
			segs = append(segs, s)
		}
	}
	return strings.ToLower(u.Hostname()), segs, u.Query()
}

// digitsID returns s when it is a numeric id (TikTok, X) in the form
// platform.Parse accepts: 1 to 20 digits without a leading zero; else "".
func digitsID(s string) string {
	s = strings.TrimSpace(s)
	if isDigits(s) && s[0] != '0' {
		return s
	}
	return ""
}
