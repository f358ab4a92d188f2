package config

import (
	"strings"
	"testing"
)

func TestMetricsAddr(t *testing.T) {
	c, err := load(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.MetricsAddr != DefaultMetricsAddr {
		t.Fatalf("default METRICS_ADDR %q, want %q", c.MetricsAddr, DefaultMetricsAddr)
	}
	c, err = load(env(map[string]string{"METRICS_ADDR": "off"}))
	if err != nil || c.MetricsAddr != "" {
		t.Fatalf("METRICS_ADDR=off: %q, %v; want no listener", c.MetricsAddr, err)
	}
	c, err = load(env(map[string]string{"METRICS_ADDR": "0.0.0.0:9100"}))
	if err != nil || c.MetricsAddr != "0.0.0.0:9100" {
		t.Fatalf("METRICS_ADDR=0.0.0.0:9100: %q, %v", c.MetricsAddr, err)
	}
	for _, bad := range []string{"9464", "127.0.0.1", "127.0.0.1:8080"} {
		_, err := load(env(map[string]string{"METRICS_ADDR": bad}))
		if err == nil || !strings.Contains(err.Error(), "METRICS_ADDR") {
			t.Errorf("METRICS_ADDR=%s: %v, want a problem naming METRICS_ADDR", bad, err)
		}
	}
}

// An empty METRICS_ADDR in the environment, unlike an unset one, turns the
// listener off.
func TestMetricsAddrEmptyTurnsOff(t *testing.T) {
	t.Setenv("METRICS_ADDR", "")
	c, err := Load()
	if err != nil {
		t.Fatal(err)
	}
	if c.MetricsAddr != "" {
		t.Fatalf("METRICS_ADDR set empty: %q, want no listener", c.MetricsAddr)
	}
}
