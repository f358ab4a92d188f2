package campaigns

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
)

// openRows are a campaign's open videos as read from PostgreSQL, and
// the open lines made of them (clips, windows, order), before their counts
// and prices. Kept rows are shared: read them only.
type openRows struct {
	// videos are the videos the campaign pays, unpriced, in the read's
	// order; skipped the others (a repost, another author's post)
	videos  []Line
	skipped []skippedVideo
	// What the read left out: the videos before from (the open floor;
	// zero: before the campaign's start) and those with a line locked
	// (locked, the lines of ledger version ledger).
	from   time.Time
	ledger int64
	locked lockedIDs
	// lines are videos made lines under the locked lines of ledger;
	// notPaid counts the videos the campaign does not pay, those before
	// the floor too.
	lines   []Line
	notPaid int
	// clips is the locked lines' clip index the lines were named under
	clips uint64
	// the workspace's videos version the videos are of, and the oldest
	// transaction whose videos the read may not have seen (schema 0046)
	videosVersion, xmin int64
	// patched: videos changed since were put in, the lines not made yet;
	// changed are their ids and added those of them read back paid
	// (in videos too)
	patched bool
	changed map[[16]byte]struct{}
	added   []Line
}

// skippedVideo is an open video the campaign does not pay.
type skippedVideo struct {
	id    [16]byte
	start time.Time // its window's start: published, or first seen
}

// lockedIDs are the videos of a campaign's locked lines, each with its
// line's place in the kept lines.
type lockedIDs map[[16]byte]int32

// size is what the rows count for against maxKeptOpenLines.
func (r openRows) size() int { return len(r.videos) + len(r.lines) }

// openRowsKey is everything a campaign's open rows are made from but the
// ledger and the floor, each as it was when they were read: which videos
// (the workspace's videos version), what the rows show of them (the open
// rows version: links, captions, handles, payees) and the campaign's own
// terms. A settle run moves only the ledger and the floor: the rows kept
// are then narrowed (narrowed), not read again.
type openRowsKey struct {
	base, rows          int64
	starts, ends, ended time.Time
	platforms           string
	collabs             domain.Collabs
	period              payout.Period
	// rules are the rules versions' numbers and creation times
	rules string
}

func openRowsKeyOf(c campaign) openRowsKey {
	k := openRowsKey{
		base: c.VideosBase, rows: c.OpenRowsVersion,
		starts: c.StartsAt, platforms: strings.Join(c.Platforms, ","),
		collabs: c.Collabs, period: c.Period,
	}
	for _, t := range []struct {
		at  *time.Time
		dst *time.Time
	}{{c.EndsAt, &k.ends}, {c.EndedAt, &k.ended}} {
		if t.at != nil {
			*t.dst = *t.at
		}
	}
	// rules versions are only ever added (command/campaigns)
	var rules strings.Builder
	for _, v := range c.Versions {
		fmt.Fprintf(&rules, "%d@%s;", v.Version, v.CreatedAt.Format(time.RFC3339Nano))
	}
	k.rules = rules.String()
	return k
}

// floorOf is where campaign c's open videos begin: its open floor, or zero
// (its start).
func floorOf(c campaign) time.Time {
	if c.OpenFloor != nil {
		return *c.OpenFloor
	}
	return time.Time{}
}

// readOpenRows makes the rows of a fresh read: videos and skipped as the
// read left them (from c's floor, without kept's locked lines).
func readOpenRows(c campaign, kept keptLines, videos []Line, skipped []skippedVideo) openRows {
	r := openRows{videos: videos, skipped: skipped, from: floorOf(c), ledger: c.LedgerVersion, locked: kept.ids, clips: kept.clipsID}
	r.lines = openLines(c, kept, slices.Clone(videos))
	r.notPaid = notPaid(c, skipped)
	return r
}

// notPaid counts the campaign's videos it does not pay: skipped, and those
// before the floor.
func notPaid(c campaign, skipped []skippedVideo) int {
	n := len(skipped)
	if c.OpenFloor != nil && c.EndedAt == nil {
		n += c.FloorNotPaid
	}
	return n
}

// narrowed makes rows read under an earlier ledger and floor those of
// campaign c's ledger (kept) and floor, as a read now would give them: the
// videos now before the floor, or with a line locked since, left out. It
// reports false when the rows cannot give them: the floor moved back, or a
// line locked then is no longer there, whose video a read now includes.
func (r openRows) narrowed(c campaign, kept keptLines) (openRows, bool) {
	sameLedger := r.ledger == c.LedgerVersion && r.from.Equal(floorOf(c)) && r.clips == kept.clipsID
	if sameLedger && !r.patched {
		return r, true
	}
	if sameLedger {
		// only videos changed (a new post): their lines made again, and
		// their clips' others named again
		return r.relined(c, kept), true
	}
	from := floorOf(c)
	if from.Before(r.from) {
		return openRows{}, false
	}
	for id := range r.locked {
		if _, ok := kept.ids[id]; !ok {
			return openRows{}, false
		}
	}
	out := func(id [16]byte, start time.Time) bool {
		if start.Before(from) {
			return true
		}
		_, locked := kept.ids[id]
		return locked
	}
	videos := make([]Line, 0, len(r.videos))
	for i := range r.videos {
		if !out(r.videos[i].VideoID, r.videos[i].PublishedAt) {
			videos = append(videos, r.videos[i])
		}
	}
	var skipped []skippedVideo
	for _, s := range r.skipped {
		if !out(s.id, s.start) {
			skipped = append(skipped, s)
		}
	}
	if !r.patched && len(videos) == len(r.videos) && len(skipped) == len(r.skipped) && r.clips == kept.clipsID {
		// nothing left out and the clips named alike (a review): the
		// same lines
		r.from, r.ledger, r.locked, r.notPaid = from, c.LedgerVersion, kept.ids, notPaid(c, r.skipped)
		return r, true
	}
	made := readOpenRows(c, kept, videos, skipped)
	made.videosVersion, made.xmin = r.videosVersion, r.xmin
	return made, true
}

// relined makes the lines of patched rows r, whose ledger, floor and clip
// index are kept's still, as readOpenRows would, making again only what the
// changed videos touch: their own lines, and the clip numbers of the other
// posts of their clips (a payee's posts of one caption on one platform,
// numbered in publish order), which are the only clips a post added or taken
// out can move.
func (r openRows) relined(c campaign, kept keptLines) openRows {
	// the clips the changed videos were and are in
	touched := map[lineClip]bool{}
	payees := map[payeeRef]bool{}
	touch := func(l *Line) {
		if k, ok := clipOf(l); ok {
			touched[k], payees[l.Payee.ref()] = true, true
		}
	}
	made := openLines(c, kept, slices.Clone(r.added))
	for i := range made {
		touch(&made[i])
	}
	// the kept lines but the changed ones, with the made ones merged in
	lines := make([]Line, 0, len(r.lines)+len(made))
	j := 0
	for i := range r.lines {
		l := &r.lines[i]
		if _, gone := r.changed[l.VideoID]; gone {
			touch(l)
			continue
		}
		for ; j < len(made) && openOrder(&made[j], l) < 0; j++ {
			lines = append(lines, made[j])
		}
		lines = append(lines, *l)
	}
	lines = append(lines, made[j:]...)
	if len(touched) > 0 {
		var at []int
		var posts []payout.Post
		for i := range lines {
			l := &lines[i]
			if !payees[l.Payee.ref()] {
				continue
			}
			if k, ok := clipOf(l); ok && touched[k] {
				at = append(at, i)
				posts = append(posts, payout.Post{ID: l.VideoID, Payee: k.payee, Platform: l.Platform, Caption: k.caption, Reduced: true, Published: l.PublishedAt})
			}
		}
		for j, clip := range kept.clips.Clips(posts) {
			lines[at[j]].Clip = clip
		}
	}
	out := r
	out.lines, out.notPaid = lines, notPaid(c, r.skipped)
	out.patched, out.changed, out.added = false, nil, nil
	return out
}

// lineClip is what numbers a line's clip (payout.Clips): its payee, its
// caption as clips compare it, and its platform.
type lineClip struct {
	payee, caption string
	platform       string
}

// clipOf is the clip line l is named in; false when it is in none.
func clipOf(l *Line) (lineClip, bool) {
	payee, caption, ok := payout.ClipOf(l.Clip)
	return lineClip{payee, caption, string(l.Platform)}, ok
}

// openOrder orders open lines as openLines does: by their windows' ends,
// then their ids compared as their text does (byte by byte).
func openOrder(a, b *Line) int {
	if c := a.WindowEnd.Compare(b.WindowEnd); c != 0 {
		return c
	}
	return bytes.Compare(a.VideoID[:], b.VideoID[:])
}

// maxKeptOpenLines bounds the open lines kept over all campaigns, the
// videos read and the lines made of them (each about half a kilobyte):
// the campaigns read longest ago go first.
const maxKeptOpenLines = 250_000

// openRowsCache keeps recent campaigns' open rows under their key.
type openRowsCache struct {
	mu    sync.Mutex
	kept  map[uuid.UUID]keptOpenRows
	lines int
}

type keptOpenRows struct {
	key  openRowsKey
	at   time.Time
	rows openRows
}

var keptOpen = &openRowsCache{kept: map[uuid.UUID]keptOpenRows{}}

// get returns the campaign's kept rows if they were made under key, under
// whichever ledger and floor. The rows are shared: read them only.
func (k *openRowsCache) get(id uuid.UUID, key openRowsKey) (openRows, bool) {
	k.mu.Lock()
	defer k.mu.Unlock()
	e, ok := k.kept[id]
	if !ok || e.key != key {
		return openRows{}, false
	}
	e.at = time.Now()
	k.kept[id] = e
	return e.rows, true
}

// put keeps the campaign's rows under key, unless they alone pass the bound.
func (k *openRowsCache) put(id uuid.UUID, key openRowsKey, rows openRows) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if old, ok := k.kept[id]; ok {
		k.lines -= old.rows.size()
		delete(k.kept, id)
	}
	if rows.size() > maxKeptOpenLines {
		return
	}
	for k.lines+rows.size() > maxKeptOpenLines {
		var oldest uuid.UUID
		for id, e := range k.kept {
			if oldest == uuid.Nil || e.at.Before(k.kept[oldest].at) {
				oldest = id
			}
		}
		k.lines -= k.kept[oldest].rows.size()
		delete(k.kept, oldest)
	}
	k.kept[id] = keptOpenRows{key: key, at: time.Now(), rows: rows}
	k.lines += rows.size()
}

// maxPatchedVideos bounds the videos changed since a read that kept rows
// are patched with; with more, the rows are read again.
const maxPatchedVideos = 5000

// patchedRows are kept rows r with the workspace's videos changed since
// their read (a new post, a status, kind or collection changed; schema
// 0046) taken out and put back as a read now gives them: from r's floor,
// without the videos that have a line now. They are narrowed after, as
// rows of r's ledger and floor. It reports false when too many videos
// changed.
func patchedRows(ctx context.Context, db *pgxpool.Pool, ws uuid.UUID, c campaign, r openRows) (openRows, bool, error) {
	xmin, err := snapshotXmin(ctx, db)
	if err != nil {
		return r, false, err
	}
	rows, err := db.Query(ctx, `SELECT id FROM videos WHERE workspace_id = $1 AND changed >= $2::bigint::text::xid8 LIMIT $3`, ws, r.xmin, maxPatchedVideos+1)
	if err != nil {
		return r, false, fmt.Errorf("read changed videos: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[uuid.UUID])
	if err != nil {
		return r, false, fmt.Errorf("read changed videos: %w", err)
	}
	if len(ids) > maxPatchedVideos {
		return r, false, nil
	}
	out := r
	out.videosVersion, out.xmin = c.VideosVersion, xmin
	if len(ids) == 0 {
		return out, true, nil
	}
	var videos []Line
	var skipped []skippedVideo
	if c.EndedAt == nil {
		from := r.from
		if from.IsZero() {
			from = c.StartsAt
		}
		err = withoutJIT(ctx, db, func(tx pgx.Tx) error {
			var err error
			videos, skipped, err = scanCampaignVideos(ctx, tx, c, campaignVideosByID, []any{ws, c.ID, c.Platforms, c.StartsAt, c.EndsAt, ids, from})
			return err
		})
		if err != nil {
			return r, false, err
		}
	}
	changed := make(map[[16]byte]struct{}, len(ids))
	for _, id := range ids {
		changed[id] = struct{}{}
	}
	out.videos = make([]Line, 0, len(r.videos)+len(videos))
	for i := range r.videos {
		if _, ok := changed[r.videos[i].VideoID]; !ok {
			out.videos = append(out.videos, r.videos[i])
		}
	}
	out.videos = append(out.videos, videos...)
	out.skipped = make([]skippedVideo, 0, len(r.skipped)+len(skipped))
	for _, s := range r.skipped {
		if _, ok := changed[s.id]; !ok {
			out.skipped = append(out.skipped, s)
		}
	}
	out.skipped = append(out.skipped, skipped...)
	out.patched, out.changed, out.added = true, changed, videos
	return out, true, nil
}
