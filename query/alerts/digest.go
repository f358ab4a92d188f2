package alerts

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// DigestHandler builds a digest e-mail from the dashboard's reads and the alert events.
type DigestHandler query.Readers

// Digest reads what the workspace's items did in a past period (domain.Digest).
func (h DigestHandler) Digest(ctx context.Context, ws uuid.UUID, start, end time.Time) (domain.Digest, error) {
	start, end = start.UTC(), end.UTC()
	d := domain.Digest{Start: start, End: end}
	if !end.After(start) {
		return d, apperr.Invalid("end", "must come after start")
	}
	var (
		o               numbers.Overview
		followers       domain.DigestCount
		videos          numbers.VideoPage
		accounts        []domain.DigestFailure
		accountsInError int
	)
	last := end.AddDate(0, 0, -1)
	err := fanout.All(
		func() (err error) {
			o, err = numbers.OverviewHandler(h).Handle(ctx, ws, numbers.OverviewQuery{From: &start, To: &last})
			return err
		},
		func() (err error) {
			followers, err = h.followers(ctx, ws, query.RangeWindow(start, last, h.Now()))
			return err
		},
		func() (err error) {
			d.Spikes, d.SpikeCount, err = h.spikes(ctx, ws, start, end)
			return err
		},
		func() (err error) {
			d.NewPosts, d.NewPostCount, err = h.newPosts(ctx, ws, start, end)
			return err
		},
		func() (err error) {
			videos, err = numbers.VideosHandler(h).Handle(ctx, ws, numbers.VideoQuery{
				Filter: numbers.VideoFilter{Status: domain.ItemError}, Sort: numbers.SortAdded, Limit: domain.DigestItems})
			return err
		},
		func() (err error) {
			accounts, accountsInError, err = h.accountsInError(ctx, ws)
			return err
		},
	)
	if err != nil {
		return domain.Digest{}, err
	}

	for _, c := range []struct {
		m domain.Metric
		g numbers.PeriodGained
	}{{domain.Views, o.Gains.Views}, {domain.Likes, o.Gains.Likes}, {domain.Comments, o.Gains.Comments}, {domain.Shares, o.Gains.Shares}} {
		d.Counts = append(d.Counts, domain.DigestCount{Metric: c.m, Period: c.g.Period, Previous: c.g.Previous, ChangePct: c.g.ChangePct})
	}
	d.Counts = append(d.Counts, followers)
	for _, m := range o.TopMovers {
		d.Movers = append(d.Movers, domain.DigestVideo{VideoCard: m.VideoCard, ViewsGained: m.ViewsGained})
	}
	for _, v := range videos.Videos {
		d.Failures = append(d.Failures, domain.DigestFailure{Kind: string(platform.Video), ID: v.ID, Platform: v.Platform,
			Name: v.URL, URL: v.URL, Reason: v.StatusReason})
	}
	for _, a := range accounts {
		if len(d.Failures) < domain.DigestItems {
			d.Failures = append(d.Failures, a)
		}
	}
	d.FailureCount = videos.Total + accountsInError
	return d, nil
}

// followers is the accounts' followers gained in the window and the one before.
func (h DigestHandler) followers(ctx context.Context, ws uuid.UUID, w query.Window) (domain.DigestCount, error) {
	c := domain.DigestCount{Metric: domain.Followers}
	rows, _ := h.DB.Query(ctx, `SELECT id FROM accounts WHERE workspace_id = $1 AND status <> $2`, ws, domain.ItemRemoved)
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return c, fmt.Errorf("read accounts: %w", err)
	}
	var previous int64
	c.Previous = &previous
	if len(ids) == 0 {
		return c, nil
	}
	cutoffs := []time.Time{w.Start, w.PrevStart}
	if !w.End.IsZero() {
		cutoffs = append(cutoffs, w.End)
	}
	err = chread.Reader{CH: h.CH}.Entities(ctx, chread.EntitiesQuery{Workspace: ws, Kind: platform.Account, Metric: domain.Followers,
		Cutoffs: cutoffs, Only: ids, Read: []domain.Metric{domain.Followers}}, func(_ uuid.UUID, e chread.EntityMetrics) error {
		gs := e.Gains
		if gs[0] == nil {
			return nil
		}
		period := *gs[0]
		if len(gs) > 2 {
			period -= *gs[2]
		}
		c.Period += period
		previous += *gs[1] - *gs[0]
		return nil
	})
	if err != nil {
		return c, err
	}
	if previous != 0 {
		pct := float64(c.Period-previous) * 100 / float64(previous)
		c.ChangePct = &pct
	}
	return c, nil
}

func (h DigestHandler) spikes(ctx context.Context, ws uuid.UUID, start, end time.Time) ([]domain.DigestSpike, int, error) {
	rows, _ := h.DB.Query(ctx, `
SELECT r.name, e.metric, e.video_id, v.url, v.platform, v.account_handle, e.gain, e.triggered_at, count(*) OVER ()
FROM alert_events e
JOIN alert_rules r ON r.id = e.rule_id
JOIN videos v ON v.id = e.video_id
WHERE e.workspace_id = $1 AND e.triggered_at >= $2 AND e.triggered_at < $3
ORDER BY e.gain DESC, e.triggered_at, e.id
LIMIT $4`, ws, start, end, domain.DigestItems)
	var total int
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.DigestSpike, error) {
		var s domain.DigestSpike
		err := row.Scan(&s.RuleName, &s.Metric, &s.VideoID, &s.VideoURL, &s.Platform, &s.AccountHandle, &s.Gain, &s.TriggeredAt, &total)
		s.TriggeredAt = s.TriggeredAt.UTC()
		return s, err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("read the period's alert events: %w", err)
	}
	return out, total, nil
}

func (h DigestHandler) newPosts(ctx context.Context, ws uuid.UUID, start, end time.Time) ([]domain.DigestVideo, int, error) {
	rows, _ := h.DB.Query(ctx, `
SELECT v.id, v.platform, v.url, v.caption, v.account_handle, v.created_at, count(*) OVER ()
FROM videos v JOIN accounts a ON a.id = v.account_id
WHERE v.workspace_id = $1 AND NOT v.tracked_individually AND v.created_at >= $2 AND v.created_at < $3
  AND v.status <> ALL($4::text[]) AND a.status <> $5 AND `+query.CountedKindSQL+`
ORDER BY v.created_at DESC, v.id
LIMIT $6`, ws, start, end, query.UncountedVideos, domain.ItemRemoved, domain.DigestItems)
	var total int
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.DigestVideo, error) {
		var v domain.DigestVideo
		err := row.Scan(&v.ID, &v.Platform, &v.URL, &v.Caption, &v.AccountHandle, &v.FoundAt, &total)
		v.FoundAt = v.FoundAt.UTC()
		return v, err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("read the period's new posts: %w", err)
	}
	return out, total, nil
}

func (h DigestHandler) accountsInError(ctx context.Context, ws uuid.UUID) ([]domain.DigestFailure, int, error) {
	rows, _ := h.DB.Query(ctx, `
SELECT id, platform, handle, url, status_reason, count(*) OVER ()
FROM accounts WHERE workspace_id = $1 AND status = $2
ORDER BY updated_at DESC, id
LIMIT $3`, ws, domain.ItemError, domain.DigestItems)
	var total int
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (domain.DigestFailure, error) {
		f := domain.DigestFailure{Kind: string(platform.Account)}
		err := row.Scan(&f.ID, &f.Platform, &f.Name, &f.URL, &f.Reason, &total)
		return f, err
	})
	if err != nil {
		return nil, 0, fmt.Errorf("read accounts in error: %w", err)
	}
	return out, total, nil
}

// DigestSetting is a member's digest choice (GET /workspace/digest).
type DigestSetting struct {
	Frequency domain.DigestFrequency `json:"frequency"`
	// Since is when the choice was made; nil when it never was.
	Since *time.Time `json:"since"`
	// NextPeriodEnd ends the next period whose digest the member gets; nil when off.
	NextPeriodEnd *time.Time `json:"nextPeriodEnd"`
}

// Setting reads the member's digest choice in the workspace.
func (h DigestHandler) Setting(ctx context.Context, ws, user uuid.UUID) (DigestSetting, error) {
	var s DigestSetting
	var joined time.Time
	err := h.DB.QueryRow(ctx, `SELECT digest_frequency, digest_since, joined_at FROM workspace_members WHERE workspace_id = $1 AND user_id = $2`,
		ws, user).Scan(&s.Frequency, &s.Since, &joined)
	if errors.Is(err, pgx.ErrNoRows) {
		return s, apperr.NotFound("membership not found")
	}
	if err != nil {
		return s, fmt.Errorf("read digest setting: %w", err)
	}
	s.Since = query.InUTC(s.Since)
	if s.Frequency != domain.DigestOff {
		// the period under way ends a length after the last closed one
		start, end := s.Frequency.LastClosed(h.Now())
		length := end.Sub(start)
		next := end.Add(length)
		if joined.After(end) {
			next = next.Add(length)
		}
		s.NextPeriodEnd = &next
	}
	return s, nil
}
