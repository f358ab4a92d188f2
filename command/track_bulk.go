package command

import (
	"context"
	"fmt"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// TrackBulk tracks up to MaxBulkURLs URLs at once; each URL succeeds or
// fails on its own, and new targets are grouped into one run per platform.
type TrackBulk struct {
	WorkspaceID  uuid.UUID
	URLs         []string
	CollectionID *uuid.UUID
	// TrackingLimit applies to each account of the list (see Track).
	TrackingLimit *int
}

// Validate bounds the list.
func (c TrackBulk) Validate() error {
	switch {
	case len(c.URLs) == 0:
		return apperr.Invalid("urls", "must hold at least one URL")
	case len(c.URLs) > MaxBulkURLs:
		return apperr.Invalid("urls", fmt.Sprintf("must hold at most %d URLs, got %d", MaxBulkURLs, len(c.URLs)))
	case c.TrackingLimit != nil && *c.TrackingLimit < 1:
		return apperr.Invalid("tracking_limit", "must be at least 1")
	}
	return nil
}

// Handle answers one result per URL, in input order. A workspace without
// access fails the whole request with 403.
func (h TrackHandler) HandleBulk(ctx context.Context, cmd TrackBulk) ([]Tracked, error) {
	if err := cmd.Validate(); err != nil {
		return nil, err
	}
	return h.track(ctx, cmd.WorkspaceID, cmd.URLs, cmd.CollectionID, cmd.TrackingLimit)
}
