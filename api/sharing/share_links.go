package sharing

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/command/sharing"
	"github.com/reeltrack/reeltrack/internal/apperr"
	querysharing "github.com/reeltrack/reeltrack/query/sharing"
)

// Share links: owners and admins make, change and revoke them, every
// member lists them; the routes a link opens are in shared.go.

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

// createdShareLink is the new link with its token and URL, shown this once.
type createdShareLink struct {
	querysharing.ShareLink
	Token string `json:"token"`
	URL   string `json:"url"`
}

func (s *Room) GetShareLinks(c *fiber.Ctx) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	links, err := s.ShareLinks.List(c.UserContext(), httpx.Membership(c).WorkspaceID)
	return httpx.Answer(c, map[string]any{"shareLinks": links}, err)
}

func (s *Room) PostShareLink(c *fiber.Ctx, in shareLinkIn) error {
	m := httpx.Membership(c)
	from, ferr := shareDate(in.From, "from")
	to, terr := shareDate(in.To, "to")
	if err := httpx.JoinErrs(httpx.NonNil(ferr, terr)); err != nil {
		return err
	}
	if in.Platforms == nil {
		in.Platforms = []string{}
	}
	created, err := s.ManageShareLinks.Create(c.UserContext(), sharing.CreateShareLink{
		WorkspaceID: m.WorkspaceID, ActorID: httpx.Session(c).UserID, Role: m.Role, CollectionID: in.CollectionID,
		Platforms: in.Platforms, IndividualOnly: in.IndividualOnly, ShopOnly: in.PlatformShopOnly,
		DatePreset: in.DatePreset, From: from, To: to,
		ShareLinkOptions: sharing.ShareLinkOptions{Name: in.Name, Password: in.Password, ExpiresAt: in.ExpiresAt,
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

func (s *Room) shareURL(token string) string {
	return strings.TrimRight(s.PublicBaseURL, "/") + "/s/" + token
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

func (s *Room) PatchShareLink(c *fiber.Ctx, id uuid.UUID, in shareLinkPatch) error {
	m := httpx.Membership(c)
	cur, err := s.ShareLinks.One(c.UserContext(), m.WorkspaceID, id)
	if err != nil {
		return err
	}
	o := sharing.ShareLinkOptions{Name: cur.Name, Password: in.Password, ExpiresAt: cur.ExpiresAt, IncludePayouts: cur.IncludePayouts,
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
	if err := httpx.JoinErrs(errs); err != nil {
		return err
	}
	// an unchanged expiry that has passed is not the caller's input
	if len(in.ExpiresAt) == 0 && o.ExpiresAt != nil && !o.ExpiresAt.After(s.Now()) {
		return apperr.Invalid("expiresAt", "the link has expired: give a new expiresAt, or null for none")
	}
	err = s.ManageShareLinks.Update(c.UserContext(), sharing.UpdateShareLink{WorkspaceID: m.WorkspaceID, ActorID: httpx.Session(c).UserID, Role: m.Role, ID: id, ShareLinkOptions: o})
	if err != nil {
		return err
	}
	link, err := s.ShareLinks.One(c.UserContext(), m.WorkspaceID, id)
	return httpx.Answer(c, link, err)
}

// nullableTime reads a PATCH's time field: cur when left out, nil for null.
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

func (s *Room) DeleteShareLink(c *fiber.Ctx, id uuid.UUID) error {
	m := httpx.Membership(c)
	return httpx.NoContent(c, s.ManageShareLinks.Revoke(c.UserContext(), sharing.RevokeShareLink{WorkspaceID: m.WorkspaceID, ActorID: httpx.Session(c).UserID, Role: m.Role, ID: id}))
}
