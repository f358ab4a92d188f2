package campaigns

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

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
	videos, rows        int64
	starts, ends, ended time.Time
	platforms           string
	collabs             domain.Collabs
	period              payout.Period
	// rules are the rules versions' numbers and creation times
	rules string
}

func openRowsKeyOf(c campaign) openRowsKey {
	k := openRowsKey{
		videos: c.VideosVersion, rows: c.OpenRowsVersion,
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
	if r.ledger == c.LedgerVersion && r.from.Equal(floorOf(c)) {
		return r, true
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
	if len(videos) == len(r.videos) && len(skipped) == len(r.skipped) && r.clips == kept.clipsID {
		// nothing left out and the clips named alike (a review): the
		// same lines
		r.from, r.ledger, r.locked, r.notPaid = from, c.LedgerVersion, kept.ids, notPaid(c, r.skipped)
		return r, true
	}
	return readOpenRows(c, kept, videos, skipped), true
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
