package mail

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
)

type security int

const (
	startTLS    security = iota // smtp://: connect, then STARTTLS, which the server must offer
	implicitTLS                 // smtps://: TLS from the first byte
	plaintext                   // smtp://…?starttls=false: no TLS, loopback hosts only
)

// server is a parsed SMTP_URL. It holds the password: never log it.
type server struct {
	host     string
	port     int
	security security
	username string
	password string
}

func (s server) addr() string { return net.JoinHostPort(s.host, strconv.Itoa(s.port)) }

// ValidateURL reports why raw is not an SMTP URL that NewSender accepts.
// The error never repeats the URL, which may hold a password.
func ValidateURL(raw string) error {
	_, err := parseURL(raw)
	return err
}

func parseURL(raw string) (server, error) {
	var s server
	u, err := url.Parse(raw)
	if err != nil {
		// url.Parse's error quotes the URL, password included.
		return s, errors.New("not a valid URL (percent-encode reserved characters such as @ / : in the user and password)")
	}
	switch u.Scheme {
	case "smtp":
		s.security, s.port = startTLS, 587
	case "smtps":
		s.security, s.port = implicitTLS, 465
	default:
		return s, errors.New("scheme must be smtp:// (STARTTLS) or smtps:// (implicit TLS)")
	}
	s.host = u.Hostname()
	if s.host == "" {
		return s, errors.New("no host")
	}
	if p := u.Port(); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n < 1 || n > 65535 {
			return s, errors.New("port must be between 1 and 65535")
		}
		s.port = n
	}
	if (u.Path != "" && u.Path != "/") || u.Fragment != "" {
		return s, errors.New("must have no path or fragment")
	}
	if u.User != nil {
		s.username = u.User.Username()
		s.password, _ = u.User.Password()
		if s.username == "" {
			return s, errors.New("a password needs a user name")
		}
	}
	q, err := url.ParseQuery(u.RawQuery)
	if err != nil {
		return s, errors.New("query is not valid")
	}
	for key, values := range q {
		switch key {
		case "starttls":
			on, err := strconv.ParseBool(values[0])
			if err != nil || len(values) > 1 {
				return s, errors.New("starttls must be true or false")
			}
			if u.Scheme != "smtp" {
				return s, errors.New("starttls applies to smtp:// only")
			}
			if !on {
				if !isLoopback(s.host) {
					return s, errors.New("starttls=false is allowed only for a loopback host (localhost, 127.0.0.1, ::1): " +
						"mails and the password would cross the network in clear")
				}
				s.security = plaintext
			}
		default:
			return s, fmt.Errorf("unknown parameter %q (known: starttls)", key)
		}
	}
	return s, nil
}

func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
