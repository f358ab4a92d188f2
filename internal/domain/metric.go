package domain

// Metric is one counted quantity of a snapshot.
type Metric string

// The metrics.
const (
	Views     Metric = "views"
	Likes     Metric = "likes"
	Comments  Metric = "comments"
	Shares    Metric = "shares"
	Saves     Metric = "saves"
	Followers Metric = "followers"
)

// Metrics lists every metric in the order of the projections' `recorded` bits
// (views 1 … followers 32) and the spike scan's metric numbers.
var Metrics = []Metric{Views, Likes, Comments, Shares, Saves, Followers}

// Index is m's place in Metrics; -1 for a name that is not a metric.
func (m Metric) Index() int {
	for i, x := range Metrics {
		if x == m {
			return i
		}
	}
	return -1
}

// Column is m as an SQL column, an allow-listed name; it panics if unknown.
func (m Metric) Column() string {
	if m.Index() < 0 {
		panic("domain: unknown metric " + string(m))
	}
	return string(m)
}

// Bit is m's bit in the projections' `recorded` mask.
func (m Metric) Bit() uint8 {
	i := m.Index()
	if i < 0 {
		panic("domain: unknown metric " + string(m))
	}
	return 1 << i
}
