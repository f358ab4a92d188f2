package insight

import (
	"bytes"
	"math"
	"slices"
	"time"

	"github.com/google/uuid"
)

// OutlierAges are the ages, in hours since publishing, at which a video is
// scored against its account; each is one of Ages.
var OutlierAges = []int{1, 6, 24, 72, 168, 720}

// A video is compared with its account's BaselineSize latest earlier videos
// with a value at that age, scored only when MinBaseline of them have one.
const (
	BaselineSize = 20
	MinBaseline  = 5
)

// OutlierEventMultiplier is the multiplier from which a new score raises
// video.outlier.
const OutlierEventMultiplier = 2.0

// Video is what the insights of one video are worked out from.
type Video struct {
	ID        uuid.UUID
	Published time.Time
	Curve     Curve
}

// OutlierState says whether a video has a score, and if not, why.
type OutlierState string

const (
	// OutlierScored: the video has a score.
	OutlierScored OutlierState = "scored"
	// OutlierTooYoung: the video is younger than the first age (1 h).
	OutlierTooYoung OutlierState = "too_young"
	// OutlierNoEarlyViews: the video's views are not known at any age it
	// has reached: it was first scraped after them, or too rarely.
	OutlierNoEarlyViews OutlierState = "no_early_views"
	// OutlierTooFewVideos: at every age the video has a value, fewer than
	// MinBaseline earlier videos of its account have one.
	OutlierTooFewVideos OutlierState = "too_few_videos"
	// OutlierNoAccount: tracked on its own, without an account to compare with.
	OutlierNoAccount OutlierState = "no_account"
	// OutlierNoPublishTime: its publish time is unknown, so it has no age.
	OutlierNoPublishTime OutlierState = "no_publish_time"
)

// OutlierStates lists every state.
var OutlierStates = []OutlierState{OutlierScored, OutlierTooYoung, OutlierNoEarlyViews, OutlierTooFewVideos, OutlierNoAccount, OutlierNoPublishTime}

// Outlier is a video's score at one age.
type Outlier struct {
	State OutlierState
	// AgeHours is the age scored (one of OutlierAges); 0 unless scored.
	AgeHours int
	// Views are the video's views at that age.
	Views int64
	// Median is the median views of the baseline at that age.
	Median float64
	// Multiplier is Views over Median (a median under one counts as one).
	Multiplier float64
	// Percentile is the share of the baseline with fewer views at that
	// age, ties counting half, in percent rounded to a whole number.
	Percentile int
	// Baseline is how many videos the score compares with.
	Baseline int
}

// ScoreAccount scores every video of one account at the oldest of OutlierAges
// where it and at least MinBaseline earlier videos have a value.
func ScoreAccount(videos []Video, now time.Time) []Outlier {
	order := make([]int, len(videos))
	for i := range order {
		order[i] = i
	}
	// publish order, ties by id: "earlier" is a total order
	slices.SortFunc(order, func(a, b int) int {
		if c := videos[a].Published.Compare(videos[b].Published); c != 0 {
			return c
		}
		return bytes.Compare(videos[a].ID[:], videos[b].ID[:])
	})
	out := make([]Outlier, len(videos))
	base := make([]int64, 0, BaselineSize)
	for pos, i := range order {
		v := videos[i]
		known := false
		for k := len(OutlierAges) - 1; k >= 0; k-- {
			idx := AgeIndex(OutlierAges[k])
			if !v.Curve.Known(idx) {
				continue
			}
			known = true
			base = base[:0]
			for j := pos - 1; j >= 0 && len(base) < BaselineSize; j-- {
				if s := videos[order[j]]; s.Curve.Known(idx) {
					base = append(base, s.Curve[idx])
				}
			}
			if len(base) >= MinBaseline {
				out[i] = score(v.Curve[idx], base)
				out[i].AgeHours = OutlierAges[k]
				break
			}
		}
		switch {
		case out[i].State == OutlierScored:
		case known:
			out[i].State = OutlierTooFewVideos
		case now.Sub(v.Published) < time.Duration(OutlierAges[0])*time.Hour:
			out[i].State = OutlierTooYoung
		default:
			out[i].State = OutlierNoEarlyViews
		}
	}
	return out
}

// Unscored is the state of a video tracked on its own or of unknown publish time.
func Unscored(hasAccount bool, published *time.Time, now time.Time) Outlier {
	switch {
	case published != nil && now.Sub(*published) < time.Duration(OutlierAges[0])*time.Hour:
		return Outlier{State: OutlierTooYoung}
	case hasAccount && published == nil:
		return Outlier{State: OutlierNoPublishTime}
	}
	return Outlier{State: OutlierNoAccount}
}

func score(views int64, base []int64) Outlier {
	slices.Sort(base)
	n := len(base)
	median := float64(base[n/2])
	if n%2 == 0 {
		median = (float64(base[n/2-1]) + float64(base[n/2])) / 2
	}
	below, _ := slices.BinarySearch(base, views)
	above, _ := slices.BinarySearchFunc(base, views, func(e, t int64) int {
		if e <= t {
			return -1
		}
		return 1
	})
	equal := above - below
	return Outlier{
		State:      OutlierScored,
		Views:      views,
		Median:     median,
		Multiplier: float64(views) / math.Max(1, median),
		Percentile: int(math.Round(100 * (float64(below) + float64(equal)/2) / float64(n))),
		Baseline:   n,
	}
}
