package mail_test

import (
	"strings"
	"testing"

	"github.com/reeltrack/reeltrack/internal/mail"
)

// The e-mail spells out a spike's growth and, for velocity_vs_baseline,
// how it compares with the account's other videos; neither appears when
// the spike has none.
func TestAlertEmailShowsGrowthAndBaseline(t *testing.T) {
	growth, baseline := 442.25, 2100.0
	videos := []mail.AlertVideo{
		{StartValue: 226165, EndValue: 1226167, Gain: 1000002, GrowthPct: &growth, URL: "https://example.com/a", Platform: "tiktok", Handle: "a"},
		{StartValue: 6000, EndValue: 15000, Gain: 9000, GrowthPct: &growth, Baseline: &baseline, URL: "https://example.com/b", Platform: "tiktok", Handle: "b"},
		{StartValue: 0, EndValue: 2500, Gain: 2500, URL: "https://example.com/c", Platform: "tiktok", Handle: "c"},
	}
	m, err := mail.AlertMessage(mail.Alert{Rule: "Take-off", Metric: "views", WindowHours: 6, DashboardURL: "https://app.example.com/", Videos: videos})
	if err != nil {
		t.Fatal(err)
	}
	subject, text, html := m.Subject, m.Text, m.HTML
	for _, want := range []string{
		"- tiktok @a: +1000002 views in 6h (226165 → 1226167, +442.2 %)\n",
		"- tiktok @b: +9000 views in 6h (6000 → 15000, +442.2 %), 4.3× the median of the account's other videos at that age (+2100)\n",
		"- tiktok @c: +2500 views in 6h (0 → 2500)\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if subject != "reeltrack alert: Take-off (3 videos)" || !strings.Contains(html, "+9000 views (&#43;442.2 %)<br><small>4.3× the median") || strings.Contains(text+html, "%!") {
		t.Errorf("subject %q, html:\n%s", subject, html)
	}
}
