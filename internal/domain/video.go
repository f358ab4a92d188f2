package domain

import (
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// VideoCard is a video as a list names it beside its numbers: the
// overview's movers, a share link's videos, a digest's. Its JSON is the
// first fields of those answers, in this order.
type VideoCard struct {
	ID            uuid.UUID         `json:"id"`
	Platform      platform.Platform `json:"platform"`
	URL           string            `json:"url"`
	Caption       string            `json:"caption"`
	ThumbnailURL  string            `json:"thumbnailUrl"`
	AccountHandle string            `json:"accountHandle"`
	PublishedAt   *time.Time        `json:"publishedAt"`
}
