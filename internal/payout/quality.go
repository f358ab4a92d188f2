package payout

import (
	"fmt"
	"math"
)

// Quality is a line's view-quality score, from 100 (views like the
// account's own) down to 0, with what lowered it.
type Quality struct {
	Score   int
	Reasons []string
}

// The parts of the score: views far beyond the account's median (from
// QualityBurstFrom times, nothing off, to BurstViewsFactor times or more,
// QualityBurstWeight off), likes and comments per view below the account's
// median (from the median down to none, QualityRateWeight off; only from
// QualityMinViews views on, below which a rate says little), and views
// taken back since the window closed (from 1 % to QualityFallFull or more,
// QualityFallWeight off). The first two need BurstHistory other videos.
const (
	QualityBurstFrom   = 3.0
	QualityBurstWeight = 50.0
	QualityRateWeight  = 40.0
	QualityMinViews    = 1_000
	QualityFallFull    = 0.10
	QualityFallWeight  = 40.0
)

// QualityOf scores v, the views a line locks with and their likes and
// comments, against the account's other videos, and latest, the views the
// video shows at the lock (after the campaign's validation window; v.Views
// when there is none).
func QualityOf(v Engagement, others []Engagement, latest int64) Quality {
	var views, rates []float64
	for _, o := range others {
		if o.Views > 0 {
			views = append(views, float64(o.Views))
			rates = append(rates, o.rate())
		}
	}
	var off float64
	var why []string
	if len(views) >= BurstHistory && v.Views > 0 {
		mv, mr := median(views), median(rates)
		if ratio := float64(v.Views) / math.Max(mv, 1); ratio > QualityBurstFrom {
			off += QualityBurstWeight * math.Min(1, (ratio-QualityBurstFrom)/(BurstViewsFactor-QualityBurstFrom))
			why = append(why, fmt.Sprintf("views %.0f× the median of the account's %d other videos (%.0f)", ratio, len(views), mv))
		}
		if r := v.rate(); v.Views >= QualityMinViews && mr > 0 && r < mr {
			off += QualityRateWeight * (1 - r/mr)
			why = append(why, fmt.Sprintf("likes and comments %.2f%% of views against the account's median %.2f%%", 100*r, 100*mr))
		}
	}
	if v.Views > 0 && ViewsFell(v.Views, latest) {
		drop := float64(v.Views-latest) / float64(v.Views)
		off += QualityFallWeight * math.Min(1, drop/QualityFallFull)
		why = append(why, fmt.Sprintf("views fell %.0f%% after the window closed (%d to %d)", 100*drop, v.Views, latest))
	}
	return Quality{Score: max(0, min(100, int(math.Round(100-off)))), Reasons: why}
}
