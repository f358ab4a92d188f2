// Package sharing is the room of what a workspace shares: its API keys, its
// share links and the public routes a link opens, which call the numbers and
// campaigns reads themselves, scoped to the link.
package sharing

import (
	"time"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/sharing"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/ratelimit"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
	"github.com/reeltrack/reeltrack/query/numbers"
	queryorgs "github.com/reeltrack/reeltrack/query/organisations"
	querysharing "github.com/reeltrack/reeltrack/query/sharing"
)

// Room holds the use cases the sharing routes call. PublicBaseURL makes a
// link's URL; SessionSecret signs the cookie of an unlocked link, which
// CookieSecure marks Secure.
type Room struct {
	httpx.Answers
	Now           func() time.Time
	Limiter       *ratelimit.Limiter
	Passwords     *auth.Passwords
	PublicBaseURL string
	SessionSecret string
	CookieSecure  bool

	APIKeys          querysharing.APIKeysHandler
	ManageAPIKeys    sharing.APIKeysHandler
	ShareLinks       querysharing.ShareLinksHandler
	ManageShareLinks sharing.ShareLinksHandler

	Videos    numbers.VideosHandler
	Overview  numbers.OverviewHandler
	Campaigns querycampaigns.CampaignsHandler
	// Organisations give a share page its agency's branding.
	Organisations queryorgs.Handler
}
