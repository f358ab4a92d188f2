package ingest

import (
	"context"
	"fmt"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/ingest/normalize"
	"github.com/reeltrack/reeltrack/internal/platform"
)

// Metrics: nil means hidden or not provided, never 0.
type Metrics = normalize.Metrics

// Snapshot is one row of metric_snapshots.
type Snapshot struct {
	WorkspaceID uuid.UUID
	Platform    platform.Platform
	Kind        platform.Kind
	EntityID    uuid.UUID
	AccountID   uuid.UUID
	ScrapedAt   time.Time
	Metrics     Metrics
	Followers   *uint64
	JobID       uuid.UUID
	// PublishedAt is as the scrape reported it; zero when unknown.
	PublishedAt time.Time
}

const insertSnapshots = `INSERT INTO metric_snapshots (workspace_id, platform, entity_kind, entity_id, account_id,
	scraped_at, views, likes, comments, shares, saves, followers, job_id, version, published_at)`

// SnapshotWriter appends snapshots to ClickHouse in batches of Size rows; a
// retried completion adds none, as rows replace on merge and a replica drops
// a block identical to one it holds.
type SnapshotWriter struct {
	CH      driver.Conn
	Size    int
	version uint64
	rows    []Snapshot
}

// NewSnapshotWriter returns a writer whose rows carry version (ns): the job's
// creation, so a retry writes identical blocks and a later job wins merges.
func NewSnapshotWriter(ch driver.Conn, size int, version time.Time) *SnapshotWriter {
	if size <= 0 {
		size = 50_000
	}
	return &SnapshotWriter{CH: ch, Size: size, version: uint64(version.UnixNano())}
}

// Add queues a row and sends a batch when Size rows are queued.
func (w *SnapshotWriter) Add(ctx context.Context, s Snapshot) error {
	w.rows = append(w.rows, s)
	if len(w.rows) >= w.Size {
		return w.Flush(ctx)
	}
	return nil
}

// Flush sends the queued rows.
func (w *SnapshotWriter) Flush(ctx context.Context) error {
	if len(w.rows) == 0 {
		return nil
	}
	b, err := w.CH.PrepareBatch(ctx, insertSnapshots)
	if err != nil {
		return fmt.Errorf("prepare snapshot batch: %w", err)
	}
	defer b.Abort() //nolint:errcheck // after Send this is a no-op
	for _, s := range w.rows {
		m := s.Metrics
		// the column's "unknown" is the epoch, as on rows written before it existed
		published := time.Unix(0, 0).UTC()
		if !s.PublishedAt.IsZero() && s.PublishedAt.Unix() > 0 {
			published = s.PublishedAt.UTC()
		}
		if err := b.Append(s.WorkspaceID, string(s.Platform), string(s.Kind), s.EntityID, s.AccountID,
			s.ScrapedAt.UTC(), m.Views, m.Likes, m.Comments, m.Shares, m.Saves, s.Followers, s.JobID, w.version, published); err != nil {
			return fmt.Errorf("append snapshot: %w", err)
		}
	}
	if err := b.Send(); err != nil {
		return fmt.Errorf("send %d snapshots: %w", len(w.rows), err)
	}
	w.rows = w.rows[:0]
	return nil
}
