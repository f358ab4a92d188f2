package campaigns_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/command/collections"
	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/ingest/ingesttest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/plan"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
	querycollections "github.com/reeltrack/reeltrack/query/collections"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// The replay's calendar: a step of simulated time between two runs of
// the refresh and settle crons (under the 12 hours a line's last snapshot
// may be older than its window's end in the main campaign, FreshWithin of
// its windows), and how long it runs.
const (
	replayStep   = 10 * time.Hour
	replayDays   = 21
	replayLimit  = 5 // every account's tracking limit
	replayBudget = 3_000_000
)

// TestMoneyReplayOverSimulatedWeeks runs three weeks of the simulator's
// world, its quirks on (reposts, retweets, replies, quotes, collabs, posts
// listed without their publish time, counts written as text or left out),
// through the service's own paths: accounts on TikTok, Instagram and X
// tracked with a tracking limit of 5, a video tracked by its link days
// before its author's account, a video of no tracked account paid to a
// creator an owner chose, the refresh cron every 10 simulated hours with
// the completions of the scrapes it queues, the settle cron at every step,
// a rules change, and a second campaign ended by deleting its collection
// while windows are open.
//
// Then every payout line is worked out again from raw data only: the
// items the simulator's datasets hold for each processed job (read again),
// the raw snapshots in metric_snapshots and the campaigns' rules. Whose
// post each video is (the test's own reading of the items), its publish
// time, the window and the rules version, the views of the last snapshot
// at or before the window's end, the hold, the payee and the amount must
// equal what was stored; every counted video of a campaign must have a
// line, none of another kind may; and the counts of the campaign's
// collection must agree everywhere they are shown.
func TestMoneyReplayOverSimulatedWeeks(t *testing.T) {
	// not parallel: the refresh plans every workspace and the settle run
	// settles every campaign of the database, here on a clock weeks ahead
	// of the other tests' (see tracking's TestRefreshStaysWithinTheScrapeBudget)
	started := time.Now()
	r := newMoneyReplay(t)
	ctx := t.Context()
	t0 := r.now()
	p := r.pickHandles(t0)

	r.ws = env.Workspace(t, testenv.WorkspaceOptions{Plan: plan.Growth, VideoLimit: 3000})
	r.owner = env.Owner(t, r.ws)
	mainID := env.Collection(t, r.ws, "Main")
	sideID := env.Collection(t, r.ws, "Side")
	create := campaigns.CreateCampaignHandler{DB: env.PG, Now: r.now}
	err := create.Handle(ctx, campaigns.CreateCampaign{WorkspaceID: r.ws, ActorID: r.owner, CollectionID: mainID, Currency: "USD", Period: "weekly",
		Settings: domain.CampaignSettings{StartsAt: t0.Add(-7 * 24 * time.Hour), Budget: replayBudget, Platforms: []string{"tiktok", "instagram", "x"}},
		Rules: payout.Terms{Tiers: []payout.Tier{{From: 0, CPM: 120}, {From: 100_000, CPM: 60}}, ViewCap: 5_000_000, MinViews: 200,
			CreatorCap: 400_000, WindowHours: 168}})
	if err != nil {
		t.Fatal(err)
	}
	err = create.Handle(ctx, campaigns.CreateCampaign{WorkspaceID: r.ws, ActorID: r.owner, CollectionID: sideID, Currency: "USD", Period: "weekly",
		Settings: domain.CampaignSettings{StartsAt: t0.Add(-24 * time.Hour), Platforms: []string{"tiktok", "instagram", "x"}, Collabs: domain.CollabsPay},
		Rules:    payout.Terms{Tiers: []payout.Tier{{From: 0, CPM: 80}}, WindowHours: 24}})
	if err != nil {
		t.Fatal(err)
	}

	mainAccounts := []string{ttProfile(p.ttRepost), ttProfile(p.ttOther), ttProfile(p.ttFast),
		igProfile(p.igCollab), igProfile(p.igFast[0]), xProfile(p.x[0]), xProfile(p.x[1]), xProfile(p.x[2])}
	cleo := []string{ttProfile(p.ttFast)}
	if p.ttPinned != "" {
		mainAccounts = append(mainAccounts, ttProfile(p.ttPinned)) // its own payee
	}
	if p.igPinned != "" {
		mainAccounts = append(mainAccounts, igProfile(p.igPinned))
		cleo = append(cleo, igProfile(p.igPinned))
	}
	sideAccounts := []string{igProfile(p.igUntimed), igProfile(p.igFast[1]), ttProfile(p.ttSide)}
	ids := r.trackBulk(mainID, mainAccounts...)
	for k, v := range r.trackBulk(sideID, sideAccounts...) {
		ids[k] = v
	}
	linked := r.trackOne(mainID, p.lateVideo) // its author's account is tracked later
	solo := r.trackOne(mainID, p.soloVideo)   // its author is never tracked
	creator := func(name string, accounts ...string) uuid.UUID {
		t.Helper()
		var acc []uuid.UUID
		for _, u := range accounts {
			acc = append(acc, ids[u])
		}
		id, err := collections.SaveCreatorHandler{DB: env.PG}.Create(ctx, collections.CreateCreator{WorkspaceID: r.ws, ActorID: r.owner, Name: name, AccountIDs: acc})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	creator("Ana", ttProfile(p.ttRepost), igProfile(p.igCollab), xProfile(p.x[0]))
	creator("Ben", ttProfile(p.ttOther), igProfile(p.igFast[0]), xProfile(p.x[1]))
	creator("Cleo", cleo...) // the third X account is its own payee
	creator("Dev", sideAccounts...)
	soloPayee := creator("Solo")
	if err := (collections.VideoPayeeHandler{DB: env.PG}).Handle(ctx, collections.SetVideoPayee{WorkspaceID: r.ws, ActorID: r.owner, VideoID: solo, CreatorID: &soloPayee}); err != nil {
		t.Fatalf("choosing the payee of a video of no tracked account: %v", err)
	}
	r.runJobs()
	r.observe()

	const (
		lateStep  = 6  // 2.5 days in: the linked video's account is tracked
		rulesStep = 19 // day 8: the main campaign's rules change
	)
	var lateCreator uuid.UUID
	var side replaySideEnd
	steps := int((replayDays*24*time.Hour + replayStep - 1) / replayStep)
	for i := 1; i <= steps; i++ {
		r.advance(replayStep)
		now := r.now()
		switch i {
		case lateStep:
			u := ttProfile(p.ttLate)
			for k, v := range r.trackBulk(mainID, u) {
				ids[k] = v
			}
			lateCreator = creator("Late", u)
			if got := scalar[*uuid.UUID](t, `SELECT account_id FROM videos WHERE id = $1`, linked); got == nil || *got != ids[u] {
				t.Fatalf("the video tracked by its link belongs to %v once its author's account is tracked, want the account %s", got, ids[u])
			}
		case rulesStep:
			_, err := campaigns.ChangeCampaignRulesHandler{DB: env.PG, Now: r.now}.Handle(ctx, campaigns.ChangeCampaignRules{WorkspaceID: r.ws, ActorID: r.owner,
				CollectionID: mainID, Rules: payout.Terms{Tiers: []payout.Tier{{From: 0, CPM: 150}}, ViewCap: 5_000_000, MinViews: 200,
					CreatorCap: 400_000, WindowHours: 240}})
			if err != nil {
				t.Fatal(err)
			}
		}
		// The settle cron runs between the scrapes, mostly before the
		// first completion after a window closed; every third step a
		// completion comes first, as a webhook does that lands between
		// the window's end and the cron.
		race := i%3 == 2
		r.racing = race
		if !race {
			r.settleAll()
		}
		r.refreshAndRun()
		if race {
			r.settleAll()
		}
		elapsed := now.Sub(t0)
		if side.at.IsZero() && elapsed >= 15*24*time.Hour && (r.openSideWindows(sideID, r.now()) > 0 || elapsed >= 18*24*time.Hour) {
			side = r.endSide(sideID, r.now())
		}
		r.observe()
	}
	finalSettle := r.settleAll()
	r.observe()
	t.Logf("simulated %s in %d steps, %d jobs processed, in %s", r.now().Sub(t0).Round(time.Hour), steps, len(r.jobs), time.Since(started).Round(time.Millisecond))

	rep := r.replay(r.now())
	rep.checkKinds()
	rep.checkTwice()
	rep.checkLines()
	rep.checkMembers(mainID, finalSettle, nil)
	if side.at.IsZero() {
		t.Error("the side campaign was never ended")
	} else {
		rep.checkMembers(sideID, side.at, side.members)
		rep.checkEnded(sideID, side)
	}
	rep.checkPushedOut(mainID, sideID, side)
	rep.checkSpecial(mainID, linked, ids[ttProfile(p.ttLate)], lateCreator, solo, soloPayee)
	rep.checkCounts(mainID, sideID)
	rep.checkCoverage(p)
}

// moneyReplay drives the service through simulated weeks of the
// simulator's world, and keeps what the replay recomputes from: the jobs
// processed, in order, the raw posts their datasets held, and what became
// of each video between two steps.
type moneyReplay struct {
	t         *testing.T
	sim       string
	client    *ingest.Client
	ahead     atomic.Int64 // how far the simulator's clock was moved on
	ws, owner uuid.UUID

	track    tracking.TrackHandler
	refresh  tracking.RefreshDueHandler
	start    tracking.StartScrapeHandler
	complete tracking.CompleteScrapeHandler
	settle   campaigns.SettlePayoutsHandler

	jobs      []replayJob
	sightings map[replayPostKey][]replaySighting
	status    map[uuid.UUID]string
	beyond    map[uuid.UUID][]time.Time // each time a video was found beyond its account's limit
	neverIn   map[uuid.UUID]bool        // videos beyond their accounts' limits when first found
	racing    bool                      // this step's completions come before its settle run
	raced     map[time.Time]bool        // the steps that did, by the time they ended
	errored   map[uuid.UUID]bool
	sawKept   bool // a video kept past its account's limit for an open window
	sawIDTime bool // a publish time read from a platform id
	// written are the snapshots of one video and one time found written
	// twice with different views right after a completion, with the views
	written map[uuid.UUID]map[time.Time][]string
}

// replayJob is a processed scrape job.
type replayJob struct {
	id        uuid.UUID
	platform  platform.Platform
	scrapedAt time.Time
	// listings are the profile listings the job read, by account handle,
	// in the order the actor listed them
	listings map[string][]replayListed
}

// replayListed is a post of a profile listing.
type replayListed struct {
	id     string
	pinned bool
	kind   domain.PostKind // to the listed account
}

// replayPostKey names a post on its platform.
type replayPostKey struct {
	platform platform.Platform
	id       string // TikTok and X ids, Instagram shortcodes
}

// replaySighting is a post as one job's dataset showed it.
type replaySighting struct {
	job int // in moneyReplay.jobs
	// at is the scrape's time, to the second; applied is when its
	// completion was processed, on the same clock: a settle run in the
	// second of a scrape may come before the scrape is applied
	at, applied time.Time
	listing     bool // in a profile's listing, not asked for by its link
	post        replayPost
}

// replayPost is what the test reads from a raw item: who posted it, the
// flags that say what it is, and its publish time when the item gives it.
type replayPost struct {
	author        string // lower case
	listedBy      string // the handle whose listing showed it; "" asked for by its link
	pinned        bool
	repost, quote bool
	reply         bool // to another account
	selfReply     bool // to the author's own post: a thread
	coauthors     []string
	published     *time.Time
	views         string // the view count as the item writes it, digits only; "" when left out
}

func newMoneyReplay(t *testing.T) *moneyReplay {
	sim := testenv.ScraperSim(t, "-run-duration", "10ms", "-webhook-retries", "0")
	client := ingest.NewClient(ingest.ClientOptions{BaseURL: sim, Token: "sim-token", RetryWait: 10 * time.Millisecond, MaxWait: 50 * time.Millisecond})
	r := &moneyReplay{t: t, sim: sim, client: client, sightings: map[replayPostKey][]replaySighting{}, status: map[uuid.UUID]string{},
		beyond: map[uuid.UUID][]time.Time{}, errored: map[uuid.UUID]bool{}, raced: map[time.Time]bool{}, neverIn: map[uuid.UUID]bool{},
		written: map[uuid.UUID]map[time.Time][]string{}}
	// the jobs are started by the replay itself, each on the simulator
	noStart := tracking.StartScrapeHandler{DB: env.PG, Log: slog.New(slog.DiscardHandler)}
	r.track = tracking.TrackHandler{DB: env.PG, Actors: ingest.DefaultActors(), MaxPerRun: 200, Start: noStart, Now: r.now}
	r.refresh = tracking.RefreshDueHandler{DB: env.PG, Actors: ingest.DefaultActors(), MaxPerRun: 200, Start: noStart, Now: r.now}
	r.start = tracking.StartScrapeHandler{DB: env.PG, Provider: client, PublicBaseURL: "http://127.0.0.1:1", Log: slog.New(slog.DiscardHandler)}
	r.complete = tracking.CompleteScrapeHandler{DB: env.PG, CH: env.CH, Provider: client, Now: r.now, Log: slog.New(slog.DiscardHandler)}
	r.settle = campaigns.SettlePayoutsHandler{DB: env.PG, Ledger: querycampaigns.SettlementHandler{DB: env.PG, CH: env.CH},
		Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Now: r.now}
	return r
}

// now is the simulator's clock: the wall clock moved on as far as the
// simulator's was.
func (r *moneyReplay) now() time.Time { return time.Now().Add(time.Duration(r.ahead.Load())).UTC() }

// advance moves the simulator's clock, and the service's with it, by d.
func (r *moneyReplay) advance(d time.Duration) {
	r.t.Helper()
	req, err := http.NewRequestWithContext(r.t.Context(), http.MethodPost, r.sim+"/sim/clock?by="+d.String(), nil)
	if err != nil {
		r.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer sim-token")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct {
		Data struct {
			Now time.Time `json:"now"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || resp.StatusCode != http.StatusOK {
		r.t.Fatalf("moving the simulator's clock: %d, %v", resp.StatusCode, err)
	}
	r.ahead.Add(int64(d))
	if skew := r.now().Sub(out.Data.Now); skew.Abs() > 30*time.Second { // the call itself may take seconds on a loaded machine
		r.t.Fatalf("the simulator's clock is %s, the service's %s", out.Data.Now, r.now())
	}
}

// trackBulk tracks accounts into a collection and returns their ids by URL.
func (r *moneyReplay) trackBulk(collection uuid.UUID, urls ...string) map[string]uuid.UUID {
	r.t.Helper()
	before := r.dbNow()
	res, err := r.track.HandleBulk(r.t.Context(), tracking.TrackBulk{WorkspaceID: r.ws, URLs: urls, CollectionID: &collection, TrackingLimit: ptr(replayLimit)})
	if err != nil {
		r.t.Fatal(err)
	}
	out := map[string]uuid.UUID{}
	for _, t := range res {
		if t.Err != nil || t.ID == nil {
			r.t.Fatalf("tracking %s: %v", t.URL, t.Err)
		}
		out[t.URL] = *t.ID
	}
	r.alignFirstSeen(before, r.now())
	return out
}

// trackOne tracks a video by its link into a collection.
func (r *moneyReplay) trackOne(collection uuid.UUID, url string) uuid.UUID {
	r.t.Helper()
	before := r.dbNow()
	res, err := r.track.Handle(r.t.Context(), tracking.Track{WorkspaceID: r.ws, URL: url, CollectionID: &collection})
	if err != nil {
		r.t.Fatalf("tracking %s: %v", url, err)
	}
	r.alignFirstSeen(before, r.now())
	return *res.ID
}

func (r *moneyReplay) dbNow() time.Time { return scalar[time.Time](r.t, `SELECT now()`) }

// alignFirstSeen moves the times at which the rows made since before were
// first seen, which the database stamps with its own clock, to at on the
// simulator's clock, the one every other time of the replay is on: a
// service whose clock is the database's stamps them so.
func (r *moneyReplay) alignFirstSeen(before, at time.Time) {
	r.t.Helper()
	after := r.dbNow()
	exec(r.t, `UPDATE videos SET created_at = $4 WHERE workspace_id = $1 AND created_at BETWEEN $2 AND $3`, r.ws, before, after, at)
	exec(r.t, `UPDATE accounts SET created_at = $4 WHERE workspace_id = $1 AND created_at BETWEEN $2 AND $3`, r.ws, before, after, at)
}

// refreshAndRun runs the refresh cron at the simulator's time, then the
// jobs it queued.
func (r *moneyReplay) refreshAndRun() {
	r.t.Helper()
	if _, err := r.refresh.Handle(r.t.Context(), tracking.RefreshDue{}); err != nil {
		r.t.Fatal(err)
	}
	r.runJobs()
}

// runJobs starts the workspace's queued jobs on the simulator, waits for
// their runs and completes them in the order they were queued, reading
// each run's dataset again afterwards.
func (r *moneyReplay) runJobs() {
	r.t.Helper()
	ctx := r.t.Context()
	for round := 0; ; round++ {
		rows, err := env.PG.Query(ctx, `SELECT id FROM scrape_jobs WHERE workspace_id = $1 AND status = $2 ORDER BY created_at, id`, r.ws, domain.JobQueued)
		if err != nil {
			r.t.Fatal(err)
		}
		var queued []uuid.UUID
		for rows.Next() {
			var id uuid.UUID
			if err := rows.Scan(&id); err != nil {
				r.t.Fatal(err)
			}
			queued = append(queued, id)
		}
		if err := rows.Err(); err != nil {
			r.t.Fatal(err)
		}
		if len(queued) == 0 {
			return
		}
		if round > 3 {
			r.t.Fatalf("jobs still queued after %d rounds: %v", round, queued)
		}
		for _, id := range queued {
			if err := r.start.Handle(ctx, tracking.StartScrape{WorkspaceID: r.ws, JobID: id}); err != nil {
				r.t.Fatalf("starting job %s: %v", id, err)
			}
		}
		for _, id := range queued {
			r.waitRun(id)
			before := r.dbNow()
			out, err := r.complete.Handle(ctx, tracking.CompleteScrape{JobID: id})
			if err != nil || out.Status != domain.JobProcessed {
				r.t.Fatalf("completing job %s: %+v, %v", id, out, err)
			}
			r.record(id, before, r.now())
		}
	}
}

// waitRun waits, polling, for the run of a started job to end.
func (r *moneyReplay) waitRun(job uuid.UUID) {
	r.t.Helper()
	runID := scalar[string](r.t, `SELECT provider_run_id FROM scrape_jobs WHERE id = $1`, job)
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		run, err := r.client.GetRun(r.t.Context(), runID)
		if err != nil {
			r.t.Fatal(err)
		}
		if run.Terminal() {
			return
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("run %s of job %s did not end", runID, job)
		}
	}
}

var (
	xStatusID  = regexp.MustCompile(`/status(?:es)?/(\d+)`)
	igPostLink = regexp.MustCompile(`instagram\.com/(?:[A-Za-z0-9._]+/)?(?:p|reels?|tv)/`)
)

// record keeps a processed job and the raw posts of its dataset, read
// again from the simulator, and aligns the first-seen times of the videos
// it found with its scrape time.
func (r *moneyReplay) record(job uuid.UUID, before, applied time.Time) {
	r.t.Helper()
	var p, dataset string
	var input []byte
	var at time.Time
	if err := env.PG.QueryRow(r.t.Context(), `SELECT platform, input, dataset_id, scraped_at FROM scrape_jobs WHERE id = $1`, job).
		Scan(&p, &input, &dataset, &at); err != nil {
		r.t.Fatal(err)
	}
	at = at.UTC()
	r.alignFirstSeen(before, at)
	// the snapshots of this scrape time, read before the table merges
	// rows of one video and time
	dups, err := env.CH.Query(r.t.Context(), `
		SELECT entity_id, arraySort(groupUniqArray(views)) FROM metric_snapshots
		WHERE workspace_id = ? AND entity_kind = 'video' AND scraped_at = ?
		GROUP BY entity_id HAVING uniqExact(views) > 1`, r.ws, at)
	if err != nil {
		r.t.Fatal(err)
	}
	for dups.Next() {
		var id uuid.UUID
		var views []uint64
		if err := dups.Scan(&id, &views); err != nil {
			r.t.Fatal(err)
		}
		if r.written[id] == nil {
			r.written[id] = map[time.Time][]string{}
		}
		for _, n := range views {
			if c := strconv.FormatUint(n, 10); !slices.Contains(r.written[id][at], c) {
				r.written[id][at] = append(r.written[id][at], c)
			}
		}
	}
	if err := dups.Err(); err != nil {
		r.t.Fatal(err)
	}
	dups.Close()
	j := len(r.jobs)
	r.jobs = append(r.jobs, replayJob{id: job, platform: platform.Platform(p), scrapedAt: at, listings: map[string][]replayListed{}})
	var in struct {
		ResultsType string   `json:"resultsType"`
		StartURLs   []string `json:"startUrls"`
	}
	if err := json.Unmarshal(input, &in); err != nil {
		r.t.Fatal(err)
	}
	if in.ResultsType == "details" {
		return // profiles: their latestPosts are no video's numbers
	}
	asked := map[string]bool{}
	for _, u := range in.StartURLs {
		if m := xStatusID.FindStringSubmatch(u); m != nil {
			asked[m[1]] = true
		}
	}
	for _, m := range r.items(dataset) {
		id, post, listing, ok := readPost(platform.Platform(p), m, asked)
		if ok {
			k := replayPostKey{platform.Platform(p), id}
			r.sightings[k] = append(r.sightings[k], replaySighting{job: j, at: at, applied: applied, listing: listing, post: post})
			if listing {
				by := post.listedBy
				r.jobs[j].listings[by] = append(r.jobs[j].listings[by], replayListed{id: id, pinned: post.pinned, kind: post.kindFor(platform.Platform(p), by)})
			}
		}
	}
}

// items reads every item of a dataset, numbers as they are written.
func (r *moneyReplay) items(dataset string) []map[string]any {
	r.t.Helper()
	var out []map[string]any
	_, err := r.client.Items(r.t.Context(), dataset, 0, 100_000, func(raw json.RawMessage) error {
		d := json.NewDecoder(bytes.NewReader(raw))
		d.UseNumber()
		var m map[string]any
		if err := d.Decode(&m); err != nil {
			return err
		}
		out = append(out, m)
		return nil
	})
	if err != nil {
		r.t.Fatal(err)
	}
	return out
}

// readPost reads a raw item of a platform's actor; ok is false for an
// item that is no post (an error row, a profile). asked are the X ids the
// run was asked for by link.
func readPost(p platform.Platform, m map[string]any, asked map[string]bool) (id string, post replayPost, listing, ok bool) {
	switch p {
	case platform.TikTok:
		id = itemText(m, "id")
		post.author = strings.ToLower(itemText(itemObject(m, "authorMeta"), "name"))
		post.repost, post.pinned = itemFlag(m, "isRepost"), itemFlag(m, "isPinned")
		post.listedBy = strings.ToLower(strings.TrimPrefix(itemText(m, "input"), "@"))
		post.views = itemCount(m, "playCount")
		if n, isNum := m["createTime"].(json.Number); isNum {
			if s, err := n.Int64(); err == nil {
				at := time.Unix(s, 0).UTC()
				post.published = &at
			}
		}
		listing = post.listedBy != ""
	case platform.X:
		if itemFlag(m, "noResults") {
			return "", post, false, false
		}
		id = itemText(m, "id")
		post.author = strings.ToLower(itemText(itemObject(m, "author"), "userName"))
		post.repost, post.quote = itemFlag(m, "isRetweet"), itemFlag(m, "isQuote")
		post.views = itemCount(m, "viewCount")
		if itemFlag(m, "isReply") {
			if strings.EqualFold(itemText(m, "inReplyToUsername"), post.author) {
				post.selfReply = true
			} else {
				post.reply = true
			}
		}
		if at, err := time.Parse(time.RubyDate, itemText(m, "createdAt")); err == nil {
			at = at.UTC()
			post.published = &at
		}
		listing = !asked[id]
		if listing {
			post.listedBy = post.author
		}
	case platform.Instagram:
		if _, profile := m["latestPosts"]; profile {
			return "", post, false, false
		}
		id = itemText(m, "shortCode")
		post.author, post.pinned = strings.ToLower(itemText(m, "ownerUsername")), itemFlag(m, "isPinned")
		if post.views = itemCount(m, "videoPlayCount"); post.views == "" {
			post.views = itemCount(m, "videoViewCount")
		}
		if list, isList := m["coauthorProducers"].([]any); isList {
			for _, c := range list {
				if co, isObj := c.(map[string]any); isObj {
					post.coauthors = append(post.coauthors, strings.ToLower(itemText(co, "username")))
				}
			}
		}
		if at, err := time.Parse(time.RFC3339, itemText(m, "timestamp")); err == nil {
			at = at.UTC()
			post.published = &at
		}
		listing = !igPostLink.MatchString(itemText(m, "inputUrl"))
		if listing {
			post.listedBy = strings.ToLower(strings.TrimSuffix(strings.TrimPrefix(itemText(m, "inputUrl"), "https://www.instagram.com/"), "/"))
		}
	}
	return id, post, listing, id != ""
}

func itemText(m map[string]any, k string) string {
	switch v := m[k].(type) {
	case string:
		return v
	case json.Number:
		return v.String()
	}
	return ""
}

// itemCount is a count as an item writes it (a number, a string, a comma
// string), its digits only; "" when it is left out or null.
func itemCount(m map[string]any, k string) string {
	return strings.ReplaceAll(itemText(m, k), ",", "")
}

func itemObject(m map[string]any, k string) map[string]any {
	o, _ := m[k].(map[string]any)
	return o
}

func itemFlag(m map[string]any, k string) bool {
	b, _ := m[k].(bool)
	return b
}

// kindFor is what the post is to the account of the handle ("" for a
// video of no account), by the test's own reading: an X retweet is a
// repost, a quote a quote, a reply to another account a reply; a TikTok
// item by another author is that author's post (a repost when marked so);
// an Instagram post of another owner that lists the account among its
// coauthors is a collab, else another author's post; anything else is the
// account's own.
func (p replayPost) kindFor(plat platform.Platform, handle string) domain.PostKind {
	switch plat {
	case platform.X:
		switch {
		case p.repost:
			return domain.KindRepost
		case p.quote:
			return domain.KindQuote
		case p.reply:
			return domain.KindReply
		}
	case platform.TikTok:
		if handle != "" && p.author != handle {
			if p.repost {
				return domain.KindRepost
			}
			return domain.KindOtherAuthor
		}
		if p.repost {
			return domain.KindRepost
		}
	case platform.Instagram:
		if handle != "" && p.author != handle {
			if slices.Contains(p.coauthors, handle) {
				return domain.KindCollab
			}
			return domain.KindOtherAuthor
		}
	}
	return domain.KindOwn
}

// timeOfID is the creation time a TikTok or X id carries (TikTok: Unix
// seconds above the lowest 32 bits; X: a snowflake, milliseconds since
// 2010-11-04 above the lowest 22), to the second; nil on Instagram.
func timeOfID(p platform.Platform, id string) *time.Time {
	n, err := strconv.ParseUint(id, 10, 64)
	if err != nil {
		return nil
	}
	var at time.Time
	switch p {
	case platform.TikTok:
		at = time.Unix(int64(n>>32), 0).UTC()
	case platform.X:
		at = time.UnixMilli(int64(n>>22) + 1288834974657).UTC().Truncate(time.Second)
	default:
		return nil
	}
	return &at
}

// observe records, after a step, which videos were beyond their accounts'
// limits, in error, kept for a campaign window, or dated by their ids.
func (r *moneyReplay) observe() {
	r.t.Helper()
	rows, err := env.PG.Query(r.t.Context(), `SELECT id, status, kept_until IS NOT NULL, published_source IS NOT DISTINCT FROM 'id' FROM videos WHERE workspace_id = $1`, r.ws)
	if err != nil {
		r.t.Fatal(err)
	}
	defer rows.Close()
	now := r.now()
	r.raced[now], r.racing = r.racing, false
	for rows.Next() {
		var id uuid.UUID
		var status string
		var kept, byID bool
		if err := rows.Scan(&id, &status, &kept, &byID); err != nil {
			r.t.Fatal(err)
		}
		if status == string(domain.ItemBeyondLimit) && r.status[id] != status {
			r.beyond[id] = append(r.beyond[id], now)
		}
		if _, seen := r.status[id]; !seen {
			r.neverIn[id] = status == string(domain.ItemBeyondLimit)
		}
		r.status[id] = status
		r.errored[id] = r.errored[id] || status == string(domain.ItemError)
		r.sawKept = r.sawKept || kept
		r.sawIDTime = r.sawIDTime || byID
	}
	if err := rows.Err(); err != nil {
		r.t.Fatal(err)
	}
}

// settleAll runs the settle cron at the simulator's time (every campaign,
// then the videos kept for windows now closed are released) and returns
// that time.
func (r *moneyReplay) settleAll() time.Time {
	r.t.Helper()
	at := r.now()
	r.settle.Now = func() time.Time { return at }
	defer func() { r.settle.Now = r.now }()
	if _, err := r.settle.Handle(r.t.Context()); err != nil {
		r.t.Fatal(err)
	}
	return at
}

// openSideWindows counts the side campaign's videos published (or first
// seen) within its 24-hour window before now.
func (r *moneyReplay) openSideWindows(side uuid.UUID, now time.Time) int {
	return scalar[int](r.t, `
		SELECT count(*)::int FROM videos v JOIN accounts a ON a.id = v.account_id
		WHERE v.workspace_id = $1 AND a.collection_id = $2 AND v.post_kind IN ('own', 'collab') AND v.status NOT IN ('removed', 'beyond_limit')
		  AND COALESCE(v.published_at, v.created_at) > $3`, r.ws, side, now.Add(-24*time.Hour))
}

// replaySideEnd is the side campaign as it was ended: when, its collection's
// videos then with their statuses, and its lines right after.
type replaySideEnd struct {
	at      time.Time
	members map[uuid.UUID]string
	lines   map[uuid.UUID][2]int64 // views and amount
}

// endSide deletes the side campaign's collection, which ends it.
func (r *moneyReplay) endSide(side uuid.UUID, now time.Time) replaySideEnd {
	r.t.Helper()
	ctx := r.t.Context()
	e := replaySideEnd{at: now, members: map[uuid.UUID]string{}, lines: map[uuid.UUID][2]int64{}}
	rows, err := env.PG.Query(ctx, `SELECT v.id, v.status FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
		WHERE v.workspace_id = $1 AND COALESCE(v.collection_id, a.collection_id) = $2`, r.ws, side)
	if err != nil {
		r.t.Fatal(err)
	}
	for rows.Next() {
		var id uuid.UUID
		var status string
		if err := rows.Scan(&id, &status); err != nil {
			r.t.Fatal(err)
		}
		e.members[id] = status
	}
	if err := rows.Err(); err != nil {
		r.t.Fatal(err)
	}
	settle := r.settle
	settle.Now = func() time.Time { return now }
	if err := (collections.ManageCollectionHandler{DB: env.PG, Settle: settle}).Delete(ctx, collections.DeleteCollection{WorkspaceID: r.ws, ActorID: r.owner, ID: side}); err != nil {
		r.t.Fatalf("deleting the side campaign's collection: %v", err)
	}
	rows, err = env.PG.Query(ctx, `SELECT video_id, views, amount FROM payout_lines WHERE collection_id = $1`, side)
	if err != nil {
		r.t.Fatal(err)
	}
	for rows.Next() {
		var id uuid.UUID
		var views, amount int64
		if err := rows.Scan(&id, &views, &amount); err != nil {
			r.t.Fatal(err)
		}
		e.lines[id] = [2]int64{views, amount}
	}
	if err := rows.Err(); err != nil {
		r.t.Fatal(err)
	}
	r.t.Logf("side campaign ended on day %.1f with %d lines", now.Sub(r.jobs[0].scrapedAt).Hours()/24, len(e.lines))
	return e
}

// replayPicks are the handles the replay tracks, chosen from the
// simulator's world at the start so that every case is there.
type replayPicks struct {
	ttRepost, ttOther, ttFast, ttSide, ttLate string
	lateVideo, soloVideo                      string // TikTok video links
	igCollab, igUntimed                       string
	igFast                                    []string
	// accounts with a pinned post that post every day and a half or so
	// ("" when none was found): their listings hold one own post less
	ttPinned, igPinned string
	x                  []string
	// recentCollab: the collab's window opens after the main campaign
	// starts and closes after tracking starts, so its line is held as a
	// collab; youngUntimed: a post listed without its publish time is young
	// enough to stay so until its 24-hour window closes
	recentCollab, youngUntimed bool
}

func ttProfile(h string) string { return "https://www.tiktok.com/@" + h }
func igProfile(h string) string { return "https://www.instagram.com/" + h + "/" }
func xProfile(h string) string  { return "https://x.com/" + h }

// probe runs an actor on the simulator and returns its items.
func (r *moneyReplay) probe(actor string, input map[string]any) []map[string]any {
	r.t.Helper()
	in, err := json.Marshal(input)
	if err != nil {
		r.t.Fatal(err)
	}
	run := ingesttest.FinishedRun(r.t, r.client, actor, in, uuid.New())
	return r.items(run.DefaultDatasetID)
}

// pickHandles reads the listings the service's first scrapes will read
// and picks handles whose newest posts hold a TikTok repost and another
// author's post, an Instagram collab and a post listed without its
// publish time, and X retweets, replies, quotes and threads; the other
// accounts are fast posters.
func (r *moneyReplay) pickHandles(t0 time.Time) replayPicks {
	r.t.Helper()
	var p replayPicks
	used := map[string]bool{}
	take := func(h string) string { used[h] = true; return h }

	// the newest posts of a listing, pinned aside: their times (nil when
	// unknown), and the hours between them
	type feed struct {
		items  []map[string]any
		times  []*time.Time
		pinned bool
	}
	cadence := func(f feed) time.Duration {
		var ts []time.Time
		for _, at := range f.times {
			if at != nil {
				ts = append(ts, *at)
			}
		}
		if len(ts) < 3 {
			return 0
		}
		slices.SortFunc(ts, time.Time.Compare)
		return ts[len(ts)-1].Sub(ts[0]) / time.Duration(len(ts)-1)
	}
	read := func(items []map[string]any, by func(map[string]any) string, at func(map[string]any) *time.Time) map[string]feed {
		out := map[string]feed{}
		for _, it := range items {
			f := out[by(it)]
			if itemFlag(it, "isPinned") {
				f.pinned = true
			} else {
				f.items, f.times = append(f.items, it), append(f.times, at(it))
			}
			out[by(it)] = f
		}
		return out
	}
	// fastest takes the unused handle that posts most often
	fastest := func(hs []string, feeds map[string]feed) string {
		best := ""
		for _, h := range hs {
			if c := cadence(feeds[h]); !used[h] && c > 0 && (best == "" || c < cadence(feeds[best])) {
				best = h
			}
		}
		if best == "" {
			r.t.Fatal("no candidate handle left")
		}
		return take(best)
	}
	// pinnedSlow takes an unused handle with a pinned post that posts
	// every 30 to 46 hours: the limit's last post is then often the
	// listing's last own post when its window closes
	pinnedSlow := func(hs []string, feeds map[string]feed) string {
		for _, h := range hs {
			if c := cadence(feeds[h]); !used[h] && feeds[h].pinned && c >= 30*time.Hour && c <= 46*time.Hour {
				return take(h)
			}
		}
		return ""
	}

	// TikTok
	var tt []string
	for i := range 80 {
		tt = append(tt, fmt.Sprintf("mq_tt_%03d", i))
	}
	ttFeeds := read(r.probe("clockworks~tiktok-scraper", map[string]any{"profiles": tt, "resultsPerPage": ingest.Listed(replayLimit)}),
		func(it map[string]any) string { return itemText(it, "input") },
		func(it map[string]any) *time.Time {
			if n, ok := it["createTime"].(json.Number); ok {
				s, _ := n.Int64()
				at := time.Unix(s, 0).UTC()
				return &at
			}
			return timeOfID(platform.TikTok, itemText(it, "id"))
		})
	for _, h := range tt {
		for i, it := range ttFeeds[h].items {
			_, post, _, _ := readPost(platform.TikTok, it, nil)
			at := *ttFeeds[h].times[i]
			switch kind := post.kindFor(platform.TikTok, h); {
			case used[h]:
			case kind == domain.KindRepost && p.ttRepost == "":
				p.ttRepost = take(h)
			case kind == domain.KindOtherAuthor && p.ttOther == "":
				p.ttOther = take(h)
			case kind == domain.KindOwn && at.After(t0.Add(-40*time.Hour)) && at.Before(t0.Add(-4*time.Hour)) && (p.lateVideo == "" || p.soloVideo == ""):
				// an own post whose window is still open days later
				u := "https://www.tiktok.com/@" + take(h) + "/video/" + itemText(it, "id")
				if p.lateVideo == "" {
					p.ttLate, p.lateVideo = h, u
				} else {
					p.soloVideo = u
				}
			}
		}
	}
	if p.ttRepost == "" || p.ttOther == "" || p.lateVideo == "" || p.soloVideo == "" {
		r.t.Fatalf("no TikTok handle of the kinds needed among %d: %+v", len(tt), p)
	}
	p.ttPinned = pinnedSlow(tt, ttFeeds)
	p.ttFast, p.ttSide = fastest(tt, ttFeeds), fastest(tt, ttFeeds)

	// Instagram
	var ig, igURLs []string
	for i := range 300 {
		h := fmt.Sprintf("mq_ig_%03d", i)
		ig, igURLs = append(ig, h), append(igURLs, igProfile(h))
	}
	igFeeds := read(r.probe("apify~instagram-scraper", map[string]any{"directUrls": igURLs, "resultsType": "reels", "resultsLimit": ingest.Listed(replayLimit)}),
		func(it map[string]any) string {
			return strings.TrimSuffix(strings.TrimPrefix(itemText(it, "inputUrl"), "https://www.instagram.com/"), "/")
		},
		func(it map[string]any) *time.Time {
			at, err := time.Parse(time.RFC3339, itemText(it, "timestamp"))
			if err != nil {
				return nil
			}
			return &at
		})
	// a collab whose window opens after the main campaign starts and
	// closes after tracking starts, the newest post of an account without
	// a pinned post that posts every other day or less: it stays within the
	// limit and in the listing until its line locks
	var someCollab string
	for _, h := range ig {
		f := igFeeds[h]
		for i, it := range f.items {
			_, post, _, _ := readPost(platform.Instagram, it, nil)
			switch post.kindFor(platform.Instagram, h) {
			case domain.KindCollab:
				recent := f.times[i] == nil || f.times[i].After(t0.Add(-6*24*time.Hour))
				if p.igCollab == "" && !used[h] && recent && i == 0 && !f.pinned && cadence(f) >= 48*time.Hour {
					p.igCollab, p.recentCollab = take(h), true
				} else if someCollab == "" && !used[h] {
					someCollab = h
				}
			case domain.KindOwn:
				if f.times[i] != nil || used[h] || p.igUntimed != "" {
					continue
				}
				// an Instagram media id holds its creation time, in
				// milliseconds since 2011-08-24, above its lowest 23 bits:
				// a post listed without its time, young enough to stay so
				// until its 24-hour window closes
				id, _ := strconv.ParseUint(itemText(it, "id"), 10, 64)
				if time.UnixMilli(int64(id>>23) + 1314220021721).After(t0.Add(-14 * time.Hour)) {
					p.igUntimed, p.youngUntimed = take(h), true
				}
			}
		}
	}
	if p.igCollab == "" && someCollab != "" && !used[someCollab] {
		p.igCollab = take(someCollab)
	}
	if p.igCollab == "" {
		r.t.Fatalf("no Instagram handle among %d lists a collab", len(ig))
	}
	if p.igUntimed == "" {
		p.igUntimed = fastest(ig, igFeeds)
	}
	p.igPinned = pinnedSlow(ig, igFeeds)
	p.igFast = []string{fastest(ig, igFeeds), fastest(ig, igFeeds)}

	// X: accounts posting every few hours, together showing every kind in
	// their newest tweets
	var xs []string
	for i := range 40 {
		xs = append(xs, fmt.Sprintf("mq_x_%03d", i))
	}
	tweets := map[string][]replayPost{}
	for _, it := range r.probe("apidojo~tweet-scraper", map[string]any{"twitterHandles": xs, "maxItems": 1 + 3*ingest.Listed(replayLimit)}) {
		if _, post, _, ok := readPost(platform.X, it, nil); ok {
			tweets[post.author] = append(tweets[post.author], post)
		}
	}
	covered := map[string]bool{}
	features := func(h string) []string {
		var f []string
		for _, t := range tweets[h] {
			for name, has := range map[string]bool{"retweet": t.repost, "quote": t.quote, "reply": t.reply, "thread": t.selfReply, "untimed": t.published == nil} {
				if has && !slices.Contains(f, name) {
					f = append(f, name)
				}
			}
		}
		return f
	}
	// a tweet every 4 to 20 hours: a handful of kept tweets per window
	moderate := func(h string) bool {
		var first, last time.Time
		n := 0
		for _, t := range tweets[h] {
			if t.published != nil {
				n++
				first = earlierOf(first, *t.published)
				if t.published.After(last) {
					last = *t.published
				}
			}
		}
		if n < 3 {
			return false
		}
		every := last.Sub(first) / time.Duration(n-1)
		return every >= 4*time.Hour && every <= 20*time.Hour
	}
	for pass := 0; pass < 2 && len(p.x) < 3; pass++ {
		for _, h := range xs {
			if len(p.x) == 3 || used[h] || !moderate(h) {
				continue
			}
			adds := false
			for _, f := range features(h) {
				adds = adds || !covered[f]
			}
			if adds || pass == 1 {
				p.x = append(p.x, take(h))
				for _, f := range features(h) {
					covered[f] = true
				}
			}
		}
	}
	if len(p.x) < 3 {
		r.t.Fatalf("only %d X handles post every few hours among %d", len(p.x), len(xs))
	}
	r.t.Logf("handles: %+v; X newest tweets show %v", p, covered)
	return p
}

func earlierOf(a, b time.Time) time.Time {
	if a.IsZero() || b.Before(a) {
		return b
	}
	return a
}

// replayed is the replay's view of the workspace at the end: its videos,
// snapshots, campaigns and lines as stored, beside the raw data.
type replayed struct {
	*moneyReplay
	end       time.Time
	videos    map[uuid.UUID]*replayVideo
	snaps     map[uuid.UUID][]replaySnapshot
	campaigns map[uuid.UUID]*replayCampaign
}

type replayVideo struct {
	id               uuid.UUID
	platform         platform.Platform
	pid              string
	accountID        *uuid.UUID
	handle           string // the account's; "" without one
	accountCreator   *uuid.UUID
	chosenCreator    *uuid.UUID
	collection       *uuid.UUID
	status           string
	kind             string
	published        *time.Time
	publishedSource  *string
	listedAt         *time.Time
	createdAt        time.Time
	individually     bool
	accountRemoved   bool
	firstSeen        time.Time // its first snapshot
	firstSeenKnown   bool
	sightings        []replaySighting
	untimedSightings int
	// twice are the scrape times at which two of its items with different
	// view counts were applied, or two snapshots with different views
	// were found written, and those counts
	twice map[time.Time][]string
}

type replaySnapshot struct {
	at    time.Time
	views *uint64
	jobs  []uuid.UUID // the jobs whose rows of this time are left
}

type replayCampaign struct {
	id        uuid.UUID
	name      string
	startsAt  time.Time
	endsAt    *time.Time
	endedAt   *time.Time
	budget    int64
	platforms []string
	collabs   domain.Collabs
	versions  []replayRules
	lines     []replayLine
	byVideo   map[uuid.UUID]*replayLine
}

type replayRules struct {
	version                                             int
	created                                             time.Time
	tiers                                               []payout.Tier
	viewCap, minViews, minAmount, maxAmount, creatorCap int64
	window                                              time.Duration
}

type replayLine struct {
	seq                             int64
	video                           uuid.UUID
	version                         int
	creator, account                *uuid.UUID
	payee, clip                     string
	published, snapshotAt           *time.Time
	windowEnd, period, lockedAt     time.Time
	views, paidViews, price, amount int64
	status, hold                    string
	fellTo                          *int64
}

// replay reads the end state and the raw snapshots.
func (r *moneyReplay) replay(end time.Time) *replayed {
	r.t.Helper()
	ctx := r.t.Context()
	rep := &replayed{moneyReplay: r, end: end, videos: map[uuid.UUID]*replayVideo{}, snaps: map[uuid.UUID][]replaySnapshot{}, campaigns: map[uuid.UUID]*replayCampaign{}}
	rows, err := env.PG.Query(ctx, `
		SELECT v.id, v.platform, v.platform_video_id, v.account_id, COALESCE(a.handle, ''), a.creator_id, v.creator_id,
			COALESCE(v.collection_id, a.collection_id), v.status, v.post_kind, v.published_at, v.published_source, v.listed_at, v.created_at,
			v.tracked_individually, COALESCE(a.status = 'removed', false)
		FROM videos v LEFT JOIN accounts a ON a.id = v.account_id WHERE v.workspace_id = $1`, r.ws)
	if err != nil {
		r.t.Fatal(err)
	}
	for rows.Next() {
		v := &replayVideo{}
		var p string
		if err := rows.Scan(&v.id, &p, &v.pid, &v.accountID, &v.handle, &v.accountCreator, &v.chosenCreator, &v.collection, &v.status, &v.kind,
			&v.published, &v.publishedSource, &v.listedAt, &v.createdAt, &v.individually, &v.accountRemoved); err != nil {
			r.t.Fatal(err)
		}
		v.platform, v.handle, v.createdAt = platform.Platform(p), strings.ToLower(strings.TrimPrefix(v.handle, "@")), v.createdAt.UTC()
		rep.videos[v.id] = v
	}
	if err := rows.Err(); err != nil {
		r.t.Fatal(err)
	}

	// every row written can be read (on a cluster, once it reached the
	// replica read): the last job's are, and the count holds still
	var last uint64
	lastJob := r.jobs[len(r.jobs)-1].id
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(time.Second) {
		var n, ofLast uint64
		if err := env.CH.QueryRow(ctx, `SELECT count(), countIf(job_id = ?) FROM metric_snapshots WHERE workspace_id = ?`, lastJob, r.ws).Scan(&n, &ofLast); err != nil {
			r.t.Fatal(err)
		}
		if ofLast > 0 && n == last {
			break
		}
		if time.Now().After(deadline) {
			r.t.Fatalf("the snapshot rows readable are still changing (%d, %d of the last job)", n, ofLast)
		}
		last = n
	}
	snaps, err := env.CH.Query(ctx, `SELECT entity_id, scraped_at, views, job_id FROM metric_snapshots WHERE workspace_id = ? AND entity_kind = 'video'`, r.ws)
	if err != nil {
		r.t.Fatal(err)
	}
	for snaps.Next() {
		var id, job uuid.UUID
		var s replaySnapshot
		if err := snaps.Scan(&id, &s.at, &s.views, &job); err != nil {
			r.t.Fatal(err)
		}
		s.jobs = []uuid.UUID{job}
		s.at = s.at.UTC()
		rep.snaps[id] = append(rep.snaps[id], s)
	}
	if err := snaps.Err(); err != nil {
		r.t.Fatal(err)
	}
	snaps.Close()
	for id, ss := range rep.snaps {
		// of two rows of one time (not merged yet), the larger count
		slices.SortFunc(ss, func(a, b replaySnapshot) int {
			return cmp.Or(a.at.Compare(b.at), cmp.Compare(snapshotViews(a), snapshotViews(b)))
		})
		out := ss[:0]
		for _, s := range ss {
			if n := len(out); n > 0 && out[n-1].at.Equal(s.at) {
				s.jobs = append(s.jobs, out[n-1].jobs...)
				out[n-1] = s
				continue
			}
			out = append(out, s)
		}
		rep.snaps[id] = out
	}
	for _, v := range rep.videos {
		if ss := rep.snaps[v.id]; len(ss) > 0 {
			v.firstSeen, v.firstSeenKnown = ss[0].at, true
		} else {
			v.firstSeen = v.createdAt
		}
		// the items the completions applied to the video, each with its
		// snapshot: a listing shows posts before they are tracked and past
		// the tracking limit, which are left alone (of two jobs that wrote
		// a snapshot of one second, the later one's row is left: its item
		// is the one that counts)
		applied := map[uuid.UUID]bool{}
		for _, s := range rep.snaps[v.id] {
			for _, j := range s.jobs {
				applied[j] = true
			}
		}
		for _, s := range r.sightings[replayPostKey{v.platform, v.pid}] {
			if applied[r.jobs[s.job].id] {
				v.sightings = append(v.sightings, s)
				if s.post.published == nil {
					v.untimedSightings++
				}
			}
		}
		// two items of the video applied with one scrape time (its link
		// and a listing in one run, or two runs ending in the same second)
		// write two snapshots of one time
		counts := map[time.Time][]string{}
		for _, s := range v.sightings {
			if s.post.views != "" && !slices.Contains(counts[s.at], s.post.views) {
				counts[s.at] = append(counts[s.at], s.post.views)
			}
		}
		for at, c := range r.written[v.id] {
			for _, n := range c {
				if !slices.Contains(counts[at], n) {
					counts[at] = append(counts[at], n)
				}
			}
		}
		for at, c := range counts {
			if len(c) > 1 {
				if v.twice == nil {
					v.twice = map[time.Time][]string{}
				}
				v.twice[at] = c
			}
		}
	}

	rows, err = env.PG.Query(ctx, `
		SELECT c.collection_id, col.name, c.starts_at, c.ends_at, c.ended_at, c.budget, c.platforms, c.collabs
		FROM campaigns c JOIN collections col ON col.id = c.collection_id WHERE c.workspace_id = $1`, r.ws)
	if err != nil {
		r.t.Fatal(err)
	}
	for rows.Next() {
		c := &replayCampaign{byVideo: map[uuid.UUID]*replayLine{}}
		if err := rows.Scan(&c.id, &c.name, &c.startsAt, &c.endsAt, &c.endedAt, &c.budget, &c.platforms, &c.collabs); err != nil {
			r.t.Fatal(err)
		}
		rep.campaigns[c.id] = c
	}
	if err := rows.Err(); err != nil {
		r.t.Fatal(err)
	}
	for _, c := range rep.campaigns {
		rows, err := env.PG.Query(ctx, `SELECT version, created_at, tiers, view_cap, min_views, min_amount, max_amount, creator_cap, window_hours
			FROM campaign_rules WHERE collection_id = $1 ORDER BY version`, c.id)
		if err != nil {
			r.t.Fatal(err)
		}
		for rows.Next() {
			var v replayRules
			var tiers []byte
			var hours int
			if err := rows.Scan(&v.version, &v.created, &tiers, &v.viewCap, &v.minViews, &v.minAmount, &v.maxAmount, &v.creatorCap, &hours); err != nil {
				r.t.Fatal(err)
			}
			if err := json.Unmarshal(tiers, &v.tiers); err != nil {
				r.t.Fatal(err)
			}
			v.window = time.Duration(hours) * time.Hour
			c.versions = append(c.versions, v)
		}
		if err := rows.Err(); err != nil {
			r.t.Fatal(err)
		}
		rows, err = env.PG.Query(ctx, `
			SELECT seq, video_id, rules_version, creator_id, account_id, COALESCE(creator_id::text, account_id::text, video_id::text), clip,
				published_at, window_end, period_start, snapshot_at, views, paid_views, price, amount, status, hold_reason, fell_to, locked_at
			FROM payout_lines WHERE collection_id = $1 ORDER BY seq`, c.id)
		if err != nil {
			r.t.Fatal(err)
		}
		for rows.Next() {
			var l replayLine
			if err := rows.Scan(&l.seq, &l.video, &l.version, &l.creator, &l.account, &l.payee, &l.clip, &l.published, &l.windowEnd, &l.period,
				&l.snapshotAt, &l.views, &l.paidViews, &l.price, &l.amount, &l.status, &l.hold, &l.fellTo, &l.lockedAt); err != nil {
				r.t.Fatal(err)
			}
			c.lines = append(c.lines, l)
		}
		if err := rows.Err(); err != nil {
			r.t.Fatal(err)
		}
		for i := range c.lines {
			c.byVideo[c.lines[i].video] = &c.lines[i]
		}
	}
	return rep
}

func snapshotViews(s replaySnapshot) int64 {
	if s.views == nil {
		return -1
	}
	return int64(*s.views)
}

// seenUntil is what the raw items applied by at said of the video.
func (v *replayVideo) seenUntil(at time.Time) []replaySighting {
	var out []replaySighting
	for _, s := range v.sightings {
		if !s.applied.After(at) {
			out = append(out, s)
		}
	}
	return out
}

// kindAt is what the video was to its account by the last item read of it
// up to at; ok is false when no item was read.
func (v *replayVideo) kindAt(at time.Time) (domain.PostKind, bool) {
	seen := v.seenUntil(at)
	if len(seen) == 0 {
		return "", false
	}
	last := seen[0]
	for _, s := range seen[1:] {
		if s.at.After(last.at) || s.at.Equal(last.at) && s.job > last.job {
			last = s
		}
	}
	kind := last.post.kindFor(v.platform, v.handle)
	// an item without its co-authors (a post read by its link) cannot
	// tell a collab from another author's post: a collab stays one
	if kind == domain.KindOtherAuthor {
		for _, s := range seen {
			if s.post.kindFor(v.platform, v.handle) == domain.KindCollab {
				return domain.KindCollab, true
			}
		}
	}
	return kind, true
}

// publishedAt is the publish time known of the video up to at: an item's
// own, else the one its id carries, else nil.
func (v *replayVideo) publishedAt(at time.Time) (*time.Time, string) {
	seen := v.seenUntil(at)
	for _, s := range seen {
		if s.post.published != nil {
			return s.post.published, "provider"
		}
	}
	if len(seen) > 0 || v.firstSeenKnown {
		if t := timeOfID(v.platform, v.pid); t != nil {
			return t, "id"
		}
	}
	return nil, ""
}

// viewsAt is the last raw snapshot of the video with views at or before
// at.
func (rep *replayed) viewsAt(video uuid.UUID, at time.Time) *replaySnapshot {
	var last *replaySnapshot
	for i, s := range rep.snaps[video] {
		if s.at.After(at) {
			break
		}
		if s.views != nil {
			last = &rep.snaps[video][i]
		}
	}
	return last
}

// lastScrape is the time of the video's last snapshot, with views or not,
// at or before at.
func (rep *replayed) lastScrape(video uuid.UUID, at time.Time) *time.Time {
	var last *time.Time
	for i, s := range rep.snaps[video] {
		if s.at.After(at) {
			break
		}
		last = &rep.snaps[video][i].at
	}
	return last
}

// scrapedWithin reports whether the video has a snapshot, with views or
// not, from from to to.
func (rep *replayed) scrapedWithin(video uuid.UUID, from, to time.Time) bool {
	for _, s := range rep.snaps[video] {
		if !s.at.Before(from) && !s.at.After(to) {
			return true
		}
	}
	return false
}

func rulesAt(vs []replayRules, at time.Time) replayRules {
	v := vs[0]
	for _, w := range vs[1:] {
		if w.created.After(at) {
			break
		}
		v = w
	}
	return v
}

// mondayOf is the Monday, 00:00 UTC, of the week of t.
func mondayOf(t time.Time) time.Time {
	t = t.UTC()
	day := time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	return day.AddDate(0, 0, -((int(t.Weekday()) + 6) % 7))
}

// price is a line's price under its rules: nothing under the minimum
// views, the views up to the cap over marginal tiers, raised to the
// minimum amount and cut to the maximum.
func (v replayRules) price(views int64) (paid, amount int64) {
	if views <= 0 || views < v.minViews {
		return 0, 0
	}
	paid = views
	if v.viewCap > 0 {
		paid = min(views, v.viewCap)
	}
	var sum int64
	for i, tier := range v.tiers {
		upTo := paid
		if i+1 < len(v.tiers) {
			upTo = min(paid, v.tiers[i+1].From)
		}
		if upTo > tier.From {
			sum += (upTo - tier.From) * int64(tier.CPM)
		}
	}
	amount = max(sum/1000, v.minAmount)
	if v.maxAmount > 0 {
		amount = min(amount, v.maxAmount)
	}
	return paid, amount
}

func sameInstant(a, b *time.Time) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return a.Truncate(time.Microsecond).Equal(b.Truncate(time.Microsecond))
}

func instantOf(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return *t
}

func sameUUID(a, b *uuid.UUID) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return *a == *b
}

func showTime(t *time.Time) string {
	if t == nil {
		return "none"
	}
	return t.Format(time.RFC3339)
}

func (v *replayVideo) String() string {
	return fmt.Sprintf("%s video %s (%s, @%s)", v.platform, v.pid, v.id, v.handle)
}

// checkKinds compares every video's post_kind, publish time and its
// source, and listing estimate with what the raw items it was scraped
// from say.
func (rep *replayed) checkKinds() {
	t := rep.t
	for _, v := range rep.videos {
		if len(v.sightings) == 0 {
			if v.firstSeenKnown {
				t.Errorf("%s: snapshots but no raw item read of it", v)
			}
			continue
		}
		if !v.individually && !v.createdAt.Equal(v.firstSeen) {
			t.Errorf("%s: first seen %s by the database, its first snapshot is of %s", v, v.createdAt, v.firstSeen)
		}
		kind, _ := v.kindAt(rep.end)
		if string(kind) != v.kind {
			t.Errorf("%s: post_kind %s, its last item reads as %s (%+v)", v, v.kind, kind, v.sightings[len(v.sightings)-1].post)
		}
		// an Instagram collab asked for by its link comes without its
		// coauthors: what it is then changes with the item read last
		for _, s := range v.sightings[1:] {
			if k := s.post.kindFor(v.platform, v.handle); k != v.sightings[0].post.kindFor(v.platform, v.handle) {
				t.Logf("%s: read as %s, then as %s at %s (asked for by its link: %v)", v, v.sightings[0].post.kindFor(v.platform, v.handle), k, s.at, !s.listing)
				break
			}
		}
		pub, source := v.publishedAt(rep.end)
		if !sameInstant(pub, v.published) || (pub != nil && (v.publishedSource == nil || *v.publishedSource != source)) {
			t.Errorf("%s: published %s (%v), the raw items say %s (%s)", v, showTime(v.published), v.publishedSource, showTime(pub), source)
		}
		estimated := false
		for _, s := range v.sightings {
			estimated = estimated || s.listing && s.post.published == nil && v.platform == platform.Instagram
		}
		if estimated != (v.listedAt != nil) {
			t.Errorf("%s: listed_at %s, listed without a publish time: %v", v, showTime(v.listedAt), estimated)
		}
		if v.listedAt != nil && pub != nil && v.listedAt.Before(*pub) {
			t.Errorf("%s: its place in the listing was estimated at %s, before it was published (%s)", v, v.listedAt, pub)
		}
	}
}

// checkTwice: a video has one snapshot of a scrape time, so that the
// views a line locks with are those a replay reads from the raw snapshots
// (the larger of two rows of one time before the table merges them, the
// later job's or the last written after).
func (rep *replayed) checkTwice() {
	var twice []string
	for id, times := range rep.written {
		for at, c := range times {
			twice = append(twice, fmt.Sprintf("%s at %s: %s views", rep.videos[id], at.Format(time.DateTime), strings.Join(c, " and ")))
		}
	}
	if len(twice) > 0 {
		slices.Sort(twice)
		rep.t.Errorf("PRODUCT DEFECT: %d snapshots of one video and one scrape time were written twice with different views, which the "+
			"readers resolve differently (the ledger the larger, the latest-values projection either, the merged table the later "+
			"job's or the last written): a video kept past its account's limit is asked for by its link and, its account's listing "+
			"being longer than the limit (ingest.Listed), listed in the same run (TikTok lists rounded counts, the link the exact "+
			"one), or in the account's run that ends in the same second (Instagram):\n\t%s", len(twice), strings.Join(firstFew(twice, 8), "\n\t"))
	}
}

// checkLines works out every stored line again from the raw data.
func (rep *replayed) checkLines() {
	t := rep.t
	for _, c := range rep.campaigns {
		var total int64
		perCreator := map[string]int64{}
		bestClip := map[string]int64{}
		holds := map[string]int{}
		var unrefreshed []string
		for i := range c.lines {
			l := &c.lines[i]
			v := rep.videos[l.video]
			name := fmt.Sprintf("%s: line of %s", c.name, v)
			holds[l.hold]++
			// whose post, when it locked
			if kind, ok := v.kindAt(l.lockedAt); !ok || !kind.Counted() {
				t.Errorf("%s: locked at %s while its items read as %q: only own posts and collabs are paid", name, l.lockedAt, kind)
			}
			if !slices.Contains(c.platforms, string(v.platform)) {
				t.Errorf("%s: not on the campaign's platforms %v", name, c.platforms)
			}
			// the window, from the publish time known when it locked
			pub, _ := v.publishedAt(l.lockedAt)
			if !sameInstant(pub, l.published) {
				t.Errorf("%s: published_at %s, the raw items said %s when it locked", name, showTime(l.published), showTime(pub))
			}
			anchor := v.firstSeen
			if pub != nil {
				anchor = *pub
			}
			if anchor.Before(c.startsAt) || c.endsAt != nil && !anchor.Before(*c.endsAt) {
				t.Errorf("%s: published (or first seen) %s, outside the campaign's period from %s", name, anchor, c.startsAt)
			}
			ver := rulesAt(c.versions, anchor)
			end := anchor.Add(ver.window)
			if l.version != ver.version || !l.windowEnd.Equal(end) {
				t.Errorf("%s: version %d, window ending %s; the rules in force at %s are version %d, ending %s", name, l.version, l.windowEnd, anchor, ver.version, end)
			}
			if !l.period.Equal(mondayOf(end)) {
				t.Errorf("%s: period %s, the window ends in the week of %s", name, l.period, mondayOf(end))
			}
			// the views at the window's end, or when the campaign ended
			ended := c.endedAt != nil && !l.lockedAt.Before(*c.endedAt) && end.After(*c.endedAt)
			cut := end
			if ended {
				cut = *c.endedAt
			}
			snap := rep.viewsAt(v.id, cut)
			wantViews, wantAt := int64(0), (*time.Time)(nil)
			if snap != nil {
				wantViews, wantAt = int64(*snap.views), &snap.at
			}
			if last := rep.lastScrape(v.id, cut); ended && snap != nil && l.views == wantViews && !sameInstant(l.snapshotAt, wantAt) && sameInstant(l.snapshotAt, last) {
				// a window still open reads the latest values: the latest
				// views with the time of the latest scrape, which left them
				// out
				t.Logf("%s: ended on the views of the snapshot of %s, dated by the later scrape of %s without views", name, wantAt, l.snapshotAt)
			} else if c := v.twice[instantOf(wantAt)]; len(c) > 1 && sameInstant(l.snapshotAt, wantAt) && slices.Contains(c, strconv.FormatInt(l.views, 10)) {
				// one of the two counts the snapshot's time has: see
				// checkTwice
			} else if l.views != wantViews || !sameInstant(l.snapshotAt, wantAt) {
				t.Errorf("%s: %d views of %s, the raw snapshots say %d of %s at %s", name, l.views, showTime(l.snapshotAt), wantViews, showTime(wantAt), cut)
			}
			// the payee
			wantCreator := v.accountCreator
			if wantCreator == nil {
				wantCreator = v.chosenCreator
			}
			if !sameUUID(l.creator, wantCreator) || !sameUUID(l.account, v.accountID) {
				t.Errorf("%s: paid to creator %v of account %v, want creator %v of account %v", name, l.creator, l.account, wantCreator, v.accountID)
			}
			// the hold
			tolerance := payout.FreshWithin(ver.window)
			kind, _ := v.kindAt(l.lockedAt)
			var want domain.HoldReason
			switch {
			case ended:
				want = domain.HoldCampaignEnded
			case rep.errored[v.id] && l.hold == string(domain.HoldUnavailable):
				want = domain.HoldUnavailable
			case snap == nil:
				want = domain.HoldNoSnapshot
			case pub == nil:
				want = domain.HoldPublishUnknown
			case snap.at.Before(end.Add(-tolerance)):
				want = domain.HoldStale
			case kind == domain.KindCollab && c.collabs == domain.CollabsHold:
				want = domain.HoldCollab
			}
			got := domain.HoldReason(l.hold)
			switch {
			case want == "" && got == domain.HoldBurst:
				if l.views < payout.BurstMinViews {
					t.Errorf("%s: held as a burst at %d views, under the %d a burst needs", name, l.views, payout.BurstMinViews)
				}
			case want == "" && got == domain.HoldViewsFell:
				if l.fellTo == nil || !payout.ViewsFell(l.views, *l.fellTo) {
					t.Errorf("%s: held as fallen, to %v of %d views", name, l.fellTo, l.views)
				}
			case got != want:
				t.Errorf("%s: held %q, want %q (snapshot %s, window end %s, tolerance %s, published %s, kind %s)",
					name, got, want, showTime(l.snapshotAt), end, tolerance, showTime(pub), kind)
			}
			if (got == "") != (l.status == string(domain.LineLocked)) {
				t.Errorf("%s: status %s with hold %q", name, l.status, got)
			}
			// kept active and refreshed up to its window's end, where the
			// replay's steps are shorter than the tolerance
			if tolerance > replayStep+10*time.Minute && !ended && !rep.errored[v.id] && !v.firstSeen.After(end.Add(-tolerance)) &&
				!rep.scrapedWithin(v.id, end.Add(-tolerance), end) {
				unrefreshed = append(unrefreshed, fmt.Sprintf("%s (%s, window closing %s, beyond its account's limit %v): %s",
					v, l.hold, end.Format(time.DateTime), rep.when(rep.beyond[v.id]), rep.missedBy(v, end.Add(-tolerance), end)))
			}
			// the price and what the clip, the creator's cap and the
			// budget left of it, in lock order
			paid, amount := ver.price(l.views)
			if paid != l.paidViews || amount != l.price {
				t.Errorf("%s: priced %d views at %d, want %d at %d", name, l.paidViews, l.price, paid, amount)
			}
			pay := amount
			if l.clip != "" {
				pay = max(0, pay-bestClip[l.clip])
				bestClip[l.clip] = max(bestClip[l.clip], amount)
			}
			key := l.payee + l.period.String()
			if ver.creatorCap > 0 {
				pay = min(pay, max(0, ver.creatorCap-perCreator[key]))
			}
			if c.budget > 0 {
				pay = min(pay, max(0, c.budget-total))
			}
			if pay != l.amount {
				t.Errorf("%s: amount %d, recomputed %d", name, l.amount, pay)
			}
			total += l.amount
			perCreator[key] += l.amount
		}
		if len(unrefreshed) > 0 {
			t.Errorf("PRODUCT DEFECT: %s: %d of %d lines locked on a snapshot older than their tolerance although their videos were tracked "+
				"and within their accounts' limits: a video within the tracking limit is refreshed only through its account's listing, "+
				"which asks for as many posts as the limit (ingest.buildInputs), so pinned posts and posts that are not the account's "+
				"take the place of its oldest kept ones, and kept_until (tracking.RankAccountVideos) covers only videos past the limit:\n\t%s",
				c.name, len(unrefreshed), len(c.lines), strings.Join(firstFew(unrefreshed, 8), "\n\t"))
		}
		t.Logf("%s: %d lines locked, holds %v", c.name, len(c.lines), holds)
	}
}

// missedBy says what the listings of the video's account showed from from
// to to, which should have refreshed it.
func (rep *replayed) missedBy(v *replayVideo, from, to time.Time) string {
	var out []string
	for _, j := range rep.jobs {
		l, listed := j.listings[v.handle]
		if j.platform != v.platform || j.scrapedAt.Before(from) || j.scrapedAt.After(to) || !listed {
			continue
		}
		pinned, notOwn, with := 0, 0, "without it"
		for _, p := range l {
			switch {
			case p.id == v.pid:
				with = "with it"
			case p.pinned:
				pinned++
			case !p.kind.Counted():
				notOwn++
			}
		}
		out = append(out, fmt.Sprintf("the listing of %s held %d posts, %d pinned and %d not the account's, %s", j.scrapedAt.Format(time.DateTime), len(l), pinned, notOwn, with))
	}
	if len(out) == 0 {
		return "its account was not scraped then"
	}
	return strings.Join(out, "; ")
}

func firstFew(s []string, n int) []string {
	if len(s) > n {
		return append(s[:n:n], fmt.Sprintf("… and %d more", len(s)-n))
	}
	return s
}

// when says when a video was found beyond its account's limit.
func (r *moneyReplay) when(ts []time.Time) string {
	if len(ts) == 0 {
		return "never"
	}
	var out []string
	for _, t := range ts {
		w := "since " + t.Format(time.DateTime)
		if r.raced[t] {
			w += " (a step whose scrapes completed before its settle run)"
		}
		out = append(out, w)
	}
	return strings.Join(out, ", ")
}

// checkMembers: every counted video of the campaign's collection (as it is
// at the end, or as given when the campaign was ended at cut) published in
// its period has its line, locked once its window closed by cut.
func (rep *replayed) checkMembers(id uuid.UUID, cut time.Time, members map[uuid.UUID]string) {
	t := rep.t
	c := rep.campaigns[id]
	if members == nil {
		members = map[uuid.UUID]string{}
		for _, v := range rep.videos {
			if v.collection != nil && *v.collection == id {
				members[v.id] = v.status
			}
		}
	}
	projected := 0
	var lost []string
	for vid, status := range members {
		v := rep.videos[vid]
		kind, seen := v.kindAt(cut)
		pub, _ := v.publishedAt(cut)
		anchor := v.firstSeen
		if pub != nil {
			anchor = *pub
		}
		line := c.byVideo[vid]
		if !seen || !kind.Counted() || !slices.Contains(c.platforms, string(v.platform)) || anchor.Before(c.startsAt) ||
			status == string(domain.ItemRemoved) || v.accountRemoved && !v.individually {
			if line != nil && (!seen || !kind.Counted()) {
				t.Errorf("%s: %s has a line but reads as %q", c.name, v, kind)
			}
			continue
		}
		end := anchor.Add(rulesAt(c.versions, anchor).window)
		switch {
		case line != nil:
		case status == string(domain.ItemBeyondLimit) && rep.neverIn[vid] && rep.beyond[vid][0].After(end) && len(rep.beyond[vid]) == 1:
			// found only after its window closed, older than the posts
			// the limit keeps: the account never tracked it
		case status == string(domain.ItemBeyondLimit) && !end.After(cut) && slices.ContainsFunc(rep.beyond[vid], func(at time.Time) bool { return at.Before(end) }):
			// pushed beyond the limit inside its window: checkPushedOut
		case status == string(domain.ItemBeyondLimit) && !end.After(cut) && slices.ContainsFunc(rep.beyond[vid], func(at time.Time) bool { return rep.raced[at] }):
			lost = append(lost, fmt.Sprintf("%s (%s): window closed %s, beyond its account's limit %s", v, kind, end.Format(time.DateTime), rep.when(rep.beyond[vid])))
		case status == string(domain.ItemBeyondLimit) && !end.After(cut):
			t.Errorf("%s: %s (%s) has no line: its window closed at %s and it went beyond its account's limit %s, in a step whose settle run came first",
				c.name, v, kind, end, rep.when(rep.beyond[vid]))
		case status == string(domain.ItemBeyondLimit):
			t.Errorf("%s: %s (%s) has no line: beyond its account's limit (%s) while its window is open until %s", c.name, v, kind, rep.when(rep.beyond[vid]), end)
		case !end.After(cut) || c.endedAt != nil:
			t.Errorf("%s: %s (%s, %s) has no locked line, its window closed at %s", c.name, v, kind, status, end)
		default:
			projected++
		}
		if line != nil && c.endedAt == nil && end.After(cut) {
			t.Errorf("%s: %s locked before its window closed at %s", c.name, v, end)
		}
	}
	if len(lost) > 0 {
		slices.Sort(lost)
		t.Errorf("PRODUCT DEFECT: %s: %d counted videos whose windows closed have no line (%d lines locked): a scrape completed after the "+
			"window's end and before the settle run applied the tracking limit again (tracking.RankAccountVideos keeps a video past the limit only "+
			"while campaign_window_end says its window is open), so the video went beyond_limit, which the ledger does not read "+
			"(campaignVideosSQL); its creator is never paid for it:\n\t%s", c.name, len(lost), len(c.lines), strings.Join(firstFew(lost, 8), "\n\t"))
	}
	if c.endedAt == nil {
		page, err := querycampaigns.CampaignsHandler{DB: env.PG, CH: env.CH, Now: rep.now}.Page(rep.t.Context(), rep.ws, id)
		if err != nil {
			t.Fatal(err)
		}
		if want := len(c.lines) + projected; page.Campaign.Videos != want {
			t.Errorf("%s: the page counts %d lines, the replay %d locked and %d projected", c.name, page.Campaign.Videos, len(c.lines), projected)
		}
	}
}

// checkEnded: the side campaign ended with its ledger: its collection is
// hidden, its open windows were locked held as the campaign ended, and no
// line changed since.
func (rep *replayed) checkEnded(id uuid.UUID, e replaySideEnd) {
	t := rep.t
	c := rep.campaigns[id]
	if c.endedAt == nil || !sameInstant(c.endedAt, &e.at) {
		t.Errorf("side campaign ended at %v, deleted at %s", c.endedAt, e.at)
	}
	if !scalar[bool](t, `SELECT deleted_at IS NOT NULL FROM collections WHERE id = $1`, id) {
		t.Error("the side campaign's collection is still listed")
	}
	ended := 0
	for _, l := range c.lines {
		if l.hold == string(domain.HoldCampaignEnded) {
			ended++
		}
		if was, ok := e.lines[l.video]; !ok || was != [2]int64{l.views, l.amount} {
			t.Errorf("side campaign: the line of %s changed after the campaign ended: %d views, %d paid; then %v", rep.videos[l.video], l.views, l.amount, was)
		}
	}
	if len(c.lines) != len(e.lines) {
		t.Errorf("side campaign: %d lines, %d when it ended", len(c.lines), len(e.lines))
	}
	if ended == 0 {
		t.Error("side campaign: no line held as the campaign ended: it was not ended while a window was open")
	}
}

// checkPushedOut: no counted video of a campaign went beyond its
// account's limit while its window was open.
func (rep *replayed) checkPushedOut(mainID, sideID uuid.UUID, side replaySideEnd) {
	for vid, times := range rep.beyond {
		v := rep.videos[vid]
		var c *replayCampaign
		switch _, inSide := side.members[vid]; {
		case v.collection != nil && *v.collection == mainID:
			c = rep.campaigns[mainID]
		case inSide:
			c = rep.campaigns[sideID]
		default:
			continue
		}
		for _, at := range times {
			if c.endedAt != nil && !at.Before(*c.endedAt) {
				continue
			}
			kind, _ := v.kindAt(at)
			pub, _ := v.publishedAt(at)
			anchor := v.firstSeen
			if pub != nil {
				anchor = *pub
			}
			if !kind.Counted() || anchor.Before(c.startsAt) {
				continue
			}
			if end := anchor.Add(rulesAt(c.versions, anchor).window); at.Before(end) {
				rep.t.Errorf("%s: %s (%s) was beyond its account's limit at %s, inside its window (until %s)", c.name, v, kind, at, end)
			}
		}
	}
}

// checkSpecial: the video tracked by its link before its author's account
// was paid to the account's creator; the video of no account to the
// creator an owner chose.
func (rep *replayed) checkSpecial(mainID, linked, lateAccount, lateCreator, solo, soloPayee uuid.UUID) {
	t := rep.t
	c := rep.campaigns[mainID]
	for _, x := range []struct {
		name             string
		video            uuid.UUID
		account, creator *uuid.UUID
	}{{"tracked by its link before its account", linked, &lateAccount, &lateCreator}, {"of no tracked account", solo, nil, &soloPayee}} {
		l := c.byVideo[x.video]
		switch {
		case l == nil:
			t.Errorf("the video %s has no locked line", x.name)
		case !sameUUID(l.account, x.account) || !sameUUID(l.creator, x.creator):
			t.Errorf("the video %s is paid to creator %v of account %v, want %v of %v", x.name, l.creator, l.account, x.creator, x.account)
		}
	}
}

// checkCounts: the main collection's videos and views are the same on
// Collections, Overview and the videos list, and as counted from the raw
// tables; each campaign has as many videos in the list as on its page.
func (rep *replayed) checkCounts(mainID, sideID uuid.UUID) {
	t := rep.t
	ctx := t.Context()
	var videos int
	var views, low, high uint64 // the views; low and high over the counts a time has twice
	for _, v := range rep.videos {
		kind, _ := v.kindAt(rep.end)
		if v.collection == nil || *v.collection != mainID || !kind.Counted() || v.status == string(domain.ItemRemoved) ||
			v.status == string(domain.ItemBeyondLimit) || v.accountRemoved && !v.individually {
			continue
		}
		videos++
		if s := rep.viewsAt(v.id, rep.end.Add(time.Hour)); s != nil {
			lo, hi := *s.views, *s.views
			for _, c := range v.twice[s.at] {
				n, _ := strconv.ParseUint(c, 10, 64)
				lo, hi = min(lo, n), max(hi, n)
			}
			views, low, high = views+*s.views, low+lo, high+hi
		}
	}
	cols, err := querycollections.CollectionsHandler{DB: env.PG, CH: env.CH, Now: rep.now}.Handle(ctx, rep.ws)
	if err != nil {
		t.Fatal(err)
	}
	var col *querycollections.Collection
	for i, c := range cols.Collections {
		if c.ID == mainID {
			col = &cols.Collections[i]
		}
		if c.ID == sideID {
			t.Error("the ended campaign's collection is still in the collections list")
		}
	}
	ov, err := numbers.OverviewHandler{DB: env.PG, CH: env.CH, Now: rep.now}.Handle(ctx, rep.ws, numbers.OverviewQuery{Window: query.PresetAll,
		Filter: numbers.VideoFilter{CollectionID: &mainID}})
	if err != nil {
		t.Fatal(err)
	}
	list, err := numbers.VideosHandler{DB: env.PG, CH: env.CH, Now: rep.now}.Handle(ctx, rep.ws, numbers.VideoQuery{Filter: numbers.VideoFilter{CollectionID: &mainID}, Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case col == nil || col.Views == nil:
		t.Errorf("the main collection is not listed with its views: %+v", col)
	case col.Videos != videos || ov.Totals.Videos != videos || list.Total != videos:
		t.Errorf("main collection videos: Collections %d, Overview %d, videos list %d; counted from the raw tables %d", col.Videos, ov.Totals.Videos, list.Total, videos)
	case *col.Views != ov.Totals.Views || *col.Views < low || *col.Views > high:
		var tied []string
		for _, v := range rep.videos {
			if s := rep.viewsAt(v.id, rep.end.Add(time.Hour)); s != nil && len(v.twice[s.at]) > 0 && v.collection != nil && *v.collection == mainID {
				tied = append(tied, fmt.Sprintf("%s: %s views at %s", v, strings.Join(v.twice[s.at], " or "), s.at.Format(time.DateTime)))
			}
		}
		t.Errorf("main collection views: Collections %d, Overview %d; the raw snapshots %d (from %d to %d over the latest snapshots written twice: %v)",
			*col.Views, ov.Totals.Views, views, low, high, tied)
	}
	campaigns := querycampaigns.CampaignsHandler{DB: env.PG, CH: env.CH, Now: rep.now}
	summaries, err := campaigns.List(ctx, rep.ws)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range summaries {
		page, err := campaigns.Page(ctx, rep.ws, s.ID)
		if err != nil {
			t.Fatal(err)
		}
		if s.Videos != page.Campaign.Videos {
			t.Errorf("%s: %d videos in the campaign list, %d on its page", s.Name, s.Videos, page.Campaign.Videos)
		}
		if s.ID == sideID && (s.EndedAt == nil || s.Videos != len(rep.campaigns[sideID].lines)) {
			t.Errorf("ended campaign in the list: ended %v, %d videos, %d lines kept", s.EndedAt, s.Videos, len(rep.campaigns[sideID].lines))
		}
	}
	t.Logf("main collection: %d counted videos, %d views", videos, views)
}

// checkCoverage: the replay met every case it is about, so it cannot pass
// by meeting none.
func (rep *replayed) checkCoverage(p replayPicks) {
	t := rep.t
	kinds := map[platform.Platform]map[string]int{}
	untimed := map[platform.Platform]int{}
	threads := 0
	for _, v := range rep.videos {
		if kinds[v.platform] == nil {
			kinds[v.platform] = map[string]int{}
		}
		kinds[v.platform][v.kind]++
		if v.untimedSightings > 0 {
			untimed[v.platform]++
		}
		for _, s := range v.sightings {
			if s.post.selfReply && v.kind == string(domain.KindOwn) {
				threads++
				break
			}
		}
	}
	lines, versions := map[string]int{}, map[int]int{}
	for _, c := range rep.campaigns {
		for _, l := range c.lines {
			lines[l.hold]++
			versions[l.version]++
		}
	}
	t.Logf("kinds %v; untimed %v; X threads %d; holds %v; versions %v", kinds, untimed, threads, lines, versions)
	need := []struct {
		what string
		n    int
	}{
		{"TikTok reposts", kinds[platform.TikTok][string(domain.KindRepost)]},
		{"TikTok posts of other authors", kinds[platform.TikTok][string(domain.KindOtherAuthor)]},
		{"Instagram collabs", kinds[platform.Instagram][string(domain.KindCollab)]},
		{"X retweets", kinds[platform.X][string(domain.KindRepost)]},
		{"X quotes", kinds[platform.X][string(domain.KindQuote)]},
		{"X replies", kinds[platform.X][string(domain.KindReply)]},
		{"X threads (own replies)", threads},
		{"TikTok posts listed without a publish time", untimed[platform.TikTok]},
		{"Instagram posts listed without a publish time", untimed[platform.Instagram]},
		{"publish times read from ids", map[bool]int{true: 1}[rep.sawIDTime]},
		{"videos kept past their accounts' limits", map[bool]int{true: 1}[rep.sawKept]},
		{"lines of the first rules", versions[1]},
		{"lines of the changed rules", versions[2]},
		{"lines locked without a hold", lines[""]},
		{"lines held as the campaign ended", lines[string(domain.HoldCampaignEnded)]},
	}
	if p.recentCollab {
		need = append(need, struct {
			what string
			n    int
		}{"lines held as collabs", lines[string(domain.HoldCollab)]})
	}
	if p.youngUntimed {
		need = append(need, struct {
			what string
			n    int
		}{"lines held with their publish time unknown", lines[string(domain.HoldPublishUnknown)]})
	}
	for _, n := range need {
		if n.n == 0 {
			t.Errorf("the replay met no %s", n.what)
		}
	}
}
