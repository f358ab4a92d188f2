package query_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// refPoint is a snapshot of the reference workspace.
type refPoint struct {
	at    time.Time
	views uint64
	likes *uint64
}

// refVideo is a video of the reference workspace and everything written
// about it.
type refVideo struct {
	id         uuid.UUID
	account    string // "" when tracked on its own
	platform   string
	collection bool
	published  time.Time // zero: the scrapes never said
	// newPost: published since its account was tracked, so its views
	// since publishing count
	newPost bool
	points  []refPoint
}

// TestSpikeScanMatchesReference writes random workspaces (publish times,
// scrape schedules with gaps, 1-, 3- and 6-hourly scrapes, hidden likes,
// stale videos, growth spurts) and holds the scan to a plain Go reading of
// the rules as docs/decisions.md states them, rule by rule and video by video:
// which videos match, and every number reported.
func TestSpikeScanMatchesReference(t *testing.T) {
	t.Parallel()
	for seed := range uint64(3) {
		t.Run(fmt.Sprint(seed), func(t *testing.T) { checkAgainstReference(t, seed) })
	}
}

func checkAgainstReference(t *testing.T, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 42))
	now := time.Date(2026, 11, 20, 12, 20, 0, 0, time.UTC)
	f := newSpikeFixture(t, now)
	accounts := map[string]bool{"a0": true, "a1": false, "a2": false} // in the collection
	for name := range accounts {
		f.account(name, "active")
	}
	f.account("gone", "paused")
	mustExec(t, `UPDATE accounts SET collection_id = $1 WHERE id = $2`, f.coll, f.ids["a0"])
	// a0 was tracked before any of its videos was published, a1 in the
	// middle of them, a2 after them all: only new posts count from 0
	trackedAt := map[string]time.Time{"a0": now.Add(-200 * time.Hour), "a1": now.Add(-40 * time.Hour), "a2": now, "gone": now}
	for name, at := range trackedAt {
		mustExec(t, `UPDATE accounts SET created_at = $1 WHERE id = $2`, at, f.ids[name])
	}

	var videos []*refVideo
	add := func(account, plat string, collection, knownPublish bool) {
		v := &refVideo{id: uuid.New(), account: account, platform: plat, collection: collection}
		age := time.Duration(1+rng.IntN(150))*time.Hour + time.Duration(rng.IntN(60))*time.Minute
		published := now.Add(-age)
		if knownPublish {
			v.published = published
			v.newPost = account != "" && !published.Before(trackedAt[account])
		}
		step := []time.Duration{time.Hour, time.Hour, time.Hour, 3 * time.Hour, 6 * time.Hour}[rng.IntN(5)]
		first := published.Add(time.Duration(rng.IntN(180)) * time.Minute)
		if rng.IntN(3) == 0 { // first scraped long after publishing
			first = first.Add(time.Duration(rng.IntN(30)) * time.Hour)
		}
		end := now.Add(-time.Duration(rng.IntN(5)) * time.Duration(rng.IntN(4)) * time.Hour) // some stale
		rate := 20 + rng.Float64()*400
		spurt, spurtLen := -1.0, 0.0
		if rng.IntN(3) == 0 {
			spurt, spurtLen = rng.Float64()*age.Hours(), 2+rng.Float64()*6
		}
		value := func(at time.Time) uint64 {
			h := at.Sub(published).Hours()
			v := rate * h
			if spurt >= 0 && h > spurt {
				v += 15 * rate * min(h-spurt, spurtLen)
			}
			return uint64(v)
		}
		for at := first; !at.After(end); at = at.Add(step) {
			if at.Before(now.Add(-100*time.Hour)) || rng.IntN(6) == 0 { // older than the range, or a gap
				continue
			}
			p := refPoint{at: at, views: value(at)}
			if rng.IntN(10) != 0 {
				likes := p.views / 10
				p.likes = &likes
			}
			v.points = append(v.points, p)
		}
		videos = append(videos, v)
	}
	for _, a := range []string{"a0", "a1", "a2", "gone"} {
		for range 7 {
			add(a, "tiktok", accounts[a], true)
		}
	}
	add("", "tiktok", true, true)
	add("", "tiktok", true, true)
	add("", "tiktok", false, false)
	add("", "instagram", false, true)
	add("", "instagram", true, true)

	w := ingest.NewSnapshotWriter(env.CH, 1000, time.Now())
	for _, v := range videos {
		var acc *uuid.UUID
		var accID uuid.UUID
		tracked := v.account == ""
		if !tracked {
			accID = f.ids[v.account]
			acc = &accID
		}
		var coll *uuid.UUID
		if tracked && v.collection {
			coll = &f.coll
		}
		var published *time.Time
		if !v.published.IsZero() {
			published = &v.published
		}
		mustExec(t, `INSERT INTO videos (id, workspace_id, platform, platform_video_id, url, account_id, collection_id, published_at, tracked_individually, status)
			VALUES ($1, $2, $3, $4, 'u', $5, $6, $7, $8, 'active')`, v.id, f.ws, v.platform, v.id.String(), acc, coll, published, tracked)
		for _, p := range v.points {
			views := p.views
			err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: f.ws, Platform: platform.Platform(v.platform), Kind: platform.Video,
				EntityID: v.id, AccountID: accID, ScrapedAt: p.at, Metrics: ingest.Metrics{Views: &views, Likes: p.likes}, JobID: uuid.New(),
				PublishedAt: v.published})
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}

	rule := func(cond domain.Condition, m domain.Metric, window int, threshold float64, minStart int64) domain.SpikeRule {
		return domain.SpikeRule{ID: uuid.New(), WorkspaceID: f.ws, SpikeSettings: domain.SpikeSettings{Metric: m, Condition: cond, Threshold: threshold, WindowHours: window, MinStartValue: minStart}}
	}
	inCollection := rule("gain", domain.Views, 6, 1500, 0)
	inCollection.CollectionID = &f.coll
	onInstagram := rule("gain", domain.Views, 6, 1500, 0)
	onInstagram.Platform = ptr(platform.Instagram)
	velocityInCollection := rule("velocity_vs_baseline", domain.Views, 3, 2, 0)
	velocityInCollection.CollectionID = &f.coll
	rules := []domain.SpikeRule{
		rule("gain", domain.Views, 3, 2000, 0), rule("gain", domain.Views, 12, 5000, 1000), rule("growth_pct", domain.Views, 6, 50, 0),
		rule("growth_pct", domain.Likes, 24, 30, 0), rule("gain", domain.Likes, 48, 500, 0), inCollection, onInstagram,
		rule("velocity_vs_baseline", domain.Views, 6, 1.5, 0), rule("velocity_vs_baseline", domain.Views, 24, 1.2, 500),
		rule("velocity_vs_baseline", domain.Likes, 12, 1.5, 0), velocityInCollection,
	}
	scan, err := query.SpikeScanner{DB: env.PG, CH: env.CH, Now: func() time.Time { return now }}.Scan(context.Background(), rules)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, s := range scan.Spikes {
		got[s.RuleID.String()+"/"+s.VideoID.String()] = describeSpike(s)
	}
	// the range the gain and growth_pct rules read: their longest window
	// twice, and the look-back
	longest := 0
	for _, r := range rules {
		if r.Condition != "velocity_vs_baseline" {
			longest = max(longest, r.WindowHours)
		}
	}
	from := now.Add(-2*time.Duration(longest)*time.Hour - chread.SpikeLookback).Truncate(time.Hour)
	want := map[string]string{}
	velocityHits := 0
	for _, r := range rules {
		for _, s := range referenceSpikes(r, videos, now, from) {
			want[r.ID.String()+"/"+s.VideoID.String()] = describeSpike(s)
			if r.Condition == "velocity_vs_baseline" {
				velocityHits++
			}
		}
	}
	if len(want) < 10 || velocityHits < 3 {
		t.Fatalf("seed %d gives only %d matches (%d velocity): too few to tell", seed, len(want), velocityHits)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s:\n got %s\nwant %s", k, got[k], w)
		}
	}
	for k, g := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: unexpected %s", k, g)
		}
	}
	covered := 0
	for _, v := range videos {
		if v.account != "gone" {
			covered++
		}
	}
	if scan.Videos != covered {
		t.Errorf("scanned %d videos, want %d", scan.Videos, covered)
	}
	// rules of a collection and of a platform cover their videos only
	scoped, err := query.SpikeScanner{DB: env.PG, CH: env.CH, Now: func() time.Time { return now }}.Scan(context.Background(),
		[]domain.SpikeRule{inCollection, onInstagram})
	if err != nil {
		t.Fatal(err)
	}
	covered = 0
	for _, v := range videos {
		if v.account != "gone" && (v.collection || v.platform == "instagram") {
			covered++
		}
	}
	if scoped.Videos != covered {
		t.Errorf("rules of a collection and of Instagram cover %d videos, want %d", scoped.Videos, covered)
	}
}

func describeSpike(s domain.Spike) string {
	b := "-"
	if s.Baseline != nil {
		b = fmt.Sprintf("%.4f", *s.Baseline)
	}
	return fmt.Sprintf("%s..%s %d→%d +%d baseline %s", s.WindowStart.Format(time.RFC3339), s.WindowEnd.Format(time.RFC3339), s.StartValue, s.EndValue, s.Gain, b)
}

// referenceSpikes is the rule read plainly, for the videos that can alert.
func referenceSpikes(r domain.SpikeRule, videos []*refVideo, now, from time.Time) []domain.Spike {
	var out []domain.Spike
	for _, v := range videos {
		if v.account == "gone" || (r.Platform != nil && string(*r.Platform) != v.platform) || (r.CollectionID != nil && !v.collection) {
			continue
		}
		var s *domain.Spike
		if r.Condition == "velocity_vs_baseline" {
			s = referenceVelocity(r, v, videos, now)
		} else {
			s = referenceGain(r, v, now, from)
		}
		if s != nil {
			s.RuleID, s.VideoID = r.ID, v.id
			out = append(out, *s)
		}
	}
	return out
}

type refSeries struct{ t, v []int64 }

// series is the video's recorded points of the metric from `from` on.
func (v *refVideo) series(m domain.Metric, from time.Time) refSeries {
	var s refSeries
	for _, p := range v.points {
		if p.at.Before(from) {
			continue
		}
		val := p.views
		if m == domain.Likes {
			if p.likes == nil {
				continue
			}
			val = *p.likes
		}
		s.t = append(s.t, p.at.Unix())
		s.v = append(s.v, int64(val))
	}
	return s
}

// between interpolates the value at time x from points k and k+1 (0-based),
// in the order of operations the SQL uses.
func (s refSeries) between(k int, x int64) float64 {
	return float64(s.v[k]) + (float64(s.v[k+1])-float64(s.v[k]))*float64(x-s.t[k])/float64(s.t[k+1]-s.t[k])
}

func referenceGain(r domain.SpikeRule, v *refVideo, now, from time.Time) *domain.Spike {
	s := v.series(r.Metric, from)
	n := len(s.t)
	if n == 0 {
		return nil
	}
	window := int64(r.WindowHours) * 3600
	tLast, vLast := s.t[n-1], s.v[n-1]
	if tLast+window < now.Unix() {
		return nil
	}
	wStart := tLast - window
	k := sort.Search(n, func(i int) bool { return s.t[i] > wStart })
	var published int64
	if !v.published.IsZero() {
		published = v.published.Unix()
	}
	// a video published inside the window counts from 0 when it is a new
	// post of its account, else from its first snapshot
	young := k == 0 && published > 0 && published >= wStart && v.newPost
	var vStart float64
	switch {
	case k > 0:
		vStart = s.between(k-1, wStart)
	case young:
		vStart = 0
	default:
		vStart = float64(s.v[0])
	}
	minBase := vStart
	if young {
		minBase = float64(vLast)
	}
	if minBase < float64(r.MinStartValue) {
		return nil
	}
	start := math.Round(vStart)
	switch r.Condition {
	case "gain":
		if float64(vLast)-start < r.Threshold {
			return nil
		}
	case "growth_pct":
		if start <= 0 || (float64(vLast)-start)*100/start < r.Threshold {
			return nil
		}
	}
	out := &domain.Spike{SpikeMeasure: domain.SpikeMeasure{WindowStart: time.Unix(wStart, 0).UTC(), WindowEnd: time.Unix(tLast, 0).UTC(), StartValue: int64(start), EndValue: vLast}}
	out.Gain = out.EndValue - out.StartValue
	return out
}

// ageValues is a video's value at each whole hour of age it was observed
// around, from the hour after its first snapshot to its last (at most
// MaxVelocityAgeHours), over its first 216 hours; ok false when it cannot
// be measured by age.
func (v *refVideo) ageValues(m domain.Metric) (lo, hi int, vals map[int]int64, tLast int64, ok bool) {
	if v.published.IsZero() || v.account == "" {
		return 0, 0, nil, 0, false
	}
	p := v.published.Unix()
	var s refSeries
	all := v.series(m, v.published)
	for i := range all.t {
		if all.t[i]-p < 216*3600 {
			s.t, s.v = append(s.t, all.t[i]), append(s.v, all.v[i])
		}
	}
	n := len(s.t)
	if n < 2 {
		return 0, 0, nil, 0, false
	}
	hour := func(i int) int { return int((s.t[i] - p) / 3600) }
	lo, hi = hour(0)+1, min(hour(n-1), chread.MaxVelocityAgeHours)
	vals = map[int]int64{}
	for i := 0; i+1 < n; i++ {
		for a := hour(i) + 1; a <= min(hour(i+1), hi); a++ {
			vals[a] = int64(math.Round(s.between(i, p+3600*int64(a))))
		}
	}
	return lo, hi, vals, s.t[n-1], true
}

// ageGain is the gain over the window of hours of age ending at a.
func ageGain(lo int, vals map[int]int64, a, window int) (int64, bool) {
	end, ok := vals[a]
	if !ok {
		return 0, false
	}
	if a <= window {
		return end, true
	}
	if a-window < lo {
		return 0, false
	}
	return end - vals[a-window], true
}

func referenceVelocity(r domain.SpikeRule, v *refVideo, videos []*refVideo, now time.Time) *domain.Spike {
	lo, hi, vals, tLast, ok := v.ageValues(r.Metric)
	if !ok {
		return nil
	}
	p := v.published.Unix()
	age := int((tLast - p) / 3600)
	if tLast+int64(r.WindowHours)*3600 < now.Unix() || age < 1 || age > chread.MaxVelocityAgeHours || age > hi {
		return nil
	}
	if age <= r.WindowHours && !v.newPost {
		return nil // measured from before publishing: only a new post's views since then count
	}
	x, ok := ageGain(lo, vals, age, r.WindowHours)
	if !ok {
		return nil
	}
	var others []float64
	for _, o := range videos {
		if o == v || o.account != v.account {
			continue
		}
		olo, _, ovals, _, ok := o.ageValues(r.Metric)
		if !ok {
			continue
		}
		if g, ok := ageGain(olo, ovals, age, r.WindowHours); ok {
			others = append(others, float64(g))
		}
	}
	if len(others) < chread.MinVelocitySiblings {
		return nil
	}
	slices.Sort(others)
	baseline := others[len(others)/2]
	if len(others)%2 == 0 {
		baseline = (others[len(others)/2-1] + others[len(others)/2]) / 2
	}
	end := vals[age]
	minBase := end - x
	if age <= r.WindowHours {
		minBase = end
	}
	if baseline < 1 || float64(x) < r.Threshold*baseline || minBase < r.MinStartValue {
		return nil
	}
	return &domain.Spike{
		SpikeMeasure: domain.SpikeMeasure{WindowStart: time.Unix(p+int64(age-r.WindowHours)*3600, 0).UTC(), WindowEnd: time.Unix(p+int64(age)*3600, 0).UTC(), StartValue: end - x, EndValue: end, Gain: x, Baseline: &baseline},
	}
}
