package numbers

import (
	"context"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
)

func (s *Room) GetAccounts(c *fiber.Ctx) error {
	q, err := httpx.Parsed(c, httpx.ParseAccountQuery, "platforms", "collectionId", "sort")
	if err != nil {
		return err
	}
	return s.Cached(c, "accounts", q.Key(), func(ctx context.Context, ws uuid.UUID) (any, error) {
		return s.Accounts.Handle(ctx, ws, q)
	})
}

func (s *Room) GetAccountAnalytics(c *fiber.Ctx, id uuid.UUID) error {
	q, err := httpx.Parsed(c, httpx.ParseAccountAnalyticsQuery, "granularity")
	if err != nil {
		return err
	}
	return s.Cached(c, "account-analytics", id.String()+"&"+q.Key(), func(ctx context.Context, ws uuid.UUID) (any, error) {
		return s.AccountAnalytics.Handle(ctx, ws, id, q)
	})
}
