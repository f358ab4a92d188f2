package alerts

import (
	"cmp"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/insight"
)

// forecastHorizon is the age up to which a video is forecast: 30 days.
const forecastHorizon = 30 * 24 * time.Hour

// poolSize bounds the platform's videos a forecast falls back on when the
// account has too few: those whose curves reach furthest, newest first.
const poolSize = 200

// forecastAll forecasts every video younger than forecastHorizon.
func forecastAll(videos []insightVideo, accounts map[uuid.UUID][]insight.Video, now time.Time) {
	pools := map[string][]insight.Video{}
	// the videos with a publish time, with how many ages each curve knows
	type candidate struct{ i, known int }
	var candidates []candidate
	for i, v := range videos {
		if v.published == nil {
			continue
		}
		n := 0
		for k := range v.curve {
			if v.curve.Known(k) {
				n++
			}
		}
		candidates = append(candidates, candidate{i, n})
	}
	slices.SortFunc(candidates, func(a, b candidate) int {
		if c := cmp.Compare(b.known, a.known); c != 0 {
			return c
		}
		return videos[b.i].published.Compare(*videos[a.i].published)
	})
	for _, c := range candidates {
		v := videos[c.i]
		if len(pools[v.platform]) < poolSize {
			pools[v.platform] = append(pools[v.platform], insight.Video{ID: v.id, Published: *v.published, Curve: v.curve, Logs: v.logs})
		}
	}
	for i := range videos {
		v := &videos[i]
		switch {
		case v.published == nil || !v.hasLatest:
			v.forecast = insight.Forecast{State: insight.ForecastTooYoung}
			if v.published != nil && now.Sub(*v.published) >= forecastHorizon {
				v.forecast = insight.Forecast{State: insight.ForecastTooOld}
			}
			continue
		case now.Sub(*v.published) >= forecastHorizon:
			v.forecast = insight.Forecast{State: insight.ForecastTooOld}
			continue
		}
		var account []insight.Video
		if v.account != nil {
			account = accounts[*v.account]
		}
		self := insight.Video{ID: v.id, Published: *v.published, Curve: v.curve}
		v.forecast = insight.Predict(self, insight.Point{At: v.latest.At, Views: v.latest.Views}, account, pools[v.platform], now)
	}
}
