package query

import "time"

// The states of an account's verification (docs/creators.md).
const (
	VerificationNone     = "none"
	VerificationPending  = "pending"
	VerificationVerified = "verified"
)

// Verification is whether the account's creator has proven it owns it: by
// a code it put in the account's bio, found by a scrape of the profile, or
// by an owner's or admin's word.
type Verification struct {
	// State is none, pending (a code asked for, not found yet) or verified.
	State string `json:"state"`
	// Code is the code to put in the bio, while pending; shown to the
	// creator only (nil to the team).
	Code *string `json:"code"`
	// RequestedAt is when the code was asked for; CheckedAt the last scrape
	// of the profile that showed the bio without it.
	RequestedAt *time.Time `json:"requestedAt"`
	CheckedAt   *time.Time `json:"checkedAt"`
	VerifiedAt  *time.Time `json:"verifiedAt"`
	// Method is bio or manual once verified.
	Method *string `json:"method"`
}

// VerificationColumns are an accounts row's columns NewVerification reads, in its order.
const VerificationColumns = `verify_code, verify_requested_at, verify_checked_at, verified_at, verified_method`

// NewVerification is the verification the columns say; the code is kept
// only when showCode.
func NewVerification(code *string, requested, checked, verified *time.Time, method *string, showCode bool) Verification {
	v := Verification{State: VerificationNone, RequestedAt: UTC(requested), CheckedAt: UTC(checked), VerifiedAt: UTC(verified), Method: method}
	switch {
	case verified != nil:
		v.State = VerificationVerified
	case code != nil:
		v.State = VerificationPending
		if showCode {
			v.Code = code
		}
	}
	return v
}

// UTC is t in UTC; nil stays nil.
func UTC(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}
