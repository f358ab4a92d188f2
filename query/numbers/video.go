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

const (
	// VideoHourlyDays is how far back a video's hour series reaches.
	VideoHourlyDays = 30
	// MaxVideoHistory is how many scrapes a video's history lists.
	MaxVideoHistory = 50
	// MaxVideoScrapes is how many latest snapshots the scrape series holds.
	MaxVideoScrapes = 2000
)

// VideoDetail is the answer of GET /videos/{id}.
type VideoDetail struct {
	Video
	// Hourly and Daily hold a point per hour or day with a snapshot, oldest first.
	Hourly []VideoPoint `json:"hourly"`
	Daily  []VideoPoint `json:"daily"`
	// Scrapes holds a point per snapshot, or the hour where retention dropped them.
	Scrapes []VideoPoint `json:"scrapes"`
	// History lists the scrapes of the video or its account, newest first.
	History []VideoScrape `json:"history"`
	// NextScrapeAt is nil when the video is not refreshed.
	NextScrapeAt     *time.Time      `json:"nextScrapeAt"`
	NextScrapeReason *refresh.Reason `json:"nextScrapeReason"`
	// AccountTrackingLimit is nil for a video tracked by link.
	AccountTrackingLimit *int `json:"accountTrackingLimit"`
}

// VideoPoint is one bucket of a video's series, or one snapshot.
type VideoPoint = chread.VideoPoint

// VideoScrape is one scrape job that covered a video or its account.
type VideoScrape struct {
	JobID uuid.UUID `json:"jobId"`
	// At is the job's latest change.
	At     time.Time  `json:"at"`
	Status domain.Job `json:"status"`
	// Reason is why the run failed or was queued again.
	Reason  string `json:"reason"`
	GivenUp bool   `json:"givenUp"`
	// Trigger is track (the first scrape) or refresh; Via, video or account.
	Trigger  string    `json:"trigger"`
	Via      string    `json:"via"`
	Attempts int       `json:"attempts"`
	QueuedAt time.Time `json:"queuedAt"`
	// ScrapedAt is the time of the run's snapshots; nil before they are recorded.
	ScrapedAt *time.Time `json:"scrapedAt"`
}

// One returns one video with its series and history; not found when removed.
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
	eg.Go(func() (err error) {
		q := videoHourly(ws, id, e.FirstAt, now)
		q.Raw = domain.RawSnapshotsKept(q.Start, now, h.SnapshotRetention)
		out.Hourly, err = ch.VideoSeries(ectx, q)
		return err
	})
	eg.Go(func() (err error) {
		out.Daily, err = ch.VideoSeries(ectx, videoDaily(ws, id, e.FirstAt))
		return err
	})
	eg.Go(func() (err error) {
		out.Scrapes, err = ch.VideoScrapes(ectx, videoScrapesOf(ws, id, e.FirstAt, now))
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

func videoScrapesOf(ws, id uuid.UUID, first, now time.Time) chread.VideoScrapesQuery {
	return chread.VideoScrapesQuery{Workspace: ws, ID: id, Start: videoHourly(ws, id, first, now).Start, Max: MaxVideoScrapes}
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

// videoHistorySQL reads the jobs of a video and of its account since it was found.
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
