package tracking

import (
	"context"
	"errors"
	"fmt"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/apperr"
)

// TrackBulk tracks up to MaxBulkURLs URLs at once, each succeeding or failing on its own.
type TrackBulk struct {
	WorkspaceID  uuid.UUID
	URLs         []string
	CollectionID *uuid.UUID
	// TrackingLimit applies to each account; nil: each gets its share of what is left.
	TrackingLimit *int
	// DryRun answers what tracking the list would do, writing nothing.
	DryRun bool
}

// Validate bounds the list.
func (c TrackBulk) Validate() error {
	var problems []error
	switch {
	case len(c.URLs) == 0:
		problems = append(problems, apperr.Invalid("urls", "must hold at least one URL"))
	case len(c.URLs) > MaxBulkURLs:
		problems = append(problems, apperr.Invalid("urls", fmt.Sprintf("must hold at most %d URLs, got %d", MaxBulkURLs, len(c.URLs))))
	}
	if c.TrackingLimit != nil && *c.TrackingLimit < 1 {
		problems = append(problems, apperr.Invalid("tracking_limit", "must be at least 1"))
	}
	return errors.Join(problems...)
}

// HandleBulk answers one result per URL, in order; a workspace without access is a 403.
func (h TrackHandler) HandleBulk(ctx context.Context, cmd TrackBulk) ([]Tracked, error) {
	if err := cmd.Validate(); err != nil {
		return nil, err
	}
	return h.track(ctx, cmd.WorkspaceID, cmd.URLs, cmd.CollectionID, cmd.TrackingLimit, cmd.DryRun)
}
