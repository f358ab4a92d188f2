package command

import (
	"cmp"
	"slices"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/insight"
)

// forecastHorizon is the age up to which a video is forecast: 30 days.
const forecastHorizon = 30 * 24 * time.Hour

// poolSize bounds the workspace's videos of one platform a forecast falls
// back on when the account has too few: those whose curves reach
// furthest, newest first among equals.
const poolSize = 200

// forecastAll forecasts every video younger than forecastHorizon from its
// own curve and its account's curves (byAccount: indexes of videos per
// account).
func forecastAll(videos []insightVideo, byAccount map[uuid.UUID][]int, now time.Time) {
	pools := map[string][]insight.Video{}
	var candidates []int
	for i, v := range videos {
		if v.published != nil {
			candidates = append(candidates, i)
		}
	}
	known := func(c insight.Curve) int {
		n := 0
		for i := range c {
			if c.Known(i) {
				n++
			}
		}
		return n
	}
	slices.SortFunc(candidates, func(a, b int) int {
		if c := cmp.Compare(known(videos[b].curve), known(videos[a].curve)); c != 0 {
			return c
		}
		return videos[b].published.Compare(*videos[a].published)
	})
	for _, i := range candidates {
		v := videos[i]
		if len(pools[v.platform]) < poolSize {
			pools[v.platform] = append(pools[v.platform], insight.Video{ID: v.id, Published: *v.published, Curve: v.curve})
		}
	}
	accounts := map[uuid.UUID][]insight.Video{}
	for acc, idx := range byAccount {
		in := make([]insight.Video, len(idx))
		for k, i := range idx {
			in[k] = insight.Video{ID: videos[i].id, Published: *videos[i].published, Curve: videos[i].curve}
		}
		accounts[acc] = in
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
