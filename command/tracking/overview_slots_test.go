package tracking_test

import (
	"context"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// TestOverviewFromSlotsAgreesWithTheFullRead compares, for every kept
// preset, the overview answered from its slot with the one read from every
// video (the slot rows set aside), JSON byte for byte: on a world of
// snapshots as a provider sends them (gaps longer than the lookback,
// dormant videos, views or likes missing, deliveries twice), then after
// each kind of scrape written as a completion writes it (a scrape of some
// videos, a late one inside a gap, one delivered again, a new video's
// first, a dormant video's return, one without views, one before the
// previous window), after videos and an account leave the count, an hour
// later, and after a completion that stopped half way.
func TestOverviewFromSlotsAgreesWithTheFullRead(t *testing.T) {
	t.Parallel()
	// generous: 17 s alone, and up to 5 minutes on a current engine that
	// answers the package's parallel tests one query at a time beside the
	// rest of make test
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	now := time.Date(2026, 11, 20, 10, 30, 0, 0, time.UTC)
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	acc := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	other := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	keeper := numbers.OverviewSlots{CH: env.CH}
	r := rand.New(rand.NewPCG(44, 1))
	u64 := func(v uint64) *uint64 { return &v }

	var videos []uuid.UUID
	views := map[uuid.UUID]uint64{}
	for i := range 40 {
		o := testenv.VideoOptions{AccountID: acc, Status: domain.ItemActive}
		if i%5 == 4 {
			o.AccountID = other
		}
		if i%9 == 8 {
			o.AccountID = uuid.Nil
		}
		videos = append(videos, env.Video(t, ws, o))
	}
	snap := func(id uuid.UUID, at time.Time, m ingest.Metrics) ingest.Snapshot {
		return ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: id, ScrapedAt: at, Metrics: m, JobID: uuid.New()}
	}
	grow := func(id uuid.UUID, by int) ingest.Metrics {
		views[id] += uint64(by)
		v := views[id]
		m := ingest.Metrics{Views: u64(v), Likes: u64(v / 12), Comments: u64(v / 90), Shares: u64(v / 200), Saves: u64(v / 150)}
		if r.IntN(8) == 0 {
			m.Views = nil // left out by the provider
		}
		if r.IntN(6) == 0 {
			m.Likes = nil
		}
		return m
	}
	w := ingest.NewSnapshotWriter(env.CH, 100_000, now)
	for i, id := range videos[:36] {
		at := now.Add(-time.Duration(1+r.IntN(120*24)) * time.Hour)
		end := now.Add(-time.Duration(r.IntN(3)) * time.Hour)
		if i%7 == 3 {
			end = now.AddDate(0, 0, -(9 + r.IntN(20))) // dormant since
		}
		for ; at.Before(end); at = at.Add(time.Duration(1+r.IntN(60)) * time.Hour) {
			if r.IntN(25) == 0 {
				at = at.Add(time.Duration(7*24+r.IntN(200)) * time.Hour) // a gap past the lookback
			}
			s := snap(id, at, grow(id, r.IntN(3000)))
			if err := w.Add(ctx, s); err != nil {
				t.Fatal(err)
			}
			if r.IntN(10) == 0 {
				if err := w.Add(ctx, s); err != nil { // delivered twice
					t.Fatal(err)
				}
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	exec(t, `INSERT INTO video_rank_state (workspace_id, token, synced) VALUES ($1, $2, true)`, ws, uuid.New())

	h := func(at time.Time) numbers.OverviewHandler {
		return numbers.OverviewHandler{DB: env.PG, CH: env.CH, Now: func() time.Time { return at }}
	}
	answers := func(at time.Time) map[numbers.OverviewSlot]string {
		t.Helper()
		out := map[numbers.OverviewSlot]string{}
		for _, p := range numbers.OverviewSlotPresets {
			o, err := h(at).Handle(ctx, ws, numbers.OverviewQuery{Window: p})
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal(o)
			if err != nil {
				t.Fatal(err)
			}
			out[numbers.OverviewSlot{Preset: p}] = string(b)
		}
		return out
	}
	slots := func() int { return scalar[int](t, `SELECT count(*) FROM overview_slots WHERE workspace_id = $1`, ws) }
	// full reads the answers with the slot rows set aside
	full := func(at time.Time) map[numbers.OverviewSlot]string {
		t.Helper()
		exec(t, `DELETE FROM overview_slots WHERE workspace_id = $1`, ws)
		return answers(at)
	}
	compare := func(what string, at time.Time) {
		t.Helper()
		if slots() == 0 {
			t.Fatalf("%s: no slot kept", what)
		}
		fromSlots := answers(at)
		restore := snapshotSlots(t, ctx, ws)
		want := full(at)
		restore()
		for k, wv := range want {
			if fromSlots[k] != wv {
				t.Errorf("%s, %s: the slot's answer differs from the full read:\n got %s\nwant %s", what, k.Preset, fromSlots[k], wv)
			}
		}
	}
	if n, err := tracking.WriteOverviewSlots(ctx, env.PG, keeper, ws, now); err != nil || n < 4 {
		t.Fatalf("slots computed: %d, %v; want one per preset", n, err)
	}
	compare("as computed", now)

	// the slot is what is read: a total changed there alone shows
	before := answers(now)
	exec(t, `UPDATE overview_slots SET sums = jsonb_set(sums, '{totals,0}', '1') WHERE workspace_id = $1 AND preset = '30d'`, ws)
	if answers(now)[numbers.OverviewSlot{Preset: query.Preset30d}] == before[numbers.OverviewSlot{Preset: query.Preset30d}] {
		t.Fatal("the 30d overview did not change with its slot: the slot is not read")
	}
	exec(t, `DELETE FROM overview_slots WHERE workspace_id = $1`, ws)
	if _, err := tracking.WriteOverviewSlots(ctx, env.PG, keeper, ws, now); err != nil {
		t.Fatal(err)
	}

	scrape := func(what string, record bool, ss ...ingest.Snapshot) {
		t.Helper()
		var ids []uuid.UUID
		for _, s := range ss {
			ids = append(ids, s.EntityID)
		}
		err := tracking.WriteWithOverview(ctx, env.PG, keeper, ws, ids, func() error {
			w := ingest.NewSnapshotWriter(env.CH, 1000, time.Now())
			for _, s := range ss {
				if err := w.Add(ctx, s); err != nil {
					return err
				}
			}
			return w.Flush(ctx)
		}, record)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	some := func(n int, at time.Time) []ingest.Snapshot {
		var out []ingest.Snapshot
		for _, i := range r.Perm(36)[:n] {
			out = append(out, snap(videos[i], at, grow(videos[i], 100+r.IntN(5000))))
		}
		return out
	}
	steps := []struct {
		name string
		ss   []ingest.Snapshot
	}{
		{"a scrape of some videos", some(12, now.Add(-10*time.Minute))},
		{"a late scrape inside a gap", some(5, now.Add(-30*time.Hour))},
		{"a scrape before the previous window", some(3, now.AddDate(0, 0, -70))},
		{"a new video's first scrape", []ingest.Snapshot{snap(videos[37], now.Add(-20*time.Minute), grow(videos[37], 900))}},
		{"a dormant video's return", []ingest.Snapshot{snap(videos[3], now.Add(-5*time.Minute), grow(videos[3], 40_000))}},
		{"a scrape without views", []ingest.Snapshot{snap(videos[1], now.Add(-3*time.Minute), ingest.Metrics{Likes: u64(1)})}},
	}
	steps = append(steps, struct {
		name string
		ss   []ingest.Snapshot
	}{"the first scrape delivered again", steps[0].ss})
	for _, s := range steps {
		scrape(s.name, true, s.ss...)
		compare("after "+s.name, now)
	}

	// videos and an account leave the count; nothing of the slots changes
	exec(t, `UPDATE videos SET status = 'removed' WHERE id = $1`, videos[2])
	exec(t, `UPDATE videos SET status = 'beyond_limit' WHERE id = $1`, videos[5])
	exec(t, `UPDATE videos SET post_kind = 'repost' WHERE id = $1`, videos[6])
	exec(t, `UPDATE accounts SET status = 'removed' WHERE id = $1`, other)
	exec(t, `UPDATE videos SET tracked_individually = true WHERE id = $1`, videos[9])
	compare("after videos left the count", now)

	// an hour later: the next 24 h window's slot was kept across the scrapes
	later := now.Add(time.Hour)
	if !scalar[bool](t, `SELECT EXISTS (SELECT 1 FROM overview_slots WHERE workspace_id = $1 AND preset = '24h' AND start = $2)`,
		ws, query.WindowOf(query.Preset24h, later).Start) {
		t.Fatal("the next 24 h window's slot was not kept ahead")
	}
	if n, err := tracking.WriteOverviewSlots(ctx, env.PG, keeper, ws, later); err != nil || n != 1 {
		t.Fatalf("an hour later the step computed %d slots (%v); want the one after only", n, err)
	}
	compare("an hour later", later)

	// a completion that stops after writing its snapshots drops the slots
	scrape("a scrape that stops half way", false, some(4, later.Add(-2*time.Minute))...)
	if n := slots(); n != 0 {
		t.Fatalf("%d slots left after a completion stopped half way; want them dropped", n)
	}
	if _, err := tracking.WriteOverviewSlots(ctx, env.PG, keeper, ws, later); err != nil {
		t.Fatal(err)
	}
	compare("computed again", later)
	// a read of the slots that fails drops them; the scrape is recorded
	broken := failingKeeper{keeper}
	if err := tracking.WriteWithOverview(ctx, env.PG, broken, ws, []uuid.UUID{videos[4]}, func() error { return nil }, true); err != nil {
		t.Fatalf("a scrape whose slot read failed: %v; want it recorded", err)
	}
	if n := slots(); n != 0 {
		t.Fatalf("%d slots left after their read failed; want them dropped", n)
	}
	if _, err := tracking.WriteOverviewSlots(ctx, env.PG, keeper, ws, later); err != nil {
		t.Fatal(err)
	}
	// a scrape of more videos than a completion reads its part for drops them
	many := make([]uuid.UUID, 5001)
	for i := range many {
		many[i] = uuid.New()
	}
	if err := tracking.WriteWithOverview(ctx, env.PG, keeper, ws, many, func() error { return nil }, true); err != nil {
		t.Fatal(err)
	}
	if n := slots(); n != 0 {
		t.Fatalf("%d slots left after a scrape of 5,001 videos; want them dropped", n)
	}
	if _, err := tracking.WriteOverviewSlots(ctx, env.PG, keeper, ws, later); err != nil {
		t.Fatal(err)
	}
	// a holder finding a slot pending drops them all
	exec(t, `UPDATE overview_slots SET pending = true WHERE workspace_id = $1 AND preset = '7d'`, ws)
	scrape("a scrape after one that stopped", true, some(2, later.Add(-time.Minute))...)
	if n := slots(); n != 0 {
		t.Fatalf("%d slots left after one was found pending; want them dropped", n)
	}
}

// failingKeeper is a keeper whose reads of a scrape's videos fail, as a
// ClickHouse that stops answering.
type failingKeeper struct{ numbers.OverviewSlots }

func (failingKeeper) Sums(context.Context, uuid.UUID, []string, []time.Time, []uuid.UUID) ([][]byte, error) {
	return nil, errors.New("clickhouse went away")
}

// snapshotSlots copies ws's slot rows; the function it returns puts them back.
func snapshotSlots(t *testing.T, ctx context.Context, ws uuid.UUID) func() {
	t.Helper()
	type row struct {
		preset  string
		start   time.Time
		sums    []byte
		pending bool
		written time.Time
	}
	var rows []row
	rs, err := env.PG.Query(ctx, `SELECT preset, start, sums, pending, written_at FROM overview_slots WHERE workspace_id = $1`, ws)
	if err != nil {
		t.Fatal(err)
	}
	for rs.Next() {
		var x row
		if err := rs.Scan(&x.preset, &x.start, &x.sums, &x.pending, &x.written); err != nil {
			t.Fatal(err)
		}
		rows = append(rows, x)
	}
	if err := rs.Err(); err != nil {
		t.Fatal(err)
	}
	return func() {
		t.Helper()
		exec(t, `DELETE FROM overview_slots WHERE workspace_id = $1`, ws)
		for _, x := range rows {
			exec(t, `INSERT INTO overview_slots (workspace_id, preset, start, sums, pending, written_at) VALUES ($1, $2, $3, $4, $5, $6)`,
				ws, x.preset, x.start, x.sums, x.pending, x.written)
		}
	}
}
