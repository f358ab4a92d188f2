package alerts_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/metrics"
)

// TestChannelAttemptsAreCounted: each request to a channel is counted by
// the channel's kind, delivered or failed.
func TestChannelAttemptsAreCounted(t *testing.T) {
	f := newDeliverFixture(t)
	m := metrics.New()
	f.deliver.Metrics = m
	rcv := newReceiver(t)
	ch, _ := f.channel(t, domain.ChannelDiscord, rcv.URL+"/api/webhooks/1/path")
	f.queue(t, ch, "counted")
	rcv.answer(http.StatusInternalServerError)
	f.run(t)
	f.clock.advance(time.Minute)
	rcv.answer(http.StatusOK)
	f.run(t)
	for result, want := range map[string]float64{"failed": 1, "delivered": 1} {
		got, _ := metrics.Value(m.Registry, "reeltrack_channel_attempts_total", map[string]string{"kind": "discord", "result": result})
		if got != want {
			t.Errorf("discord %s: %v, want %v", result, got, want)
		}
	}
}
