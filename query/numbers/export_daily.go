package numbers

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/platform"
	"github.com/reeltrack/reeltrack/internal/store"
	"github.com/reeltrack/reeltrack/query"
	"github.com/reeltrack/reeltrack/query/chread"
)

// DailyExportColumns is the header of the daily series CSV: a row per item and day.
var DailyExportColumns = []string{
	"date", "item_type", "id", "platform", "account_handle", "platform_video_id", "url", "collection", "published_at",
	"views", "likes", "comments", "shares", "saves", "followers",
	"views_gained", "likes_gained", "comments_gained", "shares_gained", "saves_gained", "followers_gained",
	"scraped_that_day",
}

// DefaultDailyExportDays is the daily export's range when the request names none.
const DefaultDailyExportDays = 30

// DefaultDailyExportItems is how many items a page of the daily export reads.
const DefaultDailyExportItems = 200

// DailyExport is a daily series export in progress: the filter's videos, then its accounts.
type DailyExport struct {
	h        ExportHandler
	ws       uuid.UUID
	f        VideoFilter
	from, to time.Time // the first and last days, at midnight UTC
	videos   *VideoExport
	after    *exportKey // the last account written
	accounts bool       // the videos are written: accounts now
	done     bool
	csvPages
}

// DailyPages starts a daily series export of the UTC days from `from` to `to`.
func (h ExportHandler) DailyPages(ws uuid.UUID, f VideoFilter, from, to time.Time) *DailyExport {
	h.PageRows = h.DailyItems
	if h.PageRows <= 0 {
		h.PageRows = DefaultDailyExportItems
	}
	return &DailyExport{h: h, ws: ws, f: f, from: chread.Daily.Floor(from), to: chread.Daily.Floor(to), videos: h.VideoPages(ws, f)}
}

// DailyRange is the default range of the daily series export at now.
func DailyRange(now time.Time) (from, to time.Time) {
	to = chread.Daily.Floor(now)
	return to.AddDate(0, 0, -(DefaultDailyExportDays - 1)), to
}

type dailyItem struct {
	kind       platform.Kind
	id         uuid.UUID
	platform   platform.Platform
	handle     string
	videoID    string
	url        string
	collection *uuid.UUID
	published  *time.Time
}

// WritePage writes the next page of rows to out; io.EOF once all are written.
func (e *DailyExport) WritePage(ctx context.Context, out io.Writer) error {
	if e.done {
		return io.EOF
	}
	if err := e.readNames(ctx, e.h.DB, e.ws); err != nil {
		return err
	}
	items, kind, err := e.nextItems(ctx)
	if err != nil {
		return err
	}
	days, err := e.readDays(ctx, kind, items)
	if err != nil {
		return err
	}
	w, err := e.writer(out, DailyExportColumns)
	if err != nil {
		return err
	}
	for _, it := range items {
		for _, d := range days[it.id] {
			dailyRecord(e.record, it, d, e.names)
			if err := w.Write(e.record); err != nil {
				return err
			}
			e.Rows++
		}
	}
	w.Flush()
	return w.Error()
}

func (e *DailyExport) nextItems(ctx context.Context) ([]dailyItem, platform.Kind, error) {
	if !e.accounts {
		sql, args := e.videos.orderedSQL(videoColumns, e.videos.after, false, e.h.PageRows)
		rows, _ := e.h.DB.Query(ctx, sql, args...)
		vids, err := pgx.CollectRows(rows, scanVideo)
		if err != nil {
			return nil, "", fmt.Errorf("export daily series: %w", err)
		}
		if n := len(vids); n > 0 {
			k := keyOf(&vids[n-1])
			e.videos.after = &k
		}
		if len(vids) < e.h.PageRows {
			e.accounts = true
			e.done = e.f.IndividualOnly || e.f.ShopOnly
		}
		items := make([]dailyItem, len(vids))
		for i, v := range vids {
			items[i] = dailyItem{kind: platform.Video, id: v.ID, platform: v.Platform, handle: v.AccountHandle, videoID: v.PlatformVideoID,
				url: v.URL, collection: v.CollectionID, published: v.PublishedAt}
		}
		return items, platform.Video, nil
	}
	args := []any{e.ws, platformNames(e.f.Platforms), e.f.CollectionID, e.h.PageRows, domain.ItemRemoved}
	cond := ""
	if e.after != nil {
		args = append(args, e.after.platform, e.after.handle, e.after.id)
		cond = ` AND (a.platform, a.handle COLLATE "C", a.id) > ($6::text, $7::text COLLATE "C", $8::uuid)`
	}
	rows, _ := e.h.DB.Query(ctx, `
SELECT a.id, a.platform, a.handle, a.url, a.collection_id
FROM accounts a
WHERE a.workspace_id = $1 AND a.status <> $5
  AND ($2::text[] IS NULL OR a.platform = ANY($2))
  AND ($3::uuid IS NULL OR a.collection_id = $3)`+cond+`
ORDER BY a.platform, a.handle COLLATE "C", a.id
LIMIT $4`, args...)
	items, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (dailyItem, error) {
		it := dailyItem{kind: platform.Account}
		return it, row.Scan(&it.id, &it.platform, &it.handle, &it.url, &it.collection)
	})
	if err != nil {
		return nil, "", fmt.Errorf("export daily series: %w", err)
	}
	if n := len(items); n > 0 {
		e.after = &exportKey{platform: items[n-1].platform, handle: items[n-1].handle, id: items[n-1].id}
	}
	e.done = len(items) < e.h.PageRows
	return items, platform.Account, nil
}

type dailyRow struct {
	day     time.Time
	counts  [6]uint64 // views, likes, comments, shares, saves, followers
	has     uint8     // the `recorded` bits of counts that have a value
	gains   [6]int64
	gained  uint8 // the bits of gains that have a value
	scraped bool
}

func (e *DailyExport) readDays(ctx context.Context, kind platform.Kind, items []dailyItem) (map[uuid.UUID][]dailyRow, error) {
	out := map[uuid.UUID][]dailyRow{}
	if len(items) == 0 {
		return out, nil
	}
	ids := make([]uuid.UUID, len(items))
	for i, it := range items {
		ids[i] = it.id
	}
	ch, oneThread := chread.Reader{CH: e.h.CH}, store.Background(ctx)
	firsts, err := ch.DailyFirsts(oneThread, chread.DailyFirstsQuery{Workspace: e.ws, Kind: kind, Only: ids})
	if err != nil {
		return nil, err
	}
	q := chread.DailySeriesQuery{Workspace: e.ws, Kind: kind, Only: ids, From: e.from.Add(-chread.Lookback), To: e.to.AddDate(0, 0, 1)}
	var (
		// the item being read and its values carried from day to day
		cur   uuid.UUID
		carry dailyRow
		last  time.Time
	)
	// flushTo adds cur's rows of the days before until, carrying its last values
	flushTo := func(until time.Time) {
		if cur == uuid.Nil || carry.has == 0 {
			return
		}
		for d := maxTime(last.AddDate(0, 0, 1), e.from); d.Before(until) && !d.After(e.to); d = d.AddDate(0, 0, 1) {
			r := carry
			r.day, r.scraped = d, false
			r.gains, r.gained = [6]int64{}, carry.has // nothing moved on a day without a snapshot
			out[cur] = append(out[cur], r)
		}
		if until.After(last) {
			last = until.AddDate(0, 0, -1)
		}
	}
	err = ch.DailySeries(oneThread, q, func(id uuid.UUID, t time.Time, c *chread.DailyCounts) error {
		rec, vals := c.Recorded, &c.Counts
		if id != cur {
			flushTo(e.to.AddDate(0, 0, 1))
			cur, carry, last = id, dailyRow{}, time.Time{}
		} else {
			flushTo(t)
		}
		r := dailyRow{day: t, scraped: true, has: carry.has | rec}
		for i := range vals {
			bit := uint8(1) << i
			switch {
			case rec&bit != 0:
				r.counts[i] = vals[i]
				if carry.has&bit != 0 {
					r.gains[i], r.gained = int64(vals[i])-int64(carry.counts[i]), r.gained|bit
				} else if f := firsts[id]; f.Recorded&bit != 0 {
					// nothing in the look-back: from the first value ever
					r.gains[i], r.gained = int64(vals[i])-int64(f.Counts[i]), r.gained|bit
				}
			case carry.has&bit != 0:
				r.counts[i], r.gained = carry.counts[i], r.gained|bit
			}
		}
		carry, last = r, t
		if !t.Before(e.from) {
			out[cur] = append(out[cur], r)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	flushTo(e.to.AddDate(0, 0, 1))
	return out, nil
}

func dailyRecord(r []string, it dailyItem, d dailyRow, names map[uuid.UUID]string) {
	count := func(i int) string {
		if d.has&(1<<i) == 0 {
			return ""
		}
		return strconv.FormatUint(d.counts[i], 10)
	}
	gain := func(i int) string {
		if d.gained&(1<<i) == 0 {
			return ""
		}
		return strconv.FormatInt(d.gains[i], 10)
	}
	copy(r, []string{
		d.day.Format(time.DateOnly), string(it.kind), it.id.String(), string(it.platform), handleCell(it.handle), query.Cell(it.videoID), query.Cell(it.url),
		collectionCell(it.collection, names), query.TimeCell(it.published),
		count(0), count(1), count(2), count(3), count(4), count(5),
		gain(0), gain(1), gain(2), gain(3), gain(4), gain(5),
		strconv.FormatBool(d.scraped),
	})
}
