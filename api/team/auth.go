package team

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/team"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/internal/domain"
	queryteam "github.com/reeltrack/reeltrack/query/team"
)

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

type userBody struct {
	User queryteam.Me `json:"user"`
}

func meOf(u team.User) queryteam.Me {
	return queryteam.Me{ID: u.ID, Email: u.Email, EmailVerified: u.EmailVerified}
}

func (s *Room) PostSignUp(c *fiber.Ctx, in credentials) error {
	u, err := s.SignUp.Handle(c.UserContext(), team.SignUp{Email: in.Email, Password: in.Password})
	if err != nil {
		return err
	}
	return s.signIn(c, u)
}

func (s *Room) PostLogIn(c *fiber.Ctx, in credentials) error {
	u, err := s.LogIn.Handle(c.UserContext(), team.LogIn{Email: in.Email, Password: in.Password})
	if err != nil {
		return err
	}
	return s.signIn(c, u)
}

// GetMe answers the session's user. It needs no workspace: a user who has
// not bootstrapped one yet, or who just left one, is still signed in.
func (s *Room) GetMe(c *fiber.Ctx) error {
	return c.JSON(userBody{User: httpx.Me(c)})
}

// PostLogOut ends the cookie's session if its token is valid, and clears
// the cookie; it answers 200 either way.
func (s *Room) PostLogOut(c *fiber.Ctx) error {
	if raw := c.Cookies(auth.CookieName); raw != "" {
		if sess, err := s.Tokens.Verify(raw); err == nil {
			if err := s.Sessions.End(c.UserContext(), sess); err != nil {
				return err
			}
		}
	}
	s.clearSession(c)
	return c.JSON(okBody{OK: true})
}

func (s *Room) PostLogOutEverywhere(c *fiber.Ctx) error {
	if err := s.Sessions.EndAll(c.UserContext(), httpx.Session(c).UserID); err != nil {
		return err
	}
	s.clearSession(c)
	return c.JSON(okBody{OK: true})
}

type tokenIn struct {
	Token string `json:"token"`
}

type verifiedOut struct {
	OK    bool   `json:"ok"`
	Email string `json:"email"`
}

func (s *Room) PostVerifyEmail(c *fiber.Ctx, in tokenIn) error {
	email, err := s.VerifyEmail.Confirm(c.UserContext(), in.Token)
	return httpx.Answer(c, verifiedOut{OK: true, Email: email}, err)
}

// Resending the verification link: once a minute, ten times a day per user.
const (
	resendPerMinute = 1
	resendPerDay    = 10
)

func (s *Room) PostResendVerification(c *fiber.Ctx) error {
	user := httpx.Session(c).UserID.String()
	if err := s.limit(c, "verify-minute:"+user, resendPerMinute, time.Minute); err != nil {
		return err
	}
	if err := s.limit(c, "verify-day:"+user, resendPerDay, 24*time.Hour); err != nil {
		return err
	}
	return httpx.Answer(c, okBody{OK: true}, s.VerifyEmail.Resend(c.UserContext(), httpx.Session(c).UserID))
}

type forgotIn struct {
	Email string `json:"email"`
}

// Reset links: 5 a minute per client (the route's rate limit), 3 an hour
// per address, counted whether the address has an account or not.
const resetsPerAddressHour = 3

func (s *Room) PostForgotPassword(c *fiber.Ctx, in forgotIn) error {
	if err := s.limit(c, "reset-address:"+addressKey(in.Email), resetsPerAddressHour, time.Hour); err != nil {
		return err
	}
	if err := s.Password.Forgot(c.UserContext(), in.Email); err != nil {
		return err
	}
	return c.Status(fiber.StatusAccepted).JSON(okBody{OK: true})
}

type resetIn struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

func (s *Room) PostResetPassword(c *fiber.Ctx, in resetIn) error {
	u, err := s.Password.Reset(c.UserContext(), team.ResetPassword{Token: in.Token, Password: in.Password})
	if err != nil {
		return err
	}
	return s.signIn(c, u)
}

type changePasswordIn struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

func (s *Room) PostChangePassword(c *fiber.Ctx, in changePasswordIn) error {
	u, err := s.Password.Change(c.UserContext(), team.ChangePassword{
		UserID: httpx.Session(c).UserID, CurrentPassword: in.CurrentPassword, NewPassword: in.NewPassword,
	})
	if err != nil {
		return err
	}
	return s.signIn(c, u)
}

func (s *Room) signIn(c *fiber.Ctx, u team.User) error {
	token, sess, err := s.Tokens.Issue(u.ID, u.Email)
	if err != nil {
		return err
	}
	if err := s.Sessions.Start(c.UserContext(), sess); err != nil {
		return err
	}
	c.Cookie(s.sessionCookie(token, sess.ExpiresAt, int(s.Tokens.TTL().Seconds())))
	return c.JSON(userBody{User: meOf(u)})
}

func (s *Room) clearSession(c *fiber.Ctx) {
	c.Cookie(s.sessionCookie("", time.Unix(0, 0), -1))
}

func (s *Room) sessionCookie(value string, exp time.Time, maxAge int) *fiber.Cookie {
	return &fiber.Cookie{
		Name:     auth.CookieName,
		Value:    value,
		Path:     "/",
		Expires:  exp,
		MaxAge:   maxAge,
		HTTPOnly: true,
		Secure:   s.CookieSecure,
		SameSite: fiber.CookieSameSiteLaxMode,
	}
}

type previewOut struct {
	Invite queryteam.InvitePreview `json:"invite"`
}

func (s *Room) PostInvitePreview(c *fiber.Ctx, in tokenIn) error {
	p, err := s.InvitePreview.Handle(c.UserContext(), in.Token)
	return httpx.Answer(c, previewOut{Invite: p}, err)
}

type acceptedOut struct {
	WorkspaceID uuid.UUID   `json:"workspaceId"`
	Role        domain.Role `json:"role"`
}

func (s *Room) PostAcceptInvite(c *fiber.Ctx, in tokenIn) error {
	a, err := s.AcceptInvite.Handle(c.UserContext(), team.AcceptInvite{UserID: httpx.Session(c).UserID, Token: in.Token})
	return httpx.Answer(c, acceptedOut{WorkspaceID: a.WorkspaceID, Role: a.Role}, err)
}

type okBody struct {
	OK bool `json:"ok"`
}
