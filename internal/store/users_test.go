package store

import "testing"

func TestIsLoopback(t *testing.T) {
	for addrs, want := range map[string]bool{
		"127.0.0.1:9000":                       true,
		"localhost:9000":                       true,
		"[::1]:9000":                           true,
		"127.0.0.1:19001, 127.0.0.1:19002":     true,
		"http://127.0.0.1:8123":                true,
		"https://localhost:8443":               true,
		"127.0.0.1":                            true,
		"clickhouse:9000":                      false,
		"10.0.0.5:9000":                        false,
		"127.0.0.1:19001,ch2.example.com:9000": false,
		"http://clickhouse:8123":               false,
		"":                                     false,
	} {
		if got := IsLoopback(addrs); got != want {
			t.Errorf("IsLoopback(%q) = %v, want %v", addrs, got, want)
		}
	}
}

func TestCredentials(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	lookup := func(m map[string]string) func(string) (string, bool) {
		return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
	}
	cases := []struct {
		name        string
		addrs       string
		env         map[string]string
		user, pass  string
		local       bool
		admin, apas string
	}{
		{"local defaults", "127.0.0.1:9000", nil, ServiceUser, LocalServicePassword, true, AdminUser, LocalAdminPassword},
		{"another machine: no password made up", "clickhouse:9000", nil, ServiceUser, "", false, AdminUser, ""},
		{"set passwords win", "127.0.0.1:9000",
			map[string]string{"CLICKHOUSE_PASSWORD": "s3cret", "CLICKHOUSE_ADMIN_PASSWORD": "adm1n"},
			ServiceUser, "s3cret", false, AdminUser, "adm1n"},
		{"another user keeps its empty password", "http://127.0.0.1:8124",
			map[string]string{"CLICKHOUSE_USER": "default", "CLICKHOUSE_ADMIN_USER": "root"},
			"default", "", false, "root", ""},
		{"an administrator's password set empty stays empty", "127.0.0.1:19001",
			map[string]string{"CLICKHOUSE_ADMIN_PASSWORD": ""},
			ServiceUser, LocalServicePassword, true, AdminUser, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			user, pass, local := ServiceCredentials(c.addrs, env(c.env))
			if user != c.user || pass != c.pass || local != c.local {
				t.Errorf("ServiceCredentials = %q, %q, %v; want %q, %q, %v", user, pass, local, c.user, c.pass, c.local)
			}
			admin, apas := AdminCredentials(c.addrs, lookup(c.env))
			if admin != c.admin || apas != c.apas {
				t.Errorf("AdminCredentials = %q, %q; want %q, %q", admin, apas, c.admin, c.apas)
			}
		})
	}
}
