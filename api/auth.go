package api

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
)

type credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// userOut is the signed-in user.
type userOut struct {
	ID    uuid.UUID `json:"id"`
	Email string    `json:"email"`
}

type userBody struct {
	User userOut `json:"user"`
}

func (s *server) postSignUp(c *fiber.Ctx) error {
	var in credentials
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	u, err := s.SignUp.Handle(c.UserContext(), command.SignUp{Email: in.Email, Password: in.Password})
	if err != nil {
		return err
	}
	if err := s.setSession(c, u); err != nil {
		return err
	}
	return c.JSON(userBody{User: userOut{ID: u.ID, Email: u.Email}})
}

func (s *server) postLogIn(c *fiber.Ctx) error {
	var in credentials
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	u, err := s.LogIn.Handle(c.UserContext(), command.LogIn{Email: in.Email, Password: in.Password})
	if err != nil {
		return err
	}
	if err := s.setSession(c, u); err != nil {
		return err
	}
	return c.JSON(userBody{User: userOut{ID: u.ID, Email: u.Email}})
}

// getMe answers the session's user. It needs no workspace: a user who has
// not bootstrapped one yet, or who just left one, is still signed in.
func (s *server) getMe(c *fiber.Ctx) error {
	sess := session(c)
	return c.JSON(userBody{User: userOut{ID: sess.UserID, Email: sess.Email}})
}

func (s *server) postLogOut(c *fiber.Ctx) error {
	c.Cookie(s.sessionCookie("", time.Unix(0, 0), -1))
	return c.JSON(okBody{OK: true})
}

func (s *server) setSession(c *fiber.Ctx, u command.User) error {
	token, exp, err := s.Tokens.Issue(u.ID, u.Email)
	if err != nil {
		return err
	}
	c.Cookie(s.sessionCookie(token, exp, int(s.Tokens.TTL().Seconds())))
	return nil
}

func (s *server) sessionCookie(value string, exp time.Time, maxAge int) *fiber.Cookie {
	return &fiber.Cookie{
		Name:     "session-access-token",
		Value:    value,
		Path:     "/",
		Expires:  exp,
		MaxAge:   maxAge,
		HTTPOnly: true,
		Secure:   s.Config.CookieSecure,
		SameSite: fiber.CookieSameSiteLaxMode,
	}
}

type okBody struct {
	OK bool `json:"ok"`
}
