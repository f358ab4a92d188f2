package api

import (
	"context"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command"
	"github.com/reeltrack/reeltrack/internal/apperr"
)

func (s *server) getAccounts(c *fiber.Ctx) error {
	q, err := parsed(c, parseAccountQuery, "platforms", "collectionId", "sort")
	if err != nil {
		return err
	}
	return s.cached(c, "accounts", q.Key(), func(ctx context.Context) (any, error) {
		return s.Accounts.Handle(ctx, membership(c).WorkspaceID, q)
	})
}

// accountPatchIn is the body of PATCH /accounts/{id}; absent fields (and
// nulls) keep their value.
type accountPatchIn struct {
	Status        *string `json:"status"`
	TrackingLimit *int    `json:"tracking_limit"`
}

func (s *server) patchAccount(c *fiber.Ctx, id uuid.UUID) error {
	var in accountPatchIn
	if err := decodeJSON(c, &in, false); err != nil {
		return err
	}
	ws := membership(c).WorkspaceID
	err := s.UpdateAccount.Handle(c.UserContext(), command.UpdateAccount{
		WorkspaceID: ws, AccountID: id, Status: in.Status, TrackingLimit: in.TrackingLimit,
	})
	if err != nil {
		return err
	}
	return s.answerAccount(c, ws, id)
}

func (s *server) deleteAccount(c *fiber.Ctx, id uuid.UUID) error {
	ws := membership(c).WorkspaceID
	if err := s.RemoveAccount.Handle(c.UserContext(), command.RemoveAccount{WorkspaceID: ws, AccountID: id}); err != nil {
		return err
	}
	return s.answerAccount(c, ws, id)
}

// answerAccount answers the account as the list shows it, read after the
// write (never from the cache).
func (s *server) answerAccount(c *fiber.Ctx, ws, id uuid.UUID) error {
	a, err := s.Accounts.One(c.UserContext(), ws, id)
	return answer(c, a, err)
}

func (s *server) getAccountAnalytics(c *fiber.Ctx, id uuid.UUID) error {
	q, err := parsed(c, parseAccountAnalyticsQuery, "granularity")
	if err != nil {
		return err
	}
	return s.cached(c, "account-analytics", id.String()+"&"+q.Key(), func(ctx context.Context) (any, error) {
		return s.AccountAnalytics.Handle(ctx, membership(c).WorkspaceID, id, q)
	})
}

// withID parses the route's parameter name (pathUUID) and hands it to next.
func withID(name string, next func(*fiber.Ctx, uuid.UUID) error) fiber.Handler {
	return func(c *fiber.Ctx) error {
		id, err := pathUUID(c, name)
		if err != nil {
			return err
		}
		return next(c, id)
	}
}

// pathUUID is the route's parameter name, which must be a UUID.
func pathUUID(c *fiber.Ctx, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Params(name))
	if err != nil {
		return uuid.Nil, apperr.Invalid(name, "must be a UUID")
	}
	return id, nil
}
