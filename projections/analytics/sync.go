// Package analytics keeps the analytics database's dimension tables in step
// with PostgreSQL and rebuilds the whole analytics database; its metric
// tables are filled by materialized views (schema/clickhouse/0007, 0008).
//
// PostgreSQL stamps each changed dimension row with its transaction id and
// records deletes (schema/postgres/0014, 0015); Sync copies rows stamped
// since its watermark with a higher version for the ReplacingMergeTree. It
// runs on its own ticker, never inside a user's write, so writes go on with
// ClickHouse down and the next run catches up. It imports no project package.
package analytics

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/schema"
)

// Dimensions are the dimension tables, each <name>_rows read through the
// view <name>.
var Dimensions = []string{"workspaces", "collections", "accounts", "videos", "alert_rules", "alert_events", "video_insights", "watches", "captures", "watch_runs"}

// MetricTables are filled from metric_snapshots by views named <table>_mv.
var MetricTables = []string{"metric_latest_rows", "metric_hourly_rows", "metric_daily_rows"}

// deletionsKept is how long a delete is remembered after the sync copied it.
const deletionsKept = 7 * 24 * time.Hour

// Synced is what one run did.
type Synced struct {
	// Skipped: another process held the sync lock; this run did nothing.
	Skipped bool
	// Rows copied per dimension, deletes included.
	Rows map[string]int
}

type column struct {
	name    string
	convert func(any) any
}

type dimension struct {
	name    string
	columns []column
	// query selects the rows stamped at or after $1; with softDelete, a last
	// column says whether a mark deleted the row (it stays in PostgreSQL).
	query      string
	softDelete bool
}

func plain(v any) any { return v }

func id(v any) any {
	switch b := v.(type) {
	case [16]byte:
		return uuid.UUID(b)
	case nil:
		return uuid.Nil
	}
	return v
}

func nullableID(v any) any {
	if v == nil {
		return (*uuid.UUID)(nil)
	}
	u := id(v).(uuid.UUID)
	return &u
}

func text(v any) any {
	if v == nil {
		return ""
	}
	return v
}

func number(v any) any {
	switch n := v.(type) {
	case int32:
		return uint32(n)
	case int64:
		return uint32(n)
	}
	return uint32(0)
}

func nullableNumber(v any) any {
	if v == nil {
		return (*uint32)(nil)
	}
	n := number(v).(uint32)
	return &n
}

func nullableBigint(v any) any {
	if n, ok := v.(int64); ok {
		return &n
	}
	return (*int64)(nil)
}

func bigint(v any) any {
	if n, ok := v.(int64); ok {
		return n
	}
	return int64(0)
}

func float(v any) any {
	if f, ok := v.(float64); ok {
		return f
	}
	return float64(0)
}

func nullableFloat(v any) any {
	if f, ok := v.(float64); ok {
		return &f
	}
	return (*float64)(nil)
}

// ids is a PostgreSQL uuid[] as ClickHouse's Array(UUID); NULL is empty.
func ids(v any) any {
	out := []uuid.UUID{}
	if a, ok := v.([]any); ok {
		for _, x := range a {
			out = append(out, id(x).(uuid.UUID))
		}
	}
	return out
}

// texts is a PostgreSQL text[] as ClickHouse's Array(String); NULL is empty.
func texts(v any) any {
	out := []string{}
	if a, ok := v.([]any); ok {
		for _, x := range a {
			out = append(out, text(x).(string))
		}
	}
	return out
}

func nullableText(v any) any {
	if s, ok := v.(string); ok {
		return &s
	}
	return (*string)(nil)
}

func flag(v any) any {
	if b, _ := v.(bool); b {
		return uint8(1)
	}
	return uint8(0)
}

func nullableFlag(v any) any {
	if v == nil {
		return (*uint8)(nil)
	}
	f := flag(v).(uint8)
	return &f
}

func at(v any) any {
	if t, ok := v.(time.Time); ok {
		return t.UTC()
	}
	return time.Unix(0, 0).UTC()
}

func nullableAt(v any) any {
	if t, ok := v.(time.Time); ok {
		t = t.UTC()
		return &t
	}
	return (*time.Time)(nil)
}

var dimensions = []dimension{
	{
		name: "workspaces",
		columns: []column{
			{"workspace_id", id}, {"name", text}, {"plan", text}, {"video_limit", number}, {"seat_limit", number},
			{"has_access", flag}, {"trial_ends_at", nullableAt}, {"subscription_status", text}, {"founding", flag},
			{"created_at", at}, {"competitors_of", nullableID},
		},
		query: `SELECT id, name, plan, video_limit, seat_limit, has_access, trial_ends_at, subscription_status, founding, created_at, competitors_of
			FROM workspaces WHERE analytics_txid >= $1`,
	},
	{
		// A collection deleted while it was a campaign keeps its row, with
		// deleted_at set, to name the campaign's ledger.
		name:       "collections",
		columns:    []column{{"workspace_id", id}, {"collection_id", id}, {"name", text}, {"created_at", at}},
		query:      `SELECT workspace_id, id, name, created_at, deleted_at IS NOT NULL FROM collections WHERE analytics_txid >= $1`,
		softDelete: true,
	},
	{
		name: "accounts",
		columns: []column{
			{"workspace_id", id}, {"account_id", id}, {"platform", plain}, {"handle", text}, {"display_name", text},
			{"url", text}, {"platform_account_id", text}, {"collection_id", nullableID}, {"status", text},
			{"status_reason", text}, {"tracking_limit", number}, {"last_scraped_at", nullableAt}, {"created_at", at},
		},
		query: `SELECT workspace_id, id, platform, handle, display_name, url, platform_account_id, collection_id, status,
				status_reason, tracking_limit, last_scraped_at, created_at
			FROM accounts WHERE analytics_txid >= $1`,
	},
	{
		// A video found through an account belongs to the account's
		// collection, so it is copied again when its account changes.
		name: "videos",
		columns: []column{
			{"workspace_id", id}, {"video_id", id}, {"platform", plain}, {"platform_video_id", text}, {"url", text},
			{"caption", text}, {"account_id", nullableID}, {"account_handle", text}, {"collection_id", nullableID},
			{"published_at", nullableAt}, {"is_shop", nullableFlag}, {"tracked_individually", flag}, {"status", text},
			{"status_reason", text}, {"last_scraped_at", nullableAt}, {"created_at", at},
			{"post_kind", text}, {"related_handle", text}, {"published_source", text},
		},
		query: `SELECT v.workspace_id, v.id, v.platform, v.platform_video_id, v.url, v.caption, v.account_id,
				v.account_handle, coalesce(v.collection_id, a.collection_id), v.published_at, v.is_shop,
				v.tracked_individually, v.status, v.status_reason, v.last_scraped_at, v.created_at,
				v.post_kind, v.related_handle, coalesce(v.published_source, '')
			FROM videos v LEFT JOIN accounts a ON a.id = v.account_id
			WHERE v.id IN (
				SELECT id FROM videos WHERE analytics_txid >= $1
				UNION
				SELECT vv.id FROM videos vv JOIN accounts aa ON aa.id = vv.account_id WHERE aa.analytics_txid >= $1)`,
	},
	{
		// The spike rules: the other events' rules have no metric or
		// condition, and a rule's event type never changes.
		name: "alert_rules",
		columns: []column{
			{"workspace_id", id}, {"rule_id", id}, {"name", text}, {"metric", text}, {"condition", text},
			{"threshold", float}, {"window_hours", number}, {"min_start_value", bigint}, {"cooldown_hours", number},
			{"enabled", flag}, {"collection_id", nullableID}, {"platform", nullableText}, {"created_at", at}, {"updated_at", at},
		},
		query: `SELECT workspace_id, id, name, metric, condition, threshold, window_hours, min_start_value, cooldown_hours,
				enabled, collection_id, platform, created_at, updated_at
			FROM alert_rules WHERE analytics_txid >= $1 AND event_type = 'video.spike'`,
	},
	{
		// An event carries its rule's name, so the events of a rule are
		// copied again when the rule changes.
		name: "alert_events",
		columns: []column{
			{"workspace_id", id}, {"event_id", id}, {"rule_id", id}, {"rule_name", text}, {"video_id", id},
			{"metric", text}, {"triggered_at", at}, {"window_start", at}, {"window_end", at}, {"start_value", bigint},
			{"end_value", bigint}, {"gain", bigint}, {"growth_pct", nullableFloat}, {"baseline", nullableFloat},
		},
		query: `SELECT e.workspace_id, e.id, e.rule_id, r.name, e.video_id, e.metric, e.triggered_at, e.window_start,
				e.window_end, e.start_value, e.end_value, e.gain, e.growth_pct, e.baseline
			FROM alert_events e JOIN alert_rules r ON r.id = e.rule_id
			WHERE e.id IN (
				SELECT id FROM alert_events WHERE analytics_txid >= $1
				UNION
				SELECT ee.id FROM alert_events ee JOIN alert_rules rr ON rr.id = ee.rule_id WHERE rr.analytics_txid >= $1)`,
	},
	{
		name: "video_insights",
		columns: []column{
			{"workspace_id", id}, {"video_id", id}, {"outlier_state", text}, {"outlier_age_hours", nullableNumber},
			{"outlier_views", nullableBigint}, {"outlier_median", nullableFloat}, {"outlier_multiplier", nullableFloat},
			{"outlier_percentile", nullableNumber}, {"outlier_baseline", nullableNumber}, {"forecast_state", text},
			{"forecast_views_7d", nullableBigint}, {"forecast_views_7d_low", nullableBigint}, {"forecast_views_7d_high", nullableBigint},
			{"forecast_views_30d", nullableBigint}, {"forecast_views_30d_low", nullableBigint}, {"forecast_views_30d_high", nullableBigint},
			{"computed_at", at},
		},
		query: `SELECT workspace_id, video_id, outlier_state, outlier_age_hours, outlier_views, outlier_median, outlier_multiplier,
				outlier_percentile, outlier_baseline, forecast_state, forecast_7d, forecast_7d_low, forecast_7d_high,
				forecast_30d, forecast_30d_low, forecast_30d_high, computed_at
			FROM video_insights WHERE analytics_txid >= $1`,
	},
	{
		name: "watches",
		columns: []column{
			{"workspace_id", id}, {"watch_id", id}, {"platform", text}, {"kind", text}, {"term", text}, {"results", number},
			{"interval_hours", number}, {"status", text}, {"auto_tracked", flag}, {"auto_creators", flag},
			{"last_run_at", nullableAt}, {"found", number}, {"created_at", at},
		},
		query: `SELECT workspace_id, id, platform, kind, term, results, interval_hours, status, auto_tracked, auto_creators,
				last_run_at, found, created_at
			FROM watches WHERE analytics_txid >= $1`,
	},
	{
		// A post carries the watches that found it and why: a watch's
		// first match of a post already found changes the post's row too
		// (its last sighting), so the post is copied again.
		name: "captures",
		columns: []column{
			{"workspace_id", id}, {"capture_id", id}, {"platform", text}, {"platform_post_id", text}, {"url", text},
			{"author_handle", text}, {"caption", text}, {"published_at", nullableAt}, {"views", nullableBigint},
			{"likes", nullableBigint}, {"comments", nullableBigint}, {"sound_id", text}, {"sound_name", text},
			{"status", text}, {"video_id", nullableID}, {"auto", flag}, {"first_seen_at", at}, {"last_seen_at", at},
			{"watch_ids", ids}, {"reasons", texts},
		},
		query: `SELECT c.workspace_id, c.id, c.platform, c.platform_post_id, c.url, c.author_handle, c.caption, c.published_at,
				c.views, c.likes, c.comments, c.sound_id, c.sound_name, c.status, c.video_id, c.auto, c.first_seen_at, c.last_seen_at,
				array(SELECT m.watch_id FROM capture_matches m WHERE m.workspace_id = c.workspace_id AND m.capture_id = c.id ORDER BY m.matched_at, m.watch_id),
				array(SELECT m.reason FROM capture_matches m WHERE m.workspace_id = c.workspace_id AND m.capture_id = c.id ORDER BY m.matched_at, m.watch_id)
			FROM captures c WHERE c.analytics_txid >= $1`,
	},
	{
		name: "watch_runs",
		columns: []column{
			{"workspace_id", id}, {"run_id", id}, {"watch_id", id}, {"ran_at", at}, {"listed", number}, {"new_posts", number},
			{"posts", number}, {"views", bigint}, {"platform_views", nullableBigint},
		},
		query: `SELECT workspace_id, id, watch_id, ran_at, listed, new_posts, posts, views, platform_views
			FROM watch_runs WHERE analytics_txid >= $1`,
	},
}

func lockKey(db string) int64 {
	h := fnv.New64a()
	h.Write([]byte("reeltrack-analytics-sync:" + db))
	return int64(h.Sum64())
}

// Sync copies the dimension rows changed since its last run into the
// analytics database db; with another process syncing it returns Skipped.
func Sync(ctx context.Context, pg *pgxpool.Pool, ch driver.Conn, db string) (Synced, error) {
	conn, err := pg.Acquire(ctx)
	if err != nil {
		return Synced{}, fmt.Errorf("analytics sync: %w", err)
	}
	defer conn.Release()
	var locked bool
	if err := conn.QueryRow(ctx, `SELECT pg_try_advisory_lock($1)`, lockKey(db)).Scan(&locked); err != nil {
		return Synced{}, fmt.Errorf("analytics sync: take lock: %w", err)
	}
	if !locked {
		return Synced{Skipped: true}, nil
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, lockKey(db)) //nolint:errcheck // the session ends the lock anyway
	return copyChanged(ctx, conn.Conn(), ch, db, false)
}

// RebuildDimensions empties the dimension tables and copies every row again.
func RebuildDimensions(ctx context.Context, pg *pgxpool.Pool, ch driver.Conn, db, cluster string) (Synced, error) {
	conn, err := pg.Acquire(ctx)
	if err != nil {
		return Synced{}, fmt.Errorf("analytics rebuild: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, `SELECT pg_advisory_lock($1)`, lockKey(db)); err != nil {
		return Synced{}, fmt.Errorf("analytics rebuild: take lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, lockKey(db)) //nolint:errcheck // the session ends the lock anyway
	p := schema.Placement{DB: db, Cluster: cluster}
	for _, d := range Dimensions {
		if err := ch.Exec(ctx, p.Truncate(d+"_rows")); err != nil {
			return Synced{}, fmt.Errorf("analytics rebuild: truncate %s: %w", d, err)
		}
	}
	return copyChanged(ctx, conn.Conn(), ch, db, true)
}

// Rebuild recomputes the whole analytics database db: each metric table
// truncated and refilled with its view's own SELECT, then the dimensions.
func Rebuild(ctx context.Context, pg *pgxpool.Pool, ch driver.Conn, db, cluster string) error {
	p := schema.Placement{DB: db, Cluster: cluster}
	for _, table := range MetricTables {
		if err := p.Refill(ctx, ch, table); err != nil {
			return err
		}
	}
	_, err := RebuildDimensions(ctx, pg, ch, db, cluster)
	return err
}

// copyChanged copies, in one PostgreSQL snapshot, the rows stamped at or
// after the watermark (or all), then moves the watermark to the snapshot's xmin.
func copyChanged(ctx context.Context, conn *pgx.Conn, ch driver.Conn, db string, all bool) (Synced, error) {
	out := Synced{Rows: map[string]int{}}
	tx, err := conn.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return out, fmt.Errorf("analytics sync: %w", err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx)) //nolint:errcheck // read only

	var xmin, watermark, last int64
	if err := tx.QueryRow(ctx, `SELECT txid_snapshot_xmin(txid_current_snapshot())`).Scan(&xmin); err != nil {
		return out, fmt.Errorf("analytics sync: read snapshot: %w", err)
	}
	err = tx.QueryRow(ctx, `SELECT watermark, version FROM analytics_sync WHERE database = $1`, db).Scan(&watermark, &last)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return out, fmt.Errorf("analytics sync: read watermark: %w", err)
	}
	if all {
		watermark = 0
	} else if watermark > 0 {
		var copied uint64
		if err := ch.QueryRow(ctx, "SELECT count() FROM "+db+".workspaces_rows").Scan(&copied); err != nil {
			return out, fmt.Errorf("analytics sync: count copied workspaces: %w", err)
		}
		if copied == 0 {
			var any bool
			if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM workspaces)`).Scan(&any); err != nil {
				return out, fmt.Errorf("analytics sync: %w", err)
			}
			if any {
				watermark = 0
			}
		}
	}
	version := time.Now().UnixNano()
	if version <= last {
		version = last + 1
	}
	now := time.Now().UTC().Truncate(time.Second)

	for _, d := range dimensions {
		n, err := copyDimension(ctx, tx, ch, db, d, watermark, uint64(version), now)
		if err != nil {
			return out, err
		}
		out.Rows[d.name] += n
	}
	n, err := copyDeletions(ctx, tx, ch, db, watermark, uint64(version), now)
	if err != nil {
		return out, err
	}
	for k, v := range n {
		out.Rows[k] += v
	}
	if err := tx.Commit(ctx); err != nil {
		return out, fmt.Errorf("analytics sync: %w", err)
	}
	_, err = conn.Exec(ctx, `INSERT INTO analytics_sync (database, watermark, version, synced_at) VALUES ($1, $2, $3, now())
		ON CONFLICT (database) DO UPDATE SET watermark = excluded.watermark, version = excluded.version, synced_at = excluded.synced_at`,
		db, xmin, version)
	if err != nil {
		return out, fmt.Errorf("analytics sync: record watermark: %w", err)
	}
	_, err = conn.Exec(ctx, `DELETE FROM analytics_deletions WHERE analytics_txid < $1 AND deleted_at < now() - $2::interval`,
		xmin, fmt.Sprintf("%d seconds", int(deletionsKept.Seconds())))
	if err != nil {
		return out, fmt.Errorf("analytics sync: prune deletions: %w", err)
	}
	return out, nil
}

func copyDimension(ctx context.Context, tx pgx.Tx, ch driver.Conn, db string, d dimension, watermark int64, version uint64, now time.Time) (int, error) {
	rows, err := tx.Query(ctx, d.query, watermark)
	if err != nil {
		return 0, fmt.Errorf("analytics sync: read %s: %w", d.name, err)
	}
	defer rows.Close()
	w := inserter{ch: ch, db: db, d: d, what: "copy " + d.name}
	defer w.abort()
	row := make([]any, 0, len(d.columns)+3)
	n := 0
	for rows.Next() {
		vals, err := rows.Values()
		if err != nil {
			return n, fmt.Errorf("analytics sync: read %s: %w", d.name, err)
		}
		row = row[:0]
		for i, c := range d.columns {
			row = append(row, c.convert(vals[i]))
		}
		deleted := uint8(0)
		if d.softDelete {
			deleted = flag(vals[len(d.columns)]).(uint8)
		}
		row = append(row, version, deleted, now)
		if err := w.append(ctx, row); err != nil {
			return n, err
		}
		n++
	}
	if err := rows.Err(); err != nil {
		return n, fmt.Errorf("analytics sync: read %s: %w", d.name, err)
	}
	return n, w.send()
}

// batchRows is the most rows one INSERT into the analytics database
// carries. The rows are read from PostgreSQL as they come and sent in
// INSERTs of this size, so a copy holds one batch in memory however many
// rows changed (a rebuild, or a first sync, copies every video). ClickHouse
// writes a part per INSERT: a copy of a million rows makes 50.
var batchRows = 20_000

// inserter appends the rows of one dimension table to INSERTs of at most
// batchRows rows, each sent when it is full.
type inserter struct {
	ch    driver.Conn
	db    string
	d     dimension
	what  string // the step, for errors: "copy videos"
	batch driver.Batch
	rows  int
}

func (w *inserter) append(ctx context.Context, row []any) error {
	if w.batch == nil {
		b, err := prepare(ctx, w.ch, w.db, w.d)
		if err != nil {
			return err
		}
		w.batch = b
	}
	if err := w.batch.Append(row...); err != nil {
		return fmt.Errorf("analytics sync: %s: %w", w.what, err)
	}
	w.rows++
	if w.rows >= batchRows {
		return w.send()
	}
	return nil
}

// send sends the rows appended since the last INSERT, if any.
func (w *inserter) send() error {
	b := w.batch
	if b == nil {
		return nil
	}
	w.batch, w.rows = nil, 0
	if err := b.Send(); err != nil {
		return fmt.Errorf("analytics sync: %s: %w", w.what, err)
	}
	return nil
}

// abort drops a batch an error left unsent, and the connection it holds.
func (w *inserter) abort() {
	if w.batch != nil {
		_ = w.batch.Abort()
		w.batch = nil
	}
}

func prepare(ctx context.Context, ch driver.Conn, db string, d dimension) (driver.Batch, error) {
	names := make([]string, 0, len(d.columns)+3)
	for _, c := range d.columns {
		names = append(names, c.name)
	}
	names = append(names, "version", "deleted", "synced_at")
	b, err := ch.PrepareBatch(ctx, "INSERT INTO "+db+"."+d.name+"_rows ("+strings.Join(names, ", ")+")")
	if err != nil {
		return nil, fmt.Errorf("analytics sync: copy %s: %w", d.name, err)
	}
	return b, nil
}

// copyDeletions writes a keys-only deleted row for every delete since the
// watermark. The deletes are read in the order of their kind, each kind's
// rows sent in batches before the next kind's begin.
func copyDeletions(ctx context.Context, tx pgx.Tx, ch driver.Conn, db string, watermark int64, version uint64, now time.Time) (map[string]int, error) {
	rows, err := tx.Query(ctx, `SELECT kind, id, workspace_id FROM analytics_deletions WHERE analytics_txid >= $1 ORDER BY kind`, watermark)
	if err != nil {
		return nil, fmt.Errorf("analytics sync: read deletions: %w", err)
	}
	defer rows.Close()
	out := map[string]int{}
	var w *inserter
	defer func() {
		if w != nil {
			w.abort()
		}
	}()
	var row []any
	for rows.Next() {
		var kind string
		var rowID, ws uuid.UUID
		if err := rows.Scan(&kind, &rowID, &ws); err != nil {
			return out, fmt.Errorf("analytics sync: read deletions: %w", err)
		}
		if w == nil || w.d.name != kind {
			d, ok := dimensionNamed(kind)
			if !ok {
				continue
			}
			if w != nil {
				if err := w.send(); err != nil {
					return out, err
				}
			}
			w = &inserter{ch: ch, db: db, d: d, what: "copy deletions of " + d.name}
		}
		row = row[:0]
		for i, c := range w.d.columns {
			switch {
			case i == 0:
				row = append(row, ws)
			case i == 1 && kind != "workspaces":
				row = append(row, rowID)
			case c.name == "platform":
				row = append(row, c.convert("tiktok"))
			default:
				row = append(row, c.convert(nil))
			}
		}
		row = append(row, version, uint8(1), now)
		if err := w.append(ctx, row); err != nil {
			return out, err
		}
		out[kind]++
	}
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("analytics sync: read deletions: %w", err)
	}
	if w != nil {
		if err := w.send(); err != nil {
			return out, err
		}
	}
	return out, nil
}

func dimensionNamed(name string) (dimension, bool) {
	for _, d := range dimensions {
		if d.name == name {
			return d, true
		}
	}
	return dimension{}, false
}
