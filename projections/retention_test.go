package projections_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/projections"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
	"github.com/reeltrack/reeltrack/query/numbers"
	"github.com/reeltrack/reeltrack/schema"
)

// partitions lists the active partitions of metric_snapshots. On a cluster
// they are those of the shard-local tables: every node's, once each
// shard's replicas list the same (a drop reaches the second replica of a
// shard through replication, a moment later).
func partitions(t *testing.T, cl *testenv.Cluster) []string {
	t.Helper()
	if cl == nil {
		return partitionsOf(t, env.CH, env.CHOptions.Database)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		var all []string
		shards := map[int][]string{}
		agree := true
		for _, n := range cl.Nodes {
			got := partitionsOf(t, cl.Conn(t, n.N), cl.LocalDatabase())
			if prev, ok := shards[n.Shard]; ok && !slices.Equal(prev, got) {
				agree = false
			}
			shards[n.Shard] = got
			all = append(all, got...)
		}
		if agree {
			slices.Sort(all)
			return slices.Compact(all)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replicas of a shard list different partitions after 30s: %v", shards)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

func partitionsOf(t *testing.T, ch driver.Conn, db string) []string {
	t.Helper()
	rows, err := ch.Query(context.Background(), `SELECT DISTINCT partition_id FROM system.parts
		WHERE database = ? AND table = 'metric_snapshots' AND active ORDER BY partition_id`, db)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			t.Fatal(err)
		}
		out = append(out, id)
	}
	return out
}

// TestDropExpiredSnapshotsKeepsTheDashboard seeds a workspace with daily
// snapshots from June to November, drops what 90 days of retention lets go
// (June and July), and checks every dashboard answer is unchanged: those
// inside the window and the `all` chart, which reaches back to June from
// entity_daily.
func TestDropExpiredSnapshotsKeepsTheDashboard(t *testing.T) {
	if env.CHOptions.Cluster != "" {
		t.Skip("on a cluster: TestClusterDropExpiredSnapshotsKeepsTheDashboard")
	}
	dropExpiredKeepsTheDashboard(t, nil)
}

// TestClusterDropExpiredSnapshotsKeepsTheDashboard is
// TestDropExpiredSnapshotsKeepsTheDashboard on the cluster: the expired
// months are dropped ON CLUSTER from the shard-local tables, found in every
// shard's system.parts, and gone from every replica; the months inside the
// window stay on both replicas of the workspace's shard; every dashboard
// answer is unchanged; a rebuild refuses.
func TestClusterDropExpiredSnapshotsKeepsTheDashboard(t *testing.T) {
	dropExpiredKeepsTheDashboard(t, env.Cluster(t))
}

func dropExpiredKeepsTheDashboard(t *testing.T, cl *testenv.Cluster) {
	ctx := context.Background()
	now := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	account := env.Account(t, ws, testenv.AccountOptions{Status: domain.ItemActive})
	start := time.Date(2026, 6, 1, 12, 0, 0, 0, time.UTC)
	w := ingest.NewSnapshotWriter(env.CH, 1000, time.Now())
	videos := make([]uuid.UUID, 2)
	for i := range videos {
		videos[i] = env.Video(t, ws, testenv.VideoOptions{AccountID: account, Status: domain.ItemActive, PublishedAt: start.Add(-time.Duration(i+1) * time.Hour)})
	}
	for at := start; at.Before(now); at = at.Add(24 * time.Hour) {
		day := uint64(at.Sub(start) / (24 * time.Hour))
		followers := 1000 + 10*day
		if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Account, EntityID: account,
			ScrapedAt: at, Followers: &followers, JobID: uuid.New()}); err != nil {
			t.Fatal(err)
		}
		for i, v := range videos {
			views, likes := 100*day*uint64(i+1)+day*day, 3*day
			if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v, AccountID: account,
				ScrapedAt: at, Metrics: ingest.Metrics{Views: &views, Likes: &likes}, JobID: uuid.New(),
				PublishedAt: start.Add(-time.Duration(i+1) * time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}

	retention := 90 * 24 * time.Hour
	answers := func() map[string]string {
		readers := query.Readers{DB: env.PG, CH: env.CH, Now: clock, SnapshotRetention: retention}
		out := map[string]string{}
		put := func(key string, v any, err error) {
			if err != nil {
				t.Fatalf("%s: %v", key, err)
			}
			b, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			out[key] = string(b)
		}
		for _, p := range []query.Preset{query.Preset7d, query.Preset30d, query.Preset90d, query.PresetAll} {
			o, err := numbers.OverviewHandler{DB: env.PG, CH: env.CH, Now: clock}.Handle(ctx, ws, numbers.OverviewQuery{Window: p})
			put("overview "+string(p), o, err)
		}
		page, err := numbers.VideosHandler(readers).Handle(ctx, ws, numbers.VideoQuery{Sort: numbers.SortViews, Limit: 50})
		put("videos", page, err)
		for _, g := range []chread.Granularity{chread.Hourly, chread.Daily} {
			a, err := numbers.AccountAnalyticsHandler(readers).Handle(ctx, ws, account, numbers.AccountAnalyticsQuery{Granularity: g})
			put("account "+string(g), a, err)
		}
		for i, v := range videos {
			d, err := numbers.VideosHandler(readers).One(ctx, ws, v)
			put(fmt.Sprintf("video %d", i), d, err)
		}
		return out
	}
	before := answers()
	var all numbers.Overview
	if err := json.Unmarshal([]byte(before["overview all"]), &all); err != nil {
		t.Fatal(err)
	}
	if len(all.Series) == 0 || !all.Series[0].T.Before(time.Date(2026, 8, 1, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("the all chart does not reach back before the retention window: %+v", all.Series)
	}

	placement := schema.Placement{DB: env.CHOptions.Database, Cluster: env.CHOptions.Cluster, Node: store.NodeDialer(env.CHOptions)}
	dropped, err := projections.DropExpiredSnapshots(ctx, env.CH, placement, now, 90*24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(dropped, "202606") || !slices.Contains(dropped, "202607") {
		t.Errorf("dropped %v, want 202606 and 202607 among them", dropped)
	}
	left := partitions(t, cl)
	for _, id := range []string{"202606", "202607"} {
		if slices.Contains(left, id) {
			t.Errorf("partition %s is still there: %v", id, left)
		}
	}
	for _, id := range []string{"202608", "202609", "202610", "202611"} {
		if slices.Contains(dropped, id) || !slices.Contains(left, id) {
			t.Errorf("partition %s inside the window was dropped: dropped %v, left %v", id, dropped, left)
		}
	}
	var oldest time.Time
	if err := env.CH.QueryRow(ctx, `SELECT min(scraped_at) FROM metric_snapshots WHERE workspace_id = ?`, ws).Scan(&oldest); err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 8, 1, 12, 0, 0, 0, time.UTC); !oldest.Equal(want) {
		t.Errorf("oldest raw snapshot %v, want %v", oldest, want)
	}

	after := answers()
	for key, b := range before {
		if after[key] != b {
			t.Errorf("%s changed by the drop:\nbefore %s\nafter  %s", key, b, after[key])
		}
	}
	// Run again: nothing more to drop.
	if again, err := projections.DropExpiredSnapshots(ctx, env.CH, placement, now, 90*24*time.Hour); err != nil || len(again) != 0 {
		t.Errorf("second run dropped %v, %v; want nothing", again, err)
	}
	if none, err := projections.DropExpiredSnapshots(ctx, env.CH, placement, now.AddDate(5, 0, 0), 0); err != nil || none != nil {
		t.Errorf("retention 0 dropped %v, %v", none, err)
	}
	// A rebuild would erase the dropped months from the projections: it
	// refuses, and the answers stay as they were.
	if err := projections.Rebuild(ctx, env.CH, env.CHOptions.Cluster); !errors.Is(err, projections.ErrRawHistoryDropped) {
		t.Errorf("rebuild after a drop: %v, want a refusal", err)
	}
	refused := answers()
	for key, b := range before {
		if refused[key] != b {
			t.Errorf("%s changed by the refused rebuild", key)
		}
	}

	// A short retention: on 4 December, with 2 days kept, November has
	// expired, though the hourly charts' week reaches back into it. The
	// hours are read from the buckets then, not from the raw snapshots
	// about to be dropped, and the charts stay as they were.
	later := time.Date(2026, 12, 4, 12, 0, 0, 0, time.UTC)
	for at := now; at.Before(later); at = at.Add(time.Hour) {
		hour := uint64(at.Sub(now) / time.Hour)
		followers := 3000 + 2*hour
		if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Account, EntityID: account,
			ScrapedAt: at, Followers: &followers, JobID: uuid.New()}); err != nil {
			t.Fatal(err)
		}
		for i, v := range videos {
			views, likes := 50000+hour*hour*uint64(i+1), 900+hour
			if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: v, AccountID: account,
				ScrapedAt: at, Metrics: ingest.Metrics{Views: &views, Likes: &likes}, JobID: uuid.New(),
				PublishedAt: start.Add(-time.Duration(i+1) * time.Hour)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	now, retention = later, 48*time.Hour
	before = answers()
	if dropped, err := projections.DropExpiredSnapshots(ctx, env.CH, placement, now, retention); err != nil || !slices.Contains(dropped, "202611") {
		t.Fatalf("dropped %v, %v; want November among them", dropped, err)
	}
	after = answers()
	for key, b := range before {
		if after[key] != b {
			t.Errorf("%s changed by the drop of November:\nbefore %s\nafter  %s", key, b, after[key])
		}
	}
}

// recordingConn records the statements sent through it.
type recordingConn struct {
	driver.Conn
	sent []string
}

func (c *recordingConn) Query(ctx context.Context, sql string, args ...any) (driver.Rows, error) {
	c.sent = append(c.sent, sql)
	return c.Conn.Query(ctx, sql, args...)
}

func (c *recordingConn) QueryRow(ctx context.Context, sql string, args ...any) driver.Row {
	c.sent = append(c.sent, sql)
	return c.Conn.QueryRow(ctx, sql, args...)
}

func (c *recordingConn) Select(ctx context.Context, dest any, sql string, args ...any) error {
	c.sent = append(c.sent, sql)
	return c.Conn.Select(ctx, dest, sql, args...)
}

func (c *recordingConn) Exec(ctx context.Context, sql string, args ...any) error {
	c.sent = append(c.sent, sql)
	return c.Conn.Exec(ctx, sql, args...)
}

func (c *recordingConn) PrepareBatch(ctx context.Context, sql string, opts ...driver.PrepareBatchOption) (driver.Batch, error) {
	c.sent = append(c.sent, sql)
	return c.Conn.PrepareBatch(ctx, sql, opts...)
}

// TestRetentionReadsPartsNotSnapshots: the retention job finds the expired
// months in the list of parts and drops them whole; it reads no snapshot,
// so its memory, in Go and in ClickHouse, does not grow with the videos.
func TestRetentionReadsPartsNotSnapshots(t *testing.T) {
	ctx := context.Background()
	ws := env.Workspace(t, testenv.WorkspaceOptions{})
	w := ingest.NewSnapshotWriter(env.CH, 1000, time.Now())
	at := time.Date(2025, 1, 10, 12, 0, 0, 0, time.UTC)
	for i := range 20 {
		views := uint64(100 * i)
		if err := w.Add(ctx, ingest.Snapshot{WorkspaceID: ws, Platform: platform.TikTok, Kind: platform.Video, EntityID: uuid.New(),
			ScrapedAt: at.Add(time.Duration(i) * time.Hour), Metrics: ingest.Metrics{Views: &views}, JobID: uuid.New()}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	conn := &recordingConn{Conn: env.CH}
	placement := schema.Placement{DB: env.CHOptions.Database, Cluster: env.CHOptions.Cluster, Node: store.NodeDialer(env.CHOptions)}
	dropped, err := projections.DropExpiredSnapshots(ctx, conn, placement, time.Date(2025, 6, 1, 0, 0, 0, 0, time.UTC), 90*24*time.Hour)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(dropped, "202501") {
		t.Fatalf("dropped %v, want 202501 among them", dropped)
	}
	// The parts (and, on a cluster, the shards) come from system tables,
	// which name the table only as a string.
	for _, sql := range conn.sent {
		if strings.HasPrefix(sql, "ALTER TABLE ") && strings.Contains(sql, " DROP PARTITION ") {
			continue
		}
		if !strings.Contains(sql, "system.") || strings.Contains(strings.ReplaceAll(sql, "'metric_snapshots'", ""), "metric_snapshots") {
			t.Errorf("the retention sent a statement that is neither a read of a system table nor a partition's drop:\n%s", sql)
		}
	}
}
