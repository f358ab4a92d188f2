package mail_test

import (
	"strings"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/mail"
)

// The digest e-mail escapes every text it shows in its HTML part, links
// to the dashboard's pages, says how many items it leaves out, and tells
// how to turn it off.
func TestDigestEmail(t *testing.T) {
	prev, pct := int64(100), 50.0
	zero := int64(0)
	video := uuid.New()
	d := domain.Digest{
		Start: time.Date(2026, 11, 16, 0, 0, 0, 0, time.UTC), End: time.Date(2026, 11, 23, 0, 0, 0, 0, time.UTC),
		Counts: []domain.DigestCount{
			{Metric: domain.Views, Period: 1234567, Previous: &prev, ChangePct: &pct},
			{Metric: domain.Followers, Period: -3, Previous: &zero},
		},
		Movers:       []domain.DigestVideo{{VideoCard: domain.VideoCard{ID: video, Platform: "tiktok", AccountHandle: "<script>x</script>", Caption: `"quoted" & <b>bold</b>`}, ViewsGained: 1000}},
		Spikes:       []domain.DigestSpike{{RuleName: "<i>rule</i>", Metric: "views", VideoID: video, Platform: "tiktok", Gain: 500, TriggeredAt: time.Date(2026, 11, 18, 9, 5, 0, 0, time.UTC)}},
		SpikeCount:   7,
		Failures:     []domain.DigestFailure{{Kind: "account", ID: video, Platform: "instagram", Name: "gone", Reason: "<account> not found"}},
		FailureCount: 1,
	}
	m, err := mail.DigestMessage(mail.Digest{Workspace: "Acme & <Co>", Frequency: domain.DigestWeekly, DashboardURL: "https://app.example.com/", Digest: d})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"Weekly digest of Acme & <Co>: Mon 16 Nov to Sun 22 Nov 2026 (UTC)",
		"- Views: +1,234,567 (+50.0 %)\n",
		"- Followers: -3 (0 in the period before)\n",
		"- tiktok @<script>x</script>: +1,000 views\n  https://app.example.com/videos/" + video.String(),
		"Spikes: 7\n",
		"- and 6 more: https://app.example.com/alerts\n",
		"New posts found on tracked accounts: 0\n",
		"- instagram account @gone: <account> not found\n  https://app.example.com/accounts/" + video.String(),
		"Dashboard: https://app.example.com/?from=2026-11-16&to=2026-11-22\n",
		"https://app.example.com/settings",
	} {
		if !strings.Contains(m.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, m.Text)
		}
	}
	for _, raw := range []string{"<script>", "<b>bold", "<i>rule", "<Co>", "<account>"} {
		if strings.Contains(m.HTML, raw) {
			t.Errorf("the HTML part holds %q unescaped:\n%s", raw, m.HTML)
		}
	}
	for _, want := range []string{"&lt;script&gt;", "Acme &amp; &lt;Co&gt;", `href="https://app.example.com/settings"`, `href="https://app.example.com/?from=2026-11-16&amp;to=2026-11-22"`, "and 6 more"} {
		if !strings.Contains(m.HTML, want) {
			t.Errorf("the HTML part lacks %q:\n%s", want, m.HTML)
		}
	}
	if m.Subject != "reeltrack weekly digest: Acme & <Co>, Mon 16 Nov to Sun 22 Nov 2026, +1,234,567 views" {
		t.Errorf("subject %q", m.Subject)
	}
}

func TestSigned(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 7: "+7", 999: "+999", 1000: "+1,000", -1234567: "-1,234,567", 100000: "+100,000"} {
		if got := mail.Signed(n); got != want {
			t.Errorf("Signed(%d) = %q, want %q", n, got, want)
		}
	}
}
