package store

import (
	"net"
	"strings"
)

// The ClickHouse users (docs/clickhouse.md, "Users"): the service's own,
// allowed its databases only, and `default`, the administrator, reachable
// from the server's machine only. The local passwords serve a developer
// machine, where `make services` installs them, and nothing else.
const (
	// ServiceUser is the user the service connects as by default.
	ServiceUser = "reeltrack"
	// LocalServicePassword is ServiceUser's password on a developer machine,
	// the default for a ClickHouse on loopback.
	LocalServicePassword = "reeltrack-local"
	// AdminUser is ClickHouse's own administrator.
	AdminUser = "default"
	// LocalAdminPassword is AdminUser's password on a developer machine.
	LocalAdminPassword = "default-local"
)

// IsLoopback reports whether every address of addrs (CLICKHOUSE_ADDR) is
// localhost or a loopback IP. An empty list is not.
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

// ServiceCredentials returns the user and password the service logs in with.
// Only when every server is on this machine is a missing password made up
// (LocalServicePassword, local true).
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

// AdminCredentials returns how tools and tests log in as the administrator.
// An unset password is LocalAdminPassword on this machine; set and empty,
// it is empty (the local cluster's `default` has none).
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
