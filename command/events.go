package command

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
)

// Event is one event of the catalog (domain.EventType), written to the
// events table in the transaction of the change it tells about; the alerts
// cron dispatches it to the channels and e-mails its rules choose.
type Event struct {
	ID          uuid.UUID
	WorkspaceID uuid.UUID
	Type        domain.EventType
	OccurredAt  time.Time
	// What it is about, for the rules' scope: the spike rule that raised
	// it, the video, the account, the collection (a campaign's, or the
	// item's own) and the platform, where they apply.
	RuleID, VideoID, AccountID, CollectionID *uuid.UUID
	Platform                                 string
	// Payload is the event's data: one of the Event*Data types below,
	// as the webhook body's "data" carries it.
	Payload any
}

// EventVideo is a video as events describe it.
type EventVideo struct {
	ID            uuid.UUID  `json:"id"`
	URL           string     `json:"url"`
	Platform      string     `json:"platform"`
	AccountHandle string     `json:"accountHandle"`
	Caption       string     `json:"caption"`
	PublishedAt   *time.Time `json:"publishedAt"`
}

// EventAccount is an account as events describe it.
type EventAccount struct {
	ID       uuid.UUID `json:"id"`
	URL      string    `json:"url"`
	Platform string    `json:"platform"`
	Handle   string    `json:"handle"`
}

// EventCampaign is a campaign as events describe it.
type EventCampaign struct {
	ID       uuid.UUID `json:"id"`
	Name     string    `json:"name"`
	Currency string    `json:"currency"`
}

// EventSpikeData is the data of video.spike.
type EventSpikeData struct {
	Summary     string     `json:"summary"`
	RuleID      uuid.UUID  `json:"ruleId"`
	RuleName    string     `json:"ruleName"`
	Video       EventVideo `json:"video"`
	Metric      string     `json:"metric"`
	Condition   string     `json:"condition"`
	Threshold   float64    `json:"threshold"`
	WindowStart time.Time  `json:"windowStart"`
	WindowEnd   time.Time  `json:"windowEnd"`
	StartValue  int64      `json:"startValue"`
	EndValue    int64      `json:"endValue"`
	Gain        int64      `json:"gain"`
	GrowthPct   *float64   `json:"growthPct"`
	Baseline    *float64   `json:"baseline"`
}

// EventVideoMilestoneData is the data of video.milestone.
type EventVideoMilestoneData struct {
	Summary   string     `json:"summary"`
	Video     EventVideo `json:"video"`
	Milestone int64      `json:"milestone"`
	Views     int64      `json:"views"`
}

// EventAccountMilestoneData is the data of account.milestone: Views is the
// sum of the latest views of the account's counted videos.
type EventAccountMilestoneData struct {
	Summary   string       `json:"summary"`
	Account   EventAccount `json:"account"`
	Milestone int64        `json:"milestone"`
	Views     int64        `json:"views"`
}

// EventTrackingFailedData is the data of tracking.failed.
type EventTrackingFailedData struct {
	Summary string `json:"summary"`
	// Kind is video or account; the item is in Video or Account.
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

// EventCampaignBudgetData is the data of campaign.budget. Amounts are
// decimal strings in the campaign's currency.
type EventCampaignBudgetData struct {
	Summary   string        `json:"summary"`
	Campaign  EventCampaign `json:"campaign"`
	Threshold int           `json:"threshold"`
	Budget    string        `json:"budget"`
	Committed string        `json:"committed"`
}

// EventLineData is the data of payout.line_locked and payout.line_held.
type EventLineData struct {
	Summary     string        `json:"summary"`
	Campaign    EventCampaign `json:"campaign"`
	Video       EventVideo    `json:"video"`
	Payee       string        `json:"payee"`
	PeriodStart time.Time     `json:"periodStart"`
	WindowEnd   time.Time     `json:"windowEnd"`
	Views       int64         `json:"views"`
	Amount      string        `json:"amount"`
	Status      string        `json:"status"`
	HoldReason  *string       `json:"holdReason"`
	HoldDetail  string        `json:"holdDetail"`
}

// addEvents writes the events in tx.
func addEvents(ctx context.Context, tx pgx.Tx, events []Event) error {
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
			plat = &e.Platform
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

// platformName is a platform as a sentence names it.
func platformName(p string) string {
	switch p {
	case "tiktok":
		return "TikTok"
	case "instagram":
		return "Instagram"
	case "youtube":
		return "YouTube"
	case "x":
		return "X"
	}
	return p
}

// handleOrURL names an item by its @handle, or its URL when it has none.
func handleOrURL(handle, url string) string {
	if handle != "" {
		return "@" + handle
	}
	return url
}

// groupDigits writes n with thousands separated by commas.
func groupDigits(n int64) string {
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
