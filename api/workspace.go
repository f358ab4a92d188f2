package api

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query"
)

type bootstrapIn struct {
	Name string `json:"name"`
}

type bootstrapOut struct {
	Workspace query.Workspace `json:"workspace"`
	HasAccess bool            `json:"hasAccess"`
	Created   bool            `json:"created"`
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
	return answer(c, bootstrapOut{Workspace: w, HasAccess: w.HasAccess, Created: b.Created}, err)
}

func (s *server) getTeam(c *fiber.Ctx) error {
	m := membership(c)
	t, err := s.Team.Handle(c.UserContext(), m.WorkspaceID, domain.Role(m.Role).Manages())
	return answer(c, t, err)
}

// teamAfter answers the team after a change of it, or the change's error.
func (s *server) teamAfter(c *fiber.Ctx, err error) error {
	if err != nil {
		return err
	}
	return s.getTeam(c)
}

type inviteIn struct {
	Email string `json:"email"`
	Role  string `json:"role"`
}

func (s *server) postTeam(c *fiber.Ctx, in inviteIn) error {
	m := membership(c)
	return s.teamAfter(c, s.Invite.Handle(c.UserContext(), command.InviteTeammate{
		WorkspaceID: m.WorkspaceID, InviterID: session(c).UserID, Email: in.Email, Role: in.Role,
	}))
}

type memberPatchIn struct {
	Role string `json:"role"`
}

func (s *server) patchMember(c *fiber.Ctx, user uuid.UUID) error {
	var in memberPatchIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	return s.teamAfter(c, s.ManageTeam.ChangeRole(c.UserContext(), command.ChangeMemberRole{
		WorkspaceID: membership(c).WorkspaceID, ActorID: session(c).UserID, UserID: user, Role: in.Role,
	}))
}

// deleteMember removes a teammate and answers the team, or answers 204 to
// a member who left: they no longer see the team.
func (s *server) deleteMember(c *fiber.Ctx, user uuid.UUID) error {
	me := session(c).UserID
	err := s.ManageTeam.Remove(c.UserContext(), command.RemoveMember{WorkspaceID: membership(c).WorkspaceID, ActorID: me, UserID: user})
	if err != nil {
		return err
	}
	if user == me {
		return c.SendStatus(fiber.StatusNoContent)
	}
	return s.getTeam(c)
}

func (s *server) deleteInvite(c *fiber.Ctx, id uuid.UUID) error {
	return s.teamAfter(c, s.ManageTeam.Revoke(c.UserContext(), command.RevokeInvite{
		WorkspaceID: membership(c).WorkspaceID, ActorID: session(c).UserID, InviteID: id,
	}))
}

func (s *server) postResendInvite(c *fiber.Ctx, id uuid.UUID) error {
	return s.teamAfter(c, s.Invite.Resend(c.UserContext(), command.ResendInvite{
		WorkspaceID: membership(c).WorkspaceID, ActorID: session(c).UserID, InviteID: id,
	}))
}

func (s *server) getActivity(c *fiber.Ctx) error {
	limit, err := parseLimit(c.Query("limit"), query.DefaultActivityLimit, query.MaxActivityLimit)
	if err != nil {
		return err
	}
	m := membership(c)
	a, err := s.Activity.Handle(c.UserContext(), query.ActivityPage{
		WorkspaceID: m.WorkspaceID, Role: m.Role, Limit: limit, Before: c.Query("before"),
	})
	return answer(c, a, err)
}
