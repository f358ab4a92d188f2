package command

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/ingest/normalize"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/metrics"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// videoNamespace derives the ids of videos found through an account from
// their identity, so a retried completion writes the same ids.
var videoNamespace = uuid.MustParse("6f1c2a8e-3b0d-4c57-9a7e-52c4d1e0b9f3")

// CompleteScrape is the scraping provider's report that a job's run
// ended (POST /api/webhooks/scraper).
type CompleteScrape struct {
	JobID uuid.UUID
}

// ScrapeOutcome is what processing a completion did.
type ScrapeOutcome struct {
	JobID        uuid.UUID `json:"jobId"`
	Status       string    `json:"status"`
	RunStatus    string    `json:"runStatus,omitempty"`
	ItemsTotal   int       `json:"itemsTotal"`
	ItemsSkipped int       `json:"itemsSkipped"`
	Snapshots    int       `json:"snapshots"`
	Failed       int       `json:"failedTargets"`
	Replayed     bool      `json:"replayed"`
}

// CompleteScrapeHandler processes run completions: it claims the job, reads
// the run back from the provider (the webhook body is not trusted), pages
// through the dataset with bounded memory, writes snapshots to ClickHouse
// (ingest.SnapshotWriter), and then records entity status and the job in
// PostgreSQL (ApplyScrape, or FailJob for a run that ended without data).
type CompleteScrapeHandler struct {
	DB       *pgxpool.Pool
	CH       driver.Conn
	Provider *ingest.Client
	PageSize int // dataset items per request, default 1000
	Batch    int // snapshot rows per ClickHouse insert, default 50,000
	Log      *slog.Logger
	Now      func() time.Time
	// Metrics counts the completions, their items and the runs that ended
	// without data; nil counts nothing.
	Metrics *metrics.Metrics
}

type jobRow struct {
	workspaceID uuid.UUID
	platform    platform.Platform
	status      string
	runID       *string
	createdAt   time.Time
}

// ErrCompletionInProgress answers a delivery of a completion that another
// delivery is ingesting right now. It is not a 2xx, so the provider
// delivers it again later and then finds the job processed (a replay, 200);
// were that other delivery to fail, this retry ingests the job instead.
var ErrCompletionInProgress = apperr.Conflict("another delivery of this completion is being processed: retry later")

// Claim lease of a completion: the claiming request's remaining time plus
// claimMargin, or defaultClaim for a context without deadline.
const (
	claimMargin  = 30 * time.Second
	defaultClaim = 10 * time.Minute
)

// Handle processes the completion of cmd.JobID. A job already processed is
// answered as a replay and changes nothing. One delivery at a time claims
// the job (a lease on its row) and ingests it; a concurrent delivery gets
// ErrCompletionInProgress and reads nothing. A failure releases the claim,
// so the provider's retry of the failed delivery can claim the job again.
func (h CompleteScrapeHandler) Handle(ctx context.Context, cmd CompleteScrape) (out ScrapeOutcome, err error) {
	out = ScrapeOutcome{JobID: cmd.JobID}
	var j jobRow
	var p string
	err = h.DB.QueryRow(ctx, `SELECT workspace_id, platform, status, provider_run_id, created_at FROM scrape_jobs WHERE id = $1`, cmd.JobID).
		Scan(&j.workspaceID, &p, &j.status, &j.runID, &j.createdAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return out, apperr.NotFound("scrape job not found")
	}
	if err != nil {
		return out, fmt.Errorf("read job: %w", err)
	}
	j.platform = platform.Platform(p)
	if j.status == string(domain.JobProcessed) {
		out.Status, out.Replayed = j.status, true
		return out, nil
	}
	if j.runID == nil {
		return out, apperr.Conflict("the job's run is not recorded yet: retry later")
	}
	if h.Provider == nil {
		return out, apperr.Unavailable("the scraping provider is not configured (SCRAPER_TOKEN is not set): the run cannot be read")
	}
	claimed, err := h.claim(ctx, cmd.JobID, &j)
	if err != nil {
		return out, err
	}
	if !claimed {
		if j.status == string(domain.JobProcessed) {
			out.Status, out.Replayed = j.status, true
			return out, nil
		}
		return out, ErrCompletionInProgress
	}
	defer func() {
		if err != nil {
			h.release(ctx, cmd.JobID)
		}
	}()
	return h.process(ctx, cmd.JobID, j)
}

// claim takes the job's ingest lease when no other delivery holds it and
// the job is not processed, and reports whether it did; j is refreshed
// either way.
func (h CompleteScrapeHandler) claim(ctx context.Context, jobID uuid.UUID, j *jobRow) (bool, error) {
	lease := defaultClaim
	if d, ok := ctx.Deadline(); ok {
		lease = time.Until(d) + claimMargin
	}
	err := h.DB.QueryRow(ctx, `
		UPDATE scrape_jobs SET ingest_claimed_until = now() + make_interval(secs => $2)
		WHERE id = $1 AND status <> $3 AND provider_run_id IS NOT NULL
		  AND (ingest_claimed_until IS NULL OR ingest_claimed_until <= now())
		RETURNING status, provider_run_id`, jobID, lease.Seconds(), domain.JobProcessed).Scan(&j.status, &j.runID)
	if err == nil {
		return true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return false, fmt.Errorf("claim job: %w", err)
	}
	if err := h.DB.QueryRow(ctx, `SELECT status FROM scrape_jobs WHERE id = $1`, jobID).Scan(&j.status); err != nil {
		return false, fmt.Errorf("read job: %w", err)
	}
	return false, nil
}

// release gives the claim up after a failure, even when the request's
// context has ended; if this fails too, the lease expires.
func (h CompleteScrapeHandler) release(ctx context.Context, jobID uuid.UUID) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if _, err := h.DB.Exec(ctx, `UPDATE scrape_jobs SET ingest_claimed_until = NULL WHERE id = $1`, jobID); err != nil && h.Log != nil {
		h.Log.Warn("release scrape job claim", "jobId", jobID, "err", err)
	}
}

// process reads the claimed job's run and dataset and records the result.
func (h CompleteScrapeHandler) process(ctx context.Context, jobID uuid.UUID, j jobRow) (ScrapeOutcome, error) {
	out := ScrapeOutcome{JobID: jobID}
	run, err := h.Provider.GetRun(ctx, *j.runID)
	if err != nil {
		if !errors.Is(err, context.Canceled) {
			h.Metrics.ScrapeFailed(string(j.platform), metrics.ReadFailed)
		}
		return out, apperr.Wrap(apperr.KindUnavailable, "cannot read the run from the scraping provider", err)
	}
	out.RunStatus = run.Status
	if !run.Terminal() {
		return out, apperr.Conflict("the run has not finished yet")
	}
	if run.Status != ingest.RunSucceeded {
		reason := "scrape run " + strings.ToLower(run.Status)
		if run.StatusMessage != "" {
			reason += ": " + run.StatusMessage
		}
		err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
			return FailJob(ctx, tx, jobID, j.workspaceID, reason)
		})
		if err == nil {
			h.Metrics.ScrapeFailed(string(j.platform), runFailure(run.Status))
		}
		out.Status = string(domain.JobFailed)
		return out, err
	}
	// The snapshot time must be the same on every delivery of this
	// completion, so a retry replaces its rows: the run's finish time, or
	// its start, or (neither reported) the job's creation.
	scrapedAt := j.createdAt
	if run.FinishedAt != nil {
		scrapedAt = *run.FinishedAt
	} else if run.StartedAt != nil {
		scrapedAt = *run.StartedAt
	}
	scrapedAt = scrapedAt.UTC().Truncate(time.Second)

	s, err := h.loadTargets(ctx, jobID, j)
	if err != nil {
		return out, err
	}
	// The job's creation time versions its rows: every delivery of this
	// completion writes the same rows in the same batches, which a
	// replicated table drops as duplicates, and a later job's rows win over
	// this one's (ingest.NewSnapshotWriter).
	s.writer = ingest.NewSnapshotWriter(h.CH, h.Batch, j.createdAt)
	s.scrapedAt = scrapedAt
	s.jobID = jobID
	pageSize := h.PageSize
	if pageSize <= 0 {
		pageSize = 1000
	}
	now := h.Now()
	err = h.Provider.NormalizedDataset(ctx, run.DefaultDatasetID, pageSize, j.platform, now, func(item normalize.Item, err error) error {
		out.ItemsTotal++
		if err != nil {
			out.ItemsSkipped++
			return nil
		}
		return s.take(ctx, item)
	})
	if err != nil {
		var pe *ingest.ProviderError
		if errors.As(err, &pe) || errors.Is(err, ingest.ErrProviderUnavailable) {
			h.Metrics.ScrapeFailed(string(j.platform), metrics.ReadFailed)
			return out, apperr.Wrap(apperr.KindUnavailable, "cannot read the dataset from the scraping provider", err)
		}
		return out, err
	}
	if err := s.finish(ctx, h.DB); err != nil {
		return out, err
	}
	if err := s.writer.Flush(ctx); err != nil {
		return out, err
	}
	result := s.result()
	result.ItemsTotal, result.ItemsSkipped = out.ItemsTotal, out.ItemsSkipped
	if err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error { return ApplyScrape(ctx, tx, result) }); err != nil {
		return out, err
	}
	out.Status, out.Snapshots, out.Failed = string(domain.JobProcessed), s.snapshots, len(result.Failed)
	h.Metrics.ScrapeCompleted(string(j.platform), out.ItemsTotal-out.ItemsSkipped, out.ItemsSkipped)
	if h.Log != nil {
		h.Log.Info("scrape processed", "jobId", jobID, "platform", j.platform, "items", out.ItemsTotal,
			"skipped", out.ItemsSkipped, "snapshots", out.Snapshots, "failedTargets", out.Failed)
	}
	return out, nil
}

// runFailure is the metrics reason of a run that ended without data.
func runFailure(status string) metrics.ScrapeFailure {
	switch status {
	case ingest.RunTimedOut:
		return metrics.RunTimedOut
	case ingest.RunAborted:
		return metrics.RunAborted
	}
	return metrics.RunFailed
}

// scrape is the state of one completion while its dataset streams by.
type scrape struct {
	jobID       uuid.UUID
	workspaceID uuid.UUID
	platform    platform.Platform
	scrapedAt   time.Time
	writer      *ingest.SnapshotWriter
	snapshots   int

	videos      map[string]*videoTarget   // by platform video id
	accounts    map[string]*accountTarget // by every key that names it
	accountList []*accountTarget
	videoList   []*videoTarget
	updates     map[string]VideoUpdate // by platform video id
	// scope is what the run reports about its accounts.
	scope ingest.RunScope
	// unplaced are the reasons of failure rows that name no target (X's
	// rows carry no input), in dataset order.
	unplaced []string
}

type videoTarget struct {
	id     uuid.UUID
	seen   bool
	reason string
}

type accountTarget struct {
	id    uuid.UUID
	key   string
	limit int
	known map[string]uuid.UUID // the account's videos, by platform id
	// idle are the known videos scrapes leave alone: paused or removed by
	// the workspace, or beyond the account's tracking limit.
	idle    map[string]bool
	newest  candidates // the newest untracked videos, at most room
	room    int
	account *normalize.Account
	seen    bool
	reason  string
}

// loadTargets reads the job's targets in a fixed order: finish writes the
// snapshots it held back in that order, so every delivery of the completion
// fills the same batches.
func (h CompleteScrapeHandler) loadTargets(ctx context.Context, jobID uuid.UUID, j jobRow) (*scrape, error) {
	s := &scrape{
		workspaceID: j.workspaceID, platform: j.platform,
		videos: map[string]*videoTarget{}, accounts: map[string]*accountTarget{}, updates: map[string]VideoUpdate{},
	}
	var input []byte
	if err := h.DB.QueryRow(ctx, `SELECT input FROM scrape_jobs WHERE id = $1`, jobID).Scan(&input); err != nil {
		return nil, fmt.Errorf("read job input: %w", err)
	}
	s.scope = ingest.ScopeOf(j.platform, input)
	rows, err := h.DB.Query(ctx, `
		SELECT t.entity_kind, t.entity_id, coalesce(v.platform_video_id, a.handle), coalesce(a.tracking_limit, 0)
		FROM scrape_job_targets t
		LEFT JOIN videos v ON t.entity_kind = 'video' AND v.id = t.entity_id AND v.workspace_id = $2
			AND v.status = ANY($3)
		LEFT JOIN accounts a ON t.entity_kind = 'account' AND a.id = t.entity_id AND a.workspace_id = $2
		WHERE t.job_id = $1 AND coalesce(v.id, a.id) IS NOT NULL
		ORDER BY t.entity_kind, t.entity_id`, jobID, j.workspaceID, domain.RefreshedItems)
	if err != nil {
		return nil, fmt.Errorf("read job targets: %w", err)
	}
	var kind, key string
	var id uuid.UUID
	var limit int
	var accountIDs []uuid.UUID
	_, err = pgx.ForEachRow(rows, []any{&kind, &id, &key, &limit}, func() error {
		if platform.Kind(kind) == platform.Video {
			v := &videoTarget{id: id}
			s.videos[key] = v
			s.videoList = append(s.videoList, v)
			return nil
		}
		a := &accountTarget{id: id, key: key, limit: limit, known: map[string]uuid.UUID{}, idle: map[string]bool{}}
		s.accounts[key] = a
		s.accountList = append(s.accountList, a)
		accountIDs = append(accountIDs, id)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read job targets: %w", err)
	}
	if len(accountIDs) == 0 {
		return s, nil
	}
	byID := map[uuid.UUID]*accountTarget{}
	for _, a := range s.accountList {
		byID[a.id] = a
	}
	rows, err = h.DB.Query(ctx, `SELECT account_id, platform_video_id, id, status FROM videos WHERE workspace_id = $1 AND account_id = ANY($2)`,
		j.workspaceID, accountIDs)
	if err != nil {
		return nil, fmt.Errorf("read tracked videos of accounts: %w", err)
	}
	var accountID uuid.UUID
	var pid, status string
	_, err = pgx.ForEachRow(rows, []any{&accountID, &pid, &id, &status}, func() error {
		a := byID[accountID]
		a.known[pid] = id
		if !domain.Item(status).Refreshed() {
			a.idle[pid] = true
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read tracked videos of accounts: %w", err)
	}
	// The newest untracked videos up to the limit are offered: once
	// inserted, the account's tracking limit keeps its newest videos by
	// publication (ApplyScrape ranks them), so a new post takes the place
	// of the oldest tracked one.
	for _, a := range s.accountList {
		a.room = a.limit
	}
	return s, nil
}

// accountFor finds the tracked account an item belongs to: the input it
// answers first (a collab in a profile feed belongs to that profile), then
// the item's author.
func (s *scrape) accountFor(item normalize.Item, author string) *accountTarget {
	if item.Input != "" {
		if a := s.accounts[inputKey(item.Input)]; a != nil {
			return a
		}
	}
	if item.Account != nil {
		for _, k := range item.Account.Keys {
			if a := s.accounts[k]; a != nil {
				return a
			}
		}
	}
	if author != "" {
		return s.accounts[author]
	}
	return nil
}

// inputKey turns an input echoed by the actor (a URL or a handle) into the
// key of a target.
func inputKey(input string) string {
	if t, err := platform.Parse(input); err == nil {
		return t.ID
	}
	return strings.ToLower(strings.TrimPrefix(strings.TrimSpace(input), "@"))
}

// take consumes one normalized item. A run that does not report its
// accounts' profiles (an Instagram reels run) leaves their profile, status
// and failure rows alone; one that does not report their videos (an
// Instagram details run) leaves their videos alone.
func (s *scrape) take(ctx context.Context, item normalize.Item) error {
	if item.Failed {
		placed := false
		if v := s.videos[videoKeyOfInput(item.Input)]; v != nil {
			placed = true
			if !v.seen {
				v.reason = item.Reason
			}
		}
		if a := s.accountFor(item, ""); a != nil {
			placed = true
			if !a.seen && s.scope.Profiles {
				a.reason = item.Reason
			}
		}
		if !placed {
			s.unplaced = append(s.unplaced, item.Reason)
		}
		return nil
	}
	if item.Account != nil && s.scope.Profiles {
		for _, k := range item.Account.Keys {
			if a := s.accounts[k]; a != nil {
				a.account, a.seen = item.Account, true
			}
		}
	}
	for _, v := range item.Videos {
		if t := s.videos[v.ID]; t != nil {
			t.seen = true
			s.update(v, t.id, nil)
			if err := s.snapshot(ctx, platform.Video, t.id, uuid.Nil, v.Metrics, nil, v.PublishedAt); err != nil {
				return err
			}
			continue
		}
		a := s.accountFor(item, v.AuthorHandle)
		if a == nil || !s.scope.Videos {
			continue
		}
		a.seen = true
		if id, ok := a.known[v.ID]; ok {
			if a.idle[v.ID] {
				continue
			}
			s.update(v, id, &a.id)
			if err := s.snapshot(ctx, platform.Video, id, a.id, v.Metrics, nil, v.PublishedAt); err != nil {
				return err
			}
			continue
		}
		a.newest.offer(v, a.room)
	}
	return nil
}

func videoKeyOfInput(input string) string {
	if t, err := platform.Parse(input); err == nil && t.Kind == platform.Video {
		return t.ID
	}
	return ""
}

func (s *scrape) update(v normalize.Video, id uuid.UUID, accountID *uuid.UUID) {
	s.updates[v.ID] = VideoUpdate{
		ID: id, PlatformID: v.ID, URL: v.URL, AccountID: accountID, AuthorHandle: v.AuthorHandle,
		Caption: v.Caption, ThumbnailURL: v.ThumbnailURL, PublishedAt: v.PublishedAt, IsShop: v.IsShop,
	}
}

func (s *scrape) snapshot(ctx context.Context, kind platform.Kind, id, accountID uuid.UUID, m ingest.Metrics, followers *uint64, published *time.Time) error {
	s.snapshots++
	snap := ingest.Snapshot{
		WorkspaceID: s.workspaceID, Platform: s.platform, Kind: kind, EntityID: id, AccountID: accountID,
		ScrapedAt: s.scrapedAt, Metrics: m, Followers: followers, JobID: s.jobID,
	}
	if published != nil {
		snap.PublishedAt = *published
	}
	return s.writer.Add(ctx, snap)
}

// finish writes what was held back until the whole dataset was read: the
// newest new videos of each account (reusing the id of a video the
// workspace already tracks) and each account's followers.
func (s *scrape) finish(ctx context.Context, db *pgxpool.Pool) error {
	var pids []string
	for _, a := range s.accountList {
		for _, c := range a.newest {
			pids = append(pids, c.video.ID)
		}
	}
	existing := map[string]uuid.UUID{}
	if len(pids) > 0 {
		rows, err := db.Query(ctx, `SELECT platform_video_id, id FROM videos WHERE workspace_id = $1 AND platform = $2 AND platform_video_id = ANY($3)`,
			s.workspaceID, string(s.platform), pids)
		if err != nil {
			return fmt.Errorf("find existing videos: %w", err)
		}
		var pid string
		var id uuid.UUID
		if _, err := pgx.ForEachRow(rows, []any{&pid, &id}, func() error { existing[pid] = id; return nil }); err != nil {
			return fmt.Errorf("find existing videos: %w", err)
		}
	}
	for _, a := range s.accountList {
		for _, c := range a.newest {
			id, ok := existing[c.video.ID]
			if !ok {
				id = uuid.NewSHA1(videoNamespace, []byte(s.workspaceID.String()+"/"+string(s.platform)+"/"+c.video.ID))
			}
			s.update(c.video, id, &a.id)
			if err := s.snapshot(ctx, platform.Video, id, a.id, c.video.Metrics, nil, c.video.PublishedAt); err != nil {
				return err
			}
		}
		if a.account != nil {
			if err := s.snapshot(ctx, platform.Account, a.id, a.id, ingest.Metrics{}, a.account.Followers, nil); err != nil {
				return err
			}
		}
	}
	return nil
}

func (s *scrape) result() ScrapeResult {
	r := ScrapeResult{JobID: s.jobID, WorkspaceID: s.workspaceID, Platform: string(s.platform), ScrapedAt: s.scrapedAt}
	for _, u := range s.updates {
		r.Videos = append(r.Videos, u)
	}
	s.placeUnplaced()
	for _, v := range s.videoList {
		if !v.seen {
			r.Failed = append(r.Failed, EntityFailure{Kind: platform.Video, ID: v.id, Reason: orDefault(v.reason)})
		}
	}
	for _, a := range s.accountList {
		if !s.scope.Profiles {
			// The run that reports the profile decides the account's status.
			continue
		}
		switch {
		case a.account != nil:
			r.Accounts = append(r.Accounts, AccountUpdate{
				ID: a.id, PlatformID: a.account.PlatformID, DisplayName: a.account.DisplayName,
				AvatarURL: a.account.AvatarURL, Followers: a.account.Followers,
			})
		case a.seen:
			r.Accounts = append(r.Accounts, AccountUpdate{ID: a.id})
		default:
			r.Failed = append(r.Failed, EntityFailure{Kind: platform.Account, ID: a.id, Reason: orDefault(a.reason)})
		}
	}
	return r
}

// placeUnplaced gives the failure rows that named no target to the targets
// that got no data and no reason of their own, where that is unambiguous:
// as many rows as such targets, all with the same reason. Otherwise the rows
// cannot be told apart and those targets keep the general reason.
func (s *scrape) placeUnplaced() {
	if len(s.unplaced) == 0 {
		return
	}
	for _, r := range s.unplaced[1:] {
		if r != s.unplaced[0] {
			return
		}
	}
	var reasons []*string
	for _, v := range s.videoList {
		if !v.seen && v.reason == "" {
			reasons = append(reasons, &v.reason)
		}
	}
	if s.scope.Profiles {
		for _, a := range s.accountList {
			if !a.seen && a.account == nil && a.reason == "" {
				reasons = append(reasons, &a.reason)
			}
		}
	}
	if len(reasons) != len(s.unplaced) {
		return
	}
	for _, r := range reasons {
		*r = s.unplaced[0]
	}
}

func orDefault(reason string) string {
	if reason == "" {
		return "the scrape returned no data for this item: it may be private, deleted or mistyped"
	}
	return reason
}

// candidates keeps the newest videos offered, at most a given number, as a
// min-heap on publish time so the oldest is dropped first.
type candidates []candidate

type candidate struct {
	video normalize.Video
	at    time.Time
}

func (c candidates) Len() int           { return len(c) }
func (c candidates) Less(i, j int) bool { return c[i].at.Before(c[j].at) }
func (c candidates) Swap(i, j int)      { c[i], c[j] = c[j], c[i] }
func (c *candidates) Push(x any)        { *c = append(*c, x.(candidate)) }
func (c *candidates) Pop() any {
	old := *c
	x := old[len(old)-1]
	*c = old[:len(old)-1]
	return x
}

func (c *candidates) offer(v normalize.Video, room int) {
	if room <= 0 {
		return
	}
	for _, have := range *c {
		if have.video.ID == v.ID {
			return
		}
	}
	var at time.Time
	if v.PublishedAt != nil {
		at = *v.PublishedAt
	}
	if len(*c) < room {
		heap.Push(c, candidate{video: v, at: at})
		return
	}
	if (*c)[0].at.Before(at) {
		(*c)[0] = candidate{video: v, at: at}
		heap.Fix(c, 0)
	}
}
