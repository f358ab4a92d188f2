package tracking_test

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/command/tracking"
	"github.com/reeltrack/reeltrack/ingest"
	"github.com/reeltrack/reeltrack/internal/testenv"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/numbers"
)

// lostAnswer passes everything to ClickHouse, but reports its n-th insert
// as failed after ClickHouse took it: a connection that broke before the
// answer arrived.
type lostAnswer struct {
	driver.Conn
	n     int32
	sends atomic.Int32
}

func (c *lostAnswer) PrepareBatch(ctx context.Context, query string, opts ...driver.PrepareBatchOption) (driver.Batch, error) {
	b, err := c.Conn.PrepareBatch(ctx, query, opts...)
	if err != nil {
		return nil, err
	}
	return lostAnswerBatch{Batch: b, c: c}, nil
}

type lostAnswerBatch struct {
	driver.Batch
	c *lostAnswer
}

func (b lostAnswerBatch) Send() error {
	if err := b.Batch.Send(); err != nil {
		return err
	}
	if b.c.sends.Add(1) == b.c.n {
		return errors.New("connection reset before the insert's answer")
	}
	return nil
}

// TestClusterReplayedCompletionAddsNoRows writes a job's snapshots on the
// cluster (41 rows in 9 inserts of 5) through a connection that loses the
// answer of one insert, so the completion fails after that insert landed,
// and delivers the completion again. The retry writes the same rows in the
// same blocks, carrying the job's version, and the replicated tables drop
// every block they already hold: with merges stopped on every node, the
// raw (unmerged) rows of metric_snapshots and of every projection are those
// of one write, no replica gained a part, and the dashboard shows the
// job's numbers. Once the answer of the third insert is lost (the retry
// adds the six inserts that never happened), once that of the last (the
// retry writes the whole job again).
func TestClusterReplayedCompletionAddsNoRows(t *testing.T) {
	cl := env.Cluster(t)
	ldb := cl.LocalDatabase()
	tables := []string{"metric_snapshots", "entity_latest", "entity_hourly", "entity_daily", "video_age_hourly", "entity_daily_by_entity"}
	var local []string
	for _, table := range tables {
		local = append(local, ldb+"."+table)
	}
	cl.StopMerges(t, local...)
	for _, lost := range []int32{3, 9} {
		t.Run(fmt.Sprintf("answer of insert %d of 9 lost", lost), func(t *testing.T) {
			replayAddsNoRows(t, cl, tables, lost)
		})
	}
}

func replayAddsNoRows(t *testing.T, cl *testenv.Cluster, tables []string, lost int32) {
	ctx := context.Background()
	sim := testenv.ScraperSim(t, "-run-duration", "10ms", "-webhook-retries", "0", "-quirks=false")
	client := ingest.NewClient(ingest.ClientOptions{BaseURL: sim, Token: "sim-token", RetryWait: 10 * time.Millisecond, MaxWait: 50 * time.Millisecond})
	ws, _, job := seedAccountRefresh(t, client, "replay_"+uuid.NewString()[:8], 40)

	// rows counts every projection's and the raw table's rows of the
	// workspace, unmerged: a block written twice shows as twice the rows.
	rows := func() map[string]uint64 {
		out := map[string]uint64{}
		for _, table := range tables {
			var n uint64
			if err := env.CH.QueryRow(ctx, "SELECT count() FROM "+table+" WHERE workspace_id = ?", ws).Scan(&n); err != nil {
				t.Fatal(err)
			}
			out[table] = n
		}
		return out
	}
	// parts counts the active parts of every local table on every node,
	// once each shard's replicas hold the same rows.
	var local []string
	for _, table := range tables {
		local = append(local, cl.LocalDatabase()+"."+table)
	}
	parts := func() []uint64 {
		cl.WaitReplicasAgree(t, 30*time.Second, local...)
		var out []uint64
		for _, n := range cl.Nodes {
			var p uint64
			if err := cl.Conn(t, n.N).QueryRow(ctx, `SELECT count() FROM system.parts WHERE database = ? AND active`, cl.LocalDatabase()).Scan(&p); err != nil {
				t.Fatal(err)
			}
			out = append(out, p)
		}
		return out
	}

	conn := &lostAnswer{Conn: env.CH, n: lost}
	h := tracking.CompleteScrapeHandler{DB: env.PG, CH: conn, Provider: client, PageSize: 10, Batch: 5, Now: time.Now, Log: slog.New(slog.DiscardHandler)}
	if out, err := h.Handle(ctx, tracking.CompleteScrape{JobID: job}); err == nil || out.Status == "processed" {
		t.Fatalf("completion whose insert answer was lost: %+v, %v; want a failure", out, err)
	}
	first := rows()
	if sent := min(uint64(5*lost), 41); first["metric_snapshots"] != sent {
		t.Fatalf("%d snapshot rows after the failed delivery, want the %d of the inserts sent", first["metric_snapshots"], sent)
	}
	partsBefore := parts()

	out, err := h.Handle(ctx, tracking.CompleteScrape{JobID: job})
	if err != nil || out.Status != "processed" || out.Snapshots != 41 {
		t.Fatalf("retry: %+v, %v", out, err)
	}
	again := rows()
	if again["metric_snapshots"] != 41 {
		t.Errorf("%d raw snapshot rows after the retry, want 41: the retried inserts were not deduplicated", again["metric_snapshots"])
	}
	var keys uint64
	if err := env.CH.QueryRow(ctx, `SELECT uniqExact(entity_id, scraped_at) FROM metric_snapshots WHERE workspace_id = ?`, ws).Scan(&keys); err != nil {
		t.Fatal(err)
	}
	if keys != 41 {
		t.Errorf("%d snapshot keys after the retry, want 41", keys)
	}
	if lost == 9 {
		// every insert was written twice: nothing may have changed
		if !maps.Equal(first, again) {
			t.Errorf("unmerged rows per table: %v after the first write, %v after the whole job was written again", first, again)
		}
		if after := parts(); !slices.Equal(after, partsBefore) {
			t.Errorf("active parts per node: %v before the retry, %v after: a retried block was stored", partsBefore, after)
		}
	} else {
		// the projections hold one write's rows: as many as a clean write
		// of the same job gives, which the raw table's count bounds
		for _, table := range []string{"entity_hourly", "entity_daily"} {
			if again[table] != again["metric_snapshots"] {
				t.Errorf("%s holds %d unmerged rows for 41 snapshots: a retried block was written twice", table, again[table])
			}
		}
	}

	// The dashboard adds up the job's snapshots once, over the videos that
	// count: the profile lists a few posts by other authors, which the job
	// wrote but no list counts.
	videos, _ := env.PG.Query(ctx, `SELECT v.id FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
		WHERE v.workspace_id = $1 AND `+query.CountedVideoSQL, ws)
	counted, err := pgx.CollectRows(videos, pgx.RowTo[uuid.UUID])
	if err != nil || len(counted) == 0 || len(counted) > 40 {
		t.Fatalf("%d counted videos of the 40 written: %v", len(counted), err)
	}
	var snaps []struct {
		ID    uuid.UUID `ch:"entity_id"`
		Views uint64    `ch:"views"`
	}
	if err := env.CH.Select(ctx, &snaps, `SELECT entity_id, assumeNotNull(views) AS views FROM metric_snapshots FINAL WHERE workspace_id = ? AND entity_kind = 'video'`, ws); err != nil {
		t.Fatal(err)
	}
	var views uint64
	for _, s := range snaps {
		if slices.Contains(counted, s.ID) {
			views += s.Views
		}
	}
	page, err := numbers.VideosHandler{DB: env.PG, CH: env.CH, Now: time.Now}.Handle(ctx, ws, numbers.VideoQuery{Sort: numbers.SortViews, Limit: 100})
	if err != nil {
		t.Fatal(err)
	}
	var listed uint64
	for _, v := range page.Videos {
		if v.Metrics.Views != nil {
			listed += *v.Metrics.Views
		}
	}
	if page.Total != len(counted) || listed != views || views == 0 {
		t.Errorf("the videos list shows %d videos with %d views; the job wrote %d that count, with %d", page.Total, listed, len(counted), views)
	}
}
