package query

import (
	"context"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2"
	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/refresh"
	"github.com/reeltrack/reeltrack/query/chread"
)

// Video detail bounds.
const (
	// VideoHourlyDays is how many days back the hour series of one video
	// reaches: the current hour and the 719 before it, at most.
	VideoHourlyDays = 30
	// MaxVideoHistory is how many scrapes the history of one video lists.
	MaxVideoHistory = 50
)

// VideoDetail is the answer of GET /videos/{id}: the video as the list
// shows it, its metrics over time and the scrapes that covered it.
type VideoDetail struct {
	Video
	// Hourly holds a point per UTC hour with a snapshot, from the later of
	// the first snapshot and VideoHourlyDays ago, oldest first.
	Hourly []VideoPoint `json:"hourly"`
	// Daily holds a point per UTC day with a snapshot since the first one,
	// oldest first.
	Daily []VideoPoint `json:"daily"`
	// History lists the scrapes of the video or of its account, newest
	// first, at most MaxVideoHistory.
	History []VideoScrape `json:"history"`
	// NextScrapeAt is when the video is next scraped (with its account
	// when found through one), by the refresh's plan (internal/refresh). A
	// time not after the answer's is a scrape queued or due now; nil when
	// it is not refreshed (paused, or the workspace has no access).
	NextScrapeAt *time.Time `json:"nextScrapeAt"`
	// NextScrapeReason is why the next scrape comes when it does (see
	// docs/refresh.md): new, young, growing, campaign, alert_rule, settled
	// or budget; nil when NextScrapeAt is.
	NextScrapeReason *refresh.Reason `json:"nextScrapeReason"`
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

// VideoScrape is one scrape job that covered a video: one of the video
// itself, or one of its account (which finds the account's videos) since
// the video was first found.
type VideoScrape struct {
	JobID uuid.UUID `json:"jobId"`
	// At is the job's latest change.
	At time.Time `json:"at"`
	// Status is queued, running, succeeded, failed or processed (its
	// results are recorded).
	Status string `json:"status"`
	// Reason is why the run failed or was queued again; empty otherwise.
	Reason string `json:"reason"`
	// GivenUp is true for a job that is not retried any more.
	GivenUp bool `json:"givenUp"`
	// Trigger is track (the first scrape after tracking) or refresh.
	Trigger string `json:"trigger"`
	// Via is video for a scrape of the video, account for one of its
	// account.
	Via      string    `json:"via"`
	Attempts int       `json:"attempts"`
	QueuedAt time.Time `json:"queuedAt"`
	// ScrapedAt is the run's finish time, the time of its snapshots; nil
	// before the results are recorded.
	ScrapedAt *time.Time `json:"scrapedAt"`
}

// One returns one video of the workspace, as the list shows it, with its
// series and scrape history; not found for a video of another workspace, a
// removed one or one of a removed account, which the list hides too. A
// video beyond its account's limit is found: its history stays.
func (h VideosHandler) One(ctx context.Context, ws, id uuid.UUID) (VideoDetail, error) {
	now := h.Now().UTC()
	out := VideoDetail{Hourly: []VideoPoint{}, Daily: []VideoPoint{}, History: []VideoScrape{}}
	var (
		found bool
		e     chread.EntityMetrics
		has   bool
	)
	eg, ectx := newGroup(ctx)
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
	eg, ectx = newGroup(ctx)
	eg.Go(func() (err error) {
		out.Hourly, err = videoSeries(ectx, h.CH, videoHourly(ws, id, e.FirstAt, now))
		return err
	})
	eg.Go(func() (err error) {
		out.Daily, err = videoSeries(ectx, h.CH, videoDaily(ws, id, e.FirstAt))
		return err
	})
	if err := eg.Wait(); err != nil {
		return VideoDetail{}, err
	}
	return out, nil
}

// videoMetrics reads one video's numbers as the videos list reads them
// (videoListMetrics).
func videoMetrics(ws, id uuid.UUID, now time.Time) chread.EntitiesQuery {
	q := videoListMetrics(ws, now)
	q.Only = []uuid.UUID{id}
	return q
}

// videoHourly reads a video's hour series: the last VideoHourlyDays, from
// its first snapshot at the earliest.
func videoHourly(ws, id uuid.UUID, first, now time.Time) videoSeriesQuery {
	start := maxTime(chread.Hourly.Floor(first), chread.Hourly.Floor(now).Add(-(VideoHourlyDays*24-1)*time.Hour))
	return videoSeriesQuery{Workspace: ws, ID: id, Granularity: chread.Hourly, Start: start}
}

// videoDaily reads a video's day series since its first snapshot.
func videoDaily(ws, id uuid.UUID, first time.Time) videoSeriesQuery {
	return videoSeriesQuery{Workspace: ws, ID: id, Granularity: chread.Daily, Start: chread.Daily.Floor(first)}
}

// videoSeriesQuery reads one video's buckets of Granularity from Start.
type videoSeriesQuery struct {
	Workspace   uuid.UUID
	ID          uuid.UUID
	Granularity chread.Granularity
	Start       time.Time
}

// videoSeriesSQL: a bucket may hold several rows (parts not merged yet, or
// snapshots that hid different metrics), each a true snapshot: per metric,
// the value of the latest row that recorded it, and whether any did.
var videoSeriesSQL = chread.SQLTemplate("videoSeries", `
SELECT bucket, groupBitOr(recorded) AS rec
{{- range .Cols}}, argMaxIf(assumeNotNull({{.}}), last_at, isNotNull({{.}})) AS {{.}}{{end}}
FROM {{.Table}}
WHERE workspace_id = @ws AND entity_kind = @kind AND bucket >= @start AND entity_id = @id
GROUP BY bucket
ORDER BY bucket`)

// videoSeriesMetrics are the metrics of a video's series, in the order of
// the `recorded` bits.
var videoSeriesMetrics = []domain.Metric{domain.Views, domain.Likes, domain.Comments, domain.Shares, domain.Saves}

// SQL renders the query and its parameters.
func (q videoSeriesQuery) SQL() (string, []any) {
	cols := make([]string, len(videoSeriesMetrics))
	for i, m := range videoSeriesMetrics {
		cols[i] = m.Column()
	}
	text := chread.RenderSQL(videoSeriesSQL, struct {
		Table string
		Cols  []string
	}{q.Granularity.Table(), cols})
	return text, []any{clickhouse.Named("ws", q.Workspace), clickhouse.Named("kind", string(platform.Video)),
		clickhouse.Named("start", q.Start.UTC()), clickhouse.Named("id", q.ID)}
}

// videoSeries runs q: the points in time order.
func videoSeries(ctx context.Context, ch driver.Conn, q videoSeriesQuery) ([]VideoPoint, error) {
	sql, args := q.SQL()
	rows, err := ch.Query(ctx, sql, args...)
	if err != nil {
		return nil, fmt.Errorf("read video %s series: %w", q.Granularity, err)
	}
	defer rows.Close()
	out := []VideoPoint{}
	var (
		t    time.Time
		rec  uint8
		vals [5]uint64
	)
	for rows.Next() {
		if err := rows.Scan(&t, &rec, &vals[0], &vals[1], &vals[2], &vals[3], &vals[4]); err != nil {
			return nil, fmt.Errorf("read video %s series: %w", q.Granularity, err)
		}
		p := VideoPoint{T: t.UTC()}
		for i, dst := range []**uint64{&p.Views, &p.Likes, &p.Comments, &p.Shares, &p.Saves} {
			if rec&videoSeriesMetrics[i].Bit() != 0 {
				v := vals[i]
				*dst = &v
			}
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read video %s series: %w", q.Granularity, err)
	}
	return out, nil
}

// videoHistorySQL reads the scrape jobs that covered a video: those that
// target it, and those that target its account and changed since the video
// was found ($1 the workspace, $2 the video, $3 the limit).
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
		x.ScrapedAt = inUTC(x.ScrapedAt)
		out = append(out, x)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read video history: %w", err)
	}
	return out, nil
}
