package main

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
)

// The owner the soak signs up as.
const (
	ownerEmail    = "owner@soak.example.com"
	ownerPassword = "soak-password-1"
)

// platforms are the accounts' platforms in turn, with their profile URLs.
var platforms = []struct {
	short   string
	profile func(handle string) string
}{
	{"tt", func(h string) string { return "https://www.tiktok.com/@" + h }},
	{"ig", func(h string) string { return "https://www.instagram.com/" + h + "/" }},
	{"yt", func(h string) string { return "https://www.youtube.com/@" + h }},
	{"x", func(h string) string { return "https://x.com/" + h }},
}

// setUp makes the workspace as a user would, through the API: signs up,
// verifies the address with the e-mailed link, adds a webhook channel,
// two alert rules sent by e-mail and to the channel, a daily digest, a
// collection that is a campaign, and tracks the accounts (a quarter of
// them into the campaign's collection). The plan is the one thing set in
// PostgreSQL: the agency plan with a video limit of exactly the items,
// where a payment would set it.
func (s *soak) setUp(ctx context.Context) error {
	if err := s.api.do(ctx, "POST", "/api/auth/signup", map[string]string{"email": ownerEmail, "password": ownerPassword}, nil); err != nil {
		return err
	}
	if err := s.api.do(ctx, "POST", "/api/workspace/bootstrap", map[string]string{"name": "Soak"}, nil); err != nil {
		return err
	}
	if err := s.pg.QueryRow(ctx, `SELECT w.id FROM workspaces w JOIN users u ON u.id = w.owner_id WHERE u.email = $1 AND w.competitors_of IS NULL`, ownerEmail).Scan(&s.ws); err != nil {
		return fmt.Errorf("%w: %v", errNoWorkspace, err)
	}
	s.accounts = s.o.Items / s.o.PerAccount
	if _, err := s.pg.Exec(ctx, `UPDATE workspaces SET plan = 'agency', video_limit = $2, trial_ends_at = NULL, has_access = true WHERE id = $1`,
		s.ws, s.accounts*s.o.PerAccount); err != nil {
		return fmt.Errorf("set the plan: %w", err)
	}
	var token string
	for deadline := time.Now().Add(2 * time.Minute); token == ""; time.Sleep(50 * time.Millisecond) {
		if token = s.inbox.token(ownerEmail); token == "" && time.Now().After(deadline) {
			return fmt.Errorf("no verification e-mail reached %s", ownerEmail)
		}
	}
	if err := s.api.do(ctx, "POST", "/api/auth/verify-email", map[string]string{"token": token}, nil); err != nil {
		return err
	}

	var channel struct {
		ID uuid.UUID `json:"id"`
	}
	if err := s.api.do(ctx, "POST", "/api/channels", map[string]any{"kind": "webhook", "name": "Soak endpoint", "url": s.hooks.url}, &channel); err != nil {
		return err
	}
	for _, rule := range []map[string]any{
		{"name": "A million views", "eventType": "video.milestone", "threshold": 1_000_000, "channelIds": []uuid.UUID{channel.ID}},
		{"name": "Fast risers", "eventType": "video.spike", "metric": "views", "condition": "gain", "threshold": 250_000,
			"windowHours": 24, "cooldownHours": 72, "channelIds": []uuid.UUID{channel.ID}},
	} {
		if err := s.api.do(ctx, "POST", "/api/alerts", rule, nil); err != nil {
			return err
		}
	}
	if err := s.api.do(ctx, "PUT", "/api/workspace/digest", map[string]string{"frequency": "daily"}, nil); err != nil {
		return err
	}
	var collection struct {
		ID uuid.UUID `json:"id"`
	}
	if err := s.api.do(ctx, "POST", "/api/collections", map[string]string{"name": "Campaign"}, &collection); err != nil {
		return err
	}
	s.start = s.now()
	if err := s.api.do(ctx, "POST", "/api/campaigns", map[string]any{
		"collectionId": collection.ID, "currency": "USD", "period": "weekly", "startsAt": s.start.Add(-24 * time.Hour),
		"rules": map[string]any{"tiers": []map[string]int{{"fromViews": 0, "cpm": 100}}, "windowHours": 72},
	}, nil); err != nil {
		return err
	}

	var urls []string
	for i := range s.accounts {
		p := platforms[i%len(platforms)]
		urls = append(urls, p.profile(fmt.Sprintf("soak%s%05d", p.short, i)))
	}
	for i := 0; i < len(urls); i += 50 {
		body := map[string]any{"urls": urls[i:min(i+50, len(urls))], "tracking_limit": s.o.PerAccount}
		if i < len(urls)/4 {
			body["collection_id"] = collection.ID
		}
		var answer struct {
			Results []struct {
				Success bool   `json:"success"`
				URL     string `json:"url"`
				Message string `json:"message"`
			} `json:"results"`
		}
		if err := s.api.do(ctx, "POST", "/api/track/bulk", body, &answer); err != nil {
			return err
		}
		for _, r := range answer.Results {
			if !r.Success {
				return fmt.Errorf("tracking %s: %s", r.URL, r.Message)
			}
		}
	}
	return s.waitScrapes(ctx)
}
