package numbers

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"
)

// TestSortFirstMatchesAFullSort: the page a list shows is the same as
// when every video is sorted, for any page, including values shared by
// many videos and videos without the value.
func TestSortFirstMatchesAFullSort(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 7, 17, 100, 1000, 10_000} {
		for _, spread := range []uint64{1, 5, 1 << 40} {
			rs := make([]rank, n)
			for i := range rs {
				rs[i] = rank{id: uuid.New(), v: rnd.Uint64N(spread), has: rnd.IntN(10) > 0}
			}
			want := slices.Clone(rs)
			slices.SortFunc(want, compareRanks)
			for _, k := range []int{0, 1, 16, 50, n / 2, n - 1, n} {
				if k < 0 || k > n {
					continue
				}
				got := slices.Clone(rs)
				sortFirst(got, k)
				if !slices.Equal(got[:k], want[:k]) {
					t.Fatalf("n %d, values below %d: the first %d differ from a full sort's", n, spread, k)
				}
				if !sameRanks(got, want) {
					t.Fatalf("n %d, k %d: sortFirst lost or duplicated videos", n, k)
				}
			}
		}
	}
}

func sameRanks(a, b []rank) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.SortFunc(a, compareRanks)
	slices.SortFunc(b, compareRanks)
	return slices.Equal(a, b)
}

// TestSortsOrderEveryValue: each sort puts the highest value first,
// videos without the value last and ties in id order, for negative gains,
// times before 1970 and rates as well as counts.
func TestSortsOrderEveryValue(t *testing.T) {
	t.Parallel()
	rnd := rand.New(rand.NewPCG(3, 4))
	maybe := func() bool { return rnd.IntN(5) > 0 }
	vs := make([]Video, 300)
	for i := range vs {
		v := &vs[i]
		v.ID = uuid.New()
		v.AddedAt = time.Unix(rnd.Int64N(4e9)-2e9, 0).UTC()
		if maybe() {
			p := time.Unix(rnd.Int64N(4e9)-2e9, rnd.Int64N(1e9)).UTC()
			v.PublishedAt = &p
		}
		for _, m := range []**uint64{&v.Metrics.Views, &v.Metrics.Likes, &v.Metrics.Comments, &v.Metrics.Shares, &v.Metrics.Saves} {
			if maybe() {
				n := rnd.Uint64N(1000)
				if rnd.IntN(10) == 0 {
					n = 1<<63 + rnd.Uint64N(1000)
				}
				*m = &n
			}
		}
		if maybe() {
			g := rnd.Int64N(2000) - 1000
			v.ViewsGained24h = &g
		}
		if maybe() {
			g := rnd.Int64N(2000) - 1000
			v.ViewsGained7d = &g
		}
		if maybe() {
			r := rnd.Float64() * 100
			v.EngagementRate = &r
		}
		v.Outlier, v.Forecast = &VideoOutlier{}, &VideoForecast{}
		if maybe() {
			m := rnd.Float64() * 20
			v.Outlier.Multiplier = &m
		}
		if maybe() {
			g := rnd.Int64N(2000) - 10
			v.Forecast.Gain7d = &g
		}
	}
	// the same value for several videos, so that ties occur
	for i := 0; i+1 < len(vs); i += 7 {
		vs[i+1].Metrics, vs[i+1].ViewsGained24h, vs[i+1].ViewsGained7d, vs[i+1].EngagementRate = vs[i].Metrics, vs[i].ViewsGained24h, vs[i].ViewsGained7d, vs[i].EngagementRate
		vs[i+1].PublishedAt, vs[i+1].AddedAt = vs[i].PublishedAt, vs[i].AddedAt
		vs[i+1].Outlier, vs[i+1].Forecast = vs[i].Outlier, vs[i].Forecast
	}
	value := map[VideoSort]func(v Video) *big.Float{
		SortViews:    func(v Video) *big.Float { return count(v.Metrics.Views) },
		SortLikes:    func(v Video) *big.Float { return count(v.Metrics.Likes) },
		SortComments: func(v Video) *big.Float { return count(v.Metrics.Comments) },
		SortShares:   func(v Video) *big.Float { return count(v.Metrics.Shares) },
		SortSaves:    func(v Video) *big.Float { return count(v.Metrics.Saves) },
		SortGained7d: func(v Video) *big.Float {
			if v.ViewsGained7d == nil {
				return nil
			}
			return new(big.Float).SetInt64(*v.ViewsGained7d)
		},
		SortEngagement: func(v Video) *big.Float { return ptrFloat(v.EngagementRate) },
		SortGained24h: func(v Video) *big.Float {
			if v.ViewsGained24h == nil {
				return nil
			}
			return new(big.Float).SetInt64(*v.ViewsGained24h)
		},
		SortPublished: func(v Video) *big.Float {
			if v.PublishedAt == nil {
				return nil
			}
			return new(big.Float).SetInt64(v.PublishedAt.UnixNano())
		},
		SortAdded:   func(v Video) *big.Float { return new(big.Float).SetInt64(v.AddedAt.UnixNano()) },
		SortOutlier: func(v Video) *big.Float { return ptrFloat(v.Outlier.Multiplier) },
		SortForecast7d: func(v Video) *big.Float {
			if v.Forecast.Gain7d == nil {
				return nil
			}
			return new(big.Float).SetInt64(*v.Forecast.Gain7d)
		},
	}
	for _, by := range VideoSorts() {
		got := slices.Clone(vs)
		sortVideos(got, by)
		for i := 1; i < len(got); i++ {
			a, b := value[by](got[i-1]), value[by](got[i])
			switch {
			case a == nil && b != nil:
				t.Fatalf("sort %s: a video without the value before one with it", by)
			case a != nil && b != nil && a.Cmp(b) < 0:
				t.Fatalf("sort %s: %v before %v", by, a, b)
			case (a == nil && b == nil || a != nil && b != nil && a.Cmp(b) == 0) && compareIDs(got[i-1].ID, got[i].ID) > 0:
				t.Fatalf("sort %s: a tie not in id order", by)
			}
		}
	}
}

func count(n *uint64) *big.Float {
	if n == nil {
		return nil
	}
	return new(big.Float).SetUint64(*n)
}

func ptrFloat(f *float64) *big.Float {
	if f == nil {
		return nil
	}
	return big.NewFloat(*f)
}
