package tracking

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/command/dataversion"
)

// OverviewSlot names an overview slot: a preset's window starting at Start.
type OverviewSlot struct {
	Preset string
	Start  time.Time
}

// OverviewKeeper computes the overview slots' sums (schema 0037), encoded as
// the rows keep them: the query side's numbers.OverviewSlots. A slot is a
// preset's name and its window's start.
type OverviewKeeper interface {
	// Slots are the slots to keep at now.
	Slots(now time.Time) (presets []string, starts []time.Time)
	// Sums reads each slot's sums over the videos only of ws (every video: nil).
	Sums(ctx context.Context, ws uuid.UUID, presets []string, starts []time.Time, only []uuid.UUID) ([][]byte, error)
	// Apply changes kept sums by what a scrape's videos gave after it less before.
	Apply(kept, before, after []byte) ([]byte, error)
}

func slotSums(ctx context.Context, k OverviewKeeper, ws uuid.UUID, slots []OverviewSlot, only []uuid.UUID) ([][]byte, error) {
	presets, starts := make([]string, len(slots)), make([]time.Time, len(slots))
	for i, s := range slots {
		presets[i], starts[i] = s.Preset, s.Start
	}
	return k.Sums(ctx, ws, presets, starts, only)
}

// overviewScrapeMax is the most videos a scrape reads its part of the slots
// for: reading it costs about its size twice, so a larger one drops the
// slots instead, and the next ranks step computes them again.
const overviewScrapeMax = 5000

// overviewReadBudget bounds each of a scrape's two reads of the slots: a
// read that fails or takes longer drops the slots (the next ranks step
// computes them again) instead of failing or slowing the completion.
const overviewReadBudget = 4 * time.Second

// overviewLock is the advisory lock of a workspace's overview slots: whoever
// changes them (a scrape's completion, the ranks step) holds it.
const overviewLock = `SELECT pg_advisory_lock(hashtextextended('overview_slots:' || $1::text, 0))`

const overviewUnlock = `SELECT pg_advisory_unlock(hashtextextended('overview_slots:' || $1::text, 0))`

// overviewHold is a workspace's overview lock held across a scrape's write:
// its videos' sums read before, applied in the transaction that records it.
type overviewHold struct {
	conn    *pgxpool.Conn
	keeper  OverviewKeeper
	ws      uuid.UUID
	ids     []uuid.UUID
	slots   []OverviewSlot
	kept    [][]byte
	before  [][]byte
	applied bool
	// budget bounds each of the two reads (overviewReadBudget)
	budget time.Duration
}

// holdOverview takes ws's overview lock before a scrape of the videos ids is
// written and reads what they add to its slots, each read within budget;
// release must follow.
func holdOverview(ctx context.Context, db *pgxpool.Pool, keeper OverviewKeeper, ws uuid.UUID, ids []uuid.UUID, budget time.Duration) (*overviewHold, error) {
	conn, err := db.Acquire(ctx)
	if err != nil {
		return nil, fmt.Errorf("hold overview slots: %w", err)
	}
	h := &overviewHold{conn: conn, keeper: keeper, ws: ws, ids: ids, budget: budget}
	if _, err := conn.Exec(ctx, overviewLock, ws); err != nil {
		conn.Release()
		return nil, fmt.Errorf("hold overview slots: %w", err)
	}
	if len(ids) > overviewScrapeMax {
		if err := dropOverviewSlots(ctx, conn, ws); err != nil {
			h.release(ctx)
			return nil, err
		}
		return h, nil
	}
	if err := h.read(ctx); err != nil {
		h.release(ctx)
		return nil, err
	}
	return h, nil
}

func (h *overviewHold) read(ctx context.Context) error {
	slots, kept, err := readOverviewSlots(ctx, h.conn, h.ws)
	if err != nil || len(slots) == 0 {
		return err
	}
	if h.before, err = h.sums(ctx, slots); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return dropOverviewSlots(ctx, h.conn, h.ws)
	}
	// set until the scrape is recorded: a later holder finding it knows this one stopped
	if _, err := h.conn.Exec(ctx, `UPDATE overview_slots SET pending = true WHERE workspace_id = $1`, h.ws); err != nil {
		return fmt.Errorf("hold overview slots: %w", err)
	}
	h.slots, h.kept = slots, kept
	return nil
}

// readOverviewSlots reads ws's slots; when a holder stopped half way, it deletes them.
func readOverviewSlots(ctx context.Context, conn *pgxpool.Conn, ws uuid.UUID) ([]OverviewSlot, [][]byte, error) {
	var (
		slots   []OverviewSlot
		kept    [][]byte
		s       OverviewSlot
		b       []byte
		pending bool
		broken  bool
	)
	rows, err := conn.Query(ctx, `SELECT preset, start, sums, pending FROM overview_slots WHERE workspace_id = $1 ORDER BY preset, start`, ws)
	err = forEachRow(rows, err, []any{&s.Preset, &s.Start, &b, &pending}, func() error {
		broken = broken || pending
		slots, kept = append(slots, s), append(kept, slices.Clone(b))
		return nil
	})
	if err != nil {
		return nil, nil, fmt.Errorf("read overview slots: %w", err)
	}
	if broken {
		return nil, nil, dropOverviewSlots(ctx, conn, ws)
	}
	return slots, kept, nil
}

// apply reads the videos' sums again, now that the scrape is written, and
// writes every slot changed by the difference in tx; seen is false when the
// projections did not show the scrape yet (the slots are dropped instead).
func (h *overviewHold) apply(ctx context.Context, tx pgx.Tx, seen bool) error {
	if h == nil || len(h.slots) == 0 {
		return nil
	}
	if !seen {
		return dropOverviewSlots(ctx, tx, h.ws)
	}
	after, err := h.sums(ctx, h.slots)
	if err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return dropOverviewSlots(ctx, tx, h.ws)
	}
	for i, s := range h.slots {
		sums, err := h.keeper.Apply(h.kept[i], h.before[i], after[i])
		if err != nil {
			return fmt.Errorf("change overview slot: %w", err)
		}
		if _, err := tx.Exec(ctx, `UPDATE overview_slots SET sums = $4, pending = false WHERE workspace_id = $1 AND preset = $2 AND start = $3`,
			h.ws, s.Preset, s.Start, sums); err != nil {
			return fmt.Errorf("change overview slot: %w", err)
		}
	}
	return nil
}

// sums reads the scrape's videos' part of slots within the hold's budget.
func (h *overviewHold) sums(ctx context.Context, slots []OverviewSlot) ([][]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, h.budget)
	defer cancel()
	return slotSums(ctx, h.keeper, h.ws, slots, h.ids)
}

// dropOverviewSlots deletes ws's slots: its overview is read whole until the
// ranks step computes them again.
func dropOverviewSlots(ctx context.Context, db dataversion.Execer, ws uuid.UUID) error {
	if _, err := db.Exec(ctx, `DELETE FROM overview_slots WHERE workspace_id = $1`, ws); err != nil {
		return fmt.Errorf("drop overview slots: %w", err)
	}
	return nil
}

// release lets the lock go; the slots of a scrape not recorded are dropped.
func (h *overviewHold) release(ctx context.Context) {
	if h == nil {
		return
	}
	ctx = context.WithoutCancel(ctx)
	if !h.applied && len(h.slots) > 0 {
		// best effort: a later holder drops them if this fails
		_ = dropOverviewSlots(ctx, h.conn, h.ws)
	}
	_, _ = h.conn.Exec(ctx, overviewUnlock, h.ws)
	h.conn.Release()
}

// committed marks the hold's changes as recorded (after tx's commit).
func (h *overviewHold) committed() {
	if h != nil {
		h.applied = true
	}
}

// writeOverviewSlots computes the slots ws should keep at now that it has
// not, and drops the others, holding ws's overview lock.
func writeOverviewSlots(ctx context.Context, db *pgxpool.Pool, keeper OverviewKeeper, ws uuid.UUID, now time.Time) (int, error) {
	conn, err := db.Acquire(ctx)
	if err != nil {
		return 0, fmt.Errorf("write overview slots: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, overviewLock, ws); err != nil {
		return 0, fmt.Errorf("write overview slots: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), overviewUnlock, ws) //nolint:errcheck // the session's end lets it go too
	have, _, err := readOverviewSlots(ctx, conn, ws)
	if err != nil {
		return 0, err
	}
	var want []OverviewSlot
	presets, starts := keeper.Slots(now)
	for i := range presets {
		want = append(want, OverviewSlot{presets[i], starts[i]})
	}
	var missing []OverviewSlot
	for _, s := range want {
		if !slices.ContainsFunc(have, func(h OverviewSlot) bool { return h.Preset == s.Preset && h.Start.Equal(s.Start) }) {
			missing = append(missing, s)
		}
	}
	for _, s := range have {
		if !slices.ContainsFunc(want, func(w OverviewSlot) bool { return w.Preset == s.Preset && w.Start.Equal(s.Start) }) {
			if _, err := conn.Exec(ctx, `DELETE FROM overview_slots WHERE workspace_id = $1 AND preset = $2 AND start = $3`, ws, s.Preset, s.Start); err != nil {
				return 0, fmt.Errorf("drop overview slot: %w", err)
			}
		}
	}
	if len(missing) == 0 {
		return 0, nil
	}
	sums, err := slotSums(ctx, keeper, ws, missing, nil)
	if err != nil {
		return 0, fmt.Errorf("compute overview slots: %w", err)
	}
	for i, s := range missing {
		_, err := conn.Exec(ctx, `
INSERT INTO overview_slots (workspace_id, preset, start, sums, written_at) VALUES ($1, $2, $3, $4, $5)
ON CONFLICT (workspace_id, preset, start) DO UPDATE SET sums = excluded.sums, pending = false, written_at = excluded.written_at`,
			ws, s.Preset, s.Start, sums[i], now)
		if err != nil {
			return 0, fmt.Errorf("write overview slot: %w", err)
		}
	}
	return len(missing), nil
}
