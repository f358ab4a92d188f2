package insight

import (
	"bytes"
	"math"
	"slices"
	"time"

	"github.com/google/uuid"
)

// OutlierAges are the ages, in hours, at which videos are scored; all in Ages.
var OutlierAges = []int{1, 6, 24, 72, 168, 720}

// A video is compared with its account's BaselineSize latest earlier videos
// with a value at that age, scored only when MinBaseline of them have one.
const (
	BaselineSize = 20
	MinBaseline  = 5
)

// OutlierEventMultiplier is the least new score that raises video.outlier.
const OutlierEventMultiplier = 2.0

// Video is what the insights of one video are worked out from.
type Video struct {
	ID        uuid.UUID
	Published time.Time
	Curve     Curve
	// Logs is Curve.Logs() when worked out beforehand, for the forecasts
	// that read the video as a reference; else empty.
	Logs LogCurve
}

// OutlierState says whether a video has a score, and if not, why.
type OutlierState string

// The outlier states.
const (
	OutlierScored        OutlierState = "scored"
	OutlierTooYoung      OutlierState = "too_young"      // younger than the first age (1 h)
	OutlierNoEarlyViews  OutlierState = "no_early_views" // scraped too late or too rarely
	OutlierTooFewVideos  OutlierState = "too_few_videos" // < MinBaseline earlier videos at its ages
	OutlierNoAccount     OutlierState = "no_account"
	OutlierNoPublishTime OutlierState = "no_publish_time"
)

// OutlierStates lists every state.
var OutlierStates = []OutlierState{OutlierScored, OutlierTooYoung, OutlierNoEarlyViews, OutlierTooFewVideos, OutlierNoAccount, OutlierNoPublishTime}

// Outlier is a video's score at one age.
type Outlier struct {
	State      OutlierState
	AgeHours   int // one of OutlierAges; 0 unless scored
	Views      int64
	Median     float64 // of the baseline
	Multiplier float64 // Views over Median (a median under one counts as one)
	// Percentile is the share of the baseline with fewer views, ties half.
	Percentile int
	Baseline   int // how many videos the score compares with
}

// ScoreAccount scores each video of one account at its oldest scorable age.
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
