package numbers

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/query/chread"
)

// AccountSums keeps the accounts list's figures per account (schema 0039,
// docs/architecture.md "Account sums"): the list of a workspace whose
// video ranks are kept then reads one row per account, not every video.
type AccountSums struct {
	DB *pgxpool.Pool
	CH chread.Conn
}

// accountVideosSQL reads the videos of the accounts $2 of workspace $1 that
// are not removed, each once, with what the sums and the sparkline are made
// of. The videos are found by their account only (in its workspace): a
// condition on the videos' workspace would let a generic plan intersect
// every video of a large workspace for each account.
const accountVideosSQL = `
SELECT a.id, v.id, v.post_kind = ANY($3), v.status <> $5, r.video_id IS NOT NULL,
	r.views, r.likes, r.comments, r.shares, r.saves, r.from_7d_0, r.from_7d_1,
	r.first_views, r.first_at, r.last_at, r.days_to, r.day_views
FROM unnest($2::uuid[]) AS x (id)
JOIN accounts a ON a.id = x.id AND a.workspace_id = $1
JOIN videos v ON v.account_id = a.id AND v.status <> $4
LEFT JOIN video_ranks r ON r.video_id = v.id`

// accountSumsSQL writes the sums and both sparkline slots of the accounts
// $2 of workspace $1, one array element each (the sparklines SparkDays
// elements each), for those still in it.
const accountSumsSQL = `
INSERT INTO account_sums AS s (account_id, workspace_id, tracked, beyond_limit, not_own, with_views, total_views, saves,
	rated_views, interactions, gained_7d_0, gained_7d_1, spark_day_%[1]d, spark_%[1]d, spark_day_%[2]d, spark_%[2]d)
SELECT a.id, a.workspace_id, u.tracked, u.beyond_limit, u.not_own, u.with_views, u.total_views, u.saves,
	u.rated_views, u.interactions, u.gained_7d_0, u.gained_7d_1,
	$13::date, ($14::int8[])[(u.i - 1) * %[3]d + 1 : u.i * %[3]d], $15::date, ($16::int8[])[(u.i - 1) * %[3]d + 1 : u.i * %[3]d]
FROM unnest($2::uuid[], $3::int4[], $4::int4[], $5::int4[], $6::int4[], $7::int8[], $8::int8[], $9::int8[], $10::int8[], $11::int8[], $12::int8[])
	WITH ORDINALITY AS u (id, tracked, beyond_limit, not_own, with_views, total_views, saves, rated_views, interactions, gained_7d_0, gained_7d_1, i)
JOIN accounts a ON a.id = u.id AND a.workspace_id = $1
ON CONFLICT (account_id) DO UPDATE SET tracked = excluded.tracked, beyond_limit = excluded.beyond_limit,
	not_own = excluded.not_own, with_views = excluded.with_views, total_views = excluded.total_views,
	saves = excluded.saves, rated_views = excluded.rated_views, interactions = excluded.interactions,
	gained_7d_0 = excluded.gained_7d_0, gained_7d_1 = excluded.gained_7d_1,
	spark_day_%[1]d = excluded.spark_day_%[1]d, spark_%[1]d = excluded.spark_%[1]d,
	spark_day_%[2]d = excluded.spark_day_%[2]d, spark_%[2]d = excluded.spark_%[2]d`

// accountSum is what account_sums keeps of one account, but its sparklines.
type accountSum struct {
	tracked, beyondLimit, notOwn, withViews                int32
	totalViews, ratedViews, interactions, gained0, gained1 int64
	// saves is the counted videos' saves; hasSaves says one recorded them
	saves    int64
	hasSaves bool
}

// add counts one video of the account that is not removed: own is its
// post kind counted, limited its status beyond the tracking limit; the
// counts are its video_ranks row's (nil where unknown or without a row).
func (s *accountSum) add(own, limited bool, views, likes, comments, shares, saves, from0, from1 *int64) {
	switch {
	case !own:
		s.notOwn++
		return
	case limited:
		s.beyondLimit++
		return
	}
	s.tracked++
	if saves != nil {
		s.saves, s.hasSaves = s.saves+*saves, true
	}
	if views == nil {
		return
	}
	s.withViews++
	s.totalViews += *views
	if from0 != nil {
		s.gained0 += *views - *from0
	}
	if from1 != nil {
		s.gained1 += *views - *from1
	}
	if *views > 0 && likes != nil {
		s.ratedViews += *views
		s.interactions += *likes + deref(comments) + deref(shares) + deref(saves)
	}
}

// sparkSlot is the sparkline slot of the 7 days ending on day: its column suffix.
func sparkSlot(day time.Time) int {
	return int(day.Unix() / (24 * 3600) % 2)
}

// Keep brings ws's kept sums up to date at now: the accounts whose videos
// changed since (account_sums_changed), those without a row, and those
// without today's sparkline (with ahead, tomorrow's too: the ranks step
// writes it before the day turns). It returns how many it computed. Runs
// of one workspace take turns (an advisory lock), so a run never writes
// sums older than another's.
func (k AccountSums) Keep(ctx context.Context, ws uuid.UUID, now time.Time, ahead bool) (int, error) {
	n := 0
	err := pgx.BeginFunc(ctx, k.DB, func(tx pgx.Tx) error {
		var err error
		n, err = k.keep(ctx, tx, ws, now, ahead)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("keep account sums: %w", err)
	}
	return n, nil
}

func (k AccountSums) keep(ctx context.Context, tx pgx.Tx, ws uuid.UUID, now time.Time, ahead bool) (int, error) {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended('account_sums:' || $1::text, 0))`, ws); err != nil {
		return 0, err
	}
	today := chread.Daily.Floor(now)
	tomorrow := today.AddDate(0, 0, 1)
	// the log's entries read now are removed at the end: one committed later stays
	var (
		logged  []int64
		changed []uuid.UUID
		id      int64
		account uuid.UUID
		seen    = map[uuid.UUID]bool{}
	)
	rows, err := tx.Query(ctx, `SELECT id, account_id FROM account_sums_changed WHERE workspace_id = $1`, ws)
	if err == nil {
		_, err = pgx.ForEachRow(rows, []any{&id, &account}, func() error {
			logged = append(logged, id)
			if !seen[account] {
				seen[account] = true
				changed = append(changed, account)
			}
			return nil
		})
	}
	if err != nil {
		return 0, err
	}
	check := func(day time.Time) string {
		return fmt.Sprintf("s.spark_day_%d IS DISTINCT FROM '%s'::date", sparkSlot(day), day.Format(time.DateOnly))
	}
	stale := check(today)
	if ahead {
		stale += " OR " + check(tomorrow)
	}
	var ids []uuid.UUID
	all := false
	err = tx.QueryRow(ctx, `
WITH todo AS (
	SELECT a.id FROM accounts a
	LEFT JOIN account_sums s ON s.account_id = a.id
	LEFT JOIN unnest($2::uuid[]) AS c (id) ON c.id = a.id
	WHERE a.workspace_id = $1 AND (s.account_id IS NULL OR c.id IS NOT NULL OR `+stale+`)
)
SELECT coalesce((SELECT array_agg(id) FROM todo), '{}'),
	(SELECT count(*) FROM todo) = (SELECT count(*) FROM accounts WHERE workspace_id = $1)`, ws, changed).Scan(&ids, &all)
	if err != nil {
		return 0, err
	}
	if len(ids) > 0 {
		if err := k.compute(ctx, tx, ws, ids, all, now); err != nil {
			return 0, err
		}
	}
	if len(logged) > 0 {
		if _, err := tx.Exec(ctx, `DELETE FROM account_sums_changed WHERE id = ANY($1) AND workspace_id = $2`, logged, ws); err != nil {
			return 0, err
		}
	}
	return len(ids), nil
}

// compute writes the sums and both sparkline slots (today's and
// tomorrow's) of the accounts ids; all says they are every account of ws.
// Each video of the accounts is read once: the sums and the sparklines are
// made of the same rows.
func (k AccountSums) compute(ctx context.Context, tx pgx.Tx, ws uuid.UUID, ids []uuid.UUID, all bool, now time.Time) error {
	kinds := make([]string, len(domain.CountedKinds))
	for i, kind := range domain.CountedKinds {
		kinds[i] = string(kind)
	}
	type video struct {
		id, account uuid.UUID
		e           chread.EntityMetrics
	}
	var (
		videos                                              []video
		v                                                   video
		own, inLimit, ranked                                bool
		views, likes, comments, shares, saves, from0, from1 *int64
		first                                               *int64
		firstAt, lastAt, daysTo                             *time.Time
		// the row's kept days; Add keeps the slice, so each row scans into a new one
		dayViews []*int64
		toFill   = chread.NewDaysToFill(now, 0)
		sums     = make(map[uuid.UUID]*accountSum, len(ids))
	)
	for _, id := range ids {
		sums[id] = &accountSum{}
	}
	rows, err := tx.Query(ctx, accountVideosSQL, ws, ids, kinds, domain.ItemRemoved, domain.ItemBeyondLimit)
	if err == nil {
		_, err = pgx.ForEachRow(rows, []any{&v.account, &v.id, &own, &inLimit, &ranked,
			&views, &likes, &comments, &shares, &saves, &from0, &from1, &first, &firstAt, &lastAt, &daysTo, &dayViews}, func() error {
			sums[v.account].add(own, !inLimit, views, likes, comments, shares, saves, from0, from1)
			if !own || !inLimit || !ranked {
				dayViews = nil
				return nil
			}
			v.e = chread.EntityMetrics{}
			if first != nil {
				v.e.First = uint64(*first)
			}
			if firstAt != nil {
				v.e.FirstAt = firstAt.UTC()
			}
			videos = append(videos, v)
			toFill.Add(v.id, daysTo, lastAt, dayViews)
			dayViews = nil
			return nil
		})
	}
	if err != nil {
		return err
	}
	daily, err := toFill.Read(ctx, chread.Reader{CH: k.CH}, ws, all)
	if err != nil {
		return err
	}
	today, tomorrow := map[uuid.UUID][]*int64{}, map[uuid.UUID][]*int64{}
	var (
		gains chread.Slab[int64]
		days  chread.Slab[*int64]
	)
	for _, v := range videos {
		if !daily.Has(v.id) {
			continue
		}
		today[v.account] = chread.SumDaily(today[v.account], daily.Views(v.id, v.e, &gains, &days))
		tomorrow[v.account] = chread.SumDaily(tomorrow[v.account], daily.ViewsNextDay(v.id, v.e, &gains, &days))
	}
	// each account's 7 days in turn, in one array: unnest cannot take an array per row
	flat := func(m map[uuid.UUID][]*int64) []*int64 {
		out := make([]*int64, 0, len(ids)*chread.SparkDays)
		for _, id := range ids {
			if d := m[id]; d != nil {
				out = append(out, d...)
			} else {
				out = append(out, make([]*int64, chread.SparkDays)...)
			}
		}
		return out
	}
	n := len(ids)
	tracked, beyond, notOwn, withViews := make([]int32, n), make([]int32, n), make([]int32, n), make([]int32, n)
	total, savesOf, rated, inter, g0, g1 := make([]int64, n), make([]*int64, n), make([]int64, n), make([]int64, n), make([]int64, n), make([]int64, n)
	for i, id := range ids {
		s := sums[id]
		tracked[i], beyond[i], notOwn[i], withViews[i] = s.tracked, s.beyondLimit, s.notOwn, s.withViews
		total[i], rated[i], inter[i], g0[i], g1[i] = s.totalViews, s.ratedViews, s.interactions, s.gained0, s.gained1
		if s.hasSaves {
			savesOf[i] = &s.saves
		}
	}
	day := chread.Daily.Floor(now)
	_, err = tx.Exec(ctx, fmt.Sprintf(accountSumsSQL, sparkSlot(day), 1-sparkSlot(day), chread.SparkDays),
		ws, ids, tracked, beyond, notOwn, withViews, total, savesOf, rated, inter, g0, g1,
		day.Format(time.DateOnly), flat(today), day.AddDate(0, 0, 1).Format(time.DateOnly), flat(tomorrow))
	return err
}
