package mail

import (
	"strings"
	"testing"
)

// TestChannelDisabledMessage names the channel, the reason and the last
// error, escapes them in HTML, and links to the Channels page.
func TestChannelDisabledMessage(t *testing.T) {
	m, err := ChannelDisabledMessage(ChannelDisabled{Channel: "<Growth>", Kind: "slack", Reason: "the destination answered 410 Gone.",
		LastError: "HTTP 410: no_service", Cancelled: 3, DashboardURL: "https://reeltrack.example/channels"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Subject, `"<Growth>"`) || !strings.Contains(m.Text, "HTTP 410: no_service") || !strings.Contains(m.Text, "3 waiting deliveries were cancelled") ||
		!strings.Contains(m.Text, "https://reeltrack.example/channels") {
		t.Fatalf("message %+v", m)
	}
	if strings.Contains(m.HTML, "<Growth>") || !strings.Contains(m.HTML, "&lt;Growth&gt;") {
		t.Fatalf("HTML does not escape the name: %s", m.HTML)
	}
}
