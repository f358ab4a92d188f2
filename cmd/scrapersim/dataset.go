package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"
)

type actor struct {
	id   string // Apify's 17-character id
	name string // owner~name
	plan func(w *world, in input) []segment
}

// actors are the public actors the service drives, under their real names
// and, where known, their real ids.
var actors = []actor{
	{"GdWCkxBtKWOsKjdch", "clockworks~tiktok-scraper", tiktokPlan},
	{"0FXVyOXXEmdGcV88a", "clockworks~tiktok-profile-scraper", tiktokPlan},
	{"", "clockworks~tiktok-video-scraper", tiktokPlan},
	{"", "clockworks~free-tiktok-scraper", tiktokPlan},
	{"", "clockworks~tiktok-sound-scraper", tiktokSoundPlan},
	{"shu8hvrXbJbY3Eb9W", "apify~instagram-scraper", instagramPlan},
	{"", "apify~instagram-reel-scraper", instagramUserPlan("reels")},
	{"", "apify~instagram-post-scraper", instagramUserPlan("posts")},
	{"h7sDV53CddomktSi5", "streamers~youtube-scraper", youtubePlan(false)},
	{"", "streamers~youtube-shorts-scraper", youtubePlan(true)},
	{"61RPP7dywgiy0JPD0", "apidojo~tweet-scraper", xPlan},
}

func init() {
	for i := range actors {
		if actors[i].id == "" {
			actors[i].id = alnumID(hashOf("actor", actors[i].name))
		}
	}
}

func findActor(ref string) (actor, bool) {
	norm := strings.ToLower(strings.Replace(ref, "/", "~", 1))
	for _, a := range actors {
		if a.id == ref || a.name == norm {
			return a, true
		}
	}
	return actor{}, false
}

const alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

// alnumID is a 17-character id like Apify's, drawn from a seed.
func alnumID(seed uint64) string {
	b := make([]byte, 17)
	for i := range b {
		b[i] = alnum[mix(seed+uint64(i))%uint64(len(alnum))]
	}
	return string(b)
}

type input map[string]any

// list reads a list of strings; entries may also be {"url": ...} objects
// (startUrls), and a lone string counts as a list of one.
func (in input) list(key string) []string {
	var out []string
	add := func(v any) {
		switch x := v.(type) {
		case string:
			if s := strings.TrimSpace(x); s != "" {
				out = append(out, s)
			}
		case map[string]any:
			if u, ok := x["url"].(string); ok && strings.TrimSpace(u) != "" {
				out = append(out, strings.TrimSpace(u))
			}
		}
	}
	switch x := in[key].(type) {
	case []any:
		for _, v := range x {
			add(v)
		}
	default:
		add(x)
	}
	return out
}

func (in input) num(key string, def int) int {
	switch x := in[key].(type) {
	case float64:
		if x >= 0 {
			return int(x)
		}
	case string:
		if n, err := strconv.Atoi(strings.TrimSpace(x)); err == nil && n >= 0 {
			return n
		}
	}
	return def
}

func (in input) str(key string) string {
	s, _ := in[key].(string)
	return strings.TrimSpace(s)
}

func (in input) flag(key string) bool {
	b, _ := in[key].(bool)
	return b
}

func decodeInput(body []byte) (input, error) {
	in := input{}
	if strings.TrimSpace(string(body)) == "" {
		return in, nil
	}
	if err := json.Unmarshal(body, &in); err != nil {
		return nil, fmt.Errorf("input is not a JSON object: %w", err)
	}
	return in, nil
}

type segment struct {
	n   int
	gen func(i int, at time.Time) obj
}

func one(gen func(at time.Time) obj) segment {
	return segment{1, func(_ int, at time.Time) obj { return gen(at) }}
}

// errorRow is the per-input failure item the actors write for private or
// missing inputs while the run still succeeds.
func errorRow(url string, extra ...field) segment {
	return one(func(time.Time) obj {
		o := obj{{"url", url}}
		o = append(o, extra...)
		o.add("error", "no_items")
		o.add("errorDescription", "Empty or private data for provided input")
		return o
	})
}

func (w *world) clampCount(n int) int { return max(0, min(n, w.maxPerProfile)) }

// dataset is a run's default dataset: segments generated on demand at the
// simulated time the run scraped, so a page is the same whenever it is read
// and no dataset is ever held in memory.
type dataset struct {
	segs  []segment
	items int // items the segments make
	total int // positions: the items and the empty items among them
	at    time.Time
	// emptyEvery, when at least 3, makes the first and last of every emptyEvery
	// positions an empty item ({}), as an actor that pushed nothing leaves.
	emptyEvery int
	// kept: rendered once, at the first read, and served from memory after,
	// as the provider serves a stored dataset (see Config.KeepDatasets).
	kept     bool
	render   sync.Once
	rendered []byte // every position's item, one after another
	ends     []int  // where each position's item ends in rendered; an empty item is empty there
}

func newDataset(segs []segment, at time.Time, maxItems int) *dataset {
	d := &dataset{at: at}
	for _, s := range segs {
		if maxItems > 0 && d.items+s.n > maxItems {
			s.n = maxItems - d.items
		}
		if s.n <= 0 {
			continue
		}
		d.segs = append(d.segs, s)
		d.items += s.n
	}
	d.total = d.items
	return d
}

func (d *dataset) withEmptyItems(every int) *dataset {
	if every < 3 {
		return d
	}
	d.emptyEvery = every
	per := every - 2 // items between the two empty ones of a block
	d.total = d.items / per * every
	if rest := d.items % per; rest > 0 {
		d.total += rest + 1 // a last, partial block: its leading empty item, then the rest
	}
	return d
}

// item generates the item at position i, or nil for an empty item.
func (d *dataset) item(i int) obj {
	if d.emptyEvery >= 3 {
		r := i % d.emptyEvery
		if r == 0 || r == d.emptyEvery-1 {
			return nil
		}
		i = i/d.emptyEvery*(d.emptyEvery-2) + r - 1
	}
	for _, s := range d.segs {
		if i < s.n {
			return s.gen(i, d.at)
		}
		i -= s.n
	}
	return nil
}

// page returns the bounds of at most limit positions from offset (limit < 0: all).
func (d *dataset) page(offset, limit int) (from, to int) {
	from = min(offset, d.total)
	to = d.total
	if limit >= 0 && from+limit < to {
		to = from + limit
	}
	return from, to
}

// keep makes the dataset rendered once and served from memory after.
func (d *dataset) keep() *dataset {
	d.kept = true
	return d
}

// renderAll renders every position of a kept dataset.
func (d *dataset) renderAll() {
	d.ends = make([]int, d.total)
	for i := range d.total {
		if o := d.item(i); o != nil {
			d.rendered = appendJSON(d.rendered, o)
		}
		d.ends[i] = len(d.rendered)
	}
}

// itemJSON appends position i's item to buf; empty reports an empty item.
func (d *dataset) itemJSON(buf []byte, i int) (_ []byte, empty bool) {
	if d.kept {
		start := 0
		if i > 0 {
			start = d.ends[i-1]
		}
		if start == d.ends[i] {
			return append(buf, "{}"...), true
		}
		return append(buf, d.rendered[start:d.ends[i]]...), false
	}
	o := d.item(i)
	return appendJSON(buf, o), o == nil
}

// write streams positions [from, to) as a JSON array, newest-first when
// desc; with clean, empty items go after the bounds apply, as Apify does.
func (d *dataset) write(w io.Writer, from, to int, desc, clean bool) error {
	if d.kept {
		d.render.Do(d.renderAll)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	buf := make([]byte, 0, 8<<10)
	if _, err := bw.WriteString("["); err != nil {
		return err
	}
	wrote := false
	for n := 0; n < to-from; n++ {
		i := from + n
		if desc {
			i = d.total - 1 - i
		}
		buf = buf[:0]
		if wrote {
			buf = append(buf, ",\n"...)
		}
		var empty bool
		if buf, empty = d.itemJSON(buf, i); empty && clean {
			continue
		}
		wrote = true
		if _, err := bw.Write(buf); err != nil {
			return err
		}
	}
	if _, err := bw.WriteString("]"); err != nil {
		return err
	}
	return bw.Flush()
}
