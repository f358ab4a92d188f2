package config

import (
	"strings"
	"testing"
)

// TestChannelAllowedAddresses: empty by default; CIDRs, addresses and
// ip:port pairs are taken; anything else names the variable.
func TestChannelAllowedAddresses(t *testing.T) {
	c, err := load(env(nil))
	if err != nil || c.ChannelAllowedAddresses != "" {
		t.Fatalf("default %q, %v", c.ChannelAllowedAddresses, err)
	}
	c, err = load(env(map[string]string{"CHANNEL_ALLOWED_ADDRESSES": " 10.0.0.0/8, 127.0.0.1:9000,[::1]:9001, 192.168.1.5 "}))
	if err != nil || c.ChannelAllowedAddresses == "" {
		t.Fatalf("set: %q, %v", c.ChannelAllowedAddresses, err)
	}
	if _, err := load(env(map[string]string{"CHANNEL_ALLOWED_ADDRESSES": "localhost:9000"})); err == nil || !strings.Contains(err.Error(), "CHANNEL_ALLOWED_ADDRESSES") {
		t.Fatalf("a host name: %v", err)
	}
}
