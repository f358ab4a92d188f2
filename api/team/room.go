// Package team is the room of people and workspaces: signing up and in,
// sessions, passwords and e-mail verification, the workspace and its team,
// invites, the activity log, and the public routes of the landing pages
// (leads, plans, founding spots).
package team

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/team"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/ratelimit"
	queryteam "github.com/reeltrack/reeltrack/query/team"
)

// Room holds the use cases the routes of the team room call. Tokens issue
// the sessions; CookieSecure marks their cookie Secure.
type Room struct {
	Tokens       *auth.Tokens
	CookieSecure bool
	Limiter      *ratelimit.Limiter

	SignUp          team.SignUpHandler
	LogIn           team.LogInHandler
	Sessions        team.SessionsHandler
	VerifyEmail     team.VerifyEmailHandler
	Password        team.PasswordHandler
	Bootstrap       team.BootstrapWorkspaceHandler
	RenameWorkspace team.RenameWorkspaceHandler
	Invite          team.InviteTeammateHandler
	AcceptInvite    team.AcceptInviteHandler
	ManageTeam      team.ManageTeamHandler
	Lead            team.CaptureLeadHandler

	Workspace     queryteam.WorkspaceHandler
	Membership    queryteam.MembershipHandler
	Team          queryteam.TeamHandler
	InvitePreview queryteam.InvitePreviewHandler
	Activity      queryteam.ActivityHandler
	Founding      queryteam.FoundingStatsHandler
	Plans         queryteam.PlansHandler
}

// limit takes one request from key's bucket of n per period, for limits a
// route sets on what its body names: 429 with Retry-After when it is empty.
func (s *Room) limit(c *fiber.Ctx, key string, n int, period time.Duration) error {
	if ok, wait := s.Limiter.AllowEvery(c.UserContext(), key, n, period); !ok {
		return httpx.TooMany(c, wait)
	}
	return nil
}

// addressKey is a rate limit key of an e-mail address as typed: trimmed,
// lower-cased and hashed, so any input gives a short key.
func addressKey(email string) string {
	h := sha256.Sum256([]byte(strings.ToLower(strings.TrimSpace(email))))
	return hex.EncodeToString(h[:16])
}
