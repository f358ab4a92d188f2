package numbers

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
	"github.com/reeltrack/reeltrack/internal/refresh"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// Video detail bounds.
const (
	// VideoHourlyDays is how many days back the hour series of one video
	// reaches: the current hour and the 719 before it, at most.
	VideoHourlyDays = 30
	// MaxVideoHistory is how many scrapes the history of one video lists.
	MaxVideoHistory = 50
	// MaxVideoScrapes bounds the scrape series to the latest snapshots.
	MaxVideoScrapes = 2000
)

// VideoDetail is the answer of GET /videos/{id}.
type VideoDetail struct {
	Video
	// Hourly holds a point per UTC hour with a snapshot, from the later of
	// the first snapshot and VideoHourlyDays ago, oldest first.
	Hourly []VideoPoint `json:"hourly"`
	// Daily holds a point per UTC day with a snapshot, oldest first.
	Daily []VideoPoint `json:"daily"`
	// Scrapes holds a point per snapshot of the last VideoHourlyDays (the latest
	// MaxVideoScrapes), oldest first; where retention dropped the raw snapshots,
	// Hourly's hours stand in.
	Scrapes []VideoPoint `json:"scrapes"`
	// History lists the scrapes of the video or its account, newest first.
	History []VideoScrape `json:"history"`
	// NextScrapeAt is when the video is next scraped by the refresh's plan: not
	// after the answer's time when queued or due; nil when not refreshed.
	NextScrapeAt *time.Time `json:"nextScrapeAt"`
	// NextScrapeReason is why it comes then (docs/refresh.md); nil when NextScrapeAt is.
	NextScrapeReason *refresh.Reason `json:"nextScrapeReason"`
	// AccountTrackingLimit is, for a video found through an account, how many of
	// the account's newest posts it keeps tracked; nil for one tracked by link.
	AccountTrackingLimit *int `json:"accountTrackingLimit"`
}

// VideoPoint is one bucket of a video's series: per metric, the last value
// recorded in the bucket; nil when none was (the platform hid it).
type VideoPoint struct {
	T        time.Time `json:"t"`
	Views    *uint64   `json:"views"`
	Likes    *uint64   `json:"likes"`
	Comments *uint64   `json:"comments"`
	Shares   *uint64   `json:"shares"`
	Saves    *uint64   `json:"saves"`
}

// VideoScrape is one scrape job that covered a video: of the video itself,
// or of its account since the video was first found.
type VideoScrape struct {
	JobID uuid.UUID `json:"jobId"`
	// At is the job's latest change.
	At     time.Time  `json:"at"`
	Status domain.Job `json:"status"`
	// Reason is why the run failed or was queued again; empty otherwise.
	Reason string `json:"reason"`
	// GivenUp is true for a job that is not retried any more.
	GivenUp bool `json:"givenUp"`
	// Trigger is track (the first scrape after tracking) or refresh.
	Trigger string `json:"trigger"`
	// Via is video or account: what the job scraped.
	Via      string    `json:"via"`
	Attempts int       `json:"attempts"`
	QueuedAt time.Time `json:"queuedAt"`
	// ScrapedAt is the run's finish time, the time of its snapshots; nil
	// before the results are recorded.
	ScrapedAt *time.Time `json:"scrapedAt"`
}

// One returns one video of the workspace as the list shows it, with its
// series and history; not found for another workspace's, a removed one or
// a removed account's. A video beyond its account's limit is found.
func (h VideosHandler) One(ctx context.Context, ws, id uuid.UUID) (VideoDetail, error) {
	now := h.Now().UTC()
	out := VideoDetail{Hourly: []VideoPoint{}, Daily: []VideoPoint{}, Scrapes: []VideoPoint{}, History: []VideoScrape{}}
	var (
		found bool
		e     chread.EntityMetrics
		has   bool
	)
	eg, ectx := fanout.WithContext(ctx)
	eg.Go(func() error {
		rows, _ := h.DB.Query(ectx, `SELECT `+videoColumns+videoFromSQL+` AND v.id = $2
  AND v.status <> $3 AND (v.tracked_individually OR a.status IS DISTINCT FROM $3)`, ws, id, domain.ItemRemoved)
		vs, err := pgx.CollectRows(rows, scanVideo)
		if err != nil {
			return fmt.Errorf("read video: %w", err)
		}
		if len(vs) > 0 {
			out.Video, found = vs[0], true
		}
		return nil
	})
	eg.Go(func() error {
		return chread.Reader{CH: h.CH}.Entities(ectx, videoMetrics(ws, id, now), func(_ uuid.UUID, m chread.EntityMetrics) error {
			e, has = m, true
			return nil
		})
	})
	eg.Go(func() (err error) {
		out.History, err = videoHistory(ectx, h, ws, id)
		return err
	})
	eg.Go(func() (err error) {
		out.NextScrapeAt, out.NextScrapeReason, err = nextScrape(ectx, h.DB, ws, scheduledVideo, now, id)
		return err
	})
	eg.Go(func() error {
		err := h.DB.QueryRow(ectx, `SELECT a.tracking_limit FROM videos v JOIN accounts a ON a.id = v.account_id
WHERE v.workspace_id = $1 AND v.id = $2 AND NOT v.tracked_individually`, ws, id).Scan(&out.AccountTrackingLimit)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("read the account's tracking limit: %w", err)
		}
		return nil
	})
	if err := eg.Wait(); err != nil {
		return VideoDetail{}, err
	}
	if !found {
		return VideoDetail{}, apperr.NotFound("video not found")
	}
	if !has {
		// never scraped: no numbers, no series
		return out, nil
	}
	out.withMetrics(e)
	eg, ectx = fanout.WithContext(ctx)
	ch := chread.Reader{CH: h.CH}
	eg.Go(func() error {
		ps, err := ch.VideoSeries(ectx, videoHourly(ws, id, e.FirstAt, now))
		out.Hourly = videoPoints(ps)
		return err
	})
	eg.Go(func() error {
		ps, err := ch.VideoSeries(ectx, videoDaily(ws, id, e.FirstAt))
		out.Daily = videoPoints(ps)
		return err
	})
	eg.Go(func() error {
		ps, err := ch.VideoScrapes(ectx, videoScrapesOf(ws, id, e.FirstAt, now))
		out.Scrapes = videoPoints(ps)
		return err
	})
	if err := eg.Wait(); err != nil {
		return VideoDetail{}, err
	}
	// the hours before the first raw snapshot kept
	if n := len(out.Scrapes); n < MaxVideoScrapes {
		var before []VideoPoint
		for _, p := range out.Hourly {
			if n == 0 || chread.Hourly.Floor(p.T).Before(chread.Hourly.Floor(out.Scrapes[0].T)) {
				before = append(before, p)
			}
		}
		out.Scrapes = append(before, out.Scrapes...)
	}
	return out, nil
}

// videoScrapesOf reads a video's snapshots of the last VideoHourlyDays,
// from its first at the earliest: the hours of its hour series.
func videoScrapesOf(ws, id uuid.UUID, first, now time.Time) chread.VideoScrapesQuery {
	return chread.VideoScrapesQuery{Workspace: ws, ID: id, Start: videoHourly(ws, id, first, now).Start, Max: MaxVideoScrapes}
}

// videoPoints are the points as the answer shows them.
func videoPoints(ps []chread.VideoPoint) []VideoPoint {
	out := make([]VideoPoint, len(ps))
	for i, p := range ps {
		out[i] = VideoPoint(p)
	}
	return out
}

func videoMetrics(ws, id uuid.UUID, now time.Time) chread.EntitiesQuery {
	q := videoListMetrics(ws, now)
	q.Only = []uuid.UUID{id}
	return q
}

func videoHourly(ws, id uuid.UUID, first, now time.Time) chread.VideoSeriesQuery {
	start := maxTime(chread.Hourly.Floor(first), chread.Hourly.Floor(now).Add(-(VideoHourlyDays*24-1)*time.Hour))
	return chread.VideoSeriesQuery{Workspace: ws, ID: id, Granularity: chread.Hourly, Start: start}
}

func videoDaily(ws, id uuid.UUID, first time.Time) chread.VideoSeriesQuery {
	return chread.VideoSeriesQuery{Workspace: ws, ID: id, Granularity: chread.Daily, Start: chread.Daily.Floor(first)}
}

// videoHistorySQL reads the jobs that covered a video: its own, and its
// account's since it was found ($1 workspace, $2 video, $3 limit).
const videoHistorySQL = `
SELECT j.id, j.updated_at, j.status, j.error, j.given_up_at IS NOT NULL, j.reason, t.entity_kind,
       j.attempts, j.created_at, j.scraped_at
FROM videos v
JOIN scrape_job_targets t ON t.entity_id IN (v.id, v.account_id)
JOIN scrape_jobs j ON j.id = t.job_id AND j.workspace_id = v.workspace_id
WHERE v.workspace_id = $1 AND v.id = $2
  AND ((t.entity_kind = 'video' AND t.entity_id = v.id)
    OR (t.entity_kind = 'account' AND t.entity_id = v.account_id AND j.updated_at >= v.created_at))
ORDER BY j.updated_at DESC, j.id
LIMIT $3`

func videoHistory(ctx context.Context, h VideosHandler, ws, id uuid.UUID) ([]VideoScrape, error) {
	rows, _ := h.DB.Query(ctx, videoHistorySQL, ws, id, MaxVideoHistory)
	out := []VideoScrape{}
	var s VideoScrape
	_, err := pgx.ForEachRow(rows, []any{&s.JobID, &s.At, &s.Status, &s.Reason, &s.GivenUp, &s.Trigger, &s.Via,
		&s.Attempts, &s.QueuedAt, &s.ScrapedAt}, func() error {
		x := s
		x.At, x.QueuedAt = x.At.UTC(), x.QueuedAt.UTC()
		x.ScrapedAt = query.InUTC(x.ScrapedAt)
		out = append(out, x)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read video history: %w", err)
	}
	return out, nil
}
