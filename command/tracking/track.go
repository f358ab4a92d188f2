package tracking

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/dataversion"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/background"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/fanout"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// MaxBulkURLs is the most URLs one bulk track request may carry.
const MaxBulkURLs = 50

// Track starts tracking the account or video behind a URL.
type Track struct {
	WorkspaceID  uuid.UUID
	URL          string
	CollectionID *uuid.UUID
	// TrackingLimit is how many of an account's newest videos to track; nil: what fits.
	TrackingLimit *int
}

// Tracked is the answer for one URL.
type Tracked struct {
	Success      bool
	URL          string
	Type         platform.Kind
	JobID        string
	ScrapeStatus domain.Job
	Message      string
	ID           *uuid.UUID
	Platform     platform.Platform
	Existing     bool
	// TrackingLimit is an account's limit; nil for a video or a refused URL.
	TrackingLimit *int
	Err           error
}

// TrackHandler records tracked items and their first scrape jobs in one
// transaction; the runs start after the answer.
type TrackHandler struct {
	DB           *pgxpool.Pool
	Resolver     platform.Resolver
	Actors       ingest.Actors
	MaxPerRun    int
	Start        StartScrapeHandler
	ScrapeStarts *background.Tasks
	Now          func() time.Time
}

// Handle tracks one URL: 400 for a URL not a public account or video, 404 for
// another workspace's collection, 403 without access or over the video limit.
func (h TrackHandler) Handle(ctx context.Context, cmd Track) (Tracked, error) {
	res, err := h.track(ctx, cmd.WorkspaceID, []string{cmd.URL}, cmd.CollectionID, cmd.TrackingLimit, false)
	if err != nil {
		return Tracked{}, err
	}
	if res[0].Err != nil {
		return Tracked{}, res[0].Err
	}
	return res[0], nil
}

type parsed struct {
	target platform.Target
	err    error
}

func (h TrackHandler) parseAll(ctx context.Context, urls []string) []parsed {
	out := make([]parsed, len(urls))
	// parseOne answers each link's refusal in its result, never an error
	_ = fanout.Each(len(urls), 8, func(i int) error {
		out[i] = h.parseOne(ctx, urls[i])
		return nil
	})
	return out
}

// parseOne parses one URL, resolving a short link. It runs in a goroutine,
// so a panic becomes the URL's internal error instead of ending the process.
func (h TrackHandler) parseOne(ctx context.Context, raw string) (p parsed) {
	defer apperr.Recover(&p.err)
	t, err := h.Resolver.Resolve(ctx, raw)
	var pe *platform.Error
	switch {
	case errors.As(err, &pe):
		err = apperr.Invalid("url", pe.Reason)
	case err != nil:
		// TikTok did not answer the short link: not the user's fault.
		err = apperr.Unavailable("the short link could not be resolved right now: try again, or paste the full URL")
	}
	return parsed{target: t, err: err}
}

type workspaceLimits struct {
	plan       plan.Plan
	videoLimit int
	usage      int
	hasAccess  bool
	// billedWith: the limit is shared with the workspaces billed together
	billedWith bool
}

// inUse says what is in use of the video limit, for a refusal.
func (l workspaceLimits) inUse() string {
	s := fmt.Sprintf("%d of %d videos in use", l.usage, l.videoLimit)
	if l.billedWith {
		s += " across the organisation's workspaces billed together"
	}
	return s
}

// errDryRun ends a dry run's transaction, rolling back what it wrote.
var errDryRun = errors.New("dry run: rolled back")

// track tracks urls, a failure of one in its result's Err; a dry run rolls back.
func (h TrackHandler) track(ctx context.Context, wsID uuid.UUID, urls []string, collectionID *uuid.UUID, trackingLimit *int, dryRun bool) ([]Tracked, error) {
	parsedURLs := h.parseAll(ctx, urls)
	for _, p := range parsedURLs {
		if p.err != nil && apperr.KindOf(p.err) == apperr.KindInternal {
			return nil, p.err
		}
	}
	var results []Tracked
	var jobs []queuedJob
	var recorded map[uuid.UUID]bool // the items this request records
	err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) (err error) {
		results, jobs, recorded, err = h.trackTx(ctx, tx, wsID, urls, parsedURLs, collectionID, trackingLimit)
		if err == nil && dryRun {
			return errDryRun
		}
		return err
	})
	if dryRun && errors.Is(err, errDryRun) {
		// Nothing was kept: new items have no id or job yet.
		for i, r := range results {
			if r.ID == nil || !recorded[*r.ID] {
				continue
			}
			results[i].ID, results[i].JobID, results[i].ScrapeStatus = nil, "", ""
			if !r.Existing {
				results[i].Message = wouldTrack(r)
			}
		}
		return results, nil
	}
	if err != nil {
		return nil, err
	}
	startAfterAnswer(ctx, h.Start, h.ScrapeStarts, jobs)
	return results, nil
}

// trackTx records the parsed URLs in tx, a failure of one in its result's
// Err, and queues their first scrape jobs, to be started once tx commits.
func (h TrackHandler) trackTx(ctx context.Context, tx pgx.Tx, wsID uuid.UUID, urls []string, parsedURLs []parsed, collectionID *uuid.UUID, trackingLimit *int) ([]Tracked, []queuedJob, map[uuid.UUID]bool, error) {
	results := make([]Tracked, len(urls))
	lim, err := lockWorkspaceForTracking(ctx, tx, wsID, h.Now())
	if err != nil {
		return nil, nil, nil, err
	}
	if collectionID != nil {
		var ok bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM collections WHERE id = $1 AND workspace_id = $2 AND deleted_at IS NULL)`,
			*collectionID, wsID).Scan(&ok); err != nil {
			return nil, nil, nil, fmt.Errorf("check collection: %w", err)
		}
		if !ok {
			return nil, nil, nil, apperr.NotFound("collection not found")
		}
	}
	shares, err := defaultLimitsOfList(ctx, tx, wsID, parsedURLs, trackingLimit, lim)
	if err != nil {
		return nil, nil, nil, err
	}
	byPlatform := map[platform.Platform][]ingest.Target{}
	resultOf := map[uuid.UUID][]int{}
	recorded := map[uuid.UUID]bool{}
	for i, p := range parsedURLs {
		results[i] = Tracked{URL: strings.TrimSpace(urls[i])}
		if p.err != nil {
			results[i].Err = p.err
			continue
		}
		r, target, err := h.trackOne(ctx, tx, wsID, p.target, collectionID, trackingLimit, shares[keyOf(p.target)], &lim)
		if err != nil {
			if apperr.KindOf(err) == apperr.KindInternal {
				return nil, nil, nil, err
			}
			results[i].Err = err
			continue
		}
		r.URL = results[i].URL
		results[i] = r
		resultOf[*r.ID] = append(resultOf[*r.ID], i)
		if target != nil {
			recorded[*r.ID] = true
			byPlatform[p.target.Platform] = append(byPlatform[p.target.Platform], *target)
		}
	}
	for i, r := range results {
		if r.Existing && recorded[*r.ID] {
			results[i].Message = "the same item as an earlier link of the list"
		}
	}
	if len(byPlatform) > 0 {
		if err := dataversion.BumpDataVersion(ctx, tx, wsID); err != nil {
			return nil, nil, nil, err
		}
	}
	jobs, err := queueJobs(ctx, tx, wsID, "track", byPlatform, h.Actors, h.MaxPerRun)
	if err != nil {
		return nil, nil, nil, err
	}
	for _, j := range jobs {
		for _, t := range j.targets {
			for _, i := range resultOf[t.EntityID] {
				results[i].JobID, results[i].ScrapeStatus = j.id.String(), domain.JobQueued
			}
		}
	}
	return results, jobs, recorded, nil
}

// Resolve parses urls as tracking does (short links resolved), a refused
// URL's 400 in its place of errs: an error is the resolver's own failure.
func (h TrackHandler) Resolve(ctx context.Context, urls []string) ([]platform.Target, []error, error) {
	parsedURLs := h.parseAll(ctx, urls)
	targets, errs := make([]platform.Target, len(urls)), make([]error, len(urls))
	for i, p := range parsedURLs {
		if p.err != nil && apperr.KindOf(p.err) == apperr.KindInternal {
			return nil, nil, p.err
		}
		targets[i], errs[i] = p.target, p.err
	}
	return targets, errs, nil
}

// Queued is scrape jobs queued in a transaction, to start once it commits.
type Queued struct {
	jobs []queuedJob
	h    TrackHandler
}

// Start starts the jobs' runs in the background, after the caller's answer.
func (q Queued) Start(ctx context.Context) {
	startAfterAnswer(ctx, q.h.Start, q.h.ScrapeStarts, q.jobs)
}

// TrackIn tracks resolved targets in the caller's transaction, placed in
// the collection (none: nil), as Track does, a failure of one in its
// result's Err; the returned jobs start once the caller has committed.
func (h TrackHandler) TrackIn(ctx context.Context, tx pgx.Tx, ws uuid.UUID, targets []platform.Target, collection *uuid.UUID) ([]Tracked, Queued, error) {
	urls, parsedURLs := make([]string, len(targets)), make([]parsed, len(targets))
	for i, t := range targets {
		urls[i], parsedURLs[i] = t.URL, parsed{target: t}
	}
	results, jobs, _, err := h.trackTx(ctx, tx, ws, urls, parsedURLs, collection, nil)
	return results, Queued{jobs: jobs, h: h}, err
}

func wouldTrack(r Tracked) string {
	if r.Type == platform.Account && r.TrackingLimit != nil {
		return fmt.Sprintf("would be tracked: its newest %d %s", *r.TrackingLimit, videosNoun(*r.TrackingLimit))
	}
	return "would be tracked"
}

func videosNoun(n int) string {
	if n == 1 {
		return "video"
	}
	return "videos"
}

const startTimeout = 2 * time.Minute

// startAfterAnswer starts the committed jobs' runs in the background; a failed one stays queued.
func startAfterAnswer(ctx context.Context, start StartScrapeHandler, running *background.Tasks, jobs []queuedJob) {
	if len(jobs) == 0 {
		return
	}
	running.Go(context.WithoutCancel(ctx), func(ctx context.Context) {
		ctx, cancel := context.WithTimeout(ctx, startTimeout)
		defer cancel()
		// The answer is sent: a panic is logged, the job left to the refresh.
		var err error
		defer func() {
			if err != nil {
				start.Log.Error("start scrape runs after tracking", "error", err)
			}
		}()
		defer apperr.Recover(&err)
		start.startAll(ctx, startsOf(jobs), nil)
	})
}

var errNoAccess = apperr.Forbidden("the workspace has no access: the trial has ended, or the subscription ended or is past due beyond its grace period")

// lockWorkspaceForTracking is lockWorkspace, refusing a workspace without access.
func lockWorkspaceForTracking(ctx context.Context, tx pgx.Tx, wsID uuid.UUID, now time.Time) (workspaceLimits, error) {
	lim, err := lockWorkspace(ctx, tx, wsID, now)
	if err == nil && !lim.hasAccess {
		err = errNoAccess
	}
	return lim, err
}

// lockWorkspace locks the workspace row (and that of the workspace that bills
// it), under which every change of usage is checked against the video
// limit, and reads limits and usage (plan.VideoUsageSQL: summed over the
// workspaces billed together). FOR NO KEY
// UPDATE: it waits for every other writer of the row, not for rows of other
// tables that refer to it (a queued job), whose writers may hold items this
// transaction locks next.
func lockWorkspace(ctx context.Context, tx pgx.Tx, wsID uuid.UUID, now time.Time) (workspaceLimits, error) {
	var planName string
	var flag bool
	var trialEnds, graceEnds *time.Time
	var lim workspaceLimits
	// A workspace billed by another (an organisation's) shares its limit:
	// the payer's row is locked first, then its own, always in that order.
	var payer uuid.UUID
	err := tx.QueryRow(ctx, `SELECT `+plan.PayerSQL+`, EXISTS (SELECT 1 FROM workspaces c WHERE c.billed_by = `+plan.PayerSQL+`)
		FROM workspaces w WHERE w.id = $1`, wsID).Scan(&payer, &lim.billedWith)
	if errors.Is(err, pgx.ErrNoRows) {
		return lim, apperr.NotFound("workspace not found")
	}
	if err != nil {
		return lim, fmt.Errorf("read workspace: %w", err)
	}
	if payer != wsID {
		if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, payer); err != nil {
			return lim, fmt.Errorf("lock the paying workspace: %w", err)
		}
	}
	err = tx.QueryRow(ctx, `SELECT plan, video_limit, has_access, trial_ends_at, grace_ends_at FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, wsID).
		Scan(&planName, &lim.videoLimit, &flag, &trialEnds, &graceEnds)
	if errors.Is(err, pgx.ErrNoRows) {
		return lim, apperr.NotFound("workspace not found")
	}
	if err != nil {
		return lim, fmt.Errorf("lock workspace: %w", err)
	}
	if lim.plan, err = plan.Stored(planName); err != nil {
		return lim, err
	}
	lim.hasAccess = plan.HasAccess(lim.plan.Name, flag, trialEnds, graceEnds, now)
	err = tx.QueryRow(ctx, `SELECT `+plan.VideoUsageSQL, wsID).Scan(&lim.usage)
	if err != nil {
		return lim, fmt.Errorf("count usage: %w", err)
	}
	return lim, nil
}

// trackOne records t and returns its scrape target, nil if tracked already.
func (h TrackHandler) trackOne(ctx context.Context, tx pgx.Tx, wsID uuid.UUID, t platform.Target, collectionID *uuid.UUID, trackingLimit *int, shared int, lim *workspaceLimits) (Tracked, *ingest.Target, error) {
	out := Tracked{Success: true, Type: t.Kind, Platform: t.Platform}
	cost := 1
	if t.Kind == platform.Account {
		var err error
		if cost, err = accountTrackingLimit(trackingLimit, shared, lim); err != nil {
			return out, nil, err
		}
	}
	found, err := findTracked(ctx, tx, wsID, t)
	if err != nil {
		return out, nil, err
	}
	existing := found.id
	if !found.isNew() {
		out.ID, out.Existing = &existing, true
		if t.Kind == platform.Account {
			out.TrackingLimit = &found.trackingLimit
		}
		out.Message = "already tracked"
		var job uuid.UUID
		var jobStatus domain.Job
		err := tx.QueryRow(ctx, `
			SELECT j.id, j.status FROM scrape_jobs j JOIN scrape_job_targets jt ON jt.job_id = j.id
			WHERE jt.entity_id = $1 AND j.workspace_id = $2 ORDER BY j.created_at DESC LIMIT 1`, existing, wsID).Scan(&job, &jobStatus)
		if err == nil {
			out.JobID, out.ScrapeStatus = job.String(), jobStatus
		} else if !errors.Is(err, pgx.ErrNoRows) {
			return out, nil, fmt.Errorf("find latest job: %w", err)
		}
		return out, nil, nil
	}
	if lim.usage+cost > lim.videoLimit {
		return out, nil, apperr.Forbidden(fmt.Sprintf(
			"plan limit reached: %s, this %s needs %d", lim.inUse(), t.Kind, cost))
	}
	id := existing
	switch {
	case t.Kind == platform.Video && existing != uuid.Nil:
		// tracked by its own link from now on
		_, err = tx.Exec(ctx, `
			UPDATE videos SET status = $3, status_reason = '', tracked_individually = true,
				collection_id = coalesce($2, collection_id), updated_at = now()
			WHERE id = $1 AND workspace_id = $4`, id, collectionID, domain.ItemPending, wsID)
	case t.Kind == platform.Video:
		id = uuid.New()
		_, err = tx.Exec(ctx, `
			INSERT INTO videos (id, workspace_id, platform, platform_video_id, url, account_handle, collection_id, tracked_individually)
			VALUES ($1, $2, $3, $4, $5, $6, $7, true)`,
			id, wsID, string(t.Platform), t.ID, t.URL, t.Handle, collectionID)
	case existing != uuid.Nil:
		// A removed account tracked again comes back, charged again.
		_, err = tx.Exec(ctx, `
			UPDATE accounts SET status = $4, status_reason = '', tracking_limit = $2,
				collection_id = coalesce($3, collection_id), updated_at = now()
			WHERE id = $1 AND workspace_id = $5`, id, cost, collectionID, domain.ItemPending, wsID)
		if err == nil {
			err = RankAccountVideos(ctx, tx, wsID, id, cost, h.Now())
		}
	default:
		id = uuid.New()
		_, err = tx.Exec(ctx, `
			INSERT INTO accounts (id, workspace_id, platform, handle, url, collection_id, tracking_limit)
			VALUES ($1, $2, $3, $4, $5, $6, $7)`,
			id, wsID, string(t.Platform), t.ID, t.URL, collectionID, cost)
	}
	if err == nil {
		err = linkVideosToAccounts(ctx, tx, wsID)
	}
	if err != nil {
		return out, nil, fmt.Errorf("insert tracked %s: %w", t.Kind, err)
	}
	lim.usage += cost
	out.ID = &id
	out.Message = fmt.Sprintf("tracking started: the first scrape of this %s is queued", t.Kind)
	if t.Kind == platform.Account {
		out.TrackingLimit = &cost
	}
	return out, &ingest.Target{Kind: t.Kind, EntityID: id, URL: t.URL, Key: t.ID, Limit: cost}, nil
}

type trackedItem struct {
	kind          platform.Kind
	id            uuid.UUID // uuid.Nil: never tracked
	status        domain.Item
	trackingLimit int // an account's
}

// isNew tells whether tracking the target records (and charges) it: never
// tracked, removed, or a video beyond its account's limit.
func (f trackedItem) isNew() bool {
	return f.id == uuid.Nil || f.status == domain.ItemRemoved || (f.kind == platform.Video && f.status == domain.ItemBeyondLimit)
}

func findTracked(ctx context.Context, tx pgx.Tx, wsID uuid.UUID, t platform.Target) (trackedItem, error) {
	f := trackedItem{kind: t.Kind}
	var err error
	if t.Kind == platform.Video {
		err = tx.QueryRow(ctx, `SELECT id, status FROM videos WHERE workspace_id = $1 AND platform = $2 AND platform_video_id = $3`,
			wsID, string(t.Platform), t.ID).Scan(&f.id, &f.status)
	} else {
		err = tx.QueryRow(ctx, `SELECT id, status, tracking_limit FROM accounts WHERE workspace_id = $1 AND platform = $2 AND handle = $3`,
			wsID, string(t.Platform), t.ID).Scan(&f.id, &f.status, &f.trackingLimit)
	}
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return f, fmt.Errorf("find tracked item: %w", err)
	}
	return f, nil
}

// targetKey names one item of a list: the same item pasted in two forms is one.
type targetKey struct {
	platform platform.Platform
	kind     platform.Kind
	id       string
}

func keyOf(t platform.Target) targetKey { return targetKey{t.Platform, t.Kind, t.ID} }

// defaultLimitsOfList works out each new account's default limit first, so
// every link of the list fits: what is left of the video limit, less 1 per
// new video, shared evenly; an explicit limit applies to each.
func defaultLimitsOfList(ctx context.Context, tx pgx.Tx, wsID uuid.UUID, list []parsed, trackingLimit *int, lim workspaceLimits) (map[targetKey]int, error) {
	if trackingLimit != nil || !slices.ContainsFunc(list, func(p parsed) bool { return p.err == nil && p.target.Kind == platform.Account }) {
		return nil, nil
	}
	seen := map[targetKey]bool{}
	var accounts []targetKey
	newVideos := 0
	for _, p := range list {
		k := keyOf(p.target)
		if p.err != nil || seen[k] {
			continue
		}
		seen[k] = true
		f, err := findTracked(ctx, tx, wsID, p.target)
		if err != nil {
			return nil, err
		}
		switch {
		case !f.isNew():
		case p.target.Kind == platform.Video:
			newVideos++
		default:
			accounts = append(accounts, k)
		}
	}
	shares := shareWhatIsLeft(lim, newVideos, len(accounts))
	out := make(map[targetKey]int, len(accounts))
	for i, k := range accounts {
		out[k] = shares[i]
	}
	return out, nil
}

// shareWhatIsLeft shares what is left evenly among n new accounts, within the plan, 1 at least.
func shareWhatIsLeft(lim workspaceLimits, newVideos, n int) []int {
	left := max(0, lim.videoLimit-lim.usage-newVideos)
	most := min(plan.DefaultAccountTrackingLimit, lim.plan.MaxPerAccount)
	out := make([]int, n)
	for i := range out {
		share := left / n
		if i < left%n {
			share++
		}
		out[i] = max(1, min(most, share))
	}
	return out
}

// queuedJob is a job recorded in the transaction, to start after commit.
type queuedJob struct {
	id          uuid.UUID
	workspaceID uuid.UUID
	targets     []ingest.Target
}

func queueJobs(ctx context.Context, tx pgx.Tx, wsID uuid.UUID, reason string, byPlatform map[platform.Platform][]ingest.Target, actors ingest.Actors, maxPerRun int) ([]queuedJob, error) {
	var out []queuedJob
	for _, p := range []platform.Platform{platform.TikTok, platform.Instagram, platform.YouTube, platform.X} {
		if len(byPlatform[p]) == 0 {
			continue
		}
		plans, err := actors.Plan(p, byPlatform[p], maxPerRun)
		if err != nil {
			return nil, err
		}
		for _, rp := range plans {
			id := uuid.New()
			if _, err := tx.Exec(ctx, `
				INSERT INTO scrape_jobs (id, workspace_id, platform, actor, input, reason) VALUES ($1, $2, $3, $4, $5, $6)`,
				id, wsID, string(p), rp.Actor, json.RawMessage(rp.Input), reason); err != nil {
				return nil, fmt.Errorf("insert scrape job: %w", err)
			}
			rows := make([][]any, len(rp.Targets))
			var videos, accounts []uuid.UUID
			for i, t := range rp.Targets {
				rows[i] = []any{id, string(t.Kind), t.EntityID}
				if t.Kind == platform.Video {
					videos = append(videos, t.EntityID)
				} else {
					accounts = append(accounts, t.EntityID)
				}
			}
			if _, err := tx.CopyFrom(ctx, pgx.Identifier{"scrape_job_targets"}, []string{"job_id", "entity_kind", "entity_id"}, pgx.CopyFromRows(rows)); err != nil {
				return nil, fmt.Errorf("insert scrape job targets: %w", err)
			}
			if _, err := tx.Exec(ctx, `UPDATE videos SET refresh_queued_at = now() WHERE id = ANY($1) AND workspace_id = $2`, videos, wsID); err != nil {
				return nil, fmt.Errorf("mark videos queued: %w", err)
			}
			if _, err := tx.Exec(ctx, `UPDATE accounts SET refresh_queued_at = now() WHERE id = ANY($1) AND workspace_id = $2`, accounts, wsID); err != nil {
				return nil, fmt.Errorf("mark accounts queued: %w", err)
			}
			out = append(out, queuedJob{id: id, workspaceID: wsID, targets: rp.Targets})
		}
	}
	return out, nil
}

// accountTrackingLimit is a new account's limit: the one asked for, its share, or what is left.
func accountTrackingLimit(asked *int, shared int, lim *workspaceLimits) (int, error) {
	if asked != nil {
		if *asked < 1 || *asked > lim.plan.MaxPerAccount {
			return 0, apperr.Invalid("tracking_limit", fmt.Sprintf("must be from 1 to %d, the %s plan's maximum per account",
				lim.plan.MaxPerAccount, lim.plan.Name))
		}
		return *asked, nil
	}
	if shared > 0 {
		return shared, nil
	}
	return shareWhatIsLeft(*lim, 0, 1)[0], nil
}
