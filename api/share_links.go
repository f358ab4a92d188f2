package api

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/query"
)

// The routes that manage a workspace's share links: owners and admins
// make, change and revoke them, every member lists them. The public
// routes a link opens are in shared.go.

// shareLinkRoutes adds the management routes; ws wraps a handler in the
// session and workspace middleware.
func (s *server) shareLinkRoutes(r fiber.Router, ws func(fiber.Handler) []fiber.Handler) {
	r.Get("/share-links", ws(s.getShareLinks)...)
	r.Post("/share-links", ws(withBody(s.postShareLink))...)
	r.Patch("/share-links/:id", ws(withID("id", s.patchShareLink))...)
	r.Delete("/share-links/:id", ws(withID("id", s.deleteShareLink))...)
}

type shareLinkIn struct {
	Name             string     `json:"name"`
	CollectionID     *uuid.UUID `json:"collectionId"`
	Platforms        []string   `json:"platforms"`
	IndividualOnly   bool       `json:"individualOnly"`
	PlatformShopOnly bool       `json:"platformShopOnly"`
	DatePreset       string     `json:"datePreset"`
	From             *string    `json:"from"`
	To               *string    `json:"to"`
	Password         *string    `json:"password"`
	ExpiresAt        *time.Time `json:"expiresAt"`
	IncludePayouts   bool       `json:"includePayouts"`
	AllowEmbedding   bool       `json:"allowEmbedding"`
	EmbedOrigins     []string   `json:"embedOrigins"`
	FrozenAt         *time.Time `json:"frozenAt"`
}

// createdShareLink is the answer of a creation: the link, and its token
// and URL, shown this once.
type createdShareLink struct {
	query.ShareLink
	Token string `json:"token"`
	URL   string `json:"url"`
}

func (s *server) getShareLinks(c *fiber.Ctx) error {
	if _, err := params(c); err != nil {
		return err
	}
	links, err := s.ShareLinks.List(c.UserContext(), membership(c).WorkspaceID)
	return answer(c, map[string]any{"shareLinks": links}, err)
}

func (s *server) postShareLink(c *fiber.Ctx, in shareLinkIn) error {
	m := membership(c)
	from, ferr := shareDate(in.From, "from")
	to, terr := shareDate(in.To, "to")
	if err := joinErrs(nonNil(ferr, terr)); err != nil {
		return err
	}
	if in.Platforms == nil {
		in.Platforms = []string{}
	}
	created, err := s.ManageShareLinks.Create(c.UserContext(), command.CreateShareLink{
		WorkspaceID: m.WorkspaceID, ActorID: session(c).UserID, Role: m.Role, CollectionID: in.CollectionID,
		Platforms: in.Platforms, IndividualOnly: in.IndividualOnly, ShopOnly: in.PlatformShopOnly,
		DatePreset: in.DatePreset, From: from, To: to,
		ShareLinkOptions: command.ShareLinkOptions{Name: in.Name, Password: in.Password, ExpiresAt: in.ExpiresAt,
			IncludePayouts: in.IncludePayouts, AllowEmbedding: in.AllowEmbedding, EmbedOrigins: in.EmbedOrigins, FrozenAt: in.FrozenAt},
	})
	if err != nil {
		return err
	}
	link, err := s.ShareLinks.One(c.UserContext(), m.WorkspaceID, created.ID)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(createdShareLink{ShareLink: link, Token: created.Token, URL: s.shareURL(created.Token)})
}

// shareURL is the dashboard's page of a link's token.
func (s *server) shareURL(token string) string {
	return strings.TrimRight(s.Config.PublicBaseURL, "/") + "/s/" + token
}

// shareDate reads a date (YYYY-MM-DD) of a link's range; nil for none.
func shareDate(raw *string, field string) (*time.Time, error) {
	if raw == nil {
		return nil, nil
	}
	t, err := time.Parse(time.DateOnly, *raw)
	if err != nil {
		return nil, apperr.Invalid(field, "must be a date as YYYY-MM-DD")
	}
	return &t, nil
}

// shareLinkPatch holds the options a PATCH names; a field left out keeps
// its value. password "" removes the password; expiresAt and frozenAt
// null clear them.
type shareLinkPatch struct {
	Name           *string         `json:"name"`
	Password       *string         `json:"password"`
	ExpiresAt      json.RawMessage `json:"expiresAt"`
	IncludePayouts *bool           `json:"includePayouts"`
	AllowEmbedding *bool           `json:"allowEmbedding"`
	EmbedOrigins   []string        `json:"embedOrigins"`
	FrozenAt       json.RawMessage `json:"frozenAt"`
}

func (s *server) patchShareLink(c *fiber.Ctx, id uuid.UUID) error {
	var in shareLinkPatch
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	m := membership(c)
	cur, err := s.ShareLinks.One(c.UserContext(), m.WorkspaceID, id)
	if err != nil {
		return err
	}
	o := command.ShareLinkOptions{Name: cur.Name, Password: in.Password, ExpiresAt: cur.ExpiresAt, IncludePayouts: cur.IncludePayouts,
		AllowEmbedding: cur.AllowEmbedding, EmbedOrigins: cur.EmbedOrigins, FrozenAt: cur.FrozenAt}
	if in.Name != nil {
		o.Name = *in.Name
	}
	if in.IncludePayouts != nil {
		o.IncludePayouts = *in.IncludePayouts
	}
	if in.AllowEmbedding != nil {
		o.AllowEmbedding = *in.AllowEmbedding
		if !o.AllowEmbedding && in.EmbedOrigins == nil {
			o.EmbedOrigins = nil
		}
	}
	if in.EmbedOrigins != nil {
		o.EmbedOrigins = in.EmbedOrigins
	}
	var errs []error
	if o.ExpiresAt, err = nullableTime(in.ExpiresAt, o.ExpiresAt, "expiresAt"); err != nil {
		errs = append(errs, err)
	}
	if o.FrozenAt, err = nullableTime(in.FrozenAt, o.FrozenAt, "frozenAt"); err != nil {
		errs = append(errs, err)
	}
	if err := joinErrs(errs); err != nil {
		return err
	}
	// an unchanged expiry that has passed is not the caller's input
	if len(in.ExpiresAt) == 0 && o.ExpiresAt != nil && !o.ExpiresAt.After(s.Now()) {
		return apperr.Invalid("expiresAt", "the link has expired: give a new expiresAt, or null for none")
	}
	err = s.ManageShareLinks.Update(c.UserContext(), command.UpdateShareLink{WorkspaceID: m.WorkspaceID, ActorID: session(c).UserID, Role: m.Role, ID: id, ShareLinkOptions: o})
	if err != nil {
		return err
	}
	link, err := s.ShareLinks.One(c.UserContext(), m.WorkspaceID, id)
	return answer(c, link, err)
}

// nullableTime reads a PATCH's time field: cur when left out, nil for
// null, else the RFC 3339 time.
func nullableTime(raw json.RawMessage, cur *time.Time, field string) (*time.Time, error) {
	if len(raw) == 0 {
		return cur, nil
	}
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil, nil
	}
	var t time.Time
	if err := json.Unmarshal(raw, &t); err != nil {
		return nil, apperr.Invalid(field, "a date-time (RFC 3339) or null")
	}
	return &t, nil
}

func (s *server) deleteShareLink(c *fiber.Ctx, id uuid.UUID) error {
	m := membership(c)
	err := s.ManageShareLinks.Revoke(c.UserContext(), command.RevokeShareLink{WorkspaceID: m.WorkspaceID, ActorID: session(c).UserID, Role: m.Role, ID: id})
	if err != nil {
		return err
	}
	return c.SendStatus(fiber.StatusNoContent)
}
