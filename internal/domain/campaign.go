package domain

import (
	"strings"
	"time"

	"github.com/google/uuid"
)

// CampaignSettings are the settings of a campaign a manager may change later.
type CampaignSettings struct {
	StartsAt  time.Time
	EndsAt    *time.Time
	Budget    int64
	Platforms []string // whose posts the campaign pays; none is every one
	Collabs   Collabs  // empty is hold
	// ShowRules: the creator portal shows the rules and the budget.
	ShowRules bool
	// VerifiedOnly: the lines of accounts not verified as their creator's
	// are held at the lock.
	VerifiedOnly bool
	// TaxFormRequired: the lines of payees without a tax form on file are
	// held at the lock.
	TaxFormRequired bool
	// Submissions is whether creators may submit posts, and what a post
	// must carry.
	Submissions SubmissionRules
	// ValidationHours is how long after a line's window closes it waits
	// before it locks; MinQuality the view-quality score (0-100) below
	// which it is held at the lock (0: never).
	ValidationHours int
	MinQuality      int
}

// PayoutMethod is how a creator is paid.
type PayoutMethod string

// The payout methods: none chosen, PayPal or Wise to an e-mail address,
// another way the creator describes.
const (
	PayoutNone   PayoutMethod = "none"
	PayoutPayPal PayoutMethod = "paypal"
	PayoutWise   PayoutMethod = "wise"
	PayoutOther  PayoutMethod = "other"
)

// PayoutMethods lists every payout method.
var PayoutMethods = []PayoutMethod{PayoutNone, PayoutPayPal, PayoutWise, PayoutOther}

// Batch is the status of a payout batch.
type Batch string

// The statuses of a payout batch: open (made, to be paid), sent (handed to
// PayPal, not final yet), paid (its lines marked paid), failed (PayPal did
// not pay it), returned (the money came back), cancelled. A failed,
// returned or cancelled batch lets its lines go into another.
const (
	BatchOpen      Batch = "open"
	BatchSent      Batch = "sent"
	BatchPaid      Batch = "paid"
	BatchFailed    Batch = "failed"
	BatchReturned  Batch = "returned"
	BatchCancelled Batch = "cancelled"
)

// SenderItemID is a batch's id as payment files and PayPal's API take it:
// its 32 hex digits less the last four (PayPal's customer id holds 30
// characters at most, without spaces or dashes), prefixed "rt".
func SenderItemID(batch uuid.UUID) string {
	return "rt" + strings.ReplaceAll(batch.String(), "-", "")[:28]
}

// Batches lists every status of a payout batch.
var Batches = []Batch{BatchOpen, BatchSent, BatchPaid, BatchFailed, BatchReturned, BatchCancelled}

// SubmissionRules are what a campaign takes from its creators' submissions.
type SubmissionRules struct {
	Mode SubmissionsMode
	// Hashtags and Mentions must each be in a post's caption (lower-case,
	// without '#' or '@').
	Hashtags []string
	Mentions []string
	// Sound is the sound a post must use: its platform id, or its name.
	Sound string
}

// SubmissionsMode is whether a campaign takes creators' submissions.
type SubmissionsMode string

// The modes: closed (none), review (a manager accepts each), auto (one
// that passes every check is accepted at once).
const (
	SubmissionsClosed SubmissionsMode = "closed"
	SubmissionsReview SubmissionsMode = "review"
	SubmissionsAuto   SubmissionsMode = "auto"
)

// SubmissionsModes lists every mode.
var SubmissionsModes = []SubmissionsMode{SubmissionsClosed, SubmissionsReview, SubmissionsAuto}

// Submission is the status of a creator's submission of a post.
type Submission string

// The statuses of a submission.
const (
	SubmissionChecking Submission = "checking" // waiting for its post's scrape
	SubmissionPending  Submission = "pending"  // checked, waiting for a manager
	SubmissionAccepted Submission = "accepted" // its post is in the campaign
	SubmissionRejected Submission = "rejected"
)

// Submissions lists every status of a submission.
var Submissions = []Submission{SubmissionChecking, SubmissionPending, SubmissionAccepted, SubmissionRejected}

// SubmissionCheck names a check a submitted post failed.
type SubmissionCheck string

// The checks of a submission, in the order they run. Platform, duplicate
// and not found reject it (nothing a person could accept); a manager may
// accept one that failed any other.
const (
	CheckPlatform   SubmissionCheck = "platform"           // not a platform the campaign pays
	CheckDuplicate  SubmissionCheck = "duplicate"          // submitted already, or counted already
	CheckNotFound   SubmissionCheck = "not_found"          // its scrape found no post
	CheckNotTheirs  SubmissionCheck = "not_their_account"  // posted by none of the creator's accounts
	CheckUnverified SubmissionCheck = "account_unverified" // the creator's account, not verified as its
	CheckDates      SubmissionCheck = "outside_dates"      // posted before the campaign, or after it ended
	CheckHashtag    SubmissionCheck = "missing_hashtag"
	CheckMention    SubmissionCheck = "missing_mention"
	CheckSound      SubmissionCheck = "missing_sound"
)

// SubmissionChecks lists every check.
var SubmissionChecks = []SubmissionCheck{CheckPlatform, CheckDuplicate, CheckNotFound, CheckNotTheirs, CheckUnverified, CheckDates, CheckHashtag, CheckMention, CheckSound}

// Final reports whether a failed check rejects the submission by itself.
func (c SubmissionCheck) Final() bool {
	return c == CheckPlatform || c == CheckDuplicate || c == CheckNotFound
}
