package api_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/cmd/server/wiring"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
	querycollections "github.com/reeltrack/reeltrack/query/collections"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// The tests of this file run on the local ClickHouse cluster (make
// test-cluster), kill some of its servers with SIGKILL and start them
// again; they skip on one server.

// ledger is a connection to ClickHouse that records every snapshot row of
// an insert ClickHouse acknowledged, and runs a function before a given
// insert: what the service wrote, as it was told. The function runs while
// no other insert is under way, and none starts until it returns: a
// server killed then fails no insert in flight, whose rows might have
// reached it (and its ZooKeeper entry) without an answer.
type ledger struct {
	driver.Conn
	before  map[int32]func()
	inserts atomic.Int32
	failed  atomic.Int32 // inserts ClickHouse did not acknowledge
	lastErr atomic.Value // the error of the latest of them
	gate    sync.RWMutex // held for reading by every insert under way

	mu   sync.Mutex
	rows map[uuid.UUID]map[snapshotKey]rawSnapshot // by workspace
}

type snapshotKey struct {
	entity uuid.UUID
	at     time.Time
}

func newLedger(conn driver.Conn, before map[int32]func()) *ledger {
	return &ledger{Conn: conn, before: before, rows: map[uuid.UUID]map[snapshotKey]rawSnapshot{}}
}

func (l *ledger) PrepareBatch(ctx context.Context, q string, opts ...driver.PrepareBatchOption) (driver.Batch, error) {
	if f := l.before[l.inserts.Add(1)]; f != nil {
		l.gate.Lock()
		f()
		l.gate.Unlock()
	}
	l.gate.RLock()
	b, err := l.Conn.PrepareBatch(ctx, q, opts...)
	if err != nil {
		l.gate.RUnlock()
		return nil, err
	}
	return &ledgerBatch{Batch: b, l: l}, nil
}

type ledgerBatch struct {
	driver.Batch
	l    *ledger
	rows [][]any
	done sync.Once // the insert is over: sent, or given up
}

func (b *ledgerBatch) finish() { b.done.Do(b.l.gate.RUnlock) }

func (b *ledgerBatch) Abort() error {
	defer b.finish()
	return b.Batch.Abort()
}

// Append keeps the row as ingest.SnapshotWriter appends it: workspace,
// platform, kind, entity, account, scraped_at, views, likes, comments,
// shares, saves, followers, …
func (b *ledgerBatch) Append(v ...any) error {
	b.rows = append(b.rows, v)
	return b.Batch.Append(v...)
}

func (b *ledgerBatch) Send() error {
	defer b.finish()
	if err := b.Batch.Send(); err != nil {
		b.l.failed.Add(1)
		b.l.lastErr.Store(err.Error())
		return err
	}
	b.l.mu.Lock()
	defer b.l.mu.Unlock()
	for _, r := range b.rows {
		ws := r[0].(uuid.UUID)
		if b.l.rows[ws] == nil {
			b.l.rows[ws] = map[snapshotKey]rawSnapshot{}
		}
		s := rawSnapshot{at: r[5].(time.Time).UTC()}
		for m := range 6 {
			s.metrics[m] = r[6+m].(*uint64)
		}
		b.l.rows[ws][snapshotKey{r[3].(uuid.UUID), s.at}] = s
	}
	return nil
}

// written is what ClickHouse acknowledged for the workspace.
func (l *ledger) written(ws uuid.UUID) map[snapshotKey]rawSnapshot {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := map[snapshotKey]rawSnapshot{}
	for k, v := range l.rows[ws] {
		out[k] = v
	}
	return out
}

// newLedgerApp is a scraping app whose ClickHouse writes go through
// written, with one run (one completion, one insert) per account, and a
// clock that stops at the time stored in frozen while it holds one.
func newLedgerApp(t *testing.T, written *ledger, simFlags ...string) (*testApp, string, *atomic.Pointer[time.Time]) {
	t.Helper()
	frozen := &atomic.Pointer[time.Time]{}
	a, sim := newScrapingAppWith(t, func(d *wiring.Deps) {
		d.CH = written
		d.Config.ScraperMaxPerRun = 1
		d.Now = func() time.Time {
			if at := frozen.Load(); at != nil {
				return *at
			}
			return time.Now()
		}
	}, simFlags...)
	return a, sim, frozen
}

// bodies reads each route, which must answer 200, and keeps its body.
func bodies(t *testing.T, a *testApp, c *http.Cookie, routes []string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, r := range routes {
		out[r] = string(a.request("GET", r, nil, c).expect(t, 200).Body)
	}
	return out
}

// sameBodies reads each route of before again: each must answer 200 with
// the same body (when says in what state, for the messages).
func sameBodies(t *testing.T, a *testApp, c *http.Cookie, before map[string]string, when string) {
	t.Helper()
	for r, want := range before {
		if got := string(a.request("GET", r, nil, c).expect(t, 200).Body); got != want {
			t.Errorf("GET %s %s:\n%s\nbefore:\n%s", r, when, got, want)
		}
	}
}

// trackAccounts tracks n new TikTok accounts (handles prefix<i>_<random>)
// in one bulk request and waits until the workspace's n jobs, one per
// account, are processed.
func trackAccounts(t *testing.T, a *testApp, c *http.Cookie, ws uuid.UUID, prefix string, n int) {
	t.Helper()
	var urls []string
	for i := range n {
		urls = append(urls, fmt.Sprintf("https://www.tiktok.com/@%s%d_%s", prefix, i, uuid.NewString()[:6]))
	}
	a.request("POST", "/api/track/bulk", map[string]any{"urls": urls}, c).expect(t, 200)
	if got := waitJobsOfWorkspace(t, ws); got != n {
		t.Fatalf("%d jobs, want one per account (%d)", got, n)
	}
}

// workspaceOnShard signs a user up and bootstraps workspaces until one's
// rows go to shard s.
func workspaceOnShard(t *testing.T, a *testApp, cl *testenv.Cluster, s int) (*http.Cookie, uuid.UUID) {
	t.Helper()
	for range 40 {
		c := a.signUp(uniqueEmail("shard"))
		ws := a.bootstrap(c).Workspace.ID
		if cl.ShardOf(t, ws) == s {
			return c, ws
		}
	}
	t.Fatalf("no workspace on shard %d in 40 tries", s)
	return nil, uuid.Nil
}

// waitJobsOfWorkspace waits until every job of the workspace is processed.
func waitJobsOfWorkspace(t *testing.T, ws uuid.UUID) int {
	t.Helper()
	rows, err := env.PG.Query(context.Background(), `SELECT id::text FROM scrape_jobs WHERE workspace_id = $1`, ws)
	if err != nil {
		t.Fatal(err)
	}
	jobs, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	for _, j := range jobs {
		if got := waitJob(t, j); got != "processed" {
			t.Fatalf("job %s %s", j, got)
		}
	}
	return len(jobs)
}

// TestClusterReplicaKilledDuringIngestion kills one replica with SIGKILL
// while scrape completions write a workspace's snapshots on its shard
// (before the third of eight inserts, one per tracked account, with no
// insert under way and once its peer holds every part it took), then runs
// a refresh round of eight more with the replica down, reading the
// dashboard all along. Every completion is processed; the snapshots in ClickHouse are
// exactly those it acknowledged, each once; every read while the replica
// is down answers 200, and the videos list and every overview window agree
// with the raw snapshots; once the replica is started again it catches up:
// each shard's replicas hold the same rows in every local table. Once with
// node 3 killed (shard 2's first replica, the one the entry node's
// Distributed tables read and write there first), once node 2 (the entry
// node's own peer on shard 1).
func TestClusterReplicaKilledDuringIngestion(t *testing.T) {
	cl := env.Cluster(t)
	for _, node := range []int{3, 2} {
		t.Run(fmt.Sprintf("node %d", node), func(t *testing.T) { replicaKilledDuringIngestion(t, cl, node) })
	}
}

func replicaKilledDuringIngestion(t *testing.T, cl *testenv.Cluster, node int) {
	shard := cl.Nodes[node-1].Shard
	var peer int
	for _, n := range cl.Shard(shard) {
		if n.N != node {
			peer = n.N
		}
	}
	ldb := cl.LocalDatabase()
	local := []string{ldb + ".metric_snapshots", ldb + ".entity_latest", ldb + ".entity_hourly", ldb + ".entity_daily", ldb + ".video_age_hourly",
		ldb + ".entity_daily_by_entity"}
	var killed atomic.Bool
	var killErr atomic.Value
	kill := cl.KillLater(t, node)
	written := newLedger(env.CH, map[int32]func(){3: func() {
		// Replication is asynchronous: a part the replica took a moment
		// ago may not be on its peer yet, and would be out of reach until
		// the replica is back. The peer fetches everything first.
		if err := cl.SyncReplica(context.Background(), peer, local...); err != nil {
			killErr.Store(err)
		} else if err := kill(); err != nil {
			killErr.Store(err)
		}
		killed.Store(true)
	}})
	a, sim, frozen := newLedgerApp(t, written, "-speed", "3600")
	c, ws := workspaceOnShard(t, a, cl, shard)
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws)

	// Reads go on while the replica is down: each must answer 200.
	stopReads := make(chan struct{})
	var reads, failed atomic.Int32
	var firstFailure atomic.Value
	var readers sync.WaitGroup
	readers.Add(1)
	go func() {
		defer readers.Done()
		for {
			select {
			case <-stopReads:
				return
			case <-time.After(50 * time.Millisecond):
			}
			if !killed.Load() {
				continue
			}
			for _, path := range []string{"/api/overview?datePreset=7d", "/api/videos", "/api/accounts"} {
				res := a.request("GET", path, nil, c)
				reads.Add(1)
				if res.Status != 200 {
					failed.Add(1)
					firstFailure.CompareAndSwap(nil, fmt.Sprintf("GET %s: %d %s", path, res.Status, res.Body))
				}
			}
		}
	}()

	trackAccounts(t, a, c, ws, "replica", 8)
	if !killed.Load() || killErr.Load() != nil {
		t.Fatalf("the replica was not killed (%v): the test exercised no failure", killErr.Load())
	}
	// A refresh round with the replica down.
	moveSimClock(t, sim, time.Second)
	exec(t, `UPDATE accounts SET last_scraped_at = last_scraped_at - interval '2 days' WHERE workspace_id = $1`, ws)
	httpRequest(a, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200)
	if n := waitJobsOfWorkspace(t, ws); n != 16 {
		t.Fatalf("%d jobs after the refresh, want 16", n)
	}
	close(stopReads)
	readers.Wait()
	if failed.Load() > 0 || reads.Load() == 0 {
		t.Fatalf("%d of %d reads failed while node %d was down; first: %v", failed.Load(), reads.Load(), node, firstFailure.Load())
	}
	t.Logf("node %d down: %d reads answered 200; %d inserts, %d of them failed and were retried by the provider",
		node, reads.Load(), written.inserts.Load(), written.failed.Load())

	// The ledger: every acknowledged row is there, once, as written.
	checkLedger(t, written, ws, fmt.Sprintf("node %d down", node), 16*2)

	// The dashboard, read at the newest snapshot's time, agrees with the
	// raw snapshots while the replica is down.
	var newest time.Time
	if err := env.CH.QueryRow(context.Background(), `SELECT max(scraped_at) FROM metric_snapshots WHERE workspace_id = ?`, ws).Scan(&newest); err != nil {
		t.Fatal(err)
	}
	d, list, listed := dashboardAt(t, a, c, ws, frozen, newest.UTC().Add(time.Second))
	hist := d.history(t, "video")
	// a post the refresh found took the place of its account's oldest
	// video, which keeps its snapshots but is not counted
	// (nor is a post of another author its feed listed)
	rows, err := env.PG.Query(context.Background(), `SELECT id FROM videos WHERE workspace_id = $1
		AND (status = 'beyond_limit' OR post_kind NOT IN ('own', 'collab'))`, ws)
	if err != nil {
		t.Fatal(err)
	}
	beyond, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range beyond {
		delete(hist, id)
	}
	if list.Total < 8 || list.Total != len(list.Videos) || len(hist) != list.Total {
		t.Fatalf("%d videos listed of %d, %d with snapshots", len(list.Videos), list.Total, len(hist))
	}
	checkVideos(t, hist, list.Videos, d.at)
	for _, preset := range []string{"24h", "7d", "all"} {
		checkOverview(t, d, hist, url.Values{}, preset, listed, 8)
	}
	downAnswer := string(a.request("GET", "/api/overview?datePreset=30d", nil, c).expect(t, 200).Body)

	// The replica comes back and catches up with its peer.
	started := time.Now()
	cl.Start(t)
	cl.WaitReplicasAgree(t, 90*time.Second, local...)
	t.Logf("node %d caught up %s after its start", node, time.Since(started).Round(100*time.Millisecond))
	checkLedger(t, written, ws, fmt.Sprintf("node %d back", node), 16*2)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws)
	if upAnswer := string(a.request("GET", "/api/overview?datePreset=30d", nil, c).expect(t, 200).Body); upAnswer != downAnswer {
		t.Errorf("the overview changed when node %d came back:\ndown %s\nup   %s", node, downAnswer, upAnswer)
	}
}

// checkLedger compares the workspace's unmerged snapshot rows in ClickHouse
// with the rows its inserts acknowledged (written): every acknowledged row
// is there once, as written, no other row is, and there are at least least.
func checkLedger(t *testing.T, written *ledger, ws uuid.UUID, when string, least int) {
	t.Helper()
	want := written.written(ws)
	rows, err := env.CH.Query(context.Background(), `SELECT entity_id, scraped_at, views, likes, comments, shares, saves, followers
		FROM metric_snapshots WHERE workspace_id = ?`, ws)
	if err != nil {
		t.Fatalf("%s: %v", when, err)
	}
	defer rows.Close()
	got := 0
	for rows.Next() {
		var id uuid.UUID
		var s rawSnapshot
		if err := rows.Scan(&id, &s.at, &s.metrics[0], &s.metrics[1], &s.metrics[2], &s.metrics[3], &s.metrics[4], &s.metrics[5]); err != nil {
			t.Fatal(err)
		}
		got++
		w, ok := want[snapshotKey{id, s.at.UTC()}]
		if !ok {
			t.Errorf("%s: snapshot %s at %s was never acknowledged", when, id, s.at)
			continue
		}
		for m := range 6 {
			if !ptrEq(w.metrics[m], s.metrics[m]) {
				t.Errorf("%s: snapshot %s at %s metric %d is %s, %s was written", when, id, s.at, m, show(s.metrics[m]), show(w.metrics[m]))
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	if got != len(want) || got < least {
		t.Fatalf("%s: %d snapshot rows (unmerged) in ClickHouse, %d acknowledged", when, got, len(want))
	}
}

// TestClusterShardDownAnswers503 kills both replicas of the shard that
// holds a workspace's rows. Every dashboard route that needs ClickHouse
// answers the documented 503 (code unavailable, Retry-After), never
// numbers without that shard (skip_unavailable_shards is off); the routes
// that can answer from PostgreSQL do so, with metricsAvailable false and
// no figures; a snapshot written for the workspace fails as unavailable
// instead of being queued. Once the shard is started again every route
// answers 200 with the numbers it gave before.
func TestClusterShardDownAnswers503(t *testing.T) {
	cl := env.Cluster(t)
	var skip string
	if err := env.CH.QueryRow(context.Background(), `SELECT value FROM system.settings WHERE name = 'skip_unavailable_shards'`).Scan(&skip); err != nil {
		t.Fatal(err)
	}
	if skip != "0" {
		t.Fatalf("skip_unavailable_shards = %s for the service's session: a shard that is down would answer partial numbers", skip)
	}
	entry := cl.Nodes[0].Shard
	var d *dashboard
	for range 20 {
		if d = seedDashboard(t); cl.ShardOf(t, d.ws) != entry {
			break
		}
	}
	down := cl.ShardOf(t, d.ws)
	if down == entry {
		t.Fatal("no workspace off the entry node's shard in 20 tries")
	}
	video, account := d.videos["v1"], d.accounts["acc1"]
	routes := []string{
		"/api/videos", "/api/videos/" + video.String(), "/api/overview?datePreset=7d", "/api/overview?datePreset=all",
		"/api/accounts/" + account.String() + "/analytics", "/api/export?type=videos", "/api/export?type=accounts",
	}
	before := bodies(t, d.app, d.cookie, routes)
	var accounts numbers.AccountList
	d.get(t, "/api/accounts", nil, &accounts)
	if !accounts.MetricsAvailable {
		t.Fatal("accounts without metrics with every node up")
	}

	var nodes []int
	for _, n := range cl.Shard(down) {
		nodes = append(nodes, n.N)
	}
	cl.Kill(t, nodes...)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws) // nothing from the cache
	for _, r := range routes {
		expectUnavailable(t, fmt.Sprintf("GET %s with shard %d down", r, down), d.app.request("GET", r, nil, d.cookie))
	}
	var partial numbers.AccountList
	d.get(t, "/api/accounts", nil, &partial)
	if partial.MetricsAvailable || len(partial.Accounts) != len(accounts.Accounts) {
		t.Fatalf("accounts with shard %d down: %+v; want the accounts without metrics", down, partial)
	}
	for _, acc := range partial.Accounts {
		if acc.TotalViews != nil || acc.Followers != nil || acc.ViewsGained7d != nil {
			t.Errorf("account with shard %d down shows figures: %+v", down, acc)
		}
	}
	var collections querycollections.CollectionList
	d.get(t, "/api/collections", nil, &collections)
	if collections.MetricsAvailable || len(collections.Collections) != 1 || collections.Collections[0].Views != nil {
		t.Fatalf("collections with shard %d down: %+v", down, collections)
	}
	w := ingest.NewSnapshotWriter(env.CH, 10, time.Now())
	views := uint64(1)
	if err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: d.ws, Platform: platform.TikTok, Kind: platform.Video,
		EntityID: video, ScrapedAt: dashNow, Metrics: ingest.Metrics{Views: &views}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(context.Background()); err == nil || !store.Unavailable(err) {
		t.Fatalf("a snapshot written with shard %d down: %v; want an unavailable error", down, err)
	}

	cl.Start(t)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
	waitFor(t, fmt.Sprintf("the videos once shard %d is back", down), func() bool {
		return d.app.request("GET", "/api/videos?limit=7", nil, d.cookie).Status == 200
	})
	sameBodies(t, d.app, d.cookie, before, fmt.Sprintf("once shard %d is back", down))
	d.get(t, "/api/accounts", nil, &accounts)
	if !accounts.MetricsAvailable {
		t.Error("accounts without metrics once the shard is back")
	}
}

// TestClusterEntryNodeKilled gives the service two entry nodes
// (CLICKHOUSE_ADDR=node 1,node 3, tried in order) and kills the first.
// A request on a connection node 1 broke answers 503; within 10 s every
// dashboard route answers 200 again, through node 3, with
// the numbers it gave before, and a snapshot written for the workspace,
// whose rows are on node 1's shard, lands there (node 1's peer takes it).
// Once node 1 is started again it catches up with its peer.
func TestClusterEntryNodeKilled(t *testing.T) {
	cl := env.Cluster(t)
	o := env.CHOptions
	o.Addr = cl.Nodes[0].Addr + "," + cl.Shard(cl.Nodes[0].Shard%2 + 1)[0].Addr
	ch := openClickHouse(t, o)
	// a workspace on node 1's shard, whose writes node 1's peer must take
	var d *dashboard
	for range 20 {
		if d = seedDashboard(t, func(d *wiring.Deps) { d.CH = ch }); cl.ShardOf(t, d.ws) == cl.Nodes[0].Shard {
			break
		}
	}
	if cl.ShardOf(t, d.ws) != cl.Nodes[0].Shard {
		t.Fatal("no workspace on node 1's shard in 20 tries")
	}
	video, account := d.videos["v1"], d.accounts["acc1"]
	routes := []string{
		"/api/videos", "/api/videos/" + video.String(), "/api/overview?datePreset=7d", "/api/overview?datePreset=all",
		"/api/accounts/" + account.String() + "/analytics", "/api/accounts", "/api/export?type=videos",
	}
	before := bodies(t, d.app, d.cookie, routes)

	cl.Kill(t, 1)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, d.ws)
	failures := 0
	waitFor(t, "the videos through the second entry node", func() bool {
		res := d.app.request("GET", "/api/videos?limit=3", nil, d.cookie)
		if res.Status == 200 {
			return true
		}
		expectUnavailable(t, "GET /api/videos as node 1 goes", res)
		failures++
		return false
	})
	t.Logf("node 1 killed: %d requests answered 503 before the service answered through node 3", failures)
	// every route comes back with its numbers: a route read while the
	// pool was still giving up on node 1 may have answered without them
	// (a partial answer, never kept), so each is asked again until it
	// gives the numbers it gave before, or the bound passes
	deadline := time.Now().Add(60 * time.Second)
	for r, want := range before {
		for {
			got := string(d.app.request("GET", r, nil, d.cookie).expect(t, 200).Body)
			if got == want {
				break
			}
			if time.Now().After(deadline) {
				t.Errorf("GET %s with node 1 down:\n%s\nbefore:\n%s", r, got, want)
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	w := ingest.NewSnapshotWriter(ch, 10, time.Now())
	views := uint64(5_000_000)
	if err := w.Add(context.Background(), ingest.Snapshot{WorkspaceID: d.ws, Platform: platform.TikTok, Kind: platform.Video,
		EntityID: video, AccountID: account, ScrapedAt: dashNow.Add(-time.Minute), Metrics: ingest.Metrics{Views: &views}}); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(context.Background()); err != nil {
		t.Fatalf("a snapshot written with node 1 down: %v", err)
	}
	var got uint64
	if err := ch.QueryRow(context.Background(), `SELECT count() FROM metric_snapshots WHERE workspace_id = ? AND views = ?`, d.ws, views).Scan(&got); err != nil || got != 1 {
		t.Fatalf("the snapshot written with node 1 down: %d rows, %v", got, err)
	}

	cl.Start(t)
	ldb := cl.LocalDatabase()
	cl.WaitReplicasAgree(t, 90*time.Second, ldb+".metric_snapshots", ldb+".entity_latest", ldb+".entity_hourly",
		ldb+".entity_daily", ldb+".video_age_hourly", ldb+".entity_daily_by_entity")
}

// TestClusterZooKeeperDown kills the cluster's ZooKeeper (SIGKILL) after a
// workspace's first scrapes, then runs a refresh round. Without ZooKeeper
// the replicated tables take no insert: every completion is refused with a
// 5xx, so the provider delivers it again, and nothing of it is written.
// Reads need no ZooKeeper: every dashboard route answers 200 with the
// numbers it gave before. Once ZooKeeper is started again the provider's
// next deliveries are processed, each snapshot lands exactly once, and each
// shard's replicas hold the same rows.
func TestClusterZooKeeperDown(t *testing.T) {
	cl := env.Cluster(t)
	written := newLedger(env.CH, nil)
	a, sim, frozen := newLedgerApp(t, written, "-speed", "3600", "-webhook-retries", "30")
	c := a.signUp(uniqueEmail("zookeeper"))
	ws := a.bootstrap(c).Workspace.ID
	exec(t, `UPDATE workspaces SET plan = 'agency', video_limit = 5000 WHERE id = $1`, ws)
	trackAccounts(t, a, c, ws, "keeper", 4)
	routes := []string{"/api/videos", "/api/overview?datePreset=7d", "/api/overview?datePreset=all", "/api/accounts", "/api/export?type=videos"}
	at := time.Now()
	frozen.Store(&at) // the same windows before and during the outage
	before := bodies(t, a, c, routes)
	rowsBefore := len(written.written(ws))

	cl.KillZooKeeper(t)
	exec(t, `UPDATE workspaces SET data_version = data_version + 1 WHERE id = $1`, ws) // nothing from the cache
	sameBodies(t, a, c, before, "with ZooKeeper down")
	frozen.Store(nil)
	// A refresh round: its completions cannot be written.
	moveSimClock(t, sim, time.Second)
	exec(t, `UPDATE accounts SET last_scraped_at = last_scraped_at - interval '2 days' WHERE workspace_id = $1`, ws)
	httpRequest(a, "GET", "/api/cron/refresh", "Bearer "+cronSecret).expect(t, 200)
	deadline := time.Now().Add(60 * time.Second)
	for written.failed.Load() < 2 {
		if time.Now().After(deadline) {
			t.Fatalf("no refused insert 60 s after the refresh with ZooKeeper down (%d inserts)", written.inserts.Load())
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Logf("ZooKeeper down: an insert failed with %v", written.lastErr.Load())
	var processed int
	if err := env.PG.QueryRow(context.Background(), `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1 AND status = 'processed'`, ws).Scan(&processed); err != nil {
		t.Fatal(err)
	}
	if processed != 4 || len(written.written(ws)) != rowsBefore {
		t.Fatalf("with ZooKeeper down: %d jobs processed (want the first 4), %d rows acknowledged (want %d)", processed, len(written.written(ws)), rowsBefore)
	}
	checkLedger(t, written, ws, "ZooKeeper down", rowsBefore)

	started := time.Now()
	cl.Start(t)
	deadline = time.Now().Add(120 * time.Second)
	for {
		if err := env.PG.QueryRow(context.Background(), `SELECT count(*) FROM scrape_jobs WHERE workspace_id = $1 AND status = 'processed'`, ws).Scan(&processed); err != nil {
			t.Fatal(err)
		}
		if processed == 8 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d of 8 jobs processed 120 s after ZooKeeper was started again", processed)
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Logf("ZooKeeper back: the refresh round was processed %s after its start; %d inserts, %d refused",
		time.Since(started).Round(100*time.Millisecond), written.inserts.Load(), written.failed.Load())
	checkLedger(t, written, ws, "ZooKeeper back", rowsBefore+4)
	ldb := cl.LocalDatabase()
	cl.WaitReplicasAgree(t, 90*time.Second, ldb+".metric_snapshots", ldb+".entity_latest", ldb+".entity_hourly",
		ldb+".entity_daily", ldb+".video_age_hourly", ldb+".entity_daily_by_entity")
}
