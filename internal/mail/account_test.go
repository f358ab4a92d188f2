package mail_test

import (
	"strings"
	"testing"
	"time"

	"github.com/reeltrack/reeltrack/internal/mail"
)

// Every account e-mail has a text and an HTML part, each with the link and
// how long it works; the inviting workspace's name is escaped in the HTML.
func TestAccountMessages(t *testing.T) {
	for _, c := range []struct {
		link      mail.AccountLink
		inSubject string
		valid     string
	}{
		{mail.AccountLink{Kind: mail.VerifyEmail, URL: "https://rt.example/verify-email?token=abc", ValidFor: 24 * time.Hour}, "Confirm", "24 hours"},
		{mail.AccountLink{Kind: mail.ResetPassword, URL: "https://rt.example/reset-password?token=abc", ValidFor: time.Hour}, "Reset", "1 hour"},
		{mail.AccountLink{Kind: mail.Invite, URL: "https://rt.example/invite?token=abc", ValidFor: 7 * 24 * time.Hour,
			Workspace: `Acme <b>"x"</b>`, Role: "admin", InvitedBy: "ann@example.com"}, "invited", "7 days"},
	} {
		m, err := mail.AccountMessage(c.link)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(m.Subject, c.inSubject) || m.Text == "" || m.HTML == "" {
			t.Fatalf("%s: subject %q, text %d bytes, html %d bytes", c.link.Kind, m.Subject, len(m.Text), len(m.HTML))
		}
		for _, body := range []string{m.Text, m.HTML} {
			if !strings.Contains(body, c.link.URL) || !strings.Contains(body, c.valid) {
				t.Errorf("%s: a part lacks the link or %q:\n%s", c.link.Kind, c.valid, body)
			}
		}
		if c.link.Kind == mail.Invite && (strings.Contains(m.HTML, "<b>") || !strings.Contains(m.Text, `Acme <b>"x"</b>`)) {
			t.Errorf("the workspace's name is not escaped in HTML only:\n%s", m.HTML)
		}
	}
	if _, err := mail.AccountMessage(mail.AccountLink{Kind: "other"}); err == nil {
		t.Fatal("an unknown kind rendered")
	}
}
