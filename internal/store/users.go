package store

import (
	"net"
	"strings"
)

// The ClickHouse users (docs/clickhouse.md, "Users"); the local passwords
// serve a developer machine only, where `make services` installs them.
const (
	ServiceUser          = "reeltrack"
	LocalServicePassword = "reeltrack-local" // the default for a ClickHouse on loopback
	AdminUser            = "default"
	LocalAdminPassword   = "default-local"
)

// IsLoopback reports whether addrs (CLICKHOUSE_ADDR) are all on this machine.
func IsLoopback(addrs string) bool {
	list := splitAddrs(addrs)
	if len(list) == 0 {
		return false
	}
	for _, a := range list {
		a = strings.TrimPrefix(strings.TrimPrefix(a, "http://"), "https://")
		a, _, _ = strings.Cut(a, "/")
		host := a
		if h, _, err := net.SplitHostPort(a); err == nil {
			host = h
		}
		host = strings.Trim(host, "[]")
		if strings.EqualFold(host, "localhost") {
			continue
		}
		if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
			return false
		}
	}
	return true
}

// ServiceCredentials returns the service's login; local: a made-up password.
func ServiceCredentials(addrs string, getenv func(string) string) (user, password string, local bool) {
	user = strings.TrimSpace(getenv("CLICKHOUSE_USER"))
	if user == "" {
		user = ServiceUser
	}
	password = getenv("CLICKHOUSE_PASSWORD")
	if password == "" && user == ServiceUser && IsLoopback(addrs) {
		return user, LocalServicePassword, true
	}
	return user, password, false
}

// AdminCredentials returns the administrator's login, for tools and tests.
func AdminCredentials(addrs string, lookup func(string) (string, bool)) (user, password string) {
	user, _ = lookup("CLICKHOUSE_ADMIN_USER")
	if user = strings.TrimSpace(user); user == "" {
		user = AdminUser
	}
	password, set := lookup("CLICKHOUSE_ADMIN_PASSWORD")
	if !set && user == AdminUser && IsLoopback(addrs) {
		password = LocalAdminPassword
	}
	return user, password
}
