package query_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query"
)

func mustExec(t *testing.T, sql string, args ...any) {
	t.Helper()
	if _, err := env.PG.Exec(context.Background(), sql, args...); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
}

type spikeFixture struct {
	t    *testing.T
	now  time.Time
	ws   uuid.UUID
	coll uuid.UUID
	ids  map[string]uuid.UUID
	w    *ingest.SnapshotWriter
}

func newSpikeFixture(t *testing.T, now time.Time) *spikeFixture {
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	return &spikeFixture{t: t, now: now, ws: ws, coll: env.Collection(t, ws, "c"), ids: map[string]uuid.UUID{},
		w: ingest.NewSnapshotWriter(env.CH, 1000, time.Now())}
}

// account adds an account tracked long before its videos were published,
// so that they are its new posts.
func (f *spikeFixture) account(key, status string) {
	f.trackedAccount(key, status, f.now.Add(-1000*time.Hour))
}

// trackedAccount adds an account tracked at `at`.
func (f *spikeFixture) trackedAccount(key, status string, at time.Time) {
	f.ids[key] = env.Account(f.t, f.ws, testenv.AccountOptions{Handle: key, Status: domain.Item(status), CreatedAt: at})
}

// video adds a video published `published` ago with views at the given
// ages (hours before now → views).
func (f *spikeFixture) video(key, plat, account string, inCollection bool, published time.Duration, views map[float64]uint64) {
	var coll *uuid.UUID
	if inCollection {
		coll = &f.coll
	}
	accID := f.ids[account] // uuid.Nil for a video tracked by its own link
	id := env.Video(f.t, f.ws, testenv.VideoOptions{Platform: platform.Platform(plat), PlatformID: key, AccountID: accID, CollectionID: coll,
		PublishedAt: f.now.Add(-published), Status: domain.ItemActive})
	f.ids[key] = id
	for age, v := range views {
		v := v
		err := f.w.Add(context.Background(), ingest.Snapshot{WorkspaceID: f.ws, Platform: platform.Platform(plat), Kind: platform.Video,
			EntityID: id, AccountID: accID, ScrapedAt: f.now.Add(-time.Duration(age * float64(time.Hour))), Metrics: ingest.Metrics{Views: &v}, JobID: uuid.New(),
			PublishedAt: f.now.Add(-published)})
		if err != nil {
			f.t.Fatal(err)
		}
	}
}

func (f *spikeFixture) flush() {
	if err := f.w.Flush(context.Background()); err != nil {
		f.t.Fatal(err)
	}
}

func hourly(from, to int, value func(age int) uint64) map[float64]uint64 {
	out := map[float64]uint64{}
	for age := from; age >= to; age-- {
		out[float64(age)] = value(age)
	}
	return out
}

func TestSpikeScan(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 12, 20, 0, 0, time.UTC)
	f := newSpikeFixture(t, now)
	f.account("acc-active", "active")
	f.account("acc-paused", "paused")
	flatThenJump := hourly(30, 1, func(age int) uint64 {
		if age > 3 {
			return 1000
		}
		return 1000 + uint64(4-age)*2000 // +6000 in the last 3 hours
	})
	f.video("jump", "tiktok", "acc-active", false, 40*time.Hour, flatThenJump)
	// 30 hours without a snapshot, growing steadily by 100 an hour: the
	// window's share of the growth is 600, not the 3,000 since the last point
	f.video("gap", "tiktok", "", false, 60*time.Hour, map[float64]uint64{31: 1000, 1: 4000})
	// a new post of an account, published 2 hours ago: starts from 0
	f.video("young", "tiktok", "acc-active", true, 2*time.Hour, map[float64]uint64{1.5: 2000, 0.5: 2500})
	// old but first scraped inside the window: counts from its first snapshot
	f.video("late", "tiktok", "", false, 240*time.Hour, map[float64]uint64{2: 50000, 0.5: 50500})
	// the jump is 8 hours old: stale for a 6-hour window
	f.video("stale", "tiktok", "", false, 40*time.Hour, hourly(30, 8, func(age int) uint64 {
		if age > 10 {
			return 10
		}
		return 90000
	}))
	f.video("paused", "tiktok", "acc-paused", false, 40*time.Hour, flatThenJump)
	f.video("insta", "instagram", "", true, 40*time.Hour, flatThenJump)
	// growth: +60 % over 24 hours from 2,000; and +900 % from a tiny 100
	f.video("grow", "youtube", "", false, 80*time.Hour, map[float64]uint64{30: 1900, 24: 2000, 12: 2600, 0: 3200})
	f.video("tiny", "youtube", "", false, 80*time.Hour, map[float64]uint64{30: 90, 24: 100, 0.25: 1000})
	// the same jump in a workspace without rules
	other := newSpikeFixture(t, now)
	other.video("jump", "tiktok", "", false, 40*time.Hour, flatThenJump)
	other.flush()
	f.flush()

	views := domain.Views
	gain := domain.SpikeRule{ID: uuid.New(), WorkspaceID: f.ws, SpikeSettings: domain.SpikeSettings{Metric: views, Condition: "gain", Threshold: 1000, WindowHours: 6}}
	tiktokInCollection := domain.SpikeRule{
		ID:            uuid.New(),
		WorkspaceID:   f.ws,
		SpikeSettings: domain.SpikeSettings{Metric: views, Condition: "gain", Threshold: 1000, WindowHours: 6, CollectionID: &f.coll, Platform: ptr(platform.TikTok)},
	}
	growth := domain.SpikeRule{ID: uuid.New(), WorkspaceID: f.ws, SpikeSettings: domain.SpikeSettings{Metric: views, Condition: "growth_pct", Threshold: 50, WindowHours: 24, MinStartValue: 1000}}

	scan, err := query.SpikeScanner{DB: env.PG, CH: env.CH, Now: func() time.Time { return now }}.Scan(context.Background(),
		[]domain.SpikeRule{gain, tiktokInCollection, growth})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]domain.Spike{}
	name := map[uuid.UUID]string{}
	for k, id := range f.ids {
		name[id] = k
	}
	rule := map[uuid.UUID]string{gain.ID: "gain", tiktokInCollection.ID: "collection", growth.ID: "growth"}
	for _, s := range scan.Spikes {
		got[rule[s.RuleID]+"/"+name[s.VideoID]] = s
	}
	want := map[string][3]int64{ // start, end, gain
		"gain/jump":        {1000, 7000, 6000},
		"gain/young":       {0, 2500, 2500},
		"gain/insta":       {1000, 7000, 6000},
		"collection/young": {0, 2500, 2500},
		"growth/grow":      {2000, 3200, 1200},
		// the hourly jumps grow by far more than 50 % in 24 hours too
		"growth/jump":  {1000, 7000, 6000},
		"growth/insta": {1000, 7000, 6000},
		// 24 of the 30 hours of steady growth fall in this window
		"growth/gap": {1600, 4000, 2400},
	}
	for k, w := range want {
		s, ok := got[k]
		if !ok {
			t.Errorf("%s: no spike", k)
			continue
		}
		if s.StartValue != w[0] || s.EndValue != w[1] || s.Gain != w[2] {
			t.Errorf("%s: start %d end %d gain %d, want %v", k, s.StartValue, s.EndValue, s.Gain, w)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("%s: unexpected spike %+v", k, got[k])
		}
	}
	if s := got["gain/jump"]; !s.WindowEnd.Equal(now.Add(-time.Hour)) || !s.WindowStart.Equal(now.Add(-7*time.Hour)) {
		t.Errorf("jump window %s..%s", s.WindowStart, s.WindowEnd)
	}
	if scan.Videos != 8 {
		t.Errorf("scanned %d videos, want 8 (the paused account's excluded)", scan.Videos)
	}
}

func ptr[T any](v T) *T { return &v }

// A video that took off before it was tracked is no spike: its first
// snapshot is where its growth starts, however recently it was published.
// Six videos of an account tracked an hour ago, published 2 to 5 hours
// ago and first scraped at 150,000 to 198,753 views, alert on nothing,
// though counted from 0 they would; nor does a video tracked by its own
// link, nor, by velocity, one far ahead of its siblings at the same age
// when that age is within the window. What they gain from their first
// snapshot on alerts; and a new post of an account tracked before it still
// counts from 0.
func TestSpikeScanCountsNoVideoFromBeforeItWasTracked(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 12, 20, 0, 0, time.UTC)
	f := newSpikeFixture(t, now)
	f.trackedAccount("just", "active", now.Add(-time.Hour))
	f.trackedAccount("fam", "active", now.Add(-time.Hour))
	f.trackedAccount("watched", "active", now.Add(-300*time.Hour))
	for i := range 6 {
		start := uint64(150_000 + 9_750*i)
		if i == 5 {
			start = 198_753
		}
		f.video(fmt.Sprintf("just%d", i), "tiktok", "just", false, time.Duration(2+i%4)*time.Hour,
			map[float64]uint64{1: start, 0.2: start + 400})
	}
	f.video("alone", "tiktok", "", false, 2*time.Hour, map[float64]uint64{1: 198_753, 0.2: 199_000})
	// first scraped at 50,000, then 8,000 more: a gain seen from its first snapshot
	f.video("grows", "tiktok", "just", false, 3*time.Hour, map[float64]uint64{1: 50_000, 0.2: 58_000})
	// 10 hours old, scraped at ages 8 and 9: rocket has 190 times its
	// siblings' views
	f.video("rocket", "tiktok", "fam", false, 10*time.Hour, map[float64]uint64{2: 198_000, 0.2: 199_000})
	for i := range 3 {
		f.video(fmt.Sprintf("sib%d", i), "tiktok", "fam", false, 10*time.Hour, map[float64]uint64{2: 1000, 0.2: 1010})
	}
	// published since its account was tracked, first scraped at 150,000
	f.video("newpost", "tiktok", "watched", false, 2*time.Hour, map[float64]uint64{1: 150_000, 0.2: 150_500})
	f.flush()

	gain := domain.SpikeRule{ID: uuid.New(), WorkspaceID: f.ws, SpikeSettings: domain.SpikeSettings{Metric: domain.Views, Condition: "gain", Threshold: 5000, WindowHours: 12}}
	growth := domain.SpikeRule{ID: uuid.New(), WorkspaceID: f.ws, SpikeSettings: domain.SpikeSettings{Metric: domain.Views, Condition: "growth_pct", Threshold: 10, WindowHours: 12}}
	velocity := domain.SpikeRule{ID: uuid.New(), WorkspaceID: f.ws, SpikeSettings: domain.SpikeSettings{Metric: domain.Views, Condition: "velocity_vs_baseline", Threshold: 2, WindowHours: 12}}
	scan, err := query.SpikeScanner{DB: env.PG, CH: env.CH, Now: func() time.Time { return now }}.Scan(context.Background(),
		[]domain.SpikeRule{gain, growth, velocity})
	if err != nil {
		t.Fatal(err)
	}
	name := map[uuid.UUID]string{}
	for k, id := range f.ids {
		name[id] = k
	}
	rule := map[uuid.UUID]string{gain.ID: "gain", growth.ID: "growth", velocity.ID: "velocity"}
	got := map[string][3]int64{}
	for _, s := range scan.Spikes {
		got[rule[s.RuleID]+"/"+name[s.VideoID]] = [3]int64{s.StartValue, s.EndValue, s.Gain}
	}
	want := map[string][3]int64{
		"gain/grows":   {50_000, 58_000, 8_000},
		"growth/grows": {50_000, 58_000, 8_000},
		"gain/newpost": {0, 150_500, 150_500},
	}
	if len(got) != len(want) {
		t.Errorf("spikes %v, want %v", got, want)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %v, want %v", k, got[k], w)
		}
	}
}

func TestSpikeScanVelocityAgainstSiblingsAtTheSameAge(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	f := newSpikeFixture(t, now)
	f.account("fam", "active")
	f.account("solo", "active")
	// siblings published 110, 120 and 130 hours ago, growing 100, 200 and
	// 300 views an hour: between 4 and 10 hours old they gained 600, 1,200
	// and 1,800, a median of 1,200
	for i, rate := range []uint64{100, 200, 300} {
		age := 110 + 10*i
		f.video(fmt.Sprintf("sib%d", i), "tiktok", "fam", false, time.Duration(age)*time.Hour, hourly(age-1, 0, func(a int) uint64 {
			return rate * uint64(age-a)
		}))
	}
	// 10 hours old, +6,000 views in the last 6 hours: 5 times the median
	f.video("rocket", "tiktok", "fam", false, 10*time.Hour, hourly(9, 0, func(a int) uint64 {
		if age := 10 - a; age > 4 {
			return 400 + 1000*uint64(age-4)
		}
		return 100 * uint64(10-a)
	}))
	// as fast, but its account has no other videos to compare with
	f.video("alone", "tiktok", "solo", false, 10*time.Hour, hourly(9, 0, func(a int) uint64 { return 1000 * uint64(10-a) }))
	f.flush()

	velocity := func(k float64) domain.SpikeRule {
		return domain.SpikeRule{ID: uuid.New(), WorkspaceID: f.ws, SpikeSettings: domain.SpikeSettings{Metric: domain.Views, Condition: "velocity_vs_baseline", Threshold: k, WindowHours: 6}}
	}
	five, six := velocity(5), velocity(5.1)
	scan, err := query.SpikeScanner{DB: env.PG, CH: env.CH, Now: func() time.Time { return now }}.Scan(context.Background(), []domain.SpikeRule{five, six})
	if err != nil {
		t.Fatal(err)
	}
	if len(scan.Spikes) != 1 {
		t.Fatalf("spikes %+v, want rocket for the 5× rule only", scan.Spikes)
	}
	s := scan.Spikes[0]
	if s.RuleID != five.ID || s.VideoID != f.ids["rocket"] || s.Gain != 6000 || s.StartValue != 400 || s.Baseline == nil || *s.Baseline != 1200 {
		t.Fatalf("spike %+v (baseline %v)", s, s.Baseline)
	}
}

func TestSpikeScanVelocityWithSeveralSiblings(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	f := newSpikeFixture(t, now)
	for _, a := range []string{"fam", "other", "pair", "veteran"} {
		f.account(a, "active")
	}
	f.account("paused", "paused")
	// steady is a video published `age` hours ago, scraped every hour since
	// (but in the hours of age skip says), growing `rate` views an hour
	steady := func(age, rate int, skip func(a int) bool) map[float64]uint64 {
		out := map[float64]uint64{}
		for ago := age - 1; ago >= 0; ago-- {
			if skip == nil || !skip(age-ago) {
				out[float64(ago)] = uint64(rate * (age - ago))
			}
		}
		return out
	}
	video := func(key, account string, age, rate int, skip func(a int) bool) {
		f.video(key, "tiktok", account, false, time.Duration(age)*time.Hour, steady(age, rate, skip))
	}
	// fam: five siblings growing 100 to 500 views an hour, one of them with
	// no snapshot between ages 2 and 9 (interpolated, its growth is still
	// 400 an hour); one first scraped at age 7; two videos 10 hours old
	// growing 1,500 and 1,200 an hour, and one 9 hours old growing 300
	for i, rate := range []int{100, 200, 300, 400, 500} {
		var gap func(int) bool
		if rate == 400 {
			gap = func(a int) bool { return a > 2 && a < 9 }
		}
		video(fmt.Sprintf("sib%d", i), "fam", 50+10*i, rate, gap)
	}
	video("late", "fam", 40, 250, func(a int) bool { return a < 7 })
	video("rocket", "fam", 10, 1500, nil)
	video("second", "fam", 10, 1200, nil)
	video("young", "fam", 9, 300, nil)
	// other: three siblings and a fast video whose latest snapshot is 7
	// hours old: fresh for a 12-hour window, stale for a 6-hour one
	for i := range 3 {
		video(fmt.Sprintf("o%d", i), "other", 60+10*i, 100, nil)
	}
	f.video("stale", "tiktok", "other", false, 17*time.Hour, hourly(16, 7, func(ago int) uint64 { return 9000 * uint64(17-ago) }))
	// pair: two siblings are too few to judge by
	video("p1", "pair", 60, 100, nil)
	video("p2", "pair", 70, 100, nil)
	video("p3", "pair", 10, 5000, nil)
	// veteran: videos older than a week are not judged
	for i := range 3 {
		video(fmt.Sprintf("v%d", i), "veteran", 190+i, 100, nil)
	}
	video("old", "veteran", 200, 5000, nil)
	// a paused account's videos never alert
	for i := range 3 {
		video(fmt.Sprintf("q%d", i), "paused", 60+i, 100, nil)
	}
	video("qrocket", "paused", 10, 5000, nil)
	f.flush()

	six := domain.SpikeRule{ID: uuid.New(), WorkspaceID: f.ws, SpikeSettings: domain.SpikeSettings{Metric: domain.Views, Condition: "velocity_vs_baseline", Threshold: 4, WindowHours: 6}}
	twelve := domain.SpikeRule{ID: uuid.New(), WorkspaceID: f.ws, SpikeSettings: domain.SpikeSettings{Metric: domain.Views, Condition: "velocity_vs_baseline", Threshold: 1.5, WindowHours: 12}}
	scan, err := query.SpikeScanner{DB: env.PG, CH: env.CH, Now: func() time.Time { return now }}.Scan(context.Background(), []domain.SpikeRule{six, twelve})
	if err != nil {
		t.Fatal(err)
	}
	name := map[uuid.UUID]string{}
	for k, id := range f.ids {
		name[id] = k
	}
	type hit struct {
		start, end, gain int64
		baseline         float64
		from, to         time.Time
	}
	got := map[string]hit{}
	for _, s := range scan.Spikes {
		rule := map[uuid.UUID]string{six.ID: "6h", twelve.ID: "12h"}[s.RuleID]
		if s.Baseline == nil {
			t.Fatalf("%s/%s: no baseline", rule, name[s.VideoID])
		}
		got[rule+"/"+name[s.VideoID]] = hit{s.StartValue, s.EndValue, s.Gain, *s.Baseline, s.WindowStart, s.WindowEnd}
	}
	h := func(hours int) time.Time { return now.Add(time.Duration(hours) * time.Hour) }
	want := map[string]hit{
		// ages 4 to 10: the siblings gained 600 … 3,000 (2,400 across the
		// gap) and second 7,200, six others (late was not observed at age
		// 4): median (1,800 + 2,400) / 2 = 2,100, and 9,000 ≥ 4 × 2,100.
		// second's 7,200 is not, with rocket's 9,000 among its others.
		"6h/rocket": {6000, 15000, 9000, 2100, h(-6), h(0)},
		// from publishing to age 10: others 1,000 … 5,000, late's 2,500 and
		// 12,000 (15,000): median 3,000
		"12h/rocket": {0, 15000, 15000, 3000, h(-12), h(0)},
		"12h/second": {0, 12000, 12000, 3000, h(-12), h(0)},
		// stale's window ends at its latest snapshot's whole hour of age
		"12h/stale": {0, 90000, 90000, 1000, h(-19), h(-7)},
	}
	for k, w := range want {
		if g, ok := got[k]; !ok || g != w {
			t.Errorf("%s: got %+v (found %v), want %+v", k, g, ok, w)
		}
	}
	for k, g := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("unexpected spike %s %+v", k, g)
		}
	}
}

// A window can end up to its length before now, so the snapshot its start
// is interpolated from can lie more than the look-back before now minus
// the window: the scan reads far enough back to find it.
func TestSpikeScanWindowStartAcrossAGapLongAgo(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	f := newSpikeFixture(t, now)
	// 100 views an hour; the latest snapshot 23 hours old, the one before
	// 17 hours before the window's start (47 hours ago), the one before
	// that 33 hours earlier still
	f.video("v", "tiktok", "", false, 200*time.Hour, map[float64]uint64{80: 10000, 40: 14000, 23: 15700})
	f.flush()
	r := domain.SpikeRule{ID: uuid.New(), WorkspaceID: f.ws, SpikeSettings: domain.SpikeSettings{Metric: domain.Views, Condition: "gain", Threshold: 2000, WindowHours: 24}}
	scan, err := query.SpikeScanner{DB: env.PG, CH: env.CH, Now: func() time.Time { return now }}.Scan(context.Background(), []domain.SpikeRule{r})
	if err != nil {
		t.Fatal(err)
	}
	if len(scan.Spikes) != 1 || scan.Spikes[0].StartValue != 13300 || scan.Spikes[0].Gain != 2400 {
		t.Fatalf("spikes %+v, want one from 13,300 (+2,400)", scan.Spikes)
	}
}
