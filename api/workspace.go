package api

import (
	"github.com/gofiber/fiber/v2"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/query"
)

type bootstrapIn struct {
	Name string `json:"name"`
}

type bootstrapOut struct {
	Workspace query.Workspace `json:"workspace"`
	HasAccess bool            `json:"hasAccess"`
	Created   bool            `json:"created"`
	Joined    bool            `json:"joined"`
}

func (s *server) postBootstrap(c *fiber.Ctx) error {
	var in bootstrapIn
	if err := decodeJSON(c, &in, true); err != nil {
		return err
	}
	sess := session(c)
	b, err := s.Bootstrap.Handle(c.UserContext(), command.BootstrapWorkspace{
		UserID: sess.UserID, Email: sess.Email, Name: in.Name,
	})
	if err != nil {
		return err
	}
	w, err := s.Workspace.Handle(c.UserContext(), b.WorkspaceID, sess.UserID)
	if err != nil {
		return err
	}
	return c.JSON(bootstrapOut{Workspace: w, HasAccess: w.HasAccess, Created: b.Created, Joined: b.Joined})
}

func (s *server) getTeam(c *fiber.Ctx) error {
	t, err := s.Team.Handle(c.UserContext(), membership(c).WorkspaceID)
	if err != nil {
		return err
	}
	return c.JSON(t)
}

type inviteIn struct {
	Email string `json:"email"`
	Role  string `json:"role"`
}

func (s *server) postTeam(c *fiber.Ctx) error {
	var in inviteIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	m := membership(c)
	err := s.Invite.Handle(c.UserContext(), command.InviteTeammate{
		WorkspaceID: m.WorkspaceID, InviterID: session(c).UserID, Email: in.Email, Role: in.Role,
	})
	if err != nil {
		return err
	}
	return s.getTeam(c)
}
