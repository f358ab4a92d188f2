package domain

import (
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/platform"
)

// VideoCard is a video as lists name it; its JSON fields lead, in this order.
type VideoCard struct {
	ID            uuid.UUID         `json:"id"`
	Platform      platform.Platform `json:"platform"`
	URL           string            `json:"url"`
	Caption       string            `json:"caption"`
	ThumbnailURL  string            `json:"thumbnailUrl"`
	AccountHandle string            `json:"accountHandle"`
	PublishedAt   *time.Time        `json:"publishedAt"`
}
