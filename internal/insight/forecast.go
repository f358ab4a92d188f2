package insight

import "time"

// ForecastState says whether a video has a forecast, and if not, why.
type ForecastState string

// Band is a forecast of a video's total views at a horizon, with its 80 %
// band.
type Band struct{ Views, Low, High int64 }

// Forecast is a video's views forecast 7 and 30 days ahead.
type Forecast struct {
	State       ForecastState
	In7d, In30d Band
	// Basis is how many curves the forecast drew on.
	Basis int
}

// Predict forecasts a video's views; until the forecast model is in place
// it has no history to go on.
func Predict(v Video, latest Point, account, pool []Video, now time.Time) Forecast {
	return Forecast{State: "no_history"}
}
