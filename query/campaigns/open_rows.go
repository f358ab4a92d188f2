package campaigns

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"

	"github.com/reeltrack/reeltrack/internal/domain"
	"github.com/reeltrack/reeltrack/internal/payout"
)

// openRows are a campaign's open lines as read from PostgreSQL and made
// lines (clips, windows, order), before their counts and prices.
type openRows struct {
	lines   []Line
	notPaid int
}

// openRowsKey is everything a campaign's open rows are made from, each as
// it was when they were read: which videos (the workspace's videos version,
// the campaign's ledger version: the lines it locked), what the rows show
// of them (the open rows version: links, captions, handles, payees), and
// the campaign's own terms.
type openRowsKey struct {
	videos, rows, ledger int64
	starts, ends, ended  time.Time
	floor                time.Time
	floorNotPaid         int
	platforms            string
	collabs              domain.Collabs
	period               payout.Period
	// rules are the rules versions' numbers and creation times
	rules string
}

func openRowsKeyOf(c campaign) openRowsKey {
	k := openRowsKey{
		videos: c.VideosVersion, rows: c.OpenRowsVersion, ledger: c.LedgerVersion,
		starts: c.StartsAt, floorNotPaid: c.FloorNotPaid, platforms: strings.Join(c.Platforms, ","),
		collabs: c.Collabs, period: c.Period,
	}
	for _, t := range []struct {
		at  *time.Time
		dst *time.Time
	}{{c.EndsAt, &k.ends}, {c.EndedAt, &k.ended}, {c.OpenFloor, &k.floor}} {
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

// maxKeptOpenLines bounds the open lines kept over all campaigns (a line
// is about half a kilobyte): the campaigns read longest ago go first.
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

// get returns the campaign's kept rows if they were made under key. The
// rows are shared: read them only.
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
		k.lines -= len(old.rows.lines)
		delete(k.kept, id)
	}
	if len(rows.lines) > maxKeptOpenLines {
		return
	}
	for k.lines+len(rows.lines) > maxKeptOpenLines {
		var oldest uuid.UUID
		for id, e := range k.kept {
			if oldest == uuid.Nil || e.at.Before(k.kept[oldest].at) {
				oldest = id
			}
		}
		k.lines -= len(k.kept[oldest].rows.lines)
		delete(k.kept, oldest)
	}
	k.kept[id] = keptOpenRows{key: key, at: time.Now(), rows: rows}
	k.lines += len(rows.lines)
}
