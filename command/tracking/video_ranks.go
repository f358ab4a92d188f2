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
	"github.com/jackc/pgx/v5/pgconn"
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

// RankDays are a video's last views on each of the sparkline's days as
// video_ranks keeps them (schema 0047): SparkDays+1 days, oldest first, the
// last To; nil where none. At is when the last of each was recorded.
type RankDays struct {
	ID    uuid.UUID
	To    time.Time
	Views []*int64
	At    []time.Time
}

// RankReader reads from the projections what video_ranks keeps.
type RankReader interface {
	// LatestCounts calls each per video of ws (of only, when not nil) that has snapshots, in no order.
	LatestCounts(ctx context.Context, ws uuid.UUID, only []uuid.UUID, each func(RankCounts) error) error
	// DayViews calls each for every video of only with its days as they stand at now.
	DayViews(ctx context.Context, ws uuid.UUID, only []uuid.UUID, now time.Time, each func(RankDays) error) error
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
FROM unnest($2::uuid[], $3::int8[], $4::int8[], $5::int8[], $6::int8[], $7::int8[], $8::int8[], $9::timestamptz[], $10::timestamptz[], $11::date[])
	WITH ORDINALITY AS u(id, views, likes, comments, shares, saves, first_views, first_at, last_at, days_to, i)
WHERE r.video_id = u.id AND r.workspace_id = $1 AND (r.last_at IS NULL OR u.last_at >= r.last_at)`

// rankDaysSet writes the days read with the counts ($11: each video's
// days_to, NULL where unknown; $12: their views, SparkDays+1 a video; $13:
// when the read began), unless a read that began later wrote them first.
const rankDaysSet = `,
	days_to = CASE WHEN %[1]s THEN u.days_to ELSE r.days_to END,
	day_views = CASE WHEN %[1]s THEN CASE WHEN u.days_to IS NULL THEN NULL ELSE ($12::int8[])[(u.i - 1) * %[2]d + 1 : u.i * %[2]d] END ELSE r.day_views END,
	days_read_at = CASE WHEN %[1]s THEN $13 ELSE r.days_read_at END`

// rankDaysNewer: the read that wrote a row's days began before this one.
const rankDaysNewer = `(r.days_read_at IS NULL OR $13::timestamptz >= r.days_read_at)`

// scrapedDays are the days a scrape read back with its counts, by video,
// and when that read began.
type scrapedDays struct {
	byID   map[uuid.UUID]RankDays
	readAt time.Time
}

// writeRankCounts writes cs to video_ranks in tx (ordered by id: rows lock
// in one order), with their days when days is not nil: a video without
// days there has them unknown.
func writeRankCounts(ctx context.Context, tx pgx.Tx, ws uuid.UUID, cs []RankCounts, days *scrapedDays) error {
	if len(cs) == 0 {
		return nil
	}
	rows, err := tx.Query(ctx, `SELECT slot, cutoff FROM video_rank_slots WHERE workspace_id = $1 ORDER BY slot`, ws)
	var (
		slot   string
		cutoff time.Time
		sets   strings.Builder
		args   = make([]any, 11, 17)
	)
	if days != nil {
		args = args[:13]
		fmt.Fprintf(&sets, rankDaysSet, rankDaysNewer, sparkDays+1)
	}
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
	daysTo := make([]*string, n)
	if days != nil {
		dayViews := make([]*int64, n*(sparkDays+1))
		for i, c := range cs {
			d, ok := days.byID[c.ID]
			if !ok || len(d.Views) != sparkDays+1 {
				continue
			}
			to := d.To.Format(time.DateOnly)
			daysTo[i] = &to
			copy(dayViews[i*(sparkDays+1):], d.Views)
		}
		args[11], args[12] = dayViews, days.readAt
	}
	args[10] = daysTo
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

// ScrapedRanks reads the counts and days of a scrape's videos back (the
// scrape recorded at scrapedAt, the days as they stand at now), for write to
// write them in the transaction that records the scrape; when the
// projections do not show the scrape yet (or nothing reads them), write
// marks the workspace's ranks and the videos' days stale for the ranks step
// instead, and seen is false.
func ScrapedRanks(ctx context.Context, reader RankReader, log *slog.Logger, ws uuid.UUID, ids []uuid.UUID, scrapedAt, now time.Time) (write func(context.Context, pgx.Tx) error, seen bool) {
	stale := func(ctx context.Context, tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM video_rank_state WHERE workspace_id = $1`, ws); err != nil {
			return fmt.Errorf("mark video ranks stale: %w", err)
		}
		// the videos' kept days may lack the scrape: read from ClickHouse until it writes them again
		if _, err := tx.Exec(ctx, `
UPDATE video_ranks SET days_to = NULL, day_views = NULL, days_read_at = greatest(days_read_at, $3)
WHERE workspace_id = $1 AND video_id = ANY($2) AND days_to IS NOT NULL`, ws, ids, time.Now().UTC()); err != nil {
			return fmt.Errorf("mark video days stale: %w", err)
		}
		return nil
	}
	if len(ids) == 0 {
		return func(context.Context, pgx.Tx) error { return nil }, true
	}
	if reader == nil {
		return stale, false
	}
	// every snapshot written before now is seen by the reads below
	days := &scrapedDays{byID: make(map[uuid.UUID]RankDays, len(ids)), readAt: time.Now().UTC()}
	var cs []RankCounts
	err := reader.LatestCounts(ctx, ws, ids, func(c RankCounts) error {
		cs = append(cs, c)
		return nil
	})
	if err == nil {
		err = reader.DayViews(ctx, ws, ids, now, func(d RankDays) error {
			// the scrape's own day must show it (on a cluster a read may reach a replica behind)
			if d.shows(scrapedAt) {
				days.byID[d.ID] = d
			}
			return nil
		})
	}
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
	return func(ctx context.Context, tx pgx.Tx) error { return writeRankCounts(ctx, tx, ws, cs, days) }, true
}

// shows reports whether d's days show a snapshot recorded at: its day, when
// it is one of d's, has one recorded at or after it.
func (d RankDays) shows(at time.Time) bool {
	i := int(chDays(d.To) - chDays(at))
	return i < 0 || i > sparkDays || !d.At[sparkDays-i].Before(at.Truncate(time.Second))
}

// dayFillBatch is how many videos' unknown days one read of the ranks step
// reads, and dayFillBatches how many such reads it makes per workspace and
// run: after an upgrade, a workspace of 1,000,000 videos scraped daily has
// them all in five hourly runs, while its scrapes write them as they come.
const (
	dayFillBatch   = 5000
	dayFillBatches = 40
)

// fillDays reads the days of ws's videos scraped inside the sparkline's span
// whose days are not kept (scraped last before schema 0047, or by a scrape
// its read did not show), in batches; it returns how many it wrote.
func (h SyncVideoRanksHandler) fillDays(ctx context.Context, ws uuid.UUID, now time.Time) (int, error) {
	total := 0
	for range dayFillBatches {
		n, more, err := h.fillDayBatch(ctx, ws, now)
		if total += n; err != nil || !more {
			return total, err
		}
	}
	return total, nil
}

// fillDayBatch reads the days of up to dayFillBatch videos for fillDays;
// each is written only when it shows the video's last scrape, and when no
// read that began later wrote it first. more: a whole batch was found.
func (h SyncVideoRanksHandler) fillDayBatch(ctx context.Context, ws uuid.UUID, now time.Time) (n int, more bool, err error) {
	rows, err := h.DB.Query(ctx, `
SELECT video_id, last_at FROM video_ranks
WHERE workspace_id = $1 AND days_to IS NULL AND last_at >= $2
LIMIT $3`, ws, now.Truncate(24*time.Hour).AddDate(0, 0, -sparkDays), dayFillBatch)
	var (
		id     uuid.UUID
		last   time.Time
		ids    []uuid.UUID
		lastAt = map[uuid.UUID]time.Time{}
	)
	err = forEachRow(rows, err, []any{&id, &last}, func() error {
		ids = append(ids, id)
		lastAt[id] = last
		return nil
	})
	if err != nil || len(ids) == 0 {
		return 0, false, err
	}
	readAt := time.Now().UTC()
	var (
		shown  []uuid.UUID
		daysTo []string
		views  []*int64
	)
	err = h.Reader.DayViews(ctx, ws, ids, now, func(d RankDays) error {
		if d.shows(lastAt[d.ID]) && len(d.Views) == sparkDays+1 {
			shown = append(shown, d.ID)
			daysTo = append(daysTo, d.To.Format(time.DateOnly))
			views = append(views, d.Views...)
		}
		return nil
	})
	if err != nil {
		return 0, false, err
	}
	var tag pgconn.CommandTag
	err = pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error {
		// the days are those the sums read while unknown: no account's sums change (schema 0048)
		if _, err := tx.Exec(ctx, `SELECT set_config('account_sums.days_only', 'on', true)`); err != nil {
			return err
		}
		var err error
		tag, err = tx.Exec(ctx, fmt.Sprintf(`
UPDATE video_ranks r SET days_to = u.days_to, day_views = ($3::int8[])[(u.i - 1) * %[1]d + 1 : u.i * %[1]d], days_read_at = $4
FROM unnest($2::uuid[], $5::date[]) WITH ORDINALITY AS u (id, days_to, i)
WHERE r.video_id = u.id AND r.workspace_id = $1 AND r.days_to IS NULL AND (r.days_read_at IS NULL OR $4 >= r.days_read_at)`, sparkDays+1),
			ws, shown, views, readAt, daysTo)
		return err
	})
	if err != nil {
		return 0, false, fmt.Errorf("fill video days: %w", err)
	}
	// a batch whose videos' days cannot be shown yet would be found again
	return int(tag.RowsAffected()), len(ids) == dayFillBatch && tag.RowsAffected() > 0, nil
}

// sparkDays is how many days the lists' sparklines show (chread.SparkDays).
const sparkDays = 7

// chDays is t's day number (UTC), as the projections' daily buckets count days.
func chDays(t time.Time) int64 { return t.Unix() / (24 * 3600) }

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
	// Days counts the videos whose days the step read for the sums (schema 0047).
	Days int `json:"days"`
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
			filled, err := h.fillDays(ctx, t.ws, now)
			if err != nil {
				return run, err
			}
			run.Days += filled
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
		err := pgx.BeginFunc(ctx, h.DB, func(tx pgx.Tx) error { return writeRankCounts(ctx, tx, ws, batch, nil) })
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
