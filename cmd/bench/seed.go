package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ClickHouse/clickhouse-go/v2/lib/driver"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/sync/errgroup"

	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/projections/analytics"
	"github.com/reeltrack/reeltrack/schema"
)

// seedVersion changes whenever the generator does, so an older seed is
// replaced. 2: workspaces record their latest scrape.
const seedVersion = 2

const createSeedMarker = `
CREATE TABLE IF NOT EXISTS bench_seed (
    part      text PRIMARY KEY,            -- 'snapshots' (PostgreSQL rows + ClickHouse) or 'baseline'
    version   integer NOT NULL,
    params    text NOT NULL,
    end_at    timestamptz NOT NULL,        -- hour of the last snapshot
    rows      bigint NOT NULL,
    seconds   double precision NOT NULL,
    complete  boolean NOT NULL,
    seeded_at timestamptz NOT NULL DEFAULT now()
)`

type marker struct {
	Version  int
	Params   string
	End      time.Time
	Rows     int64
	Seconds  float64
	Complete bool
}

func readMarker(ctx context.Context, db *pgxpool.Pool, part string) (marker, bool, error) {
	var m marker
	err := db.QueryRow(ctx, `SELECT version, params, end_at, rows, seconds, complete FROM bench_seed WHERE part = $1`, part).
		Scan(&m.Version, &m.Params, &m.End, &m.Rows, &m.Seconds, &m.Complete)
	if errors.Is(err, pgx.ErrNoRows) {
		return marker{}, false, nil
	}
	if err != nil {
		return marker{}, false, fmt.Errorf("read seed marker: %w", err)
	}
	m.End = m.End.UTC()
	return m, true, nil
}

func writeMarker(ctx context.Context, db *pgxpool.Pool, part string, m marker) error {
	_, err := db.Exec(ctx, `
INSERT INTO bench_seed (part, version, params, end_at, rows, seconds, complete) VALUES ($1, $2, $3, $4, $5, $6, $7)
ON CONFLICT (part) DO UPDATE SET version = $2, params = $3, end_at = $4, rows = $5, seconds = $6, complete = $7, seeded_at = now()`,
		part, m.Version, m.Params, m.End, m.Rows, m.Seconds, m.Complete)
	if err != nil {
		return fmt.Errorf("write seed marker: %w", err)
	}
	return nil
}

func (m marker) reusable(found bool, sz sizes) bool {
	return found && m.Complete && m.Version == seedVersion && m.Params == sz.String()
}

type seedResult struct {
	World       *world
	Reused      bool
	Rows        int64
	Duration    time.Duration // of the seed that made the data (now or earlier)
	RowsPerSec  float64
	Baseline    marker
	BaselineNew bool
}

// seed makes sure the bench databases hold the world of sz, reusing a complete
// seed unless reseed; the baseline table comes from a second generator.
func seed(ctx context.Context, st *stores, sz sizes, reseed, withBaseline bool, batchRows int, progress io.Writer) (seedResult, error) {
	if _, err := st.PG.Exec(ctx, createSeedMarker); err != nil {
		return seedResult{}, fmt.Errorf("create seed marker: %w", err)
	}
	snap, found, err := readMarker(ctx, st.PG, "snapshots")
	if err != nil {
		return seedResult{}, err
	}
	base, baseFound, err := readMarker(ctx, st.PG, "baseline")
	if err != nil {
		return seedResult{}, err
	}
	res := seedResult{}
	needSnap := reseed || !snap.reusable(found, sz)
	end := snap.End
	if needSnap {
		end = time.Now().UTC().Truncate(time.Hour)
	}
	w := newWorld(sz, end)
	res.World = w
	needBase := withBaseline && (needSnap || !base.reusable(baseFound, sz) || !base.End.Equal(end))

	g, gctx := errgroup.WithContext(ctx)
	if needSnap {
		g.Go(func() error {
			m, err := seedSnapshots(gctx, st, w, batchRows, progress)
			if err != nil {
				return err
			}
			snap = m
			return nil
		})
	}
	if needBase {
		g.Go(func() error {
			m, err := loadBaseline(gctx, st.PG, w, progress)
			if err != nil {
				return err
			}
			base = m
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return seedResult{}, err
	}
	res.Reused = !needSnap
	res.Rows, res.Duration = snap.Rows, time.Duration(snap.Seconds*float64(time.Second))
	if snap.Seconds > 0 {
		res.RowsPerSec = float64(snap.Rows) / snap.Seconds
	}
	res.Baseline, res.BaselineNew = base, needBase
	return res, nil
}

func seedSnapshots(ctx context.Context, st *stores, w *world, batchRows int, progress io.Writer) (marker, error) {
	start := time.Now()
	m := marker{Version: seedVersion, Params: w.Sizes.String(), End: w.End}
	if err := writeMarker(ctx, st.PG, "snapshots", m); err != nil {
		return m, err
	}
	if err := wipe(ctx, st); err != nil {
		return m, err
	}
	if err := seedTenants(ctx, st.PG, w); err != nil {
		return m, err
	}
	// The inserts go through a connection of their own, closed after: it keeps
	// buffers the size of its largest block beside the server the bench measures.
	ch, err := store.OpenClickHouse(ctx, st.chOptions)
	if err != nil {
		return m, err
	}
	rows, err := writeSnapshots(ctx, ch, newGenerator(w), w.Sizes.rows(), batchRows, progress)
	ch.Close()
	if err != nil {
		return m, err
	}
	m.Rows, m.Seconds, m.Complete = rows, time.Since(start).Seconds(), true
	fmt.Fprintf(progress, "seed: %d snapshots in ClickHouse in %s\n", rows, time.Since(start).Round(time.Second))
	return m, writeMarker(ctx, st.PG, "snapshots", m)
}

// wipe empties the bench databases and Redis keys: the bench's own (see the
// name check in openStores), never a developer's data.
func wipe(ctx context.Context, st *stores) error {
	if _, err := st.PG.Exec(ctx, `TRUNCATE users, workspaces CASCADE`); err != nil {
		return fmt.Errorf("empty postgres tables: %w", err)
	}
	for _, t := range []string{"metric_snapshots", "entity_latest", "entity_hourly", "entity_daily"} {
		if err := st.CH.Exec(ctx, "TRUNCATE TABLE "+t); err != nil {
			return fmt.Errorf("empty clickhouse table %s: %w", t, err)
		}
	}
	// The analytics database's metric tables, which materialized views fill.
	adb := schema.AnalyticsDatabase(st.chDatabase)
	tables := append([]string{}, analytics.MetricTables...)
	for _, d := range analytics.Dimensions {
		tables = append(tables, d+"_rows")
	}
	for _, t := range tables {
		if err := st.CH.Exec(ctx, "TRUNCATE TABLE IF EXISTS "+adb+"."+t); err != nil {
			return fmt.Errorf("empty clickhouse table %s.%s: %w", adb, t, err)
		}
	}
	iter := st.Redis.Client.Scan(ctx, 0, st.Redis.Prefix+"*", 1000).Iterator()
	for iter.Next(ctx) {
		if err := st.Redis.Client.Del(ctx, iter.Val()).Err(); err != nil {
			return fmt.Errorf("delete cached answers: %w", err)
		}
	}
	if err := iter.Err(); err != nil {
		return fmt.Errorf("list cached answers: %w", err)
	}
	return nil
}

func seedTenants(ctx context.Context, db *pgxpool.Pool, w *world) error {
	all := append([]workspace{w.Big}, w.Small...)
	created := w.End.Add(-time.Duration(w.Sizes.hours()) * time.Hour)
	first := w.End.Add(-time.Duration(w.Sizes.hours()-1) * time.Hour)
	// when an entity of the large workspace was last scraped and first tracked
	budget := w.Sizes.Budget
	at := func(h int) time.Time { return first.Add(time.Duration(h) * time.Hour) }
	var users, workspaces, members, accounts [][]any
	// Workspace ids repeat from seed to seed; data and history versions must
	// not, or a new seed would read what was cached from the previous one.
	version := time.Now().UnixMilli()
	for n, ws := range all {
		users = append(users, []any{ws.Owner, ws.Email, created})
		workspaces = append(workspaces, []any{ws.ID, ws.Name, ws.Owner, ws.Plan, ws.Limit, ws.Seats, version, version, w.End, created})
		members = append(members, []any{ws.ID, ws.Owner, "owner", created})
		for k, a := range ws.Accounts {
			p := platforms[a.Platform-1]
			last := w.End
			if budget && n == 0 {
				last = at(w.Sizes.accountLastHour(k))
			}
			accounts = append(accounts, []any{a.ID, ws.ID, p, a.Handle, profileURL(p, a.Handle), a.Handle, "active",
				max(50, len(ws.Videos)/len(ws.Accounts)), uint64(a.followers0), last, created})
		}
	}
	// a million videos are written as they are made, not held as rows
	type videoAt struct{ ws, i int }
	var order []videoAt
	for k, ws := range all {
		for i := range ws.Videos {
			order = append(order, videoAt{k, i})
		}
	}
	videoRow := func(n int) ([]any, error) {
		ws, i := all[order[n].ws], order[n].i
		v := &ws.Videos[i]
		p := platforms[v.Platform-1]
		pid := platformID(p, 7, i, v.ID)
		last, tracked := w.End, created
		if budget && order[n].ws == 0 {
			last, tracked = at(w.Sizes.videoLastHour(i)), at(w.Sizes.publishedHour(i))
		}
		return []any{v.ID, ws.ID, p, pid, videoURL(p, v.Handle, pid), v.Account, v.Handle,
			fmt.Sprintf("video %d of %s #bench", i, v.Handle), v.Published, false, "active", last, tracked}, nil
	}
	tx, err := db.Begin(ctx)
	if err != nil {
		return fmt.Errorf("seed tenants: %w", err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck // no-op after commit
	copies := []struct {
		table string
		cols  []string
		rows  pgx.CopyFromSource
	}{
		{"users", []string{"id", "email", "created_at"}, pgx.CopyFromRows(users)},
		{"workspaces", []string{"id", "name", "owner_id", "plan", "video_limit", "seat_limit", "data_version", "history_version", "scraped_until", "created_at"}, pgx.CopyFromRows(workspaces)},
		{"workspace_members", []string{"workspace_id", "user_id", "role", "joined_at"}, pgx.CopyFromRows(members)},
		{"accounts", []string{"id", "workspace_id", "platform", "handle", "url", "display_name", "status", "tracking_limit",
			"followers", "last_scraped_at", "created_at"}, pgx.CopyFromRows(accounts)},
		{"videos", []string{"id", "workspace_id", "platform", "platform_video_id", "url", "account_id", "account_handle",
			"caption", "published_at", "tracked_individually", "status", "last_scraped_at", "created_at"}, pgx.CopyFromSlice(len(order), videoRow)},
	}
	for _, c := range copies {
		if _, err := tx.CopyFrom(ctx, pgx.Identifier{c.table}, c.cols, c.rows); err != nil {
			return fmt.Errorf("seed %s: %w", c.table, err)
		}
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("seed tenants: %w", err)
	}
	// The planner's statistics, as autovacuum would gather them.
	if _, err := db.Exec(ctx, `ANALYZE users, workspaces, workspace_members, accounts, videos`); err != nil {
		return fmt.Errorf("analyze the seed: %w", err)
	}
	return nil
}

// platformID is video i's id on platform p: 11 characters of its uuid on
// YouTube and Instagram, else lead and 18 digits.
func platformID(p string, lead, i int, id uuid.UUID) string {
	if p == "youtube" || p == "instagram" {
		return strings.ReplaceAll(id.String()[:11], "-", "x")
	}
	return fmt.Sprintf("%d%018d", lead, i)
}

func profileURL(p, handle string) string {
	switch p {
	case "tiktok":
		return "https://www.tiktok.com/@" + handle
	case "instagram":
		return "https://www.instagram.com/" + handle + "/"
	case "youtube":
		return "https://www.youtube.com/@" + handle
	}
	return "https://x.com/" + handle
}

func videoURL(p, handle, id string) string {
	switch p {
	case "tiktok":
		return "https://www.tiktok.com/@" + handle + "/video/" + id
	case "instagram":
		return "https://www.instagram.com/reel/" + id + "/"
	case "youtube":
		return "https://www.youtube.com/shorts/" + id
	}
	return "https://x.com/" + handle + "/status/" + id
}

const insertSnapshots = `INSERT INTO metric_snapshots (workspace_id, platform, entity_kind, entity_id, account_id,
	scraped_at, views, likes, comments, shares, saves, followers, job_id, version)`

// columns holds one batch column by column, reused from batch to batch.
type columns struct {
	ws, entity, account, job []uuid.UUID
	platform, kind           []string
	at                       []time.Time
	vals                     [6][]uint64
	ptrs                     [6][]*uint64
	version                  []uint64
}

func (c *columns) reset() {
	c.ws, c.entity, c.account, c.job = c.ws[:0], c.entity[:0], c.account[:0], c.job[:0]
	c.platform, c.kind, c.at, c.version = c.platform[:0], c.kind[:0], c.at[:0], c.version[:0]
	for i := range c.vals {
		c.vals[i], c.ptrs[i] = c.vals[i][:0], c.ptrs[i][:0]
	}
}

var kinds = []string{"", "video", "account"}

func (c *columns) add(r *row, job uuid.UUID, version uint64) {
	c.ws, c.entity, c.account, c.job = append(c.ws, r.Workspace), append(c.entity, r.Entity), append(c.account, r.Account), append(c.job, job)
	c.platform, c.kind = append(c.platform, platforms[r.Platform-1]), append(c.kind, kinds[r.Kind])
	c.at, c.version = append(c.at, r.At), append(c.version, version)
	for i := range c.vals {
		c.vals[i] = append(c.vals[i], r.Values[i])
	}
}

func (c *columns) send(ctx context.Context, ch driver.Conn, r []bool) error {
	// pointers are taken only now: vals may have moved while growing
	for i := range c.vals {
		for j := range c.vals[i] {
			var p *uint64
			if r[j*6+i] {
				p = &c.vals[i][j]
			}
			c.ptrs[i] = append(c.ptrs[i], p)
		}
	}
	b, err := ch.PrepareBatch(ctx, insertSnapshots)
	if err != nil {
		return fmt.Errorf("prepare snapshot batch: %w", err)
	}
	defer b.Abort() //nolint:errcheck // no-op after Send
	cols := []any{c.ws, c.platform, c.kind, c.entity, c.account, c.at,
		c.ptrs[0], c.ptrs[1], c.ptrs[2], c.ptrs[3], c.ptrs[4], c.ptrs[5], c.job, c.version}
	for i, col := range cols {
		if err := b.Column(i).Append(col); err != nil {
			return fmt.Errorf("append snapshot column %d: %w", i, err)
		}
	}
	if err := b.Send(); err != nil {
		return fmt.Errorf("send %d snapshots: %w", len(c.ws), err)
	}
	return nil
}

// rowSource yields snapshots one at a time, in the order scrapes write them.
type rowSource interface {
	next(r *row) bool
}

func writeSnapshots(ctx context.Context, ch driver.Conn, gen rowSource, total int64, batchRows int, progress io.Writer) (int64, error) {
	var (
		r       row
		c       columns
		has     []bool
		version = uint64(time.Now().UnixNano())
		lastAt  time.Time
		job     uuid.UUID
		count   int64
		start   = time.Now()
		shown   = start
	)
	flush := func() error {
		if len(c.ws) == 0 {
			return nil
		}
		if err := c.send(ctx, ch, has); err != nil {
			return err
		}
		c.reset()
		has = has[:0]
		if time.Since(shown) > 10*time.Second {
			shown = time.Now()
			fmt.Fprintf(progress, "seed: clickhouse %d / %d rows (%.0f rows/s)\n", count, total, float64(count)/time.Since(start).Seconds())
		}
		return nil
	}
	for gen.next(&r) {
		if !r.At.Equal(lastAt) {
			// one scrape job per hour, as a refresh of everything would be
			lastAt, job = r.At, benchID("job/%d", r.At.Unix())
		}
		c.add(&r, job, version)
		has = append(has, r.Has[:]...)
		count++
		if len(c.ws) >= batchRows {
			if err := flush(); err != nil {
				return count, err
			}
		}
	}
	return count, flush()
}

// waitForMerges waits (up to limit) until no merge runs in the database, and
// reports the active parts per table.
func waitForMerges(ctx context.Context, ch driver.Conn, db string, limit time.Duration) (map[string]uint64, time.Duration, error) {
	start := time.Now()
	for time.Since(start) < limit {
		var n uint64
		if err := ch.QueryRow(ctx, `SELECT count() FROM system.merges WHERE database = ?`, db).Scan(&n); err != nil {
			return nil, 0, fmt.Errorf("read merges: %w", err)
		}
		if n == 0 {
			break
		}
		select {
		case <-ctx.Done():
			return nil, 0, ctx.Err()
		case <-time.After(time.Second):
		}
	}
	rows, err := ch.Query(ctx, `SELECT table, count() FROM system.parts WHERE database = ? AND active GROUP BY table`, db)
	if err != nil {
		return nil, 0, fmt.Errorf("read parts: %w", err)
	}
	defer rows.Close()
	parts := map[string]uint64{}
	for rows.Next() {
		var t string
		var n uint64
		if err := rows.Scan(&t, &n); err != nil {
			return nil, 0, fmt.Errorf("read parts: %w", err)
		}
		parts[t] = n
	}
	return parts, time.Since(start), rows.Err()
}
