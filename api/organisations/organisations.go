// Package organisations is the room of agencies (docs/agencies.md): the
// workspaces a login reaches and the switch between them, an
// organisation with its client workspaces and branding, and its roll-up.
package organisations

import (
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/organisations"
	"github.com/reeltrack/reeltrack/internal/apperr"
	queryorgs "github.com/reeltrack/reeltrack/query/organisations"
)

// Room holds the use cases the organisation routes call.
type Room struct {
	Organisations     queryorgs.Handler
	Rollup            queryorgs.RollupHandler
	SaveOrganisations organisations.Handler
	Now               func() time.Time
}

// GetWorkspaces lists the login's workspaces for the switcher.
func (s *Room) GetWorkspaces(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	list, err := s.Organisations.Workspaces(c.UserContext(), httpx.Session(c).UserID, httpx.Membership(c).WorkspaceID)
	return httpx.Answer(c, map[string]any{"workspaces": list}, err)
}

type switchIn struct {
	WorkspaceID uuid.UUID `json:"workspaceId"`
}

// PutSessionWorkspace makes the session work in another of the login's workspaces.
func (s *Room) PutSessionWorkspace(c *fiber.Ctx, in switchIn) error {
	sess := httpx.Session(c)
	if err := s.SaveOrganisations.Switch(c.UserContext(), sess.UserID, sess.ID, in.WorkspaceID); err != nil {
		return err
	}
	list, err := s.Organisations.Workspaces(c.UserContext(), sess.UserID, in.WorkspaceID)
	return httpx.Answer(c, map[string]any{"workspaces": list}, err)
}

// GetOrganisation answers the organisation of the workspace; 404 for none.
func (s *Room) GetOrganisation(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	o, err := s.Organisations.Of(c.UserContext(), httpx.Membership(c).WorkspaceID, httpx.Session(c).UserID)
	return httpx.Answer(c, o, err)
}

type createIn struct {
	Name string `json:"name"`
}

// PostOrganisation makes the workspace the home of a new organisation.
func (s *Room) PostOrganisation(c *fiber.Ctx, in createIn) error {
	ws := httpx.Membership(c).WorkspaceID
	if _, err := s.SaveOrganisations.Create(c.UserContext(), organisations.Create{WorkspaceID: ws, ActorID: httpx.Session(c).UserID, Name: in.Name}); err != nil {
		return err
	}
	o, err := s.Organisations.Of(c.UserContext(), ws, httpx.Session(c).UserID)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(o)
}

type changeIn struct {
	Name       *string `json:"name"`
	BrandName  *string `json:"brandName"`
	BrandColor *string `json:"brandColor"`
	Logo       *string `json:"logo"`
	Billing    *string `json:"billing"`
}

// PatchOrganisation renames or rebrands the organisation, or changes how
// its workspaces are billed.
func (s *Room) PatchOrganisation(c *fiber.Ctx, in changeIn) error {
	ws, me := httpx.Membership(c).WorkspaceID, httpx.Session(c).UserID
	if err := s.SaveOrganisations.Change(c.UserContext(), organisations.Change{WorkspaceID: ws, ActorID: me,
		Name: in.Name, BrandName: in.BrandName, BrandColor: in.BrandColor, Logo: in.Logo, Billing: in.Billing}); err != nil {
		return err
	}
	o, err := s.Organisations.Of(c.UserContext(), ws, me)
	return httpx.Answer(c, o, err)
}

// PostWorkspace makes a client workspace in the organisation.
func (s *Room) PostWorkspace(c *fiber.Ctx, in createIn) error {
	ws, me := httpx.Membership(c).WorkspaceID, httpx.Session(c).UserID
	id, err := s.SaveOrganisations.AddWorkspace(c.UserContext(), organisations.AddWorkspace{WorkspaceID: ws, ActorID: me, Name: in.Name})
	if err != nil {
		return err
	}
	o, err := s.Organisations.Of(c.UserContext(), ws, me)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(map[string]any{"workspaceId": id, "organisation": o})
}

// GetRollup answers the organisation's roll-up over the overview's window.
func (s *Room) GetRollup(c *fiber.Ctx) error {
	get, err := httpx.Params(c, "datePreset", "from", "to")
	if err != nil {
		return err
	}
	q, err := httpx.ParseOverviewQuery(get, s.Now())
	if err != nil {
		return err
	}
	r, err := s.Rollup.Handle(c.UserContext(), httpx.Membership(c).WorkspaceID, httpx.Session(c).UserID, q)
	return httpx.Answer(c, r, err)
}

// PostJoinCode makes a join code for bringing an existing workspace in.
func (s *Room) PostJoinCode(c *fiber.Ctx) error {
	code, err := s.SaveOrganisations.MakeJoinCode(c.UserContext(), httpx.Membership(c).WorkspaceID, httpx.Session(c).UserID)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(code)
}

type joinIn struct {
	Code string `json:"code"`
}

// PostJoin brings the session's workspace into the organisation of a join code.
func (s *Room) PostJoin(c *fiber.Ctx, in joinIn) error {
	ws, me := httpx.Membership(c).WorkspaceID, httpx.Session(c).UserID
	if in.Code == "" {
		return apperr.Invalid("code", "is required: the join code the agency gave you")
	}
	if err := s.SaveOrganisations.Join(c.UserContext(), ws, me, in.Code); err != nil {
		return err
	}
	o, err := s.Organisations.Of(c.UserContext(), ws, me)
	return httpx.Answer(c, o, err)
}

// DeleteWorkspace takes a client workspace out of the organisation.
func (s *Room) DeleteWorkspace(c *fiber.Ctx, id uuid.UUID) error {
	if err := s.SaveOrganisations.Release(c.UserContext(), httpx.Membership(c).WorkspaceID, httpx.Session(c).UserID, id); err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}
