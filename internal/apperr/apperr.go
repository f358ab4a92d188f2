// Package apperr holds the kinds of failure the HTTP layer maps to status
// codes; everything else is an internal error.
package apperr

import (
	"errors"
	"fmt"
	"runtime/debug"
	"sort"
	"strings"
)

// Kind classifies an error for the caller.
type Kind int

const (
	KindInternal Kind = iota
	KindInvalid
	KindNotFound
	KindConflict
	KindForbidden
	KindUnauthenticated
	KindUnavailable
	KindLimited
	KindRefused // well-formed input the service will not act on
)

// Error is a failure of a known kind with a message that is safe to show.
type Error struct {
	Kind       Kind
	Field      string // the offending input field, for KindInvalid
	Message    string
	RetryAfter int    // seconds, for KindLimited
	Code       string // replaces the kind's code, for a refusal clients tell apart
	Cause      error  // for the log: Error includes it, Message never shows it
}

// Error is the safe message followed by the cause's text, if any.
func (e *Error) Error() string {
	if e.Cause != nil {
		return e.safe() + ": " + e.Cause.Error()
	}
	return e.safe()
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Cause }

func (e *Error) safe() string {
	if e.Field != "" {
		return e.Field + ": " + e.Message
	}
	return e.Message
}

// Wrap reports a failure of kind with a safe message, keeping cause for the log.
func Wrap(kind Kind, message string, cause error) error {
	return &Error{Kind: kind, Message: message, Cause: cause}
}

// Invalid reports bad input in one field (field may be empty).
func Invalid(field, message string) error {
	return &Error{Kind: KindInvalid, Field: field, Message: message}
}

// Refused reports a well-formed value in one field the service will not act on.
func Refused(field, message string) error {
	return &Error{Kind: KindRefused, Field: field, Message: message}
}

// NotFound reports a missing resource, or one of another workspace.
func NotFound(message string) error { return &Error{Kind: KindNotFound, Message: message} }

// Conflict reports a request that clashes with the current state.
func Conflict(message string) error { return &Error{Kind: KindConflict, Message: message} }

// Forbidden reports a request the caller may not make.
func Forbidden(message string) error { return &Error{Kind: KindForbidden, Message: message} }

// Coded reports a failure of kind with its own code in the answer.
func Coded(kind Kind, code, message string) error {
	return &Error{Kind: kind, Code: code, Message: message}
}

// CodeOf is the code of the first *Error in err's tree that has one, or "".
func CodeOf(err error) string {
	code := ""
	eachError(err, func(x *Error) {
		if code == "" {
			code = x.Code
		}
	})
	return code
}

// Unauthenticated reports a missing or bad credential.
func Unauthenticated(message string) error {
	return &Error{Kind: KindUnauthenticated, Message: message}
}

// Limited reports a quota the request would exceed for retryAfter seconds.
func Limited(message string, retryAfter int) error {
	return &Error{Kind: KindLimited, Message: message, RetryAfter: retryAfter}
}

// RetryAfter is the wait of a KindLimited error, in seconds; 0 for others.
func RetryAfter(err error) int {
	var e *Error
	if errors.As(err, &e) && e.Kind == KindLimited {
		return e.RetryAfter
	}
	return 0
}

// Unavailable reports a dependency that is not configured or not reachable.
func Unavailable(message string) error { return &Error{Kind: KindUnavailable, Message: message} }

// Recover, deferred directly, turns a panic into an internal error in *err;
// a request's goroutines must defer it, or a panic ends the process.
func Recover(err *error) {
	if r := recover(); r != nil {
		*err = fmt.Errorf("panic: %v\n%s", r, debug.Stack())
	}
}

// KindOf returns the kind of the first *Error in err's tree, or KindInternal.
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return KindInternal
}

// Fields collects the per-field messages of every invalid-input error in err's tree.
func Fields(err error) map[string]string {
	out := map[string]string{}
	eachError(err, func(x *Error) {
		if (x.Kind == KindInvalid || x.Kind == KindRefused) && x.Field != "" {
			if prev, ok := out[x.Field]; ok {
				out[x.Field] = prev + "; " + x.Message
			} else {
				out[x.Field] = x.Message
			}
		}
	})
	return out
}

// Message joins the safe messages of the known errors in err's tree.
func Message(err error) string {
	var msgs []string
	eachError(err, func(x *Error) { msgs = append(msgs, x.safe()) })
	sort.Strings(msgs)
	return strings.Join(msgs, "; ")
}

// eachError calls f with every *Error in err's tree, not looking behind one.
func eachError(err error, f func(*Error)) {
	switch x := err.(type) {
	case *Error:
		f(x)
	case interface{ Unwrap() []error }:
		for _, e := range x.Unwrap() {
			eachError(e, f)
		}
	case interface{ Unwrap() error }:
		eachError(x.Unwrap(), f)
	}
}
