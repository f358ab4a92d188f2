package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"net/url"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/campaigns"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
	"github.com/reeltrack/reeltrack/internal/store"
	querycampaigns "github.com/reeltrack/reeltrack/query/campaigns"
)

// The campaign phase: a campaign at the scale of issue 28 in databases of its
// own (_campaign): 10,000 videos by 500 creators on one or two platforms over
// 6 weeks with hourly snapshots, some clips cross-posted, a creator cap and a
// budget that bind, two versions of the rules. The seed locks the closed
// lines with the real settle run; the phase times the campaign's cold
// answers and one week's settle run.
const (
	targetCampaignCold   = 150 * time.Millisecond
	targetCampaignSettle = 2 * time.Second
)

// campaignSeedVersion changes whenever the campaign's generator does.
const campaignSeedVersion = 1

type campaignSizes struct {
	Videos   int // videos of the campaign
	Creators int // creators; each posts from 1 or 2 accounts
	Weeks    int // the videos are published over these weeks, ending at the seed's last hour
}

func (s campaignSizes) String() string {
	return fmt.Sprintf("campaign videos=%d creators=%d weeks=%d", s.Videos, s.Creators, s.Weeks)
}

func (s campaignSizes) hours() int { return s.Weeks*7*24 + 1 }

var (
	defaultCampaign = campaignSizes{Videos: 10_000, Creators: 500, Weeks: 6}
	quickCampaign   = campaignSizes{Videos: 120, Creators: 8, Weeks: 3}
)

// creator is a seeded payee; its accounts index the workspace's accounts.
type creator struct {
	ID       uuid.UUID
	Name     string
	Goal     int // videos per week; 0: none
	Accounts []int
	weight   float64 // its share of the videos
}

type campaignVideo struct {
	entity
	Caption string
	first   int
}

type campaignWorld struct {
	Sizes      campaignSizes
	End        time.Time // the hour of the last snapshot
	Start      time.Time // the campaign's start: Weeks before End
	RulesV2    time.Time // when the second version of the rules was made
	WS         workspace // its owner and accounts; the videos are in Videos
	Collection uuid.UUID
	Creators   []creator
	Videos     []campaignVideo // in order of publication
}

// The campaign's two rules versions, in US cents: the second, made halfway,
// pays more per view with a base pay and a higher cap.
var (
	campaignRulesV1 = payout.Terms{
		Tiers:   []payout.Tier{{From: 0, CPM: 200}, {From: 100_000, CPM: 100}},
		ViewCap: 2_000_000, MinViews: 1_000, MaxAmount: 500_00, CreatorCap: 800_00, WindowHours: 168,
	}
	campaignRulesV2 = payout.Terms{
		Tiers:   []payout.Tier{{From: 0, CPM: 250}, {From: 150_000, CPM: 120}},
		ViewCap: 1_500_000, MinViews: 2_000, MinAmount: 5_00, MaxAmount: 600_00, CreatorCap: 1_000_00, WindowHours: 168,
	}
)

var clipTopics = []string{
	"how I fold a shirt", "three pasta sauces", "the cheapest desk setup", "a morning routine", "fixing a squeaky door",
	"my skincare steps", "budget travel packing", "a five minute workout", "plant care basics", "the perfect omelette",
}

func newCampaignWorld(sz campaignSizes, end time.Time) *campaignWorld {
	w := &campaignWorld{Sizes: sz, End: end.UTC().Truncate(time.Hour)}
	span := time.Duration(sz.hours()-1) * time.Hour
	w.Start = w.End.Add(-span)
	w.RulesV2 = w.Start.Add(time.Duration(sz.Weeks*7/2) * 24 * time.Hour)
	w.Collection = benchID("campaign/collection")
	w.WS = workspace{ID: benchID("campaign/workspace"), Owner: benchID("campaign/owner"), Email: "owner@campaign.bench.reeltrack.test",
		Name: "Bench campaign", Plan: "agency", Limit: max(sz.Videos, 5000), Seats: 15, Hours: sz.hours()}
	cum := make([]float64, sz.Creators)
	total := 0.0
	for c := range sz.Creators {
		r := splitmix(1<<61 | uint64(c))
		cr := creator{ID: benchID("campaign/creator/%d", c), Name: fmt.Sprintf("Creator %03d", c), weight: math.Exp(r.float(-1.5, 1.5))}
		if c%4 == 0 {
			cr.Goal = 3
		}
		p := c % len(platforms)
		ps := []int{p}
		if r.next()%2 == 0 {
			ps = append(ps, (p+1+int(r.next()%3))%len(platforms))
		}
		for _, p := range ps {
			a := len(w.WS.Accounts)
			acct := entity{
				ID: benchID("campaign/account/%d", a), Workspace: w.WS.ID, Platform: int8(p) + 1, Kind: 2,
				Handle: fmt.Sprintf("creator%03d_%s", c, platforms[p]), followers0: math.Floor(r.float(2e3, 2e6)), followerPHr: r.float(0, 40),
			}
			acct.Account = acct.ID
			w.WS.Accounts = append(w.WS.Accounts, acct)
			cr.Accounts = append(cr.Accounts, a)
		}
		total += cr.weight
		cum[c] = total
		w.Creators = append(w.Creators, cr)
	}
	for i := 0; i < sz.Videos; {
		r := splitmix(1<<60 | uint64(i))
		c := min(sort.SearchFloat64s(cum, r.float(0, total)), len(cum)-1)
		cr := w.Creators[c]
		k := int(r.next() % uint64(len(cr.Accounts)))
		published := w.Start.Add(time.Duration(r.float(0, span.Hours()-1) * float64(time.Hour)))
		topic, steps := clipTopics[r.next()%uint64(len(clipTopics))], 2+r.next()%9
		v := w.video(i, cr.Accounts[k], published, fmt.Sprintf("Clip %d: %s in %d steps #ad #benchbrand", i, topic, steps), &r)
		w.Videos = append(w.Videos, v)
		i++
		// About 40 % of a two-account creator's clips are posted again on its
		// other platform, under the same caption written differently.
		if len(cr.Accounts) == 2 && i < sz.Videos && r.next()%100 < 40 {
			again := published.Add(time.Duration(r.float(0.5, 6) * float64(time.Hour)))
			if last := w.End.Add(-time.Minute); again.After(last) {
				again = last
			}
			v := w.video(i, cr.Accounts[1-k], again, fmt.Sprintf("CLIP %d — %s in %d steps!! #fyp", i-1, strings.ToUpper(topic[:1])+topic[1:], steps), &r)
			w.Videos = append(w.Videos, v)
			i++
		}
	}
	slices.SortStableFunc(w.Videos, func(a, b campaignVideo) int { return a.Published.Compare(b.Published) })
	return w
}

// video makes the campaign's video i on account a with the default world's
// curves; about one in 150 has bought views (held for a burst).
func (w *campaignWorld) video(i, a int, published time.Time, caption string, r *splitmix) campaignVideo {
	acct := w.WS.Accounts[a]
	first := int(math.Ceil(published.Sub(w.Start).Hours()))
	v := campaignVideo{Caption: caption, first: first}
	v.entity = entity{
		ID: benchID("campaign/video/%d", i), Workspace: w.WS.ID, Account: acct.ID, Platform: acct.Platform, Kind: 1, Handle: acct.Handle,
		Published: published,
		scale:     math.Pow(10, r.float(3, 6.3)),
		tau:       r.float(24, 600),
		age0:      w.Start.Add(time.Duration(first) * time.Hour).Sub(published).Hours(),
		likeR:     r.float(0.02, 0.12),
		commentR:  r.float(0.0005, 0.01),
		shareR:    r.float(0.0005, 0.02),
		saveR:     r.float(0.0005, 0.02),
	}
	switch x := r.next(); {
	case x%150 == 7:
		v.scale, v.tau, v.likeR, v.commentR = r.float(2e6, 5e6), r.float(12, 48), 0.0005, 0.00005
	case x%25 == 0:
		v.viral = v.scale * r.float(5, 60)
		v.center = r.float(0, 200)
		v.width = r.float(3, 48)
	}
	v.hideCounts(i)
	return v
}

func (w *campaignWorld) rows() int64 {
	h := w.Sizes.hours()
	n := int64(len(w.WS.Accounts)) * int64(h)
	for _, v := range w.Videos {
		n += int64(h - v.first)
	}
	return n
}

type campaignGenerator struct {
	w      *campaignWorld
	hour   int
	pos    int
	active int // videos with a snapshot in this hour
	count  int64
}

func (g *campaignGenerator) next(r *row) bool {
	n, vs, as := g.w.Sizes.hours(), g.w.Videos, g.w.WS.Accounts
	for g.hour < n {
		for g.active < len(vs) && vs[g.active].first <= g.hour {
			g.active++
		}
		switch {
		case g.pos < g.active:
			v := &vs[g.pos]
			v.fill(r, g.hour-v.first, n-v.first, g.w.End)
		case g.pos < g.active+len(as):
			as[g.pos-g.active].fill(r, g.hour, n, g.w.End)
		default:
			g.hour, g.pos = g.hour+1, 0
			continue
		}
		g.pos++
		g.count++
		return true
	}
	return false
}

func campaignOptions(o options) (options, error) {
	u, err := url.Parse(o.PGURL)
	if err != nil {
		return o, fmt.Errorf("parse -pg-url: %w", err)
	}
	o.PGURL = withDatabase(o.PGURL, strings.TrimPrefix(u.Path, "/")+"_campaign")
	o.CH.Database += "_campaign"
	o.RedisPrefix = strings.TrimSuffix(o.RedisPrefix, ":") + "_campaign:"
	return o, nil
}

type campaignSeed struct {
	World    *campaignWorld
	Reused   bool
	Rows     int64
	Duration time.Duration // of the seed that wrote the data (now or earlier)
	// FirstSettle is the settle run that locked the seed's closed lines.
	FirstSettle    time.Duration
	FirstLocked    int
	FirstSettleRan bool
}

// seedCampaign makes sure the campaign's databases hold the world of sz, up
// to the settle run, reusing a complete seed of the same sizes unless reseed.
func seedCampaign(ctx context.Context, st *stores, sz campaignSizes, reseed bool, batchRows int, progress io.Writer) (campaignSeed, marker, error) {
	if _, err := st.PG.Exec(ctx, createSeedMarker); err != nil {
		return campaignSeed{}, marker{}, fmt.Errorf("create seed marker: %w", err)
	}
	m, found, err := readMarker(ctx, st.PG, "campaign")
	if err != nil {
		return campaignSeed{}, m, err
	}
	if !reseed && found && m.Complete && m.Version == campaignSeedVersion && m.Params == sz.String() {
		w := newCampaignWorld(sz, m.End)
		return campaignSeed{World: w, Reused: true, Rows: m.Rows, Duration: time.Duration(m.Seconds * float64(time.Second))}, m, nil
	}
	start := time.Now()
	w := newCampaignWorld(sz, time.Now())
	m = marker{Version: campaignSeedVersion, Params: sz.String(), End: w.End}
	if err := writeMarker(ctx, st.PG, "campaign", m); err != nil {
		return campaignSeed{}, m, err
	}
	if err := wipe(ctx, st); err != nil {
		return campaignSeed{}, m, err
	}
	if err := seedCampaignTenants(ctx, st.PG, w); err != nil {
		return campaignSeed{}, m, err
	}
	ch, err := store.OpenClickHouse(ctx, st.chOptions)
	if err != nil {
		return campaignSeed{}, m, err
	}
	fmt.Fprintf(progress, "campaign seed: %d snapshots\n", w.rows())
	rows, err := writeSnapshots(ctx, ch, &campaignGenerator{w: w}, w.rows(), batchRows, progress)
	ch.Close()
	if err != nil {
		return campaignSeed{}, m, err
	}
	m.Rows, m.Seconds = rows, time.Since(start).Seconds()
	fmt.Fprintf(progress, "campaign seed: %d snapshots in ClickHouse in %s\n", rows, time.Since(start).Round(time.Second))
	return campaignSeed{World: w, Rows: rows, Duration: time.Since(start)}, m, nil
}

func seedCampaignTenants(ctx context.Context, db *pgxpool.Pool, w *campaignWorld) error {
	ws := w.WS
	created := w.Start.Add(-30 * 24 * time.Hour)
	version := time.Now().UnixMilli()
	creatorOf := map[int]uuid.UUID{}
	var creators, accounts, videos [][]any
	for _, c := range w.Creators {
		var goal any
		if c.Goal > 0 {
			goal = c.Goal
		}
		creators = append(creators, []any{c.ID, ws.ID, c.Name, strings.ToLower(strings.ReplaceAll(c.Name, " ", ".")) + "@creators.bench.reeltrack.test", goal, created})
		for _, a := range c.Accounts {
			creatorOf[a] = c.ID
		}
	}
	perAccount := map[uuid.UUID]int{}
	for _, v := range w.Videos {
		perAccount[v.Account]++
	}
	for i, a := range ws.Accounts {
		p := platforms[a.Platform-1]
		accounts = append(accounts, []any{a.ID, ws.ID, p, a.Handle, profileURL(p, a.Handle), a.Handle, "active",
			max(1, perAccount[a.ID]), uint64(a.followers0), w.End, created, w.Collection, creatorOf[i]})
	}
	for i, v := range w.Videos {
		p := platforms[v.Platform-1]
		pid := platformID(p, 8, i, v.ID)
		videos = append(videos, []any{v.ID, ws.ID, p, pid, videoURL(p, v.Handle, pid), v.Account, v.Handle,
			v.Caption, v.Published, false, "active", w.End, v.Published.Add(time.Hour)})
	}
	tx, err := db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("seed campaign tenants: %w", err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck // no-op after commit
	for _, c := range []struct {
		table string
		cols  []string
		rows  [][]any
	}{
		{"users", []string{"id", "email", "created_at"}, [][]any{{ws.Owner, ws.Email, created}}},
		{"workspaces", []string{"id", "name", "owner_id", "plan", "video_limit", "seat_limit", "data_version", "history_version", "scraped_until", "created_at"},
			[][]any{{ws.ID, ws.Name, ws.Owner, ws.Plan, ws.Limit, ws.Seats, version, version, w.End, created}}},
		{"workspace_members", []string{"workspace_id", "user_id", "role", "joined_at"}, [][]any{{ws.ID, ws.Owner, "owner", created}}},
		{"collections", []string{"id", "workspace_id", "name", "created_at"}, [][]any{{w.Collection, ws.ID, "Bench campaign", created}}},
		{"creators", []string{"id", "workspace_id", "name", "email", "posting_goal", "created_at"}, creators},
		{"accounts", []string{"id", "workspace_id", "platform", "handle", "url", "display_name", "status", "tracking_limit",
			"followers", "last_scraped_at", "created_at", "collection_id", "creator_id"}, accounts},
		{"videos", []string{"id", "workspace_id", "platform", "platform_video_id", "url", "account_id", "account_handle",
			"caption", "published_at", "tracked_individually", "status", "last_scraped_at", "created_at"}, videos},
	} {
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{c.table}, c.cols, pgx.CopyFromRows(c.rows)); err != nil {
			return fmt.Errorf("seed %s: %w", c.table, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("seed campaign tenants: %w", err)
	}
	return nil
}

// addOthers adds videos to the campaign's workspace, outside the campaign,
// until it holds n: 100 on each account of their own, published over the
// campaign's weeks, with no snapshots (the campaign's reads must not read
// them at all).
func addOthers(ctx context.Context, db *pgxpool.Pool, w *campaignWorld, n int, progress io.Writer) error {
	var have int
	if err := db.QueryRow(ctx, `SELECT count(*) FROM accounts WHERE workspace_id = $1 AND collection_id IS NULL`, w.WS.ID).Scan(&have); err != nil {
		return fmt.Errorf("count the other accounts: %w", err)
	}
	have *= 100
	if have >= n {
		return nil
	}
	fmt.Fprintf(progress, "bench: campaign: adding %d videos outside the campaign\n", n-have)
	span := w.End.Sub(w.Start)
	for a := have / 100; a*100 < n; a += 1000 {
		var accounts, videos [][]any
		for i := a; i < a+1000 && i*100 < n; i++ {
			id := uuid.New()
			handle := fmt.Sprintf("other%07d", i)
			p := platforms[i%len(platforms)]
			accounts = append(accounts, []any{id, w.WS.ID, p, handle, profileURL(p, handle), handle, "active", 100, uint64(1000), w.End, w.Start})
			for j := range 100 {
				vid := uuid.New()
				pid := fmt.Sprintf("o%07d%03d", i, j)
				published := w.Start.Add(span * time.Duration(j) / 100)
				videos = append(videos, []any{vid, w.WS.ID, p, pid, videoURL(p, handle, pid), id, handle,
					"another post", published, false, "active", w.End, published.Add(time.Hour)})
			}
		}
		err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
			if _, err := tx.CopyFrom(ctx, pgx.Identifier{"accounts"}, []string{"id", "workspace_id", "platform", "handle", "url", "display_name", "status",
				"tracking_limit", "followers", "last_scraped_at", "created_at"}, pgx.CopyFromRows(accounts)); err != nil {
				return err
			}
			_, err := tx.CopyFrom(ctx, pgx.Identifier{"videos"}, []string{"id", "workspace_id", "platform", "platform_video_id", "url", "account_id", "account_handle",
				"caption", "published_at", "tracked_individually", "status", "last_scraped_at", "created_at"}, pgx.CopyFromRows(videos))
			return err
		})
		if err != nil {
			return fmt.Errorf("add videos outside the campaign: %w", err)
		}
	}
	if _, err := db.Exec(ctx, `UPDATE workspaces SET video_limit = greatest(video_limit, $2) WHERE id = $1`, w.WS.ID, n+len(w.Videos)); err != nil {
		return fmt.Errorf("raise the video limit: %w", err)
	}
	if _, err := db.Exec(ctx, `ANALYZE accounts, videos`); err != nil {
		return fmt.Errorf("analyze: %w", err)
	}
	return nil
}

// setUpCampaign makes the collection a campaign with two rules versions and a
// budget the closed lines overrun a little, and settles those lines.
func setUpCampaign(ctx context.Context, st *stores, srv *server, s *campaignSeed) error {
	w := s.World
	ws, owner, id := w.WS.ID, w.WS.Owner, w.Collection
	at := func(t time.Time) func() time.Time { return func() time.Time { return t } }
	err := campaigns.CreateCampaignHandler{DB: st.PG, Now: at(w.Start)}.Handle(ctx, campaigns.CreateCampaign{
		WorkspaceID: ws, ActorID: owner, CollectionID: id, Currency: "USD", Period: string(payout.Weekly),
		Settings: domain.CampaignSettings{StartsAt: w.Start}, Rules: campaignRulesV1,
	})
	if err != nil {
		return fmt.Errorf("create the campaign: %w", err)
	}
	_, err = campaigns.ChangeCampaignRulesHandler{DB: st.PG, Now: at(w.RulesV2)}.Handle(ctx, campaigns.ChangeCampaignRules{
		WorkspaceID: ws, ActorID: owner, CollectionID: id, Rules: campaignRulesV2,
	})
	if err != nil {
		return fmt.Errorf("change the campaign's rules: %w", err)
	}
	// The budget: 95 % of what the closed lines would be paid without one, so
	// it runs out among the locked lines.
	page, err := srv.Handlers.Campaigns.Page(ctx, ws, id)
	if err != nil {
		return fmt.Errorf("read the campaign: %w", err)
	}
	today := w.End.Format(time.DateOnly)
	var closed int64
	for _, d := range page.Series {
		if d.Date < today {
			closed += d.Projected
		}
	}
	err = srv.Handlers.UpdateCampaign.Handle(ctx, campaigns.UpdateCampaign{WorkspaceID: ws, ActorID: owner, CollectionID: id,
		Settings: domain.CampaignSettings{StartsAt: w.Start, Budget: max(1, closed*95/100)}})
	if err != nil {
		return fmt.Errorf("set the campaign's budget: %w", err)
	}
	t := time.Now()
	run, err := srv.Handlers.SettlePayouts.Settle(ctx, ws, id)
	if err != nil {
		return fmt.Errorf("settle the campaign: %w", err)
	}
	s.FirstSettle, s.FirstLocked, s.FirstSettleRan = time.Since(t), run.Locked, true
	// The planner's statistics, as autovacuum would gather them.
	if _, err := st.PG.Exec(ctx, `ANALYZE users, workspaces, collections, creators, accounts, videos, campaigns, campaign_rules, payout_lines`); err != nil {
		return fmt.Errorf("analyze the campaign: %w", err)
	}
	return nil
}

type campaignReport struct {
	Seed    campaignSeed
	Page    querycampaigns.CampaignPage
	Bounds  map[payout.Bound]int // lines of the whole ledger per bound
	Clips   int                  // clips with lines on two platforms
	Cold    []campaignLine
	Settle  campaignSettle
	Load    []string // at the cold requests, at the settle runs
	CHTimes map[string][]queryTime
}

type campaignLine struct {
	Name   string
	S      stats
	Target time.Duration // 0: none
}

func (l campaignLine) missed() bool { return l.Target > 0 && l.S.P95 > l.Target }

type campaignSettle struct {
	Period time.Time
	Lines  int   // the week's lines, locked again by each run
	Total  stats // SettlePayoutsHandler.Settle
	Read   stats // of which querycampaigns.SettlementHandler.Settlement
	Write  stats // of which the transaction
	Runs   []time.Duration
	// Weekly times the cron's run (SettlePayoutsHandler.Handle) as the week
	// closes: the state the run a week earlier left, its floor and the
	// ledger settled; WeeklyRead is its Settlement.
	Weekly, WeeklyRead stats
	// Idle times the cron's settle run (SettlePayoutsHandler.Handle) once
	// nothing is due; IdleSkipped of IdleCampaigns were skipped in its last run.
	Idle                       stats
	IdleSkipped, IdleCampaigns int
}

func (r *campaignReport) missed() bool {
	if r == nil {
		return false
	}
	for _, l := range r.Cold {
		if l.missed() {
			return true
		}
	}
	return r.Settle.Weekly.P95 > targetCampaignSettle
}

func campaignPhase(ctx context.Context, o options, progress io.Writer) (*campaignReport, error) {
	co, err := campaignOptions(o)
	if err != nil {
		return nil, err
	}
	st, err := openStores(ctx, co)
	if err != nil {
		return nil, err
	}
	defer st.close()
	s, m, err := seedCampaign(ctx, st, co.Campaign, co.Reseed, co.BatchRows, progress)
	if err != nil {
		return nil, err
	}
	if _, _, err := settle(ctx, st, co); err != nil {
		return nil, err
	}
	w := s.World
	now := w.End.Add(30 * time.Minute)
	srv, err := startServer(ctx, co, st, now)
	if err != nil {
		return nil, err
	}
	defer srv.stop()
	if !s.Reused {
		fmt.Fprintln(progress, "bench: campaign: creating it and settling its closed lines")
		if err := setUpCampaign(ctx, st, srv, &s); err != nil {
			return nil, err
		}
		m.Complete = true
		if err := writeMarker(ctx, st.PG, "campaign", m); err != nil {
			return nil, err
		}
	}
	// An earlier run's settle runs rewrote a week's lines: vacuum as autovacuum would.
	if _, err := st.PG.Exec(ctx, `VACUUM ANALYZE payout_lines`); err != nil {
		return nil, fmt.Errorf("vacuum payout_lines: %w", err)
	}
	if err := addOthers(ctx, st.PG, w, co.CampaignOthers, progress); err != nil {
		return nil, err
	}
	if s.Reused {
		// as the hourly cron's settle run would have, on a seed of an
		// earlier build: the ledger's open floor recorded (schema 0041)
		if _, err := srv.Handlers.SettlePayouts.Settle(ctx, w.WS.ID, w.Collection); err != nil {
			return nil, fmt.Errorf("settle the campaign: %w", err)
		}
	}
	r := &campaignReport{Seed: s, CHTimes: map[string][]queryTime{}}
	if r.Page, err = srv.Handlers.Campaigns.Page(ctx, w.WS.ID, w.Collection); err != nil {
		return nil, fmt.Errorf("read the campaign: %w", err)
	}
	if r.Bounds, r.Clips, err = ledgerShape(ctx, st.PG, srv, w); err != nil {
		return nil, err
	}

	stop, err := profileTo(co.CPUProfile, ".campaign")
	if err != nil {
		return nil, err
	}
	defer stop()
	fmt.Fprintln(progress, "bench: campaign: cold requests")
	c, err := newClient(srv.Base, srv.Tokens, w.WS, st.PG, 1)
	if err != nil {
		return nil, err
	}
	id := w.Collection.String()
	r.Load = append(r.Load, loadavg())
	for _, rt := range []struct {
		name, path string
		check      func([]byte) error
		// checkOf checks an answer of a campaign of videos
		checkOf func(videos int) func([]byte) error
	}{
		{"GET /api/campaigns", "/api/campaigns", checkCampaigns, nil},
		{"GET /api/campaigns/{id}", "/api/campaigns/" + id, checkCampaignPage(len(w.Videos)), checkCampaignPage},
		{"GET /api/campaigns/{id}/lines?limit=100", "/api/campaigns/" + id + "/lines?limit=100", checkCampaignLines(len(w.Videos)), checkCampaignLines},
	} {
		if _, err := c.cold(ctx, rt.path, 1, rt.check); err != nil {
			return nil, fmt.Errorf("campaign: %w", err)
		}
		time.Sleep(time.Until(time.Now().Truncate(time.Second).Add(time.Second)))
		from := time.Now()
		sts, err := c.cold(ctx, rt.path, co.ColdRequests, rt.check)
		if err != nil {
			return nil, fmt.Errorf("campaign: %w", err)
		}
		to := time.Now()
		r.Cold = append(r.Cold, campaignLine{Name: rt.name + " (cold)", S: sts, Target: targetCampaignCold})
		if rt.path != "/api/campaigns" {
			sts, err := coldVideosChanged(ctx, c, st.PG, w.Collection, rt.path, co.ColdRequests, len(w.Videos), rt.checkOf)
			if err != nil {
				return nil, fmt.Errorf("campaign: %w", err)
			}
			r.Cold = append(r.Cold, campaignLine{Name: rt.name + " (cold, videos changed)", S: sts})
			sts, err = coldLedgerChanged(ctx, c, st.PG, w.Collection, rt.path, co.ColdRequests, rt.check)
			if err != nil {
				return nil, fmt.Errorf("campaign: %w", err)
			}
			r.Cold = append(r.Cold, campaignLine{Name: rt.name + " (cold, ledger changed)", S: sts})
		}
		if err := st.CH.Exec(ctx, "SYSTEM FLUSH LOGS"); err != nil {
			return nil, fmt.Errorf("flush query log: %w", err)
		}
		if r.CHTimes[rt.name], err = clickhouseTimes(ctx, st.CH, from, to); err != nil {
			return nil, err
		}
	}

	fmt.Fprintln(progress, "bench: campaign: settle runs")
	r.Load = append(r.Load, loadavg())
	if r.Settle, err = settleRuns(ctx, st.PG, srv, w, now, co.SettleRuns, false); err != nil {
		return nil, err
	}
	weekly, err := settleRuns(ctx, st.PG, srv, w, now, co.SettleRuns, true)
	if err != nil {
		return nil, err
	}
	r.Settle.Weekly, r.Settle.WeeklyRead = weekly.Total, weekly.Read
	if err := idleSettleRuns(ctx, srv, &r.Settle, co.SettleRuns); err != nil {
		return nil, err
	}
	return r, nil
}

// idleSettleRuns times n runs of the cron's settle step once nothing is due:
// an untimed run first records what it saw (the bench's relocking changed
// the ledger).
func idleSettleRuns(ctx context.Context, srv *server, out *campaignSettle, n int) error {
	h := srv.Handlers.SettlePayouts
	if _, err := h.Handle(ctx); err != nil {
		return fmt.Errorf("settle run: %w", err)
	}
	var runs []time.Duration
	for range n {
		start := time.Now()
		run, err := h.Handle(ctx)
		runs = append(runs, time.Since(start))
		if err != nil {
			return fmt.Errorf("settle run: %w", err)
		}
		out.IdleSkipped, out.IdleCampaigns = run.Skipped, run.Campaigns
	}
	out.Idle = summarize(runs, 0)
	return nil
}

// ledgerShape counts the ledger's lines per bound and the clips locked on two
// platforms or more.
func ledgerShape(ctx context.Context, db *pgxpool.Pool, srv *server, w *campaignWorld) (map[payout.Bound]int, int, error) {
	out := map[payout.Bound]int{}
	for _, b := range []payout.Bound{payout.BoundMinViews, payout.BoundViewCap, payout.BoundMinAmount, payout.BoundMaxAmount,
		payout.BoundCrossPost, payout.BoundCreatorCap, payout.BoundBudget} {
		p, err := srv.Handlers.Campaigns.Lines(ctx, w.WS.ID, w.Collection, querycampaigns.LinesQuery{Bound: string(b), Limit: 1})
		if err != nil {
			return nil, 0, fmt.Errorf("count the lines bound by %s: %w", b, err)
		}
		out[b] = p.Total
	}
	var clips int
	err := db.QueryRow(ctx, `SELECT count(*) FROM (SELECT clip FROM payout_lines WHERE collection_id = $1 AND clip <> '' GROUP BY clip HAVING count(*) > 1) c`,
		w.Collection).Scan(&clips)
	if err != nil {
		return nil, 0, fmt.Errorf("count cross-posted clips: %w", err)
	}
	return out, clips, nil
}

// savedLinesTable keeps a week's locked lines while a settle run relocks them.
// savedLinesTable is made again each time: payout_lines may have new columns.
const savedLinesTable = `DROP TABLE IF EXISTS bench_saved_lines; CREATE TABLE bench_saved_lines (LIKE payout_lines)`

type timedLedger struct {
	campaigns.SettlementReader
	took   *time.Duration
	closed *int
}

func (t timedLedger) Settlement(ctx context.Context, ws, id uuid.UUID, now time.Time, all bool, since *time.Time) (payout.Settlement, error) {
	start := time.Now()
	s, err := t.SettlementReader.Settlement(ctx, ws, id, now, all, since)
	*t.took, *t.closed = time.Since(start), len(s.Closed)
	return s, err
}

// settleRuns times n settle runs of one week's lines, each after setting them
// aside and deleting them, putting them back after. Deleting lines clears
// the campaign's open floor and moves its ledger: SettlePayoutsHandler.Settle
// then reads every open video and every locked line's fall. With weekly,
// the state the cron's run a week earlier left is recorded instead (its
// open floor, read by the server's own OpenFloor at that time, and the
// ledger settled then), and the cron's run (Handle) is timed.
func settleRuns(ctx context.Context, db *pgxpool.Pool, srv *server, w *campaignWorld, now time.Time, n int, weekly bool) (campaignSettle, error) {
	var out campaignSettle
	rows, err := db.Query(ctx, `SELECT period_start, count(*) FROM payout_lines WHERE collection_id = $1 GROUP BY period_start ORDER BY period_start`, w.Collection)
	if err != nil {
		return out, fmt.Errorf("read the campaign's periods: %w", err)
	}
	type period struct {
		start time.Time
		lines int
	}
	periods, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (period, error) {
		var p period
		return p, r.Scan(&p.start, &p.lines)
	})
	if err != nil {
		return out, fmt.Errorf("read the campaign's periods: %w", err)
	}
	if len(periods) == 0 {
		return out, errors.New("the campaign has no locked lines to settle again")
	}
	pick := slices.MaxFunc(periods, func(a, b period) int { return a.lines - b.lines })
	for _, p := range periods {
		if !payout.Weekly.Next(p.start.UTC()).After(now) {
			pick = p
		}
	}
	out.Period, out.Lines = pick.start.UTC(), pick.lines
	var stored, after int
	if err := db.QueryRow(ctx, `SELECT count(*) FROM payout_lines WHERE collection_id = $1`, w.Collection).Scan(&stored); err != nil {
		return out, fmt.Errorf("count the lines: %w", err)
	}
	if _, err := db.Exec(ctx, savedLinesTable); err != nil {
		return out, fmt.Errorf("create bench_saved_lines: %w", err)
	}
	ws, id := w.WS.ID, w.Collection
	var totals, reads, writes []time.Duration
	for range n {
		err := pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `TRUNCATE bench_saved_lines`); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO bench_saved_lines SELECT * FROM payout_lines WHERE collection_id = $1 AND period_start = $2`, id, out.Period); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `DELETE FROM payout_lines WHERE collection_id = $1 AND period_start = $2`, id, out.Period); err != nil {
				return err
			}
			if err := bumpLedger(ctx, tx, id); err != nil || !weekly {
				return err
			}
			return settledAWeekEarlier(ctx, tx, srv, ws, id, now.AddDate(0, 0, -7))
		})
		if err != nil {
			return out, fmt.Errorf("set a week's lines aside: %w", err)
		}
		h := srv.Handlers.SettlePayouts
		var read time.Duration
		var closed int
		h.Ledger = timedLedger{SettlementReader: h.Ledger, took: &read, closed: &closed}
		start := time.Now()
		var run campaigns.SettleRun
		if weekly {
			run, err = h.Handle(ctx)
		} else {
			run, err = h.Settle(ctx, ws, id)
		}
		total := time.Since(start)
		if err != nil {
			return out, fmt.Errorf("settle: %w", err)
		}
		err = pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `DELETE FROM payout_lines WHERE collection_id = $1 AND period_start = $2`, id, out.Period); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, `INSERT INTO payout_lines OVERRIDING SYSTEM VALUE SELECT * FROM bench_saved_lines`); err != nil {
				return err
			}
			return bumpLedger(ctx, tx, id)
		})
		if err != nil {
			return out, fmt.Errorf("put a week's lines back: %w", err)
		}
		if run.Locked != out.Lines || closed != out.Lines {
			return out, fmt.Errorf("the settle run found %d lines to lock and locked %d, want the week's %d", closed, run.Locked, out.Lines)
		}
		totals, reads, writes = append(totals, total), append(reads, read), append(writes, total-read)
		out.Runs = append(out.Runs, total)
	}
	if err := db.QueryRow(ctx, `SELECT count(*) FROM payout_lines WHERE collection_id = $1`, id).Scan(&after); err != nil {
		return out, fmt.Errorf("count the lines: %w", err)
	}
	if after != stored {
		return out, fmt.Errorf("%d lines after the settle runs, %d before", after, stored)
	}
	out.Total, out.Read, out.Write = summarize(totals, 0), summarize(reads, 0), summarize(writes, 0)
	return out, nil
}

// settledAWeekEarlier records in tx, after a week's lines were deleted, what
// the settle run at then left: the open floor the server reads at then, and
// the ledger settled at its current version.
func settledAWeekEarlier(ctx context.Context, tx pgx.Tx, srv *server, ws, id uuid.UUID, then time.Time) error {
	if _, err := tx.Exec(ctx, `SELECT 1 FROM workspaces WHERE id = $1 FOR NO KEY UPDATE`, ws); err != nil {
		return err
	}
	floor, notPaid, err := srv.Handlers.SettlePayouts.Ledger.OpenFloor(ctx, tx, ws, id, then)
	if err != nil {
		return fmt.Errorf("read the open floor: %w", err)
	}
	_, err = tx.Exec(ctx, `UPDATE campaigns SET open_floor = $2, floor_not_paid = $3, settled_at = $4, settled_version = ledger_version
		WHERE collection_id = $1`, id, floor, notPaid, then)
	return err
}

func checkCampaigns(b []byte) error {
	var l struct{ Campaigns []json.RawMessage }
	if err := json.Unmarshal(b, &l); err != nil {
		return fmt.Errorf("decode campaigns: %w", err)
	}
	if len(l.Campaigns) != 1 {
		return fmt.Errorf("%d campaigns, want 1", len(l.Campaigns))
	}
	return nil
}

func checkCampaignPage(videos int) func([]byte) error {
	return func(b []byte) error {
		var p querycampaigns.CampaignPage
		if err := json.Unmarshal(b, &p); err != nil {
			return fmt.Errorf("decode the campaign: %w", err)
		}
		c := p.Counts
		if n := c.Projected + c.Locked + c.Held + c.Approved + c.Rejected + c.Paid; n != videos || c.Locked == 0 {
			return fmt.Errorf("the campaign counts %d lines (%d locked), want %d, some locked", n, c.Locked, videos)
		}
		return nil
	}
}

func checkCampaignLines(videos int) func([]byte) error {
	return func(b []byte) error {
		var p struct {
			Total int
			Lines []json.RawMessage
		}
		if err := json.Unmarshal(b, &p); err != nil {
			return fmt.Errorf("decode the campaign's lines: %w", err)
		}
		if p.Total != videos || len(p.Lines) != min(100, videos) {
			return fmt.Errorf("the ledger's page has total %d and %d lines, want %d and %d", p.Total, len(p.Lines), videos, min(100, videos))
		}
		return nil
	}
}

func printCampaign(out io.Writer, r *campaignReport, o options) {
	w, p := r.Seed.World, r.Page
	fmt.Fprintf(out, "\n### Campaign: %s videos by %s creators over %d weeks\n\n",
		thousands(float64(w.Sizes.Videos)), thousands(float64(w.Sizes.Creators)), w.Sizes.Weeks)
	how := "seeded now"
	if r.Seed.Reused {
		how = "reused (seeded earlier)"
	}
	fmt.Fprintf(out, "- data: one workspace, %s creators posting from %s accounts (1 or 2 each, on different platforms), %s videos published from %s to %s, hourly snapshots from each video's publication: %s rows, %s in %s\n",
		thousands(float64(len(w.Creators))), thousands(float64(len(w.WS.Accounts))), thousands(float64(len(w.Videos))),
		w.Start.Format(time.RFC3339), w.End.Format(time.RFC3339), thousands(float64(r.Seed.Rows)), how, r.Seed.Duration.Round(time.Second))
	if o.CampaignOthers > 0 {
		fmt.Fprintf(out, "- beside it in the workspace: at least %s videos on accounts of their own, in no campaign (`-campaign-others`)\n", thousands(float64(o.CampaignOthers)))
	}
	c := p.Counts
	stored := c.Locked + c.Held + c.Approved + c.Rejected + c.Paid
	fmt.Fprintf(out, "- ledger (weekly, rules v1 and v2 from %s, 7-day windows, creator cap $%s then $%s a week): %s lines, %s stored (%.0f %%: %s locked, %s held), %s projected; budget $%s, committed $%s",
		w.RulesV2.Format(time.DateOnly), payout.Decimal(payout.Money(campaignRulesV1.CreatorCap), 2), payout.Decimal(payout.Money(campaignRulesV2.CreatorCap), 2),
		thousands(float64(p.Campaign.Videos)), thousands(float64(stored)), 100*float64(stored)/float64(max(1, p.Campaign.Videos)),
		thousands(float64(c.Locked)), thousands(float64(c.Held)), thousands(float64(c.Projected)),
		payout.Decimal(payout.Money(p.Campaign.Budget), 2), payout.Decimal(payout.Money(p.Campaign.Spend.Committed), 2))
	fmt.Fprintf(out, "; lines bound by")
	for _, b := range []payout.Bound{payout.BoundCreatorCap, payout.BoundBudget, payout.BoundCrossPost, payout.BoundMaxAmount, payout.BoundViewCap, payout.BoundMinAmount, payout.BoundMinViews} {
		fmt.Fprintf(out, " %s %s,", b, thousands(float64(r.Bounds[b])))
	}
	fmt.Fprintf(out, " clips locked on two platforms %s\n", thousands(float64(r.Clips)))
	if r.Seed.FirstSettleRan {
		fmt.Fprintf(out, "- the seed's settle run (SettlePayoutsHandler.Settle) locked its %s closed lines at once in %s\n",
			thousands(float64(r.Seed.FirstLocked)), r.Seed.FirstSettle.Round(time.Millisecond))
	}
	fmt.Fprintf(out, "- load average (1, 5, 15 min) at the cold requests: %s; at the settle runs: %s\n", r.Load[0], r.Load[len(r.Load)-1])
	s := r.Settle
	fmt.Fprintf(out, "- cold: %d requests per route one at a time after an untimed one, the data version bumped before each (videos changed: a new post of one of the campaign's accounts; ledger changed: 100 locked lines reviewed and the campaign's ledger version moved, as after a review); settle: %d runs, each locking again the %s lines of the week of %s (set aside and deleted before the run, put back after), with the server's clock at %s\n\n",
		o.ColdRequests, len(s.Runs), thousands(float64(s.Lines)), s.Period.Format(time.DateOnly), w.End.Add(30*time.Minute).Format(time.RFC3339))
	fmt.Fprintln(out, "| what | runs | p50 ms | p95 ms | p99 ms | target | met |")
	fmt.Fprintln(out, "|---|---:|---:|---:|---:|---|---|")
	for _, l := range r.Cold {
		target, met := "—", "—"
		if l.Target > 0 {
			target, met = "p95 ≤ "+ms(l.Target)+" ms", yesNo(!l.missed())
		}
		fmt.Fprintf(out, "| %s | %d | %s | %s | %s | %s | %s |\n", l.Name, l.S.N, ms(l.S.P50), ms(l.S.P95), ms(l.S.P99), target, met)
	}
	fmt.Fprintf(out, "| settle run of one week (%s lines) after its lines were removed (the open floor cleared, every locked line's fall read): `SettlePayoutsHandler.Settle` | %d | %s | %s | %s | — | — |\n",
		thousands(float64(s.Lines)), s.Total.N, ms(s.Total.P50), ms(s.Total.P95), ms(s.Total.P99))
	fmt.Fprintf(out, "| of which the read: `query.SettlementHandler.Settlement` | %d | %s | %s | %s | — | — |\n", s.Read.N, ms(s.Read.P50), ms(s.Read.P95), ms(s.Read.P99))
	fmt.Fprintf(out, "| of which the writes: the transaction locking the lines | %d | %s | %s | %s | — | — |\n", s.Write.N, ms(s.Write.P50), ms(s.Write.P95), ms(s.Write.P99))
	fmt.Fprintf(out, "| the cron's settle run as that week closes (`SettlePayoutsHandler.Handle`, the floor and the ledger as the run a week earlier left them) | %d | %s | %s | %s | ≤ %s ms | %s |\n",
		s.Weekly.N, ms(s.Weekly.P50), ms(s.Weekly.P95), ms(s.Weekly.P99), thousands(float64(targetCampaignSettle.Milliseconds())), yesNo(s.Weekly.P95 <= targetCampaignSettle))
	fmt.Fprintf(out, "| of which the read: `query.SettlementHandler.Settlement` | %d | %s | %s | %s | — | — |\n", s.WeeklyRead.N, ms(s.WeeklyRead.P50), ms(s.WeeklyRead.P95), ms(s.WeeklyRead.P99))
	fmt.Fprintf(out, "| the cron's settle run with nothing due (%d of %d campaigns skipped): `SettlePayoutsHandler.Handle` | %d | %s | %s | %s | — | — |\n",
		s.IdleSkipped, s.IdleCampaigns, s.Idle.N, ms(s.Idle.P50), ms(s.Idle.P95), ms(s.Idle.P99))
	var runs []string
	for _, d := range s.Runs {
		runs = append(runs, ms(d))
	}
	fmt.Fprintf(out, "\nSettle runs in order (ms): %s.\n", strings.Join(runs, ", "))
	fmt.Fprintf(out, "\nClickHouse queries of the cold requests (system.query_log, server-side time; reads and memory are medians):\n")
	for _, l := range r.Cold {
		name := strings.TrimSuffix(l.Name, " (cold)")
		if len(r.CHTimes[name]) == 0 {
			fmt.Fprintf(out, "\n- %s: none\n", name)
			continue
		}
		fmt.Fprintf(out, "\n- %s\n", name)
		printQueryTimes(out, r.CHTimes[name])
	}
}

// bumpLedger moves the ledger version, as the service does when locked lines
// change, so the server's kept copy is not read.
func bumpLedger(ctx context.Context, tx pgx.Tx, id uuid.UUID) error {
	_, err := tx.Exec(ctx, `UPDATE campaigns SET ledger_version = ledger_version + 1 WHERE collection_id = $1`, id)
	return err
}

// coldVideosChanged measures n requests of path, each after a new post of
// one of the campaign's accounts, published after its last one: the
// workspace's videos version moves, as a scrape that finds a new post moves
// it. The posts are deleted after. checkOf checks an answer of a campaign
// of that many videos: those of the seed and the new posts.
func coldVideosChanged(ctx context.Context, c *client, db *pgxpool.Pool, campaign uuid.UUID, path string, n, videos int,
	checkOf func(videos int) func([]byte) error) (stats, error) {
	post := 0
	check := func(b []byte) error { return checkOf(videos + post)(b) }
	c.before = func(ctx context.Context) error {
		post++
		_, err := db.Exec(ctx, `
			INSERT INTO videos (id, workspace_id, platform, platform_video_id, url, account_id, account_handle, caption,
				published_at, tracked_individually, status, created_at, post_kind)
			SELECT gen_random_uuid(), v.workspace_id, v.platform, 'bench-new-' || $2::int, v.url || '?bench-new=' || $2::int, v.account_id, v.account_handle,
				'A new post ' || $2::int, m.at + interval '1 second' * $2::int, v.tracked_individually, 'active', m.at + interval '1 second' * $2::int, 'own'
			FROM videos v JOIN accounts a ON a.id = v.account_id,
				(SELECT max(v.published_at) AS at FROM videos v JOIN accounts a ON a.id = v.account_id WHERE a.collection_id = $1) m
			WHERE a.collection_id = $1 AND v.status = 'active'
			ORDER BY v.published_at DESC LIMIT 1`, campaign, post)
		return err
	}
	defer func() {
		c.before = nil
		_, _ = db.Exec(context.WithoutCancel(ctx), `DELETE FROM videos WHERE platform_video_id LIKE 'bench-new-%'`)
	}()
	return c.cold(ctx, path, n, check)
}

// coldLedgerChanged measures n requests of path, each after a review of a
// page of 100 locked lines (written again as they were, a further page
// each time) and the ledger and data versions moved, as a review moves
// them.
func coldLedgerChanged(ctx context.Context, c *client, db *pgxpool.Pool, id uuid.UUID, path string, n int, check func([]byte) error) (stats, error) {
	page := 0
	c.before = func(ctx context.Context) error {
		page++
		return pgx.BeginFunc(ctx, db, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, `
				UPDATE payout_lines l SET status = l.status
				FROM (SELECT video_id FROM payout_lines WHERE collection_id = $1 ORDER BY seq OFFSET $2 LIMIT 100) p
				WHERE l.collection_id = $1 AND l.video_id = p.video_id`, id, 100*page)
			if err == nil {
				err = bumpLedger(ctx, tx, id)
			}
			return err
		})
	}
	defer func() { c.before = nil }()
	return c.cold(ctx, path, n, check)
}
