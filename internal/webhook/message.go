package webhook

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Event is one event as the channels render it.
type Event struct {
	// ID is the event's id, the webhook-id of its webhook request.
	ID         string
	Type       string
	OccurredAt time.Time
	// Payload is the event's data (events.payload), a JSON object.
	Payload json.RawMessage
}

const (
	// SlackEventsShown events are listed; the rest are counted.
	SlackEventsShown = 10
	// DiscordEmbeds is the most embeds Discord takes in one message.
	DiscordEmbeds = 10
)

var titles = map[string]string{
	"video.spike":        "Spike",
	"video.milestone":    "Views milestone",
	"account.milestone":  "Account milestone",
	"tracking.failed":    "Tracking keeps failing",
	"account.new_post":   "New post",
	"campaign.budget":    "Campaign budget",
	"payout.line_locked": "Payout line locked",
	"payout.line_held":   "Payout line held for review",
	"channel.test":       "Test message",
}

// Title is the heading of e in a chat message.
func Title(e Event) string {
	if t, ok := titles[e.Type]; ok {
		return t
	}
	return e.Type
}

// Summary is e's lines in a chat message: the payload's "summary" or
// "message", else its plain fields as "name: value", in name order.
func Summary(e Event) string {
	var p map[string]any
	if json.Unmarshal(e.Payload, &p) != nil {
		return ""
	}
	for _, k := range []string{"summary", "message", "text"} {
		if s, ok := p[k].(string); ok && s != "" {
			return clip(s, 500)
		}
	}
	keys := make([]string, 0, len(p))
	for k, v := range p {
		switch v.(type) {
		case string, float64, bool:
			if k != "url" {
				keys = append(keys, k)
			}
		}
	}
	slices.Sort(keys)
	var lines []string
	for _, k := range keys {
		if len(lines) == 8 {
			break
		}
		var v string
		switch x := p[k].(type) {
		case string:
			v = x
		case float64:
			v = strconv.FormatFloat(x, 'f', -1, 64)
		case bool:
			v = strconv.FormatBool(x)
		}
		lines = append(lines, k+": "+clip(v, 120))
	}
	return strings.Join(lines, "\n")
}

// Link is the payload's http(s) "url", else its video's, else its account's.
func Link(e Event) string {
	var p struct {
		URL     string `json:"url"`
		Video   *item  `json:"video"`
		Account *item  `json:"account"`
	}
	_ = json.Unmarshal(e.Payload, &p)
	for _, u := range []string{p.URL, urlOf(p.Video), urlOf(p.Account)} {
		if strings.HasPrefix(u, "https://") || strings.HasPrefix(u, "http://") {
			return u
		}
	}
	return ""
}

type item struct {
	URL string `json:"url"`
}

func urlOf(v *item) string {
	if v == nil {
		return ""
	}
	return v.URL
}

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// slackEscape escapes the three characters Slack's mrkdwn reserves.
func slackEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// SlackBody folds events into one Slack message: a section each up to
// SlackEventsShown, then "and N more".
func SlackBody(events []Event, dashboardURL string) ([]byte, error) {
	type text struct {
		Type string `json:"type"`
		Text string `json:"text"`
	}
	type block struct {
		Type     string `json:"type"`
		Text     *text  `json:"text,omitempty"`
		Elements []text `json:"elements,omitempty"`
	}
	var blocks []block
	var fallback []string
	for i, e := range events {
		if i == SlackEventsShown {
			break
		}
		head := "*" + slackEscape(Title(e)) + "*"
		if link := Link(e); link != "" {
			head = "*<" + slackEscape(link) + "|" + slackEscape(Title(e)) + ">*"
		}
		body := head
		if s := Summary(e); s != "" {
			body += "\n" + slackEscape(s)
		}
		blocks = append(blocks, block{Type: "section", Text: &text{Type: "mrkdwn", Text: clip(body, 3000)}})
		fallback = append(fallback, Title(e))
	}
	footer := []string{}
	if more := len(events) - SlackEventsShown; more > 0 {
		footer = append(footer, fmt.Sprintf("and %d more", more))
		fallback = append(fallback, fmt.Sprintf("and %d more", more))
	}
	if dashboardURL != "" {
		footer = append(footer, "<"+slackEscape(dashboardURL)+"|Open reeltrack>")
	}
	if len(footer) > 0 {
		blocks = append(blocks, block{Type: "context", Elements: []text{{Type: "mrkdwn", Text: strings.Join(footer, " · ")}}})
	}
	return json.Marshal(map[string]any{
		"text":   clip("reeltrack: "+strings.Join(fallback, ", "), 3000),
		"blocks": blocks,
	})
}

// DiscordBody folds events into one Discord message: an embed each up to
// DiscordEmbeds, then "and N more".
func DiscordBody(events []Event) ([]byte, error) {
	type embed struct {
		Title       string `json:"title"`
		Description string `json:"description,omitempty"`
		URL         string `json:"url,omitempty"`
		Timestamp   string `json:"timestamp"`
	}
	embeds := []embed{}
	for i, e := range events {
		if i == DiscordEmbeds {
			break
		}
		embeds = append(embeds, embed{Title: clip(Title(e), 256), Description: clip(Summary(e), 4000), URL: Link(e),
			Timestamp: e.OccurredAt.UTC().Format(time.RFC3339)})
	}
	content := "reeltrack: 1 event"
	if len(events) != 1 {
		content = fmt.Sprintf("reeltrack: %d events", len(events))
	}
	if more := len(events) - DiscordEmbeds; more > 0 {
		content += fmt.Sprintf(" (and %d more)", more)
	}
	return json.Marshal(map[string]any{
		"content":          content,
		"embeds":           embeds,
		"allowed_mentions": map[string]any{"parse": []string{}},
	})
}

// WebhookBody is a Standard Webhooks body for one event: {"type",
// "timestamp", "data"}.
func WebhookBody(e Event) ([]byte, error) {
	data := e.Payload
	if len(data) == 0 {
		data = json.RawMessage("{}")
	}
	return json.Marshal(struct {
		Type      string          `json:"type"`
		Timestamp string          `json:"timestamp"`
		Data      json.RawMessage `json:"data"`
	}{e.Type, e.OccurredAt.UTC().Format(time.RFC3339), data})
}
