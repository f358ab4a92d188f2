package main

import (
	"fmt"
	"math"
	"time"

	"github.com/google/uuid"
)

type sizes struct {
	Videos      int // videos of the large workspace
	Accounts    int // accounts of the large workspace; videos are spread evenly over them
	Days        int // days of hourly snapshots of the large workspace
	Small       int // small workspaces
	SmallVideos int // videos of each small workspace (one account holds them)
	SmallDays   int // days of hourly snapshots of each small workspace
	// Budget seeds the large workspace at the density a refresh budget
	// gives rather than hourly: its videos are published one after another
	// over the series, each scraped hourly while young (youngHours) and, one
	// in campaignEvery, through a campaign's window (campaignHours), then
	// once a day at the hour it was published; its accounts once a day.
	Budget bool
}

// The budget density's rule (sizes.Budget).
const (
	youngHours    = 48 // refresh.YoungWithin
	campaignHours = 7 * 24
	campaignEvery = 20
)

func (s sizes) String() string {
	out := fmt.Sprintf("videos=%d accounts=%d days=%d small=%d smallVideos=%d smallDays=%d",
		s.Videos, s.Accounts, s.Days, s.Small, s.SmallVideos, s.SmallDays)
	if s.Budget {
		out += " density=budget"
	}
	return out
}

func (s sizes) hours() int      { return s.Days * 24 }
func (s sizes) smallHours() int { return min(s.SmallDays, s.Days) * 24 }

func (s sizes) rows() int64 {
	small := int64(s.smallHours()) * int64(s.Small) * int64(s.SmallVideos+1)
	if !s.Budget {
		return int64(s.hours())*int64(s.Videos+s.Accounts) + small
	}
	n := int64(0)
	for i := range s.Videos {
		n += int64(s.videoScrapes(i))
	}
	for a := range s.Accounts {
		n += int64(s.accountScrapes(a))
	}
	return n + small
}

// publishedHour is the series hour at which video i of the large workspace
// is published under the budget density.
func (s sizes) publishedHour(i int) int { return i * s.hours() / s.Videos }

// hourlyFor is how many hours after publishing video i is scraped hourly.
func hourlyFor(i int) int {
	if i%campaignEvery == 0 {
		return campaignHours
	}
	return youngHours
}

// videoDue reports whether video i has a snapshot at series hour h (budget density).
func (s sizes) videoDue(i, h int) bool {
	age := h - s.publishedHour(i)
	return age >= 0 && (age < hourlyFor(i) || age%24 == 0)
}

// videoScrapes counts video i's snapshots under the budget density.
func (s sizes) videoScrapes(i int) int {
	left := s.hours() - s.publishedHour(i) // hours from its publishing on
	hourly := hourlyFor(i)                 // a whole number of days
	if left <= hourly {
		return left
	}
	return hourly + (left-1-hourly)/24 + 1
}

// videoLastHour is the series hour of video i's last snapshot (budget density).
func (s sizes) videoLastHour(i int) int {
	return s.publishedHour(i) + s.videoScrapes(i) - 1 + max(s.videoScrapes(i)-hourlyFor(i)-1, 0)*23
}

// accountDue reports whether account a has a snapshot at series hour h (budget density).
func (s sizes) accountDue(a, h int) bool { return (h+a)%24 == 0 }

// accountLastHour is the series hour of account a's last snapshot (budget density).
func (s sizes) accountLastHour(a int) int { return s.hours() - 1 - (s.hours()-1+a)%24 }

func (s sizes) accountScrapes(a int) int {
	first := (24 - a%24) % 24
	if first >= s.hours() {
		return 0
	}
	return (s.hours()-1-first)/24 + 1
}

var platforms = []string{"tiktok", "instagram", "youtube", "x"}

// idSpace makes the seeded ids deterministic, so a reused seed and the
// baseline table name the same entities.
var idSpace = uuid.MustParse("6f1c3a52-8f0e-4a4e-9a57-0c1b7f3e2d10")

func benchID(format string, args ...any) uuid.UUID {
	return uuid.NewSHA1(idSpace, fmt.Appendf(nil, format, args...))
}

type entity struct {
	ID        uuid.UUID
	Workspace uuid.UUID
	Account   uuid.UUID // the owning account; the account itself on accounts
	Platform  int8      // index into platforms, plus one (the Enum8 value)
	Kind      int8      // 1 video, 2 account
	Handle    string
	Published time.Time // videos only

	// views(h) = scale * (1 - exp(-(age0+h)/tau)) + viral / (1 + exp(-(h-center)/width))
	scale, tau, age0        float64
	viral, center, width    float64
	likeR, commentR         float64
	shareR, saveR           float64
	hideLikes, hideShares   bool
	hideSaves               bool
	followers0, followerPHr float64
}

// hideCounts hides what video i's platform does not show: some Instagram
// likes, YouTube's shares and saves, X's saves.
func (e *entity) hideCounts(i int) {
	switch platforms[e.Platform-1] {
	case "instagram":
		e.hideLikes = i%10 == 3
	case "youtube":
		e.hideShares, e.hideSaves = true, true
	case "x":
		e.hideSaves = true
	}
}

type workspace struct {
	ID       uuid.UUID
	Owner    uuid.UUID
	Email    string
	Name     string
	Plan     string
	Limit    int
	Seats    int
	Accounts []entity
	Videos   []entity
	Hours    int // hours of snapshots, ending at the seed's last hour
}

type world struct {
	Sizes sizes
	End   time.Time // the hour of the last snapshot
	Big   workspace
	Small []workspace
}

// splitmix is a small deterministic generator: the same seed always makes
// the same data.
type splitmix uint64

func (s *splitmix) next() uint64 {
	*s += 0x9e3779b97f4a7c15
	z := uint64(*s)
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func (s *splitmix) float(lo, hi float64) float64 {
	return lo + (hi-lo)*float64(s.next()>>11)/float64(1<<53)
}

func newWorld(sz sizes, end time.Time) *world {
	w := &world{Sizes: sz, End: end.UTC().Truncate(time.Hour)}
	w.Big = makeWorkspace("big", 0, sz.Accounts, sz.Videos, sz.hours(), w.End, sz.Budget)
	w.Big.Email, w.Big.Name, w.Big.Plan, w.Big.Limit, w.Big.Seats = "owner@bench.reeltrack.test", "Bench agency", "agency", max(sz.Videos, 5000), 15
	w.Small = make([]workspace, sz.Small)
	for i := range w.Small {
		s := makeWorkspace("small", i, 1, sz.SmallVideos, sz.smallHours(), w.End, false)
		s.Email, s.Name, s.Plan, s.Limit, s.Seats = fmt.Sprintf("small%d@bench.reeltrack.test", i), fmt.Sprintf("Bench small %d", i), "starter", 250, 2
		w.Small[i] = s
	}
	return w
}

func makeWorkspace(tag string, n, accounts, videos, hours int, end time.Time, budget bool) workspace {
	ws := workspace{
		ID:    benchID("%s/%d/workspace", tag, n),
		Owner: benchID("%s/%d/owner", tag, n),
		Hours: hours,
	}
	first := end.Add(-time.Duration(hours-1) * time.Hour)
	for a := range accounts {
		r := splitmix(uint64(n)<<32 | uint64(a) | 1<<62)
		ws.Accounts = append(ws.Accounts, entity{
			ID:          benchID("%s/%d/account/%d", tag, n, a),
			Workspace:   ws.ID,
			Platform:    int8((a+n)%len(platforms)) + 1,
			Kind:        2,
			Handle:      fmt.Sprintf("%s%d_creator%d", tag, n, a),
			followers0:  math.Floor(r.float(2e3, 2e6)),
			followerPHr: r.float(0, 40),
		})
		ws.Accounts[a].Account = ws.Accounts[a].ID
	}
	for i := range videos {
		r := splitmix(uint64(n)<<32 | uint64(i))
		acct := ws.Accounts[i*accounts/videos]
		// Published before the first snapshot, spread over as many hours as
		// the series has, so every video has a snapshot in every hour while
		// ages (and so growth rates) differ from video to video.
		age0 := float64(i*hours/videos) + r.float(0, 1)
		e := entity{
			ID:        benchID("%s/%d/video/%d", tag, n, i),
			Workspace: ws.ID,
			Account:   acct.ID,
			Platform:  acct.Platform,
			Kind:      1,
			Handle:    acct.Handle,
			Published: first.Add(-time.Duration(age0 * float64(time.Hour))),
			scale:     math.Pow(10, r.float(3, 6.3)),
			tau:       r.float(24, 600),
			age0:      age0,
			likeR:     r.float(0.02, 0.12),
			commentR:  r.float(0.0005, 0.01),
			shareR:    r.float(0.0005, 0.02),
			saveR:     r.float(0.0005, 0.02),
		}
		if budget {
			// published during the series, at its hour with the same jitter
			age0 = -float64(i*hours/videos) + r.float(0, 1)
			e.age0, e.Published = age0, first.Add(-time.Duration(age0*float64(time.Hour)))
		}
		// About one video in 25 goes viral at some hour of the series.
		if r.next()%25 == 0 {
			e.viral = e.scale * r.float(5, 60)
			e.center = r.float(0, float64(hours))
			e.width = r.float(3, 48)
		}
		e.hideCounts(i)
		ws.Videos = append(ws.Videos, e)
	}
	return ws
}

type row struct {
	Workspace, Entity, Account uuid.UUID
	Platform, Kind             int8
	At                         time.Time
	// Values are views, likes, comments, shares, saves, followers; Has says
	// which are recorded (the others are NULL).
	Values [6]uint64
	Has    [6]bool
}

func (e *entity) fill(r *row, h, n int, end time.Time) {
	r.Workspace, r.Entity, r.Account, r.Platform, r.Kind = e.Workspace, e.ID, e.Account, e.Platform, e.Kind
	r.At = end.Add(-time.Duration(n-1-h) * time.Hour)
	r.Has = [6]bool{}
	if e.Kind == 2 {
		r.Values = [6]uint64{5: uint64(e.followers0 + e.followerPHr*float64(h))}
		r.Has[5] = true
		return
	}
	views := e.viewsAtAge(e.age0 + float64(h))
	r.Values = [6]uint64{uint64(views), uint64(views * e.likeR), uint64(views * e.commentR), uint64(views * e.shareR), uint64(views * e.saveR), 0}
	r.Has = [6]bool{true, !e.hideLikes, true, !e.hideShares, !e.hideSaves, false}
}

// viewsAtAge is a video's views age hours after publishing (the series'
// hour h is age age0+h): the curve of the comment on entity.
func (e *entity) viewsAtAge(age float64) float64 {
	if age <= 0 {
		return 0
	}
	views := e.scale * (1 - math.Exp(-age/e.tau))
	if e.viral > 0 {
		views += e.viral / (1 + math.Exp(-(age-e.age0-e.center)/e.width))
	}
	return views
}

// generator yields every snapshot hour by hour, as scrapes would arrive,
// holding no rows: memory stays constant whatever the size.
type generator struct {
	w     *world
	hour  int // 0 .. hours-1 of the large workspace's series
	pos   int // position within the hour
	count int64
}

func newGenerator(w *world) *generator { return &generator{w: w} }

func (g *generator) next(r *row) bool {
	sz, n := g.w.Sizes, g.w.Sizes.hours()
	for g.hour < n {
		big := g.w.Big
		switch {
		case g.pos < len(big.Videos):
			if sz.Budget && !sz.videoDue(g.pos, g.hour) {
				g.pos++
				continue
			}
			big.Videos[g.pos].fill(r, g.hour, n, g.w.End)
		case g.pos < len(big.Videos)+len(big.Accounts):
			if a := g.pos - len(big.Videos); sz.Budget && !sz.accountDue(a, g.hour) {
				g.pos++
				continue
			}
			big.Accounts[g.pos-len(big.Videos)].fill(r, g.hour, n, g.w.End)
		default:
			// small workspaces have their series in the last hours only
			k := g.pos - len(big.Videos) - len(big.Accounts)
			sh := g.hour - (n - sz.smallHours())
			per := sz.SmallVideos + 1
			if sh < 0 || k >= len(g.w.Small)*per {
				g.hour, g.pos = g.hour+1, 0
				continue
			}
			s := &g.w.Small[k/per]
			if j := k % per; j == 0 {
				s.Accounts[0].fill(r, sh, sz.smallHours(), g.w.End)
			} else {
				s.Videos[j-1].fill(r, sh, sz.smallHours(), g.w.End)
			}
		}
		g.pos++
		g.count++
		return true
	}
	return false
}
