package team

import (
	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/team"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	queryteam "github.com/reeltrack/reeltrack/query/team"
)

type bootstrapIn struct {
	Name string `json:"name"`
}

type bootstrapOut struct {
	Workspace queryteam.Workspace `json:"workspace"`
	HasAccess bool                `json:"hasAccess"`
	Created   bool                `json:"created"`
}

func (s *Room) PostBootstrap(c *fiber.Ctx) error {
	var in bootstrapIn
	if err := httpx.DecodeJSON(c, &in, true); err != nil {
		return err
	}
	sess := httpx.Session(c)
	b, err := s.Bootstrap.Handle(c.UserContext(), team.BootstrapWorkspace{
		UserID: sess.UserID, Email: sess.Email, Name: in.Name,
	})
	if err != nil {
		return err
	}
	// the workspace the session chose, when it chose one of the login's
	current := b.WorkspaceID
	if m, err := s.Membership.Handle(c.UserContext(), sess); err == nil {
		current = m.WorkspaceID
	} else if apperr.KindOf(err) != apperr.KindNotFound {
		return err
	}
	w, err := s.Workspace.Handle(c.UserContext(), current, sess.UserID)
	return httpx.Answer(c, bootstrapOut{Workspace: w, HasAccess: w.HasAccess, Created: b.Created}, err)
}

type workspacePatchIn struct {
	Name string `json:"name"`
}

func (s *Room) PatchWorkspace(c *fiber.Ctx, in workspacePatchIn) error {
	m, me := httpx.Membership(c), httpx.Session(c).UserID
	if err := s.RenameWorkspace.Handle(c.UserContext(), team.RenameWorkspace{WorkspaceID: m.WorkspaceID, ActorID: me, Name: in.Name}); err != nil {
		return err
	}
	w, err := s.Workspace.Handle(c.UserContext(), m.WorkspaceID, me)
	return httpx.Answer(c, w, err)
}

func (s *Room) GetTeam(c *fiber.Ctx) error {
	m := httpx.Membership(c)
	t, err := s.Team.Handle(c.UserContext(), m.WorkspaceID, m.Role.Manages())
	return httpx.Answer(c, t, err)
}

func (s *Room) teamAfter(c *fiber.Ctx, err error) error {
	if err != nil {
		return err
	}
	return s.GetTeam(c)
}

type inviteIn struct {
	Email             string      `json:"email"`
	Role              domain.Role `json:"role"`
	ClientCollections []uuid.UUID `json:"clientCollections"`
	ClientPayouts     bool        `json:"clientPayouts"`
}

func (s *Room) PostTeam(c *fiber.Ctx, in inviteIn) error {
	m := httpx.Membership(c)
	return s.teamAfter(c, s.Invite.Handle(c.UserContext(), team.InviteTeammate{
		WorkspaceID: m.WorkspaceID, InviterID: httpx.Session(c).UserID, Email: in.Email, Role: in.Role,
		ClientCollections: in.ClientCollections, ClientPayouts: in.ClientPayouts,
	}))
}

type memberPatchIn struct {
	Role domain.Role `json:"role"`
}

func (s *Room) PatchMember(c *fiber.Ctx, user uuid.UUID, in memberPatchIn) error {
	return s.teamAfter(c, s.ManageTeam.ChangeRole(c.UserContext(), team.ChangeMemberRole{
		WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID, UserID: user, Role: in.Role,
	}))
}

// DeleteMember removes a teammate and answers the team, or answers 204 to
// a member who left: they no longer see the team.
func (s *Room) DeleteMember(c *fiber.Ctx, user uuid.UUID) error {
	me := httpx.Session(c).UserID
	err := s.ManageTeam.Remove(c.UserContext(), team.RemoveMember{WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: me, UserID: user})
	if err != nil {
		return err
	}
	if user == me {
		return c.SendStatus(fiber.StatusNoContent)
	}
	return s.GetTeam(c)
}

func (s *Room) DeleteInvite(c *fiber.Ctx, id uuid.UUID) error {
	return s.teamAfter(c, s.ManageTeam.Revoke(c.UserContext(), team.RevokeInvite{
		WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID, InviteID: id,
	}))
}

func (s *Room) PostResendInvite(c *fiber.Ctx, id uuid.UUID) error {
	return s.teamAfter(c, s.Invite.Resend(c.UserContext(), team.ResendInvite{
		WorkspaceID: httpx.Membership(c).WorkspaceID, ActorID: httpx.Session(c).UserID, InviteID: id,
	}))
}

func (s *Room) GetActivity(c *fiber.Ctx) error {
	limit, err := httpx.ParseLimit(c.Query("limit"), queryteam.DefaultActivityLimit, queryteam.MaxActivityLimit)
	if err != nil {
		return err
	}
	m := httpx.Membership(c)
	a, err := s.Activity.Handle(c.UserContext(), queryteam.ActivityPage{
		WorkspaceID: m.WorkspaceID, Role: m.Role, Limit: limit, Before: c.Query("before"),
	})
	return httpx.Answer(c, a, err)
}
