// Package eventlog records the events of the catalog (domain.EventType) in the
// transaction of their change, in the shapes a webhook's body carries.
package eventlog

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// Event is an event as the events table holds it; Payload is an Event*Data.
type Event struct {
	ID                                       uuid.UUID
	WorkspaceID                              uuid.UUID
	Type                                     domain.EventType
	OccurredAt                               time.Time
	RuleID, VideoID, AccountID, CollectionID *uuid.UUID
	Platform                                 platform.Platform
	Payload                                  any
}

// EventVideo is a video as events describe it.
type EventVideo struct {
	ID            uuid.UUID         `json:"id"`
	URL           string            `json:"url"`
	Platform      platform.Platform `json:"platform"`
	AccountHandle string            `json:"accountHandle"`
	Caption       string            `json:"caption"`
	PublishedAt   *time.Time        `json:"publishedAt"`
}

// EventAccount is an account as events describe it.
type EventAccount struct {
	ID       uuid.UUID         `json:"id"`
	URL      string            `json:"url"`
	Platform platform.Platform `json:"platform"`
	Handle   string            `json:"handle"`
}

// EventCampaign is a campaign as events describe it.
type EventCampaign struct {
	ID       uuid.UUID `json:"id"`
	Name     string    `json:"name"`
	Currency string    `json:"currency"`
}

// EventSpikeData is the data of video.spike.
type EventSpikeData struct {
	Summary   string           `json:"summary"`
	RuleID    uuid.UUID        `json:"ruleId"`
	RuleName  string           `json:"ruleName"`
	Video     EventVideo       `json:"video"`
	Metric    domain.Metric    `json:"metric"`
	Condition domain.Condition `json:"condition"`
	Threshold float64          `json:"threshold"`
	domain.SpikeMeasure
}

// EventVideoMilestoneData is the data of video.milestone.
type EventVideoMilestoneData struct {
	Summary   string     `json:"summary"`
	Video     EventVideo `json:"video"`
	Milestone int64      `json:"milestone"`
	Views     int64      `json:"views"`
}

// EventAccountMilestoneData is the data of account.milestone.
type EventAccountMilestoneData struct {
	Summary   string       `json:"summary"`
	Account   EventAccount `json:"account"`
	Milestone int64        `json:"milestone"`
	Views     int64        `json:"views"`
}

// EventTrackingFailedData is the data of tracking.failed.
type EventTrackingFailedData struct {
	Summary  string        `json:"summary"`
	Kind     string        `json:"kind"`
	Video    *EventVideo   `json:"video,omitempty"`
	Account  *EventAccount `json:"account,omitempty"`
	Failures int           `json:"failures"`
	Reason   string        `json:"reason"`
}

// EventNewPostData is the data of account.new_post.
type EventNewPostData struct {
	Summary string       `json:"summary"`
	Account EventAccount `json:"account"`
	Video   EventVideo   `json:"video"`
}

// EventCampaignBudgetData is the data of campaign.budget; amounts are decimal strings.
type EventCampaignBudgetData struct {
	Summary   string        `json:"summary"`
	Campaign  EventCampaign `json:"campaign"`
	Threshold int           `json:"threshold"`
	Budget    string        `json:"budget"`
	Committed string        `json:"committed"`
}

// EventLineData is the data of payout.line_locked and payout.line_held.
type EventLineData struct {
	Summary     string             `json:"summary"`
	Campaign    EventCampaign      `json:"campaign"`
	Video       EventVideo         `json:"video"`
	Payee       string             `json:"payee"`
	PeriodStart time.Time          `json:"periodStart"`
	WindowEnd   time.Time          `json:"windowEnd"`
	Views       int64              `json:"views"`
	Amount      string             `json:"amount"`
	Status      domain.Line        `json:"status"`
	HoldReason  *domain.HoldReason `json:"holdReason"`
	HoldDetail  string             `json:"holdDetail"`
}

// EventOutlierData is the data of video.outlier, scored as internal/insight does.
type EventOutlierData struct {
	Summary    string     `json:"summary"`
	Video      EventVideo `json:"video"`
	AgeHours   int        `json:"ageHours"`
	Views      int64      `json:"views"`
	Median     float64    `json:"median"`
	Multiplier float64    `json:"multiplier"`
	Percentile int        `json:"percentile"`
	Baseline   int        `json:"baseline"`
}

// Record writes the events in tx.
func Record(ctx context.Context, tx pgx.Tx, events []Event) error {
	if len(events) == 0 {
		return nil
	}
	rows := make([][]any, len(events))
	for i, e := range events {
		if e.ID == uuid.Nil {
			e.ID = uuid.New()
		}
		payload, err := json.Marshal(e.Payload)
		if err != nil {
			return fmt.Errorf("encode %s event: %w", e.Type, err)
		}
		var plat *string
		if e.Platform != "" {
			p := string(e.Platform)
			plat = &p
		}
		rows[i] = []any{e.ID, e.WorkspaceID, string(e.Type), e.OccurredAt.UTC(), e.RuleID, e.VideoID, e.AccountID, e.CollectionID, plat, payload}
	}
	_, err := tx.CopyFrom(ctx, pgx.Identifier{"events"},
		[]string{"id", "workspace_id", "type", "occurred_at", "rule_id", "video_id", "account_id", "collection_id", "platform", "payload"},
		pgx.CopyFromRows(rows))
	if err != nil {
		return fmt.Errorf("record events: %w", err)
	}
	return nil
}

// PlatformName is a platform as a sentence names it.
func PlatformName(p platform.Platform) string {
	switch p {
	case platform.TikTok:
		return "TikTok"
	case platform.Instagram:
		return "Instagram"
	case platform.YouTube:
		return "YouTube"
	case platform.X:
		return "X"
	}
	return string(p)
}

// HandleOrURL names an item by its @handle, or its URL when it has none.
func HandleOrURL(handle, url string) string {
	if handle != "" {
		return "@" + handle
	}
	return url
}

// GroupDigits writes n with thousands separated by commas.
func GroupDigits(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}

// DescribedVideo is a video of an event with its account.
type DescribedVideo struct {
	EventVideo
	AccountID *uuid.UUID
}

// DescribeVideos reads the workspace's videos ids as events describe them.
func DescribeVideos(ctx context.Context, tx pgx.Tx, ws uuid.UUID, ids []uuid.UUID) (map[uuid.UUID]DescribedVideo, error) {
	out := make(map[uuid.UUID]DescribedVideo, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	rows, err := tx.Query(ctx, `
		SELECT id, url, platform, account_handle, caption, published_at, account_id
		FROM videos WHERE workspace_id = $1 AND id = ANY($2)`, ws, ids)
	if err != nil {
		return nil, fmt.Errorf("read videos: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var v DescribedVideo
		if err := rows.Scan(&v.ID, &v.URL, &v.Platform, &v.AccountHandle, &v.Caption, &v.PublishedAt, &v.AccountID); err != nil {
			return nil, fmt.Errorf("read videos: %w", err)
		}
		out[v.ID] = v
	}
	return out, rows.Err()
}
