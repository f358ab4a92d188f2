package api_test

import (
	"context"
	"net/http"
	"regexp"
	"strings"
	"sync"

	"github.com/reeltrack/reeltrack/command/outbox"
	"github.com/reeltrack/reeltrack/internal/auth"
)

// mailbox keeps every e-mail the app sends, then hands it to the test's own
// sender, if any; without one it accepts them all, as a mail server would.
type mailbox struct {
	mu    sync.Mutex
	mails []outbox.OutgoingMail
	next  outbox.MailSender
}

func (b *mailbox) SendMail(ctx context.Context, m outbox.OutgoingMail) error {
	b.mu.Lock()
	b.mails = append(b.mails, m)
	b.mu.Unlock()
	if b.next != nil {
		return b.next.SendMail(ctx, m)
	}
	return nil
}

// to returns the e-mails sent to addr, oldest first.
func (b *mailbox) to(addr string) []outbox.OutgoingMail {
	b.mu.Lock()
	defer b.mu.Unlock()
	var out []outbox.OutgoingMail
	for _, m := range b.mails {
		if strings.EqualFold(m.To, addr) {
			out = append(out, m)
		}
	}
	return out
}

var linkToken = regexp.MustCompile(`(/[a-z-]+)\?token=([A-Za-z0-9_-]+)`)

// link waits for the e-mails sent after a request, then returns the token
// of the newest link to page (e.g. "/verify-email") e-mailed to addr; the
// test fails when there is none. Both parts of the e-mail carry it.
func (a *testApp) link(addr, page string) string {
	a.t.Helper()
	_ = a.starts.Wait(context.Background())
	mails := a.mail.to(addr)
	for i := len(mails) - 1; i >= 0; i-- {
		for _, m := range linkToken.FindAllStringSubmatch(mails[i].Text, -1) {
			if m[1] == page {
				if !strings.Contains(mails[i].HTML, m[2]) {
					a.t.Fatalf("the HTML part of %q lacks the link of its text part", mails[i].Subject)
				}
				return m[2]
			}
		}
	}
	a.t.Fatalf("no e-mail to %s links to %s (%d e-mails to it)", addr, page, len(mails))
	return ""
}

// verify follows the verification link e-mailed to addr.
func (a *testApp) verify(addr string) {
	a.t.Helper()
	a.request("POST", "/api/auth/verify-email", map[string]string{"token": a.link(addr, "/verify-email")}).expect(a.t, 200)
}

// member signs up addr, invited into the owner's workspace as role, verifies
// the address and accepts the invite: the way into a workspace. It returns
// the new member's session.
func (a *testApp) member(owner *http.Cookie, addr, role string) *http.Cookie {
	a.t.Helper()
	a.request("POST", "/api/workspace/team", map[string]string{"email": addr, "role": role}, owner).expect(a.t, 200)
	c := a.signUp(addr)
	a.verify(addr)
	a.request("POST", "/api/invites/accept", map[string]string{"token": a.link(addr, "/invite")}, c).expect(a.t, 200)
	return c
}

// logIn signs addr in with the password every test user has.
func (a *testApp) logIn(addr string) *http.Cookie {
	a.t.Helper()
	res := a.request("POST", "/api/auth/login", map[string]string{"email": addr, "password": "correct horse"}).expect(a.t, 200)
	c := res.cookie(auth.CookieName)
	if c == nil || c.Value == "" {
		a.t.Fatal("login set no session cookie")
	}
	return c
}
