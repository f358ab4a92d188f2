package payout

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// Version is a numbered version of a campaign's rules and when it was made.
type Version struct {
	Number  int
	Created time.Time
	Rules   Rules
}

// VersionAt returns the version in force at t, the first for an earlier t.
func VersionAt(versions []Version, t time.Time) Version {
	v := versions[0]
	for _, w := range versions[1:] {
		if w.Created.After(t) {
			break
		}
		v = w
	}
	return v
}

// Post is a video of a campaign as the cross-post check sees it.
type Post struct {
	ID        uuid.UUID
	Payee     string
	Platform  platform.Platform
	Caption   string
	Published time.Time
	// Reduced says Caption is ClipCaption's reduction already (kept with
	// a post read again and again).
	Reduced bool
}

// minClipCaption is the fewest letters and digits that mark a clip.
const minClipCaption = 12

// Clips names each post's clip ("" alone): one payee's posts with matching
// captions on other platforms, n-th with n-th, so later posts change nothing.
func Clips(posts []Post) []string { return ClipIndex{}.Clips(posts) }

// clipKey is what numbers a clip: a payee's posts of one caption on one platform.
type clipKey struct {
	payee, caption string
	platform       platform.Platform
}

// clipCaption is the post's caption as the clips compare it.
func (p *Post) clipCaption() string {
	if p.Reduced {
		return p.Caption
	}
	return ClipCaption(p.Caption)
}

// ClipIndex holds posts whose clips are known already (a campaign's locked
// lines) so that the clips of other posts are named as Clips over all of
// them would name them, without sorting the known ones again.
type ClipIndex struct {
	// each key's posts in Clips' order: published, then id
	before map[clipKey][]postOrder
}

type postOrder struct {
	published time.Time
	id        uuid.UUID
}

func (a postOrder) compare(b postOrder) int {
	if c := a.published.Compare(b.published); c != 0 {
		return c
	}
	return bytes.Compare(a.id[:], b.id[:])
}

// NewClipIndex indexes the known posts.
func NewClipIndex(posts []Post) ClipIndex {
	return ClipIndex{}.With(posts)
}

// With is the index with more known posts; x is not changed.
func (x ClipIndex) With(posts []Post) ClipIndex {
	out := ClipIndex{before: maps.Clone(x.before)}
	if out.before == nil {
		out.before = map[clipKey][]postOrder{}
	}
	// the keys added to; x's slices are shared, so each is copied first
	added := map[clipKey]bool{}
	for i := range posts {
		p := &posts[i]
		c := p.clipCaption()
		if c == "" || p.Payee == "" {
			continue
		}
		k := clipKey{p.Payee, c, p.Platform}
		if x.before != nil && !added[k] {
			out.before[k] = slices.Clip(out.before[k])
			added[k] = true
		}
		out.before[k] = append(out.before[k], postOrder{p.Published, p.ID})
	}
	if x.before == nil {
		for _, s := range out.before {
			slices.SortFunc(s, postOrder.compare)
		}
		return out
	}
	for k := range added {
		slices.SortFunc(out.before[k], postOrder.compare)
	}
	return out
}

// Clips names the clips of posts, none of them indexed, as Clips would over
// the indexed posts and these together.
func (x ClipIndex) Clips(posts []Post) []string {
	order := make([]int, len(posts))
	for i := range order {
		order[i] = i
	}
	// ids compare as their text does: byte by byte
	slices.SortStableFunc(order, func(a, b int) int {
		return postOrder{posts[a].Published, posts[a].ID}.compare(postOrder{posts[b].Published, posts[b].ID})
	})
	seen := map[clipKey]int{}
	out := make([]string, len(posts))
	for _, i := range order {
		p := &posts[i]
		c := p.clipCaption()
		if c == "" || p.Payee == "" {
			continue
		}
		k := clipKey{p.Payee, c, p.Platform}
		seen[k]++
		known := x.before[k]
		at := postOrder{p.Published, p.ID}
		n, _ := slices.BinarySearchFunc(known, at, postOrder.compare)
		out[i] = p.Payee + "|" + strconv.Itoa(seen[k]+n) + "|" + c
	}
	return out
}

// ClipOf splits a clip's name as Clips makes it ("payee|n|caption") into
// the payee and the caption as clips compare it: with the post's platform,
// what numbers the clip. False for "", a post in no clip.
func ClipOf(name string) (payee, caption string, ok bool) {
	payee, rest, ok := strings.Cut(name, "|")
	if !ok {
		return "", "", false
	}
	_, caption, ok = strings.Cut(rest, "|")
	return payee, caption, ok
}

// ClipCaption is the caption's words but tags, lower-case letters and digits
// only, "" if too short: what marks a clip. One allocation, as a
// campaign's page reads them all.
func ClipCaption(caption string) string {
	out := make([]byte, 0, len(caption))
	kept := 0
	inWord, skip, wrote := false, false, false
	for _, r := range caption {
		if unicode.IsSpace(r) {
			inWord = false
			continue
		}
		if !inWord {
			inWord, skip, wrote = true, r == '#' || r == '@', false
		}
		if skip || !(unicode.IsLetter(r) || unicode.IsDigit(r)) {
			continue
		}
		if !wrote && len(out) > 0 {
			out = append(out, ' ')
		}
		wrote = true
		out = utf8.AppendRune(out, unicode.ToLower(r))
		kept++
	}
	if kept < minClipCaption {
		return ""
	}
	return string(out)
}

// Engagement is a video's views and the likes and comments with them.
type Engagement struct {
	Views, Likes, Comments int64
}

func (e Engagement) rate() float64 {
	if e.Views <= 0 {
		return 0
	}
	return float64(e.Likes+e.Comments) / float64(e.Views)
}

// The burst check: views at least BurstViewsFactor times the median of the
// account's other videos, engagement below BurstEngagementShare of theirs.
const (
	BurstViewsFactor     = 10
	BurstMinViews        = 10_000
	BurstEngagementShare = 0.25
	BurstHistory         = 3
)

// Burst reports whether v is a burst against others, and says how.
func Burst(v Engagement, others []Engagement) (bool, string) {
	var views, rates []float64
	for _, o := range others {
		if o.Views > 0 {
			views = append(views, float64(o.Views))
			rates = append(rates, o.rate())
		}
	}
	if len(views) < BurstHistory || v.Views < BurstMinViews {
		return false, ""
	}
	mv, mr := median(views), median(rates)
	if float64(v.Views) < BurstViewsFactor*mv || v.rate() >= BurstEngagementShare*mr {
		return false, ""
	}
	return true, fmt.Sprintf("%d views, %.0f× the median of the account's %d other videos (%.0f); likes and comments %.2f%% of views against their median %.2f%%",
		v.Views, float64(v.Views)/mv, len(views), mv, 100*v.rate(), 100*mr)
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// FreshWithin is how near its window's end a line's last snapshot must be to
// lock on it, else held: ≥ 6 h, the slowest plan's refresh of campaign windows.
func FreshWithin(window time.Duration) time.Duration {
	return max(6*time.Hour, window/14)
}

// ViewsFell reports whether views fell from locked to latest by 1 % or more.
func ViewsFell(locked, latest int64) bool {
	return latest < locked && (locked-latest)*100 >= locked
}

// Goal is a creator's progress against a posting goal this period.
type Goal struct {
	PerPeriod int        `json:"perPeriod"`
	Posted    int        `json:"posted"`
	Expected  float64    `json:"expected"`
	Status    GoalStatus `json:"status"`
}

// GoalStatus is how a creator stands against a posting goal.
type GoalStatus string

// The goal statuses.
const (
	OnTrack GoalStatus = "on_track"
	Behind  GoalStatus = "behind"
	AtRisk  GoalStatus = "at_risk"
)

// Progress is a creator's standing at now in [start, end) against the goal.
func Progress(perPeriod, posted int, start, end, now time.Time) Goal {
	elapsed := float64(now.Sub(start)) / float64(end.Sub(start))
	elapsed = min(max(elapsed, 0), 1)
	g := Goal{PerPeriod: perPeriod, Posted: posted, Expected: float64(perPeriod) * elapsed}
	switch left := float64(perPeriod - posted); {
	case posted >= perPeriod || float64(posted) >= float64(int(g.Expected)):
		g.Status = OnTrack
	case left > float64(perPeriod)*(1-elapsed)+1:
		g.Status = AtRisk
	default:
		g.Status = Behind
	}
	return g
}

// StoppedPosting reports whether a whole period passed with no post after last.
func StoppedPosting(p Period, last, now time.Time) bool {
	if last.IsZero() {
		return false
	}
	start := p.Start(last)
	return !now.Before(p.Next(p.Next(start)))
}

// Pending is a line to price and allocate.
type Pending struct {
	Creator string
	Clip    string
	Period  time.Time
	Version int
	Views   int64 // at the window's end
}

// Allocated is a pending line's price and what it adds to the spend.
type Allocated struct {
	Priced  Priced
	Payable Payable
}

// AllocateUnder prices each line under its version and allocates them.
func (s *Spent) AllocateUnder(versions []Version, budget Money, lines []Pending) []Allocated {
	in := make([]Line, len(lines))
	out := make([]Allocated, len(lines))
	for i, p := range lines {
		rules := versions[0].Rules
		for _, v := range versions {
			if v.Number == p.Version {
				rules = v.Rules
			}
		}
		out[i].Priced = rules.Price(p.Views)
		in[i] = Line{Creator: p.Creator, Clip: p.Clip, Period: p.Period, Priced: out[i].Priced, CreatorCap: rules.CreatorCap}
	}
	for i, p := range s.Allocate(budget, in) {
		out[i].Payable = p
	}
	return out
}

// Closed is a line whose window has closed, as a settle run locks it.
type Closed struct {
	Pending
	VideoID    uuid.UUID
	CreatorID  *uuid.UUID
	AccountID  *uuid.UUID
	PayeeName  string
	Published  *time.Time // nil when unknown (held, domain.HoldPublishUnknown)
	WindowEnd  time.Time
	SnapshotAt *time.Time
	Likes      int64
	Comments   int64
	Hold       domain.HoldReason // set: held for review, HoldDetail says why
	HoldDetail string
	// Quality is the view-quality score the line locks with; nil when its
	// views were not read (no snapshot, ended, unavailable).
	Quality *int
	// the last change of the payee while the line was open (by: an e-mail)
	PayeeChangedBy string
	PayeeChangedAt *time.Time
}

// Fall is a locked line whose video's views fell below those locked.
type Fall struct {
	VideoID uuid.UUID
	Latest  int64
}

// Due is what a settle run finds in a campaign before reading its ledger:
// whether an open line's window has closed, and the falls of the locked
// lines whose videos were scraped since the campaign was last settled.
type Due struct {
	Closing bool
	Fell    []Fall
}

// Settlement is what a settle run finds: lines to lock, in order, and falls.
type Settlement struct {
	Closed []Closed
	Fell   []Fall
}
