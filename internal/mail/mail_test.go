package mail

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"log"
	"log/slog"
	"math/big"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	netmail "net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

const (
	testUser     = "alerts"
	testPassword = "s3cret-pa$$word"
	testFrom     = "Reeltrack Alerts <alerts@example.com>"
)

// received is one mail as the test server got it.
type received struct {
	from string
	to   []string
	data []byte
	tls  bool
}

// testServer is a real SMTP server on loopback that keeps what arrives.
type testServer struct {
	addr string
	// roots trust the server's self-signed certificate.
	roots *x509.CertPool

	mu    sync.Mutex
	mails []received
	auths int // AUTH attempts
}

type serverMode int

const (
	withSTARTTLS serverMode = iota // plain listener offering STARTTLS; AUTH only after it
	withImplicitTLS
	withoutTLS // no STARTTLS, AUTH allowed in clear
)

func startServer(t *testing.T, mode serverMode) *testServer {
	t.Helper()
	ts := &testServer{}
	cert, roots := selfSigned(t)
	ts.roots = roots
	tlsConfig := &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}

	s := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &session{ts: ts, conn: c}, nil
	}))
	s.Domain = "localhost"
	s.ReadTimeout = 5 * time.Second
	s.WriteTimeout = 5 * time.Second
	s.ErrorLog = log.New(io.Discard, "", 0)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	switch mode {
	case withSTARTTLS:
		s.TLSConfig = tlsConfig
	case withImplicitTLS:
		l = tls.NewListener(l, tlsConfig)
	case withoutTLS:
		s.AllowInsecureAuth = true
	}
	ts.addr = l.Addr().String()
	go func() { _ = s.Serve(l) }()
	t.Cleanup(func() { _ = s.Close() })
	return ts
}

func (ts *testServer) authAttempts() int {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.auths
}

func (ts *testServer) received() []received {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return append([]received(nil), ts.mails...)
}

type session struct {
	ts     *testServer
	conn   *smtp.Conn
	authed bool
	cur    received
}

func (s *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		s.ts.mu.Lock()
		s.ts.auths++
		s.ts.mu.Unlock()
		if user != testUser || pass != testPassword {
			return smtp.ErrAuthFailed
		}
		s.authed = true
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	_, isTLS := s.conn.TLSConnectionState()
	s.cur = received{from: from, tls: isTLS}
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if strings.HasPrefix(to, "unknown@") {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	s.cur.to = append(s.cur.to, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.cur.data = b
	s.ts.mu.Lock()
	s.ts.mails = append(s.ts.mails, s.cur)
	s.ts.mu.Unlock()
	return nil
}

func (s *session) Reset()        { s.cur = received{} }
func (s *session) Logout() error { return nil }

// selfSigned makes a certificate for 127.0.0.1 and localhost and a pool
// that trusts it.
func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "reeltrack test smtp"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.IPv4(127, 0, 0, 1), net.IPv6loopback},
		DNSNames:              []string{"localhost"},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		IsCA:                  true,
		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pool
}

func newSender(t *testing.T, o Options) Sender {
	t.Helper()
	if o.From == "" {
		o.From = testFrom
	}
	s, err := NewSender(o, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func authURL(scheme, addr string) string {
	return scheme + "://" + testUser + ":" + strings.ReplaceAll(testPassword, "$", "%24") + "@" + addr
}

// parsed is a received mail read back: headers and decoded parts.
type parsed struct {
	header netmail.Header
	parts  map[string]string // media type → decoded body
	cte    map[string]string // media type → Content-Transfer-Encoding
}

func parse(t *testing.T, data []byte) parsed {
	t.Helper()
	m, err := netmail.ReadMessage(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("read message: %v\n%s", err, data)
	}
	p := parsed{header: m.Header, parts: map[string]string{}, cte: map[string]string{}}
	mediaType, params, err := mime.ParseMediaType(m.Header.Get("Content-Type"))
	if err != nil {
		t.Fatalf("content type: %v", err)
	}
	if !strings.HasPrefix(mediaType, "multipart/") {
		p.add(t, mediaType, m.Header.Get("Content-Transfer-Encoding"), m.Body)
		return p
	}
	if mediaType != "multipart/alternative" {
		t.Fatalf("content type %s", mediaType)
	}
	mr := multipart.NewReader(m.Body, params["boundary"])
	for {
		part, err := mr.NextRawPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		pt, pp, err := mime.ParseMediaType(part.Header.Get("Content-Type"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.EqualFold(pp["charset"], "utf-8") {
			t.Errorf("%s part charset %q", pt, pp["charset"])
		}
		p.add(t, pt, part.Header.Get("Content-Transfer-Encoding"), part)
	}
	return p
}

func (p parsed) add(t *testing.T, mediaType, cte string, r io.Reader) {
	t.Helper()
	switch strings.ToLower(cte) {
	case "quoted-printable":
		r = quotedprintable.NewReader(r)
	case "base64":
		r = base64.NewDecoder(base64.StdEncoding, r)
	case "", "7bit", "8bit":
	default:
		t.Fatalf("transfer encoding %q", cte)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	p.parts[mediaType] = strings.ReplaceAll(string(b), "\r\n", "\n")
	p.cte[mediaType] = cte
}

func (p parsed) subject(t *testing.T) string {
	t.Helper()
	s, err := new(mime.WordDecoder).DecodeHeader(p.header.Get("Subject"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestSendOverSTARTTLSWithAuth(t *testing.T) {
	ts := startServer(t, withSTARTTLS)
	s := newSender(t, Options{URL: authURL("smtp", ts.addr), RootCAs: ts.roots})
	text := "Views of @acme jumped 1 234 % — 🚀\n.\nA line long enough to need a soft break in quoted-printable: " +
		strings.Repeat("ü", 80) + "\nbye"
	html := `<p>Views of <b>@acme</b> jumped 1 234 % — 🚀</p><p><a href="https://example.com/v?id=1&amp;x=2">open</a></p>`
	msg := Message{
		ID:      "alert-0192.abc",
		To:      []string{"Zoë Müller <zoe@example.com>", "sam@example.org"},
		Subject: "Viral spike: 🚀 über 9000 views",
		Text:    text,
		HTML:    html,
	}
	start := time.Now()
	if err := s.Send(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	got := ts.received()
	if len(got) != 1 {
		t.Fatalf("%d mails arrived", len(got))
	}
	r := got[0]
	if !r.tls {
		t.Error("mail travelled without TLS")
	}
	if r.from != "alerts@example.com" || strings.Join(r.to, ",") != "zoe@example.com,sam@example.org" {
		t.Errorf("envelope from %q to %q", r.from, r.to)
	}
	p := parse(t, r.data)
	if got := p.subject(t); got != msg.Subject {
		t.Errorf("subject %q", got)
	}
	if raw := p.header.Get("Subject"); !strings.Contains(raw, "=?UTF-8?") {
		t.Errorf("non-ASCII subject not RFC 2047 encoded: %q", raw)
	}
	from, err := p.header.AddressList("From")
	if err != nil || len(from) != 1 || from[0].Name != "Reeltrack Alerts" || from[0].Address != "alerts@example.com" {
		t.Errorf("From %q: %v %v", p.header.Get("From"), from, err)
	}
	to, err := p.header.AddressList("To")
	if err != nil || len(to) != 2 || to[0].Name != "Zoë Müller" || to[0].Address != "zoe@example.com" || to[1].Address != "sam@example.org" {
		t.Errorf("To %q: %v %v", p.header.Get("To"), to, err)
	}
	if id := p.header.Get("Message-Id"); id != "<alert-0192.abc@example.com>" {
		t.Errorf("Message-ID %q", id)
	}
	date, err := p.header.Date()
	if err != nil || date.Before(start.Add(-2*time.Second)) || date.After(time.Now().Add(2*time.Second)) {
		t.Errorf("Date %q: %v", p.header.Get("Date"), err)
	}
	if p.header.Get("Mime-Version") != "1.0" || p.header.Get("Auto-Submitted") != "auto-generated" {
		t.Errorf("headers %v", p.header)
	}
	if p.parts["text/plain"] != text {
		t.Errorf("text part\n%q\nwant\n%q", p.parts["text/plain"], text)
	}
	if p.parts["text/html"] != html {
		t.Errorf("html part\n%q\nwant\n%q", p.parts["text/html"], html)
	}
	for typ, cte := range p.cte {
		if cte != "quoted-printable" && cte != "base64" {
			t.Errorf("%s part sent as %q", typ, cte)
		}
	}
	for _, line := range strings.Split(string(r.data), "\r\n") {
		if len(line) > 998 {
			t.Errorf("line of %d bytes", len(line))
		}
	}

	// A resend of the same outbox row keeps its Message-ID.
	if err := s.Send(context.Background(), msg); err != nil {
		t.Fatal(err)
	}
	got = ts.received()
	if id := parse(t, got[1].data).header.Get("Message-Id"); id != "<alert-0192.abc@example.com>" {
		t.Errorf("resent Message-ID %q", id)
	}
}

func TestSendTextOnlyOverImplicitTLS(t *testing.T) {
	ts := startServer(t, withImplicitTLS)
	s := newSender(t, Options{URL: authURL("smtps", ts.addr), RootCAs: ts.roots})
	if err := s.Send(context.Background(), Message{To: []string{"sam@example.org"}, Subject: "Weekly digest", Text: "plain only"}); err != nil {
		t.Fatal(err)
	}
	got := ts.received()
	if len(got) != 1 || !got[0].tls {
		t.Fatalf("arrived %+v", got)
	}
	p := parse(t, got[0].data)
	// The line break ends the DATA section; it is not part of the text.
	if len(p.parts) != 1 || strings.TrimSuffix(p.parts["text/plain"], "\n") != "plain only" {
		t.Errorf("parts %q", p.parts)
	}
	if id := p.header.Get("Message-Id"); !strings.HasPrefix(id, "<") || !strings.HasSuffix(id, "@example.com>") || len(id) < 20 {
		t.Errorf("random Message-ID %q", id)
	}
}

func TestPlaintextOnLoopbackWhenAsked(t *testing.T) {
	ts := startServer(t, withoutTLS)
	s := newSender(t, Options{URL: authURL("smtp", ts.addr) + "?starttls=false"})
	if err := s.Send(context.Background(), Message{To: []string{"sam@example.org"}, Subject: "dev", Text: "hello"}); err != nil {
		t.Fatal(err)
	}
	if got := ts.received(); len(got) != 1 || got[0].tls {
		t.Fatalf("arrived %+v", got)
	}
}

func TestFailures(t *testing.T) {
	msg := Message{To: []string{"sam@example.org"}, Subject: "spike", Text: "hello"}

	t.Run("wrong password", func(t *testing.T) {
		ts := startServer(t, withSTARTTLS)
		s := newSender(t, Options{URL: "smtp://" + testUser + ":wrong-password@" + ts.addr, RootCAs: ts.roots})
		err := s.Send(context.Background(), msg)
		if err == nil {
			t.Fatal("sent with a wrong password")
		}
		if strings.Contains(err.Error(), "wrong-password") {
			t.Errorf("error shows the password: %v", err)
		}
		if Permanent(err) {
			t.Errorf("an authentication failure is not permanent: %v", err)
		}
		if len(ts.received()) != 0 || ts.authAttempts() != 1 {
			t.Errorf("arrived %d, auth attempts %d", len(ts.received()), ts.authAttempts())
		}
	})

	t.Run("server without STARTTLS", func(t *testing.T) {
		ts := startServer(t, withoutTLS)
		s := newSender(t, Options{URL: authURL("smtp", ts.addr)})
		if err := s.Send(context.Background(), msg); err == nil || !strings.Contains(err.Error(), "STARTTLS") {
			t.Fatalf("err %v", err)
		}
		if len(ts.received()) != 0 || ts.authAttempts() != 0 {
			t.Errorf("password or mail went out in clear: %d mails, %d auths", len(ts.received()), ts.authAttempts())
		}
	})

	t.Run("untrusted certificate", func(t *testing.T) {
		ts := startServer(t, withSTARTTLS)
		s := newSender(t, Options{URL: authURL("smtp", ts.addr)}) // system roots
		if err := s.Send(context.Background(), msg); err == nil {
			t.Fatal("sent to a server with an untrusted certificate")
		}
		if len(ts.received()) != 0 || ts.authAttempts() != 0 {
			t.Errorf("%d mails, %d auths", len(ts.received()), ts.authAttempts())
		}
	})

	t.Run("recipient refused", func(t *testing.T) {
		ts := startServer(t, withSTARTTLS)
		s := newSender(t, Options{URL: authURL("smtp", ts.addr), RootCAs: ts.roots})
		err := s.Send(context.Background(), Message{To: []string{"unknown@example.org"}, Subject: "x", Text: "x"})
		if err == nil || !Permanent(err) {
			t.Fatalf("err %v, permanent %v", err, Permanent(err))
		}
	})

	t.Run("server down", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		addr := l.Addr().String()
		_ = l.Close()
		s := newSender(t, Options{URL: authURL("smtp", addr), DialTimeout: time.Second, SendTimeout: 2 * time.Second})
		start := time.Now()
		err = s.Send(context.Background(), msg)
		if err == nil || Permanent(err) {
			t.Fatalf("err %v", err)
		}
		if d := time.Since(start); d > time.Second {
			t.Errorf("took %v", d)
		}
	})

	// A server that accepts and never greets: each bound ends the send.
	silent := func(t *testing.T) string {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = l.Close() })
		go func() {
			for {
				c, err := l.Accept()
				if err != nil {
					return
				}
				t.Cleanup(func() { _ = c.Close() })
			}
		}()
		return l.Addr().String()
	}
	for _, tc := range []struct {
		name     string
		o        Options
		ctx      time.Duration // caller's deadline; 0: none
		deadline bool          // the error wraps context.DeadlineExceeded
	}{
		{"send timeout", Options{DialTimeout: 10 * time.Second, SendTimeout: 200 * time.Millisecond}, 0, true},
		{"command timeout", Options{DialTimeout: 200 * time.Millisecond, SendTimeout: 10 * time.Second}, 0, false},
		{"caller's context", Options{DialTimeout: 10 * time.Second, SendTimeout: 10 * time.Second}, 200 * time.Millisecond, true},
	} {
		t.Run("silent server, "+tc.name, func(t *testing.T) {
			tc.o.URL = authURL("smtp", silent(t))
			s := newSender(t, tc.o)
			ctx := context.Background()
			if tc.ctx > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.ctx)
				defer cancel()
			}
			start := time.Now()
			err := s.Send(ctx, msg)
			if err == nil {
				t.Fatal("no error")
			}
			if d := time.Since(start); d < 150*time.Millisecond || d > 10*time.Second { // not hung, even on a loaded machine
				t.Errorf("took %v", d)
			}
			if tc.deadline && !errors.Is(err, context.DeadlineExceeded) {
				t.Errorf("err %v does not wrap context.DeadlineExceeded", err)
			}
		})
	}
}

func TestHeaderInjection(t *testing.T) {
	ts := startServer(t, withSTARTTLS)
	s := newSender(t, Options{URL: authURL("smtp", ts.addr), RootCAs: ts.roots})

	for _, tc := range []struct{ subject, want string }{
		{"Hi\r\nBcc: evil@x", "Hi Bcc: evil@x"},
		{"Hi\nX-Injected: 1\n\nbody", "Hi X-Injected: 1 body"},
		{"Hi\rX-Injected: 1", "Hi X-Injected: 1"},
		{"Hi\u2028X-Injected: 1\u0085x", "Hi X-Injected: 1 x"},
		{"Tab\tand\x00nul\x1b", "Tab and nul"},
	} {
		before := len(ts.received())
		if err := s.Send(context.Background(), Message{To: []string{"sam@example.org"}, Subject: tc.subject, Text: "x"}); err != nil {
			t.Fatalf("subject %q: %v", tc.subject, err)
		}
		got := ts.received()
		if len(got) != before+1 {
			t.Fatalf("subject %q: %d mails arrived", tc.subject, len(got)-before)
		}
		r := got[len(got)-1]
		p := parse(t, r.data)
		if n := len(p.header["Subject"]); n != 1 {
			t.Errorf("subject %q: %d Subject headers", tc.subject, n)
		}
		if got := p.subject(t); got != tc.want {
			t.Errorf("subject %q arrived as %q, want %q", tc.subject, got, tc.want)
		}
		for _, h := range []string{"Bcc", "X-Injected"} {
			if _, ok := p.header[h]; ok {
				t.Errorf("subject %q added header %s", tc.subject, h)
			}
		}
		if len(r.to) != 1 || r.to[0] != "sam@example.org" {
			t.Errorf("subject %q: envelope recipients %q", tc.subject, r.to)
		}
	}

	before := len(ts.received())
	for _, m := range []Message{
		{To: []string{"Eve\r\nBcc: evil@x <eve@example.com>"}},
		{To: []string{"eve@example.com\r\nBcc: evil@x"}},
		{To: []string{"eve@example.com\nBcc: evil@x"}},
		{To: []string{"=?UTF-8?Q?Eve=0D=0ABcc:_evil@x?= <eve@example.com>"}},
		{To: []string{`"Eve\` + "\r\n" + `Bcc: evil@x" <eve@example.com>`}},
		{To: []string{"eve@example.com, evil@x"}},
		{To: []string{"not an address"}},
		{To: []string{"sam@example.org"}, ID: "x>\r\nBcc: evil@x"},
		{To: []string{"sam@example.org"}, ID: "a@b"},
	} {
		if m.Subject == "" {
			m.Subject, m.Text = "hi", "x"
		}
		err := s.Send(context.Background(), m)
		if !errors.Is(err, ErrInvalid) || !Permanent(err) {
			t.Errorf("message %+v: err %v", m, err)
		}
	}
	if got := ts.received(); len(got) != before {
		t.Errorf("%d refused messages arrived", len(got)-before)
	}

	for _, from := range []string{"Alerts\r\nBcc: evil@x <alerts@example.com>", "alerts@example.com\nBcc: evil@x", "nobody"} {
		if _, err := NewSender(Options{From: from}, slog.New(slog.NewTextHandler(io.Discard, nil))); err == nil {
			t.Errorf("MAIL_FROM %q accepted", from)
		}
	}
}

func TestMessageValidation(t *testing.T) {
	s := newSender(t, Options{})
	long := strings.Repeat("a", MaxBody)
	many := make([]string, MaxRecipients+1)
	for i := range many {
		many[i] = "sam@example.org"
	}
	for name, m := range map[string]Message{
		"no recipient":    {Subject: "s", Text: "t"},
		"too many":        {To: many, Subject: "s", Text: "t"},
		"no subject":      {To: []string{"a@b.c"}, Subject: " \r\n ", Text: "t"},
		"long subject":    {To: []string{"a@b.c"}, Subject: strings.Repeat("é", MaxSubject+1), Text: "t"},
		"no text":         {To: []string{"a@b.c"}, Subject: "s", HTML: "<p>only html</p>"},
		"too large":       {To: []string{"a@b.c"}, Subject: "s", Text: "t", HTML: long},
		"text not UTF-8":  {To: []string{"a@b.c"}, Subject: "s", Text: "\xff"},
		"id with a space": {To: []string{"a@b.c"}, Subject: "s", Text: "t", ID: "a b"},
	} {
		if err := s.Send(context.Background(), m); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: err %v", name, err)
		}
	}
}

func TestLogSenderWhenUnconfigured(t *testing.T) {
	var buf bytes.Buffer
	s, err := NewSender(Options{From: testFrom}, slog.New(slog.NewJSONHandler(&buf, nil)))
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), Message{
		ID: "outbox-7", To: []string{"sam@example.org"}, Subject: "Spike\r\non @acme",
		Text: "Views jumped.\nOpen the dashboard.", HTML: "<p>Views jumped.</p>",
	})
	if err != nil {
		t.Fatal(err)
	}
	var line struct {
		Level, Msg, From, Subject, MessageID, Text string
		To                                         []string
	}
	if err := json.Unmarshal(buf.Bytes(), &line); err != nil {
		t.Fatalf("%v: %s", err, buf.String())
	}
	if line.Level != "INFO" || line.From != `"Reeltrack Alerts" <alerts@example.com>` || len(line.To) != 1 || line.To[0] != "sam@example.org" ||
		line.Subject != "Spike on @acme" || line.MessageID != "outbox-7@example.com" || line.Text != "Views jumped.\nOpen the dashboard." {
		t.Errorf("logged %s", buf.String())
	}
	if !strings.Contains(line.Msg, "SMTP_URL") {
		t.Errorf("log message %q does not say why the mail was not sent", line.Msg)
	}

	if err := s.Send(context.Background(), Message{To: []string{"bad\r\n"}, Subject: "s", Text: "t"}); !errors.Is(err, ErrInvalid) {
		t.Errorf("log sender accepted an invalid message: %v", err)
	}
}

func TestParseURL(t *testing.T) {
	for _, tc := range []struct {
		raw  string
		want server
	}{
		{"smtp://mail.example.com", server{host: "mail.example.com", port: 587, security: startTLS}},
		{"smtp://u:p%40ss%2Fw@mail.example.com:2525/", server{host: "mail.example.com", port: 2525, security: startTLS, username: "u", password: "p@ss/w"}},
		{"smtp://mail.example.com?starttls=true", server{host: "mail.example.com", port: 587, security: startTLS}},
		{"smtps://u%40example.com:p@smtp.example.com", server{host: "smtp.example.com", port: 465, security: implicitTLS, username: "u@example.com", password: "p"}},
		{"smtp://localhost:1025?starttls=false", server{host: "localhost", port: 1025, security: plaintext}},
		{"smtp://127.0.0.2:25?starttls=0", server{host: "127.0.0.2", port: 25, security: plaintext}},
		{"smtp://[::1]:1025?starttls=false", server{host: "::1", port: 1025, security: plaintext}},
	} {
		got, err := parseURL(tc.raw)
		if err != nil || got != tc.want {
			t.Errorf("%s: %+v, %v", tc.raw, got, err)
		}
	}
	for _, raw := range []string{
		"",
		"mail.example.com:587",
		"http://mail.example.com",
		"smtp://",
		"smtp://:secret-pw@mail.example.com",
		"smtp://u:secret-pw@mail.example.com:0",
		"smtp://u:secret-pw@mail.example.com:99999",
		"smtp://u:secret-pw@mail.example.com:port",
		"smtp://u:secret-pw@mail.example.com/path",
		"smtp://u:secret-pw@mail.example.com?starttls=false",
		"smtp://u:secret-pw@10.0.0.1?starttls=false",
		"smtps://u:secret-pw@localhost?starttls=false",
		"smtp://u:secret-pw@mail.example.com?starttls=maybe",
		"smtp://u:secret-pw@mail.example.com?tls_insecure_skip_verify=true",
		"smtp://u:secret-pw@mail.example.com?timeout=5s",
		"smtp://u:secret-pw%zz@mail.example.com",
		"smtp://u:secret-pw@mail example.com",
	} {
		err := ValidateURL(raw)
		if err == nil {
			t.Errorf("%q accepted", raw)
		} else if strings.Contains(err.Error(), "secret-pw") {
			t.Errorf("%q: error shows the password: %v", raw, err)
		}
	}
}

func FuzzPrepare(f *testing.F) {
	f.Add("Hi\r\nBcc: evil@x", "sam@example.org", "outbox-1")
	f.Add("=?UTF-8?Q?a=0D=0Ab?=", "=?UTF-8?Q?Eve=0D=0A?= <e@x.y>", "")
	from, err := ParseAddress(testFrom)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, subject, to, id string) {
		p, err := prepare(Message{ID: id, To: []string{to}, Subject: subject, Text: "x"}, from)
		if err != nil {
			return
		}
		for _, v := range []string{p.subject, p.messageID, p.to[0].Name, p.to[0].Address} {
			if hasControl(v) {
				t.Fatalf("control character passed: %q", v)
			}
		}
	})
}
