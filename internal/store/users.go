package store

import (
	"net"
	"strings"
)

// The ClickHouse users of an installation (docs/clickhouse.md, "Users"):
// the service connects as a user of its own, allowed its databases only;
// `default` is the server's administrator, reachable from the server's own
// machine only, which makes the databases of tests and benchmarks. Both
// have a password; the local ones below serve a developer machine, where
// `make services` installs them (scripts/services.sh), and nothing else.
const (
	// ServiceUser is the user the service connects as unless
	// CLICKHOUSE_USER names another.
	ServiceUser = "reeltrack"
	// LocalServicePassword is ServiceUser's password on a developer
	// machine: CLICKHOUSE_PASSWORD's default when ClickHouse is on this
	// machine (IsLoopback).
	LocalServicePassword = "reeltrack-local"
	// AdminUser is ClickHouse's own administrator.
	AdminUser = "default"
	// LocalAdminPassword is AdminUser's password on a developer machine:
	// CLICKHOUSE_ADMIN_PASSWORD's default when ClickHouse is on this
	// machine.
	LocalAdminPassword = "default-local"
)

// IsLoopback reports whether every address of addrs (CLICKHOUSE_ADDR:
// host:port or http(s)://host:port, comma-separated) is on this machine:
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

// ServiceCredentials returns the user and password the service logs in
// with: CLICKHOUSE_USER and CLICKHOUSE_PASSWORD, read with getenv, for the
// servers of addrs. The user defaults to ServiceUser; when that user's
// password is not set and every server is on this machine, it is
// LocalServicePassword and local is true. Elsewhere no password is made
// up: a server on another machine needs it set.
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

// AdminCredentials returns how tools and tests that make databases of their
// own (internal/testenv, cmd/bench, cmd/faultdrill) log in as the
// administrator: CLICKHOUSE_ADMIN_USER (AdminUser) and
// CLICKHOUSE_ADMIN_PASSWORD, read with lookup (os.LookupEnv). When the
// password is not set at all, it is LocalAdminPassword for the
// administrator of a server on this machine; set and empty, it is empty
// (the local cluster's `default` has none, deploy/cluster/users.xml).
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
