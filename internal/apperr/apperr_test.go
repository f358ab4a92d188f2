package apperr_test

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// TestWrapKeepsTheCause: a wrapped error has its kind and safe message for
// the caller, while errors.Is and errors.As reach its cause through any
// wrapping, and its text (for the log) holds the cause.
func TestWrapKeepsTheCause(t *testing.T) {
	cause := &fs.PathError{Op: "open", Path: "/secret/config", Err: context.DeadlineExceeded}
	err := fmt.Errorf("read run: %w", apperr.Wrap(apperr.KindUnavailable, "the provider is not answering", cause))

	if k := apperr.KindOf(err); k != apperr.KindUnavailable {
		t.Fatalf("kind %d, want unavailable", k)
	}
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatal("errors.Is does not reach the cause")
	}
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe != cause {
		t.Fatal("errors.As does not reach the cause")
	}
	var ae *apperr.Error
	if !errors.As(err, &ae) || !errors.Is(ae.Unwrap(), cause) {
		t.Fatalf("Unwrap of %#v is not the cause", ae)
	}
	if got := apperr.Message(err); got != "the provider is not answering" {
		t.Fatalf("message %q shows more than the safe message", got)
	}
	if got := err.Error(); !strings.Contains(got, "the provider is not answering") || !strings.Contains(got, "/secret/config") {
		t.Fatalf("error text %q lacks the message or the cause", got)
	}
}

// TestCauseStaysOutOfMessageAndFields: the cause of an error is never
// shown, not even an invalid-input error of its own; errors without a
// cause read as before.
func TestCauseStaysOutOfMessageAndFields(t *testing.T) {
	inner := apperr.Invalid("password", "is wrong: hunter2")
	err := errors.Join(
		&apperr.Error{Kind: apperr.KindInvalid, Field: "url", Message: "is not a link", Cause: inner},
		apperr.Invalid("limit", "must be positive"),
	)
	if got, want := apperr.Message(err), "limit: must be positive; url: is not a link"; got != want {
		t.Fatalf("message %q, want %q", got, want)
	}
	fields := apperr.Fields(err)
	if len(fields) != 2 || fields["url"] != "is not a link" || fields["limit"] != "must be positive" {
		t.Fatalf("fields %v", fields)
	}
	if got := apperr.NotFound("no such video").Error(); got != "no such video" {
		t.Fatalf("error without a cause reads %q", got)
	}
	if errors.Unwrap(apperr.Conflict("taken")) != nil {
		t.Fatal("an error without a cause unwraps to something")
	}
}
