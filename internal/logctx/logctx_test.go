package logctx

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"strings"
	"testing"
)

// TestLinesCarryTheRequestID: a line logged with a request's context names
// the request, through With too; one without a request names none, and a
// line that names its request already is not given a second id.
func TestLinesCarryTheRequestID(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(Handler{slog.NewJSONHandler(&buf, nil)})
	ctx := WithRequestID(context.Background(), "req-1")

	log.InfoContext(ctx, "inside")
	log.With("component", "cache").WarnContext(ctx, "inside, with")
	log.Info("outside")
	log.InfoContext(ctx, "access", KeyRequestID, "req-1")

	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	want := []string{"req-1", "req-1", "", "req-1"}
	for i, l := range lines {
		var m map[string]any
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatal(err)
		}
		got, _ := m[KeyRequestID].(string)
		if got != want[i] {
			t.Errorf("line %d %s: request id %q, want %q", i, l, got, want[i])
		}
		if strings.Count(l, `"`+KeyRequestID+`"`) > 1 {
			t.Errorf("line %d names its request twice: %s", i, l)
		}
	}
}
