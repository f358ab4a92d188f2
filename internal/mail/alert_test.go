package mail_test

import (
	"strings"
	"testing"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
)

// The e-mail spells out a spike's growth and, for velocity_vs_baseline,
// how it compares with the account's other videos; neither appears when
// the spike has none. Its numbers have thousands separators, as on the
// dashboard.
func TestAlertEmailShowsGrowthAndBaseline(t *testing.T) {
	growth, baseline, half := 442.25, 2100.0, 3750.5
	videos := []mail.AlertVideo{
		{URL: "https://example.com/a", Platform: "tiktok", Handle: "a", SpikeMeasure: domain.SpikeMeasure{StartValue: 226165, EndValue: 1226167, Gain: 1000002, GrowthPct: &growth}},
		{URL: "https://example.com/b", Platform: "tiktok", Handle: "b", SpikeMeasure: domain.SpikeMeasure{StartValue: 6000, EndValue: 15000, Gain: 9000, GrowthPct: &growth, Baseline: &baseline}},
		{URL: "https://example.com/c", Platform: "tiktok", Handle: "c", SpikeMeasure: domain.SpikeMeasure{StartValue: 0, EndValue: 2500, Gain: 2500}},
		{URL: "https://example.com/d", Platform: "tiktok", Handle: "d", SpikeMeasure: domain.SpikeMeasure{StartValue: 0, EndValue: 9000, Gain: 9000, Baseline: &half}},
	}
	m, err := mail.AlertMessage(mail.Alert{Rule: "Take-off", Metric: "views", WindowHours: 6, DashboardURL: "https://app.example.com/", Videos: videos})
	if err != nil {
		t.Fatal(err)
	}
	subject, text, html := m.Subject, m.Text, m.HTML
	for _, want := range []string{
		"- tiktok @a: +1,000,002 views in 6h (226,165 → 1,226,167, +442.2 %)\n",
		"- tiktok @b: +9,000 views in 6h (6,000 → 15,000, +442.2 %), 4.3× the median of the account's other videos at that age (+2,100)\n",
		"- tiktok @c: +2,500 views in 6h (0 → 2,500)\n",
		"- tiktok @d: +9,000 views in 6h (0 → 9,000), 2.4× the median of the account's other videos at that age (+3,750.5)\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	if subject != "reeltrack alert: Take-off (4 videos)" || !strings.Contains(html, "+9,000 views (&#43;442.2 %)<br><small>4.3× the median") ||
		!strings.Contains(html, `<td align="right">226,165</td><td align="right">1,226,167</td>`) || strings.Contains(text+html, "%!") {
		t.Errorf("subject %q, html:\n%s", subject, html)
	}
}

// The budget e-mail writes its amounts as the dashboard does, grouped by
// thousands.
func TestBudgetEmailGroupsAmounts(t *testing.T) {
	m, err := mail.BudgetMessage(mail.Budget{Campaign: "Spring", Percent: 80, Committed: "USD 4012.50", Budget: "USD 5000.00", DashboardURL: "https://app.example.com/campaigns/1"})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "committed USD 4,012.50 of its budget of USD 5,000.00") || !strings.Contains(m.HTML, "USD 4,012.50") {
		t.Errorf("the budget e-mail says:\n%s", m.Text)
	}
	m, err = mail.BudgetMessage(mail.Budget{Campaign: "Yen", Percent: 100, Committed: "JPY 1500000", Budget: "JPY 1500000"})
	if err != nil || !strings.Contains(m.Text, "JPY 1,500,000") {
		t.Errorf("a currency without decimals: %v\n%s", err, m.Text)
	}
}
