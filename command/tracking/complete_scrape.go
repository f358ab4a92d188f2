package tracking

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"slices"
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

// CompleteScrape is the provider's report that a job's run ended.
type CompleteScrape struct {
	JobID uuid.UUID
}

// ScrapeOutcome is what processing a completion did.
type ScrapeOutcome struct {
	JobID  uuid.UUID  `json:"jobId"`
	Status domain.Job `json:"status"`
	// RunStatus is the provider's word for how its run ended, not a job status.
	RunStatus    string `json:"runStatus,omitempty"`
	ItemsTotal   int    `json:"itemsTotal"`
	ItemsSkipped int    `json:"itemsSkipped"`
	Snapshots    int    `json:"snapshots"`
	Failed       int    `json:"failedTargets"`
	Replayed     bool   `json:"replayed"`
}

// CompleteScrapeHandler processes run completions, reading the run back, never trusting the webhook.
type CompleteScrapeHandler struct {
	DB       *pgxpool.Pool
	CH       driver.Conn
	Provider *ingest.Client
	PageSize int // dataset items per request, default 1000
	Batch    int // snapshot rows per ClickHouse insert, default 50,000
	Log      *slog.Logger
	Now      func() time.Time
	Metrics  *metrics.Metrics
	// Ranks reads the scraped videos' counts back for video_ranks; nil leaves them to the ranks step.
	Ranks RankReader
	// Overview keeps the overview slots of workspaces with synced ranks; nil: a scrape drops them.
	Overview OverviewKeeper
	// Sums keeps the account sums of workspaces with synced ranks after
	// their scrapes, in the background; nil: the accounts list's next read does.
	Sums *SumsAfterScrape
	// After acts on each recorded scrape in its transaction (the campaigns'
	// submission checks); nil: nothing does.
	After ScrapeFollower
	// Captures acts on the posts a watch's run found, in its transaction
	// (the watches' rules); nil: nothing does.
	Captures CaptureFollower
}

// ScrapeFollower is work a recorded scrape leads to, done in the scrape's
// own transaction so it is never left undone.
type ScrapeFollower interface {
	FollowScrape(ctx context.Context, tx pgx.Tx, r ScrapeResult) error
}

type jobRow struct {
	workspaceID uuid.UUID
	platform    platform.Platform
	status      domain.Job
	runID       *string
	createdAt   time.Time
	// watch: the job is a watch's run (nil: its targets')
	watch *watchOf
}

// ErrCompletionInProgress is not a 2xx, so the provider delivers again later.
var ErrCompletionInProgress = apperr.Conflict("another delivery of this completion is being processed: retry later")

// Claim lease of a completion: the claiming request's remaining time plus
// claimMargin, or defaultClaim for a context without deadline.
const (
	claimMargin  = 30 * time.Second
	defaultClaim = 10 * time.Minute
)

// Handle processes the completion of cmd.JobID, one delivery at a time.
func (h CompleteScrapeHandler) Handle(ctx context.Context, cmd CompleteScrape) (out ScrapeOutcome, err error) {
	out = ScrapeOutcome{JobID: cmd.JobID}
	var j jobRow
	var p string
	var watchID *uuid.UUID
	var watchKind, watchTerm *string
	err = h.DB.QueryRow(ctx, `
		SELECT j.workspace_id, j.platform, j.status, j.provider_run_id, j.created_at, j.watch_id, w.kind, w.term
		FROM scrape_jobs j LEFT JOIN watches w ON w.id = j.watch_id AND w.workspace_id = j.workspace_id
		WHERE j.id = $1`, cmd.JobID).
		Scan(&j.workspaceID, &p, &j.status, &j.runID, &j.createdAt, &watchID, &watchKind, &watchTerm)
	if watchID != nil {
		// a watch deleted since finds nothing: its run records no post
		j.watch = &watchOf{id: *watchID, gone: watchKind == nil}
		if !j.watch.gone {
			j.watch.kind, j.watch.term = domain.WatchKind(*watchKind), *watchTerm
		}
	}
	if errors.Is(err, pgx.ErrNoRows) {
		return out, apperr.NotFound("scrape job not found")
	}
	if err != nil {
		return out, fmt.Errorf("read job: %w", err)
	}
	j.platform = platform.Platform(p)
	if j.status == domain.JobProcessed {
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
		if j.status == domain.JobProcessed {
			out.Status, out.Replayed = j.status, true
			return out, nil
		}
		return out, ErrCompletionInProgress
	}
	defer func() {
		if err != nil {
			h.release(ctx, cmd.JobID, j.workspaceID)
		}
	}()
	return h.process(ctx, cmd.JobID, j)
}

// ranksSynced: ws's video ranks are synced, so its overview slots and
// account sums are kept across its scrapes. Without a keeper of either it
// is not read.
func (h CompleteScrapeHandler) ranksSynced(ctx context.Context, ws uuid.UUID) (bool, error) {
	if h.Overview == nil && h.Sums == nil {
		return false, nil
	}
	var synced bool
	err := h.DB.QueryRow(ctx, `SELECT coalesce((SELECT synced FROM video_rank_state WHERE workspace_id = $1), false)`, ws).Scan(&synced)
	if err != nil {
		return false, fmt.Errorf("read video ranks state: %w", err)
	}
	return synced, nil
}

// claim takes the job's ingest lease unless held or processed; j is refreshed either way.
func (h CompleteScrapeHandler) claim(ctx context.Context, jobID uuid.UUID, j *jobRow) (bool, error) {
	lease := defaultClaim
	if d, ok := ctx.Deadline(); ok {
		lease = time.Until(d) + claimMargin
	}
	err := h.DB.QueryRow(ctx, `
		UPDATE scrape_jobs SET ingest_claimed_until = now() + make_interval(secs => $2)
		WHERE id = $1 AND workspace_id = $4 AND status <> $3 AND provider_run_id IS NOT NULL
		  AND (ingest_claimed_until IS NULL OR ingest_claimed_until <= now())
		RETURNING status, provider_run_id`, jobID, lease.Seconds(), domain.JobProcessed, j.workspaceID).Scan(&j.status, &j.runID)
	if err == nil {
		return true, nil
	}
	if !errors.Is(err, pgx.ErrNoRows) {
		return false, fmt.Errorf("claim job: %w", err)
	}
	if err := h.DB.QueryRow(ctx, `SELECT status FROM scrape_jobs WHERE id = $1 AND workspace_id = $2`, jobID, j.workspaceID).Scan(&j.status); err != nil {
		return false, fmt.Errorf("read job: %w", err)
	}
	return false, nil
}

// release gives the claim up after a failure, even past the request's end.
func (h CompleteScrapeHandler) release(ctx context.Context, jobID, workspaceID uuid.UUID) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
	defer cancel()
	if _, err := h.DB.Exec(ctx, `UPDATE scrape_jobs SET ingest_claimed_until = NULL WHERE id = $1 AND workspace_id = $2`, jobID, workspaceID); err != nil {
		h.Log.Warn("release scrape job claim", "jobId", jobID, "error", err)
	}
}

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
		out.Status = domain.JobFailed
		return out, err
	}
	// The snapshot time must be the same on every delivery, so a retry replaces
	// its rows: the run's finish, or its start, or the job's creation.
	scrapedAt := j.createdAt
	if run.FinishedAt != nil {
		scrapedAt = *run.FinishedAt
	} else if run.StartedAt != nil {
		scrapedAt = *run.StartedAt
	}
	scrapedAt = scrapedAt.UTC().Truncate(time.Second)
	if j.watch != nil {
		return h.processWatch(ctx, jobID, j, *j.watch, run.DefaultDatasetID, scrapedAt)
	}

	s, err := h.loadTargets(ctx, jobID, j)
	if err != nil {
		return out, err
	}
	// The job's creation time versions its rows, so deliveries write identical
	// batches and a later job's rows win (ingest.NewSnapshotWriter).
	s.writer = ingest.NewSnapshotWriter(h.CH, h.Batch, j.createdAt)
	synced, err := h.ranksSynced(ctx, j.workspaceID)
	if err != nil {
		return out, err
	}
	keep := synced && h.Overview != nil
	if keep {
		// nothing is written before the slots' part of the scrape's videos is read
		s.writer.Size = math.MaxInt
	}
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
	var hold *overviewHold
	if keep && len(s.snapped) > 0 {
		if hold, err = holdOverview(ctx, h.DB, h.Overview, j.workspaceID, s.snapped, overviewReadBudget); err != nil {
			return out, err
		}
		defer hold.release(ctx)
	}
	if err := s.writer.Flush(ctx); err != nil {
		return out, err
	}
	result := s.result()
	result.ItemsTotal, result.ItemsSkipped = out.ItemsTotal, out.ItemsSkipped
	writeRanks, seen := ScrapedRanks(ctx, h.Ranks, h.Log, j.workspaceID, s.snapped, scrapedAt, h.Now())
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		if err := ApplyScrape(ctx, tx, result); err != nil {
			return err
		}
		if h.After != nil {
			if err := h.After.FollowScrape(ctx, tx, result); err != nil {
				return err
			}
		}
		if err := writeRanks(ctx, tx); err != nil {
			return err
		}
		if !keep {
			// slots computed while this scrape was written may have missed it
			if err := dropOverviewSlots(ctx, tx, j.workspaceID); err != nil {
				return err
			}
		}
		return hold.apply(ctx, tx, seen)
	})
	if err != nil {
		return out, err
	}
	hold.committed()
	if synced {
		h.Sums.Changed(j.workspaceID)
	}
	out.Status, out.Snapshots, out.Failed = domain.JobProcessed, s.snapshots, len(result.Failed)
	h.Metrics.ScrapeCompleted(string(j.platform), out.ItemsTotal-out.ItemsSkipped, out.ItemsSkipped)
	h.Log.Info("scrape processed", "jobId", jobID, "platform", j.platform, "items", out.ItemsTotal,
		"skipped", out.ItemsSkipped, "snapshots", out.Snapshots, "failedTargets", out.Failed)
	return out, nil
}

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
	// snapped are the videos given a snapshot
	snapped []uuid.UUID

	videos      map[string]*videoTarget   // by platform video id
	accounts    map[string]*accountTarget // by every key that names it
	accountList []*accountTarget
	videoList   []*videoTarget
	updates     map[string]VideoUpdate // by platform video id
	scope       ingest.RunScope
	// unplaced are the reasons of failure rows naming no target, in order.
	unplaced []string
}

type videoTarget struct {
	id uuid.UUID
	// accountKey names the video's account ("" none); kind is relative to it.
	accountKey string
	seen       bool
	reason     string
}

type accountTarget struct {
	id    uuid.UUID
	key   string
	limit int
	known map[string]uuid.UUID // the account's videos, by platform id
	// idle are the known videos scrapes leave alone: paused, removed, or beyond
	// the tracking limit (a run lists more posts than the limit keeps).
	idle   map[string]bool
	newest candidates // the newest untracked videos that count, at most room
	// others are the listing's untracked posts not the account's own: kept
	// under their kind, never in the limit's room
	others  []candidate
	room    int
	account *normalize.Account
	seen    bool
	reason  string
	// lastTimed is the last timed post's publish time: a listing runs newest
	// first, so an untimed post after it is taken to be no newer
	lastTimed time.Time
}

func (a *accountTarget) keys() []string {
	keys := []string{a.key}
	if a.account != nil {
		keys = append(keys, a.account.Keys...)
	}
	return keys
}

// orderOf is a listed post's publish time, or an estimate: an untimed post is
// as new as the timed one before it (pinned posts lead out of order).
func (a *accountTarget) orderOf(v normalize.Video, scrapedAt time.Time) (time.Time, bool) {
	if v.PublishedAt != nil {
		if !v.Pinned {
			a.lastTimed = *v.PublishedAt
		}
		return *v.PublishedAt, false
	}
	if a.lastTimed.IsZero() {
		return scrapedAt, true
	}
	return a.lastTimed, true
}

// loadTargets reads the job's targets in a fixed order, so every delivery
// of the completion fills the same batches in finish.
func (h CompleteScrapeHandler) loadTargets(ctx context.Context, jobID uuid.UUID, j jobRow) (*scrape, error) {
	s := &scrape{
		workspaceID: j.workspaceID, platform: j.platform,
		videos: map[string]*videoTarget{}, accounts: map[string]*accountTarget{}, updates: map[string]VideoUpdate{},
	}
	var input []byte
	if err := h.DB.QueryRow(ctx, `SELECT input FROM scrape_jobs WHERE id = $1 AND workspace_id = $2`, jobID, j.workspaceID).Scan(&input); err != nil {
		return nil, fmt.Errorf("read job input: %w", err)
	}
	s.scope = ingest.ScopeOf(j.platform, input)
	rows, err := h.DB.Query(ctx, `
		SELECT t.entity_kind, t.entity_id, coalesce(v.platform_video_id, a.handle), coalesce(a.tracking_limit, 0),
			coalesce(va.handle, '')
		FROM scrape_job_targets t
		LEFT JOIN videos v ON t.entity_kind = 'video' AND v.id = t.entity_id AND v.workspace_id = $2
			AND v.status = ANY($3)
		LEFT JOIN accounts va ON va.id = v.account_id
		LEFT JOIN accounts a ON t.entity_kind = 'account' AND a.id = t.entity_id AND a.workspace_id = $2
		WHERE t.job_id = $1 AND coalesce(v.id, a.id) IS NOT NULL
		ORDER BY t.entity_kind, t.entity_id`, jobID, j.workspaceID, domain.RefreshedItems)
	if err != nil {
		return nil, fmt.Errorf("read job targets: %w", err)
	}
	var kind, key, accountKey string
	var id uuid.UUID
	var limit int
	var accountIDs []uuid.UUID
	_, err = pgx.ForEachRow(rows, []any{&kind, &id, &key, &limit, &accountKey}, func() error {
		if platform.Kind(kind) == platform.Video {
			v := &videoTarget{id: id, accountKey: accountKey}
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
	rows, err = h.DB.Query(ctx, `SELECT account_id, platform_video_id, id, status, kept_until IS NOT NULL OR tracked_individually
		FROM videos WHERE workspace_id = $1 AND account_id = ANY($2)`,
		j.workspaceID, accountIDs)
	if err != nil {
		return nil, fmt.Errorf("read tracked videos of accounts: %w", err)
	}
	var accountID uuid.UUID
	var pid, status string
	var byLink bool
	_, err = pgx.ForEachRow(rows, []any{&accountID, &pid, &id, &status, &byLink}, func() error {
		a := byID[accountID]
		a.known[pid] = id
		// a video refreshed by its own link takes its numbers from that scrape alone:
		// another run's listing ending in the same second would write it twice
		if !domain.Item(status).Refreshed() || byLink {
			a.idle[pid] = true
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read tracked videos of accounts: %w", err)
	}
	// The newest untracked videos up to the limit are offered; ApplyScrape then
	// ranks them, so a new post takes the place of the oldest tracked one.
	for _, a := range s.accountList {
		a.room = a.limit
	}
	return s, nil
}

// accountFor finds an item's tracked account: the input it answers first (a
// collab in a profile feed belongs to that profile), then the author.
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

func inputKey(input string) string {
	if t, err := platform.Parse(input); err == nil {
		return t.ID
	}
	return strings.ToLower(strings.TrimPrefix(strings.TrimSpace(input), "@"))
}

// take consumes one item. A run not reporting profiles (Instagram reels) leaves
// profiles, status and failures alone; one not reporting videos, the videos.
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
			// one snapshot a video a completion: a video asked for by its link may
			// also be listed by its account in the same run, with rounded counts
			if t.seen {
				continue
			}
			t.seen = true
			kind := v.KindFor()
			if t.accountKey != "" {
				kind = v.KindFor(t.accountKey)
			}
			s.update(v, t.id, nil, kind, nil)
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
		at, estimated := a.orderOf(v, s.scrapedAt)
		var listed *time.Time
		if estimated {
			listed = &at
		}
		kind := v.KindFor(a.keys()...)
		if id, ok := a.known[v.ID]; ok {
			if a.idle[v.ID] {
				continue
			}
			s.update(v, id, &a.id, kind, listed)
			if err := s.snapshot(ctx, platform.Video, id, a.id, v.Metrics, nil, v.PublishedAt); err != nil {
				return err
			}
			continue
		}
		c := candidate{video: v, at: at, estimated: estimated, kind: kind}
		if kind.Counted() {
			a.newest.offer(c, a.room)
		} else if len(a.others) < a.room && !slices.ContainsFunc(a.others, func(o candidate) bool { return o.video.ID == v.ID }) {
			a.others = append(a.others, c)
		}
	}
	return nil
}

func videoKeyOfInput(input string) string {
	if t, err := platform.Parse(input); err == nil && t.Kind == platform.Video {
		return t.ID
	}
	return ""
}

func (s *scrape) update(v normalize.Video, id uuid.UUID, accountID *uuid.UUID, kind domain.PostKind, listed *time.Time) {
	u := VideoUpdate{
		ID: id, PlatformID: v.ID, URL: v.URL, AccountID: accountID, AuthorHandle: v.AuthorHandle,
		Caption: v.Caption, ThumbnailURL: v.ThumbnailURL, PublishedAt: v.PublishedAt, PublishedFrom: v.PublishedFrom,
		ListedAt: listed, IsShop: v.IsShop, Kind: kind, RelatedHandle: relatedHandle(v, kind),
	}
	if v.Sound != nil {
		u.SoundID, u.SoundName = v.Sound.ID, v.Sound.Name
	}
	s.updates[v.ID] = u
}

// relatedHandle is the other account a kind names: the other author or
// collab author, else the reposted, quoted or replied-to author.
func relatedHandle(v normalize.Video, kind domain.PostKind) string {
	switch kind {
	case domain.KindOtherAuthor, domain.KindCollab:
		return v.AuthorHandle
	case domain.KindOwn:
		return ""
	}
	return v.RelatedHandle
}

func (s *scrape) snapshot(ctx context.Context, kind platform.Kind, id, accountID uuid.UUID, m ingest.Metrics, followers *uint64, published *time.Time) error {
	s.snapshots++
	if kind == platform.Video {
		s.snapped = append(s.snapped, id)
	}
	snap := ingest.Snapshot{
		WorkspaceID: s.workspaceID, Platform: s.platform, Kind: kind, EntityID: id, AccountID: accountID,
		ScrapedAt: s.scrapedAt, Metrics: m, Followers: followers, JobID: s.jobID,
	}
	if published != nil {
		snap.PublishedAt = *published
	}
	return s.writer.Add(ctx, snap)
}

// finish writes what was held back until the whole dataset was read: each
// account's newest new videos (reusing tracked ids) and followers.
func (s *scrape) finish(ctx context.Context, db *pgxpool.Pool) error {
	var pids []string
	for _, a := range s.accountList {
		a.newest.items = append(a.newest.items, a.others...)
		for _, c := range a.newest.items {
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
		for _, c := range a.newest.items {
			id, ok := existing[c.video.ID]
			if !ok {
				id = uuid.NewSHA1(videoNamespace, []byte(s.workspaceID.String()+"/"+string(s.platform)+"/"+c.video.ID))
			}
			var listed *time.Time
			if c.estimated {
				listed = &c.at
			}
			s.update(c.video, id, &a.id, c.kind, listed)
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
	r := ScrapeResult{JobID: s.jobID, WorkspaceID: s.workspaceID, Platform: s.platform, ScrapedAt: s.scrapedAt}
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
				AvatarURL: a.account.AvatarURL, Followers: a.account.Followers, Bio: a.account.Bio,
			})
		case a.seen:
			r.Accounts = append(r.Accounts, AccountUpdate{ID: a.id})
		default:
			r.Failed = append(r.Failed, EntityFailure{Kind: platform.Account, ID: a.id, Reason: orDefault(a.reason)})
		}
	}
	return r
}

// placeUnplaced gives failure rows naming no target to the targets with no data
// or reason, if unambiguous (as many rows as targets, one reason).
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
// min-heap on publish time so the oldest is dropped first; ids are the
// videos it holds, so a listing of 100,000 posts is not compared with every
// kept one per post.
type candidates struct {
	items candidateHeap
	ids   map[string]bool
}

type candidate struct {
	video normalize.Video
	// at is the publish time, or its estimate from the listing's order
	at        time.Time
	estimated bool
	kind      domain.PostKind
}

type candidateHeap []candidate

func (c candidateHeap) Len() int           { return len(c) }
func (c candidateHeap) Less(i, j int) bool { return c[i].at.Before(c[j].at) }
func (c candidateHeap) Swap(i, j int)      { c[i], c[j] = c[j], c[i] }
func (c *candidateHeap) Push(x any)        { *c = append(*c, x.(candidate)) }
func (c *candidateHeap) Pop() any {
	old := *c
	x := old[len(old)-1]
	*c = old[:len(old)-1]
	return x
}

func (c *candidates) offer(v candidate, room int) {
	if room <= 0 || c.ids[v.video.ID] {
		return
	}
	if c.ids == nil {
		c.ids = map[string]bool{}
	}
	if len(c.items) < room {
		heap.Push(&c.items, v)
		c.ids[v.video.ID] = true
		return
	}
	if c.items[0].at.Before(v.at) {
		delete(c.ids, c.items[0].video.ID)
		c.items[0] = v
		c.ids[v.video.ID] = true
		heap.Fix(&c.items, 0)
	}
}
