package tracking

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
)

// RankCounts are a video's latest counts as the projections hold them.
type RankCounts struct {
	ID                                    uuid.UUID
	Views, Likes, Comments, Shares, Saves *int64
	// FirstViews is the first views recorded; FirstAt the first scrape of any count.
	FirstViews      *int64
	FirstAt, LastAt time.Time
}

// RankReader reads from the projections what video_ranks keeps.
type RankReader interface {
	// LatestCounts calls each per video of ws (of only, when not nil) that has snapshots, in no order.
	LatestCounts(ctx context.Context, ws uuid.UUID, only []uuid.UUID, each func(RankCounts) error) error
	// StartViews calls each per video with recorded views with what its gain since cutoff counts from.
	StartViews(ctx context.Context, ws uuid.UUID, cutoff time.Time, each func(id uuid.UUID, from int64) error) error
}

// rankCountsSQL writes counts read after a scrape (or by the ranks step) to
// their rows, unless a later read wrote them first. A slot whose window
// starts at or before the video's first scrape counts from its first views;
// one that held nothing for it (no views then) takes them too.
const rankCountsSQL = `
UPDATE video_ranks r SET views = u.views, likes = u.likes, comments = u.comments, shares = u.shares, saves = u.saves,
	last_at = u.last_at, first_views = u.first_views, first_at = u.first_at%s
FROM unnest($2::uuid[], $3::int8[], $4::int8[], $5::int8[], $6::int8[], $7::int8[], $8::int8[], $9::timestamptz[], $10::timestamptz[])
	AS u(id, views, likes, comments, shares, saves, first_views, first_at, last_at)
WHERE r.video_id = u.id AND r.workspace_id = $1 AND (r.last_at IS NULL OR u.last_at >= r.last_at)`

// writeRankCounts writes cs to video_ranks in tx (ordered by id: rows lock in one order).
func writeRankCounts(ctx context.Context, tx pgx.Tx, ws uuid.UUID, cs []RankCounts) error {
	if len(cs) == 0 {
		return nil
	}
	rows, err := tx.Query(ctx, `SELECT slot, cutoff FROM video_rank_slots WHERE workspace_id = $1 ORDER BY slot`, ws)
	var (
		slot   string
		cutoff time.Time
		sets   strings.Builder
		args   = make([]any, 10, 14)
	)
	err = forEachRow(rows, err, []any{&slot, &cutoff}, func() error {
		args = append(args, cutoff)
		fmt.Fprintf(&sets, `,
	from_%[1]s = CASE WHEN u.first_at >= $%[2]d THEN u.first_views ELSE coalesce(r.from_%[1]s, u.first_views) END`, slot, len(args))
		return nil
	})
	if err != nil {
		return fmt.Errorf("read video rank slots: %w", err)
	}
	slices.SortFunc(cs, func(a, b RankCounts) int { return bytes.Compare(a.ID[:], b.ID[:]) })
	n := len(cs)
	ids, firstAt, lastAt := make([]uuid.UUID, n), make([]time.Time, n), make([]time.Time, n)
	views, likes, comments, shares, saves, first := make([]*int64, n), make([]*int64, n), make([]*int64, n), make([]*int64, n), make([]*int64, n), make([]*int64, n)
	for i, c := range cs {
		ids[i], firstAt[i], lastAt[i] = c.ID, c.FirstAt, c.LastAt
		views[i], likes[i], comments[i], shares[i], saves[i], first[i] = c.Views, c.Likes, c.Comments, c.Shares, c.Saves, c.FirstViews
	}
	args[0], args[1], args[2], args[3], args[4], args[5], args[6], args[7], args[8], args[9] = ws, ids, views, likes, comments, shares, saves, first, firstAt, lastAt
	if _, err := tx.Exec(ctx, fmt.Sprintf(rankCountsSQL, sets.String()), args...); err != nil {
		return fmt.Errorf("write video ranks: %w", err)
	}
	return nil
}

// forEachRow is pgx.ForEachRow after the query's own error.
func forEachRow(rows pgx.Rows, err error, dest []any, fn func() error) error {
	if err != nil {
		return err
	}
	_, err = pgx.ForEachRow(rows, dest, fn)
	return err
}

// scrapedRanks reads the counts of a scrape's videos back and writes them in
// tx; when the projections do not show the scrape yet (or nothing reads
// them), the workspace's ranks are marked stale for the ranks step instead.
func scrapedRanks(ctx context.Context, reader RankReader, log *slog.Logger, ws uuid.UUID, ids []uuid.UUID, scrapedAt time.Time) (write func(context.Context, pgx.Tx) error, seen bool) {
	stale := func(ctx context.Context, tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM video_rank_state WHERE workspace_id = $1`, ws); err != nil {
			return fmt.Errorf("mark video ranks stale: %w", err)
		}
		return nil
	}
	if len(ids) == 0 {
		return func(context.Context, pgx.Tx) error { return nil }, true
	}
	if reader == nil {
		return stale, false
	}
	var cs []RankCounts
	err := reader.LatestCounts(ctx, ws, ids, func(c RankCounts) error {
		cs = append(cs, c)
		return nil
	})
	if err != nil {
		log.WarnContext(ctx, "video ranks left to the ranks step", "workspaceId", ws, "error", err)
		return stale, false
	}
	// every video must show the scrape (on a cluster an insert may not be read back at once)
	unseen := make(map[uuid.UUID]bool, len(ids))
	for _, id := range ids {
		unseen[id] = true
	}
	for _, c := range cs {
		if !c.LastAt.Before(scrapedAt) {
			delete(unseen, c.ID)
		}
	}
	if len(unseen) > 0 {
		return stale, false
	}
	return func(ctx context.Context, tx pgx.Tx) error { return writeRankCounts(ctx, tx, ws, cs) }, true
}

// SyncVideoRanksHandler is the cron's ranks step: it fills each workspace's
// video_ranks once and writes the start values of every window's current
// and next start (schema 0035, docs/architecture.md "Video ranks").
type SyncVideoRanksHandler struct {
	DB     *pgxpool.Pool
	Reader RankReader
	Log    *slog.Logger
	Now    func() time.Time
	// MinVideos: smaller workspaces are left to ClickHouse, fast enough at their size
	MinVideos int
	// Overview computes the overview slots of the workspaces kept; nil: none.
	Overview OverviewKeeper
	// Accounts keeps the accounts list's sums of the workspaces kept; nil: none.
	Accounts AccountSumsKeeper
	// Workspace limits the step to one workspace; the zero id: every one.
	Workspace uuid.UUID
}

// AccountSumsKeeper brings a workspace's kept account sums (schema 0038) up
// to date at now, tomorrow's sparklines too with ahead: the query side's
// numbers.AccountSums. It returns how many accounts it computed.
type AccountSumsKeeper interface {
	Keep(ctx context.Context, ws uuid.UUID, now time.Time, ahead bool) (int, error)
}

// RankMinVideos is the server's MinVideos: below it, reading every video's
// numbers from ClickHouse answers a list in about 30 ms (docs/benchmarks.md).
const RankMinVideos = 2000

// RanksRun is what one ranks step wrote.
type RanksRun struct {
	Synced int `json:"synced"`
	Slots  int `json:"slots"`
	// Overview counts the overview slots computed whole.
	Overview int `json:"overview"`
	// Accounts counts the accounts whose kept sums were computed.
	Accounts int `json:"accounts"`
}

// Handle runs the step over every workspace with at least MinVideos videos
// (over h.Workspace alone when it is set).
func (h SyncVideoRanksHandler) Handle(ctx context.Context) (RanksRun, error) {
	var run RanksRun
	if h.Reader == nil {
		return run, nil
	}
	now := h.Now().UTC()
	type todo struct {
		ws     uuid.UUID
		synced bool
		slots  map[string]time.Time
	}
	rows, err := h.DB.Query(ctx, `
SELECT w.id, coalesce(s.synced, false),
	coalesce((SELECT array_agg(slot ORDER BY slot) FROM video_rank_slots l WHERE l.workspace_id = w.id AND l.valid), '{}'),
	coalesce((SELECT array_agg(cutoff ORDER BY slot) FROM video_rank_slots l WHERE l.workspace_id = w.id AND l.valid), '{}')
FROM workspaces w
LEFT JOIN video_rank_state s ON s.workspace_id = w.id
WHERE EXISTS (SELECT 1 FROM videos v WHERE v.workspace_id = w.id OFFSET $1)
	AND ($2::uuid = '00000000-0000-0000-0000-000000000000' OR w.id = $2)
ORDER BY w.id`, max(h.MinVideos, 1)-1, h.Workspace)
	var (
		list    []todo
		t       todo
		names   []string
		cutoffs []time.Time
	)
	err = forEachRow(rows, err, []any{&t.ws, &t.synced, &names, &cutoffs}, func() error {
		t.slots = map[string]time.Time{}
		for i, n := range names {
			t.slots[n] = cutoffs[i]
		}
		list = append(list, t)
		return nil
	})
	if err != nil {
		return run, fmt.Errorf("read video rank states: %w", err)
	}
	for _, t := range list {
		if !t.synced {
			if err := h.syncCounts(ctx, t.ws); err != nil {
				return run, err
			}
			run.Synced++
			t.slots = nil
		}
		for _, w := range domain.RankWindows {
			for _, cutoff := range []time.Time{w.Start(now), w.Start(now).Add(w.Step)} {
				if c, ok := t.slots[w.Slot(cutoff)]; ok && c.Equal(cutoff) {
					continue
				}
				if err := h.writeSlot(ctx, t.ws, w, cutoff); err != nil {
					return run, err
				}
				run.Slots++
			}
		}
		if h.Overview != nil {
			n, err := writeOverviewSlots(ctx, h.DB, h.Overview, t.ws, now)
			if err != nil {
				return run, err
			}
			run.Overview += n
		}
		if h.Accounts != nil {
			n, err := h.Accounts.Keep(ctx, t.ws, now, true)
			if err != nil {
				return run, err
			}
			run.Accounts += n
		}
	}
	return run, nil
}

// syncCounts writes every video's latest counts of ws, then marks its ranks synced.
func (h SyncVideoRanksHandler) syncCounts(ctx context.Context, ws uuid.UUID) error {
	token := uuid.New()
	_, err := h.DB.Exec(ctx, `
INSERT INTO video_rank_state (workspace_id, token) VALUES ($1, $2)
ON CONFLICT (workspace_id) DO UPDATE SET token = excluded.token, synced = false`, ws, token)
	if err != nil {
		return fmt.Errorf("start video ranks: %w", err)
	}
	// the slots are written again after: their rule for new videos needs the
	// counts; the account sums are computed again from them
	for _, table := range []string{"video_rank_slots", "account_sums", "account_sums_changed"} {
		if _, err := h.DB.Exec(ctx, `DELETE FROM `+table+` WHERE workspace_id = $1`, ws); err != nil {
			return fmt.Errorf("start video ranks: %w", err)
		}
	}
	batch := make([]RankCounts, 0, rankBatch)
	flush := func() error {
		err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error { return writeRankCounts(ctx, tx, ws, batch) })
		batch = batch[:0]
		return err
	}
	err = h.Reader.LatestCounts(ctx, ws, nil, func(c RankCounts) error {
		if batch = append(batch, c); len(batch) == rankBatch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return fmt.Errorf("sync video ranks: %w", err)
	}
	_, err = h.DB.Exec(ctx, `UPDATE video_rank_state SET synced = true, synced_at = $3 WHERE workspace_id = $1 AND token = $2`, ws, token, h.Now())
	if err != nil {
		return fmt.Errorf("finish video ranks: %w", err)
	}
	return nil
}

// rankBatch is how many rows one write of the ranks step sends.
const rankBatch = 20_000

// writeSlot writes the start values of w starting at cutoff into its slot.
func (h SyncVideoRanksHandler) writeSlot(ctx context.Context, ws uuid.UUID, w domain.RankWindow, cutoff time.Time) error {
	token, slot, column := uuid.New(), w.Slot(cutoff), w.Column(cutoff)
	_, err := h.DB.Exec(ctx, `
INSERT INTO video_rank_slots (workspace_id, slot, cutoff, token) VALUES ($1, $2, $3, $4)
ON CONFLICT (workspace_id, slot) DO UPDATE SET cutoff = excluded.cutoff, token = excluded.token, valid = false, written_at = NULL`,
		ws, slot, cutoff, token)
	if err != nil {
		return fmt.Errorf("start video rank slot: %w", err)
	}
	var (
		ids   = make([]uuid.UUID, 0, rankBatch)
		froms = make([]int64, 0, rankBatch)
	)
	flush := func() error {
		if len(ids) == 0 {
			return nil
		}
		_, err := h.DB.Exec(ctx, `
UPDATE video_ranks r SET `+column+` = u.v
FROM unnest($2::uuid[], $3::int8[]) AS u(id, v)
WHERE r.video_id = u.id AND r.workspace_id = $1 AND r.`+column+` IS DISTINCT FROM u.v`, ws, ids, froms)
		ids, froms = ids[:0], froms[:0]
		return err
	}
	err = h.Reader.StartViews(ctx, ws, cutoff, func(id uuid.UUID, from int64) error {
		ids, froms = append(ids, id), append(froms, from)
		if len(ids) == rankBatch {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err != nil {
		return fmt.Errorf("write video rank slot %s: %w", slot, err)
	}
	_, err = h.DB.Exec(ctx, `
UPDATE video_rank_slots SET valid = true, written_at = $5
WHERE workspace_id = $1 AND slot = $2 AND cutoff = $3 AND token = $4`, ws, slot, cutoff, token, h.Now())
	if err != nil {
		return fmt.Errorf("finish video rank slot: %w", err)
	}
	return nil
}
