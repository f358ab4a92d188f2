package numbers

import (
	"context"

	"github.com/gofiber/fiber/v2"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/api/httpx"
	"github.com/reeltrack/reeltrack/query/numbers"
)

func (s *Room) GetVideos(c *fiber.Ctx) error {
	q, err := httpx.Parsed(c, httpx.ParseVideoQuery, append(httpx.FilterParams, "sort", "limit", "offset")...)
	if err != nil {
		return err
	}
	return s.Cached(c, "videos", q.Key(), func(ctx context.Context, ws uuid.UUID) (any, error) {
		return s.Videos.Handle(ctx, ws, q)
	})
}

func (s *Room) GetVideo(c *fiber.Ctx, id uuid.UUID) error {
	if _, err := httpx.Params(c); err != nil {
		return err
	}
	return s.Cached(c, "video", id.String(), func(ctx context.Context, ws uuid.UUID) (any, error) {
		return s.Videos.One(ctx, ws, id)
	})
}

func (s *Room) GetOverview(c *fiber.Ctx) error {
	q, err := s.overviewQuery(c)
	if err != nil {
		return err
	}
	return s.Cached(c, "overview", q.Key(), func(ctx context.Context, ws uuid.UUID) (any, error) {
		return s.Overview.Handle(ctx, ws, q)
	})
}

// GetOverviewByPublishDay answers the overview's chart by publish date:
// the selected videos published each day of the window and their views.
func (s *Room) GetOverviewByPublishDay(c *fiber.Ctx) error {
	q, err := s.overviewQuery(c)
	if err != nil {
		return err
	}
	return s.Cached(c, "overview-published", q.Key(), func(ctx context.Context, ws uuid.UUID) (any, error) {
		return s.Overview.ByPublishDay(ctx, ws, q)
	})
}

// overviewQuery reads the overview's window and filters.
func (s *Room) overviewQuery(c *fiber.Ctx) (numbers.OverviewQuery, error) {
	get, err := httpx.Params(c, append(httpx.FilterParams, "from", "to")...)
	if err != nil {
		return numbers.OverviewQuery{}, err
	}
	return httpx.ParseOverviewQuery(get, s.Now())
}
