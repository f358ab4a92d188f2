package tracking_test

import (
	"context"
	"log/slog"
	"slices"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/apperr"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
)

// organiseItems is the handler as the server wires it, without a scraping
// provider: the jobs a refresh queues stay queued.
func organiseItems() tracking.OrganiseItemsHandler {
	return tracking.OrganiseItemsHandler{DB: env.PG, Actors: ingest.DefaultActors(), MaxPerRun: 50, Now: time.Now, Start: tracking.StartScrapeHandler{Log: slog.New(slog.DiscardHandler)}}
}

func organise(t *testing.T, ws uuid.UUID, action tracking.ItemAction, videos, accounts []uuid.UUID) (tracking.Organised, error) {
	t.Helper()
	return organiseItems().Handle(context.Background(), tracking.OrganiseItems{WorkspaceID: ws, Action: action, VideoIDs: videos, AccountIDs: accounts})
}

// TestOrganiseItemsPausesResumesAndRemoves: a paused item keeps its place
// and comes back as it was (active once scraped, pending before); an item
// already in the wanted state is counted unchanged and changes nothing; a
// removed item is not found by any action but remove. Every change bumps
// the data version, so the dashboard shows it at once; no change leaves it.
func TestOrganiseItemsPausesResumesAndRemoves(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	scraped := time.Now().Add(-time.Hour)
	account := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive, LastScrapedAt: scraped})
	active := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive, LastScrapedAt: scraped})
	pending := env.Video(t, ws, testenv.VideoOptions{})
	videos, accounts := []uuid.UUID{active, pending}, []uuid.UUID{account}

	v := dataVersion(t, ws)
	out, err := organise(t, ws, tracking.ActionPause, videos, accounts)
	if err != nil || out.Videos != 2 || out.Accounts != 1 || out.Unchanged != 0 {
		t.Fatalf("pause: %+v, %v; want 2 videos and 1 account paused", out, err)
	}
	if got := statuses(t, active, pending, account); !slices.Equal(got, []domain.Item{domain.ItemPaused, domain.ItemPaused, domain.ItemPaused}) {
		t.Fatalf("after pause: %v, want all paused", got)
	}
	if dataVersion(t, ws) != v+1 {
		t.Fatal("pause did not bump the data version")
	}

	v = dataVersion(t, ws)
	out, err = organise(t, ws, tracking.ActionPause, videos, accounts)
	if err != nil || out.Videos+out.Accounts != 0 || out.Unchanged != 3 {
		t.Fatalf("pause again: %+v, %v; want 3 unchanged", out, err)
	}
	if dataVersion(t, ws) != v {
		t.Fatal("a pause that changed nothing bumped the data version")
	}

	out, err = organise(t, ws, tracking.ActionResume, videos, accounts)
	if err != nil || out.Videos != 2 || out.Accounts != 1 {
		t.Fatalf("resume: %+v, %v", out, err)
	}
	if got := statuses(t, active, pending, account); !slices.Equal(got, []domain.Item{domain.ItemActive, domain.ItemPending, domain.ItemActive}) {
		t.Fatalf("after resume: %v, want active, pending (never scraped), active", got)
	}

	if out, err = organise(t, ws, tracking.ActionRemove, []uuid.UUID{active}, nil); err != nil || out.Videos != 1 {
		t.Fatalf("remove: %+v, %v", out, err)
	}
	if got := status(t, active); got != domain.ItemRemoved {
		t.Fatalf("after remove: %s", got)
	}
	for _, action := range []tracking.ItemAction{tracking.ActionPause, tracking.ActionResume, tracking.ActionRefresh} {
		if _, err := organise(t, ws, action, []uuid.UUID{active, pending}, nil); apperr.KindOf(err) != apperr.KindNotFound {
			t.Errorf("%s of a removed video: %v, want not found", action, err)
		}
	}
	if got := status(t, pending); got != domain.ItemPending {
		t.Fatalf("an action refused whole changed the other video: %s", got)
	}
	if out, err = organise(t, ws, tracking.ActionRemove, []uuid.UUID{active}, nil); err != nil || out.Unchanged != 1 {
		t.Fatalf("remove again: %+v, %v; want 1 unchanged", out, err)
	}
}

// TestOrganiseItemsOfAnotherWorkspaceAreNotFound: naming one item of
// another workspace refuses the whole action with 404, and changes
// neither workspace's items.
func TestOrganiseItemsOfAnotherWorkspaceAreNotFound(t *testing.T) {
	t.Parallel()
	ws, other := env.Workspace(t, testenv.WorkspaceOptions{}), env.Workspace(t, testenv.WorkspaceOptions{})
	mine := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive})
	myAccount := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	theirs := env.Video(t, other, testenv.VideoOptions{Status: domain.ItemActive})
	theirAccount := env.Account(t, other, testenv.AccountOptions{Status: domain.ItemActive})
	for _, action := range tracking.ItemActions {
		for _, c := range []struct {
			name             string
			videos, accounts []uuid.UUID
		}{
			{"video", []uuid.UUID{mine, theirs}, []uuid.UUID{myAccount}},
			{"account", []uuid.UUID{mine}, []uuid.UUID{myAccount, theirAccount}},
		} {
			if _, err := organise(t, ws, action, c.videos, c.accounts); apperr.KindOf(err) != apperr.KindNotFound {
				t.Errorf("%s with another workspace's %s: %v, want not found", action, c.name, err)
			}
		}
	}
	if got := statuses(t, mine, myAccount, theirs, theirAccount); !slices.Equal(got, []domain.Item{domain.ItemActive, domain.ItemActive, domain.ItemActive, domain.ItemActive}) {
		t.Fatalf("after refused actions: %v, want every item active as it was", got)
	}
	if n := scalar[int](t, `SELECT count(*) FROM scrape_jobs WHERE workspace_id IN ($1, $2)`, ws, other); n != 0 {
		t.Fatalf("refused refreshes queued %d jobs", n)
	}
}

// TestOrganiseItemsWithoutAccess: a workspace without access may still
// pause and remove, but not resume or refresh (its items would be scraped
// again).
func TestOrganiseItemsWithoutAccess(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{NoAccess: true})
	video := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive})
	if _, err := organise(t, ws, tracking.ActionPause, []uuid.UUID{video}, nil); err != nil {
		t.Fatalf("pause without access: %v", err)
	}
	for _, action := range []tracking.ItemAction{tracking.ActionResume, tracking.ActionRefresh} {
		if _, err := organise(t, ws, action, []uuid.UUID{video}, nil); apperr.KindOf(err) != apperr.KindForbidden {
			t.Errorf("%s without access: %v, want forbidden", action, err)
		}
	}
	if got := status(t, video); got != domain.ItemPaused {
		t.Fatalf("status %s, want paused", got)
	}
}

// TestRefreshNowKeepsToTheDailyQuota: "refresh now" queues a manual job of
// the items that are refreshed, counting them against the plan's quota of
// manual refreshes over the last 24 hours. A refresh that does not fit is
// refused whole (429, retry when the oldest manual refresh of the day
// leaves the window) and queues nothing; paused and already queued items
// are left unchanged and take nothing of the quota.
func TestRefreshNowKeepsToTheDailyQuota(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	trialEnds := time.Now().Add(48 * time.Hour)
	ws := env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Trial, TrialEndsAt: &trialEnds})
	trial, _ := plan.Lookup(plan.Trial)
	quota := trial.ManualRefreshesPerDay
	// quota-1 items refreshed on demand two hours ago, and many a day ago,
	// which no longer count
	var targets, old []testenv.JobTarget
	for range quota - 1 {
		targets = append(targets, testenv.JobTarget{Kind: platform.Video, ID: uuid.New()})
	}
	for range quota * 2 {
		old = append(old, testenv.JobTarget{Kind: platform.Video, ID: uuid.New()})
	}
	env.Job(t, ws, testenv.JobOptions{Reason: "manual", Status: domain.JobProcessed, CreatedAt: time.Now().Add(-2 * time.Hour), Targets: targets})
	env.Job(t, ws, testenv.JobOptions{Reason: "manual", Status: domain.JobProcessed, CreatedAt: time.Now().Add(-25 * time.Hour), Targets: old})
	first := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive})
	second := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive})
	paused := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemPaused})
	manualJobs := func() int {
		return scalar[int](t, `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1 AND reason = 'manual'`, ws)
	}

	_, err := organise(t, ws, tracking.ActionRefresh, []uuid.UUID{first, second}, nil)
	if apperr.KindOf(err) != apperr.KindLimited {
		t.Fatalf("refresh of 2 with 1 left: %v, want limited (429)", err)
	}
	if wait := time.Duration(apperr.RetryAfter(err)) * time.Second; wait < 21*time.Hour || wait > 22*time.Hour+time.Minute {
		t.Errorf("retry after %s, want about 22h (when the refreshes of two hours ago leave the day)", wait)
	}
	if n := manualJobs(); n != 2 {
		t.Fatalf("a refused refresh queued jobs: %d manual jobs, want the 2 seeded", n)
	}

	out, err := organise(t, ws, tracking.ActionRefresh, []uuid.UUID{first, paused}, nil)
	if err != nil || out.Videos != 1 || out.Unchanged != 1 || out.RefreshesLeft != 0 || out.RefreshQuota != quota {
		t.Fatalf("refresh of 1 and a paused one: %+v, %v; want 1 refreshed, 1 unchanged, 0 of %d left", out, err, quota)
	}
	var job uuid.UUID
	var jobStatus string
	if err := env.PG.QueryRow(ctx, `
		SELECT j.id, j.status FROM scrape_jobs j JOIN scrape_job_targets t ON t.job_id = j.id
		WHERE j.workspace_id = $1 AND j.reason = 'manual' AND t.entity_id = $2`, ws, first).Scan(&job, &jobStatus); err != nil {
		t.Fatalf("the refreshed video's manual job: %v", err)
	}
	if jobStatus != string(domain.JobQueued) {
		t.Errorf("the manual job is %s, want queued", jobStatus)
	}
	if n := scalar[int](t, `SELECT count(*) FROM scrape_job_targets WHERE job_id = $1`, job); n != 1 {
		t.Errorf("the manual job has %d targets, want the one video (not the paused one)", n)
	}

	// already queued: nothing to do, which the empty quota does not refuse
	out, err = organise(t, ws, tracking.ActionRefresh, []uuid.UUID{first}, nil)
	if err != nil || out.Videos != 0 || out.Unchanged != 1 {
		t.Fatalf("refresh of a queued video: %+v, %v; want it unchanged", out, err)
	}
	if n := manualJobs(); n != 3 {
		t.Fatalf("%d manual jobs, want the 2 seeded and 1 queued", n)
	}
}

// TestRefreshNowCountsOneRefreshPerItemPicked: an item counts once against
// the quota of manual refreshes, however many runs scrape it (an Instagram
// account is scraped by a reels run and a details run), in the answer of
// the refresh and in the count of every refresh after it.
func TestRefreshNowCountsOneRefreshPerItemPicked(t *testing.T) {
	t.Parallel()
	trialEnds := time.Now().Add(48 * time.Hour)
	ws := env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Trial, TrialEndsAt: &trialEnds})
	trial, _ := plan.Lookup(plan.Trial)
	quota := trial.ManualRefreshesPerDay
	account := env.Account(t, ws, testenv.AccountOptions{Platform: platform.Instagram, Status: domain.ItemActive, LastScrapedAt: time.Now()})
	videos := []uuid.UUID{
		env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive}),
		env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive}),
		env.Video(t, ws, testenv.VideoOptions{Platform: platform.Instagram, Status: domain.ItemActive}),
		env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive}),
	}

	out, err := organise(t, ws, tracking.ActionRefresh, videos[:3], []uuid.UUID{account})
	if err != nil || out.Videos != 3 || out.Accounts != 1 || out.RefreshesLeft != quota-4 {
		t.Fatalf("refresh of 3 videos and an account: %+v, %v; want 4 refreshed, %d of %d left", out, err, quota-4, quota)
	}
	if n := scalar[int](t, `SELECT count(*) FROM scrape_jobs j JOIN scrape_job_targets t ON t.job_id = j.id
		WHERE j.workspace_id = $1 AND j.reason = 'manual' AND t.entity_id = $2`, ws, account); n != 2 {
		t.Fatalf("the Instagram account is the target of %d manual jobs, want its reels and details runs", n)
	}
	out, err = organise(t, ws, tracking.ActionRefresh, videos[3:], nil)
	if err != nil || out.Videos != 1 || out.RefreshesLeft != quota-5 {
		t.Fatalf("refresh of one more video: %+v, %v; want %d of %d left: one per item picked", out, err, quota-5, quota)
	}
}

// TestOrganiseItemsNamesThemInTheActivityLog: a pause, resume, removal or
// refresh is logged with its action, its counts and the first items it
// changed, named by platform, handle and caption, so the log can say what
// was done to what.
func TestOrganiseItemsNamesThemInTheActivityLog(t *testing.T) {
	t.Parallel()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	account := env.Account(t, ws, testenv.AccountOptions{Handle: "alice", Status: domain.ItemActive, LastScrapedAt: time.Now()})
	var videos []uuid.UUID
	for _, who := range []string{"bob", "carol", "dan", "erin"} {
		videos = append(videos, env.Video(t, ws, testenv.VideoOptions{AccountHandle: who, Caption: who + "'s morning routine\nwith a second line",
			Status: domain.ItemActive, LastScrapedAt: time.Now()}))
	}
	type item struct {
		Kind, Platform, Handle, Caption, URL string
	}
	type details struct {
		Action           string
		Videos, Accounts int
		Items            []item
	}
	last := func() details {
		t.Helper()
		d := scalar[details](t, `SELECT details FROM activity_log WHERE workspace_id = $1 AND action = $2 ORDER BY id DESC LIMIT 1`,
			ws, string(domain.ActionItemsChanged))
		return d
	}

	if _, err := organise(t, ws, tracking.ActionPause, videos, []uuid.UUID{account}); err != nil {
		t.Fatal(err)
	}
	d := last()
	if d.Action != "pause" || d.Videos != 4 || d.Accounts != 1 || len(d.Items) != 3 {
		t.Fatalf("the pause is logged as %+v; want pause, 4 videos, 1 account and the first 3 items named", d)
	}
	for _, it := range d.Items {
		switch it.Kind {
		case "account":
			if it.Handle != "alice" || it.Platform != "tiktok" || it.Caption != "" {
				t.Errorf("the account is named %+v", it)
			}
		case "video":
			if it.Caption != it.Handle+"'s morning routine" || it.Platform != "tiktok" || it.URL == "" {
				t.Errorf("a video is named %+v; want its handle, platform, link and the first line of its caption", it)
			}
		default:
			t.Errorf("an item of kind %q", it.Kind)
		}
	}

	if _, err := organise(t, ws, tracking.ActionResume, nil, []uuid.UUID{account}); err != nil {
		t.Fatal(err)
	}
	if d := last(); d.Action != "resume" || d.Accounts != 1 || d.Videos != 0 || len(d.Items) != 1 || d.Items[0].Handle != "alice" {
		t.Fatalf("the resume is logged as %+v", d)
	}
	if _, err := organise(t, ws, tracking.ActionRefresh, nil, []uuid.UUID{account}); err != nil {
		t.Fatal(err)
	}
	if d := last(); d.Action != "refresh" || d.Accounts != 1 || len(d.Items) != 1 || d.Items[0].Handle != "alice" {
		t.Fatalf("the refresh is logged as %+v", d)
	}
}

// TestOrganiseItemsBesideTheRefreshPlanner: the refresh planner locks the
// due items it takes, then queues their jobs, whose rows refer to the
// workspace. A pause of one of those items meanwhile holds the workspace
// and waits for the item. The workspace's lock must not keep the queued
// job's reference waiting, or the two wait for each other and PostgreSQL
// ends one of them (deadlock detected): both must go through.
func TestOrganiseItemsBesideTheRefreshPlanner(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	v := env.Video(t, ws, testenv.VideoOptions{Status: domain.ItemActive, LastScrapedAt: time.Now()})
	planner, err := env.PG.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer planner.Rollback(ctx) //nolint:errcheck // a no-op once committed
	if _, err := planner.Exec(ctx, `SELECT 1 FROM videos WHERE id = $1 FOR UPDATE`, v); err != nil {
		t.Fatal(err)
	}
	paused := make(chan error, 1)
	go func() {
		_, err := organise(t, ws, tracking.ActionPause, []uuid.UUID{v}, nil)
		paused <- err
	}()
	// the pause holds the workspace and waits for the video
	for deadline := time.Now().Add(testenv.Patience); ; time.Sleep(20 * time.Millisecond) {
		var waiting bool
		if err := env.PG.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FROM videos WHERE workspace_id = $1 AND id = ANY($2)%')`).
			Scan(&waiting); err != nil {
			t.Fatal(err)
		}
		if waiting {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the pause never waited for the video the planner holds")
		}
	}
	if _, err := planner.Exec(ctx, `INSERT INTO scrape_jobs (id, workspace_id, platform, actor, input, reason) VALUES ($1, $2, 'tiktok', 'a', '{}', 'refresh')`,
		uuid.New(), ws); err != nil {
		t.Fatalf("the planner's job: %v", err)
	}
	if err := planner.Commit(ctx); err != nil {
		t.Fatalf("the planner's commit: %v", err)
	}
	if err := <-paused; err != nil {
		t.Fatalf("the pause: %v", err)
	}
	if got := status(t, v); got != domain.ItemPaused {
		t.Fatalf("after the pause: %s", got)
	}
}
