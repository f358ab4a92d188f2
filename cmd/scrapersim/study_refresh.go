package main

import (
	"fmt"
	"io"
	"math"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/refresh"
)

func init() { studies["refresh"] = refreshStudy }

// The refresh study: studyAccounts simulated TikTok accounts, each tracking
// its studyLimit newest videos, refreshed for studyDays at the Growth plan's
// budget two ways: the flat schedule (each account every 6 hours) and the
// planner, run every simulated hour with what the service would know.
const (
	studyAccounts = 60
	studyLimit    = 10
	studyDays     = 14
	studyBase     = 6 * time.Hour
	// studyMinGain is the least true 24-hour gain a sample needs: the
	// error of a smaller one, in percent, says little.
	studyMinGain = 50
	// studyShows is how far above its curve without the burst a scrape
	// must be to show a burst: 10 %.
	studyShows = 0.10
)

// studyStart is when the study's clock starts: well inside the
// simulator's regular posting schedules.
var studyStart = time.Date(2025, 3, 3, 0, 0, 0, 0, time.UTC)

type studyVideo struct {
	curve  curve
	points []studyPoint // scraped, oldest first
}

type studyPoint struct {
	at    time.Time
	views int64
}

func (v *studyVideo) views(t time.Time) int64 { return v.curve.count(t, "views", 1) }

func (v *studyVideo) withoutBurst(t time.Time) int64 {
	c := v.curve
	c.burstPeak = 0
	return c.count(t, "views", 1)
}

func (v *studyVideo) lastAt(t time.Time) (studyPoint, bool) {
	i := sort.Search(len(v.points), func(i int) bool { return v.points[i].at.After(t) })
	if i == 0 {
		return studyPoint{}, false
	}
	return v.points[i-1], true
}

// gain24 is the 24-hour gain up to t from the scraped points, as the
// dashboard computes it.
func (v *studyVideo) gain24(t time.Time) (int64, bool) {
	end, ok := v.lastAt(t)
	if !ok {
		return 0, false
	}
	start, ok := v.lastAt(t.Add(-24 * time.Hour))
	switch {
	case ok:
	case v.curve.published.After(t.Add(-24 * time.Hour)):
		start = studyPoint{views: 0}
	default:
		start = v.points[0]
	}
	return end.views - start.views, true
}

type studyAccount struct {
	acc     account
	grid    grid
	videos  map[int64]*studyVideo
	scraped time.Time // zero: never
	id      uuid.UUID
}

func (a *studyAccount) tracked(t time.Time) []int64 {
	latest := a.grid.latest(t)
	out := make([]int64, 0, studyLimit)
	for k := latest; k > latest-studyLimit; k-- {
		out = append(out, k)
	}
	return out
}

// video is post k's video, drawn as the simulator draws a TikTok post.
func (a *studyAccount) video(k int64) *studyVideo {
	if v, ok := a.videos[k]; ok {
		return v
	}
	published := a.grid.at(k).Truncate(time.Second)
	tier := a.acc.tierAt(published)
	id := strconv.FormatUint(tiktokIDs.encode(published, tier, a.acc.seed), 10)
	v := &studyVideo{curve: tiktokVideo{seed: hashOf("tiktok", id), published: published, tier: tier}.curve()}
	a.videos[k] = v
	return v
}

func (a *studyAccount) scrape(t time.Time) {
	for _, k := range a.tracked(t) {
		v := a.video(k)
		v.points = append(v.points, studyPoint{t, v.views(t)})
	}
	a.scraped = t
}

// item is what the planner knows of the account at t, its rate from the
// scraped points (the insights job's figure).
func (a *studyAccount) item(t time.Time) refresh.Item {
	it := refresh.Item{ID: a.id, Cost: studyLimit, Created: studyStart.Add(-30 * 24 * time.Hour), LastScraped: a.scraped, Age: -1}
	if a.scraped.IsZero() {
		return it
	}
	for _, k := range a.tracked(a.scraped) {
		v := a.videos[k]
		age := t.Sub(v.curve.published)
		if it.Age < 0 || age < it.Age {
			it.Age = age
		}
		last, ok := v.lastAt(t)
		if !ok {
			continue
		}
		start, ok := v.lastAt(t.Add(-24 * time.Hour))
		if !ok || start.at.Before(v.curve.published) {
			start = studyPoint{at: v.curve.published}
		}
		if hours := last.at.Sub(start.at).Hours(); hours > 0 {
			it.ViewsPerHour += float64(last.views-start.views) / hours
			it.HasRate = true
		}
	}
	return it
}

type studyRun struct {
	errors    []float64 // |estimated − true| / true 24-hour gain, in %
	missed    float64   // Σ |estimated − true| over the samples
	gained    float64   // Σ true over the samples
	delays    []float64 // hours from a burst's start until a scrape shows it
	bursts    int       // bursts of tracked videos in the window
	snapshots int       // spent after the first day
}

// simulate runs one schedule: due says which accounts to scrape at t.
func simulate(due func(t time.Time, accounts []*studyAccount) []int) studyRun {
	accounts := make([]*studyAccount, studyAccounts)
	for i := range accounts {
		acc := newAccount("tiktok", fmt.Sprintf("study.creator%02d", i))
		accounts[i] = &studyAccount{acc: acc, grid: acc.grid(""), videos: map[int64]*studyVideo{},
			id: uuid.NewSHA1(uuid.NameSpaceOID, []byte(acc.handle))}
	}
	var run studyRun
	end := studyStart.Add(studyDays * 24 * time.Hour)
	warm := studyStart.Add(24 * time.Hour)
	for t := studyStart; !t.After(end); t = t.Add(time.Hour) {
		for _, i := range due(t, accounts) {
			accounts[i].scrape(t)
			if t.After(warm) {
				run.snapshots += studyLimit
			}
		}
		if t.Before(warm) {
			continue
		}
		for _, a := range accounts {
			for _, k := range a.tracked(t) {
				v := a.video(k)
				truth := v.views(t) - v.views(t.Add(-24*time.Hour))
				if truth < studyMinGain {
					continue
				}
				est, ok := v.gain24(t)
				if !ok {
					continue
				}
				run.errors = append(run.errors, 100*math.Abs(float64(est-truth))/float64(truth))
				run.missed += math.Abs(float64(est - truth))
				run.gained += float64(truth)
			}
		}
	}
	// bursts that start after the first day, on a video tracked then
	for _, a := range accounts {
		for k, v := range a.videos {
			if !v.curve.viral() {
				continue
			}
			start := v.curve.published.Add(time.Duration(v.curve.burstAt * float64(time.Hour)))
			if start.Before(warm) || start.After(end.Add(-24*time.Hour)) || !slices.Contains(a.tracked(start), k) {
				continue
			}
			run.bursts++
			for _, p := range v.points {
				if !p.at.Before(start) && float64(p.views) >= (1+studyShows)*float64(v.withoutBurst(p.at)) {
					run.delays = append(run.delays, p.at.Sub(start).Hours())
					break
				}
			}
		}
	}
	return run
}

func percentile(xs []float64, p float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	i := int(math.Ceil(p/100*float64(len(s)))) - 1
	return s[max(i, 0)]
}

func refreshStudy(w io.Writer) error {
	budget := studyAccounts * studyLimit * int(24*time.Hour/studyBase)
	flat := simulate(func(t time.Time, accounts []*studyAccount) []int {
		var due []int
		for i := range accounts {
			if (t.Hour()+i)%int(studyBase/time.Hour) == 0 {
				due = append(due, i)
			}
		}
		return due
	})
	var spent []refresh.Spend
	var planMax time.Duration
	planned := simulate(func(t time.Time, accounts []*studyAccount) []int {
		items := make([]refresh.Item, len(accounts))
		for i, a := range accounts {
			items[i] = a.item(t)
		}
		began := time.Now()
		p := refresh.Make(refresh.Input{Items: items, Budget: budget, Base: studyBase, Spent: spent, Now: t})
		planMax = max(planMax, time.Since(began))
		var due []int
		for i, d := range p.Decisions {
			if d.Due {
				due = append(due, i)
				if d.Reason != refresh.New {
					spent = append(spent, refresh.Spend{At: t, Snapshots: studyLimit})
				}
			}
		}
		spent = slices.DeleteFunc(spent, func(s refresh.Spend) bool { return !s.At.After(t.Add(-24 * time.Hour)) })
		return due
	})
	days := float64(studyDays - 1)
	fmt.Fprintf(w, "%d TikTok accounts of the simulator tracking their %d newest videos each, %d simulated days from %s, measured after the first day; "+
		"budget %d snapshots a day (the Growth plan's interval of %s for the workspace).\n\n",
		studyAccounts, studyLimit, studyDays, studyStart.Format(time.DateOnly), budget, studyBase)
	fmt.Fprintln(w, "| schedule | snapshots a day | 24-h gain error, median | p90 | weighted by views | bursts shown | delay until a scrape shows a burst, median | p90 |")
	fmt.Fprintln(w, "|---|---:|---:|---:|---:|---:|---:|---:|")
	for _, r := range []struct {
		name string
		run  studyRun
	}{{"flat (every 6 h)", flat}, {"planner (internal/refresh)", planned}} {
		fmt.Fprintf(w, "| %s | %.0f | %.1f %% | %.1f %% | %.2f %% | %d of %d | %.1f h | %.1f h |\n", r.name, float64(r.run.snapshots)/days,
			percentile(r.run.errors, 50), percentile(r.run.errors, 90), 100*r.run.missed/r.run.gained, len(r.run.delays), r.run.bursts,
			percentile(r.run.delays, 50), percentile(r.run.delays, 90))
	}
	fmt.Fprintf(w, "\nError samples: %d (flat), %d (planner): every tracked video with a true 24-hour gain of at least %d views, every hour. "+
		"A burst is shown by the first scrape at least %.0f %% above the video's curve without it. Longest planning call: %s.\n",
		len(flat.errors), len(planned.errors), studyMinGain, studyShows*100, planMax.Round(time.Microsecond))
	return nil
}
