package main

import (
	"strings"
	"testing"
	"time"
)

func TestConfigFlagsOverEnvironmentOverDefaults(t *testing.T) {
	env := map[string]string{
		"SCRAPERSIM_TOKEN":              "from-env",
		"SCRAPERSIM_SPEED":              "3600",
		"SCRAPERSIM_DUPLICATE_WEBHOOKS": "true",
		"SCRAPERSIM_RUN_DURATION":       "1s",
	}
	cfg, err := loadConfig([]string{"-run-duration", "50ms", "-rate429", "7"}, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Token != "from-env" || cfg.Speed != 3600 || !cfg.DuplicateWebhooks || cfg.RunDuration != 50*time.Millisecond ||
		cfg.Rate429 != 7 || cfg.Addr != "127.0.0.1:8090" || cfg.WebhookRetries != 8 || !cfg.Quirks {
		t.Fatalf("config %+v", cfg)
	}
}

func TestConfigReportsEveryProblem(t *testing.T) {
	_, err := loadConfig([]string{"-speed", "0", "-fail-rate", "2", "-run-duration", "soon"}, func(string) string { return "" })
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"speed", "fail-rate", "run-duration"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %s", err, want)
		}
	}
}
