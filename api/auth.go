package api

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/auth"
	"github.com/reeltrack/reeltrack/query"
)

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

type userBody struct {
	User query.Me `json:"user"`
}

func meOf(u command.User) query.Me {
	return query.Me{ID: u.ID, Email: u.Email, EmailVerified: u.EmailVerified}
}

func (s *server) postSignUp(c *fiber.Ctx, in credentials) error {
	u, err := s.SignUp.Handle(c.UserContext(), command.SignUp{Email: in.Email, Password: in.Password})
	if err != nil {
		return err
	}
	return s.signIn(c, u)
}

func (s *server) postLogIn(c *fiber.Ctx, in credentials) error {
	u, err := s.LogIn.Handle(c.UserContext(), command.LogIn{Email: in.Email, Password: in.Password})
	if err != nil {
		return err
	}
	return s.signIn(c, u)
}

// getMe answers the session's user. It needs no workspace: a user who has
// not bootstrapped one yet, or who just left one, is still signed in.
func (s *server) getMe(c *fiber.Ctx) error {
	me, _ := c.Locals(localMe).(query.Me)
	return c.JSON(userBody{User: me})
}

// postLogOut ends the session of the cookie, when it holds a valid token,
// and clears the cookie; it answers 200 either way.
func (s *server) postLogOut(c *fiber.Ctx) error {
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

// postLogOutEverywhere ends every session of the user, this one included.
func (s *server) postLogOutEverywhere(c *fiber.Ctx) error {
	if err := s.Sessions.EndAll(c.UserContext(), session(c).UserID); err != nil {
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

func (s *server) postVerifyEmail(c *fiber.Ctx, in tokenIn) error {
	email, err := s.VerifyEmail.Confirm(c.UserContext(), in.Token)
	return answer(c, verifiedOut{OK: true, Email: email}, err)
}

// Resending the verification link: once a minute, ten times a day per user.
const (
	resendPerMinute = 1
	resendPerDay    = 10
)

func (s *server) postResendVerification(c *fiber.Ctx) error {
	user := session(c).UserID.String()
	if err := s.limit(c, "verify-minute:"+user, resendPerMinute, time.Minute); err != nil {
		return err
	}
	if err := s.limit(c, "verify-day:"+user, resendPerDay, 24*time.Hour); err != nil {
		return err
	}
	return answer(c, okBody{OK: true}, s.VerifyEmail.Resend(c.UserContext(), session(c).UserID))
}

type forgotIn struct {
	Email string `json:"email"`
}

// Reset links: 5 a minute per client (the route's rate limit), 3 an hour
// per address, counted whether the address has an account or not.
const resetsPerAddressHour = 3

func (s *server) postForgotPassword(c *fiber.Ctx, in forgotIn) error {
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

func (s *server) postResetPassword(c *fiber.Ctx, in resetIn) error {
	u, err := s.Password.Reset(c.UserContext(), command.ResetPassword{Token: in.Token, Password: in.Password})
	if err != nil {
		return err
	}
	return s.signIn(c, u)
}

type changePasswordIn struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

func (s *server) postChangePassword(c *fiber.Ctx, in changePasswordIn) error {
	u, err := s.Password.Change(c.UserContext(), command.ChangePassword{
		UserID: session(c).UserID, CurrentPassword: in.CurrentPassword, NewPassword: in.NewPassword,
	})
	if err != nil {
		return err
	}
	return s.signIn(c, u)
}

// signIn issues a new session for u, records it and sets its cookie, then
// answers the user.
func (s *server) signIn(c *fiber.Ctx, u command.User) error {
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

func (s *server) clearSession(c *fiber.Ctx) {
	c.Cookie(s.sessionCookie("", time.Unix(0, 0), -1))
}

func (s *server) sessionCookie(value string, exp time.Time, maxAge int) *fiber.Cookie {
	return &fiber.Cookie{
		Name:     auth.CookieName,
		Value:    value,
		Path:     "/",
		Expires:  exp,
		MaxAge:   maxAge,
		HTTPOnly: true,
		Secure:   s.Config.CookieSecure,
		SameSite: fiber.CookieSameSiteLaxMode,
	}
}

type previewOut struct {
	Invite query.InvitePreview `json:"invite"`
}

func (s *server) postInvitePreview(c *fiber.Ctx, in tokenIn) error {
	p, err := s.InvitePreview.Handle(c.UserContext(), in.Token)
	return answer(c, previewOut{Invite: p}, err)
}

type acceptedOut struct {
	WorkspaceID uuid.UUID `json:"workspaceId"`
	Role        string    `json:"role"`
}

func (s *server) postAcceptInvite(c *fiber.Ctx, in tokenIn) error {
	a, err := s.AcceptInvite.Handle(c.UserContext(), command.AcceptInvite{UserID: session(c).UserID, Token: in.Token})
	return answer(c, acceptedOut{WorkspaceID: a.WorkspaceID, Role: a.Role}, err)
}

type okBody struct {
	OK bool `json:"ok"`
}
